//! Property observers: how [`PairSystem`] checks the invariants of a property file.
//!
//! Each invariant that applies to the home (every device list it names has a device) gets an
//! observer event, [`EventKind::Property`]: enabled in every state after setup, it evaluates the
//! invariant on the state, reads exactly the device attributes and the location mode the
//! evaluation read, writes nothing and leaves the state as it is (a self-loop). A false invariant
//! is a violation finding keyed [`PROPERTY_KEY`] + name; an evaluation error an `app_exception`
//! keyed [`PROPERTY_ERROR_KEY`] + name.
//!
//! **Why an event.** A global invariant is not an assertion inside one handler, and DPOR visits
//! only some of the reachable states. As an always-enabled event that reads what the invariant
//! reads, the check is one more assertion of the program: DPOR preserves assertion violations,
//! and the observer conflicts exactly with the transitions that write what it read, so the
//! reduction orders those writes against the check and reaches a state with every combination of
//! values the invariant can see. Exhaustive search runs it in every state.

use super::*;
use crate::properties::{HomeView, PropertyFile};
use eventide_engine::FindingKind;

/// The key prefix of a property violation finding (`property:<invariant name>`).
pub const PROPERTY_KEY: &str = "property:";
/// The key prefix of an invariant's evaluation error (`property_error:<invariant name>`).
pub const PROPERTY_ERROR_KEY: &str = "property_error:";

/// A property file installed in a system: the invariants it checks and their observer events.
pub(crate) struct Installed {
    file: PropertyFile,
    /// Per observer (by [`EventKind::Property`] index): the invariant's index in the file and the
    /// observer's event id.
    checked: Vec<(usize, EventId)>,
    /// Per observer: the fingerprints of the states where it saw its invariant false (so that a
    /// report can pick the nearest of them, not the first found).
    violating: Vec<rustc_hash::FxHashSet<Fingerprint>>,
}

/// What installing a property file did with one invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PropertyStatus {
    /// Checked by an observer event.
    Checked,
    /// Vacuously true: it names device lists that are empty in this home.
    Vacuous { empty_lists: Vec<&'static str> },
}

impl PairSystem {
    /// Installs a property file: every invariant whose device lists all have a device in this
    /// home gets an observer event; the others are vacuously true. Returns each invariant's name
    /// and status, in file order. Installing replaces an earlier file.
    pub fn install_properties(&mut self, file: PropertyFile) -> Vec<(String, PropertyStatus)> {
        let mut statuses = Vec::new();
        let mut checked = Vec::new();
        for (index, invariant) in file.invariants().iter().enumerate() {
            let empty_lists: Vec<&'static str> = invariant
                .lists
                .iter()
                .copied()
                .filter(|list| !self.world.devices.iter().any(|d| crate::properties::in_list(d, list)))
                .collect();
            if empty_lists.is_empty() {
                let event = self.tables.event(EventKind::Property(checked.len() as u16));
                checked.push((index, event));
                statuses.push((invariant.name.clone(), PropertyStatus::Checked));
            } else {
                statuses.push((invariant.name.clone(), PropertyStatus::Vacuous { empty_lists }));
            }
        }
        let violating = vec![Default::default(); checked.len()];
        self.properties = Some(Box::new(Installed { file, checked, violating }));
        statuses
    }

    /// The observer events of the installed invariants.
    pub(super) fn property_events(&self) -> impl Iterator<Item = EventId> + '_ {
        self.properties.iter().flat_map(|p| p.checked.iter().map(|&(_, e)| e))
    }

    /// The name of observer `i`'s event: `property:<invariant name>`.
    pub(super) fn property_event_name(&self, i: u16) -> String {
        let name = self
            .properties
            .as_ref()
            .and_then(|p| p.checked.get(i as usize).map(|&(index, _)| p.file.invariants()[index].name.clone()))
            .unwrap_or_else(|| format!("#{i}"));
        format!("{PROPERTY_KEY}{name}")
    }

    /// Whether `event` is an observer event (it only checks an invariant).
    pub fn is_property_event(&self, event: EventId) -> bool {
        matches!(self.tables.events.get(event as usize), Some(EventKind::Property(_)))
    }

    /// The fingerprints of the states in which the observer of invariant `name` saw it false.
    pub fn violating_states(&self, name: &str) -> Vec<Fingerprint> {
        let Some(p) = self.properties.as_ref() else { return Vec::new() };
        let observer = p.checked.iter().position(|&(index, _)| p.file.invariants()[index].name == name);
        observer.map(|i| p.violating[i].iter().copied().collect()).unwrap_or_default()
    }

    /// Runs observer `i` on `state`: a self-loop whose accesses are the invariant's reads.
    pub(super) fn observe(&mut self, state: &PairState, i: u16, accesses: &mut Vec<Access>) -> Executed {
        let mut findings = Vec::new();
        let interrupted = self.check_invariant(state, i as usize, accesses, &mut findings);
        Executed {
            step: Step { next: state.clone(), findings, label: TransitionLabel::default() },
            handler_runs: 0,
            outputs: Vec::new(),
            interrupted,
            interpreter_errors: Vec::new(),
            custom_commands: Vec::new(),
        }
    }

    /// Every installed invariant on a state just stored ([`TransitionSystem::check_state`]), so
    /// that a run finds each violation in the first violating state it stores, whatever the
    /// order in which it takes the observer events, and the report can pick the nearest of the
    /// violating states the run stored.
    pub(super) fn check_all_invariants(&mut self, state: &PairState) -> Vec<Finding> {
        let mut findings = Vec::new();
        if !state.setup_done {
            return findings;
        }
        let observers = self.properties.as_ref().map_or(0, |p| p.checked.len());
        let mut reads = Vec::new();
        for i in 0..observers {
            reads.clear();
            if self.check_invariant(state, i, &mut reads, &mut findings).is_some() {
                break;
            }
        }
        findings
    }

    /// Evaluates the invariant of observer `i` on `state` under the run's watchdog, appending
    /// its reads to `accesses` and a violation or evaluation error to `findings`, and noting a
    /// violating state. Returns the interruption when a limit stopped the evaluation.
    fn check_invariant(
        &mut self,
        state: &PairState,
        i: usize,
        accesses: &mut Vec<Access>,
        findings: &mut Vec<Finding>,
    ) -> Option<(InterruptReason, Option<SourcePosition>)> {
        let mut installed = self.properties.take();
        let mut interrupted = None;
        if let Some(p) = installed.as_mut() {
            if let Some(&(index, _)) = p.checked.get(i) {
                p.file.set_interrupt(self.tables.interrupt);
                let mut view = StateView { system: self, state, accesses };
                let result = p.file.evaluate(index, &mut view);
                let invariant = &p.file.invariants()[index];
                match result {
                    Ok(true) => {}
                    Ok(false) => {
                        p.violating[i].insert(self.fingerprint(state));
                        findings.push(Finding {
                            kind: FindingKind::Violation,
                            key: format!("{PROPERTY_KEY}{}", invariant.name),
                            message: format!("invariant `{}` is false", invariant.name),
                            position: Some(invariant.position.clone()),
                        })
                    }
                    Err(e) => {
                        let d = e.diagnostic;
                        let position = SourcePosition { file: d.file, line: d.line, column: d.column };
                        match e.interrupted {
                            Some(reason) => interrupted = Some((reason, Some(position))),
                            None => findings.push(Finding {
                                kind: FindingKind::AppException,
                                key: format!("{PROPERTY_ERROR_KEY}{}", invariant.name),
                                message: d.message,
                                position: Some(position),
                            }),
                        }
                    }
                }
            }
        }
        self.properties = installed;
        self.last_interrupt = interrupted.clone();
        interrupted
    }
}

/// One state as an invariant sees it; every read is recorded as an access.
struct StateView<'a> {
    system: &'a mut PairSystem,
    state: &'a PairState,
    accesses: &'a mut Vec<Access>,
}

impl HomeView for StateView<'_> {
    fn devices(&self) -> &[Device] {
        &self.system.world.devices
    }

    fn attribute(&mut self, device: usize, attribute: &str) -> Option<Value> {
        let a = *self.system.world.devices.get(device)?.attribute(attribute)?;
        let value = *self.state.attrs.get(a.slot as usize)?;
        self.read(LocKey::Attr(a.slot));
        Some(crate::host::typed_value(a.row.kind, self.system.tables.syms.name(value)))
    }

    fn mode(&mut self) -> Value {
        self.read(LocKey::Mode);
        Value::str(self.system.tables.syms.name(self.state.mode))
    }
}

impl StateView<'_> {
    /// Records a read once (an invariant may read an attribute in a loop).
    fn read(&mut self, key: LocKey) {
        let access = Access::read(self.system.tables.location(key));
        if !self.accesses.contains(&access) {
            self.accesses.push(access);
        }
    }
}
