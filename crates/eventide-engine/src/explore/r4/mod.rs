//! R4: stateless model checking around one event sequence (Jensen, Møller, Raychev, Dimitrov,
//! Vechev, *Stateless Model Checking of Event-Driven Applications*, OOPSLA 2015).
//!
//! Where the stateful explorers answer "what can happen?", R4 answers "here is what happened —
//! which reorderings of it change the outcome?". It runs in four phases:
//! - **Record**: the initial sequence is given ([`InitialSequence::Trace`]; events that are not
//!   enabled when their turn comes are skipped) or recorded by running the default pick order
//!   for [`R4Config::depth`] events ([`InitialSequence::Record`]: at each step the enabled event
//!   executed least recently on the sequence, never-executed first, lowest id on ties).
//! - **Reorder** (Algorithms 1–2): after every executed sequence τ, for every position `i`, the
//!   persistent set of the prefix `τ_1..τ_{i-1}` gains (a) `e · τ_i..τ_n` for every event `e`
//!   that `τ_i` disabled (Figure 4a), and (b) the reversal witness `λ · τ_j · τ_i · μ` of every
//!   uncovered race `(τ_i, τ_j)` (Section 4.4; see [`races`]) where `τ_i` did not enable `τ_j`.
//!   Accesses are known only after a handler ran, so persistent sets come from the executed
//!   sequence alone (no look-ahead). Exploration is depth-first: the deepest prefix with an
//!   unexplored entry goes next, and there the entry with the fewest reversals.
//! - **Replay** (Algorithm 3, approximate replay): persistent sets hold sequences. Exploring an
//!   entry keeps the prefix and replays the entry's events in order, executing those enabled and
//!   skipping the others; an entry whose first event was taken by a later execution through the
//!   same prefix moves one level down with that event removed, so that a sequence sharing a
//!   prefix with an explored one is still explored. With [`R4Config::maximal`] a replay then
//!   continues in the default pick order until no event is enabled or the sequence has
//!   [`R4Config::depth`] events (what Theorem 1 needs on acyclic programs).
//! - **Report** (Section 2.4): every explored sequence but the first reverses one race of its
//!   parent (conflict-reversal bounding, Algorithm 4: its depth is the parent's plus one, and
//!   [`R4Config::reversals`] bounds it). Its final state is compared with the parent's: equal
//!   states with every event replayed is a *commutative* race, equal states with events skipped or
//!   states that differ only in which events are enabled an *enabled-only* race (ad-hoc
//!   synchronisation such as a retry timer), anything else *harmful*, with the differences the
//!   system names ([`TransitionSystem::state_differences`]).
//!
//! Two refinements of the published algorithms, both sound for deterministic systems: an entry
//! that only reorders independent events of the sequence just explored through its prefix (a
//! prefix of a linearization of that sequence's dependence order, `races::Dependence::covers`)
//! is dropped, since it reaches the same states; and an entry whose first event was explored from
//! its prefix by an execution that has since been backtracked is dropped (Algorithm 3 would keep
//! it forever unexplorable).
//!
//! The run keeps the states of the current sequence only, plus the final state of every sequence
//! whose races are still waiting to be explored. Distinct states and transitions are counted with
//! fingerprints (the compact visited set); when a [`Monitor`] observes the run or
//! [`Config::keep_graph`] asks for it, every executed transition is added to the engine's explored
//! [`Graph`] instead, so that SmartThings conflicts are detected on R4's sequences exactly as in
//! the other modes. Findings are recorded by the shared `step::Bookkeeper` with the sequence prefix
//! that reached them.

pub mod races;

use super::graph::{Graph, StateId};
use super::monitor::{Monitor, ObservedTransition};
use super::step::{sorted_enabled, Bookkeeper, Ended};
use super::{event_names, Config, Outcome, Por, Stats};
use crate::eventset::EventSet;
use crate::fingerprint::fingerprint_of;
use crate::system::{
    demote_unchanged_writes, Access, EventId, Fingerprint, Location, StateDifference, TransitionSystem,
};
use crate::visited::FingerprintSet;
use races::Dependence;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// Where R4's initial sequence comes from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum InitialSequence {
    /// Run the default pick order for [`R4Config::depth`] events (fewer when no event is enabled).
    #[default]
    Record,
    /// Replay these events (an event log, a test, a counterexample); events not enabled when
    /// their turn comes are skipped.
    Trace(Vec<EventId>),
}

/// R4's configuration (part of [`Config`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct R4Config {
    pub initial: InitialSequence,
    /// The length of a recorded initial sequence, and the length up to which
    /// [`R4Config::maximal`] extends replays (at least the initial sequence's length).
    pub depth: usize,
    /// The conflict-reversal bound `k`: sequences with more reversals than this are not explored.
    /// `None`: no bound.
    pub reversals: Option<u32>,
    /// After replaying a sequence, keep executing enabled events (default pick order) until none
    /// is enabled or the sequence has `depth` events. Off, a replay executes the sequence's own
    /// events only, as the paper's approximate replay does.
    pub maximal: bool,
}

impl Default for R4Config {
    fn default() -> Self {
        R4Config { initial: InitialSequence::Record, depth: 20, reversals: Some(1), maximal: false }
    }
}

/// How a race was classified by comparing the final states with and without its reversal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Classification {
    /// Data differs.
    Harmful,
    /// One order raised a finding (a failed assertion, an exception) that the other did not.
    Fails,
    /// Equal final states, every event replayed: the two events commute.
    Commutative,
    /// Equal final states but events of the sequence were skipped (not enabled), or final states
    /// that differ only in which events (or timers) are enabled: ad-hoc synchronisation.
    EnabledOnly,
}

impl Classification {
    pub fn is_harmful(self) -> bool {
        matches!(self, Classification::Harmful | Classification::Fails)
    }

    /// `harmful` or `harmless`.
    pub fn as_str(self) -> &'static str {
        if self.is_harmful() {
            "harmful"
        } else {
            "harmless"
        }
    }

    /// `fails`, `data-differs`, `commutative` or `enabled-only`.
    pub fn reason(self) -> &'static str {
        match self {
            Classification::Fails => "fails",
            Classification::Harmful => "data-differs",
            Classification::Commutative => "commutative",
            Classification::EnabledOnly => "enabled-only",
        }
    }
}

/// What made two events race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RaceKind {
    /// Their accesses conflict (an uncovered race).
    Conflict,
    /// The first disabled the second (Figure 4a): the second is moved before it.
    Disables,
}

/// One explored sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// The events executed, in order.
    pub events: Vec<EventId>,
    /// Conflict reversals relative to the initial sequence (0 for it).
    pub depth: u32,
    /// The sequence whose race this one reverses (`None` for the initial sequence).
    pub parent: Option<usize>,
    /// Index into [`R4Outcome::races`] of the race it reverses (`None` for the initial sequence,
    /// and for the last one when the run stopped in it: a limit or the first finding).
    pub race: Option<usize>,
    /// Events of the replayed entry that were not enabled when their turn came.
    pub skipped: Vec<EventId>,
    /// The final state's fingerprint.
    pub final_fingerprint: Fingerprint,
}

/// An explored race: a reversal and its classification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    /// The earlier event in the parent sequence.
    pub first: EventId,
    /// The later one (or the event `first` disabled), which the reversal runs before `first`.
    pub second: EventId,
    pub kind: RaceKind,
    /// Indices into [`R4Outcome::sequences`]: the sequence the race was found on, and the one
    /// that reverses it.
    pub parent: usize,
    pub child: usize,
    pub classification: Classification,
    /// How the final states differ (empty for commutative races).
    pub differences: Vec<StateDifference>,
}

/// The result of an R4 run: the usual [`Outcome`] (`stats.executions` counts the sequences
/// explored) and R4's own report.
#[derive(Debug)]
pub struct R4Outcome {
    pub outcome: Outcome,
    /// Every explored sequence, in exploration order; the first is the initial sequence.
    pub sequences: Vec<Sequence>,
    /// One race per explored sequence after the first, in exploration order.
    pub races: Vec<Race>,
    /// The largest number of reversals of an explored sequence.
    pub max_reversals: u32,
    /// Events of a given initial trace that were not enabled when their turn came, with their
    /// positions in the trace.
    pub initial_skipped: Vec<(usize, EventId)>,
}

/// The end of an explored sequence, kept while races found on it wait to be explored.
struct ParentEnd<S> {
    index: usize,
    state: S,
    fp: Fingerprint,
    enabled: EventSet,
    /// The findings the sequence raised.
    raised: Vec<Raised>,
}

/// A finding a sequence raised: its identity (the finding's key: two assertions or exceptions
/// with one message at two places are two findings) and how a race report names it.
#[derive(Clone, PartialEq)]
struct Raised {
    key: String,
    shown: String,
}

impl Raised {
    fn of(f: &crate::system::Finding) -> Raised {
        let shown = match &f.position {
            Some(p) => format!("{} at {p}", f.message),
            None => f.message.clone(),
        };
        Raised { key: f.key.clone(), shown }
    }
}

/// Where an entry of a persistent set came from.
struct Origin<S> {
    parent: Rc<ParentEnd<S>>,
    first: EventId,
    second: EventId,
    kind: RaceKind,
}

/// An entry of a persistent set: a sequence to replay from the frame's prefix.
struct Entry<S> {
    seq: Vec<EventId>,
    /// Events of the entry dropped on its way down because they were not enabled.
    skipped: Vec<EventId>,
    depth: u32,
    origin: Rc<Origin<S>>,
}

/// One prefix of the current sequence: its state, and the persistent set (`T_seq`) and explored
/// events (`V`) of Algorithm 1.
struct Frame<S> {
    state: S,
    fp: Fingerprint,
    /// The state's id in the graph (0 without a graph).
    id: StateId,
    enabled: EventSet,
    /// The event executed from here on the current sequence and its complete access set.
    next: Option<(EventId, Vec<Access>)>,
    /// The findings the step into this state raised.
    raised: Vec<Raised>,
    visited: EventSet,
    pending: Vec<Entry<S>>,
    /// Every sequence ever entered here, for deduplication.
    known: FxHashSet<Vec<EventId>>,
}

impl<S> Frame<S> {
    fn new(state: S, fp: Fingerprint, id: StateId, enabled: EventSet) -> Frame<S> {
        Frame {
            state,
            fp,
            id,
            enabled,
            next: None,
            raised: Vec::new(),
            visited: EventSet::new(),
            pending: Vec::new(),
            known: FxHashSet::default(),
        }
    }
}

/// Distinct states and edges: fingerprints only, or the explored graph.
enum Seen {
    Compact { states: FingerprintSet, edges: FingerprintSet },
    Graph(Graph),
}

/// Runs R4 as `config.r4` says (see the module documentation).
pub fn explore<T: TransitionSystem, M: Monitor<T>>(system: &mut T, config: &Config, monitor: &mut M) -> R4Outcome {
    R4Explorer::new(system, config, monitor).run()
}

struct R4Explorer<'a, T: TransitionSystem, M: Monitor<T>> {
    system: &'a mut T,
    config: &'a Config,
    book: Bookkeeper<'a, T, M>,
    stats: Stats,
    seen: Seen,
    all_events: EventSet,
    frames: Vec<Frame<T::State>>,
    sequences: Vec<Sequence>,
    races: Vec<Race>,
    scratch: Vec<Access>,
    horizon: usize,
}

impl<'a, T: TransitionSystem, M: Monitor<T>> R4Explorer<'a, T, M> {
    fn new(system: &'a mut T, config: &'a Config, monitor: &'a mut M) -> Self {
        let book = Bookkeeper::start(system, config, monitor);
        let seen = if config.keep_graph || book.monitored() {
            Seen::Graph(Graph::default())
        } else {
            Seen::Compact { states: FingerprintSet::default(), edges: FingerprintSet::default() }
        };
        let horizon = match &config.r4.initial {
            InitialSequence::Record => config.r4.depth,
            InitialSequence::Trace(t) => t.len().max(config.r4.depth),
        };
        R4Explorer {
            system,
            config,
            book,
            stats: Stats::default(),
            seen,
            all_events: EventSet::new(),
            frames: Vec::new(),
            sequences: Vec::new(),
            races: Vec::new(),
            scratch: Vec::new(),
            horizon,
        }
    }

    fn run(mut self) -> R4Outcome {
        let (s0, fp0) = self.book.initial(self.system);
        let (id0, _) = self.store_state(fp0);
        if let Seen::Graph(graph) = &self.seen {
            self.book.observe_initial(graph, id0);
        }
        let frame0 = self.frame(s0, fp0, id0);
        self.frames.push(frame0);

        let (requested, extend) = match &self.config.r4.initial {
            InitialSequence::Record => (Vec::new(), true),
            InitialSequence::Trace(t) => (t.clone(), self.config.r4.maximal),
        };
        let mut initial_skipped = Vec::new();
        if self.replay(&requested, extend, &mut initial_skipped) {
            let skipped = initial_skipped.iter().map(|&(_, e)| e).collect();
            self.finish_sequence(0, None, skipped);
            while let Some((k, index)) = self.choose() {
                let entry = self.frames[k].pending.remove(index);
                self.frames.truncate(k + 1);
                self.frames[k].next = None;
                let mut skipped: Vec<(usize, EventId)> = Vec::new();
                if !self.replay(&entry.seq, self.config.r4.maximal, &mut skipped) {
                    self.record_stopped(entry.depth, Some(entry.origin.parent.index), skipped);
                    break;
                }
                let mut all_skipped = entry.skipped;
                all_skipped.extend(skipped.into_iter().map(|(_, e)| e));
                self.finish_sequence(entry.depth, Some(entry.origin), all_skipped);
                if self.book.stopped() {
                    break; // a limit stopped the analysis of the sequence's races
                }
            }
        } else {
            self.record_stopped(0, None, initial_skipped.clone());
        }
        self.finish(initial_skipped)
    }

    /// Records the sequence the run stopped in (a limit, or the first finding) as far as it got:
    /// no race is classified and no persistent set updated.
    fn record_stopped(&mut self, depth: u32, parent: Option<usize>, skipped: Vec<(usize, EventId)>) {
        self.stats.executions += 1;
        let events = self.frames.iter().filter_map(|f| f.next.as_ref().map(|n| n.0)).collect();
        let final_fingerprint = self.frames.last().expect("a frame").fp;
        let skipped = skipped.into_iter().map(|(_, e)| e).collect();
        self.sequences.push(Sequence { events, depth, parent, race: None, skipped, final_fingerprint });
    }

    fn frame(&mut self, state: T::State, fp: Fingerprint, id: StateId) -> Frame<T::State> {
        let mut events = Vec::new();
        sorted_enabled(self.system, &state, &mut events);
        let enabled = EventSet::from_events(events.iter().copied());
        self.all_events.union_with(&enabled);
        Frame::new(state, fp, id, enabled)
    }

    /// Counts a state; returns its graph id (0 without a graph) and whether it is new.
    fn store_state(&mut self, fp: Fingerprint) -> (StateId, bool) {
        let (id, new) = match &mut self.seen {
            Seen::Compact { states, .. } => (0, states.insert(fp)),
            Seen::Graph(graph) => graph.add_state(fp),
        };
        self.stats.states += new as u64;
        (id, new)
    }

    /// Replays `seq` from the last frame (skipping events that are not enabled), then, with
    /// `extend`, continues in the default pick order up to the horizon. Returns false when the
    /// run stopped (a limit, or the first finding).
    fn replay(&mut self, seq: &[EventId], extend: bool, skipped: &mut Vec<(usize, EventId)>) -> bool {
        for (k, &e) in seq.iter().enumerate() {
            if !self.frames.last().expect("a frame").enabled.contains(e) {
                skipped.push((k, e));
                continue;
            }
            if !self.step(e) {
                return false;
            }
        }
        if extend {
            while self.frames.len() - 1 < self.horizon {
                let Some(e) = self.default_pick() else { break };
                if !self.step(e) {
                    return false;
                }
            }
        }
        true
    }

    /// The default pick order at the last frame: the enabled event executed least recently on
    /// the current sequence (never executed first, lowest id on ties).
    fn default_pick(&self) -> Option<EventId> {
        let top = self.frames.last()?;
        let mut last: FxHashMap<EventId, usize> = FxHashMap::default();
        for (k, f) in self.frames.iter().enumerate() {
            if let Some((e, _)) = &f.next {
                last.insert(*e, k);
            }
        }
        top.enabled.iter().min_by_key(|e| last.get(e).map_or((0, 0), |&k| (1, k)))
    }

    /// Executes `event` at the last frame and pushes the next one. Returns false when the run
    /// stopped.
    fn step(&mut self, event: EventId) -> bool {
        if self.book.limit_reached(self.stats.states, self.stats.executed) {
            return false;
        }
        let mut accesses = std::mem::take(&mut self.scratch);
        let frames = &self.frames;
        let trace = || {
            frames.iter().filter_map(|f| f.next.as_ref().map(|n| n.0)).chain(std::iter::once(event)).collect::<Vec<_>>()
        };
        let top = frames.last().expect("a frame");
        let Some(step) = self.book.execute(self.system, &top.state, event, &mut accesses, &mut self.stats, trace)
        else {
            self.scratch = accesses;
            return false;
        };
        // A step that found the first finding (with `stop_at_first`) still ends the sequence.
        let (src_fp, src_id) = (top.fp, top.id);
        let (dst_id, new_state) = self.store_state(step.fp);
        let mut next = self.frame(step.next, step.fp, dst_id);
        next.raised = step.raised.iter().map(Raised::of).collect();
        complete_accesses(event, &self.frames.last().expect("a frame").enabled, &next.enabled, &mut accesses);
        match &mut self.seen {
            Seen::Compact { edges, .. } => {
                if edges.insert(fingerprint_of(&(src_fp.0, event))) {
                    self.stats.transitions += 1;
                }
            }
            Seen::Graph(graph) => {
                let existing = graph.edge_from(src_id, event);
                let edge = existing.unwrap_or_else(|| graph.add_edge(src_id, event, dst_id));
                self.stats.transitions += existing.is_none() as u64;
                let observed = ObservedTransition {
                    src: src_id,
                    event,
                    dst: dst_id,
                    edge,
                    label: &step.label,
                    new_state,
                    new_edge: existing.is_none(),
                    raised: &step.raised,
                };
                self.book.observe(self.system, graph, observed);
            }
        }
        let top = self.frames.last_mut().expect("a frame");
        top.visited.insert(event);
        top.next = Some((event, accesses.clone()));
        self.scratch = accesses;
        self.frames.push(next);
        !self.book.stopped()
    }

    /// Records the sequence just executed, classifies the race it reverses, and updates the
    /// persistent sets (Algorithms 2–4).
    fn finish_sequence(&mut self, depth: u32, origin: Option<Rc<Origin<T::State>>>, skipped: Vec<EventId>) {
        self.stats.executions += 1;
        let index = self.sequences.len();
        let events: Vec<EventId> = self.frames.iter().filter_map(|f| f.next.as_ref().map(|n| n.0)).collect();
        let final_fp = self.frames.last().expect("a frame").fp;
        let mut race = None;
        if let Some(o) = &origin {
            let (classification, differences) = self.classify(&o.parent, &skipped);
            self.races.push(Race {
                first: o.first,
                second: o.second,
                kind: o.kind,
                parent: o.parent.index,
                child: index,
                classification,
                differences,
            });
            race = Some(self.races.len() - 1);
        }
        self.sequences.push(Sequence {
            events,
            depth,
            parent: origin.as_ref().map(|o| o.parent.index),
            race,
            skipped,
            final_fingerprint: final_fp,
        });
        if self.config.r4.reversals.is_some_and(|k| depth >= k) {
            // Every entry this sequence would add has more reversals than the bound; entries it
            // carries down (Algorithm 3) keep their own depth.
            self.propagate_and_prune();
            return;
        }
        let last = self.frames.last().expect("a frame");
        let raised = self.raised();
        let end =
            Rc::new(ParentEnd { index, state: last.state.clone(), fp: last.fp, enabled: last.enabled.clone(), raised });
        self.update_persistent_sets(depth, &end);
    }

    /// The findings the current sequence raised (each once).
    fn raised(&self) -> Vec<Raised> {
        let mut raised: Vec<Raised> = Vec::new();
        for r in self.frames.iter().flat_map(|f| &f.raised) {
            if !raised.iter().any(|q| q.key == r.key) {
                raised.push(r.clone());
            }
        }
        raised
    }

    /// Compares the current sequence with its parent: a finding one of them raised and the other
    /// did not makes the race harmful (`fails`: one order fails, the other does not); else the
    /// final states decide.
    fn classify(
        &mut self,
        parent: &ParentEnd<T::State>,
        skipped: &[EventId],
    ) -> (Classification, Vec<StateDifference>) {
        let raised = self.raised();
        let finding = |r: &Raised, in_parent: bool| StateDifference {
            what: format!("finding `{}`", r.shown),
            first: if in_parent { "raised" } else { "not raised" }.to_string(),
            second: if in_parent { "not raised" } else { "raised" }.to_string(),
            enabling: false,
        };
        let among = |rs: &[Raised], r: &Raised| rs.iter().any(|q| q.key == r.key);
        let lost = parent.raised.iter().filter(|r| !among(&raised, r)).map(|r| finding(r, true));
        let new = raised.iter().filter(|r| !among(&parent.raised, r)).map(|r| finding(r, false));
        let changed_findings: Vec<StateDifference> = lost.chain(new).collect();
        if !changed_findings.is_empty() {
            return (Classification::Fails, changed_findings);
        }
        let last = self.frames.last().expect("a frame");
        let skipped_differences = skipped.iter().map(|&e| StateDifference {
            what: format!("{} (skipped: not enabled)", self.system.event_name(e)),
            first: "run".to_string(),
            second: "skipped".to_string(),
            enabling: true,
        });
        if parent.fp == last.fp {
            if skipped.is_empty() {
                return (Classification::Commutative, Vec::new());
            }
            return (Classification::EnabledOnly, skipped_differences.collect());
        }
        let mut differences: Vec<StateDifference> = Vec::new();
        let described = self.system.state_differences(&parent.state, &last.state);
        let undescribed = described.is_none();
        differences.extend(described.unwrap_or_default());
        let on_off = |b: bool| if b { "enabled" } else { "disabled" }.to_string();
        let mut union = parent.enabled.clone();
        union.union_with(&last.enabled);
        for e in union.iter() {
            let (a, b) = (parent.enabled.contains(e), last.enabled.contains(e));
            if a != b {
                let what = self.system.event_name(e);
                differences.push(StateDifference { what, first: on_off(a), second: on_off(b), enabling: true });
            }
        }
        differences.extend(skipped_differences);
        if undescribed && differences.iter().all(|d| d.enabling) {
            differences.push(StateDifference {
                what: "state".to_string(),
                first: format!("{:032x}", parent.fp.0),
                second: format!("{:032x}", last.fp.0),
                enabling: false,
            });
        }
        let class =
            if differences.iter().all(|d| d.enabling) { Classification::EnabledOnly } else { Classification::Harmful };
        (class, differences)
    }

    /// Algorithm 2 on the current sequence: Figure 4a's disabled events and the uncovered races'
    /// reversal witnesses enter the persistent sets of their prefixes with one more reversal;
    /// then Algorithm 3's propagation along the sequence.
    fn update_persistent_sets(&mut self, depth: u32, end: &Rc<ParentEnd<T::State>>) {
        let n = self.frames.len() - 1;
        let events: Vec<EventId> = self.frames[..n].iter().map(|f| f.next.as_ref().expect("executed").0).collect();
        let accesses: Vec<&[Access]> =
            self.frames[..n].iter().map(|f| f.next.as_ref().expect("executed").1.as_slice()).collect();
        let (book, stats) = (&mut self.book, &self.stats);
        let Some(dep) = Dependence::new_unless(&accesses, &mut || book.limit_reached(stats.states, stats.executed))
        else {
            return;
        };
        let mut inserts: Vec<(usize, Vec<EventId>, Origin<T::State>)> = Vec::new();
        for i in 0..n {
            // The analysis of a long sequence (its races are pairs of positions) is work of its
            // own: the limits apply to it as to the handlers.
            if self.book.limit_reached(self.stats.states, self.stats.executed) {
                return;
            }
            let origin =
                |second: EventId, kind: RaceKind| Origin { parent: end.clone(), first: events[i], second, kind };
            // Figure 4a: an event that τ_i disabled runs before it.
            let (before, after) = (&self.frames[i].enabled, &self.frames[i + 1].enabled);
            for e in before.iter().filter(|&e| !after.contains(e) && e != events[i]) {
                let mut seq = vec![e];
                seq.extend_from_slice(&events[i..]);
                inserts.push((i, seq, origin(e, RaceKind::Disables)));
            }
            for j in i + 1..n {
                if !dep.uncovered(i, j) {
                    continue;
                }
                // τ_i enabled τ_j: they cannot be reversed (not a conflict, Definition 4).
                let enabler = accesses[i].binary_search(&Access::write(Location::shadow(events[j]))).is_ok();
                if enabler {
                    continue;
                }
                let seq = dep.witness(i, j).into_iter().map(|k| events[k]).collect();
                inserts.push((i, seq, origin(events[j], RaceKind::Conflict)));
            }
        }
        for (i, seq, origin) in inserts {
            if self.book.limit_reached(self.stats.states, self.stats.executed) {
                return;
            }
            let entry = Entry { seq, skipped: Vec::new(), depth: depth + 1, origin: Rc::new(origin) };
            self.insert(&dep, &events, i, entry);
        }
        self.propagate_with(&dep, &events);
    }

    /// Algorithm 3's propagation and the equivalence pruning, for a sequence that adds no entries
    /// of its own.
    fn propagate_and_prune(&mut self) {
        let n = self.frames.len() - 1;
        let events: Vec<EventId> = self.frames[..n].iter().map(|f| f.next.as_ref().expect("executed").0).collect();
        let accesses: Vec<&[Access]> =
            self.frames[..n].iter().map(|f| f.next.as_ref().expect("executed").1.as_slice()).collect();
        let (book, stats) = (&mut self.book, &self.stats);
        let Some(dep) = Dependence::new_unless(&accesses, &mut || book.limit_reached(stats.states, stats.executed))
        else {
            return;
        };
        self.propagate_with(&dep, &events);
    }

    /// Entries waiting at a prefix whose first event the current sequence took there move one
    /// level down (Algorithm 3); entries that the current sequence covers are dropped.
    fn propagate_with(&mut self, dep: &Dependence, events: &[EventId]) {
        for i in 0..dep.len() {
            if self.book.limit_reached(self.stats.states, self.stats.executed) {
                return;
            }
            let pending = std::mem::take(&mut self.frames[i].pending);
            let mut keep = Vec::new();
            let mut moved = Vec::new();
            for entry in pending {
                if entry.seq[0] == events[i] {
                    moved.push(entry);
                } else if dep.covers(i, events, &entry.seq) {
                    // Reorders independent events of the current sequence only.
                } else {
                    keep.push(entry);
                }
            }
            self.frames[i].pending = keep;
            for entry in moved {
                let mut entry = entry;
                entry.seq.remove(0);
                self.insert(dep, events, i + 1, entry);
            }
        }
    }

    /// Inserts `seq` into the persistent set of frame `i` (`insertInto T_seq` with Algorithm 3's
    /// descent): leading events not enabled there are skipped (replay would skip them); a first
    /// event the current sequence took there moves the rest one level down; a sequence the
    /// current one covers, or whose first event was explored there by an earlier execution, is
    /// dropped; a sequence already waiting keeps the smaller depth.
    fn insert(&mut self, dep: &Dependence, events: &[EventId], mut i: usize, entry: Entry<T::State>) {
        let Entry { mut seq, mut skipped, depth, origin } = entry;
        let n = dep.len();
        if i < n && dep.covers(i, events, &seq) {
            return;
        }
        loop {
            let frame = &self.frames[i];
            let skip = seq.iter().take_while(|&&e| !frame.enabled.contains(e)).count();
            skipped.extend(seq.drain(..skip));
            let Some(&first) = seq.first() else { return };
            if i < n && first == events[i] {
                seq.remove(0);
                i += 1;
                continue;
            }
            if frame.visited.contains(first) {
                return;
            }
            break;
        }
        let frame = &mut self.frames[i];
        if frame.known.insert(seq.clone()) {
            frame.pending.push(Entry { seq, skipped, depth, origin });
        } else if let Some(entry) = frame.pending.iter_mut().find(|e| e.seq == seq && e.depth > depth) {
            *entry = Entry { seq, skipped, depth, origin };
        }
    }

    /// The next entry to explore: at the deepest frame that has one within the bound, the one
    /// with the fewest reversals (earliest entered on ties).
    fn choose(&self) -> Option<(usize, usize)> {
        let bound = self.config.r4.reversals;
        for (k, frame) in self.frames.iter().enumerate().rev() {
            let best = frame
                .pending
                .iter()
                .enumerate()
                .filter(|(_, e)| bound.is_none_or(|b| e.depth <= b))
                .min_by_key(|(at, e)| (e.depth, *at));
            if let Some((at, _)) = best {
                return Some((k, at));
            }
        }
        None
    }

    fn finish(mut self, initial_skipped: Vec<(usize, EventId)>) -> R4Outcome {
        let Ended { findings, stop, cut_short } = self.book.finish(self.system, &mut self.stats);
        self.stats.events = self.all_events.len() as u64;
        let graph = match self.seen {
            Seen::Compact { states, edges } => {
                self.stats.visited_table_bytes = (states.table_bytes() + edges.table_bytes()) as u64;
                None
            }
            Seen::Graph(graph) => {
                self.stats.visited_table_bytes = graph.index_bytes() as u64;
                self.stats.graph_bytes = (graph.bytes() - graph.index_bytes()) as u64;
                Some(graph)
            }
        };
        let max_event = self.all_events.iter().last();
        let max_reversals = self.sequences.iter().map(|s| s.depth).max().unwrap_or(0);
        R4Outcome {
            outcome: Outcome {
                por: Por::R4,
                complete: !stop.is_some_and(|r| r.is_limit()),
                stop_reason: stop,
                stats: self.stats,
                findings,
                event_names: event_names(self.system, max_event),
                graph,
                cut_short,
                ..Outcome::default()
            },
            sequences: self.sequences,
            races: self.races,
            max_reversals,
            initial_skipped,
        }
    }
}

/// Completes a handler's accesses with the shadow locations of enabling: executing `event` reads
/// its own; a change of an event's enabling writes that event's; a shadow write the front end
/// reported for an event whose enabling did not change is a read. Sorted and deduplicated.
fn complete_accesses(event: EventId, before: &EventSet, after: &EventSet, accesses: &mut Vec<Access>) {
    accesses.push(Access::read(Location::shadow(event)));
    demote_unchanged_writes(accesses, |l| l.shadow_event().is_some_and(|e| before.contains(e) == after.contains(e)));
    for e in before.iter().filter(|&e| !after.contains(e)) {
        accesses.push(Access::write(Location::shadow(e)));
    }
    for e in after.iter().filter(|&e| !before.contains(e)) {
        accesses.push(Access::write(Location::shadow(e)));
    }
    accesses.sort_unstable();
    accesses.dedup();
}
