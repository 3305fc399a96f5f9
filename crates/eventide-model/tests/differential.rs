//! The Groovy front end against the engine's Rust program model: random programs printed as
//! model files must have the same state space and the same failing assertions when run by the
//! interpreter, and DPOR on the model file must find what exhaustive search finds.

use eventide_engine::program::{Program, RandomShape, SplitMix64};
use eventide_engine::{explore, Config, Outcome, Por};
use eventide_groovy::syntax::SourceFile;
use eventide_model::ModelSystem;
use std::collections::BTreeSet;

fn messages(o: &Outcome) -> BTreeSet<String> {
    o.findings.iter().map(|f| f.finding.message.clone()).collect()
}

fn check(seed: u64) {
    let program = Program::random(&mut SplitMix64(seed), &RandomShape::default());
    let text = program.to_model_file();
    let load = || {
        ModelSystem::from_source(SourceFile::new(format!("random-{seed}.groovy"), text.clone()))
            .unwrap_or_else(|e| panic!("{}\n{text}", e.diagnostic.render()))
    };
    let all = |por| Config { verify_fingerprints: true, ..Config::new(por) };
    let rust = explore(&mut program.clone(), &all(Por::None));
    let groovy = explore(&mut load(), &all(Por::None));
    assert_eq!(
        (groovy.stats.states, groovy.stats.transitions),
        (rust.stats.states, rust.stats.transitions),
        "seed {seed}: state spaces differ\n{text}"
    );
    assert_eq!(messages(&groovy), messages(&rust), "seed {seed}: exhaustive violations differ\n{text}");
    let dpor = explore(&mut load(), &all(Por::Dpor));
    assert_eq!(messages(&dpor), messages(&rust), "seed {seed}: dpor on the model file differs\n{text}");
}

#[test]
fn interpreter_and_rust_model_agree_on_random_programs() {
    for seed in 0..300 {
        check(seed);
    }
}

#[test]
#[ignore = "long campaign; run on demand"]
fn interpreter_campaign() {
    let n: u64 = std::env::var("EVENTIDE_DIFF_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    for seed in 5_000_000..5_000_000 + n {
        check(seed);
    }
}

/// A handler's random draws (`Math.random()`, `new Random()`, random UUIDs) restart with every
/// transition, so what it draws depends on the state alone, as `execute` must: otherwise DPOR and
/// exhaustive search, which run different transitions before it, would see different draws.
#[test]
fn random_draws_depend_only_on_the_state() {
    use eventide_engine::TransitionSystem;
    let text = "w = 0\nevent(\"draw\") { assert new Random().nextInt(4) != 9 : \"never\"; w = (int) (Math.random() * 1000) }\n\
                event(\"tick\") { def u = UUID.randomUUID().toString(); w = (w + u.size()) % 7 }\n";
    let mut model = ModelSystem::from_source(SourceFile::new("random.groovy", text)).unwrap();
    let s0 = model.initial_state();
    let first = model.execute(&s0, 0, &mut Vec::new()).next;
    // Other transitions draw in between; the same event from the same state draws the same.
    let ticked = model.execute(&s0, 1, &mut Vec::new()).next;
    model.execute(&ticked, 0, &mut Vec::new());
    let again = model.execute(&s0, 0, &mut Vec::new()).next;
    assert_eq!(model.fingerprint(&first), model.fingerprint(&again));
    let all = |por| Config { verify_fingerprints: true, stop_at_first: false, ..Config::new(por) };
    let load = || ModelSystem::from_source(SourceFile::new("random.groovy", text)).unwrap();
    let (dpor, none) = (explore(&mut load(), &all(Por::Dpor)), explore(&mut load(), &all(Por::None)));
    assert_eq!(messages(&dpor), messages(&none));
}
