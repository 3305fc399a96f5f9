//! The algorithm document's test programs, written with the engine's Rust program model, run in
//! both modes; and for each DPOR mechanism, a program that is mishandled when it is switched off.

use eventide_engine::program::build::*;
use eventide_engine::program::{Program, Stmt};
use eventide_engine::{explore, BacktrackSearch, Config, Limits, Outcome, Por, Switches};
use std::collections::BTreeSet;

fn fig1() -> Program {
    let mut p = Program::new();
    let (x, y, z) = (p.var("x", 0), p.var("y", 0), p.var("z", 0));
    let (e1, e2, e3) = (p.event("e1", true), p.event("e2", true), p.event("e3", true));
    p.body(e1, vec![Stmt::Assign(x, c(1)), Stmt::Disable(e1)]);
    p.body(e2, vec![Stmt::Read(y)]);
    p.body(e3, vec![Stmt::Read(z), Stmt::Assert(eq(v(x), c(0)), "fig1".into()), Stmt::Disable(e3)]);
    p
}

fn fig3() -> Program {
    let mut p = Program::new();
    let (x, y, z) = (p.var("x", 0), p.var("y", 0), p.var("z", 0));
    let (e1, e2, e3, e4) = (p.event("e1", true), p.event("e2", true), p.event("e3", true), p.event("e4", true));
    p.body(e1, vec![Stmt::Assign(x, c(1)), Stmt::Read(z)]);
    p.body(e2, vec![Stmt::Assign(z, c(0)), Stmt::Assign(y, c(1))]);
    p.body(e3, vec![Stmt::Assign(y, c(0))]);
    p.body(
        e4,
        vec![Stmt::If(
            eq(v(x), c(0)),
            vec![Stmt::If(eq(v(y), c(1)), vec![Stmt::Assert(eq(v(y), c(0)), "fig3".into())], vec![])],
            vec![Stmt::Assign(x, c(0))],
        )],
    );
    p
}

fn fig5() -> Program {
    let mut p = Program::new();
    let (x, y) = (p.var("x", 0), p.var("y", 0));
    let (e1, e2, e3) = (p.event("e1", true), p.event("e2", true), p.event("e3", true));
    p.body(e1, vec![Stmt::Assign(y, c(1)), Stmt::Disable(e1)]);
    p.body(e2, vec![Stmt::Assign(x, c(1)), Stmt::Disable(e2)]);
    p.body(
        e3,
        vec![Stmt::If(eq(v(x), c(1)), vec![Stmt::Assert(eq(v(y), c(1)), "fig5".into())], vec![]), Stmt::Disable(e3)],
    );
    p
}

fn disabling() -> Program {
    let mut p = Program::new();
    let g = p.var("g", 0);
    let (ea, eb, ec) = (p.event("eA", true), p.event("eB", true), p.event("eC", false));
    p.body(ea, vec![Stmt::Assign(g, c(1)), Stmt::Disable(ec)]);
    p.body(eb, vec![Stmt::If(eq(v(g), c(0)), vec![Stmt::Enable(ec)], vec![])]);
    p.body(ec, vec![Stmt::Assert(eq(v(g), c(1)), "disabled".into())]);
    p
}

fn selfloop() -> Program {
    let mut p = Program::new();
    let b = p.var("b", 1);
    let (e1, e2) = (p.event("e1", true), p.event("e2", true));
    p.body(e1, vec![Stmt::Assign(b, c(0))]);
    p.body(e2, vec![Stmt::Assert(eq(v(b), c(0)), "selfloop".into())]);
    p
}

fn cycle() -> Program {
    let mut p = Program::new();
    let x = p.var("v", 0);
    let (e1, e2) = (p.event("e1", true), p.event("e2", true));
    p.body(e1, vec![Stmt::Assert(eq(v(x), c(0)), "cycle".into()), Stmt::Assign(x, c(1))]);
    p.body(e2, vec![Stmt::Assign(x, c(0))]);
    p
}

fn fairness() -> Program {
    let mut p = Program::new();
    let (a, b) = (p.var("a", 0), p.var("b", 1));
    let (e1, e2, e3) = (p.event("e1", true), p.event("e2", true), p.event("e3", true));
    p.body(
        e1,
        vec![Stmt::Enable(e3), Stmt::Assert(ne(v(b), c(0)), "f1".into()), Stmt::Assign(a, modulo(add(v(b), c(1)), 2))],
    );
    p.body(e2, vec![Stmt::Disable(e3)]);
    p.body(e3, vec![Stmt::Assert(eq(v(a), c(0)), "f3".into())]);
    p
}

/// Runs with a generous guard so that a broken switch cannot hang the test.
fn run(p: &Program, config: Config) -> Outcome {
    let mut config = config;
    config.limits = Limits { max_executed: Some(100_000), ..config.limits };
    config.verify_fingerprints = true;
    explore(&mut p.clone(), &config)
}

fn all(por: Por) -> Config {
    Config::new(por)
}

fn violations(o: &Outcome) -> BTreeSet<String> {
    o.findings.iter().map(|f| f.finding.message.clone()).collect()
}

struct Case {
    name: &'static str,
    program: fn() -> Program,
    violation: Option<&'static str>,
    states: u64,
    transitions: u64,
}

const CASES: &[Case] = &[
    Case { name: "fig1", program: fig1, violation: Some("fig1"), states: 4, transitions: 8 },
    Case { name: "fig3", program: fig3, violation: Some("fig3"), states: 4, transitions: 16 },
    Case { name: "fig5", program: fig5, violation: Some("fig5"), states: 8, transitions: 12 },
    Case { name: "disabling", program: disabling, violation: Some("disabled"), states: 3, transitions: 7 },
    Case { name: "selfloop", program: selfloop, violation: Some("selfloop"), states: 2, transitions: 4 },
    Case { name: "cycle", program: cycle, violation: Some("cycle"), states: 2, transitions: 4 },
    Case { name: "fairness", program: fairness, violation: None, states: 2, transitions: 5 },
];

#[test]
fn table_programs_give_expected_verdicts_in_both_modes() {
    for case in CASES {
        let p = (case.program)();
        let none = run(&p, all(Por::None));
        assert!(none.complete, "{}: exhaustive must finish", case.name);
        assert_eq!(
            (none.stats.states, none.stats.transitions),
            (case.states, case.transitions),
            "{}: exhaustive states/transitions",
            case.name
        );
        let dpor = run(&p, all(Por::Dpor));
        assert!(dpor.complete, "{}: dpor must finish", case.name);
        let expected: BTreeSet<String> = case.violation.iter().map(|s| s.to_string()).collect();
        assert_eq!(violations(&none), expected, "{}: exhaustive violations", case.name);
        assert_eq!(violations(&dpor), expected, "{}: dpor violations", case.name);
        assert!(dpor.stats.states <= none.stats.states, "{}", case.name);
        assert!(dpor.stats.transitions <= none.stats.transitions, "{}", case.name);
    }
}

#[test]
fn literal_algorithm_5_agrees_on_table_programs() {
    for case in CASES {
        let p = (case.program)();
        let literal = run(&p, Config { backtrack_search: BacktrackSearch::Literal, ..all(Por::Dpor) });
        let expected: BTreeSet<String> = case.violation.iter().map(|s| s.to_string()).collect();
        assert!(literal.complete, "{}", case.name);
        assert_eq!(violations(&literal), expected, "{}: literal oracle", case.name);
    }
}

#[test]
fn traces_replay_to_the_violation() {
    for case in CASES.iter().filter(|c| c.violation.is_some()) {
        let mut p = (case.program)();
        for por in [Por::Dpor, Por::None] {
            let outcome = run(&p, Config { stop_at_first: true, ..all(por) });
            let found = &outcome.findings[0];
            // Replaying the trace from the initial state raises the same finding at its last step.
            use eventide_engine::TransitionSystem;
            let mut s = p.initial_state();
            let mut last = Vec::new();
            for &e in &found.trace {
                let mut enabled = Vec::new();
                p.enabled(&s, &mut enabled);
                assert!(enabled.contains(&e), "{}: trace event not enabled", case.name);
                let step = p.execute(&s, e, &mut Vec::new());
                last = step.findings;
                s = step.next;
            }
            assert_eq!(last.first().map(|f| f.message.as_str()), case.violation, "{} {:?}", case.name, por);
        }
    }
}

fn with(switch: impl Fn(&mut Switches)) -> Config {
    let mut config = all(Por::Dpor);
    switch(&mut config.switches);
    config
}

fn misses(p: fn() -> Program, message: &str, config: Config) -> bool {
    let outcome = run(&p(), config);
    !violations(&outcome).contains(message)
}

/// Exhaustive search and DPOR find `message` in the program; DPOR with a mechanism switched off
/// (`off`) misses it.
fn needed(p: fn() -> Program, message: &str, off: Config, why: &str) {
    assert!(!misses(p, message, Config::new(Por::None)), "exhaustive search misses {message}");
    assert!(!misses(p, message, all(Por::Dpor)), "DPOR misses {message}");
    assert!(misses(p, message, off), "{why}");
}

/// Found by `cargo run --example find_witness -- full_cycle_termination`: `e0` leads straight
/// back to the initial state; stopping there never runs `e1`, which nothing conflicts with.
fn needs_full_cycle() -> Program {
    let mut p = Program::new();
    let x0 = p.var("x0", 1);
    let (e0, e1) = (p.event("e0", true), p.event("e1", true));
    p.body(e0, vec![Stmt::Assign(x0, v(x0))]);
    p.body(e1, vec![Stmt::Assert(eq(v(x0), c(2)), "a1_1".into())]);
    p
}

#[test]
fn full_cycle_termination_is_needed() {
    let off = with(|s| s.full_cycle_termination = false);
    assert!(!misses(fig1, "fig1", all(Por::Dpor)));
    needed(needs_full_cycle, "a1_1", off, "stopping at any state match must miss it");
}

/// Found by `cargo run --example find_witness -- graph_wide_backtracking` (seed 178532; refound
/// when summaries became per read context): the failing order needs a backtrack point that only
/// a path outside the current execution leads to.
fn needs_graph_wide() -> Program {
    let mut p = Program::new();
    let (x0, x1) = (p.var("x0", 0), p.var("x1", 1));
    let (e0, e1, e2) = (p.event("e0", true), p.event("e1", true), p.event("e2", true));
    p.body(
        e0,
        vec![
            Stmt::Assign(x1, modulo(add(v(x0), v(x0)), 2)),
            Stmt::Assert(ne(v(x0), c(1)), "a0_1".into()),
            Stmt::Disable(e0),
        ],
    );
    p.body(e1, vec![Stmt::Assign(x1, c(1))]);
    p.body(e2, vec![Stmt::Assign(x0, modulo(add(v(x0), c(1)), 2)), Stmt::Assert(ne(v(x1), c(2)), "a2_2".into())]);
    p
}

#[test]
fn graph_wide_backtracking_is_needed() {
    let off = with(|s| s.graph_wide_backtracking = false);
    needed(needs_graph_wide, "a0_1", off, "backtracking along the current path only must miss it");
}

#[test]
fn per_location_conflicts_are_needed() {
    let off = with(|s| s.per_location_conflicts = false);
    assert!(!misses(fig5, "fig5", all(Por::Dpor)));
    assert!(misses(fig5, "fig5", off), "stopping at the first conflict must miss fig5");
}

/// Found by `cargo run --example find_witness -- graph_update_at_match`.
fn needs_graph_update() -> Program {
    let mut p = Program::new();
    let (x0, x1) = (p.var("x0", 1), p.var("x1", 1));
    let (e0, e1, e2) = (p.event("e0", true), p.event("e1", true), p.event("e2", true));
    p.body(e0, vec![Stmt::Disable(e1)]);
    p.body(e1, vec![Stmt::Assert(eq(v(x0), v(x1)), "a1_1".into())]);
    p.body(e2, vec![Stmt::Assign(x1, modulo(add(v(x0), v(x0)), 2))]);
    p
}

#[test]
fn graph_update_at_state_match_is_needed() {
    let off = with(|s| s.graph_update_at_match = false);
    needed(needs_graph_update, "a1_1", off, "no graph update at a state match must miss it");
}

/// Found by `cargo run --example find_witness -- disabled_events_rule 50000 2 3 2 3`: `e0` runs
/// first and disables `e1`, whose handler always fails; nothing else conflicts with `e0`.
fn needs_disabled_events_rule() -> Program {
    let mut p = Program::new();
    let (e0, e1) = (p.event("e0", true), p.event("e1", true));
    p.body(e0, vec![Stmt::Disable(e1)]);
    p.body(e1, vec![Stmt::Assert(lt(c(1), c(1)), "a1_1".into())]);
    p
}

#[test]
fn disabled_events_rule_is_needed() {
    let off = with(|s| s.disabled_events_rule = false);
    assert!(!misses(disabling, "disabled", all(Por::Dpor)));
    needed(needs_disabled_events_rule, "a1_1", off, "without the disabled-events rule the disabled event is never run");
}

/// Found by `cargo run --example find_witness -- fair_reselection 300000 2 6 2 3` (seed 9462):
/// with one global round-robin pointer, re-picks keep skipping an event, no cycle ever becomes
/// full and the execution never ends.
fn needs_fairness() -> Program {
    let mut p = Program::new();
    let (x0, x1) = (p.var("x0", 1), p.var("x1", 0));
    let (e0, e1, e2, e3, e4) =
        (p.event("e0", true), p.event("e1", true), p.event("e2", true), p.event("e3", true), p.event("e4", true));
    p.body(e0, vec![Stmt::Enable(e2), Stmt::Assign(x0, c(0))]);
    p.body(
        e1,
        vec![
            Stmt::Assert(eq(v(x0), c(0)), "a1_1".into()),
            Stmt::Disable(e2),
            Stmt::Assign(x0, modulo(add(v(x0), v(x0)), 2)),
        ],
    );
    p.body(
        e2,
        vec![
            Stmt::Enable(e3),
            Stmt::Disable(e2),
            Stmt::If(eq(v(x0), c(1)), vec![Stmt::Assign(x0, c(1))], vec![]),
            Stmt::Enable(e3),
            Stmt::Disable(e2),
        ],
    );
    p.body(e3, vec![Stmt::Assign(x0, c(1)), Stmt::Assign(x1, modulo(add(v(x1), c(0)), 2))]);
    p.body(e4, vec![Stmt::Disable(e3), Stmt::Assert(lt(c(1), c(2)), "a4_2".into())]);
    p
}

#[test]
fn fair_reselection_is_needed_for_termination() {
    for program in [fairness, needs_fairness] {
        let fair = run(&program(), all(Por::Dpor));
        assert!(fair.complete);
    }
    assert!(!misses(needs_fairness, "a1_1", Config::new(Por::None)));
    assert!(!misses(needs_fairness, "a1_1", all(Por::Dpor)));
    let unfair = run(&needs_fairness(), with(|s| s.fair_reselection = false));
    assert!(!unfair.complete, "one global re-pick pointer must not terminate on this program");
}

#[test]
fn one_shot_events_reduce_to_a_single_path() {
    for n in 1..=10 {
        let p = Program::one_shots(n);
        let none = run(&p, all(Por::None));
        let dpor = run(&p, all(Por::Dpor));
        assert_eq!(none.stats.states, 1 << n, "n={n}");
        assert_eq!(none.stats.transitions, (n as u64) << (n - 1), "n={n}");
        assert_eq!(dpor.stats.states, n as u64 + 1, "n={n}");
        assert_eq!(dpor.stats.transitions, n as u64, "n={n}");
        assert_eq!(dpor.stats.executions, 1, "n={n}");
    }
}

#[test]
fn toggles_terminate_in_both_modes() {
    for n in 1..=8 {
        let p = Program::toggles(n);
        let none = run(&p, all(Por::None));
        assert!(none.complete);
        assert_eq!(none.stats.states, 1 << n);
        assert_eq!(none.stats.transitions, (n as u64) << n);
        let dpor = run(&p, all(Por::Dpor));
        assert!(dpor.complete, "dpor on toggles({n}) must terminate");
        assert!(dpor.stats.states <= none.stats.states);
    }
}

/// `n` toggles that also all count one shared variable round: every pair of events conflicts,
/// so DPOR cannot reduce (2^n · 2 states in both modes).
fn counting_toggles(n: usize) -> Program {
    let mut p = Program::toggles(n);
    let shared = p.var("count", 0);
    for e in &mut p.events {
        e.body.push(Stmt::Assign(shared, modulo(add(v(shared), c(1)), 2)));
    }
    p
}

#[test]
fn limits_stop_runs_cleanly() {
    let p = counting_toggles(12);
    for por in [Por::Dpor, Por::None] {
        let config = Config { limits: Limits { max_states: Some(100), ..Limits::default() }, ..all(por) };
        let outcome = explore(&mut p.clone(), &config);
        assert!(!outcome.complete);
        assert_eq!(outcome.stop_reason, Some(eventide_engine::StopReason::States));
        assert!(outcome.stats.states >= 100 && outcome.stats.states <= 101, "{:?}", outcome.stats);
        let config =
            Config { limits: Limits { time_limit: Some(std::time::Duration::ZERO), ..Limits::default() }, ..all(por) };
        let outcome = explore(&mut p.clone(), &config);
        assert_eq!(outcome.stop_reason, Some(eventide_engine::StopReason::Time));
    }
}

/// A monitor that sees every executed transition and reports when it has seen one event
/// executed at three distinct states (a stand-in for a path property).
struct CountingMonitor {
    initial: Option<eventide_engine::StateId>,
    seen: u64,
    per_event: std::collections::HashMap<u32, BTreeSet<eventide_engine::StateId>>,
}

impl eventide_engine::Monitor<Program> for CountingMonitor {
    fn on_initial(&mut self, _graph: &eventide_engine::Graph, initial: eventide_engine::StateId) {
        self.initial = Some(initial);
    }

    fn on_transition(
        &mut self,
        _system: &Program,
        graph: &eventide_engine::Graph,
        t: eventide_engine::ObservedTransition<'_, ()>,
        found: &mut Vec<eventide_engine::ReportedFinding>,
    ) {
        self.seen += 1;
        assert_eq!(graph.edge(t.edge), eventide_engine::GraphEdge { src: t.src, event: t.event, dst: t.dst });
        let states = self.per_event.entry(t.event).or_default();
        states.insert(t.src);
        if states.len() == 3 {
            found.push(eventide_engine::ReportedFinding {
                finding: eventide_engine::Finding {
                    kind: eventide_engine::FindingKind::Violation,
                    key: format!("thrice:{}", t.event),
                    message: "thrice".into(),
                    position: None,
                },
                trace: vec![t.event],
            });
        }
    }
}

#[test]
fn monitors_see_every_executed_transition_and_report_findings() {
    for por in [Por::Dpor, Por::None] {
        let mut monitor = CountingMonitor { initial: None, seen: 0, per_event: Default::default() };
        let outcome = eventide_engine::explore_with_monitor(&mut counting_toggles(3), &all(por), &mut monitor);
        assert!(monitor.initial.is_some());
        assert_eq!(monitor.seen, outcome.stats.executed, "{por:?}");
        let keys: BTreeSet<_> = outcome.findings.iter().map(|f| f.finding.key.clone()).collect();
        // Every finding the monitor raised (an event it saw at three distinct states) is reported,
        // and nothing else. Exhaustively each toggle runs at all 16 states; so does DPOR, since
        // every pair of events conflicts.
        let raised: BTreeSet<_> = monitor
            .per_event
            .iter()
            .filter(|(_, states)| states.len() >= 3)
            .map(|(e, _)| format!("thrice:{e}"))
            .collect();
        assert_eq!(keys, raised, "{por:?}");
        if por == Por::None {
            assert_eq!(keys.len(), 3, "{por:?}: {keys:?}");
        } else {
            assert!(!keys.is_empty(), "{por:?}: DPOR ran no toggle at three states: {:?}", monitor.per_event);
        }
        let mut first = CountingMonitor { initial: None, seen: 0, per_event: Default::default() };
        let stopped = eventide_engine::explore_with_monitor(
            &mut counting_toggles(3),
            &Config { stop_at_first: true, ..all(por) },
            &mut first,
        );
        assert_eq!(stopped.findings.len(), 1);
        assert_eq!(stopped.stop_reason, Some(eventide_engine::StopReason::FirstFinding));
    }
}

/// A system whose event 1 never finishes on its own: it spins until the run's watchdog trips,
/// as an interpreted handler with `while (true) {}` does. Event 0 counts from 0 up to 2; at 2
/// only the spinning event is enabled, and it would lead to a state no other step reaches (10),
/// so a stored interrupted step shows as a fourth state.
#[derive(Default)]
struct Spinner {
    watchdog: Option<eventide_engine::Watchdog>,
    interrupted: Option<eventide_engine::StopReason>,
    watchdog_sets: Vec<bool>,
}

impl eventide_engine::TransitionSystem for Spinner {
    type State = u8;
    type Label = ();
    fn initial_state(&mut self) -> u8 {
        0
    }
    fn fingerprint(&self, s: &u8) -> eventide_engine::Fingerprint {
        eventide_engine::Fingerprint(*s as u128)
    }
    fn enabled(&mut self, s: &u8, out: &mut Vec<eventide_engine::EventId>) {
        if *s < 2 {
            out.push(0);
        }
        if *s == 2 {
            out.push(1);
        }
    }
    fn execute(
        &mut self,
        s: &u8,
        e: eventide_engine::EventId,
        accesses: &mut Vec<eventide_engine::Access>,
    ) -> eventide_engine::Step<u8> {
        self.interrupted = None;
        accesses.push(eventide_engine::Access::write(eventide_engine::Location::data(0)));
        if e == 1 {
            let watchdog = self.watchdog.expect("the engine sets a watchdog before executing");
            loop {
                if let Some(reason) = watchdog.exceeded() {
                    self.interrupted = Some(reason);
                    break;
                }
                std::thread::yield_now();
            }
            return eventide_engine::Step { next: 10, findings: Vec::new(), label: () };
        }
        eventide_engine::Step { next: s + 1, findings: Vec::new(), label: () }
    }
    fn event_name(&self, e: eventide_engine::EventId) -> String {
        ["count", "spin"][e as usize].to_string()
    }
    fn set_watchdog(&mut self, watchdog: Option<eventide_engine::Watchdog>) {
        self.watchdog_sets.push(watchdog.is_some());
        self.watchdog = watchdog;
    }
    fn interrupted(&mut self) -> Option<eventide_engine::StopReason> {
        self.interrupted
    }
}

#[test]
fn a_transition_that_never_ends_is_stopped_by_the_time_limit() {
    for por in [Por::Dpor, Por::None] {
        let mut system = Spinner::default();
        let limits = Limits { time_limit: Some(std::time::Duration::from_millis(100)), ..Limits::default() };
        let outcome = eventide_engine::explore(&mut system, &Config { limits, ..all(por) });
        assert!(!outcome.complete, "{por:?}");
        assert_eq!(outcome.stop_reason, Some(eventide_engine::StopReason::Time), "{por:?}");
        // The interrupted step is discarded: only the states before it exist (0, 1 and 2, and the
        // two counting steps between them), not the state 10 it would have led to.
        assert_eq!((outcome.stats.states, outcome.stats.transitions), (3, 2), "{por:?}: {:?}", outcome.stats);
        // The watchdog is set for the run and cleared after it (replays after a run are not cut).
        assert_eq!(system.watchdog_sets, vec![true, false], "{por:?}");
    }
}

#[test]
fn the_explored_graph_is_kept_only_when_asked_for() {
    for por in [Por::Dpor, Por::None] {
        let plain = explore(&mut counting_toggles(3), &all(por));
        assert!(plain.graph.is_none(), "{por:?}: no monitor, no keep_graph");
        let kept = explore(&mut counting_toggles(3), &Config { keep_graph: true, ..all(por) });
        assert_eq!(
            kept.stats,
            eventide_engine::Stats {
                elapsed: kept.stats.elapsed,
                peak_memory_bytes: kept.stats.peak_memory_bytes,
                visited_table_bytes: kept.stats.visited_table_bytes,
                graph_bytes: kept.stats.graph_bytes,
                ..plain.stats.clone()
            },
            "{por:?}: keeping the graph changes no count"
        );
        let graph = kept.graph.expect("keep_graph returns the graph");
        assert_eq!(graph.state_count() as u64, kept.stats.states, "{por:?}");
        assert_eq!(graph.edge_count() as u64, kept.stats.transitions, "{por:?}");
        // Every state is reachable, and a shortest path leads to it through edges of the graph.
        let mut paths = graph.shortest_paths();
        for s in 0..graph.state_count() as eventide_engine::StateId {
            let path = paths.path_to(s);
            let mut at = eventide_engine::Graph::INITIAL;
            for e in path {
                assert_eq!(graph.edge(e).src, at);
                at = graph.edge(e).dst;
            }
            assert_eq!(at, s, "{por:?}");
        }
    }
}
