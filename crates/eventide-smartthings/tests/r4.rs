//! R4 on our own SmartApp pair (`examples/smartapps/smoke-unlock.groovy` and `away-lock.groovy`):
//! reversing "everybody left" and "smoke detected" changes who wrote the lock last (harmful,
//! naming `lock1.lock`); a reversal early in a longer sequence whose effect later events
//! overwrite ends in the same state (harmless, commutative).

use eventide_engine::explore::r4::{Classification, InitialSequence, R4Config, R4Outcome};
use eventide_engine::{Config, TransitionSystem};
use eventide_smartthings::check::{check_pair_r4, PairCheck};
use eventide_smartthings::conflicts::Tracked;
use eventide_smartthings::system::Options;
use std::path::{Path, PathBuf};

fn app(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/smartapps").join(name)
}

fn run(initial: Option<&[&str]>, depth: usize) -> (PairCheck, R4Outcome) {
    let r4 = |system: &mut eventide_smartthings::system::PairSystem| -> Result<R4Config, String> {
        let initial = match initial {
            None => InitialSequence::Record,
            Some(names) => InitialSequence::Trace(
                names.iter().map(|n| system.event_named(n).ok_or(format!("unknown {n}"))).collect::<Result<_, _>>()?,
            ),
        };
        Ok(R4Config { initial, depth, reversals: Some(1), maximal: false })
    };
    let tracked = Tracked::parse(&[]).expect("default tracking");
    let config = Config { verify_fingerprints: true, ..Config::default() };
    check_pair_r4(&app("smoke-unlock.groovy"), &app("away-lock.groovy"), Options::default(), tracked, &config, r4)
        .expect("the apps load")
        .expect("the trace names events of the pair")
}

fn name(check: &PairCheck, e: u32) -> String {
    check.system.event_name(e)
}

#[test]
fn leaving_and_smoke_race_harmfully_on_the_lock() {
    let trace = ["setup:A", "presence1.presence=present", "presence1.presence=not present", "smoke1.smoke=detected"];
    let (check, r) = run(Some(&trace), 20);
    assert!(check.outcome.complete);
    assert!(!check.conflicts.is_empty(), "the conflict monitor sees R4's sequences");
    let race = r
        .races
        .iter()
        .find(|x| {
            name(&check, x.first) == "presence1.presence=not present"
                && name(&check, x.second) == "smoke1.smoke=detected"
        })
        .expect("the leave/smoke race");
    assert_eq!(race.classification, Classification::Harmful);
    let data: Vec<(&str, &str, &str)> = race
        .differences
        .iter()
        .filter(|d| !d.enabling)
        .map(|d| (d.what.as_str(), d.first.as_str(), d.second.as_str()))
        .collect();
    assert_eq!(data, vec![("lock1.lock", "unlocked", "locked")]);
    // The reordered sequence runs smoke before the leave, and is one reversal deep.
    let child = &r.sequences[race.child];
    assert_eq!(child.depth, 1);
    let names: Vec<String> = child.events.iter().map(|&e| name(&check, e)).collect();
    assert_eq!(names[2..], ["smoke1.smoke=detected", "presence1.presence=not present"]);
}

#[test]
fn a_reversal_whose_effect_is_overwritten_is_harmless() {
    let (check, r) = run(None, 8);
    let harmless = r
        .races
        .iter()
        .find(|x| {
            name(&check, x.first) == "presence1.presence=not present"
                && name(&check, x.second) == "smoke1.smoke=detected"
                && !x.classification.is_harmful()
        })
        .expect("a harmless leave/smoke race in the recorded sequence");
    assert_eq!(harmless.classification, Classification::Commutative);
    assert!(harmless.differences.is_empty());
    assert_eq!(r.sequences[harmless.child].final_fingerprint, r.sequences[harmless.parent].final_fingerprint);
    // The same two events race harmfully when nothing overwrites the reversal's effect.
    assert!(r.races.iter().any(|x| x.classification.is_harmful()));
}
