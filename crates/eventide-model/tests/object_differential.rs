//! DPOR against exhaustive search on random model files whose variables hold values with state
//! of their own or with more to them than they print: a `StringBuilder` changed in place, a
//! seeded `Random` that draws (and is seeded again from its draw, so the state space stays
//! finite), a range
//! and the list of its elements, exceptions that differ only in their causes, a map entry whose value is a list, curried closures and a
//! closure whose delegate is set. Handlers change them without assigning their variables and
//! read them through methods. A checker that missed an in-place change (a read that is a write),
//! merged two states that differ in such a value, or shared one object between stored states
//! would miss what exhaustive search finds, or both would; exhaustive search runs with
//! fingerprint verification, which compares every two states that share a fingerprint.
//!
//! `cargo test --release -p eventide-model --test object_differential` runs a fast slice;
//! `EVENTIDE_DIFF_SEEDS=N cargo test --release -p eventide-model --test object_differential --
//! --ignored` runs N programs.

mod common;

use eventide_engine::program::SplitMix64;
use eventide_engine::Limits;

/// The variables every program declares, with their initial values.
const DECLARATIONS: &str = "sb = new StringBuilder()
rnd = new Random(1)
seq = [0, 1]
entry = [k: []].entrySet().toList()[0]
add = { a, b -> a + b }
f = add.curry(0)
c = { -> 0 }
ex = new RuntimeException(\"m\")
";

/// A statement that changes one of the variables, in place or by assignment.
fn change(rng: &mut SplitMix64) -> String {
    let pick = |rng: &mut SplitMix64, items: &[&str]| items[rng.below(items.len() as u64) as usize].to_string();
    match rng.below(10) {
        0 => pick(rng, &["if (sb.length() < 2) { sb.append(\"x\") }", "if (sb.length() < 2) { sb.append(\"\\f\") }"]),
        1 => pick(rng, &["sb.setLength(0)", "if (sb.length() > 0) { sb.setLength(sb.length() - 1) }"]),
        2 => "rnd.setSeed(rnd.nextInt(3))".to_string(),
        3 => pick(rng, &["rnd = new Random(1)", "rnd = new Random(2)", "rnd.setSeed(1)"]),
        4 => pick(rng, &["seq = 0..1", "seq = [0, 1]", "seq = 0..<2"]),
        5 => pick(rng, &["if (entry.value.size() < 2) { entry.value << 1 }", "entry.value.clear()"]),
        6 => pick(rng, &["f = add.curry(1)", "f = add.curry(0)", "f = add.rcurry(2)"]),
        7 => pick(rng, &["c.delegate = 1", "c.delegate = 2", "c.delegate = null"]),
        8 => pick(
            rng,
            &[
                "ex = new RuntimeException(\"m\", new IllegalStateException(\"c1\"))",
                "ex = new RuntimeException(\"m\", new IllegalStateException(\"c2\"))",
                "ex = new RuntimeException(\"m\")",
            ],
        ),
        _ => pick(rng, &["sb = new StringBuilder(\"x\")", "entry = [k: []].entrySet().toList()[0]"]),
    }
}

/// A condition that reads one of the variables (a draw of the generator only where `draws`:
/// the statement then seeds it again).
fn observe(rng: &mut SplitMix64, draws: bool) -> String {
    if draws && rng.below(6) == 0 {
        return "rnd.nextInt(3) == 0".to_string();
    }
    let conditions = [
        "sb.toString() == \"x\"",
        "sb.length() == 2",
        "sb.toString() == \"\\f\"",
        "seq instanceof IntRange",
        "seq.size() == 2 && seq[1] == 1",
        "entry.value.size() == 1",
        "f(1) == 1",
        "f(0) == 2",
        "c.delegate == 1",
        "c.delegate == null",
        "ex.cause?.message == \"c1\"",
        "ex.cause == null",
    ];
    conditions[rng.below(conditions.len() as u64) as usize].to_string()
}

/// A random model file: 2–4 events of 1–3 statements each.
fn program(seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let events = 2 + rng.below(3);
    let mut text = DECLARATIONS.to_string();
    for e in 0..events {
        let mut body = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let statement = match rng.below(5) {
                0 | 1 => change(&mut rng),
                // The generator is seeded again from a draw, so that it takes few states.
                2 => {
                    format!("if ({}) {{ {} }}; rnd.setSeed(rnd.nextInt(3))", observe(&mut rng, true), change(&mut rng))
                }
                3 => format!("assert !({}) : \"a{e}\"", observe(&mut rng, false)),
                _ => format!("disable(\"e{}\")", rng.below(events)),
            };
            body.push(statement);
        }
        text.push_str(&format!("event(\"e{e}\") {{ {} }}\n", body.join("; ")));
    }
    text
}

/// Runs one program in both modes; whether exhaustive search found anything.
fn check(seed: u64) -> bool {
    let limits = Limits { max_states: Some(100_000), ..Default::default() };
    !common::dpor_agrees_with_exhaustive(&format!("objects-{seed}.groovy"), &program(seed), limits).is_empty()
}

#[test]
fn dpor_sees_every_change_of_objects_kept_in_variables() {
    let n = 5_000;
    let with_findings = (0..n).filter(|&seed| check(seed)).count();
    assert!(with_findings * 4 >= n as usize, "only {with_findings} of {n} programs find anything");
}

#[test]
#[ignore = "long campaign; run on demand"]
fn objects_campaign() {
    let n: u64 = std::env::var("EVENTIDE_DIFF_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    for seed in 9_000_000..9_000_000 + n {
        check(seed);
    }
}
