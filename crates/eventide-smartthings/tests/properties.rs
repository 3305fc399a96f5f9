//! Safety properties of the home: property files (loading, located errors, vacuity), observer
//! events (what they read), violations with shortest traces in both explorers, homes of more than
//! two apps, and — on the corpus — DPOR and exhaustive search reporting the same violated
//! properties of the bundled library on every pair of a slice that finishes both ways.
//!
//! The corpus test skips with a message when the corpus is absent. The default slice is small;
//! `cargo test --release -p eventide-smartthings --test properties -- --ignored` runs a bigger one
//! (`EVENTIDE_PROPERTY_PAIRS=N` pairs, default 300).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use eventide_engine::{Config, Limits, Por, TransitionSystem};
use eventide_groovy::syntax::SourceFile;
use eventide_smartthings::check::{check_home, HomeCheck};
use eventide_smartthings::conflicts::Tracked;
use eventide_smartthings::properties::PropertyFile;
use eventide_smartthings::{Options, PropertyStatus};

fn app(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("apps").join(name)
}

fn library() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/properties/home-safety.groovy")
}

fn properties(text: &str) -> Result<PropertyFile, eventide_groovy::Diagnostic> {
    PropertyFile::from_source(SourceFile::new("props.groovy", text))
}

const AWAY_LOCKED: &str = r#"
// the door is locked while nobody is home
invariant("door locked when everyone is away") {
    !presences.every { it.presence == "not present" } || locks.every { it.lock == "locked" }
}
invariant("valve closed on a leak") {
    !waterSensors.any { it.water == "wet" } || valves.every { it.valve == "closed" }
}
"#;

fn home(apps: &[&str], text: &str, por: Por) -> HomeCheck {
    let paths: Vec<PathBuf> = apps.iter().map(|a| app(a)).collect();
    let paths: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
    let props = properties(text).unwrap_or_else(|d| panic!("{d:?}"));
    check_home(&paths, Options::default(), Tracked::All, Some(props), &Config::new(por))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// (property, trace as event names) of every violation.
fn violations(h: &mut HomeCheck) -> Vec<(String, Vec<String>)> {
    let system = &h.check.system;
    h.violations.iter().map(|v| (v.property.clone(), v.trace.iter().map(|&e| system.event_name(e)).collect())).collect()
}

#[test]
fn a_violation_is_reported_once_with_a_shortest_trace_by_both_explorers() {
    for por in [Por::Dpor, Por::None] {
        let mut h = home(&["unlock-on-leave.groovy"], AWAY_LOCKED, por);
        assert!(h.check.outcome.complete);
        assert_eq!(h.verdict(), "violation");
        // Configuration B starts with the person present and the door unlocked; leaving unlocks
        // it (again): two steps. From configuration A it takes three (arrive, then leave).
        assert_eq!(
            violations(&mut h),
            vec![(
                "door locked when everyone is away".to_string(),
                vec!["setup:B".to_string(), "presence1.presence=not present".to_string()]
            )],
            "{por:?}"
        );
        let v = &h.violations[0];
        let pos = v.position.as_ref().expect("declaration position");
        assert_eq!((pos.file.as_str(), pos.line, pos.column), ("props.groovy", 3, 1));
        assert_eq!(
            h.statuses[1],
            (
                "valve closed on a leak".to_string(),
                PropertyStatus::Vacuous { empty_lists: vec!["valves", "waterSensors"] }
            )
        );
    }
}

#[test]
fn invariants_hold_on_states_after_whole_transitions_in_handler_order() {
    // App1 unlocks, then App2 locks, in the same cascade: the state after the transition is
    // locked, so nothing is violated. In the other order the door ends unlocked.
    for por in [Por::Dpor, Por::None] {
        let h = home(&["unlock-on-leave.groovy", "lock-on-leave.groovy"], AWAY_LOCKED, por);
        assert!(h.check.outcome.complete);
        assert!(h.violations.is_empty(), "{por:?}: {:?}", h.violations);
        let mut h = home(&["lock-on-leave.groovy", "unlock-on-leave.groovy"], AWAY_LOCKED, por);
        assert_eq!(violations(&mut h).len(), 1, "{por:?}");
    }
}

#[test]
fn a_home_of_three_apps_numbers_them_and_checks_them_together() {
    let apps = ["lock-on-leave.groovy", "light-lock.groovy", "unlock-on-leave.groovy"];
    let by = |por| {
        let mut h = home(&apps, AWAY_LOCKED, por);
        assert!(h.check.outcome.complete);
        let handlers: BTreeSet<String> = h.check.conflicts.iter().map(|c| format!("{:?}", c.second.app)).collect();
        (violations(&mut h), h.check.conflict_keys(), handlers)
    };
    let (dpor, none) = (by(Por::Dpor), by(Por::None));
    assert_eq!(dpor.0.len(), 1);
    assert_eq!(dpor.0, none.0);
    assert_eq!(dpor.1, none.1);
    // The third app is App3 in conflicts.
    assert!(dpor.1.iter().any(|k| k.contains("App3")), "{:?}", dpor.1);
}

#[test]
fn observers_read_only_what_the_invariant_reads() {
    let paths = [app("unlock-on-leave.groovy")];
    let loaded = paths.iter().map(|p| eventide_smartthings::App::load(p).unwrap()).collect();
    let mut system = eventide_smartthings::PairSystem::new(loaded, Options::default()).unwrap();
    let statuses = system.install_properties(properties(AWAY_LOCKED).unwrap());
    assert_eq!(statuses[0].1, PropertyStatus::Checked);
    let initial = system.initial_state();
    assert!(!system.enabled_events(&initial).iter().any(|&e| system.is_property_event(e)), "enabled before setup");
    let after = system.execute(&initial, 0, &mut Vec::new()).next; // setup:A
    let observers: Vec<_> =
        system.enabled_events(&after).into_iter().filter(|&e| system.is_property_event(e)).collect();
    assert_eq!(observers.len(), 1, "one observer for the one invariant that applies");
    assert_eq!(system.event_name(observers[0]), "property:door locked when everyone is away");
    let mut accesses = Vec::new();
    let step = system.execute(&after, observers[0], &mut accesses);
    assert!(step.findings.is_empty(), "configuration A: away and locked");
    assert_eq!(system.fingerprint(&step.next), system.fingerprint(&after), "an observer changes nothing");
    let mut read: Vec<String> = accesses
        .iter()
        .map(|a| {
            assert_eq!(a.kind, eventide_engine::AccessKind::Read, "observers only read");
            system.location_name(a.location)
        })
        .collect();
    read.sort();
    read.dedup();
    assert_eq!(read, vec!["lock1.lock", "presence1.presence"]);
}

fn load_error(text: &str) -> (u32, u32, String) {
    let d = properties(text).expect_err("should not load");
    assert_eq!(d.file, "props.groovy");
    (d.line, d.column, d.message)
}

#[test]
fn property_file_errors_are_located() {
    let (line, _, m) = load_error("invariant(\"a\") {\n  locks.every { it.lock == \"locked\" \n}\n");
    assert!(line >= 2, "syntax error at {line}: {m}");
    let (line, _, m) =
        load_error("invariant(\"a\") { true }\ninvariant(\"b\") {\n  lokcs.every { it.lock == \"locked\" }\n}\n");
    assert_eq!(line, 3, "{m}");
    assert!(m.contains("lokcs"), "{m}");
    let (line, _, m) = load_error("invariant(\"a\") {\n  locks.every { it.lokc == \"locked\" }\n}\n");
    assert_eq!(line, 2, "{m}");
    assert!(m.contains("lokc"), "{m}");
    let (line, _, m) = load_error("\n\ninvariant(\"a\") { locks.size() }\n");
    assert_eq!(line, 3, "{m}");
    assert!(m.contains("true or false"), "{m}");
    let (line, _, m) = load_error("invariant(\"a\") { true }\nproperty(\"b\") { true }\n");
    assert_eq!(line, 2, "{m}");
    assert!(m.contains("property"), "{m}");
    let (line, _, m) = load_error("invariant(\"a\") { true }\ninvariant(\"a\") { false }\n");
    assert_eq!(line, 2, "{m}");
    assert!(m.contains("twice"), "{m}");
    // An attribute the list's devices lack reads null: an error unless some device read has it.
    let (line, _, m) =
        load_error("invariant(\"a\") { true }\ninvariant(\"b\") { locks.every { it.switch != \"on\" } }\n");
    assert_eq!(line, 2, "{m}");
    assert!(m.contains("`switch`") && m.contains("locks"), "{m}");
    assert!(properties("invariant(\"c\") { !devices.any { it.switch == \"on\" } }\n").is_ok());
    let (_, _, m) = load_error("// nothing\n");
    assert!(m.contains("no invariant"), "{m}");
}

#[test]
fn an_invariant_that_changes_what_it_sees_outside_itself_is_an_error() {
    // A counter or a list kept outside the invariant makes its answer depend on how often and in
    // which order the explorer evaluated it, not on the state: the explorers disagreed and a
    // violation's trace led to a state that violated nothing.
    let (line, _, m) =
        load_error("def evaluations = 0\ninvariant(\"a\") { evaluations = evaluations + 1; evaluations < 4 }\n");
    assert_eq!(line, 2, "{m}");
    assert!(m.contains("changes `evaluations`"), "{m}");
    let (_, _, m) = load_error("def seen = []\ninvariant(\"a\") { seen << 1; seen.size() < 6 }\n");
    assert!(m.contains("changes `seen`"), "{m}");
    // Through a helper closure, and only in some states: an error where it happens.
    let text = "def seen = []\ndef note = { seen << it }\n\
                invariant(\"a\") {\n  if (locks.any { it.lock == \"unlocked\" }) { note(1) }\n  true\n}\n";
    let h = home(&["unlock-on-leave.groovy"], text, Por::Dpor);
    let e = h.property_errors.first().expect("an evaluation error");
    assert!(e.message.contains("changes `seen`"), "{}", e.message);
    // Helpers and constants that are only read are fine.
    let fine = "def locked = \"locked\"\ndef allLocked = { locks.every { it.lock == locked } }\n\
                invariant(\"a\") { allLocked() || !locks.isEmpty() }\n";
    assert!(properties(fine).is_ok());
    assert!(home(&["unlock-on-leave.groovy"], fine, Por::Dpor).property_errors.is_empty());
}

#[test]
fn an_evaluation_error_during_exploration_is_located() {
    // Passes the probe (configuration A's lock is locked) and fails once the door is unlocked.
    let text = "invariant(\"a\") {\n  locks.every { it.lock == \"locked\" || 1 / 0 == 0 } || presences.isEmpty()\n}\n";
    let h = home(&["unlock-on-leave.groovy"], text, Por::Dpor);
    let e = h.property_errors.first().expect("an evaluation error");
    let p = e.position.as_ref().unwrap();
    assert_eq!((p.file.as_str(), p.line), ("props.groovy", 2));
    assert!(e.message.contains("zero"), "{}", e.message);
    // The message says in which state: the nearest with the door unlocked, configuration B's
    // initial state.
    assert!(e.message.ends_with("(in the state after setup:B)"), "{}", e.message);
}

#[test]
fn an_invariant_that_never_ends_is_stopped_at_load_and_during_the_run() {
    // At load, on the probe home: a located error, not a hang.
    let looping = "invariant(\"loops\") {\n    while (true) { }\n    true\n}\n";
    let d = PropertyFile::from_source_within(SourceFile::new("props.groovy", looping), Duration::from_millis(200))
        .expect_err("should not load");
    assert_eq!((d.line, d.message.contains("did not finish")), (2, true), "{d:?}");
    // Only in some state (the door unlocked, which the probe home never is): the run's time
    // limit stops it, as it stops a handler.
    let text = "invariant(\"a\") {\n  locks.every { l -> while (l.lock == \"unlocked\") { }; true }\n}\n";
    let limits = Limits { time_limit: Some(Duration::from_millis(500)), ..Limits::default() };
    for por in [Por::Dpor, Por::None] {
        let props = properties(text).unwrap_or_else(|d| panic!("{d:?}"));
        let config = Config { por, limits: limits.clone(), ..Config::default() };
        let paths = [app("unlock-on-leave.groovy")];
        let paths: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
        let h = check_home(&paths, Options::default(), Tracked::All, Some(props), &config).unwrap();
        assert!(!h.check.outcome.complete, "{por:?}");
        assert_eq!(h.check.outcome.stop_reason, Some(eventide_engine::StopReason::Time), "{por:?}");
    }
}

#[test]
fn every_stored_state_is_checked_and_the_nearest_violating_one_is_reported() {
    // Violated in every state after setup. Exhaustive search stopped by a limit has stored such
    // states while its observer events wait below deeper subtrees: the violation is reported
    // all the same. DPOR reports the nearest violating state it stored, whichever states it ran
    // the observer in (before, these homes gave DPOR traces of two events).
    let text = "invariant(\"never\") { false }\ninvariant(\"not home\") { mode != \"home\" }\n";
    for apps in [["open-counter.groovy", "light-lock.groovy"], ["toggler.groovy", "contact-light.groovy"]] {
        for por in [Por::Dpor, Por::None] {
            let mut h = home(&apps, text, por);
            let found = violations(&mut h);
            assert_eq!(found.len(), 2, "{apps:?} {por:?}: {found:?}");
            for (name, trace) in found {
                assert!(trace.len() == 1 && trace[0].starts_with("setup:"), "{apps:?} {por:?} {name}: {trace:?}");
            }
        }
    }
    let props = properties(text).unwrap();
    let config =
        Config { por: Por::None, limits: Limits { max_states: Some(50), ..Limits::default() }, ..Config::default() };
    let paths = [app("lock-counter.groovy")];
    let paths: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
    let mut h = check_home(&paths, Options::default(), Tracked::All, Some(props), &config).unwrap();
    assert!(!h.check.outcome.complete);
    assert_eq!(violations(&mut h).len(), 2, "{:?}", h.violations);
}

#[test]
fn comparisons_with_values_never_taken_are_located_warnings() {
    let text = "invariant(\"a\") {\n  mode != \"Away\" || locks.every { it.lock == \"Locked\" }\n}\n\
                invariant(\"b\") { !(mode in [\"night\", \"Vacation\"]) || alarms.any { \"on\" != it.alarm } }\n\
                invariant(\"c\") { thermostats.every { it.thermostatMode != \"eco\" && it.temperature != \"hot\" } }\n\
                invariant(\"d\") { mode == \"night\" || switches.every { it.switch == \"off\" } }\n";
    let file = properties(text).unwrap_or_else(|d| panic!("{d:?}"));
    let warnings: Vec<Vec<(u32, u32, String)>> = file
        .invariants()
        .iter()
        .map(|i| i.warnings.iter().map(|d| (d.line, d.column, d.message.clone())).collect())
        .collect();
    let at: Vec<Vec<(u32, u32)>> = warnings.iter().map(|w| w.iter().map(|&(l, c, _)| (l, c)).collect()).collect();
    // Each at the literal; open domains (a mode set from an argument, numbers) are not judged.
    assert_eq!(at, vec![vec![(2, 11), (2, 46)], vec![(4, 38), (4, 67)], vec![], vec![]], "{warnings:?}");
    assert!(warnings[0][0].2.contains("did you mean \"away\"") && warnings[0][0].2.contains("\"night\""));
    assert!(warnings[0][1].2.contains("`lock`") && warnings[0][1].2.contains("did you mean \"locked\""));
    assert!(warnings[1][1].2.contains("`alarm` is never \"on\"") && !warnings[1][1].2.contains("did you mean"));
    let library = PropertyFile::load(&library()).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(library.invariants().iter().all(|i| i.warnings.is_empty()));
}

#[test]
fn the_bundled_library_loads_and_says_what_each_property_guards() {
    let lib = PropertyFile::load(&library()).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(lib.invariants().len() >= 10);
    let text = std::fs::read_to_string(library()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    for inv in lib.invariants() {
        let above = lines[inv.position.line as usize - 2];
        assert!(above.starts_with("// Guards"), "{}: the line above says `{above}`", inv.name);
        assert!(!inv.lists.is_empty() || inv.name.contains("mode"), "{} names no device list", inv.name);
    }
}

/// The corpus's pairs, one in `step` of the pair list (both app orders are not needed: the
/// order changes handler order, which the test of handler order above covers).
fn corpus_slice(test: &str, count: usize) -> Option<Vec<(String, String, String)>> {
    let corpus = eventide_groovy::corpus_location::shared_corpus_or_skip(test)?;
    let list = corpus.join("pairs/all-pairs.csv");
    let Ok(text) = std::fs::read_to_string(&list) else {
        eprintln!("{test}: skipped: no pairs/all-pairs.csv in {}", corpus.display());
        return None;
    };
    let rows: Vec<Vec<String>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .filter(|r: &Vec<_>| r.len() == 4)
        .collect();
    let step = (rows.len() / count.max(1)).max(1);
    let apps = corpus.join("smartapps");
    Some(
        rows.iter()
            .step_by(step)
            .take(count)
            .map(|r| (r[1].clone(), apps.join(&r[2]).display().to_string(), apps.join(&r[3]).display().to_string()))
            .collect(),
    )
}

#[derive(Debug, Default)]
struct Tally {
    compared: usize,
    unfinished: usize,
    with_violation: usize,
    violations: usize,
}

fn differential(test: &str, count: usize, max_states: u64, seconds: u64) {
    let Some(pairs) = corpus_slice(test, count) else { return };
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for (group, a, b) in &pairs {
        let run = |por| {
            let lib = PropertyFile::load(&library()).unwrap();
            let config = Config {
                limits: Limits {
                    max_states: Some(max_states),
                    time_limit: Some(Duration::from_secs(seconds)),
                    // A pair whose apps keep growing lists stores large states: stop it (it
                    // counts as unfinished) before it takes the machine's memory.
                    memory_limit: Some(4 << 30),
                    ..Limits::default()
                },
                ..Config::new(por)
            };
            check_home(&[Path::new(a), Path::new(b)], Options::default(), Tracked::All, Some(lib), &config)
        };
        let (Ok(dpor), Ok(none)) = (run(Por::Dpor), run(Por::None)) else {
            tally.unfinished += 1;
            continue;
        };
        if !dpor.check.outcome.complete || !none.check.outcome.complete {
            tally.unfinished += 1;
            continue;
        }
        let names = |h: &HomeCheck| h.violations.iter().map(|v| v.property.clone()).collect::<BTreeSet<_>>();
        tally.compared += 1;
        tally.with_violation += !names(&none).is_empty() as usize;
        tally.violations += names(&none).len();
        if names(&dpor) != names(&none) {
            failures.push(format!("{group} {a} {b}: dpor {:?}, none {:?}", names(&dpor), names(&none)));
        }
        // Shortest traces: both explorers' graphs hold every reachable state, so the lengths agree.
        let lengths =
            |h: &HomeCheck| h.violations.iter().map(|v| (v.property.clone(), v.trace.len())).collect::<BTreeSet<_>>();
        if names(&dpor) == names(&none) && lengths(&dpor).iter().zip(lengths(&none).iter()).any(|(d, n)| d.1 < n.1) {
            failures.push(format!(
                "{group} {a} {b}: a DPOR trace is shorter than the shortest: {:?} {:?}",
                lengths(&dpor),
                lengths(&none)
            ));
        }
    }
    eprintln!("{test}: {} pairs: {tally:?}", pairs.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(tally.compared * 2 >= pairs.len(), "too few pairs finished both ways: {tally:?}");
    assert!(tally.with_violation > 0, "no pair violated a property: {tally:?}");
}

#[test]
fn dpor_and_exhaustive_search_report_the_same_violations_on_corpus_pairs() {
    differential("properties::corpus", 24, 3_000, 5);
}

#[test]
#[ignore = "bigger corpus slice; run on demand in release mode"]
fn dpor_and_exhaustive_search_agree_on_a_bigger_slice() {
    let n = std::env::var("EVENTIDE_PROPERTY_PAIRS").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    differential("properties::corpus_big", n, 200_000, 60);
}
