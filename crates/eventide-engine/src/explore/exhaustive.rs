//! Exhaustive stateful search: the baseline the paper compares DPOR against.
//!
//! A depth-first search with an explicit stack. Every state is expanded once; every enabled
//! event of every state is executed once, so the number of distinct transitions equals the number
//! of executed ones. Visited states are kept as 96-bit fingerprints in a compact
//! [`FingerprintSet`]; only the states on the DFS stack are held in full.

use super::findings::FindingLog;
use super::limits::{Budget, StopReason};
use super::monitor::{Monitor, ObservedTransition};
use super::{event_names, Config, Outcome, Por, Stats};
use crate::eventset::EventSet;
use crate::system::{EventId, Fingerprint, TransitionSystem};
use crate::visited::FingerprintSet;
use rustc_hash::FxHashMap;

struct Frame<S> {
    state: S,
    fp: Fingerprint,
    events: Vec<EventId>,
    next: usize,
    /// The event that led here from the frame below (none for the initial state).
    via: Option<EventId>,
}

/// Checks that equal fingerprints belong to equal states (verification mode).
pub(crate) struct FingerprintVerifier<S> {
    states: FxHashMap<Fingerprint, S>,
}

impl<S: Clone> FingerprintVerifier<S> {
    pub fn new() -> Self {
        FingerprintVerifier { states: FxHashMap::default() }
    }

    /// Panics with a clear message when `state` differs from an earlier state with the same
    /// fingerprint: that is a broken `fingerprint` implementation, a bug in the front end.
    pub fn check<T: TransitionSystem<State = S>>(&mut self, system: &T, fp: Fingerprint, state: &S) {
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

pub(crate) fn sorted_enabled<T: TransitionSystem>(system: &mut T, state: &T::State, out: &mut Vec<EventId>) {
    out.clear();
    system.enabled(state, out);
    out.sort_unstable();
    out.dedup();
}

/// Runs exhaustive stateful search.
pub fn explore<T: TransitionSystem, M: Monitor<T>>(system: &mut T, config: &Config, monitor: &mut M) -> Outcome {
    let mut budget = Budget::start(&config.limits);
    system.set_watchdog(Some(budget.watchdog()));
    let mut stats = Stats { executions: 1, ..Stats::default() };
    let mut visited = FingerprintSet::default();
    let mut verifier = config.verify_fingerprints.then(FingerprintVerifier::new);
    let mut log = FindingLog::default();
    let mut all_events = EventSet::new();
    let mut stop: Option<StopReason> = None;

    let s0 = system.initial_state();
    let fp0 = system.fingerprint(&s0);
    monitor.on_initial(fp0);
    let mut monitor_found = Vec::new();
    if let Some(v) = verifier.as_mut() {
        v.check(system, fp0, &s0);
    }
    visited.insert(fp0);
    stats.states = 1;
    let mut events = Vec::new();
    sorted_enabled(system, &s0, &mut events);
    all_events.union_with(&EventSet::from_events(events.iter().copied()));
    let mut stack = vec![Frame { state: s0, fp: fp0, events, next: 0, via: None }];
    let mut accesses = Vec::new();

    'search: while let Some(top) = stack.last_mut() {
        if top.next == top.events.len() {
            stack.pop();
            continue;
        }
        if let Some(reason) = budget.check(stats.states, stats.executed) {
            stop = Some(reason);
            break 'search;
        }
        let event = top.events[top.next];
        top.next += 1;
        let src = top.fp;
        accesses.clear();
        let step = system.execute(&top.state, event, &mut accesses);
        if let Some(reason) = system.interrupted() {
            stop = Some(reason);
            break 'search;
        }
        stats.executed += 1;
        stats.transitions += 1;
        if !step.findings.is_empty() {
            let new_finding = log
                .record(step.findings, || stack.iter().filter_map(|f| f.via).chain(std::iter::once(event)).collect());
            if new_finding && config.stop_at_first {
                stop = Some(StopReason::FirstFinding);
                break 'search;
            }
        }
        let fp = system.fingerprint(&step.next);
        if let Some(v) = verifier.as_mut() {
            v.check(system, fp, &step.next);
        }
        let new_state = visited.insert(fp);
        let observed = ObservedTransition { src, event, dst: fp, label: &step.label, new_state };
        monitor.on_transition(system, observed, &mut monitor_found);
        if !monitor_found.is_empty() && log.record_reported(&mut monitor_found) && config.stop_at_first {
            stop = Some(StopReason::FirstFinding);
            break 'search;
        }
        if new_state {
            stats.states += 1;
            let mut events = Vec::new();
            sorted_enabled(system, &step.next, &mut events);
            for &e in &events {
                all_events.insert(e);
            }
            stack.push(Frame { state: step.next, fp, events, next: 0, via: Some(event) });
        }
    }

    system.set_watchdog(None);
    stats.events = all_events.len() as u64;
    stats.elapsed = budget.elapsed();
    stats.peak_memory_bytes = budget.peak_memory();
    stats.visited_table_bytes = visited.table_bytes() as u64;
    let max_event = all_events.iter().last();
    Outcome {
        por: Por::None,
        complete: !stop.is_some_and(StopReason::is_limit),
        stop_reason: stop,
        stats,
        findings: log.found,
        event_names: event_names(system, max_event),
    }
}
