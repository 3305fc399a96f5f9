//! Stateful dynamic partial order reduction for event-driven programs (Trimananda, Luo, Demsky,
//! Xu), Algorithms 1–5 and Appendix D's summary cache.
//!
//! # Shape
//! Each execution is one path ("one path per execution"): at every state it takes a pending
//! backtrack entry, else an unexplored enabled event (each the least recently executed on the
//! execution, which continues the history of the execution that first entered its start state),
//! else re-picks an enabled event round-robin per state. The execution ends at a dead end, at a state of an earlier execution (`H`), or when
//! it closes a **full cycle** (Algorithm 4). Every backtrack entry left pending becomes a later
//! execution that starts by jumping to its state (Algorithm 1's outer loop).
//!
//! The state graph `R` is the engine's [`Graph`] (which the monitor is shown and the outcome may
//! return); DPOR's data of its states (the state, enabled/backtrack/done sets, summaries) and of its
//! edges (access set, on-path flag) sit beside it, indexed by the graph's ids. The per-step
//! bookkeeping is `step::Bookkeeper`'s, shared with exhaustive search, and a finding's trace is a
//! shortest path of the graph ([`Graph::shortest_paths`]).
//!
//! After every transition `t`, `DporExplorer::update_backtrack_set` walks the state graph `R`
//! backwards over **every** path into `src(t)` (Algorithm 5), tracking conflicts **per location**:
//! an access that met a conflict is removed and the search goes on with the rest, with `tconf`
//! moved to the conflicting transition. When `t` reaches a state already in the graph, the
//! backtrack points that re-exploring beyond it would have set are set from the graph
//! (Algorithm 3), through the per-state summaries of Appendix D.
//!
//! # Invariants
//! - Every state in the graph is in `H` or on the current execution.
//! - `done(s) ⊆ backtrack(s) ⊆ enabled(s)`.
//! - `summary(s)[e]` holds the accesses pushed backwards through `s` with conflict event `e` and
//!   the union of their read contexts (the reads of the transitions the searches started from,
//!   which decide where accesses are consumed); a push whose accesses and context add nothing
//!   stops there, because everything it would reach was reached with at least as many reads.
//! - An access that conflicts with a transition `tb` is removed from the search (per-location
//!   conflicts) only when `event(tconf)` is enabled at `src(tb)`, so that the backtrack point set
//!   there really reverses the conflict. When the fallback adds every event enabled at `src(tb)`
//!   instead, the access keeps travelling back: `tb` may have been what enabled `event(tconf)`
//!   (then the two cannot be reversed at all), and the earlier conflicts of the access still need
//!   their own backtrack points. Removing it there, as Algorithm 5 literally does, misses
//!   violations (the randomized campaign found one; see `tests/regressions.rs`). Likewise when
//!   `tb` is an earlier run of `event(tconf)` itself: the backtrack point reverses nothing, and
//!   with exact accesses the earlier run may not have made the access that conflicts further
//!   back (a write there can be a read here), so the access keeps travelling.
//! - The engine's accesses of an edge include the read of its event's shadow location and a write
//!   of the shadow location of every event whose enabledness it changed. A shadow write the front
//!   end reported (an explicit `enable`/`disable`) of an event whose enabledness did not change is
//!   a read.

use super::access_bits::{words_subset, AccessBits, AccessUniverse, BitSets};
use super::graph::{EdgeId, Graph, StateId};
use super::growth::Witness;
use super::monitor::{Monitor, ObservedTransition};
use super::step::{sorted_enabled, Bookkeeper, Ended, Executed};
use super::{event_names, BacktrackSearch, Config, Outcome, Por, Stats, Switches};
use crate::eventset::EventSet;
use crate::system::{demote_unchanged_writes, Access, AccessKind, EventId, Fingerprint, Location, TransitionSystem};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// The events of one execution and where it continued from.
struct ExecutionLog {
    parent: Option<(u32, u32)>,
    events: Vec<EventId>,
}

type AccessSetId = u32;
type SummarySetId = u32;
const NOT_ON_PATH: u32 = u32::MAX;
/// Marks the conflict event of a backward-search work item (and its summary entry) whose
/// accesses passed a transition whose write they read (see `push_back_through`).
const CARRIED: EventId = 1 << 31;

/// The reads of the transition whose accesses a backward search pushes (interned in the summary
/// sets): its *read context* (see [`DporExplorer::push_back_through`]).
type ReadContext = u32;

/// A work item of the summary search: (transition, conflict event, read context, accesses to push
/// back through the transition's source).
type SummaryWork = (EdgeId, EventId, ReadContext, AccessBits);

/// A set of accesses, sorted and deduplicated.
type Accesses = SmallVec<[Access; 6]>;

struct Node<S> {
    state: S,
    enabled: EventSet,
    backtrack: EventSet,
    done: EventSet,
    /// The event last re-picked here (per-state round robin).
    last_repick: Option<EventId>,
    /// Where the state was first entered: (execution, number of its transitions before).
    entered: (u32, u32),
    in_h: bool,
    /// Number of transitions of the current execution before this state was first entered, or
    /// `NOT_ON_PATH`.
    path_pos: u32,
    queued: bool,
    /// Appendix D: per conflict event, the accesses already pushed backwards through this state
    /// and the union of the read contexts they were pushed with.
    summary: Summary,
}

/// The summary of a state (Appendix D): per conflict event, the read context and the accesses
/// pushed backwards through the state (interned bit sets, see [`super::access_bits`]), in the
/// order the events were first pushed through it, which [`DporExplorer::update_from_graph`]
/// replays. Pairs of many apps push dozens of conflict events through a state (74 events, and
/// each may also travel [`CARRIED`]), so past a few entries a sorted index finds an event's
/// entry instead of a scan.
#[derive(Default)]
struct Summary {
    entries: Vec<(EventId, ReadContext, SummarySetId)>,
    /// (event, position in `entries`), sorted by event; built once `entries` reaches
    /// [`Summary::INDEXED_FROM`].
    index: Vec<(EventId, u32)>,
}

impl Summary {
    const INDEXED_FROM: usize = 8;

    /// The position of `e`'s entry, added with empty sets if missing.
    fn slot(&mut self, e: EventId, empty: SummarySetId) -> usize {
        if self.entries.len() < Self::INDEXED_FROM {
            if let Some(i) = self.entries.iter().position(|&(ev, _, _)| ev == e) {
                return i;
            }
            self.entries.push((e, empty, empty));
            if self.entries.len() == Self::INDEXED_FROM {
                self.index = self.entries.iter().enumerate().map(|(i, &(ev, _, _))| (ev, i as u32)).collect();
                self.index.sort_unstable();
            }
            return self.entries.len() - 1;
        }
        match self.index.binary_search_by_key(&e, |&(ev, _)| ev) {
            Ok(k) => self.index[k].1 as usize,
            Err(k) => {
                let i = self.entries.len();
                self.entries.push((e, empty, empty));
                self.index.insert(k, (e, i as u32));
                i
            }
        }
    }

    fn heap_bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<(EventId, ReadContext, SummarySetId)>()
            + self.index.capacity() * std::mem::size_of::<(EventId, u32)>()
    }
}

/// DPOR's data of an edge of the graph (indexed by its [`EdgeId`]).
struct EdgeData {
    accesses: AccessSetId,
    on_path: bool,
}

/// Interned access sets of edges: many edges (the same event from different states) share one.
/// Each set is kept as a sorted list (for the literal search and for reading) and as bits with
/// its conflict mask (for the summary search).
#[derive(Default)]
struct AccessSets {
    sets: Vec<Box<[Access]>>,
    bits: Vec<AccessBits>,
    masks: Vec<AccessBits>,
    /// Per set: the reads of the locations it writes (see [`DporExplorer::push_back_through`]).
    reads_of_writes: Vec<AccessBits>,
    index: FxHashMap<Box<[Access]>, AccessSetId>,
    universe: AccessUniverse,
    bytes: usize,
}

impl AccessSets {
    fn intern(&mut self, accesses: &[Access]) -> AccessSetId {
        if let Some(&id) = self.index.get(accesses) {
            return id;
        }
        let key: Box<[Access]> = accesses.into();
        let id = self.sets.len() as AccessSetId;
        let bits = self.universe.bits_of(&key);
        let mask = self.universe.conflict_mask_of(&key);
        let reads_of_writes = self.universe.reads_of_writes_of(&key);
        self.bytes += 2 * key.len() * std::mem::size_of::<Access>() + 3 * 64 + 48;
        self.bits.push(bits);
        self.masks.push(mask);
        self.reads_of_writes.push(reads_of_writes);
        self.sets.push(key.clone());
        self.index.insert(key, id);
        id
    }

    fn bytes(&self) -> usize {
        self.bytes + self.universe.bytes()
    }
}

/// The stateful DPOR explorer. Create with [`DporExplorer::new`], run with [`DporExplorer::run`].
pub struct DporExplorer<'a, T: TransitionSystem, M: Monitor<T>> {
    system: &'a mut T,
    book: Bookkeeper<'a, T, M>,
    config: Config,
    mech: Switches,
    /// The state graph `R`; `nodes` and `edges` hold DPOR's data of its states and edges.
    graph: Graph,
    nodes: Vec<Node<T::State>>,
    edges: Vec<EdgeData>,
    access_sets: AccessSets,
    summary_sets: BitSets,
    /// States whose backtrack set may hold pending entries.
    worklist: Vec<StateId>,
    /// The current execution `S`.
    path: Vec<EdgeId>,
    path_start: StateId,
    path_states: Vec<StateId>,
    stats: Stats,
    scratch_events: Vec<EventId>,
    scratch_accesses: Vec<Access>,
    /// Reused buffers of the summary search: its work stack and a state's in-edges.
    work: Vec<SummaryWork>,
    scratch_edges: Vec<EdgeId>,
    global_repick: Option<EventId>,
    /// The interned empty summary set.
    empty_summary: SummarySetId,
    /// Per event: stamp of its last execution / last enabling at a state of the current path.
    /// The k-th transition (0-based) of the current execution has stamp `stamp_base + k + 1`.
    last_executed: Vec<u64>,
    last_enabled: Vec<u64>,
    stamp_base: u64,
    /// Stamps above this count as "executed on the current execution" for the pick order: the
    /// execution's own transitions and the history it continues (see [`DporExplorer::resume_history`]).
    history_base: u64,
    /// Every execution: where it started from (execution and position) and its events.
    executions: Vec<ExecutionLog>,
    /// `DPOR_DEBUG` is set: trace executions and backtrack points on stderr (read once).
    debug: bool,
    /// [`TransitionSystem::events_are_threads`], read once.
    threads: bool,
}

impl<'a, T: TransitionSystem, M: Monitor<T>> DporExplorer<'a, T, M> {
    pub fn new(system: &'a mut T, config: &Config, monitor: &'a mut M) -> Self {
        let mut summary_sets = BitSets::default();
        let empty_summary = summary_sets.intern(&AccessBits::default());
        let book = Bookkeeper::start(system, config, monitor);
        let threads = system.events_are_threads();
        DporExplorer {
            empty_summary,
            summary_sets,
            system,
            book,
            mech: config.mechanisms(),
            config: config.clone(),
            graph: Graph::default(),
            nodes: Vec::new(),
            edges: Vec::new(),
            access_sets: AccessSets::default(),
            worklist: Vec::new(),
            path: Vec::new(),
            path_start: 0,
            path_states: Vec::new(),
            stats: Stats::default(),
            scratch_events: Vec::new(),
            scratch_accesses: Vec::new(),
            work: Vec::new(),
            scratch_edges: Vec::new(),
            global_repick: None,
            last_executed: Vec::new(),
            last_enabled: Vec::new(),
            stamp_base: 0,
            history_base: 0,
            executions: Vec::new(),
            debug: std::env::var_os("DPOR_DEBUG").is_some(),
            threads,
        }
    }

    /// Algorithm 1: explore from the initial state, then restart from every state whose backtrack
    /// set still holds unexplored events.
    pub fn run(mut self) -> Outcome {
        let (s0, fp0) = self.book.initial(self.system);
        let start = self.add_node(s0, fp0);
        self.book.observe_initial(&self.graph, start);
        self.stats.executions = 1;
        self.run_execution(start);
        while !self.book.stopped() {
            let Some(s) = self.worklist.pop() else { break };
            self.nodes[s as usize].queued = false;
            let node = &self.nodes[s as usize];
            if node.backtrack.first_not_in(&node.done).is_some() {
                if self.debug {
                    eprintln!("restart at s{s}");
                }
                self.stats.executions += 1;
                self.run_execution(s);
                // One execution takes one pending entry of its start state; the rest wait.
                let node = &self.nodes[s as usize];
                if node.backtrack.first_not_in(&node.done).is_some() {
                    self.enqueue(s);
                }
            }
        }
        self.finish()
    }

    fn finish(mut self) -> Outcome {
        let mut all_events = EventSet::new();
        for n in &self.nodes {
            all_events.union_with(&n.enabled);
        }
        self.stats.states = self.graph.state_count() as u64;
        self.stats.transitions = self.graph.edge_count() as u64;
        self.stats.events = all_events.len() as u64;
        self.stats.visited_table_bytes = self.graph.index_bytes() as u64;
        self.stats.graph_bytes = self.graph_bytes() as u64;
        let keep_graph = self.config.keep_graph || self.book.monitored();
        let growth = self.book.growth_report(self.system, Some(&self.graph), self.stats.states);
        let variety = self.book.variety_report(self.system);
        let Ended { findings, stop, cut_short } = self.book.finish(self.system, &mut self.stats);
        let max_event = all_events.iter().last();
        Outcome {
            por: Por::Dpor,
            complete: !stop.is_some_and(|r| r.is_limit()),
            stop_reason: stop,
            stats: self.stats,
            findings,
            event_names: event_names(self.system, max_event),
            graph: keep_graph.then_some(self.graph),
            growth,
            variety,
            cut_short,
        }
    }

    fn graph_bytes(&self) -> usize {
        let node_fixed = std::mem::size_of::<Node<T::State>>();
        let nodes: usize = self
            .nodes
            .iter()
            .map(|n| {
                node_fixed
                    + n.enabled.heap_bytes()
                    + n.backtrack.heap_bytes()
                    + n.done.heap_bytes()
                    + n.summary.heap_bytes()
            })
            .sum();
        nodes
            + (self.graph.bytes() - self.graph.index_bytes())
            + self.edges.capacity() * std::mem::size_of::<EdgeData>()
            + self.access_sets.bytes()
            + self.summary_sets.bytes()
    }

    fn add_node(&mut self, state: T::State, fp: Fingerprint) -> StateId {
        let mut events = std::mem::take(&mut self.scratch_events);
        sorted_enabled(self.system, &state, &mut events);
        let enabled = EventSet::from_events(events.iter().copied());
        self.scratch_events = events;
        let (id, new) = self.graph.add_state(fp);
        debug_assert!(new && id as usize == self.nodes.len());
        self.nodes.push(Node {
            state,
            enabled,
            backtrack: EventSet::new(),
            done: EventSet::new(),
            last_repick: None,
            // The initial state is added before any execution: nothing led there.
            entered: match self.executions.len() {
                0 => (0, 0),
                n => (n as u32 - 1, self.path.len() as u32 + 1),
            },
            in_h: false,
            path_pos: NOT_ON_PATH,
            queued: false,
            summary: Summary::default(),
        });
        id
    }

    /// Algorithm 2 in its one-path-per-execution reading.
    fn run_execution(&mut self, start: StateId) {
        self.resume_history(start);
        self.path.clear();
        self.path_start = start;
        self.path_states.clear();
        self.nodes[start as usize].path_pos = 0;
        self.path_states.push(start);
        let mut cur = start;
        loop {
            if self.book.limit_reached(self.nodes.len() as u64, self.stats.executed) {
                break;
            }
            let Some(event) = self.choose(cur) else { break }; // dead end: the execution is complete
            let Some((edge, dst, new_state)) = self.execute(cur, event) else { break };
            if self.debug {
                let accesses: Vec<String> = self
                    .accesses_of(edge)
                    .iter()
                    .map(|a| {
                        let (owner, name) = self.system.describe_location(a.location);
                        let kind = match a.kind {
                            AccessKind::Read => "R",
                            AccessKind::Write => "W",
                            AccessKind::Set => "S",
                        };
                        format!("{kind} {}{name}", owner.map(|o| o + ".").unwrap_or_default())
                    })
                    .collect();
                eprintln!(
                    "exec s{cur} --{}--> s{dst} new={new_state} edge={edge} acc=[{}]",
                    self.system.event_name(event),
                    accesses.join(", ")
                );
            }
            if self.book.stopped() {
                break;
            }
            if self.mech.disabled_events_rule {
                let disabled: Vec<EventId> = {
                    let (s, d) = (&self.nodes[cur as usize], &self.nodes[dst as usize]);
                    s.enabled.iter().filter(|&e| !d.enabled.contains(e)).collect()
                };
                for e in disabled {
                    if self.nodes[cur as usize].backtrack.insert(e) {
                        self.enqueue(cur);
                    }
                }
            }
            self.update_backtrack_set(edge);
            if !new_state {
                let dst_node = &self.nodes[dst as usize];
                let on_path = dst_node.path_pos != NOT_ON_PATH;
                let ends = dst_node.in_h || !self.mech.full_cycle_termination || (on_path && self.is_full_cycle(edge));
                if self.mech.graph_update_at_match {
                    self.update_from_graph(edge);
                }
                if ends {
                    break;
                }
            }
            self.path.push(edge);
            let ev = self.graph.edge(edge).event;
            if let Some(log) = self.executions.last_mut() {
                log.events.push(ev);
            }
            self.stamp_path_edge(edge);
            self.edges[edge as usize].on_path = true;
            let dst_node = &mut self.nodes[dst as usize];
            if dst_node.path_pos == NOT_ON_PATH {
                dst_node.path_pos = self.path.len() as u32;
                self.path_states.push(dst);
            }
            cur = dst;
        }
        // H += states(S); S := []
        for &s in &self.path_states {
            let n = &mut self.nodes[s as usize];
            n.in_h = true;
            n.path_pos = NOT_ON_PATH;
        }
        for &e in &self.path {
            self.edges[e as usize].on_path = false;
        }
        self.stamp_base += self.path.len() as u64 + 1;
        self.path.clear();
    }

    /// Starts the pick order of an execution that begins at `start` where the execution that
    /// first entered `start` was: the events that led there count as executed on this one, most
    /// recent last. A backtrack execution then continues in the order of the one that found the
    /// state, and joins its states as soon as the backtracked event's effect is overwritten,
    /// instead of starting the round over.
    fn resume_history(&mut self, start: StateId) {
        let parent = if self.executions.is_empty() { None } else { Some(self.nodes[start as usize].entered) };
        self.executions.push(ExecutionLog { parent, events: Vec::new() });
        // Most recent first: walk the chain of executions back from `start`.
        let limit = 4 * self.last_executed.len().max(16);
        let mut history: Vec<EventId> = Vec::new();
        let mut at = parent;
        while let Some((exec, pos)) = at {
            let log = &self.executions[exec as usize];
            let pos = (pos as usize).min(log.events.len());
            history.extend(log.events[..pos].iter().rev().copied());
            if history.len() >= limit {
                break;
            }
            at = log.parent;
        }
        history.truncate(limit);
        self.history_base = self.stamp_base;
        let n = history.len() as u64;
        for (k, &ev) in history.iter().enumerate() {
            let stamp = self.history_base + n - k as u64;
            if self.last_executed.len() <= ev as usize {
                self.last_executed.resize(ev as usize + 1, 0);
            }
            if self.last_executed[ev as usize] <= self.history_base {
                self.last_executed[ev as usize] = stamp;
            }
        }
        self.stamp_base += n + 1;
    }

    /// Picks the next event at `s`: a pending backtrack entry, else an unexplored enabled event,
    /// else a round-robin re-pick among the enabled events; `None` at a dead end.
    ///
    /// Among pending and among unexplored events the one executed least recently on the current
    /// execution goes first (never executed before ties, lowest id first). Events are then taken
    /// in turn along the execution, which is what closes a full cycle soon: `n` independent
    /// toggles close one after `2n` transitions, where lowest-id-first walks all `2^n` value
    /// combinations. Re-picks at a state whose enabled events are all done rotate per state, which
    /// keeps the termination argument of the paper's Appendix B (every event enabled at a state
    /// visited again and again is eventually taken there). The pick order never affects
    /// soundness, only how soon cycles close.
    fn choose(&mut self, s: StateId) -> Option<EventId> {
        let fair = self.mech.fair_reselection;
        let (recency, base) = (&self.last_executed, self.history_base);
        let n = &mut self.nodes[s as usize];
        if let Some(b) = least_recent(recency, base, n.backtrack.iter().filter(|&e| !n.done.contains(e))) {
            n.done.insert(b);
            return Some(b);
        }
        if let Some(e) = least_recent(recency, base, n.enabled.iter().filter(|&e| !n.done.contains(e))) {
            n.backtrack.insert(e);
            n.done.insert(e);
            return Some(e);
        }
        // Fair: a round-robin pointer per state. The switched-off variant is the pitfall the
        // algorithm notes warn about: one global pointer shared by all states.
        let after = if fair { n.last_repick } else { self.global_repick };
        let e = n.enabled.next_after(after).or_else(|| n.enabled.next_after(None))?;
        n.last_repick = Some(e);
        self.global_repick = Some(e);
        Some(e)
    }

    /// Executes `event` at `src` (the bookkeeping is the [`Bookkeeper`]'s), adds the edge to the
    /// graph and shows it to the monitor. Returns (edge, destination, destination is a new
    /// state), or `None` when the watchdog cut the transition short (the run stops; nothing is
    /// recorded). A finding's trace is a shortest path of the graph from the initial state: every
    /// edge of the graph is a transition that was executed, so any path of it replays, and the
    /// shortest one is the easiest to follow (the current execution's own path can be thousands
    /// of events long).
    fn execute(&mut self, src: StateId, event: EventId) -> Option<(EdgeId, StateId, bool)> {
        let mut accesses = std::mem::take(&mut self.scratch_accesses);
        let graph = &self.graph;
        let trace = || {
            let mut trace = graph.shortest_paths().trace_to(src);
            trace.push(event);
            trace
        };
        let state = &self.nodes[src as usize].state;
        let step = self.book.execute(self.system, state, event, &mut accesses, &mut self.stats, trace);
        let Some(Executed { next, fp, label, raised }) = step else {
            self.scratch_accesses = accesses;
            return None;
        };
        let existing_edge = self.graph.edge_from(src, event);
        let (dst, new_state) = match self.graph.state(fp) {
            Some(id) => (id, false),
            None => {
                let graph = &self.graph;
                let trace = || {
                    let mut trace = graph.shortest_paths().trace_to(src);
                    trace.push(event);
                    trace
                };
                self.book.check_new_state(self.system, &next, trace);
                (self.add_node(next, fp), true)
            }
        };
        let states = self.graph.state_count() as u64;
        let (src_state, dst_state) = (&self.nodes[src as usize].state, &self.nodes[dst as usize].state);
        self.book.on_transition(self.system, src_state, dst_state, new_state, states, || Witness::State(dst));
        let edge = match existing_edge {
            Some(edge) => {
                debug_assert_eq!(self.graph.edge(edge).dst, dst, "execute() is not deterministic");
                edge
            }
            None => self.add_edge(src, event, dst, &mut accesses),
        };
        self.scratch_accesses = accesses;
        let observed = ObservedTransition {
            src,
            event,
            dst,
            edge,
            label: &label,
            new_state,
            new_edge: existing_edge.is_none(),
            raised: &raised,
        };
        self.book.observe(self.system, &self.graph, observed);
        Some((edge, dst, new_state))
    }

    /// Adds the edge `src --event--> dst` with the handler's `accesses` completed by the shadow
    /// locations of enabling (see the module documentation).
    fn add_edge(&mut self, src: StateId, event: EventId, dst: StateId, accesses: &mut Vec<Access>) -> EdgeId {
        accesses.push(Access::read(Location::shadow(event)));
        {
            let (s, d) = (&self.nodes[src as usize].enabled, &self.nodes[dst as usize].enabled);
            // An explicit enable/disable the front end reported that left the event as it was is
            // a read: the transition would change the event's enabling after one that did.
            demote_unchanged_writes(accesses, |l| l.shadow_event().is_some_and(|e| s.contains(e) == d.contains(e)));
            for e in s.iter().filter(|&e| !d.contains(e)) {
                accesses.push(Access::write(Location::shadow(e)));
            }
            for e in d.iter().filter(|&e| !s.contains(e)) {
                accesses.push(Access::write(Location::shadow(e)));
            }
        }
        accesses.sort_unstable();
        accesses.dedup();
        let accesses = self.access_sets.intern(accesses);
        let edge = self.graph.add_edge(src, event, dst);
        debug_assert_eq!(edge as usize, self.edges.len());
        self.edges.push(EdgeData { accesses, on_path: false });
        edge
    }

    fn enqueue(&mut self, s: StateId) {
        let n = &mut self.nodes[s as usize];
        if !n.queued {
            n.queued = true;
            self.worklist.push(s);
        }
    }

    /// "Add e" at `src(tb)` for a conflict between `tb` and a later transition of `e`: nothing
    /// when `tb` enabled `e` and the events are threads ([`TransitionSystem::events_are_threads`]:
    /// `e` cannot run before `tb`, and no other event can make it take the same step earlier),
    /// else [`DporExplorer::add_backtrack`].
    /// Returns whether `e` was enabled at `src(tb)`.
    fn backtrack_for_conflict(&mut self, tb: EdgeId, e: EventId) -> bool {
        let edge = self.graph.edge(tb);
        let (src, dst) = (edge.src, edge.dst);
        if self.threads && !self.nodes[src as usize].enabled.contains(e) && self.nodes[dst as usize].enabled.contains(e)
        {
            return false;
        }
        self.add_backtrack(src, e)
    }

    /// "Add e" at a state: `e` if it is enabled there, else every event enabled there. Returns
    /// whether `e` itself was enabled (false: the fallback was taken).
    fn add_backtrack(&mut self, s: StateId, e: EventId) -> bool {
        let n = &mut self.nodes[s as usize];
        let enabled_here = n.enabled.contains(e);
        let grew = if enabled_here {
            n.backtrack.insert(e)
        } else {
            let enabled = n.enabled.clone();
            n.backtrack.union_with(&enabled)
        };
        if grew {
            if self.debug {
                eprintln!("  backtrack s{s} += {e} -> {:?}", self.nodes[s as usize].backtrack);
            }
            self.enqueue(s);
        }
        enabled_here
    }

    /// Algorithm 4: does `edge` close a full cycle on the current execution? The cycle runs from
    /// the first visit of `dst(edge)`; it is full when every event enabled at one of its states
    /// was executed on it. Checked in O(events) with the per-event stamps of the last execution
    /// and the last enabling on the current path.
    fn is_full_cycle(&self, edge: EdgeId) -> bool {
        let e = self.graph.edge(edge);
        let pos = self.nodes[e.dst as usize].path_pos;
        if pos == NOT_ON_PATH {
            return false;
        }
        let window_start = self.stamp_base + pos as u64 + 1;
        let dst_enabled = &self.nodes[e.dst as usize].enabled;
        let executed =
            |ev: EventId| ev == e.event || self.last_executed.get(ev as usize).is_some_and(|&s| s >= window_start);
        let enabled_in_window = |ev: usize| self.last_enabled[ev] >= window_start;
        (0..self.last_enabled.len()).filter(|&ev| enabled_in_window(ev)).all(|ev| executed(ev as EventId))
            && dst_enabled.iter().all(executed)
    }

    /// Records the stamps of the transition just appended to the path.
    fn stamp_path_edge(&mut self, edge: EdgeId) {
        let stamp = self.stamp_base + self.path.len() as u64;
        let e = self.graph.edge(edge);
        let (event, dst) = (e.event as usize, e.dst);
        if self.last_executed.len() <= event {
            self.last_executed.resize(event + 1, 0);
        }
        self.last_executed[event] = stamp;
        for ev in self.nodes[dst as usize].enabled.iter() {
            let ev = ev as usize;
            if self.last_enabled.len() <= ev {
                self.last_enabled.resize(ev + 1, 0);
            }
            self.last_enabled[ev] = stamp;
        }
    }

    fn accesses_of(&self, edge: EdgeId) -> &[Access] {
        &self.access_sets.sets[self.edges[edge as usize].accesses as usize]
    }

    /// Algorithm 5 (with the summary cache unless the literal oracle is configured).
    fn update_backtrack_set(&mut self, edge: EdgeId) {
        let event = self.graph.edge(edge).event;
        match self.config.backtrack_search {
            BacktrackSearch::Summary => {
                let bits = self.access_sets.bits[self.edges[edge as usize].accesses as usize].clone();
                let context = self.summary_sets.intern(&bits.reads());
                let mut work = std::mem::take(&mut self.work);
                work.push((edge, event, context, bits));
                self.summary_dfs(&mut work);
                self.work = work;
            }
            BacktrackSearch::Literal => self.literal_update(edge),
        }
    }

    /// Algorithm 3: at a state match through `edge`, set the backtrack points that exploring
    /// beyond `dst(edge)` would set.
    fn update_from_graph(&mut self, edge: EdgeId) {
        match self.config.backtrack_search {
            BacktrackSearch::Summary => {
                let dst = self.graph.edge(edge).dst as usize;
                let mut work = std::mem::take(&mut self.work);
                // Pushing through `edge` changes no summary (only `summary_dfs` does).
                for i in 0..self.nodes[dst].summary.entries.len() {
                    let (e, context, set) = self.nodes[dst].summary.entries[i];
                    let a = AccessBits::from_words(self.summary_sets.get(set));
                    self.push_back_through(edge, e, context, a, &mut work);
                }
                self.summary_dfs(&mut work);
                self.work = work;
            }
            BacktrackSearch::Literal => {
                // Every transition reachable from `edge`, `edge` included.
                let mut seen = FxHashSet::default();
                let mut stack = vec![edge];
                seen.insert(edge);
                while let Some(t) = stack.pop() {
                    self.literal_update(t);
                    let dst = self.graph.edge(t).dst;
                    for u in self.graph.out_edges(dst) {
                        if seen.insert(u) {
                            stack.push(u);
                        }
                    }
                }
            }
        }
    }

    /// Splits `accesses` into those that conflict with some access of `edge` and the rest.
    fn split_conflicts(&self, accesses: &[Access], edge: EdgeId) -> (Accesses, Accesses) {
        let theirs = self.accesses_of(edge);
        let mut hit = Accesses::new();
        let mut rest = Accesses::new();
        for &a in accesses {
            if conflicts_with_any(a, theirs) {
                hit.push(a);
            } else {
                rest.push(a);
            }
        }
        (hit, rest)
    }

    /// The in-edges of `s` the backward search may walk.
    fn backward_edges(&self, s: StateId, into: &mut Vec<EdgeId>) {
        into.clear();
        let all = self.graph.in_edges(s);
        if self.mech.graph_wide_backtracking {
            into.extend(all);
        } else {
            into.extend(all.filter(|&e| self.edges[e as usize].on_path));
        }
    }

    /// Appendix D's SumDFS, with an explicit work stack: push `(edge, conflict event, accesses)`
    /// backwards through `src(edge)`, recording into the summaries, setting backtrack points at
    /// every conflict, and stopping where nothing new is pushed.
    ///
    /// A self-loop into `s` that conflicts with none of the accesses is passed over: pushing them
    /// through it would only bring them back to `s`, whose summary has just taken them with this
    /// context, so `record_summary` would stop them at once. (Device reports of the value an
    /// attribute already has are such self-loops at every state; they were a third to a half of
    /// the search's work items on the corpus pairs.)
    fn summary_dfs(&mut self, work: &mut Vec<SummaryWork>) {
        let mut into = std::mem::take(&mut self.scratch_edges);
        while let Some((cur, e, context, a)) = work.pop() {
            let s = self.graph.edge(cur).src;
            let Some((new, context)) = self.record_summary(s, e, context, &a) else { continue };
            self.backward_edges(s, &mut into);
            for &tb in &into {
                if self.graph.edge(tb).src == s && !new.intersects(self.conflict_mask(tb)) {
                    continue;
                }
                self.push_back_through(tb, e, context, new.clone(), work);
            }
        }
        self.scratch_edges = into;
    }

    /// One step of the backward search: accesses `a` with conflict event `e` meet transition `tb`
    /// (walking backwards). The accesses that conflict with `tb` set a backtrack point at
    /// `src(tb)`; the rest go on through `src(tb)`, with `tb` as the new conflict transition if
    /// there was a conflict.
    ///
    /// The conflicting accesses are consumed (searching further back for them is left to the
    /// execution that the backtrack point starts, where `e` runs before `tb`) only when that
    /// execution reproduces them: `e` must be enabled at `src(tb)`, `tb` must be another event,
    /// and the accesses must not read what `tb` wrote — a handler that saw `tb`'s write may take
    /// another branch when it runs first, and with exact accesses even a write of the same value
    /// becomes a read. Otherwise they keep travelling with `tb` as the conflict transition, so
    /// that earlier conflicts set backtrack points for `event(tb)`, which leads to them.
    ///
    /// Once the accesses have passed a transition whose write they read, they stand for a handler
    /// that depends on it: conflicts further back set backtrack points for the conflict
    /// transition's event, but no execution started there is sure to reproduce the accesses, so
    /// from then on nothing is consumed (the work item's event carries [`CARRIED`]).
    ///
    /// Whether the handler saw `tb`'s write is a question about all its reads, not about the
    /// accesses that happen to travel in this work item: the summaries push on only the accesses
    /// not yet pushed through a state, so a read that an earlier push already carried past a
    /// state is missing from a later push of the same handler's other accesses. Its reads travel
    /// beside the accesses as the item's *read context* (the reads of the transition the search
    /// started from). The context is exactly the reads the literal search still holds: a read is
    /// never consumed, since a read that conflicts with `tb` reads what `tb` wrote, and then
    /// nothing is consumed. (Without the context, a later step of a thread whose read of a shadow
    /// location had been pushed before was consumed at an earlier step of the same thread; thread
    /// campaign seed 1029259, `tests/regressions.rs`.) A larger context only makes the search more
    /// careful (it sees more writes read, so consumes less and carries more), so a state's summary
    /// keeps one context per conflict event, the union of those pushed through it: see
    /// [`DporExplorer::record_summary`].
    fn push_back_through(
        &mut self,
        tb: EdgeId,
        e: EventId,
        context: ReadContext,
        a: AccessBits,
        work: &mut Vec<SummaryWork>,
    ) {
        if !a.intersects(self.conflict_mask(tb)) {
            work.push((tb, e, context, a));
            return;
        }
        let (event, carried) = (e & !CARRIED, e & CARRIED != 0);
        let set = self.edges[tb as usize].accesses as usize;
        let reads = self.summary_sets.get(context);
        let saw_tb = self.access_sets.reads_of_writes[set].intersects(reads);
        let enabled = self.backtrack_for_conflict(tb, event);
        let consumed = enabled && self.graph.edge(tb).event != event && !saw_tb && !carried;
        let rest = if consumed { a.and_not(self.conflict_mask(tb)) } else { a };
        if self.mech.per_location_conflicts && !rest.is_empty() {
            let next = self.graph.edge(tb).event | if saw_tb || carried { CARRIED } else { 0 };
            work.push((tb, next, context, rest));
        }
    }

    /// The accesses that conflict with some access of `edge`, as bits.
    fn conflict_mask(&self, edge: EdgeId) -> &[u64] {
        self.access_sets.masks[self.edges[edge as usize].accesses as usize].words()
    }

    /// Adds accesses `a`, pushed with read context `context`, to `summary(s)[e]`. Returns what to
    /// push on, or `None` when nothing is new:
    /// - when the summary's context holds `context`, the accesses not pushed through `s` before,
    ///   with the summary's context (a superset of the item's reads: more careful, still sound);
    /// - otherwise all of `a` and every access pushed through `s` before, with the union of both
    ///   contexts, which the summary keeps.
    ///
    /// So every access of the summary has gone on with the summary's whole context, which is what
    /// makes stopping sound: an item whose context and accesses the summary holds finds each of
    /// its accesses pushed with at least its reads. (Pushing only `a` when the context grows
    /// leaves accesses pushed before with a smaller context, and a later item with reads of the
    /// grown part would stop on them.) Contexts and accesses only grow, so the search ends; one
    /// entry per conflict event keeps it as cheap as the summary of Appendix D.
    fn record_summary(
        &mut self,
        s: StateId,
        e: EventId,
        context: ReadContext,
        a: &AccessBits,
    ) -> Option<(AccessBits, ReadContext)> {
        let summary = &mut self.nodes[s as usize].summary;
        let slot = summary.slot(e, self.empty_summary);
        let (_, known_context, known) = summary.entries[slot];
        let sets = &self.summary_sets;
        let context_held = context == known_context || words_subset(sets.get(context), sets.get(known_context));
        if context_held && a.is_subset_of(sets.get(known)) {
            return None;
        }
        let all = a.or(sets.get(known));
        let (push, context) = if context_held {
            (a.and_not(sets.get(known)), known_context)
        } else {
            let merged = AccessBits::from_words(sets.get(context)).or(sets.get(known_context));
            (all.clone(), self.summary_sets.intern(&merged))
        };
        let all = self.summary_sets.intern(&all);
        self.nodes[s as usize].summary.entries[slot] = (e, context, all);
        Some((push, context))
    }

    /// Algorithm 5 literally: DFS over every simple backward path (by transitions) from `edge`.
    fn literal_update(&mut self, edge: EdgeId) {
        struct Frame {
            cur: EdgeId,
            tconf: EdgeId,
            accesses: Accesses,
            explored: Vec<EdgeId>,
            /// The accesses passed a transition whose write they read (see `push_back_through`).
            carried: bool,
        }
        let mut stack = vec![Frame {
            cur: edge,
            tconf: edge,
            accesses: self.accesses_of(edge).iter().copied().collect(),
            explored: vec![edge],
            carried: false,
        }];
        let mut into = Vec::new();
        while let Some(f) = stack.pop() {
            let s = self.graph.edge(f.cur).src;
            self.backward_edges(s, &mut into);
            for tb in into.iter().copied() {
                if f.explored.contains(&tb) {
                    continue;
                }
                let (hit, rest) = self.split_conflicts(&f.accesses, tb);
                let mut tconf = f.tconf;
                let mut carried = f.carried;
                let remaining = if !hit.is_empty() {
                    let e = self.graph.edge(f.tconf).event;
                    let saw_tb = hit.iter().any(|h| {
                        h.kind == AccessKind::Read
                            && self.accesses_of(tb).iter().any(|w| w.kind.writes() && w.location == h.location)
                    });
                    let consumed =
                        self.backtrack_for_conflict(tb, e) && self.graph.edge(tb).event != e && !saw_tb && !f.carried;
                    tconf = tb;
                    carried |= saw_tb;
                    if !self.mech.per_location_conflicts {
                        continue;
                    }
                    if consumed {
                        rest
                    } else {
                        f.accesses.clone()
                    }
                } else {
                    f.accesses.clone()
                };
                if remaining.is_empty() {
                    continue;
                }
                let mut explored = f.explored.clone();
                explored.push(tb);
                stack.push(Frame { cur: tb, tconf, accesses: remaining, explored, carried });
            }
        }
    }
}

/// The candidate executed least recently on the current execution (stamps above `base`; never
/// executed there first, lowest id on ties).
fn least_recent(recency: &[u64], base: u64, candidates: impl Iterator<Item = EventId>) -> Option<EventId> {
    candidates.min_by_key(|&e| (recency.get(e as usize).copied().filter(|&t| t > base).unwrap_or(0), e))
}

#[inline]
fn conflicts_with_any(a: Access, others: &[Access]) -> bool {
    // `others` is sorted by (location, kind): find the location's run.
    let start = others.partition_point(|o| o.location < a.location);
    others[start..].iter().take_while(|o| o.location == a.location).any(|&o| a.conflicts_with(o))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_finds_each_events_entry_before_and_after_its_index_is_built() {
        let mut summary = Summary::default();
        // Events in a scrambled order, some carried, more than the indexed threshold.
        let events: Vec<EventId> = (0..40u32).map(|i| ((i * 17) % 41) | if i % 3 == 0 { CARRIED } else { 0 }).collect();
        for (n, &e) in events.iter().enumerate() {
            let slot = summary.slot(e, 7);
            assert_eq!(slot, n, "a new event is appended");
            summary.entries[slot].2 = n as SummarySetId;
            // Every event added so far is found at its own entry, and none is added twice.
            for (m, &f) in events[..=n].iter().enumerate() {
                assert_eq!(summary.slot(f, 7), m);
            }
            assert_eq!(summary.entries.len(), n + 1);
        }
        // Entries keep the order the events were first pushed in (replayed at state matches).
        let order: Vec<EventId> = summary.entries.iter().map(|&(e, _, _)| e).collect();
        assert_eq!(order, events);
        assert!(summary.entries.iter().enumerate().all(|(i, &(_, context, set))| context == 7 && set == i as u32));
    }
}
