//! R4 ([`eventide_engine::explore::r4`]) on the engine's program model.
//!
//! - Theorem 1 as a differential test: on random acyclic programs, R4 with no reversal bound and
//!   maximal replays, from a random maximal initial sequence, reports exactly the violations of
//!   exhaustive search and reaches exactly its final states. The default run checks a fast
//!   slice; the campaign runs on demand:
//!   `cargo test -p eventide-engine --release --test r4 -- --ignored`
//!   (`EVENTIDE_R4_SEEDS` sets its size, default 20000).
//! - Conflict-reversal bounding: `--reversals 0` explores one sequence, the number of sequences
//!   never falls as the bound grows, every sequence has one reversal more than its parent and,
//!   replayed exactly, reverses exactly one dependence of its parent.

use eventide_engine::explore::r4::{self, InitialSequence, R4Config, R4Outcome, RaceKind};
use eventide_engine::program::{Program, RandomShape, SplitMix64};
use eventide_engine::{explore, Config, EventId, Fingerprint, Outcome, Por, TransitionSystem};
use rustc_hash::FxHashSet;
use std::collections::BTreeSet;

fn violation_keys(o: &Outcome) -> BTreeSet<String> {
    o.findings.iter().map(|f| f.finding.key.clone()).collect()
}

/// The fingerprints of every reachable state where no event is enabled (depth-first search).
fn final_states(p: &Program) -> BTreeSet<Fingerprint> {
    let mut p = p.clone();
    let s0 = p.initial_state();
    let mut seen = FxHashSet::default();
    seen.insert(p.fingerprint(&s0));
    let mut stack = vec![s0];
    let mut finals = BTreeSet::new();
    let mut enabled = Vec::new();
    while let Some(s) = stack.pop() {
        enabled.clear();
        p.enabled(&s, &mut enabled);
        if enabled.is_empty() {
            finals.insert(p.fingerprint(&s));
        }
        for &e in &enabled.clone() {
            let next = p.execute(&s, e, &mut Vec::new()).next;
            if seen.insert(p.fingerprint(&next)) {
                stack.push(next);
            }
        }
    }
    finals
}

/// A random maximal sequence: random enabled events until none is enabled.
fn random_maximal_sequence(p: &Program, rng: &mut SplitMix64) -> Vec<EventId> {
    let mut p = p.clone();
    let mut s = p.initial_state();
    let mut out = Vec::new();
    let mut enabled = Vec::new();
    loop {
        enabled.clear();
        p.enabled(&s, &mut enabled);
        if enabled.is_empty() || out.len() > 10_000 {
            return out;
        }
        let e = enabled[rng.below(enabled.len() as u64) as usize];
        out.push(e);
        s = p.execute(&s, e, &mut Vec::new()).next;
    }
}

fn r4_config(initial: InitialSequence, reversals: Option<u32>, maximal: bool) -> Config {
    Config {
        verify_fingerprints: true,
        r4: R4Config { initial, depth: 10_000, reversals, maximal },
        ..Config::new(Por::R4)
    }
}

fn run_r4(p: &Program, config: &Config) -> R4Outcome {
    r4::explore(&mut p.clone(), config, &mut eventide_engine::NoMonitor)
}

#[derive(Default, Debug)]
struct Tally {
    with_violation: u64,
    /// Programs where R4 explored fewer sequences than the program has maximal paths' worth of
    /// distinct final states times events (a crude sign that persistent sets prune).
    several_sequences: u64,
    harmful: u64,
    harmless: u64,
    sequences: u64,
    exhaustive_states: u64,
}

fn check_theorem_1(seed: u64, shape: &RandomShape, tally: &mut Tally) -> Result<(), String> {
    let mut rng = SplitMix64(seed);
    let p = Program::random_acyclic(&mut rng, shape);
    let describe = |what: String| format!("seed {seed}: {what}\n{}", p.to_model_file());
    let none = explore(&mut p.clone(), &Config::new(Por::None));
    let initial = random_maximal_sequence(&p, &mut rng);
    let r = run_r4(&p, &r4_config(InitialSequence::Trace(initial.clone()), None, true));
    if !none.complete || !r.outcome.complete {
        return Err(describe("a run did not complete".into()));
    }
    if violation_keys(&none) != violation_keys(&r.outcome) {
        return Err(describe(format!(
            "violations differ from {initial:?}: exhaustive {:?}, r4 {:?}",
            violation_keys(&none),
            violation_keys(&r.outcome)
        )));
    }
    let want = final_states(&p);
    let got: BTreeSet<Fingerprint> = r.sequences.iter().map(|s| s.final_fingerprint).collect();
    if want != got {
        return Err(describe(format!(
            "final states differ from {initial:?}: exhaustive {} states, r4 {} ({} sequences)",
            want.len(),
            got.len(),
            r.sequences.len()
        )));
    }
    if r.outcome.stats.executions != r.sequences.len() as u64 || r.races.len() + 1 != r.sequences.len() {
        return Err(describe("sequence and race counts disagree".into()));
    }
    tally.with_violation += !none.findings.is_empty() as u64;
    tally.several_sequences += (r.sequences.len() > 1) as u64;
    tally.harmful += r.races.iter().filter(|x| x.classification.is_harmful()).count() as u64;
    tally.harmless += r.races.iter().filter(|x| !x.classification.is_harmful()).count() as u64;
    tally.sequences += r.sequences.len() as u64;
    tally.exhaustive_states += none.stats.states;
    Ok(())
}

fn campaign(seeds: std::ops::Range<u64>, shape: &RandomShape) {
    let mut failures = Vec::new();
    let mut tally = Tally::default();
    let checked = seeds.end - seeds.start;
    for seed in seeds {
        if let Err(e) = check_theorem_1(seed, shape, &mut tally) {
            failures.push(e);
            if failures.len() >= 5 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{} disagreements:\n{}", failures.len(), failures.join("\n"));
    eprintln!("{checked} programs: {tally:?}");
    assert!(tally.with_violation * 5 >= checked, "too few programs with violations: {tally:?}");
    assert!(tally.several_sequences * 2 >= checked, "too few programs with races: {tally:?}");
    assert!(tally.harmful > 0 && tally.harmless > 0, "races of one class only: {tally:?}");
}

#[test]
fn theorem_1_r4_finds_the_violations_and_final_states_of_exhaustive_search() {
    campaign(0..1500, &RandomShape::default());
}

#[test]
fn theorem_1_on_programs_with_many_events() {
    let shape = RandomShape { max_vars: 3, min_events: 4, max_events: 5, max_modulus: 3, max_stmts: 3, marks: 0 };
    campaign(1_000_000..1_000_100, &shape);
}

#[test]
#[ignore = "long campaign; run on demand"]
fn theorem_1_campaign() {
    let n: u64 = std::env::var("EVENTIDE_R4_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    campaign(10_000_000..10_000_000 + n, &RandomShape::default());
    let wide = RandomShape { max_vars: 4, min_events: 3, max_events: 5, max_modulus: 3, max_stmts: 4, marks: 0 };
    campaign(20_000_000..20_000_000 + n / 10, &wide);
}

/// Conflict-reversal bounding on random acyclic programs, from the recorded default sequence.
#[test]
fn reversal_bound_counts_grow_and_each_reversal_adds_one() {
    let mut checked_exact = 0;
    let mut grew = 0;
    for seed in 0..300u64 {
        let mut rng = SplitMix64(seed);
        let p = Program::random_acyclic(&mut rng, &RandomShape::default());
        let mut previous = 0;
        let mut counts = Vec::new();
        for k in [Some(0), Some(1), Some(2), Some(3), None] {
            let r = run_r4(&p, &r4_config(InitialSequence::Record, k, false));
            assert!(r.outcome.complete, "seed {seed}");
            let n = r.sequences.len();
            counts.push(n);
            if k == Some(0) {
                assert_eq!(n, 1, "seed {seed}: --reversals 0 explores exactly one sequence");
            }
            assert!(n >= previous, "seed {seed}: {counts:?} falls as the bound grows");
            previous = n;
            if let Some(k) = k {
                assert!(r.max_reversals <= k, "seed {seed}");
            }
            for (index, s) in r.sequences.iter().enumerate() {
                let Some(parent) = s.parent else {
                    assert_eq!((index, s.depth), (0, 0));
                    continue;
                };
                assert!(parent < index, "seed {seed}: a parent is explored before its child");
                assert_eq!(s.depth, r.sequences[parent].depth + 1, "seed {seed}: depth = parent + 1");
                let race = &r.races[s.race.expect("a race")];
                assert_eq!((race.parent, race.child), (parent, index));
                if race.kind == RaceKind::Conflict && s.skipped.is_empty() {
                    let inverted = dependent_inversions(&p, &r.sequences[parent].events, &s.events);
                    assert_eq!(
                        inverted,
                        vec![(race.first, race.second)],
                        "seed {seed}: {:?} -> {:?}",
                        r.sequences[parent].events,
                        s.events
                    );
                    checked_exact += 1;
                }
            }
        }
        grew += (counts[0] < counts[4]) as u32;
    }
    assert!(checked_exact > 300, "only {checked_exact} exact reversals checked");
    assert!(grew > 100, "only {grew} programs where a bound mattered");
}

/// The pairs of events of `parent` that are dependent there (accesses as executed in `parent`,
/// shadow locations of enabling included) and run in the other order in `child`, as (earlier,
/// later) in `parent`, with the accesses completed as the engine completes them. Occurrences are matched by event and rank; events missing from `child`
/// are ignored.
fn dependent_inversions(p: &Program, parent: &[EventId], child: &[EventId]) -> Vec<(EventId, EventId)> {
    use eventide_engine::{Access, Location};
    let mut p = p.clone();
    let mut s = p.initial_state();
    let mut accesses: Vec<Vec<Access>> = Vec::new();
    for &e in parent {
        let mut acc = Vec::new();
        let mut before = Vec::new();
        p.enabled(&s, &mut before);
        let next = p.execute(&s, e, &mut acc).next;
        let mut after = Vec::new();
        p.enabled(&next, &mut after);
        // An explicit enable/disable that changed nothing reads the event's enabling.
        for a in acc.iter_mut() {
            if a.location.shadow_event().is_some_and(|x| before.contains(&x) == after.contains(&x)) {
                *a = Access::read(a.location);
            }
        }
        acc.push(Access::read(Location::shadow(e)));
        for x in before.iter().filter(|x| !after.contains(x)).chain(after.iter().filter(|x| !before.contains(x))) {
            acc.push(Access::write(Location::shadow(*x)));
        }
        accesses.push(acc);
        s = next;
    }
    let rank = |seq: &[EventId], k: usize| seq[..k].iter().filter(|&&x| x == seq[k]).count();
    let position_in_child = |k: usize| -> Option<usize> {
        let r = rank(parent, k);
        child.iter().enumerate().filter(|(_, &x)| x == parent[k]).nth(r).map(|(at, _)| at)
    };
    let mut out = Vec::new();
    for j in 0..parent.len() {
        for i in 0..j {
            let dependent = accesses[i].iter().any(|a| accesses[j].iter().any(|b| a.conflicts_with(*b)));
            if let (true, Some(ci), Some(cj)) = (dependent, position_in_child(i), position_in_child(j)) {
                if cj < ci {
                    out.push((parent[i], parent[j]));
                }
            }
        }
    }
    out
}

/// Two independent one-shot events and one that conflicts with both: the races are reported,
/// classified by comparing final states, and `--reversals 0` reports none.
#[test]
fn races_are_classified_by_final_states() {
    use eventide_engine::program::{build::*, Stmt};
    let mut p = Program::new();
    let x = p.var("x", 0);
    let y = p.var("y", 0);
    let a = p.event("a", true);
    let b = p.event("b", true);
    let copy = p.event("c", true);
    // a: x = 1 (one-shot); b: x = 1 as well (commutes with a: same value); c: y = x (harmful
    // against a and b: the value it copies depends on the order).
    p.body(a, vec![Stmt::Assign(x, c(1)), Stmt::Disable(a)]);
    p.body(b, vec![Stmt::If(eq(v(x), c(0)), vec![Stmt::Assign(x, c(1))], vec![]), Stmt::Disable(b)]);
    p.body(copy, vec![Stmt::Assign(y, v(x)), Stmt::Disable(copy)]);
    let r = run_r4(&p, &r4_config(InitialSequence::Trace(vec![a, b, copy]), Some(1), false));
    assert_eq!(r.sequences[0].events, vec![a, b, copy]);
    // a then b: b's write is a read (x already 1), and a's write conflicts with b's read: a race
    // whose reversal ends in the same state. b then c: c reads x, which b did not change: no race.
    // a then c is covered by nothing in between that depends on a: a race, harmful (y = 0).
    let found: BTreeSet<(String, String, &str)> =
        r.races.iter().map(|x| (p.event_name(x.first), p.event_name(x.second), x.classification.as_str())).collect();
    assert!(found.contains(&("a".into(), "b".into(), "harmless")), "{found:?}");
    let harmful = r.races.iter().find(|x| x.classification.is_harmful()).expect("a harmful race");
    assert_eq!(harmful.differences.iter().map(|d| d.what.as_str()).collect::<Vec<_>>(), vec!["y"]);
    let none = run_r4(&p, &r4_config(InitialSequence::Trace(vec![a, b, copy]), Some(0), false));
    assert!(none.races.is_empty() && none.sequences.len() == 1);
}
