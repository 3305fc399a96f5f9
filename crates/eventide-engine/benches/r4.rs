//! R4 throughput: sequences explored per second.
//!
//! `cargo bench -p eventide-engine --bench r4`
//!
//! Models (the engine's program model, so the figures measure the explorer, not an interpreter):
//! - `counters(n)`: n one-shot events that each add one to a shared counter and disable
//!   themselves; every pair races, and all reorderings commute. From the sequence e0..e(n-1),
//!   k reversals explore the sequences within k adjacent swaps of dependences.
//! - `random`: random acyclic programs (the Theorem 1 campaign's shape), no reversal bound, from
//!   the recorded default sequence, summed over 300 programs.

use eventide_engine::explore::r4::{self, InitialSequence, R4Config};
use eventide_engine::program::{build::*, Program, RandomShape, SplitMix64, Stmt};
use eventide_engine::{Config, NoMonitor, Por};
use std::time::Instant;

fn counters(n: usize) -> Program {
    let mut p = Program::new();
    let x = p.var("x", 0);
    for i in 0..n {
        let e = p.event(&format!("e{i}"), true);
        p.body(e, vec![Stmt::Assign(x, add(v(x), c(1))), Stmt::Disable(e)]);
    }
    p
}

fn config(reversals: Option<u32>) -> Config {
    Config {
        r4: R4Config { initial: InitialSequence::Record, depth: 10_000, reversals, maximal: true },
        ..Config::new(Por::R4)
    }
}

fn line(name: &str, k: &str, sequences: u64, executed: u64, secs: f64) {
    println!(
        "{name:<14} k={k:<4} sequences {sequences:>9}  handler runs {executed:>10}  {secs:>7.3} s  {:>10.0} sequences/s",
        sequences as f64 / secs.max(1e-9)
    );
}

fn main() {
    for (n, k) in [(16, Some(1)), (16, Some(2)), (16, Some(3)), (32, Some(2)), (8, None)] {
        let p = counters(n);
        let start = Instant::now();
        let r = r4::explore(&mut p.clone(), &config(k), &mut NoMonitor);
        let secs = start.elapsed().as_secs_f64();
        let k = k.map_or("all".to_string(), |k| k.to_string());
        line(&format!("counters({n})"), &k, r.sequences.len() as u64, r.outcome.stats.executed, secs);
    }
    let start = Instant::now();
    let (mut sequences, mut executed) = (0, 0);
    for seed in 0..300 {
        let p = Program::random_acyclic(&mut SplitMix64(seed), &RandomShape::default());
        let r = r4::explore(&mut p.clone(), &config(None), &mut NoMonitor);
        sequences += r.sequences.len() as u64;
        executed += r.outcome.stats.executed;
    }
    line("random x300", "all", sequences, executed, start.elapsed().as_secs_f64());
}
