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
//! the traces once the exploration is over, from the finished graph the outcome returns: each is
//! a shortest path of the graph that makes its conflict (a path to a transition whose last write
//! to the target is the first write, transitions without writes to the target, then the
//! conflicting transition; through a cycle twice when that is what it takes), found by one
//! shortest-path search per target and first write. An app exception's trace is a shortest path
//! to the nearest transition that raised it. The
//! two writes are located by step and write index ([`ConflictInfo`]), so a report can mark them.

use crate::label::{AppId, AppWrite, TransitionLabel, WriteTarget};
use eventide_engine::{
    EdgeId, EventId, Finding, FindingKind, Graph, Monitor, ObservedTransition, Outcome, ReportedFinding, ShortestPaths,
    StateId, TransitionSystem,
};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
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

/// Where a conflict's two writes lie after the path to `src(first_edge)`: write `first_write` of
/// the tracked writes of `first_edge`, then `middle` (transitions that write nothing to the
/// target), then write `second_write` of `edge` (`edge` is `first_edge` when the two writes are
/// in one transition, and then `middle` is empty).
struct Route {
    first_edge: EdgeId,
    first_write: usize,
    middle: Vec<EdgeId>,
    edge: EdgeId,
    second_write: usize,
}

/// A conflicting transition found by [`ConflictMonitor::shortest_routes`]: the length of its
/// shortest trace, the transition, the index of the first write when it is in the same
/// transition, and the index of the second write.
type Candidate = (u32, EdgeId, Option<usize>, usize);

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
    /// Per app exception (by finding key): every explored transition that raised it.
    raised_at: FxHashMap<String, Vec<EdgeId>>,
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
            raised_at: FxHashMap::default(),
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
            let info = self.explain(graph, &witness);
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
    /// whose last write to `target` is `first`, the chain of explored transitions from it to
    /// `node` that write nothing to `target` (oldest first), and the index of the write in it,
    /// along the edges through which each reaching write first arrived (always defined, as every
    /// reaching write arrived through some edge).
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
        let shortest = self.shortest_routes(graph, &mut paths);
        let found: Vec<ConflictInfo> = self
            .witnesses
            .iter()
            .zip(shortest)
            .map(|(w, route)| match route {
                Some((prefix, route)) => self.info(graph, w, prefix, route),
                None => self.explain(graph, w),
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
                    // The nearest transition that raised it, when the run saw them all.
                    let raised = self.raised_at.get(&reported.finding.key).map_or(&[][..], Vec::as_slice);
                    let nearest = raised.iter().min_by_key(|&&e| paths.distance_to(graph.edge(e).src));
                    if let Some(&edge) = nearest {
                        let mut path = paths.path_to(graph.edge(edge).src);
                        path.push(edge);
                        if path.len() <= reported.trace.len() {
                            reported.trace = path.iter().map(|&e| graph.edge(e).event).collect();
                        }
                        continue;
                    }
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

    /// Per witness (in order): a shortest trace of the finished graph that makes the same
    /// conflict, as the path to the source of the first write's transition and the [`Route`]
    /// from there. The run reports a conflict where it first meets it, which a depth-first search
    /// meets deep, through whichever first write reached it first.
    ///
    /// A trace that makes conflict (target, first, second) is a path from the initial state to a
    /// transition `f` whose last write to the target is `first`, then transitions that do not
    /// write the target, then a transition whose first write to the target is `second` (or a
    /// single transition with the two writes in a row). Per (target, first), one search over the
    /// graph finds the shortest of all: each state's distance *after* a write of `first` with no
    /// write to the target since (a shortest-path search seeded at the destinations of the
    /// transitions `f`, each at its source's distance from the initial state plus one, that
    /// follows only transitions without writes to the target); a conflicting transition's trace
    /// is its source's distance plus one.
    fn shortest_routes(&self, graph: &Graph, paths: &mut ShortestPaths<'_>) -> Vec<Option<(Vec<EdgeId>, Route)>> {
        if self.witnesses.is_empty() {
            return Vec::new();
        }
        let mut groups: FxHashMap<(TargetId, AppId, Arc<str>), Vec<usize>> = FxHashMap::default();
        for (i, w) in self.witnesses.iter().enumerate() {
            groups.entry((w.target, w.first.0, w.first.1.clone())).or_default().push(i);
        }
        let mut routes: Vec<Option<(Vec<EdgeId>, Route)>> = self.witnesses.iter().map(|_| None).collect();
        let from_initial: Vec<u32> = (0..graph.state_count() as StateId).map(|s| paths.distance_to(s)).collect();
        for ((target, app, value), members) in groups {
            let first = (app, value);
            let is_first = |w: &EdgeWrite| w.app == first.0 && w.value == first.1;
            // The search: per state, the distance after a write of `first` with no write to the
            // target since, and the edge it came through (with the index of the write when that
            // edge made it).
            let n = graph.state_count();
            let mut after = vec![u32::MAX; n];
            let mut via: Vec<(EdgeId, Option<usize>)> = vec![(EdgeId::MAX, None); n];
            let mut heap = BinaryHeap::new();
            for f in 0..graph.edge_count() as EdgeId {
                let writes = self.edge_writes(f);
                let Some(i) = writes.iter().rposition(|w| w.target == target) else { continue };
                let e = graph.edge(f);
                let d = from_initial[e.src as usize] + 1;
                if is_first(&writes[i]) && d < after[e.dst as usize] {
                    after[e.dst as usize] = d;
                    via[e.dst as usize] = (f, Some(i));
                    heap.push(Reverse((d, e.dst)));
                }
            }
            while let Some(Reverse((d, s))) = heap.pop() {
                if d > after[s as usize] {
                    continue;
                }
                for g in graph.out_edges(s) {
                    let dst = graph.edge(g).dst as usize;
                    if d + 1 < after[dst] && !self.edge_writes(g).iter().any(|w| w.target == target) {
                        after[dst] = d + 1;
                        via[dst] = (g, None);
                        heap.push(Reverse((d + 1, dst as StateId)));
                    }
                }
            }
            // The conflicting transitions: per second write, the shortest (length, route).
            let mut best: FxHashMap<(AppId, Arc<str>), Candidate> = FxHashMap::default();
            for e in 0..graph.edge_count() as EdgeId {
                let src = graph.edge(e).src as usize;
                let on_target: SmallVec<[usize; 4]> = self
                    .edge_writes(e)
                    .iter()
                    .enumerate()
                    .filter(|(_, w)| w.target == target)
                    .map(|(i, _)| i)
                    .collect();
                let writes = self.edge_writes(e);
                let conflicts = |j: usize| {
                    let w = &writes[j];
                    !w.exempt && w.app != first.0 && w.value != first.1
                };
                let mut offer = |len: u32, earlier: Option<usize>, j: usize| {
                    let key = (writes[j].app, writes[j].value.clone());
                    if best.get(&key).is_none_or(|b| len < b.0) {
                        best.insert(key, (len, e, earlier, j));
                    }
                };
                if let Some(&j) = on_target.first() {
                    if after[src] != u32::MAX && conflicts(j) {
                        offer(after[src] + 1, None, j);
                    }
                }
                for pair in on_target.windows(2) {
                    if is_first(&writes[pair[0]]) && conflicts(pair[1]) {
                        offer(from_initial[src] + 1, Some(pair[0]), pair[1]);
                    }
                }
            }
            for i in members {
                let Some(&(_, edge, earlier, second_write)) = best.get(&self.witnesses[i].second) else { continue };
                let route = match earlier {
                    Some(first_write) => {
                        Route { first_edge: edge, first_write, middle: Vec::new(), edge, second_write }
                    }
                    None => {
                        let mut middle = Vec::new();
                        let mut s = graph.edge(edge).src;
                        while let (g, None) = via[s as usize] {
                            middle.push(g);
                            s = graph.edge(g).src;
                        }
                        middle.reverse();
                        let (first_edge, first_write) = via[s as usize];
                        Route { first_edge, first_write: first_write.unwrap_or(0), middle, edge, second_write }
                    }
                };
                let prefix = paths.path_to(graph.edge(route.first_edge).src);
                routes[i] = Some((prefix, route));
            }
        }
        routes
    }

    /// Builds the trace of a conflict from the first-discovery paths and the edges through which
    /// writes first arrived (cheap, during the exploration).
    fn explain(&self, graph: &Graph, witness: &Witness) -> ConflictInfo {
        let Witness { edge, target, ref first, earlier_in_edge, write, .. } = *witness;
        let route = match earlier_in_edge {
            Some(i) => Route { first_edge: edge, first_write: i, middle: Vec::new(), edge, second_write: write },
            None => {
                let src = graph.edge(edge).src;
                let (first_edge, middle, first_write) = self.first_arrival_since_write(graph, src, target, first);
                Route { first_edge, first_write, middle, edge, second_write: write }
            }
        };
        let prefix = first_discovery_path(graph, graph.edge(route.first_edge).src);
        self.info(graph, witness, prefix, route)
    }

    /// The conflict of `witness` along `prefix` (from the initial state) and `route`.
    fn info(&self, graph: &Graph, witness: &Witness, prefix: Vec<EdgeId>, route: Route) -> ConflictInfo {
        let Route { first_edge, first_write, middle, edge, second_write } = route;
        let mut all = prefix;
        let first_step = all.len();
        all.push(first_edge);
        all.extend(middle);
        // The same transition twice when the first write reached it through a cycle (a
        // self-loop whose write the next run of the same event overwrites).
        if first_edge != edge || first_write >= second_write {
            all.push(edge);
        }
        let second_step = all.len() - 1;
        let label_index = |e: EdgeId, i: usize| self.edge_writes(e)[i].label_index;
        let (first, second) = (witness.first.clone(), witness.second.clone());
        ConflictInfo {
            target: self.targets[witness.target as usize].clone(),
            first: ConflictWrite {
                app: first.0,
                value: first.1,
                step: first_step,
                write: label_index(first_edge, first_write),
            },
            second: ConflictWrite {
                app: second.0,
                value: second.1,
                step: second_step,
                write: label_index(edge, second_write),
            },
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
        for f in t.raised.iter().filter(|f| f.kind == FindingKind::AppException) {
            self.raised_at.entry(f.key.clone()).or_default().push(t.edge);
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
