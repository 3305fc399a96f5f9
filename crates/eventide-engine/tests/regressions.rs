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
