//! The bookkeeping of one run that both explorers share: limits, executing one transition, and
//! showing it to the monitor.
//!
//! An explorer decides which transition to execute and what to store; a [`Bookkeeper`] does the
//! rest, the same way for both: it checks the [`Limits`](super::Limits) before a step, runs the
//! handler, discards a step the watchdog interrupted (nothing of it is stored), counts it, records
//! its findings (with a trace built only for a new finding), verifies the fingerprint in
//! verification mode, shows the stored transition to the [`Monitor`] and records the monitor's
//! findings, and notes the stop at the first finding when `stop_at_first` asks for it.

use super::findings::{FindingLog, ReportedFinding};
use super::graph::{Graph, StateId};
use super::growth::{Growth, GrowthTracker, Variety, Witness};
use super::limits::{Budget, StopReason};
use super::monitor::{Monitor, ObservedTransition};
use super::CutShort;
use super::{Config, Stats};
use crate::system::{Access, EventId, Finding, Fingerprint, TransitionSystem};
use rustc_hash::FxHashMap;

/// Checks that equal fingerprints belong to equal states (verification mode).
struct FingerprintVerifier<S> {
    states: FxHashMap<Fingerprint, S>,
}

impl<S: Clone> FingerprintVerifier<S> {
    /// Panics with a clear message when `state` differs from an earlier state with the same
    /// fingerprint: that is a broken `fingerprint` implementation, a bug in the front end.
    fn check<T: TransitionSystem<State = S>>(&mut self, system: &T, fp: Fingerprint, state: &S) {
        match self.states.get(&fp) {
            Some(old) => {
                if system.states_equal(old, state) == Some(false) {
                    panic!("fingerprint collision or non-canonical fingerprint: {fp:?} names two different states");
                }
            }
            None => {
                self.states.insert(fp, state.clone());
            }
        }
    }
}

/// The enabled events of `state`, sorted and deduplicated, into `out`.
pub(crate) fn sorted_enabled<T: TransitionSystem>(system: &mut T, state: &T::State, out: &mut Vec<EventId>) {
    out.clear();
    system.enabled(state, out);
    out.sort_unstable();
    out.dedup();
}

/// A transition that ran to completion: its destination, fingerprinted, and its label.
pub(crate) struct Executed<S, L> {
    pub next: S,
    pub fp: Fingerprint,
    pub label: L,
    /// The findings the step raised (new or already recorded).
    pub raised: Vec<Finding>,
}

/// What a run ends with (see [`Bookkeeper::finish`]).
pub(crate) struct Ended {
    pub findings: Vec<ReportedFinding>,
    pub stop: Option<StopReason>,
    pub cut_short: Option<CutShort>,
}

/// The shared bookkeeping of one run (see the module documentation).
pub(crate) struct Bookkeeper<'m, T: TransitionSystem, M: Monitor<T>> {
    monitor: &'m mut M,
    monitor_found: Vec<ReportedFinding>,
    log: FindingLog,
    verifier: Option<FingerprintVerifier<T::State>>,
    stop_at_first: bool,
    budget: Budget,
    stop: Option<StopReason>,
    /// The step a limit cut short, if one did.
    cut_short: Option<CutShort>,
    growth: GrowthTracker,
}

impl<'m, T: TransitionSystem, M: Monitor<T>> Bookkeeper<'m, T, M> {
    /// Starts a run: the clock and the memory peak start now, and `system` gets the run's watchdog.
    pub fn start(system: &mut T, config: &Config, monitor: &'m mut M) -> Self {
        let budget = Budget::start(&config.limits);
        system.set_watchdog(Some(budget.watchdog()));
        Bookkeeper {
            monitor,
            monitor_found: Vec::new(),
            log: FindingLog::default(),
            verifier: config.verify_fingerprints.then(|| FingerprintVerifier { states: FxHashMap::default() }),
            stop_at_first: config.stop_at_first,
            budget,
            stop: None,
            cut_short: None,
            growth: GrowthTracker::default(),
        }
    }

    /// Whether the monitor observes the run (exhaustive search then keeps a graph for it).
    pub fn monitored(&self) -> bool {
        self.monitor.observes()
    }

    pub fn stopped(&self) -> bool {
        self.stop.is_some()
    }

    /// Checks the limits before a step; true when a limit stops the run.
    pub fn limit_reached(&mut self, states: u64, executed: u64) -> bool {
        if let Some(reason) = self.budget.check(states, executed) {
            self.stop = Some(reason);
        }
        self.stopped()
    }

    /// The initial state: fingerprinted, verified in verification mode, and measured for the
    /// growth diagnosis.
    pub fn initial(&mut self, system: &mut T) -> (T::State, Fingerprint) {
        let s0 = system.initial_state();
        let fp0 = system.fingerprint(&s0);
        if let Some(v) = self.verifier.as_mut() {
            v.check(system, fp0, &s0);
        }
        self.growth.start(system, &s0);
        (s0, fp0)
    }

    /// Measures a transition from `src` to `dst` for the growth diagnosis (see
    /// [`super::growth`]): `new_state` when `dst` was just stored, as the `states`-th state;
    /// `witness` says where it is, should it become the witness of a growing location.
    pub fn on_transition(
        &mut self,
        system: &mut T,
        src: &T::State,
        dst: &T::State,
        new_state: bool,
        states: u64,
        witness: impl FnOnce() -> Witness,
    ) {
        self.growth.on_transition(system, src, dst, new_state, states, witness);
    }

    /// The locations that were still growing when the run stopped on a limit (none when it did
    /// not stop on one), with their traces; `graph` resolves witnesses that are its states. When
    /// there are some, turns the watchdog off (their traces are replayed).
    pub fn growth_report(&self, system: &mut T, graph: Option<&Graph>, states: u64) -> Vec<Growth> {
        if !self.stop.is_some_and(|r| r.is_limit()) || !self.growth.any_growing(states) {
            return Vec::new();
        }
        system.set_watchdog(None);
        self.growth.report(system, graph, states)
    }

    /// Shows the initial state of `graph` to the monitor.
    pub fn observe_initial(&mut self, graph: &Graph, initial: StateId) {
        self.monitor.on_initial(graph, initial);
    }

    /// Executes `event` at `state`. Returns `None` when the watchdog interrupted the handler: the
    /// run stops and nothing of the step is recorded. Otherwise the step is counted, its new
    /// findings are recorded with the trace `trace` builds (the events from the initial state
    /// up to and including `event`), and its destination is fingerprinted and verified.
    pub fn execute(
        &mut self,
        system: &mut T,
        state: &T::State,
        event: EventId,
        accesses: &mut Vec<Access>,
        stats: &mut Stats,
        trace: impl Fn() -> Vec<EventId>,
    ) -> Option<Executed<T::State, T::Label>> {
        accesses.clear();
        let step = system.execute(state, event, accesses);
        if let Some(reason) = system.interrupted() {
            self.stop = Some(reason);
            self.cut_short = Some(CutShort { event, position: system.interrupted_at() });
            return None;
        }
        stats.executed += 1;
        let raised = step.findings.clone();
        if !step.findings.is_empty() && self.log.record(step.findings, trace) && self.stop_at_first {
            self.stop = Some(StopReason::FirstFinding);
        }
        let fp = system.fingerprint(&step.next);
        if let Some(v) = self.verifier.as_mut() {
            v.check(system, fp, &step.next);
        }
        Some(Executed { next: step.next, fp, label: step.label, raised })
    }

    /// Checks a state just stored ([`TransitionSystem::check_state`]) and records its findings
    /// with the trace `trace` builds (the events from the initial state to the state).
    pub fn check_new_state(&mut self, system: &mut T, state: &T::State, trace: impl Fn() -> Vec<EventId>) {
        let findings = system.check_state(state);
        if let Some(reason) = system.interrupted() {
            self.stop = Some(reason);
            return;
        }
        if !findings.is_empty() && self.log.record(findings, trace) && self.stop_at_first {
            self.stop = Some(StopReason::FirstFinding);
        }
    }

    /// Shows a stored transition (already in `graph`) to the monitor and records its findings.
    pub fn observe(&mut self, system: &T, graph: &Graph, transition: ObservedTransition<'_, T::Label>) {
        self.monitor.on_transition(system, graph, transition, &mut self.monitor_found);
        if !self.monitor_found.is_empty() && self.log.record_reported(&mut self.monitor_found) && self.stop_at_first {
            self.stop = Some(StopReason::FirstFinding);
        }
    }

    /// The locations that held the most distinct values when the run stopped on a limit (none
    /// when it did not stop on one).
    pub fn variety_report(&self, system: &T) -> Vec<Variety> {
        if !self.stop.is_some_and(|r| r.is_limit()) {
            return Vec::new();
        }
        self.growth.variety(system)
    }

    /// Ends the run: clears the watchdog, fills in the time and memory counters, and returns the
    /// findings, the reason the run stopped early, if it did, and the step a limit cut short.
    pub fn finish(mut self, system: &mut T, stats: &mut Stats) -> Ended {
        system.set_watchdog(None);
        stats.elapsed = self.budget.elapsed();
        stats.peak_memory_bytes = self.budget.peak_memory();
        stats.unlisted_findings = self.log.unlisted;
        Ended { findings: self.log.found, stop: self.stop, cut_short: self.cut_short }
    }
}
