//! Randomized differential tests: DPOR against exhaustive search, and the summary-cached backward
//! search against the literal Algorithm 5, on random programs with cyclic state spaces,
//! multi-location handlers, enabling and disabling.
//!
//! The default run checks a fast slice. The campaign runs on demand:
//! `cargo test -p eventide-engine --release --test differential -- --ignored`
//! (`EVENTIDE_DIFF_SEEDS` sets its size, default 100000).

use eventide_engine::program::{Program, RandomShape, SplitMix64};
use eventide_engine::{explore, BacktrackSearch, Config, Outcome, Por};
use std::collections::BTreeSet;

fn violation_keys(o: &Outcome) -> BTreeSet<String> {
    o.findings.iter().map(|f| f.finding.key.clone()).collect()
}

/// What a campaign saw, so that it can show its programs were not trivial.
#[derive(Default, Debug)]
struct Tally {
    with_violation: u64,
    reduced: u64,
    cyclic: u64,
    /// States stored by exhaustive search and by DPOR, summed over the programs.
    states_exhaustive: u64,
    states_dpor: u64,
}

/// Checks one random program; returns a description of the disagreement, if any.
fn check_seed(seed: u64, shape: &RandomShape, with_literal: bool, tally: &mut Tally) -> Result<(), String> {
    let program = Program::random(&mut SplitMix64(seed), shape);
    let none = explore(&mut program.clone(), &Config { verify_fingerprints: true, ..Config::new(Por::None) });
    let dpor = explore(&mut program.clone(), &Config { verify_fingerprints: true, ..Config::new(Por::Dpor) });
    let describe = |what: &str| format!("seed {seed}: {what}\n{}", program.to_model_file());
    if !none.complete || !dpor.complete {
        return Err(describe("a run did not complete"));
    }
    if violation_keys(&none) != violation_keys(&dpor) {
        return Err(describe(&format!(
            "violations differ: exhaustive {:?}, dpor {:?}",
            violation_keys(&none),
            violation_keys(&dpor)
        )));
    }
    if dpor.stats.states > none.stats.states || dpor.stats.transitions > none.stats.transitions {
        return Err(describe(&format!("dpor explored more: {:?} vs {:?}", dpor.stats, none.stats)));
    }
    if none.stats.events != dpor.stats.events && dpor.stats.states == none.stats.states {
        return Err(describe("same states but different events"));
    }
    tally.with_violation += !none.findings.is_empty() as u64;
    tally.reduced += (dpor.stats.transitions < none.stats.transitions) as u64;
    tally.cyclic += (none.stats.transitions >= none.stats.states) as u64;
    tally.states_exhaustive += none.stats.states;
    tally.states_dpor += dpor.stats.states;
    if with_literal {
        let literal = explore(
            &mut program.clone(),
            &Config { backtrack_search: BacktrackSearch::Literal, ..Config::new(Por::Dpor) },
        );
        if violation_keys(&literal) != violation_keys(&none) {
            return Err(describe(&format!(
                "literal Algorithm 5 differs: {:?} vs exhaustive {:?}",
                violation_keys(&literal),
                violation_keys(&none)
            )));
        }
    }
    Ok(())
}

fn campaign(seeds: std::ops::Range<u64>, shape: &RandomShape, with_literal: bool) {
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut tally = Tally::default();
    for seed in seeds {
        checked += 1;
        if let Err(e) = check_seed(seed, shape, with_literal, &mut tally) {
            failures.push(e);
            if failures.len() >= 5 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{} disagreements in {checked} programs:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{checked} programs: {tally:?}");
    // The programs must exercise what is compared: violations, reduction, cycles.
    assert!(tally.with_violation * 5 >= checked, "too few programs with violations: {tally:?}");
    assert!(tally.reduced * 25 >= checked, "too few programs where DPOR reduces: {tally:?}");
    assert!(tally.cyclic * 2 >= checked, "too few cyclic programs: {tally:?}");
}

#[test]
fn dpor_finds_exactly_the_violations_of_exhaustive_search() {
    campaign(0..3000, &RandomShape::default(), false);
}

#[test]
fn dpor_agrees_on_wider_programs() {
    let shape = RandomShape { max_vars: 4, max_events: 5, max_modulus: 3, max_stmts: 4, ..RandomShape::default() };
    campaign(1_000_000..1_000_400, &shape, false);
}

/// Many events (6–10): cyclic always-enabled events, enabling chains and value-preserving writes
/// mixed, where the exploration order and exact accesses matter most.
fn many_events() -> RandomShape {
    RandomShape { max_vars: 3, min_events: 6, max_events: 10, max_modulus: 3, max_stmts: 3, marks: 0 }
}

/// Longer handlers over more variables: handlers that read what an earlier one wrote and then
/// branch, store the value a variable already has, or re-enable events.
fn long_handlers() -> RandomShape {
    RandomShape { max_vars: 4, min_events: 2, max_events: 5, max_modulus: 3, max_stmts: 5, marks: 0 }
}

#[test]
fn dpor_agrees_on_programs_with_long_handlers() {
    campaign(5_000_000..5_000_400, &long_handlers(), false);
}

#[test]
fn dpor_agrees_on_programs_with_many_events() {
    campaign(3_000_000..3_000_300, &many_events(), false);
}

/// Flags set by marks (`AccessKind::Set`: marks of one value commute), mixed with plain reads and
/// writes of the same variables.
fn with_marks(shape: RandomShape) -> RandomShape {
    RandomShape { marks: 35, ..shape }
}

#[test]
fn dpor_agrees_on_programs_with_marks() {
    campaign(6_000_000..6_003_000, &with_marks(RandomShape::default()), false);
    campaign(7_000_000..7_001_000, &with_marks(many_events()), false);
}

#[test]
fn summary_cache_and_literal_algorithm_5_agree() {
    let shape = RandomShape { max_vars: 2, max_events: 3, max_modulus: 2, max_stmts: 3, ..RandomShape::default() };
    campaign(2_000_000..2_000_300, &shape, true);
}

#[test]
#[ignore = "long campaign; run on demand"]
fn differential_campaign() {
    let n: u64 = std::env::var("EVENTIDE_DIFF_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    campaign(10_000_000..10_000_000 + n, &RandomShape::default(), false);
    let shape = RandomShape { max_vars: 4, max_events: 6, max_modulus: 3, max_stmts: 5, ..RandomShape::default() };
    campaign(20_000_000..20_000_000 + n / 10, &shape, false);
    campaign(40_000_000..40_000_000 + n / 10, &many_events(), false);
    campaign(50_000_000..50_000_000 + n, &long_handlers(), false);
    let small = RandomShape { max_vars: 2, max_events: 3, max_modulus: 2, max_stmts: 3, ..RandomShape::default() };
    campaign(30_000_000..30_000_000 + n / 20, &small, true);
    campaign(60_000_000..60_000_000 + n, &with_marks(RandomShape::default()), false);
    campaign(70_000_000..70_000_000 + n / 10, &with_marks(many_events()), false);
    campaign(80_000_000..80_000_000 + n / 20, &with_marks(small), true);
}
