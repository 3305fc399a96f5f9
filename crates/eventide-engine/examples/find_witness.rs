//! Searches random programs for one on which DPOR with a mechanism switched off disagrees with
//! exhaustive search (or does not terminate). Used to find the regression programs of the
//! mechanism tests. `cargo run --example find_witness -- <switch> [seeds]`.

use eventide_engine::program::{Program, RandomShape, SplitMix64};
use eventide_engine::{explore, Config, Limits, Por, Switches};
use std::collections::BTreeSet;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map(String::as_str).unwrap_or("graph_update_at_match");
    let seeds: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let mut switches = Switches::default();
    match which {
        "full_cycle_termination" => switches.full_cycle_termination = false,
        "graph_wide_backtracking" => switches.graph_wide_backtracking = false,
        "per_location_conflicts" => switches.per_location_conflicts = false,
        "graph_update_at_match" => switches.graph_update_at_match = false,
        "disabled_events_rule" => switches.disabled_events_rule = false,
        "fair_reselection" => switches.fair_reselection = false,
        other => panic!("unknown switch {other}"),
    }
    let arg = |i: usize, d: usize| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let shape = RandomShape {
        max_vars: arg(3, 2),
        max_events: arg(4, 3),
        max_modulus: arg(5, 2) as i64,
        max_stmts: arg(6, 3),
        ..RandomShape::default()
    };
    let mut best: Option<(usize, Program)> = None;
    for seed in 0..seeds {
        let mut rng = SplitMix64(seed);
        let p = Program::random(&mut rng, &shape);
        let limits = Limits { max_executed: Some(20_000), ..Limits::default() };
        let none = explore(&mut p.clone(), &Config { limits: limits.clone(), ..Config::new(Por::None) });
        let mut cfg = Config { limits, ..Config::new(Por::Dpor) };
        cfg.switches = switches;
        let ablated = explore(&mut p.clone(), &cfg);
        let set = |o: &eventide_engine::Outcome| -> BTreeSet<String> {
            o.findings.iter().map(|f| f.finding.key.clone()).collect()
        };
        if !ablated.complete || set(&none) != set(&ablated) {
            let size = p.to_model_file().len();
            if best.as_ref().is_none_or(|(s, _)| size < *s) {
                println!(
                    "seed {seed}: complete={} none={:?} ablated={:?} size={size}",
                    ablated.complete,
                    set(&none),
                    set(&ablated)
                );
                best = Some((size, p));
            }
        }
    }
    if let Some((_, p)) = best {
        println!("{}", p.to_model_file());
        println!("{p:?}");
    }
}
