//! Programs of threads with event queues: the EM-DPOR paper's examples (Figures 2–5, as model
//! files in `examples/models/threads/`) with the interleaving counts its text gives, the three
//! explorers agreeing on every bundled thread program, and the trace rendering.

use eventide_engine::explore::em_dpor::{self, Dependence};
use eventide_engine::{explore, Config, NoMonitor, Outcome, Por};
use eventide_model::{load_program, Program, ThreadSystem};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn threads_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/models/threads")
}

fn load(name: &str) -> ThreadSystem {
    match load_program(&threads_dir().join(format!("{name}.groovy"))) {
        Ok(Program::Threads(t)) => t,
        Ok(Program::Events(_)) => panic!("{name} is not a program of threads"),
        Err(e) => panic!("{}", e.diagnostic.render()),
    }
}

fn all() -> Config {
    Config { verify_fingerprints: true, ..Config::new(Por::None) }
}

fn run(name: &str, por: Por) -> Outcome {
    explore(&mut load(name), &Config { por, ..all() })
}

/// The paper's baseline: stateless DPOR with persistent sets (queues as shared objects).
fn baseline(name: &str) -> Outcome {
    em_dpor::explore_with(&mut load(name), &all(), &mut NoMonitor, Dependence::QueuesShared)
}

fn messages(o: &Outcome) -> BTreeSet<String> {
    o.findings.iter().map(|f| f.finding.message.clone()).collect()
}

#[test]
fn figure_2_one_interleaving_with_dependence_covering_sets_three_with_persistent_sets() {
    let em = run("em-fig2", Por::EmDpor);
    let ps = baseline("em-fig2");
    assert!(em.complete && ps.complete);
    assert_eq!(em.stats.executions, 1, "EM-DPOR explores only the initial trace");
    assert_eq!(ps.stats.executions, 3, "persistent sets explore r1 and r2 at s0, r2 and r3 at s1");
    assert!(em.findings.is_empty() && ps.findings.is_empty());
}

#[test]
fn figure_4_needs_the_posts_reordered_to_reorder_r3_and_r6() {
    let em = run("em-fig3", Por::EmDpor);
    assert!(em.complete);
    assert_eq!(messages(&em), BTreeSet::from(["e3 ran before e1".to_string()]));
    // The violating trace has b's post (r2) before a's (r1): EM-DPOR backtracked to s0.
    let trace = em.trace_names(&em.findings[0]);
    let b = trace.iter().position(|t| t == "b").expect("b posts");
    assert!(trace.iter().position(|t| t == "a").is_none_or(|a| b < a), "{trace:?}");
    let none = run("em-fig3", Por::None);
    assert_eq!(messages(&none), messages(&em));
}

#[test]
fn figure_5_single_threaded_dependence_orders_both_handlers() {
    let em = run("em-fig5", Por::EmDpor);
    let ps = baseline("em-fig5");
    let none = run("em-fig5", Por::None);
    assert_eq!(messages(&em), BTreeSet::from(["e2 before e1".to_string()]));
    assert_eq!(messages(&none), messages(&em));
    assert_eq!(messages(&ps), messages(&em));
    // e1 before e3 is fixed (e1 posts e3); e2 (which writes x like e1, and y, which e3 reads)
    // goes before e1, between e1 and e3, or after e3: three traces, one per place.
    assert_eq!(em.stats.executions, 3, "one trace per place of e2");
    assert_eq!(ps.stats.executions, 3, "all handler pairs depend on each other: nothing to gain");
}
