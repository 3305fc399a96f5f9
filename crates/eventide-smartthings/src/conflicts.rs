//! Conflict detection: a [`Monitor`] over the transitions' write labels.
//!
//! **The rule** (smartthings-model.md, section 5): a conflict is reported when, along some
//! execution, an app writes value `v` to a tracked attribute of a device (or the location mode)
//! and the previous app write to that same target on that execution — in an earlier transition
//! or earlier in the same transition, with no app write to it in between — was made by the
//! *other* app with a value different from `v`. Environment changes in between do not reset the
//! previous write; writes by the same app never conflict; writes made while handling a
//! user-initiated event are exempt as the later write (they can still be the earlier one);
//! writes made during `installed()` count.
//!
//! **Why a monitor.** Which app wrote last is path information, not part of the program state
//! the explorers match on — keeping it in the state would multiply the state count. Instead the
//! monitor keeps, for every state of the engine's explored [`Graph`], the set of *reaching last
//! writes*: per target, the (app, value) pairs that can be the last app write on some explored
//! path into the state. A new edge, or a state whose set grows, propagates along the explored
//! graph (as IoTCheck did), so a conflict whose two writes lie on different explorations joined
//! at a shared state is found. The graph is the engine's, handed to the monitor with every
//! transition; the monitor keeps only its own data beside it, indexed by the graph's dense ids:
//! the reaching writes per state and the tracked writes per edge.
//!
//! **Traces.** When a conflict is found, its trace follows the edges through which the first
//! write reached the conflicting transition, then the first-discovery path back to the initial
//! state: cheap, but as long as the explorer's path. [`ConflictMonitor::shorten_traces`] rebuilds
//! the traces once the exploration is over, from the finished graph the outcome returns: a
//! breadth-first search backwards from the conflicting transition finds the nearest transition
//! whose last write to the target is the first write, with no write to the target in between, and
//! the graph's shortest paths from the initial state lead to it (app exceptions get the same). The
//! two writes are located by step and write index ([`ConflictInfo`]), so a report can mark them.

use crate::label::{AppId, AppWrite, TransitionLabel, WriteTarget};
use eventide_engine::{
    EdgeId, EventId, Finding, FindingKind, Graph, Monitor, ObservedTransition, Outcome, ReportedFinding, ShortestPaths,
    StateId, TransitionSystem,
};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::collections::VecDeque;
use std::sync::Arc;

type TargetId = u32;

/// One side of a conflict.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConflictWrite {
    pub app: AppId,
    pub value: Arc<str>,
    /// Index of the trace step (0-based, into the finding's trace) that made the write.
    pub step: usize,
    /// Index of the write among that step's label writes.
    pub write: usize,
}

/// A conflict: two writes by different apps with different values to one target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConflictInfo {
    pub target: WriteTarget,
    pub first: ConflictWrite,
    pub second: ConflictWrite,
    /// The events from the initial state to the transition of the second write.
    pub trace: Vec<EventId>,
}

impl ConflictInfo {
    /// The identity of a conflict: (device, attribute, first app, first value, second app,
    /// second value).
    pub fn key(&self) -> String {
        conflict_key(&self.target, self.first.app, &self.first.value, self.second.app, &self.second.value)
    }
}

fn conflict_key(target: &WriteTarget, a1: AppId, v1: &str, a2: AppId, v2: &str) -> String {
    format!("conflict:{}.{}:{:?}={}:{:?}={}", target.device, target.attribute, a1, v1, a2, v2)
}

/// While walking one transition's writes: the possible last writes to one target, each with the
/// index of the write in this transition that made it (`None`: it reached the transition's source).
type LastWrites = SmallVec<[(AppId, Arc<str>, Option<usize>); 2]>;

/// Where a conflict was found: the second write is write `write` of the tracked writes of `edge`;
/// the first is `earlier_in_edge` of the same edge, or reaches its source.
struct Witness {
    edge: EdgeId,
    target: TargetId,
    first: (AppId, Arc<str>),
    earlier_in_edge: Option<usize>,
    second: (AppId, Arc<str>),
    write: usize,
}

/// A reaching last write at a state, with the edge it first arrived through.
#[derive(Clone, Debug)]
struct Reach {
    app: AppId,
    value: Arc<str>,
    via: EdgeId,
}

/// The reaching last writes at one state, per target.
type Reaching = FxHashMap<TargetId, SmallVec<[Reach; 2]>>;

/// One tracked write of an explored transition.
struct EdgeWrite {
    target: TargetId,
    app: AppId,
    value: Arc<str>,
    /// Its index among the label's writes (all attributes), for traces.
    label_index: usize,
    /// Exempt as the later write of a conflict: made while handling a user-initiated event, not
    /// by a scheduled handler run inline.
    exempt: bool,
}

/// Which attributes conflicts are reported for.
#[derive(Clone, Debug, Default)]
pub enum Tracked {
    /// Every attribute an app command can set, and the location mode.
    #[default]
    All,
    /// Only these attribute names (`mode` stands for the location mode).
    Only(FxHashSet<String>),
}

impl Tracked {
    pub fn from_list(names: &[String]) -> Tracked {
        if names.is_empty() {
            Tracked::All
        } else {
            Tracked::Only(names.iter().map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect())
        }
    }

    /// The tracked set of `--track a,b,...` after checking each name: an empty name, or one that
    /// no capability of the catalogue has (and is not `mode` or `alarmSystemStatus`, the
    /// location's), is an error — a misspelt
    /// attribute would otherwise track nothing and report no conflicts.
    pub fn parse(names: &[String]) -> Result<Tracked, String> {
        for name in names {
            let name = name.trim();
            if name.is_empty() {
                return Err("--track: empty attribute name (give names separated by commas, e.g. lock,switch)".into());
            }
            if !matches!(name, "mode" | "alarmSystemStatus")
                && !crate::catalogue::ATTRIBUTES.iter().any(|a| a.attribute == name)
            {
                return Err(format!(
                    "--track: unknown attribute `{name}`: no capability of the catalogue has it (`mode` is the \
                     location mode, `alarmSystemStatus` the Smart Home Monitor)"
                ));
            }
        }
        Ok(Tracked::from_list(names))
    }

    pub(crate) fn tracks(&self, attribute: &str) -> bool {
        match self {
            Tracked::All => true,
            Tracked::Only(set) => set.contains(attribute),
        }
    }
}

/// The conflict monitor. Run an exploration with it, then read [`ConflictMonitor::conflicts`].
pub struct ConflictMonitor {
    tracked: Tracked,
    /// Per state of the engine's graph, by [`StateId`]: the reaching last writes.
    reach: Vec<Reaching>,
    /// Per edge of the engine's graph, by [`EdgeId`]: its tracked writes, in order, are
    /// `writes[write_start[e]..write_start[e + 1]]`.
    write_start: Vec<u32>,
    writes: Vec<EdgeWrite>,
    targets: Vec<WriteTarget>,
    target_index: FxHashMap<WriteTarget, TargetId>,
    found: Vec<ConflictInfo>,
    witnesses: Vec<Witness>,
    reported: FxHashSet<String>,
}

impl ConflictMonitor {
    pub fn new(tracked: Tracked) -> ConflictMonitor {
        ConflictMonitor {
            tracked,
            reach: Vec::new(),
            write_start: vec![0],
            writes: Vec::new(),
            targets: Vec::new(),
            target_index: FxHashMap::default(),
            found: Vec::new(),
            witnesses: Vec::new(),
            reported: FxHashSet::default(),
        }
    }

    /// Every distinct conflict found, in the order found.
    pub fn conflicts(&self) -> &[ConflictInfo] {
        &self.found
    }

    /// The conflict with this finding key.
    pub fn conflict(&self, key: &str) -> Option<&ConflictInfo> {
        self.found.iter().find(|c| c.key() == key)
    }

    fn target(&mut self, target: &WriteTarget) -> TargetId {
        if let Some(&id) = self.target_index.get(target) {
            return id;
        }
        let id = self.targets.len() as TargetId;
        self.targets.push(target.clone());
        self.target_index.insert(target.clone(), id);
        id
    }

    /// The tracked writes of `edge`, in order.
    fn edge_writes(&self, edge: EdgeId) -> &[EdgeWrite] {
        let e = edge as usize;
        &self.writes[self.write_start[e] as usize..self.write_start[e + 1] as usize]
    }

    /// Records the tracked writes of the new edge `edge` (the edges come in id order).
    fn add_edge_writes(&mut self, edge: EdgeId, label: &TransitionLabel) {
        debug_assert_eq!(edge as usize + 1, self.write_start.len(), "edges are observed in id order");
        for (i, w) in label.writes.iter().enumerate() {
            let w: &AppWrite = w;
            if self.tracked.tracks(&w.target.attribute) {
                let target = self.target(&w.target);
                self.writes.push(EdgeWrite {
                    target,
                    app: w.app,
                    value: w.value.clone(),
                    label_index: i,
                    exempt: label.user_initiated && !w.scheduled,
                });
            }
        }
        self.write_start.push(self.writes.len() as u32);
    }

    /// Applies `edge` to the reaching writes of its source: reports conflicts, merges the result
    /// into its destination. Returns true when the destination's set grew.
    /// The conflicts `edge` makes with the writes reaching its source now, each with its key.
    fn edge_conflicts(&self, graph: &Graph, edge: EdgeId) -> Vec<(String, Witness)> {
        let src = graph.edge(edge).src as usize;
        // Per written target: the current last writes while walking the transition's writes.
        let mut current: FxHashMap<TargetId, LastWrites> = FxHashMap::default();
        let mut conflicts = Vec::new();
        for (wi, EdgeWrite { target, app, value, exempt, .. }) in self.edge_writes(edge).iter().enumerate() {
            let cur = current.entry(*target).or_insert_with(|| {
                self.reach[src]
                    .get(target)
                    .map(|rs| rs.iter().map(|r| (r.app, r.value.clone(), None)).collect())
                    .unwrap_or_default()
            });
            if !exempt {
                for (prev_app, prev_value, prev_index) in cur.iter() {
                    if prev_app != app && prev_value != value {
                        let key = conflict_key(&self.targets[*target as usize], *prev_app, prev_value, *app, value);
                        let witness = Witness {
                            edge,
                            target: *target,
                            first: (*prev_app, prev_value.clone()),
                            earlier_in_edge: *prev_index,
                            second: (*app, value.clone()),
                            write: wi,
                        };
                        conflicts.push((key, witness));
                    }
                }
            }
            *cur = SmallVec::from_elem((*app, value.clone(), Some(wi)), 1);
        }
        conflicts
    }

    fn process_edge(&mut self, graph: &Graph, edge: EdgeId, out: &mut Vec<ReportedFinding>) -> bool {
        let e = graph.edge(edge);
        let (src, dst) = (e.src as usize, e.dst as usize);
        for (key, witness) in self.edge_conflicts(graph, edge) {
            if self.reported.contains(&key) {
                continue;
            }
            let (a1, a2) = (witness.first.0, witness.second.0);
            let info = self.explain(graph, &witness, None);
            self.witnesses.push(witness);
            self.reported.insert(key.clone());
            let message = format!(
                "{}.{}: {:?} wrote {} then {:?} wrote {}",
                info.target.device, info.target.attribute, a1, info.first.value, a2, info.second.value
            );
            out.push(ReportedFinding {
                finding: Finding { kind: FindingKind::Violation, key, message, position: None },
                trace: info.trace.clone(),
            });
            self.found.push(info);
        }
        // Merge into the destination: written targets carry their last write, others pass through.
        let mut grew = false;
        let written: FxHashMap<TargetId, (AppId, Arc<str>)> =
            self.edge_writes(edge).iter().map(|w| (w.target, (w.app, w.value.clone()))).collect();
        let passing: Vec<(TargetId, AppId, Arc<str>)> = self.reach[src]
            .iter()
            .filter(|(t, _)| !written.contains_key(t))
            .flat_map(|(t, rs)| rs.iter().map(move |r| (*t, r.app, r.value.clone())))
            .collect();
        let incoming = written.into_iter().map(|(t, (a, v))| (t, a, v)).chain(passing);
        for (target, app, value) in incoming {
            let slot = self.reach[dst].entry(target).or_default();
            if !slot.iter().any(|r| r.app == app && r.value == value) {
                slot.push(Reach { app, value, via: edge });
                grew = true;
            }
        }
        grew
    }

    /// For a write `first` that reaches `node` as the last app write to `target`: a transition
    /// whose last write to `target` is `first`, the shortest chain of explored transitions from it
    /// to `node` that write nothing to `target` (oldest first), and the index of the write in it.
    /// A breadth-first search backwards from `node`.
    fn shortest_since_write(
        &self,
        graph: &Graph,
        node: StateId,
        target: TargetId,
        first: &(AppId, Arc<str>),
    ) -> Option<(EdgeId, Vec<EdgeId>, usize)> {
        // `toward[n]`: the edge leaving `n` on the way to `node`.
        const UNSEEN: EdgeId = EdgeId::MAX;
        let mut toward = vec![UNSEEN; graph.state_count()];
        let mut seen = vec![false; graph.state_count()];
        seen[node as usize] = true;
        let mut queue = VecDeque::from([node]);
        while let Some(n) = queue.pop_front() {
            for e in graph.in_edges(n) {
                let edge = graph.edge(e);
                let writes = self.edge_writes(e);
                match writes.iter().rposition(|w| w.target == target) {
                    Some(i) => {
                        let EdgeWrite { app, value, .. } = &writes[i];
                        if *app == first.0 && *value == first.1 {
                            let mut middle = Vec::new();
                            let mut m = n;
                            while m != node {
                                let next = toward[m as usize];
                                middle.push(next);
                                m = graph.edge(next).dst;
                            }
                            return Some((e, middle, i));
                        }
                    }
                    None => {
                        if !seen[edge.src as usize] {
                            seen[edge.src as usize] = true;
                            toward[edge.src as usize] = e;
                            queue.push_back(edge.src);
                        }
                    }
                }
            }
        }
        None
    }

    /// The same as [`Self::shortest_since_write`] along the edges through which each reaching write
    /// first arrived (always defined, as every reaching write arrived through some edge).
    fn first_arrival_since_write(
        &self,
        graph: &Graph,
        node: StateId,
        target: TargetId,
        first: &(AppId, Arc<str>),
    ) -> (EdgeId, Vec<EdgeId>, usize) {
        let mut middle = Vec::new();
        let mut cur = node;
        loop {
            let reach = &self.reach[cur as usize][&target];
            let r = reach.iter().find(|r| r.app == first.0 && r.value == first.1).expect("reaching write");
            if let Some(i) = self.edge_writes(r.via).iter().rposition(|w| w.target == target) {
                middle.reverse();
                return (r.via, middle, i);
            }
            middle.push(r.via);
            cur = graph.edge(r.via).src;
        }
    }

    /// Rebuilds the traces from the whole explored graph when the exploration is over: every
    /// conflict's (see [`ConflictMonitor::conflicts`]), and in `outcome`, the conflicts' and the
    /// app exceptions'. A depth-first search meets a finding deep in the graph, and only the
    /// finished graph ([`Outcome::graph`], which a run with this monitor returns) holds the short
    /// paths to it. An exception's state is found by replaying its trace in `system`.
    pub fn shorten_traces<T: TransitionSystem>(&mut self, system: &mut T, outcome: &mut Outcome) {
        let Outcome { graph, findings, .. } = outcome;
        let Some(graph) = graph.as_ref() else { return };
        let mut paths = graph.shortest_paths();
        let nearest = self.nearest_witnesses(graph, &mut paths);
        let found: Vec<ConflictInfo> = self
            .witnesses
            .iter()
            .zip(nearest)
            .map(|(w, near)| {
                let first = self.explain(graph, w, Some(&mut paths));
                match near {
                    Some(near) => {
                        let other = self.explain(graph, &near, Some(&mut paths));
                        if other.trace.len() < first.trace.len() {
                            other
                        } else {
                            first
                        }
                    }
                    None => first,
                }
            })
            .collect();
        self.found = found;
        for reported in findings {
            match reported.finding.kind {
                FindingKind::Violation => {
                    if let Some(c) = self.found.iter().find(|c| c.key() == reported.finding.key) {
                        reported.trace = c.trace.clone();
                    }
                }
                FindingKind::AppException => {
                    let Some((&last, prefix)) = reported.trace.split_last() else { continue };
                    let mut state = system.initial_state();
                    for &event in prefix {
                        state = system.execute(&state, event, &mut Vec::new()).next;
                    }
                    let Some(node) = graph.state(system.fingerprint(&state)) else { continue };
                    let path = paths.path_to(node);
                    if path.len() < prefix.len() {
                        reported.trace = path.iter().map(|&e| graph.edge(e).event).chain([last]).collect();
                    }
                }
            }
        }
    }

    /// Per witness (in order): the transition of the finished graph nearest the initial state
    /// that makes the same conflict, when it is nearer than the witness's. The run reports a
    /// conflict where it first meets it, which a depth-first search meets deep; every transition
    /// is checked again here against the final reaching writes.
    fn nearest_witnesses(&self, graph: &Graph, paths: &mut ShortestPaths<'_>) -> Vec<Option<Witness>> {
        let index: FxHashMap<String, usize> = self
            .witnesses
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let t = &self.targets[w.target as usize];
                (conflict_key(t, w.first.0, &w.first.1, w.second.0, &w.second.1), i)
            })
            .collect();
        let mut best: Vec<(u32, Option<Witness>)> =
            self.witnesses.iter().map(|w| (paths.distance_to(graph.edge(w.edge).src), None)).collect();
        for edge in 0..graph.edge_count() as EdgeId {
            if self.edge_writes(edge).is_empty() {
                continue;
            }
            for (key, witness) in self.edge_conflicts(graph, edge) {
                let Some(&i) = index.get(&key) else { continue };
                let depth = paths.distance_to(graph.edge(edge).src);
                if depth < best[i].0 {
                    best[i] = (depth, Some(witness));
                }
            }
        }
        best.into_iter().map(|(_, w)| w).collect()
    }

    /// Builds the trace of a conflict: from the first-discovery paths and the edges through which
    /// writes first arrived (cheap, during the exploration), or as a shortest witness when given
    /// the graph's shortest paths.
    fn explain(&self, graph: &Graph, witness: &Witness, shortest: Option<&mut ShortestPaths<'_>>) -> ConflictInfo {
        let Witness { edge, target, ref first, earlier_in_edge, ref second, write: wi } = *witness;
        let (first, second) = (first.clone(), second.clone());
        let src = graph.edge(edge).src;
        // The transition that made the first write, and the edges from it to `edge` (oldest first).
        let (first_edge, middle, first_write_index) = match (earlier_in_edge, shortest.is_some()) {
            (Some(i), _) => (edge, Vec::new(), i),
            (None, true) => self
                .shortest_since_write(graph, src, target, &first)
                .unwrap_or_else(|| self.first_arrival_since_write(graph, src, target, &first)),
            (None, false) => self.first_arrival_since_write(graph, src, target, &first),
        };
        let start = graph.edge(first_edge).src;
        let mut all = match shortest {
            Some(paths) => paths.path_to(start),
            None => first_discovery_path(graph, start),
        };
        let first_step = all.len();
        all.push(first_edge);
        all.extend(middle);
        if first_edge != edge {
            all.push(edge);
        }
        let second_step = all.len() - 1;
        let label_index = |e: EdgeId, i: usize| self.edge_writes(e)[i].label_index;
        ConflictInfo {
            target: self.targets[target as usize].clone(),
            first: ConflictWrite {
                app: first.0,
                value: first.1,
                step: first_step,
                write: label_index(all[first_step], first_write_index),
            },
            second: ConflictWrite { app: second.0, value: second.1, step: second_step, write: label_index(edge, wi) },
            trace: all.iter().map(|&e| graph.edge(e).event).collect(),
        }
    }
}

/// The edges from the initial state to `s` through which each state was first reached.
fn first_discovery_path(graph: &Graph, s: StateId) -> Vec<EdgeId> {
    let mut path = Vec::new();
    let mut n = s;
    while let Some(e) = graph.discovered_by(n) {
        path.push(e);
        n = graph.edge(e).src;
    }
    path.reverse();
    path
}

impl<T: TransitionSystem<Label = TransitionLabel>> Monitor<T> for ConflictMonitor {
    fn on_initial(&mut self, graph: &Graph, _initial: StateId) {
        self.reach.resize_with(graph.state_count(), Reaching::default);
    }

    fn on_transition(
        &mut self,
        _system: &T,
        graph: &Graph,
        t: ObservedTransition<'_, TransitionLabel>,
        found: &mut Vec<ReportedFinding>,
    ) {
        if !t.new_edge {
            return; // a re-execution: deterministic, nothing new
        }
        self.reach.resize_with(graph.state_count(), Reaching::default);
        self.add_edge_writes(t.edge, t.label);
        let mut work = Vec::new();
        if self.process_edge(graph, t.edge, found) {
            work.push(t.dst);
        }
        while let Some(n) = work.pop() {
            for e in graph.out_edges(n) {
                if self.process_edge(graph, e, found) {
                    work.push(graph.edge(e).dst);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn track_names_are_checked_against_the_catalogue() {
        assert!(matches!(Tracked::parse(&[]), Ok(Tracked::All)));
        let t = Tracked::parse(&names(&["lock", " switch", "mode"])).unwrap();
        assert!(t.tracks("lock") && t.tracks("switch") && t.tracks("mode") && !t.tracks("level"));
        assert!(Tracked::parse(&names(&["lokc"])).unwrap_err().contains("unknown attribute `lokc`"));
        assert!(Tracked::parse(&names(&["lock", ""])).unwrap_err().contains("empty attribute name"));
    }
}
