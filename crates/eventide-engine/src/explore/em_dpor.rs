//! EM-DPOR: dynamic partial order reduction with dependence-covering sets for programs of threads
//! that share memory and post events to each other's FIFO queues (Maiya, Gupta, Kanade,
//! Majumdar, *Partial Order Reduction for Event-Driven Multi-threaded Programs*, TACAS 2016).
//!
//! The program comes as any [`TransitionSystem`] whose events are its threads (event `t` = "thread
//! `t` makes its next step") and which describes each step with
//! [`TransitionSystem::task_step`]: the thread, the task (the thread's body, or one run of a
//! handler taken from its queue), whether the step begins or ends the task, and the events it
//! posted. A system without that information is explored as threads whose steps all form one
//! task, i.e. with plain stateless DPOR.
//!
//! # The algorithm
//! A stateless depth-first search over traces, as in Flanagan and Godefroid's DPOR, with the
//! paper's changes (its Section 3.1):
//! - **Dependence.** Two steps depend on each other when their accesses conflict (same location,
//!   one writes). Event queues are *not* locations: two posts to one thread are independent (the
//!   queue locations a front end reports for DPOR's sake, [`TaskStep::queues`], are dropped).
//!   Taking a lock writes the lock's location; releasing it accesses nothing (a release and an
//!   acquire of the same lock by another thread are never co-enabled).
//! - **Happens-before** (the paper's Definition 3), kept per step of the trace as the set of
//!   earlier steps that happen before it: steps of one task in program order; dependent steps in
//!   trace order; a post before the first step of the handler run it posted; a thread's body
//!   before its handlers; and the FIFO rule: when the posts of two handler runs on one thread
//!   are ordered, the end of the first run is before the beginning of the second.
//! - **Races.** When step `j` runs, every earlier step `i` of another task that depends on it and
//!   does not happen before `j`'s task (the steps from the point `j` became pending on, and the
//!   last such step before that point: Flanagan and Godefroid's rule applied at every state
//!   where `j` was pending — and further back past every step whose write `j` read, since `j`
//!   may make other accesses when it runs before such a step; see `select_races`) is a race to
//!   reverse.
//! - **Backtracking choices and states.** To reverse `i` and `j` of different threads, the
//!   candidates are `j`'s task and the tasks of the steps between them that happen before `j`.
//!   A candidate whose thread is enabled at the state before `i` and which is *executable* there
//!   (running on its thread, or at the front of its queue with the thread idle) adds its thread
//!   to that state's backtrack set. Else a candidate whose thread is enabled there but not yet
//!   explored from there adds that thread, as the paper selects backtracking choices: the thread
//!   finishes the task it is running, after which the candidate may run before `i`. (Reordering
//!   posts instead, when the thread is busy with another run, missed a violation: thread campaign
//!   seed 1000848.) When every such thread is explored there already, a candidate handler
//!   run that waits in its thread's queue behind another run `e''` is reordered with `e''`
//!   first: the two posts are reversed, recursively, which picks an earlier backtracking state
//!   (the paper's Example 3: `r2` is added at `s0` to reorder `r3` and `r6`). Only when that is
//!   impossible are all enabled threads added, as in DPOR. Two dependent steps of different
//!   handler runs on one thread are reversed by reversing the posts of the runs (when those are
//!   not ordered, i.e. when the events may be reordered).
//! - At the end of a trace where threads are left blocked, the step each would make (the acquire
//!   of a held lock, from [`TransitionSystem::blocked`]) is checked for races the same way, so
//!   that deadlocks that need another lock order are reached; and the handler runs queued behind
//!   a blocked run, which never ran, are reordered before it by reversing their posts (see
//!   `starved_runs`).
//!
//! # Pick order
//! Which enabled thread a trace takes first at a new state never affects soundness (the races
//! decide what else is explored there), only how much the search explores. A trace goes on with
//! the thread of its last step while that thread can move, else takes the lowest-numbered enabled
//! thread; so handler runs and bodies run through, as in the paper's traces, and few steps of
//! other threads lie between a race's two steps. A stateless search cannot merge equal states,
//! but its traces meet states earlier traces passed: at such a state (by fingerprint) the trace
//! takes a thread whose step from there an earlier trace already took (the thread of its last
//! step if that is one), and so repeats known transitions instead of adding new ones. On the
//! programs shaped like the paper's Table 1 (`cargo bench -p eventide-model --bench threads`)
//! this cut the traces of C from 5,790 to 2,492 (before races through other dependencies were
//! dropped, see `select_races`). Taking threads in turn (least recently run
//! first), as the stateful `dpor` does, stores fewer transitions on small random programs but
//! interleaves long traces so much that races gain many candidates: D needed 2,733 traces
//! instead of 26, and B, C and E did not finish in 20 s.
//!
//! # Acyclic state spaces only
//! The paper assumes a finite, acyclic state space, and so does this explorer: it is stateless,
//! and a step that returns to a state on the current trace stops the run with
//! [`StopReason::Cyclic`] (verdict `incomplete`, reason `cyclic`). Use the stateful explorers
//! ([`Por::Dpor`], [`Por::None`]) for programs that loop.
//!
//! # Counters
//! `executions` is the number of traces explored, `transitions` the number of distinct
//! transitions (pairs of a state fingerprint and a thread), `states` the number of distinct
//! states, `executed` the number of steps run.

use super::growth::Witness;
use super::limits::StopReason;
use super::monitor::Monitor;
use super::step::{sorted_enabled, Bookkeeper, Ended};
use super::{event_names, Config, Outcome, Por, Stats};
use crate::eventset::EventSet;
use crate::system::{Access, AccessKind, EventId, Fingerprint, Location, TaskStep, TransitionSystem};
use rustc_hash::{FxHashMap, FxHashSet};

type TaskId = usize;

/// A set of trace indices.
#[derive(Clone, Default, Debug)]
struct Bits(Vec<u64>);

impl Bits {
    fn contains(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    fn insert(&mut self, i: usize) {
        if self.0.len() <= i / 64 {
            self.0.resize(i / 64 + 1, 0);
        }
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn union_with(&mut self, other: &Bits) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
    }

    /// The indices in `lo..hi`, ascending.
    fn range(&self, lo: usize, hi: usize) -> impl Iterator<Item = usize> + '_ {
        (lo..hi).filter(move |&i| self.contains(i))
    }
}

/// A task of the current trace: a thread's body or one run of a handler.
#[derive(Clone, Debug)]
struct Task {
    thread: u32,
    /// The handler, `None` for a body.
    handler: Option<u32>,
    /// The step that posted it (`None` for a body).
    post: Option<usize>,
    /// Its first and last steps, once made.
    begin: Option<usize>,
    end: Option<usize>,
    /// Its latest step so far.
    last: Option<usize>,
}

/// One step of the current trace, with what is needed to undo it.
struct Taken {
    thread: u32,
    task: TaskId,
    /// Data and lock accesses (queue locations dropped), deduplicated.
    accesses: Vec<Access>,
    /// The earlier steps that happen before this one (transitively closed).
    hb: Bits,
    // Undo information.
    tasks_len: usize,
    prev_last: Option<usize>,
    prev_current: Option<TaskId>,
    prev_body: Option<TaskId>,
    begins: bool,
    ends: bool,
}

/// A state of the current trace.
struct Node<S> {
    state: S,
    fp: Fingerprint,
    enabled: Vec<EventId>,
    backtrack: Vec<EventId>,
    done: Vec<EventId>,
    /// The thread stepped from this state on the current trace (the trace holds the step).
    taken: Option<EventId>,
}

/// The target of a reversal: a step (or a blocked step at the end of the trace) that should run
/// before an earlier step it races with.
struct Target {
    /// Its trace index (the trace length for a blocked step).
    index: usize,
    /// Its task (`None` when unknown: a blocked step that would begin a task).
    task: Option<TaskId>,
    thread: u32,
    /// The steps that happen before it.
    hb: Bits,
}

/// The trace-dependent bookkeeping: tasks, threads, accesses per location.
#[derive(Default)]
struct Trace {
    steps: Vec<Taken>,
    tasks: Vec<Task>,
    /// Per thread: the task it is running, if any.
    current: Vec<Option<TaskId>>,
    /// Per thread: its body task, once it made a body step.
    body: Vec<Option<TaskId>>,
    /// Per location: the steps that accessed it, in trace order.
    by_location: FxHashMap<Location, Vec<(usize, AccessKind)>>,
}

impl Trace {
    fn grow(&mut self, thread: u32) {
        let n = thread as usize + 1;
        if self.current.len() < n {
            self.current.resize(n, None);
            self.body.resize(n, None);
        }
    }

    /// Records step `j` (= `self.steps.len()`) and returns the races to reverse with it.
    fn push(&mut self, step: TaskStep, mut accesses: Vec<Access>) -> Vec<usize> {
        let j = self.steps.len();
        let t = step.thread;
        self.grow(t);
        for &(target, _) in &step.posts {
            self.grow(target);
        }
        accesses.retain(|a| !step.queues.contains(&a.location));
        accesses.sort_unstable();
        accesses.dedup();
        let tasks_len = self.tasks.len();
        let prev_current = self.current[t as usize];
        let prev_body = self.body[t as usize];
        // The task of the step.
        let task = if step.begins {
            // The earliest-posted run on this thread that has not begun.
            let found = self.next_run(t);
            match found {
                Some(i) => i,
                None => {
                    // A front end that begins a run nobody posted: a run of its own.
                    self.tasks.push(Task {
                        thread: t,
                        handler: step.handler,
                        post: None,
                        begin: None,
                        end: None,
                        last: None,
                    });
                    self.tasks.len() - 1
                }
            }
        } else {
            match prev_current {
                Some(k) => k,
                None => {
                    self.tasks.push(Task { thread: t, handler: None, post: None, begin: None, end: None, last: None });
                    let k = self.tasks.len() - 1;
                    self.body[t as usize] = Some(k);
                    k
                }
            }
        };
        let prev_last = self.tasks[task].last;
        // Happens-before from program order, posts, bodies and the FIFO rule.
        let mut pre: Vec<usize> = Vec::new();
        if let Some(l) = prev_last {
            pre.push(l);
        }
        if self.tasks[task].begin.is_none() && self.tasks[task].handler.is_some() {
            pre.extend(self.begin_pre(task));
        }
        let mut hb = Bits::default();
        for &p in &pre {
            hb.union_with(&self.steps[p].hb);
            hb.insert(p);
        }
        let pending_from = pre.iter().max().map_or(0, |m| m + 1);
        let c_pre = hb.clone();
        // Dependent earlier steps.
        let mut deps: Vec<usize> = Vec::new();
        for a in &accesses {
            if let Some(list) = self.by_location.get(&a.location) {
                for &(i, kind) in list.iter() {
                    if a.kind.conflicts_with(kind) {
                        deps.push(i);
                    }
                }
            }
        }
        deps.sort_unstable();
        deps.dedup();
        for &d in &deps {
            if !hb.contains(d) {
                let h = self.steps[d].hb.clone();
                hb.union_with(&h);
                hb.insert(d);
            }
        }
        let races = select_races(&self.steps, &deps, &c_pre, pending_from, Some(task), &accesses);
        // Record.
        for a in &accesses {
            self.by_location.entry(a.location).or_default().push((j, a.kind));
        }
        for &(target, handler) in &step.posts {
            self.tasks.push(Task {
                thread: target,
                handler: Some(handler),
                post: Some(j),
                begin: None,
                end: None,
                last: None,
            });
        }
        {
            let k = &mut self.tasks[task];
            if k.begin.is_none() {
                k.begin = Some(j);
            }
            k.last = Some(j);
            if step.ends {
                k.end = Some(j);
            }
        }
        self.current[t as usize] = if step.ends { None } else { Some(task) };
        self.steps.push(Taken {
            thread: t,
            task,
            accesses,
            hb,
            tasks_len,
            prev_last,
            prev_current,
            prev_body,
            begins: step.begins || prev_last.is_none(),
            ends: step.ends,
        });
        races
    }

    /// The steps that happen immediately before the first step of handler run `task` (not
    /// begun): its post, the ends of the earlier runs on its thread whose posts happen before its
    /// post (the FIFO rule), and the thread's body (its end, or its latest step).
    fn begin_pre(&self, task: TaskId) -> Vec<usize> {
        let mut pre = Vec::new();
        let t = self.tasks[task].thread;
        if let Some(p) = self.tasks[task].post {
            pre.push(p);
            let post_hb = &self.steps[p].hb;
            for other in &self.tasks {
                if other.thread == t && other.handler.is_some() {
                    if let (Some(e), Some(q)) = (other.end, other.post) {
                        if post_hb.contains(q) {
                            pre.push(e);
                        }
                    }
                }
            }
        }
        if let Some(b) = self.body.get(t as usize).copied().flatten() {
            if let Some(e) = self.tasks[b].end.or(self.tasks[b].last) {
                pre.push(e);
            }
        }
        pre
    }

    /// The handler run an idle `thread` would begin next: the earliest-posted one not begun.
    fn next_run(&self, thread: u32) -> Option<TaskId> {
        self.tasks
            .iter()
            .enumerate()
            .filter(|(_, k)| k.thread == thread && k.handler.is_some() && k.begin.is_none())
            .min_by_key(|(_, k)| k.post)
            .map(|(i, _)| i)
    }

    /// Undoes the last step.
    fn pop(&mut self) {
        let Some(s) = self.steps.pop() else { return };
        let j = self.steps.len();
        for a in &s.accesses {
            if let Some(list) = self.by_location.get_mut(&a.location) {
                if list.last().is_some_and(|&(i, _)| i == j) {
                    list.pop();
                }
            }
        }
        if s.task < s.tasks_len {
            let k = &mut self.tasks[s.task];
            k.last = s.prev_last;
            if s.begins {
                k.begin = None;
            }
            if s.ends {
                k.end = None;
            }
        }
        self.tasks.truncate(s.tasks_len);
        self.current[s.thread as usize] = s.prev_current;
        self.body[s.thread as usize] = s.prev_body;
    }

    /// Whether task `c` is executable at the state before step `i`: running there, or first in
    /// its thread's queue with the thread idle.
    fn executable(&self, c: TaskId, i: usize) -> bool {
        let k = &self.tasks[c];
        let begun = k.begin.is_some_and(|b| b < i);
        if begun {
            return k.end.is_none_or(|e| e >= i);
        }
        if k.handler.is_none() {
            // A body that has not started: it is the first thing its thread runs.
            return true;
        }
        if k.post.is_none_or(|p| p >= i) {
            return false;
        }
        self.idle_before(k.thread, i, Some(c))
    }

    /// Whether `thread` is idle at the state before step `i` with nothing posted before `c`
    /// (any task when `c` is `None`) waiting in its queue.
    fn idle_before(&self, thread: u32, i: usize, c: Option<TaskId>) -> bool {
        let c_post = c.and_then(|c| self.tasks[c].post);
        if let Some(b) = self.body.get(thread as usize).copied().flatten() {
            if self.tasks[b].end.is_none_or(|e| e >= i) {
                return false;
            }
        }
        self.tasks.iter().enumerate().all(|(x, k)| {
            if Some(x) == c || k.thread != thread || k.handler.is_none() {
                return true;
            }
            let earlier = match (k.post, c_post) {
                (Some(p), Some(q)) => p < q,
                (Some(p), None) => p < i,
                _ => false,
            };
            !earlier || k.end.is_some_and(|e| e < i)
        })
    }

    /// The task `thread` runs first from the state before step `i`: the one running there, or
    /// the first posted one waiting in its queue when it is idle.
    fn executable_task_of(&self, thread: u32, i: usize) -> Option<TaskId> {
        let running = self
            .tasks
            .iter()
            .position(|k| k.thread == thread && k.begin.is_some_and(|b| b < i) && k.end.is_none_or(|e| e >= i));
        if running.is_some() {
            return running;
        }
        self.tasks
            .iter()
            .enumerate()
            .filter(|(_, k)| {
                k.thread == thread
                    && k.handler.is_some()
                    && k.post.is_some_and(|p| p < i)
                    && k.begin.is_none_or(|b| b >= i)
            })
            .min_by_key(|(_, k)| k.post)
            .map(|(x, _)| x)
            .filter(|&x| self.executable(x, i))
    }
}

/// The races of a step (of `task`, making `accesses`, sorted) among its dependent earlier steps
/// `deps` (ascending): those that do not happen before its task (`c_pre`) and belong to another
/// task, from the point the step became pending on (`pending_from`), and before that point the
/// last one, and further back each one up to and including the latest whose write the step did
/// not read. Before that point, a dependent step that happens before the step through another of
/// its dependencies from before that point is no race: in the trace up to that point, where the
/// step became pending, it already happens before the step (Flanagan and Godefroid's race, at the
/// state where the step became pending).
///
/// Flanagan and Godefroid keep only the last race before the point because the trace that
/// reverses it runs the step before that race, where it meets the earlier ones itself. That
/// holds when the step makes the same accesses there, but a step that read what the reversed
/// step wrote reads another value when it runs first, and may take another branch and make other
/// accesses (a condition `x0 != 2 || x1 != 0` reads `x1` only when `x0` is 2): the earlier
/// races are then never met. So the races go on past every step whose write the step read, as
/// the stateful `dpor`'s backward search stops consuming accesses once they passed such a write
/// (thread campaign seed 1000848, `tests/thread_differential.rs` in `eventide-model`).
fn select_races(
    steps: &[Taken],
    deps: &[usize],
    c_pre: &Bits,
    pending_from: usize,
    task: Option<TaskId>,
    accesses: &[Access],
) -> Vec<usize> {
    let candidates: Vec<usize> =
        deps.iter().copied().filter(|&d| !c_pre.contains(d) && Some(steps[d].task) != task).collect();
    let split = candidates.partition_point(|&d| d < pending_from);
    let mut races = candidates[split..].to_vec();
    if split == 0 {
        return races;
    }
    // What happens before the dependencies from before the point.
    let mut through = Bits::default();
    for &d in deps.iter().take_while(|&&d| d < pending_from) {
        through.union_with(&steps[d].hb);
    }
    for &d in candidates[..split].iter().rev() {
        if through.contains(d) {
            continue;
        }
        races.push(d);
        if !reads_a_write_of(accesses, &steps[d].accesses) {
            break;
        }
    }
    races
}

/// Whether `reader`'s reads include a location some access of `writer` writes (both sorted by
/// location).
fn reads_a_write_of(reader: &[Access], writer: &[Access]) -> bool {
    reader.iter().filter(|a| a.kind == AccessKind::Read).any(|r| {
        let start = writer.partition_point(|w| w.location < r.location);
        writer[start..].iter().take_while(|w| w.location == r.location).any(|w| w.kind.writes())
    })
}

/// Which dependence the explorer uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Dependence {
    /// EM-DPOR: posts are independent, handler runs are tasks ordered by the FIFO rule, and
    /// backtracking explores dependence-covering sets.
    #[default]
    DependenceCovering,
    /// The paper's baseline, stateless DPOR with persistent sets: each thread's steps are
    /// totally ordered (one task per thread) and each queue is a shared object that a post
    /// writes and the taking of a handler reads, so every two posts to one thread conflict, and
    /// so do a post and the taking of a handler from that queue (the post may enable it).
    QueuesShared,
}

/// Runs EM-DPOR (see the module documentation).
pub fn explore<T: TransitionSystem, M: Monitor<T>>(system: &mut T, config: &Config, monitor: &mut M) -> Outcome {
    explore_with(system, config, monitor, Dependence::DependenceCovering)
}

/// Runs the stateless explorer with the given dependence: EM-DPOR, or the paper's DPOR baseline
/// (for comparisons; the CLI's `--por dpor` is the stateful DPOR).
pub fn explore_with<T: TransitionSystem, M: Monitor<T>>(
    system: &mut T,
    config: &Config,
    monitor: &mut M,
    dependence: Dependence,
) -> Outcome {
    let mut book = Bookkeeper::start(system, config, monitor);
    let mut stats = Stats::default();
    let mut all_events = EventSet::new();
    let mut seen_states: FxHashSet<Fingerprint> = FxHashSet::default();
    let mut seen_transitions: FxHashSet<(Fingerprint, EventId)> = FxHashSet::default();
    let mut on_path: FxHashSet<Fingerprint> = FxHashSet::default();
    let mut trace = Trace::default();
    let mut accesses = Vec::new();
    let mut cyclic = false;
    let mut mid_trace = false;

    let (s0, fp0) = book.initial(system);
    seen_states.insert(fp0);
    stats.states = 1;
    let mut enabled = Vec::new();
    sorted_enabled(system, &s0, &mut enabled);
    for &e in &enabled {
        all_events.insert(e);
    }
    let mut nodes: Vec<Node<T::State>> = Vec::new();
    if enabled.is_empty() {
        stats.executions = 1;
    } else {
        on_path.insert(fp0);
        let first = enabled[0];
        nodes.push(Node { state: s0, fp: fp0, enabled, backtrack: vec![first], done: Vec::new(), taken: None });
    }

    while let Some(top) = nodes.last_mut() {
        let Some(event) = top.backtrack.iter().copied().find(|e| !top.done.contains(e)) else {
            let node = nodes.pop().expect("the top node");
            on_path.remove(&node.fp);
            if node.taken.is_some() {
                trace.pop();
            }
            continue;
        };
        if book.limit_reached(stats.states, stats.executed) {
            mid_trace = true;
            break;
        }
        top.done.push(event);
        if top.taken.take().is_some() {
            trace.pop();
        }
        let top = nodes.last().expect("the top node");
        let trace_of = || nodes.iter().filter_map(|n| n.taken).chain(std::iter::once(event)).collect();
        let Some(step) = book.execute(system, &top.state, event, &mut accesses, &mut stats, trace_of) else {
            mid_trace = true;
            break;
        };
        if seen_transitions.insert((top.fp, event)) {
            stats.transitions += 1;
        }
        if book.stopped() {
            mid_trace = true;
            break;
        }
        let plain = TaskStep { thread: event, ..TaskStep::default() };
        let task_step = match dependence {
            Dependence::DependenceCovering => system.task_step(&step.label).unwrap_or(plain),
            Dependence::QueuesShared => {
                // Each queue is a shared object: a post writes it and taking a handler from it
                // reads it (a post to an empty queue enables the taking).
                if let Some(info) = system.task_step(&step.label) {
                    accesses.retain(|a| !info.queues.contains(&a.location));
                    accesses.extend(info.posts.iter().map(|&(target, _)| Access::write(Location::shadow(target))));
                    if info.begins {
                        accesses.push(Access::read(Location::shadow(info.thread)));
                    }
                }
                plain
            }
        };
        let j = trace.steps.len();
        let races = trace.push(task_step, std::mem::take(&mut accesses));
        let hb_j = trace.steps[j].hb.clone();
        let target = Target { index: j, task: Some(trace.steps[j].task), thread: trace.steps[j].thread, hb: hb_j };
        for i in races {
            reverse(&mut nodes, &trace, i, &target, 0);
        }
        let (next, fp) = (step.next, step.fp);
        let new_state = seen_states.insert(fp);
        if new_state {
            stats.states += 1;
        }
        // The growth diagnosis of a run a limit stops: a stateless search keeps no graph, so a
        // growing location's witness is the trace itself.
        let src = &nodes.last().expect("the top node").state;
        let witness = || Witness::Trace(nodes.iter().filter_map(|n| n.taken).chain(std::iter::once(event)).collect());
        book.on_transition(system, src, &next, new_state, stats.states, witness);
        if on_path.contains(&fp) {
            cyclic = true;
            mid_trace = true;
            break;
        }
        let mut enabled = Vec::new();
        sorted_enabled(system, &next, &mut enabled);
        for &e in &enabled {
            all_events.insert(e);
        }
        nodes[j].taken = Some(event);
        if enabled.is_empty() {
            stats.executions += 1;
            blocked_races(system, &next, &mut nodes, &trace);
            continue;
        }
        let j_thread = trace.steps[j].thread;
        let goes_on = enabled.contains(&event) && j_thread == event;
        let seen_from_here = |e: &EventId| seen_transitions.contains(&(fp, *e));
        let first = if goes_on && seen_from_here(&event) {
            event
        } else {
            enabled.iter().copied().find(seen_from_here).unwrap_or(if goes_on { event } else { enabled[0] })
        };
        on_path.insert(fp);
        nodes.push(Node { state: next, fp, enabled, backtrack: vec![first], done: Vec::new(), taken: None });
    }

    if mid_trace {
        stats.executions += 1;
    }
    let growth = book.growth_report(system, None, stats.states);
    let variety = book.variety_report(system);
    let Ended { findings, mut stop, cut_short } = book.finish(system, &mut stats);
    if cyclic && stop.is_none() {
        stop = Some(StopReason::Cyclic);
    }
    stats.events = all_events.len() as u64;
    stats.visited_table_bytes = (seen_states.capacity() * 16 + seen_transitions.capacity() * 20) as u64;
    let max_event = all_events.iter().last();
    Outcome {
        por: Por::EmDpor,
        complete: !stop.is_some_and(|r| r.is_limit()),
        stop_reason: stop,
        stats,
        findings,
        event_names: event_names(system, max_event),
        graph: None,
        growth,
        variety,
        cut_short,
    }
}

/// At the end of a trace: the steps of blocked threads race with the earlier steps they depend
/// on (the acquires of the locks they wait for).
///
/// A thread blocked inside a task makes its task's next step. A looper whose body ended and
/// that is blocked on the first step of the handler at the head of its queue makes the first
/// step of that run, which is then the target's task (a candidate to run before the racing
/// acquire) and which its post, the FIFO rule and the body happen before, as for a step that
/// begins a run. A thread that made no step yet may be blocked on its body's first step or, with
/// an empty body, on a queued run's: its task is unknown, and [`reverse`] takes the thread
/// itself when it can move where the race is (without that, a deadlock that needs the blocked
/// thread to take the lock first was missed when another candidate could move: thread campaign
/// seed 1039072).
fn blocked_races<T: TransitionSystem>(system: &mut T, state: &T::State, nodes: &mut [Node<T::State>], trace: &Trace) {
    let mut blocked = Vec::new();
    system.blocked(state, &mut blocked);
    for (thread, access) in blocked {
        let running = trace.current.get(thread as usize).copied().flatten();
        let body_ended =
            trace.body.get(thread as usize).copied().flatten().is_some_and(|b| trace.tasks[b].end.is_some());
        let task = running.or_else(|| if body_ended { trace.next_run(thread) } else { None });
        let pre: Vec<usize> = match (running, task) {
            (Some(k), _) => trace.tasks[k].last.into_iter().collect(),
            (None, Some(k)) => trace.begin_pre(k),
            (None, None) => Vec::new(),
        };
        let mut c_pre = Bits::default();
        for &p in &pre {
            c_pre.union_with(&trace.steps[p].hb);
            c_pre.insert(p);
        }
        let pending_from = pre.iter().max().map_or(0, |m| m + 1);
        let mut deps: Vec<usize> = trace
            .by_location
            .get(&access.location)
            .map(|list| list.iter().filter(|&&(_, kind)| kind.conflicts_with(access.kind)).map(|&(i, _)| i).collect())
            .unwrap_or_default();
        deps.sort_unstable();
        let races = select_races(&trace.steps, &deps, &c_pre, pending_from, task, &[access]);
        let mut hb = c_pre.clone();
        for &d in &deps {
            hb.union_with(&trace.steps[d].hb);
            hb.insert(d);
        }
        let target = Target { index: trace.steps.len(), task, thread, hb };
        for i in races {
            reverse(nodes, trace, i, &target, 0);
        }
        if let Some(k) = task {
            starved_runs(nodes, trace, k);
        }
    }
}

/// The handler runs queued on a thread behind run `k`, which is blocked at the end of the trace,
/// never ran on it: no step of theirs could race with anything, so a run that would take a lock
/// first when it ran before `k` was never seen (thread campaign seed 2060850: a handler that keeps
/// a lock blocks every later run of its looper, and the deadlock where the other handler run
/// takes the lock first was missed). Each such run whose post is not ordered after `k`'s is
/// reordered before `k`, as two dependent runs are: by reversing their posts.
fn starved_runs<S>(nodes: &mut [Node<S>], trace: &Trace, k: TaskId) {
    let blocked = &trace.tasks[k];
    let Some(pk) = blocked.post else { return };
    for q in &trace.tasks {
        let Some(pq) = q.post.filter(|&p| p > pk) else { continue };
        if q.thread != blocked.thread || q.begin.is_some() || trace.steps[pq].hb.contains(pk) {
            continue;
        }
        let t = post_target(trace, pq);
        reverse(nodes, trace, pk, &t, 1);
    }
}

/// Deeper recursions than this add all enabled threads instead (never reached by programs of
/// sensible size; a guard).
const MAX_DEPTH: usize = 64;

/// Adds backtracking choices so that `target` can run before step `i` (see the module
/// documentation).
fn reverse<S>(nodes: &mut [Node<S>], trace: &Trace, i: usize, target: &Target, depth: usize) {
    let si = &trace.steps[i];
    if target.thread == si.thread {
        // Two runs on one thread: reverse their posts.
        let Some(tt) = target.task else { return };
        if tt == si.task {
            return;
        }
        let (Some(pi), Some(pj)) = (trace.tasks[si.task].post, trace.tasks[tt].post) else { return };
        if pi >= pj || trace.steps[pj].hb.contains(pi) || depth >= MAX_DEPTH {
            return;
        }
        let t = post_target(trace, pj);
        reverse(nodes, trace, pi, &t, depth + 1);
        return;
    }
    // The candidate tasks, in trace order of their first step between i and the target.
    let mut candidates: Vec<TaskId> = Vec::new();
    if let Some(tt) = target.task {
        candidates.push(tt);
    }
    for k in target.hb.range(i + 1, target.index) {
        let task = trace.steps[k].task;
        if !candidates.contains(&task) {
            candidates.push(task);
        }
    }
    candidates.retain(|&c| c != si.task);
    let node = &mut nodes[i];
    if target.task.is_none() && node.enabled.contains(&target.thread) {
        // A blocked step whose task is unknown (see `blocked_races`): its thread, as in DPOR.
        if !node.backtrack.contains(&target.thread) {
            node.backtrack.push(target.thread);
        }
        return;
    }
    for &c in &candidates {
        let thread = trace.tasks[c].thread;
        if node.enabled.contains(&thread) && trace.executable(c, i) {
            if !node.backtrack.contains(&thread) {
                node.backtrack.push(thread);
            }
            return;
        }
    }
    // No candidate can run first, but a candidate's thread can move: the paper takes such a
    // thread when it is not explored from here yet (it finishes the task the thread is running,
    // after which the candidate may run before `i`).
    for &c in &candidates {
        let thread = trace.tasks[c].thread;
        if node.enabled.contains(&thread) && !node.backtrack.contains(&thread) {
            node.backtrack.push(thread);
            return;
        }
    }
    if depth < MAX_DEPTH {
        for &c in &candidates {
            let task = &trace.tasks[c];
            let Some(pc) = task.post.filter(|&p| p < i) else { continue };
            let Some(other) = trace.executable_task_of(task.thread, i) else { continue };
            let Some(po) = trace.tasks[other].post else { continue };
            if po < pc && !trace.steps[pc].hb.contains(po) {
                let t = post_target(trace, pc);
                reverse(nodes, trace, po, &t, depth + 1);
                return;
            }
        }
    }
    let node = &mut nodes[i];
    for &e in &node.enabled {
        if !node.backtrack.contains(&e) {
            node.backtrack.push(e);
        }
    }
}

/// The post at step `p` as the target of a reversal.
fn post_target(trace: &Trace, p: usize) -> Target {
    let s = &trace.steps[p];
    Target { index: p, task: Some(s.task), thread: s.thread, hb: s.hb.clone() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(thread: u32, handler: Option<u32>, begins: bool, ends: bool, posts: Vec<(u32, u32)>) -> TaskStep {
        TaskStep { thread, handler, begins, ends, posts, queues: Vec::new() }
    }

    fn node(enabled: &[EventId]) -> Node<()> {
        Node {
            state: (),
            fp: Fingerprint(0),
            enabled: enabled.to_vec(),
            backtrack: Vec::new(),
            done: Vec::new(),
            taken: None,
        }
    }

    /// Threads: looper 0, posters 1 and 2, writer 3. Poster 1 posts run B and poster 2 run A to
    /// the looper (unordered posts); the looper begins B; 3 writes x; B ends; A's first step
    /// reads x. The race of 3's write with A's read is reversed at the state before the write,
    /// where A cannot begin (the looper is inside B) but the looper can move: the paper takes
    /// the looper there (B ends, then A runs before the write). Reordering the posts instead
    /// would run A before B, a different order of the handlers.
    #[test]
    fn a_candidate_whose_thread_is_busy_with_another_run_adds_that_thread() {
        let x = Location::data(0);
        let mut trace = Trace::default();
        let steps = [
            (step(1, None, false, true, vec![(0, 7)]), vec![]),
            (step(2, None, false, true, vec![(0, 8)]), vec![]),
            (step(0, Some(7), true, false, vec![]), vec![]),
            (step(3, None, false, true, vec![]), vec![Access::write(x)]),
            (step(0, Some(7), false, true, vec![]), vec![]),
        ];
        for (s, accesses) in steps {
            assert!(trace.push(s, accesses).is_empty());
        }
        let races = trace.push(step(0, Some(8), true, true, vec![]), vec![Access::read(x)]);
        assert_eq!(races, vec![3], "the read of x races with the write at step 3");
        let j = 5;
        let target = Target { index: j, task: Some(trace.steps[j].task), thread: 0, hb: trace.steps[j].hb.clone() };
        // Enabled threads at the states before each step.
        let mut nodes = vec![node(&[1, 2, 3]), node(&[2, 3]), node(&[0, 3]), node(&[0, 3]), node(&[0]), node(&[0])];
        for (n, taken) in nodes.iter_mut().zip([1, 2, 0, 3, 0, 0]) {
            n.backtrack.push(taken);
        }
        reverse(&mut nodes, &trace, 3, &target, 0);
        assert_eq!(nodes[3].backtrack, vec![3, 0], "the looper is taken before the write");
        assert_eq!(nodes[0].backtrack, vec![1], "no post is reordered");
    }
}
