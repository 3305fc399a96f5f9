//! Checking a pair end to end: load both apps, explore with the conflict monitor, and classify
//! the result. The CLI's `pair` command, the group tests and batch runs all go through
//! [`check_pair`].

use crate::conflicts::{ConflictInfo, ConflictMonitor, Tracked};
use crate::error::LoadError;
use crate::system::{Options, PairSystem};
use eventide_engine::{explore_with_monitor, Config, Outcome};
use std::collections::BTreeSet;
use std::path::Path;

/// The verdict of a pair check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairVerdict {
    /// At least one conflict (also when a limit stopped the run later).
    Conflict,
    /// Everything explored, no conflict.
    NoConflict,
    /// A limit stopped the run before any conflict was found.
    Incomplete,
}

impl PairVerdict {
    /// The JSON verdict string.
    pub fn as_str(self) -> &'static str {
        match self {
            PairVerdict::Conflict => "conflict",
            PairVerdict::NoConflict => "no_conflict",
            PairVerdict::Incomplete => "incomplete",
        }
    }
}

/// The result of exploring a pair.
pub struct PairCheck {
    /// The system explored (to replay traces).
    pub system: PairSystem,
    pub outcome: Outcome,
    /// Every distinct conflict, in the order found.
    pub conflicts: Vec<ConflictInfo>,
}

impl PairCheck {
    pub fn verdict(&self) -> PairVerdict {
        if !self.conflicts.is_empty() {
            PairVerdict::Conflict
        } else if !self.outcome.complete {
            PairVerdict::Incomplete
        } else {
            PairVerdict::NoConflict
        }
    }

    /// The identities of the conflicts found (see [`ConflictInfo::key`]).
    pub fn conflict_keys(&self) -> BTreeSet<String> {
        self.conflicts.iter().map(ConflictInfo::key).collect()
    }
}

/// Loads `app1` and `app2` and explores them together as `config` says, reporting conflicts on
/// the `tracked` attributes.
pub fn check_pair(
    app1: &Path,
    app2: &Path,
    options: Options,
    tracked: Tracked,
    config: &Config,
) -> Result<PairCheck, LoadError> {
    let mut system = PairSystem::load(app1, app2, options)?;
    system.observe_writes(|attribute| tracked.tracks(attribute));
    let mut monitor = ConflictMonitor::new(tracked);
    let mut outcome = explore_with_monitor(&mut system, config, &mut monitor);
    monitor.shorten_traces(&mut system, &mut outcome);
    Ok(PairCheck { system, outcome, conflicts: monitor.conflicts().to_vec() })
}

/// [`check_pair`] with R4 ([`Por::R4`](eventide_engine::Por::R4)): `r4` turns the loaded pair
/// into R4's configuration (an initial trace names events, which
/// [`PairSystem::event_named`] resolves); `Ok(Err(e))` when it fails. The conflict monitor
/// observes every sequence R4 explores; R4's report comes back beside the check (its `outcome`
/// moved into the check).
pub fn check_pair_r4<E>(
    app1: &Path,
    app2: &Path,
    options: Options,
    tracked: Tracked,
    config: &Config,
    r4: impl FnOnce(&mut PairSystem) -> Result<eventide_engine::explore::r4::R4Config, E>,
) -> Result<Result<(PairCheck, eventide_engine::explore::r4::R4Outcome), E>, LoadError> {
    let mut system = PairSystem::load(app1, app2, options)?;
    let r4 = match r4(&mut system) {
        Ok(r4) => r4,
        Err(e) => return Ok(Err(e)),
    };
    let config = Config { por: eventide_engine::Por::R4, r4, ..config.clone() };
    system.observe_writes(|attribute| tracked.tracks(attribute));
    let mut monitor = ConflictMonitor::new(tracked);
    let mut report = eventide_engine::explore::r4::explore(&mut system, &config, &mut monitor);
    let mut outcome = std::mem::take(&mut report.outcome);
    monitor.shorten_traces(&mut system, &mut outcome);
    Ok(Ok((PairCheck { system, outcome, conflicts: monitor.conflicts().to_vec() }, report)))
}
