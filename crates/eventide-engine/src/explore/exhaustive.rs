//! Exhaustive stateful search: the baseline the paper compares DPOR against.
//!
//! A depth-first search with an explicit stack. Every state is expanded once; every enabled
//! event of every state is executed once, so the number of distinct transitions equals the number
//! of executed ones. Visited states are kept as 96-bit fingerprints in a compact
//! [`FingerprintSet`]; only the states on the DFS stack are held in full. When a monitor observes
//! the run or [`Config::keep_graph`] asks for it, the visited states are the engine's explored
//! [`Graph`] instead, which monitors see and the outcome returns. The per-step bookkeeping is the
//! `step::Bookkeeper`'s, shared with DPOR.

use super::graph::{Graph, StateId};
use super::growth::Witness;
use super::monitor::{Monitor, ObservedTransition};
use super::step::{sorted_enabled, Bookkeeper, Ended};
use super::{event_names, Config, Outcome, Por, Stats};
use crate::eventset::EventSet;
use crate::system::{EventId, Fingerprint, TransitionSystem};
use crate::visited::FingerprintSet;

struct Frame<S> {
    state: S,
    /// The state's id in the graph (0 when there is no graph).
    id: StateId,
    events: Vec<EventId>,
    next: usize,
    /// The event that led here from the frame below (none for the initial state).
    via: Option<EventId>,
}

/// The visited states: fingerprints only, or the explored graph.
enum Visited {
    Compact(FingerprintSet),
    Graph(Graph),
}

impl Visited {
    /// Stores `fp`; returns its id in the graph (0 without a graph) and whether it is new.
    fn insert(&mut self, fp: Fingerprint) -> (StateId, bool) {
        match self {
            Visited::Compact(set) => (0, set.insert(fp)),
            Visited::Graph(graph) => graph.add_state(fp),
        }
    }
}

/// The events from the initial state along the DFS stack, then `event`.
fn stack_trace<S>(stack: &[Frame<S>], event: EventId) -> Vec<EventId> {
    stack.iter().filter_map(|f| f.via).chain(std::iter::once(event)).collect()
}

/// Runs exhaustive stateful search.
pub fn explore<T: TransitionSystem, M: Monitor<T>>(system: &mut T, config: &Config, monitor: &mut M) -> Outcome {
    let mut book = Bookkeeper::start(system, config, monitor);
    let mut stats = Stats { executions: 1, ..Stats::default() };
    let mut visited = if config.keep_graph || book.monitored() {
        Visited::Graph(Graph::default())
    } else {
        Visited::Compact(FingerprintSet::default())
    };
    let mut all_events = EventSet::new();

    let (s0, fp0) = book.initial(system);
    let (id0, _) = visited.insert(fp0);
    if let Visited::Graph(graph) = &visited {
        book.observe_initial(graph, id0);
    }
    stats.states = 1;
    let mut events = Vec::new();
    sorted_enabled(system, &s0, &mut events);
    all_events.union_with(&EventSet::from_events(events.iter().copied()));
    let mut stack = vec![Frame { state: s0, id: id0, events, next: 0, via: None }];
    let mut accesses = Vec::new();

    while let Some(top) = stack.last_mut() {
        if top.next == top.events.len() {
            stack.pop();
            continue;
        }
        if book.limit_reached(stats.states, stats.executed) {
            break;
        }
        let event = top.events[top.next];
        top.next += 1;
        let top = stack.last().expect("the frame just taken");
        let trace = || stack_trace(&stack, event);
        let Some(step) = book.execute(system, &top.state, event, &mut accesses, &mut stats, trace) else { break };
        stats.transitions += 1;
        if book.stopped() {
            break; // the first finding: nothing more of the step is stored
        }
        let src = top.id;
        let (dst, new_state) = visited.insert(step.fp);
        if let Visited::Graph(graph) = &mut visited {
            let edge = graph.add_edge(src, event, dst);
            let observed = ObservedTransition {
                src,
                event,
                dst,
                edge,
                label: &step.label,
                new_state,
                new_edge: true,
                raised: &step.raised,
            };
            book.observe(system, graph, observed);
            if book.stopped() {
                break;
            }
        }
        stats.states += u64::from(new_state);
        if new_state {
            book.check_new_state(system, &step.next, || stack_trace(&stack, event));
            if book.stopped() {
                break;
            }
        }
        let witness = || match &visited {
            Visited::Graph(_) => Witness::State(dst),
            Visited::Compact(_) => Witness::Trace(stack_trace(&stack, event)),
        };
        let src_state = &stack.last().expect("the frame just taken").state;
        book.on_transition(system, src_state, &step.next, new_state, stats.states, witness);
        if new_state {
            let mut events = Vec::new();
            sorted_enabled(system, &step.next, &mut events);
            for &e in &events {
                all_events.insert(e);
            }
            stack.push(Frame { state: step.next, id: dst, events, next: 0, via: Some(event) });
        }
    }

    let growth =
        book.growth_report(system, if let Visited::Graph(g) = &visited { Some(g) } else { None }, stats.states);
    let variety = book.variety_report(system);
    let Ended { findings, stop, cut_short } = book.finish(system, &mut stats);
    stats.events = all_events.len() as u64;
    let graph = match visited {
        Visited::Compact(set) => {
            stats.visited_table_bytes = set.table_bytes() as u64;
            None
        }
        Visited::Graph(graph) => {
            stats.visited_table_bytes = graph.index_bytes() as u64;
            stats.graph_bytes = (graph.bytes() - graph.index_bytes()) as u64;
            Some(graph)
        }
    };
    let max_event = all_events.iter().last();
    Outcome {
        por: Por::None,
        complete: !stop.is_some_and(|r| r.is_limit()),
        stop_reason: stop,
        stats,
        findings,
        event_names: event_names(system, max_event),
        graph,
        growth,
        variety,
        cut_short,
    }
}
