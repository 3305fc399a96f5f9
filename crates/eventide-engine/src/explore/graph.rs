//! The explored state graph, shared by the explorers and the monitors.
//!
//! A [`Graph`] numbers the states an exploration stored densely ([`StateId`], the initial state
//! is 0) and finds them by fingerprint; it numbers the distinct transitions ([`EdgeId`]) in the
//! order they were first executed, each an [`GraphEdge`] `(src, event, dst)`, findable by
//! `(src, event)`. Out- and in-adjacency are kept as lists threaded through the edges (16 bytes per
//! state, 8 per edge), and iterate in insertion order. [`Graph::shortest_paths`] is the one
//! shortest-path routine: a breadth-first tree from the initial state, grown only as far as the
//! states asked for.
//!
//! DPOR's state graph is a `Graph` (the explorer keeps its per-state and per-edge data beside
//! it, indexed by the same ids). Exhaustive search keeps only fingerprints unless a monitor
//! observes the run or [`Config::keep_graph`](super::Config::keep_graph) asks for the graph; then
//! it builds one too. Monitors see transitions as ids of this graph, keep per-state and per-edge
//! data of their own indexed by them, and get the finished graph back in
//! [`Outcome::graph`](super::Outcome::graph) (for example to rebuild traces as shortest paths).
//! The graph holds no path data: every state in it is reachable from the initial state, and every
//! path of it replays, as every edge is a transition that was executed.

use crate::system::{EventId, Fingerprint};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// A dense id of a stored state; the initial state is 0.
pub type StateId = u32;
/// A dense id of a distinct explored transition, in the order first executed.
pub type EdgeId = u32;

const NONE: u32 = u32::MAX;

/// One explored transition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphEdge {
    pub src: StateId,
    pub event: EventId,
    pub dst: StateId,
}

/// The two adjacency lists threaded through the edges: index 0 is a state's out-list, index 1
/// its in-list.
const OUT: usize = 0;
const IN: usize = 1;

/// Per state and list ([`OUT`], [`IN`]): its first and last edge (`NONE` when empty).
#[derive(Clone)]
struct Links {
    first: [EdgeId; 2],
    last: [EdgeId; 2],
}

#[derive(Clone)]
struct EdgeRecord {
    edge: GraphEdge,
    /// The next edge of the source's out-list and of the destination's in-list.
    next: [EdgeId; 2],
}

/// The explored state graph (see the module documentation).
#[derive(Clone, Default)]
pub struct Graph {
    /// Fingerprint (as two words, which packs an entry in 24 bytes) to state id.
    index: FxHashMap<(u64, u64), StateId>,
    states: Vec<Links>,
    edges: Vec<EdgeRecord>,
    edge_index: FxHashMap<(StateId, EventId), EdgeId>,
}

impl std::fmt::Debug for Graph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Graph").field("states", &self.states.len()).field("edges", &self.edges.len()).finish()
    }
}

fn key(fp: Fingerprint) -> (u64, u64) {
    ((fp.0 >> 64) as u64, fp.0 as u64)
}

impl Graph {
    /// The initial state's id.
    pub const INITIAL: StateId = 0;

    /// Number of states stored.
    pub fn state_count(&self) -> usize {
        self.states.len()
    }

    /// Number of distinct edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The state with this fingerprint, if stored.
    pub fn state(&self, fp: Fingerprint) -> Option<StateId> {
        self.index.get(&key(fp)).copied()
    }

    pub fn edge(&self, e: EdgeId) -> GraphEdge {
        self.edges[e as usize].edge
    }

    /// The edge taking `event` at `src`, if explored.
    pub fn edge_from(&self, src: StateId, event: EventId) -> Option<EdgeId> {
        self.edge_index.get(&(src, event)).copied()
    }

    /// The edges leaving `s`, in the order they were added.
    pub fn out_edges(&self, s: StateId) -> Adjacent<'_> {
        Adjacent { graph: self, next: self.states[s as usize].first[OUT], list: OUT }
    }

    /// The edges entering `s`, in the order they were added.
    pub fn in_edges(&self, s: StateId) -> Adjacent<'_> {
        Adjacent { graph: self, next: self.states[s as usize].first[IN], list: IN }
    }

    /// The edge through which `s` was first reached (`None` for the initial state): following it
    /// back state by state gives the first-discovery path from the initial state.
    pub fn discovered_by(&self, s: StateId) -> Option<EdgeId> {
        let first = self.states[s as usize].first[IN];
        (s != Self::INITIAL && first != NONE).then_some(first)
    }

    /// Stores the state with fingerprint `fp` unless it is stored; returns its id and whether it
    /// is new. The first state stored is the initial state.
    pub(crate) fn add_state(&mut self, fp: Fingerprint) -> (StateId, bool) {
        let next = self.states.len() as StateId;
        let id = *self.index.entry(key(fp)).or_insert(next);
        if id != next {
            return (id, false);
        }
        self.states.push(Links { first: [NONE; 2], last: [NONE; 2] });
        (id, true)
    }

    /// Adds the edge `(src, event, dst)`, which must not be in the graph yet.
    pub(crate) fn add_edge(&mut self, src: StateId, event: EventId, dst: StateId) -> EdgeId {
        let id = self.edges.len() as EdgeId;
        debug_assert!(!self.edge_index.contains_key(&(src, event)), "edge added twice");
        self.edges.push(EdgeRecord { edge: GraphEdge { src, event, dst }, next: [NONE; 2] });
        self.edge_index.insert((src, event), id);
        self.append(OUT, src, id);
        self.append(IN, dst, id);
        id
    }

    /// Appends edge `id` to list `list` of state `s`.
    fn append(&mut self, list: usize, s: StateId, id: EdgeId) {
        let links = &mut self.states[s as usize];
        match links.last[list] {
            NONE => links.first[list] = id,
            last => self.edges[last as usize].next[list] = id,
        }
        links.last[list] = id;
    }

    /// Shortest paths from the initial state (see [`ShortestPaths`]).
    pub fn shortest_paths(&self) -> ShortestPaths<'_> {
        let mut via = vec![UNSEEN; self.states.len()];
        let depth = vec![0; self.states.len()];
        let mut queue = VecDeque::new();
        if !via.is_empty() {
            via[Self::INITIAL as usize] = ROOT;
            queue.push_back(Self::INITIAL);
        }
        ShortestPaths { graph: self, via, depth, queue }
    }

    /// Bytes of the fingerprint index, slack included.
    pub fn index_bytes(&self) -> usize {
        self.index.capacity() * (std::mem::size_of::<((u64, u64), StateId)>() + 1)
    }

    /// Bytes of the graph: the fingerprint index, the states' adjacency, the edges and the edge
    /// index, slack included.
    pub fn bytes(&self) -> usize {
        self.index_bytes()
            + self.states.capacity() * std::mem::size_of::<Links>()
            + self.edges.capacity() * std::mem::size_of::<EdgeRecord>()
            + self.edge_index.capacity() * (std::mem::size_of::<((StateId, EventId), EdgeId)>() + 1)
    }
}

/// The edges leaving or entering one state, in insertion order.
pub struct Adjacent<'g> {
    graph: &'g Graph,
    next: EdgeId,
    /// [`OUT`] or [`IN`].
    list: usize,
}

impl Iterator for Adjacent<'_> {
    type Item = EdgeId;

    #[inline]
    fn next(&mut self) -> Option<EdgeId> {
        if self.next == NONE {
            return None;
        }
        let e = self.next;
        let record = &self.graph.edges[e as usize];
        self.next = record.next[self.list];
        Some(e)
    }
}

const UNSEEN: EdgeId = EdgeId::MAX;
const ROOT: EdgeId = EdgeId::MAX - 1;

/// Shortest paths of a [`Graph`] from its initial state: a breadth-first tree (out-edges in
/// insertion order; a state's tree edge is the first edge that discovered it), grown on demand,
/// so one query costs a search up to its target and many queries share one tree.
pub struct ShortestPaths<'g> {
    graph: &'g Graph,
    /// Per state: the tree edge into it, `ROOT` for the initial state, `UNSEEN` if not reached yet.
    via: Vec<EdgeId>,
    /// Per reached state: its distance (in edges) from the initial state.
    depth: Vec<u32>,
    queue: VecDeque<StateId>,
}

impl ShortestPaths<'_> {
    /// Grows the tree until it reaches `target`; returns its distance from the initial state.
    fn reach(&mut self, target: StateId) -> u32 {
        while self.via[target as usize] == UNSEEN {
            let Some(s) = self.queue.pop_front() else { break };
            let next = self.depth[s as usize] + 1;
            for e in self.graph.out_edges(s) {
                let dst = self.graph.edge(e).dst;
                if self.via[dst as usize] == UNSEEN {
                    self.via[dst as usize] = e;
                    self.depth[dst as usize] = next;
                    self.queue.push_back(dst);
                }
            }
        }
        debug_assert_ne!(
            self.via[target as usize], UNSEEN,
            "every state of the graph is reachable from the initial state"
        );
        self.depth[target as usize]
    }

    /// The distance (in edges) of `target` from the initial state.
    pub fn distance_to(&mut self, target: StateId) -> u32 {
        self.reach(target)
    }

    /// A shortest path to the nearest of `targets` (the first of them among the nearest), or
    /// `None` when there are none. One search serves all targets: the cost is that of the
    /// search, however many targets there are.
    pub fn path_to_nearest(&mut self, targets: impl IntoIterator<Item = StateId>) -> Option<Vec<EdgeId>> {
        let nearest = targets.into_iter().map(|t| (self.reach(t), t)).min_by_key(|&(depth, _)| depth)?;
        Some(self.path_to(nearest.1))
    }

    /// The edges of a shortest path from the initial state to `target`.
    pub fn path_to(&mut self, target: StateId) -> Vec<EdgeId> {
        self.reach(target);
        let mut path = Vec::new();
        let mut s = target;
        while self.via[s as usize] != ROOT && self.via[s as usize] != UNSEEN {
            let e = self.via[s as usize];
            path.push(e);
            s = self.graph.edge(e).src;
        }
        path.reverse();
        path
    }

    /// The events of a shortest path from the initial state to `target`.
    pub fn trace_to(&mut self, target: StateId) -> Vec<EventId> {
        let path = self.path_to(target);
        path.into_iter().map(|e| self.graph.edge(e).event).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 0 -a-> 1 -a-> 2 -a-> 3, and 0 -b-> 3 -c-> 0.
    fn sample() -> Graph {
        let mut g = Graph::default();
        for i in 0..4 {
            assert_eq!(g.add_state(Fingerprint(100 + i)), (i as StateId, true));
        }
        assert_eq!(g.add_state(Fingerprint(102)), (2, false));
        g.add_edge(0, 0, 1);
        g.add_edge(1, 0, 2);
        g.add_edge(2, 0, 3);
        g.add_edge(0, 1, 3);
        g.add_edge(3, 2, 0);
        g
    }

    #[test]
    fn adjacency_lists_keep_insertion_order() {
        let g = sample();
        assert_eq!(g.out_edges(0).collect::<Vec<_>>(), [0, 3]);
        assert_eq!(g.in_edges(3).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(g.in_edges(0).collect::<Vec<_>>(), [4]);
        assert_eq!(g.edge_from(0, 1), Some(3));
        assert_eq!(g.edge_from(1, 1), None);
        assert_eq!(g.state(Fingerprint(103)), Some(3));
        assert_eq!(g.discovered_by(3), Some(2));
        assert_eq!(g.discovered_by(0), None, "the back edge into the initial state does not discover it");
    }

    #[test]
    fn shortest_paths_take_the_short_way() {
        let g = sample();
        let mut paths = g.shortest_paths();
        assert_eq!(paths.path_to(3), [3]);
        assert_eq!(paths.trace_to(2), [0, 0]);
        assert_eq!(paths.path_to(0), Vec::<EdgeId>::new());
        assert_eq!(g.shortest_paths().trace_to(3), [1]);
    }

    #[test]
    fn the_nearest_target_is_found_by_distance_not_by_order() {
        let g = sample();
        // 2 is two edges away, 3 one (0 -b-> 3), 1 one as well: the first of the nearest wins.
        assert_eq!(g.shortest_paths().path_to_nearest([2, 3]), Some(vec![3]));
        assert_eq!(g.shortest_paths().path_to_nearest([2, 3, 1]), Some(vec![3]));
        assert_eq!(g.shortest_paths().path_to_nearest([2, 1, 3]), Some(vec![0]));
        assert_eq!(g.shortest_paths().path_to_nearest([0, 2]), Some(vec![]));
        assert_eq!(g.shortest_paths().path_to_nearest([]), None);
        // Queries share one tree: an earlier query's search serves the later ones.
        let mut paths = g.shortest_paths();
        assert_eq!(paths.path_to(2), [0, 1]);
        assert_eq!(paths.path_to_nearest([2, 1]), Some(vec![0]));
    }
}
