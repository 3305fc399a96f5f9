//! DPOR against exhaustive search on random model files whose variables take values that Groovy
//! calls equal but a program can tell apart: `1`, `1L`, `1.0`, `1.00`, `1.0d`, `"1"`, `"${1}"`,
//! `[1]`, `[1.0]`. Handlers store such values over each other and read them in ways that see the
//! difference (printing, `instanceof`). A checker that took `x = 1.0` over `x = 1` for a write that
//! changes nothing (and so for a read), or merged the two states, would miss what exhaustive
//! search finds, or both would miss a finding; exhaustive search runs with fingerprint
//! verification, which compares every two states that share a fingerprint.

mod common;

use eventide_engine::program::SplitMix64;
use eventide_engine::Limits;

/// The values, each with how it prints.
const VALUES: &[(&str, &str)] = &[
    ("1", "1"),
    ("1L", "1"),
    ("1.0", "1.0"),
    ("1.00", "1.00"),
    ("1.0d", "1.0"),
    ("'1'", "1"),
    ("\"${1}\"", "1"),
    ("[1]", "[1]"),
    ("[1.0]", "[1.0]"),
    ("2", "2"),
];

const TYPES: &[&str] = &["Integer", "Long", "BigDecimal", "Double", "String", "List"];

fn value(rng: &mut SplitMix64) -> &'static str {
    VALUES[rng.below(VALUES.len() as u64) as usize].0
}

fn printed(rng: &mut SplitMix64) -> &'static str {
    VALUES[rng.below(VALUES.len() as u64) as usize].1
}

/// A random model file: 2–3 variables, 2–4 events of 1–3 statements each.
fn program(seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let vars = 2 + rng.below(2);
    let events = 2 + rng.below(3);
    let var = |rng: &mut SplitMix64| format!("v{}", rng.below(vars));
    let mut text = String::new();
    for i in 0..vars {
        text.push_str(&format!("v{i} = {}\n", value(&mut rng)));
    }
    for e in 0..events {
        let mut body = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let statement = match rng.below(6) {
                0 | 1 => format!("{} = {}", var(&mut rng), value(&mut rng)),
                2 => format!(
                    "if (\"${}\" == \"{}\") {{ {} = {} }}",
                    var(&mut rng),
                    printed(&mut rng),
                    var(&mut rng),
                    value(&mut rng)
                ),
                3 => {
                    let ty = TYPES[rng.below(TYPES.len() as u64) as usize];
                    format!("if ({} instanceof {ty}) {{ {} = {} }}", var(&mut rng), var(&mut rng), value(&mut rng))
                }
                4 => format!("assert \"${}\" != \"{}\" : \"a{e}\"", var(&mut rng), printed(&mut rng)),
                _ => format!("disable(\"e{}\")", rng.below(events)),
            };
            body.push(statement);
        }
        text.push_str(&format!("event(\"e{e}\") {{ {} }}\n", body.join("; ")));
    }
    text
}

fn check(seed: u64) {
    common::dpor_agrees_with_exhaustive(&format!("typed-{seed}.groovy"), &program(seed), Limits::default());
}

#[test]
fn dpor_tells_apart_values_that_groovy_calls_equal() {
    for seed in 0..1_500 {
        check(seed);
    }
}

#[test]
#[ignore = "long campaign; run on demand"]
fn typed_values_campaign() {
    let n: u64 = std::env::var("EVENTIDE_DIFF_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    for seed in 7_000_000..7_000_000 + n {
        check(seed);
    }
}
