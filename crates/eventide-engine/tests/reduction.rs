//! How much DPOR reduces, as exact figures: regression tests of the exploration order (events
//! taken in turn along an execution close full cycles soon) and of exact accesses (a write that
//! leaves its location unchanged is a read).

use eventide_engine::program::build::*;
use eventide_engine::program::{Expr, Program, Stmt};
use eventide_engine::{explore, Config, Outcome, Por};

fn run(p: &Program, por: Por) -> Outcome {
    let o = explore(&mut p.clone(), &Config { verify_fingerprints: true, ..Config::new(por) });
    assert!(o.complete, "{} did not complete", por.name());
    o
}

fn figures(o: &Outcome) -> (u64, u64, u64) {
    (o.stats.states, o.stats.transitions, o.stats.executions)
}

/// `n` independent toggles: one execution that takes the events in turn closes a full cycle
/// after `2n` transitions, and nothing conflicts, so that is the whole exploration.
#[test]
fn toggles_take_2n_states_with_dpor_and_2_to_the_n_without() {
    for n in 1..=16u64 {
        let p = Program::toggles(n as usize);
        assert_eq!(figures(&run(&p, Por::Dpor)), (2 * n, 2 * n, 1), "toggles({n})");
        if n <= 12 {
            let none = run(&p, Por::None);
            assert_eq!((none.stats.states, none.stats.transitions), (1 << n, n << n), "toggles({n})");
        }
    }
}

/// Toggles whose handlers also store a shared variable's own value (`s = s`, `if (s == 0) s = 0`):
/// the stores change nothing, so they are reads and the toggles stay independent.
#[test]
fn writes_of_the_value_a_location_holds_do_not_conflict() {
    for n in 1..=12u64 {
        let mut p = Program::toggles(n as usize);
        let shared = p.var("s", 0);
        for (i, e) in p.events.iter_mut().enumerate() {
            e.body.push(if i % 2 == 0 {
                Stmt::Assign(shared, v(shared))
            } else {
                Stmt::If(eq(v(shared), c(0)), vec![Stmt::Assign(shared, c(0))], vec![])
            });
        }
        assert_eq!(figures(&run(&p, Por::Dpor)), (2 * n, 2 * n, 1), "toggles({n}) with value-preserving writes");
    }
}

/// Independent attributes with `k` values each; one always-enabled event per (attribute, value)
/// sets the attribute (a report of the current value changes nothing), as SmartThings device
/// events do. With `flag`, every handler also sets a shared flag the first time
/// (`if (created == 0) { created = 1 }`), like a logging app that creates its bucket on the first
/// event: then every event conflicts with whichever ran first.
fn attributes(domains: &[i64], flag: bool) -> Program {
    let mut p = Program::new();
    let created = p.var("created", 0);
    for (i, &k) in domains.iter().enumerate() {
        let x = p.var(&format!("a{i}"), 0);
        for value in 0..k {
            let e = p.event(&format!("a{i}={value}"), true);
            let mut body = vec![Stmt::Assign(x, Expr::Const(value))];
            if flag {
                body.push(Stmt::If(eq(v(created), c(0)), vec![Stmt::Assign(created, c(1))], vec![]));
            }
            p.body(e, body);
        }
    }
    p
}

#[test]
fn independent_attributes_grow_linearly() {
    for n in [2usize, 4, 8, 16] {
        let dpor = run(&attributes(&vec![2; n], false), Por::Dpor);
        assert_eq!(dpor.stats.states, 2 * n as u64, "{n} binary attributes");
        let dpor = run(&attributes(&vec![3; n], false), Por::Dpor);
        assert_eq!(dpor.stats.states, 4 * n as u64 - 1, "{n} ternary attributes");
    }
    let none = run(&attributes(&[3; 8], false), Por::None);
    assert_eq!(none.stats.states, 3u64.pow(8));
}

/// With the flag, each event may come first, and each of those executions joins the first one
/// within one round: at most quadratic in the number of events, where taking the same global
/// order in every execution (least recently executed over the whole run) stored 1.3 million
/// states for the last shape below.
#[test]
fn a_flag_set_by_the_first_event_costs_at_most_quadratic_states() {
    let shapes: [(Vec<i64>, u64, u64); 4] = [
        (vec![2; 8], 16, 44),
        (vec![2; 12], 24, 90),
        (vec![3; 8], 24, 142),
        ([vec![2; 20], vec![4, 5, 6]].concat(), 55, 534),
    ];
    for (domains, events, states) in shapes {
        let dpor = run(&attributes(&domains, true), Por::Dpor);
        assert_eq!(dpor.stats.states, states, "{domains:?}: {:?}", figures(&dpor));
        assert!(states <= events * events);
    }
}

/// Independent binary or ternary attributes and a trigger event that writes the last `w` of them
/// (an app reacting to a sensor by switching devices): the trigger conflicts with those
/// attributes' events at many states, deep in the exploration. A backtrack execution continues
/// the order of the execution that found its state, so it joins it soon; starting each one in id
/// order instead stored 44, 45 and 60 states for the last three shapes.
#[test]
fn backtrack_executions_continue_the_order_that_found_their_state() {
    for (n, k, w, states) in [(8usize, 2i64, 2usize, 16u64), (12, 2, 3, 26), (8, 3, 2, 33), (16, 2, 3, 34)] {
        let mut p = Program::new();
        let mut vars = Vec::new();
        for i in 0..n {
            let x = p.var(&format!("a{i}"), 0);
            vars.push(x);
            for value in 0..k {
                let e = p.event(&format!("a{i}={value}"), true);
                p.body(e, vec![Stmt::Assign(x, Expr::Const(value))]);
            }
        }
        let trigger = p.event("trigger", true);
        p.body(trigger, vars[n - w..].iter().map(|&x| Stmt::Assign(x, c(1))).collect());
        let dpor = run(&p, Por::Dpor);
        assert_eq!(dpor.stats.states, states, "n={n} k={k} w={w}: {:?}", figures(&dpor));
    }
}
