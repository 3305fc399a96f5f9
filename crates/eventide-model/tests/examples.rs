//! Every bundled example model gives the verdict its `// expect:` header states, in both modes;
//! the algorithm document's table programs also give its exhaustive state and transition counts.

use eventide_engine::{explore, Config, Outcome, Por};
use eventide_model::ModelSystem;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/models")
}

/// What the `// expect:` line of a model states: `ok` (no finding), `violation MESSAGE`, or
/// `grows NAME` (the state space is infinite: a run stopped by a states limit names exactly the
/// variable NAME as growing, and with `--bound-collections 3` the run finishes without findings).
#[derive(Debug, PartialEq)]
enum Expect {
    Findings(BTreeSet<String>),
    Grows(String),
}

/// A missing, repeated or unrecognised line is an error, not "no violation".
fn expected(text: &str) -> Result<Expect, String> {
    let mut lines = text.lines().filter_map(|l| l.trim().strip_prefix("// expect:")).map(str::trim);
    let line = lines.next().ok_or("no `// expect:` line")?;
    if lines.next().is_some() {
        return Err("more than one `// expect:` line".into());
    }
    let argument = |prefix: &str| line.strip_prefix(prefix).map(str::trim).filter(|m| !m.is_empty());
    match (argument("violation "), argument("grows ")) {
        _ if line == "ok" => Ok(Expect::Findings(BTreeSet::new())),
        (Some(message), _) => Ok(Expect::Findings(BTreeSet::from([message.to_string()]))),
        (_, Some(name)) => Ok(Expect::Grows(name.to_string())),
        _ => Err(format!("`// expect: {line}` is neither `ok`, `violation MESSAGE` nor `grows NAME`")),
    }
}

#[test]
fn expect_lines_are_parsed_strictly() {
    assert_eq!(expected("x\n// expect: ok\n"), Ok(Expect::Findings(BTreeSet::new())));
    assert_eq!(
        expected("// expect: violation door locked\n"),
        Ok(Expect::Findings(BTreeSet::from(["door locked".to_string()])))
    );
    assert_eq!(expected("// expect: grows queue"), Ok(Expect::Grows("queue".to_string())));
    for bad in [
        "// expect: okay",
        "// expect: violations x",
        "// expect: violation ",
        "// expect: grows",
        "// expect:",
        "x",
        "// expect: ok\n// expect: ok",
    ] {
        assert!(expected(bad).is_err(), "{bad:?} accepted as {:?}", expected(bad));
    }
}

fn run(path: &Path, por: Por) -> Outcome {
    run_with(path, por, None, None)
}

/// Runs a model with a states limit and a collection bound, if given.
fn run_with(path: &Path, por: Por, max_states: Option<u64>, bound: Option<usize>) -> Outcome {
    let mut model = ModelSystem::load(path).unwrap_or_else(|e| panic!("{}", e.diagnostic.render()));
    model.set_bound_collections(bound);
    let mut config = Config { verify_fingerprints: true, ..Config::new(por) };
    config.limits.max_states = max_states;
    explore(&mut model, &config)
}

fn messages(o: &Outcome) -> BTreeSet<String> {
    o.findings.iter().map(|f| f.finding.message.clone()).collect()
}

#[test]
fn every_example_gives_its_expected_verdict_in_both_modes() {
    let mut checked = 0;
    for entry in std::fs::read_dir(examples_dir()).expect("examples/models") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "groovy") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let want = expected(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for por in [Por::None, Por::Dpor] {
            let (outcome, want) = match &want {
                Expect::Findings(want) => (run(&path, por), want.clone()),
                Expect::Grows(name) => {
                    let stopped = run_with(&path, por, Some(2_000), None);
                    assert!(!stopped.complete, "{} {por:?} finished", path.display());
                    let growing: Vec<&str> = stopped.growth.iter().map(|g| g.name.as_str()).collect();
                    assert_eq!(growing, [name.as_str()], "{} {por:?}", path.display());
                    (run_with(&path, por, Some(100_000), Some(3)), BTreeSet::new())
                }
            };
            assert!(outcome.complete, "{} {por:?} did not finish", path.display());
            assert_eq!(messages(&outcome), want, "{} {por:?}", path.display());
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} examples found");
}

#[test]
fn table_programs_have_the_documented_state_spaces() {
    let table = [
        ("paper-fig1", 4, 8),
        ("paper-fig3", 4, 16),
        ("paper-fig5", 8, 12),
        ("disabling", 3, 7),
        ("selfloop", 2, 4),
        ("cycle", 2, 4),
        ("fairness", 2, 5),
    ];
    for (name, states, transitions) in table {
        let path = examples_dir().join(format!("{name}.groovy"));
        let o = run(&path, Por::None);
        assert_eq!((o.stats.states, o.stats.transitions), (states, transitions), "{name}");
        let d = run(&path, Por::Dpor);
        assert!(d.stats.states <= states && d.stats.transitions <= transitions, "{name}: {:?}", d.stats);
    }
}

#[test]
fn one_shot_events_reduce_exactly() {
    let path = examples_dir().join("one-shots.groovy");
    let none = run(&path, Por::None);
    let dpor = run(&path, Por::Dpor);
    assert_eq!((none.stats.states, none.stats.transitions), (16, 32));
    assert_eq!((dpor.stats.states, dpor.stats.transitions), (5, 4));
}

#[test]
fn violation_traces_replay() {
    use eventide_engine::TransitionSystem;
    let path = examples_dir().join("paper-fig3.groovy");
    for por in [Por::None, Por::Dpor] {
        let outcome = run(&path, por);
        let finding = &outcome.findings[0];
        let mut model = ModelSystem::load(&path).unwrap();
        let mut state = model.initial_state();
        let mut last = Vec::new();
        for &e in &finding.trace {
            let step = model.execute(&state, e, &mut Vec::new());
            last = step.findings;
            state = step.next;
        }
        assert_eq!(last[0].message, "fig3");
        assert_eq!(last[0].position.as_ref().map(|p| p.line), Some(8));
    }
}
