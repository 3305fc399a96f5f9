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
    /// No conflict was found, and the exploration met a construct the interpreter does not
    /// support (or an evaluator fault): where it did, the model could not run the app, so "no
    /// conflict" would not be an answer (`error`, reason `unsupported`).
    Unsupported,
}

impl PairVerdict {
    /// The JSON verdict string.
    pub fn as_str(self) -> &'static str {
        match self {
            PairVerdict::Conflict => "conflict",
            PairVerdict::NoConflict => "no_conflict",
            PairVerdict::Incomplete => "incomplete",
            PairVerdict::Unsupported => "error",
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
        } else if self.outcome.findings.iter().any(|f| self.system.is_interpreter_error(&f.finding.key)) {
            PairVerdict::Unsupported
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

/// A violated invariant: its name, where it is declared, and a shortest trace from the initial
/// state to a state where it is false (observer events left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertyViolation {
    pub property: String,
    pub position: Option<eventide_engine::SourcePosition>,
    pub trace: Vec<eventide_engine::EventId>,
}

/// The result of checking a home: the pair check's parts (conflicts, exceptions, outcome) and the
/// safety properties.
pub struct HomeCheck {
    pub check: PairCheck,
    /// Every invariant of the property file with whether it was checked or vacuous.
    pub statuses: Vec<(String, crate::system::PropertyStatus)>,
    /// The violated invariants, in the order found, each once.
    pub violations: Vec<PropertyViolation>,
    /// Invariants whose evaluation failed in some state (an `app_exception` finding keyed
    /// [`PROPERTY_ERROR_KEY`](crate::system::PROPERTY_ERROR_KEY): an error of the property file).
    pub property_errors: Vec<eventide_engine::Finding>,
}

impl HomeCheck {
    /// `violation` when an invariant is false somewhere, else the pair verdict (`conflict`,
    /// `incomplete`, `no_conflict`).
    pub fn verdict(&self) -> &'static str {
        if self.violations.is_empty() {
            self.check.verdict().as_str()
        } else {
            "violation"
        }
    }
}

/// Loads `apps` (App1 first) into one home and explores it as `config` says, reporting conflicts
/// on the `tracked` attributes and, with a property file, the violated invariants with shortest
/// traces. Two apps without properties explore exactly as [`check_pair`] does.
pub fn check_home(
    apps: &[&Path],
    options: Options,
    tracked: Tracked,
    properties: Option<crate::properties::PropertyFile>,
    config: &Config,
) -> Result<HomeCheck, LoadError> {
    let loaded = apps.iter().map(|p| crate::app::App::load(p)).collect::<Result<Vec<_>, _>>()?;
    let mut system = PairSystem::new(loaded, options)?;
    let statuses = properties.map(|p| system.install_properties(p)).unwrap_or_default();
    system.observe_writes(|attribute| tracked.tracks(attribute));
    let mut monitor = ConflictMonitor::new(tracked);
    let mut outcome = explore_with_monitor(&mut system, config, &mut monitor);
    monitor.shorten_traces(&mut system, &mut outcome);
    let mut violations = Vec::new();
    let mut property_errors = Vec::new();
    let mut paths = outcome.graph.as_ref().map(|g| (g, g.shortest_paths()));
    for reported in &outcome.findings {
        let key = &reported.finding.key;
        if let Some(name) = key.strip_prefix(crate::system::PROPERTY_KEY) {
            // The observer saw the invariant false in these states; report a shortest path of
            // the explored graph to the nearest of them (with exhaustive search, a shortest
            // violating trace of the home; with DPOR, of the states DPOR observed). Failing that,
            // the trace of the finding without its last event (the observer).
            let mut trace: Vec<_> = reported.trace[..reported.trace.len().saturating_sub(1)].to_vec();
            if let Some((graph, paths)) = paths.as_mut() {
                let nearest =
                    paths.path_to_nearest(system.violating_states(name).into_iter().filter_map(|fp| graph.state(fp)));
                if let Some(path) = nearest {
                    trace = path.iter().map(|&e| graph.edge(e).event).collect();
                }
            }
            violations.push(PropertyViolation {
                property: name.to_string(),
                position: reported.finding.position.clone(),
                trace,
            });
        } else if key.starts_with(crate::system::PROPERTY_ERROR_KEY) {
            // Where it failed: the events to the state (without the observer's own event).
            let events: Vec<String> = reported
                .trace
                .iter()
                .filter(|&&e| !system.is_property_event(e))
                .map(|&e| eventide_engine::TransitionSystem::event_name(&system, e))
                .collect();
            let mut finding = reported.finding.clone();
            finding.message = format!("{} (in the state after {})", finding.message, events.join(", "));
            property_errors.push(finding);
        }
    }
    drop(paths);
    let conflicts = monitor.conflicts().to_vec();
    Ok(HomeCheck { check: PairCheck { system, outcome, conflicts }, statuses, violations, property_errors })
}
