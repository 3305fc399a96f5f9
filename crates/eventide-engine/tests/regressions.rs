//! Programs on which a randomized campaign once found DPOR and exhaustive search to disagree.

use eventide_engine::program::build::*;
use eventide_engine::program::{Program, Stmt};
use eventide_engine::{explore, Config, Outcome, Por};
use std::collections::BTreeSet;

fn keys(o: &Outcome) -> BTreeSet<String> {
    o.findings.iter().map(|f| f.finding.key.clone()).collect()
}

fn agree(p: &Program) {
    let none = explore(&mut p.clone(), &Config::new(Por::None));
    let dpor = explore(&mut p.clone(), &Config::new(Por::Dpor));
    assert_eq!(keys(&none), keys(&dpor), "{}", p.to_model_file());
}

/// DPOR agrees with exhaustive search and finds the violation `key` the program was kept for.
fn dpor_finds(p: &Program, key: &str) {
    agree(p);
    let dpor = explore(&mut p.clone(), &Config::new(Por::Dpor));
    assert!(keys(&dpor).contains(key), "{key} missed:\n{}", p.to_model_file());
}

/// Campaign seed 10060930: the violation needs e1, e2, e0; e2 is enabled only by e1.
#[test]
fn enabling_chain_before_a_disabling_assert() {
    let mut p = Program::new();
    let x0 = p.var("x0", 1);
    let (e0, e1, e2) = (p.event("e0", true), p.event("e1", true), p.event("e2", false));
    p.body(e0, vec![Stmt::Assert(eq(v(x0), c(1)), "a0_1".into()), Stmt::Disable(e0)]);
    p.body(e1, vec![Stmt::If(eq(v(x0), v(x0)), vec![Stmt::Enable(e2)], vec![])]);
    p.body(e2, vec![Stmt::Assign(x0, modulo(add(v(x0), v(x0)), 2))]);
    agree(&p);
}

/// Found while searching witnesses (seed 173073 of shape 3 vars, 5 events, modulus 2, 3
/// statements): `e0` reads `x0`; the second run of `e1` writes it, the first only reads it (it
/// stores the value `x0` already has). The backward search met the first run of `e1` and
/// consumed the write there, where reversing `e1` with itself explores nothing, so no backtrack
/// point for `e1` was set before `e0`. The violation needs `e1 e1 e0`.
#[test]
fn an_earlier_run_of_the_same_event_does_not_consume_a_conflict() {
    let mut p = Program::new();
    let (x0, x1) = (p.var("x0", 0), p.var("x1", 0));
    let (e0, e1) = (p.event("e0", true), p.event("e1", true));
    p.body(e0, vec![Stmt::Assert(ne(c(1), v(x0)), "a0_1".into()), Stmt::Enable(e1), Stmt::Disable(e0)]);
    p.body(e1, vec![Stmt::Assign(x0, modulo(add(c(2), v(x1)), 2)), Stmt::Assign(x0, v(x0)), Stmt::Assign(x1, c(1))]);
    dpor_finds(&p, "a0_1");
}

/// Campaign seed 10089360: `e0`'s `enable("e1")` changes nothing where it runs first, but after
/// `e1` disabled itself it re-enables it; the call must be recorded (as a read of `e1`'s enabling)
/// or `e1 e0 e1` is never explored.
#[test]
fn an_enable_that_changes_nothing_still_depends_on_the_enabling() {
    let mut p = Program::new();
    let x1 = p.var("x1", 0);
    let (e0, e1, e2) = (p.event("e0", true), p.event("e1", true), p.event("e2", true));
    p.body(e0, vec![Stmt::Enable(e1), Stmt::Disable(e0)]);
    p.body(
        e1,
        vec![
            Stmt::Enable(e2),
            Stmt::Disable(e1),
            Stmt::Assert(and(eq(c(1), c(1)), not(eq(v(x1), c(1)))), "a1_1".into()),
            Stmt::Assign(x1, c(1)),
        ],
    );
    p.body(e2, vec![Stmt::Assign(x1, modulo(add(v(x1), v(x1)), 3))]);
    dpor_finds(&p, "a1_1");
}

/// Seed 37132 of shape 4 vars, 4 events, modulus 3, 4 statements: the violation needs
/// `e2 e0 e1 e3`. DPOR ran `e2 e3 e0 e1`; `e1`'s write of `x0` conflicts with `e3`'s read, but
/// the backward search met `e0` first (which reads `x0`) and consumed the write there. Run before
/// `e0`, `e1` reads the old `x2` and stores the value `x0` already has, so the execution started
/// there never wrote `x0` and the conflict with `e3` was lost. An access now travels on past a
/// transition whose write the conflicting handler read.
#[test]
fn a_conflict_is_not_consumed_where_the_handler_read_the_earlier_write() {
    let mut p = Program::new();
    let (x0, x1, x2) = (p.var("x0", 0), p.var("x1", 0), p.var("x2", 0));
    let (e0, e1, e2, e3) = (p.event("e0", true), p.event("e1", true), p.event("e2", true), p.event("e3", true));
    p.body(
        e0,
        vec![
            Stmt::If(eq(v(x0), c(1)), vec![Stmt::Assign(x0, c(1))], vec![]),
            Stmt::Assign(x2, modulo(add(v(x0), v(x1)), 2)),
        ],
    );
    p.body(
        e1,
        vec![
            Stmt::If(lt(v(x0), c(2)), vec![Stmt::Enable(e2)], vec![]),
            Stmt::Assert(eq(v(x0), c(0)), "a1_1".into()),
            Stmt::Assign(x0, modulo(add(c(2), v(x2)), 2)),
        ],
    );
    p.body(e2, vec![Stmt::Assign(x1, modulo(add(v(x1), c(1)), 3)), Stmt::Assert(eq(v(x2), c(1)), "a2_2".into())]);
    p.body(
        e3,
        vec![
            Stmt::Enable(e0),
            Stmt::Disable(e3),
            Stmt::Assert(lt(v(x0), c(1)), "a3_3".into()),
            Stmt::Assign(x0, v(x0)),
        ],
    );
    dpor_finds(&p, "a3_3");
}

/// Campaign seed 50174104 (long handlers): `a1_2` needs `e0 e4 e0 e0 e0 e1`. `e0` writes `x3` (which
/// `e1` asserts on) only after `e4` made `x1` 0, and `e1` disables itself once it passes. The write
/// of `x3` passed `e4` (whose write of `x1` it read) and was then consumed where it met `e1`, for
/// an execution that runs `e4` first; that execution never made `e0` write `x3`. Accesses that
/// passed a transition whose write they read are no longer consumed further back.
#[test]
fn accesses_carried_past_a_write_they_read_are_not_consumed() {
    let mut p = Program::new();
    let (x0, x1, x2, x3) = (p.var("x0", 0), p.var("x1", 1), p.var("x2", 0), p.var("x3", 0));
    let (e0, e1, e2, e3, e4) =
        (p.event("e0", true), p.event("e1", true), p.event("e2", false), p.event("e3", true), p.event("e4", true));
    p.body(
        e0,
        vec![
            Stmt::If(eq(v(x1), v(x1)), vec![Stmt::Assign(x0, modulo(add(v(x0), c(1)), 3))], vec![Stmt::Read(x0)]),
            Stmt::Assert(and(eq(v(x1), c(0)), not(eq(c(2), c(1)))), "a0_1".into()),
            Stmt::Assign(x3, modulo(add(v(x0), v(x3)), 2)),
        ],
    );
    p.body(
        e1,
        vec![
            Stmt::Assert(and(eq(v(x3), c(0)), not(eq(v(x3), c(1)))), "a1_2".into()),
            Stmt::Enable(e2),
            Stmt::Enable(e2),
            Stmt::Disable(e1),
            Stmt::Disable(e2),
        ],
    );
    p.body(
        e2,
        vec![
            Stmt::Assign(x3, modulo(add(c(2), v(x0)), 2)),
            Stmt::If(eq(v(x1), c(2)), vec![Stmt::Enable(e4)], vec![]),
            Stmt::Disable(e2),
        ],
    );
    p.body(e3, vec![Stmt::Assert(ne(v(x3), c(1)), "a3_3".into()), Stmt::Assign(x0, v(x0))]);
    p.body(
        e4,
        vec![
            Stmt::If(eq(c(2), c(2)), vec![Stmt::Assign(x1, modulo(add(v(x3), c(1)), 2))], vec![Stmt::Read(x3)]),
            Stmt::Assert(and(eq(v(x0), c(1)), not(eq(v(x2), c(1)))), "a4_4".into()),
            Stmt::Assign(x1, modulo(add(v(x1), c(1)), 2)),
        ],
    );
    dpor_finds(&p, "a1_2");
}

/// Thread campaign seed 1029259, reduced: three threads as events whose next step depends on a
/// program counter the engine is not told about (what a program of threads is).
///
/// ```groovy
/// thread("t0", looper: true) { assert x0 != 2 : "a1" }
/// thread("t1", looper: true) { def t = x0 }       // then the posted handler's two steps:
/// thread("t3") { if (x0 == 0) { post("t1", "h1") } }
/// handler("h1") { def u = 1 ; x0 = 2 }
/// ```
///
/// `a1` needs `t1 t3 t1 t1 t0`. DPOR ran `t0 t1 t3 t1 t1`. The write of `x0` by `t1`'s last step
/// read `t1`'s enabling (every step reads its event's shadow location), which `t3`'s post wrote;
/// but the step before it (also `t1`) had already pushed that read through their common state,
/// so the summary search pushed the write on without it, did not mark it as having seen `t3`'s
/// write, and consumed it at `t1`'s body step (for an execution that runs `t3` first, where `t1`
/// never writes `x0` before `t0`). No backtrack point for `t1` was set before `t0`. The summary search
/// now pushes accesses with the reads of the transition they came from (a read context), as the
/// literal search (which found `a1`) always did.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct PcState {
    x0: u8,
    /// Next step of each thread (t0: 0 assert, 1 done; t1: 0 body, 1 idle, 2 and 3 the handler's
    /// steps; t3: 0 its step, 1 done).
    pc: [u8; 3],
    /// Runs of `h1` waiting in t1's queue.
    queued: u8,
}

struct PcThreads;

impl eventide_engine::TransitionSystem for PcThreads {
    type State = PcState;
    type Label = ();

    fn initial_state(&mut self) -> PcState {
        PcState { x0: 0, pc: [0; 3], queued: 0 }
    }

    fn fingerprint(&self, s: &PcState) -> eventide_engine::Fingerprint {
        eventide_engine::fingerprint_of(s)
    }

    fn enabled(&mut self, s: &PcState, out: &mut Vec<eventide_engine::EventId>) {
        let t1 = s.pc[1] != 1 || s.queued > 0;
        out.extend([s.pc[0] == 0, t1, s.pc[2] == 0].iter().enumerate().filter(|(_, &e)| e).map(|(t, _)| t as u32));
    }

    fn execute(
        &mut self,
        s: &PcState,
        event: eventide_engine::EventId,
        accesses: &mut Vec<eventide_engine::Access>,
    ) -> eventide_engine::Step<PcState> {
        use eventide_engine::{Access, Finding, FindingKind, Location};
        let (x0, queue) = (Location::data(0), Location::data(1));
        let mut next = *s;
        let mut findings = Vec::new();
        match (event, s.pc[event as usize]) {
            (0, _) => {
                accesses.push(Access::read(x0));
                if s.x0 == 2 {
                    let message = "a1".to_string();
                    findings.push(Finding {
                        kind: FindingKind::Violation,
                        key: message.clone(),
                        message,
                        position: None,
                    });
                }
                next.pc[0] = 1;
            }
            (1, 0) => {
                accesses.push(Access::read(x0));
                next.pc[1] = 1;
            }
            (1, 1) => {
                next.queued -= 1;
                next.pc[1] = 2;
            }
            (1, _) => {
                accesses.push(if s.x0 == 2 { Access::read(x0) } else { Access::write(x0) });
                next.x0 = 2;
                next.pc[1] = 1;
            }
            _ => {
                accesses.push(Access::read(x0));
                if s.x0 == 0 {
                    accesses.push(Access::write(queue));
                    next.queued += 1;
                }
                next.pc[2] = 1;
            }
        }
        eventide_engine::Step { next, findings, label: () }
    }

    fn event_name(&self, event: eventide_engine::EventId) -> String {
        format!("t{}", [0, 1, 3][event as usize])
    }
}

#[test]
fn a_read_pushed_earlier_still_counts_where_the_accesses_saw_a_write() {
    let none = explore(&mut PcThreads, &Config::new(Por::None));
    assert!(keys(&none).contains("a1"), "exhaustive search must find a1");
    for search in [eventide_engine::BacktrackSearch::Summary, eventide_engine::BacktrackSearch::Literal] {
        let dpor = explore(&mut PcThreads, &Config { backtrack_search: search, ..Config::new(Por::Dpor) });
        assert_eq!(keys(&dpor), keys(&none), "{search:?}");
    }
}
