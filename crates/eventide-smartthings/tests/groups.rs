//! For every pair of whole corpus groups, in both app orders, DPOR and exhaustive search give the
//! same verdict and the same set of conflicts (on the group's tracked attributes).
//!
//! Reads the corpus found by [`eventide_groovy::corpus_location`]; skips with a message when absent.
//! `valves` and `locks` run by default, each run bounded (2,000 and 500 stored states; pairs that do
//! not finish within it in both modes are counted, not compared; the whole groups were compared
//! without that bound by `eventide batch`, see the README's Results). Unbounded runs and any
//! other group run on demand: `cargo test --release -p eventide-smartthings --test groups -- --ignored`, or
//! `EVENTIDE_GROUPS=switches,dimmers [EVENTIDE_MAX_STATES=N] cargo test --release -p eventide-smartthings --test groups -- --ignored named_groups`.

use eventide_engine::{Config, Limits, Por};
use eventide_groovy::corpus_location::shared_corpus_or_skip;
use eventide_smartthings::check::{check_pair, PairVerdict};
use eventide_smartthings::conflicts::Tracked;
use eventide_smartthings::Options;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The corpus, or `None` (with a message) when it or its pair list is absent.
fn corpus(test: &str) -> Option<PathBuf> {
    let dir = shared_corpus_or_skip(test)?;
    let complete = dir.join("pairs/all-pairs.csv").exists();
    if !complete {
        eprintln!("{test}: skipped: no pairs/all-pairs.csv in {}", dir.display());
    }
    complete.then_some(dir)
}

/// The pairs of a group and its tracked attributes.
fn group(corpus: &Path, name: &str) -> (Vec<(String, String)>, Vec<String>) {
    let pairs = std::fs::read_to_string(corpus.join("pairs/all-pairs.csv")).unwrap();
    let pairs = pairs
        .lines()
        .skip(1)
        .filter_map(|l| {
            let cols: Vec<&str> = l.split(',').collect();
            (cols.len() == 4 && cols[1] == name).then(|| (cols[2].to_string(), cols[3].to_string()))
        })
        .collect();
    let groups = std::fs::read_to_string(corpus.join("pairs/groups.csv")).unwrap();
    let tracked = groups
        .lines()
        .find_map(|l| {
            let cols: Vec<&str> = l.split(',').collect();
            (cols[0] == name).then(|| cols[2].split(';').map(str::to_string).collect())
        })
        .unwrap_or_default();
    (pairs, tracked)
}

/// Runs every pair of the group in both orders and modes; returns a summary line.
fn check_group(name: &str, max_states: u64, time_limit: Duration) -> Option<String> {
    let corpus = corpus(&format!("group {name}"))?;
    let (pairs, tracked) = group(&corpus, name);
    assert!(!pairs.is_empty(), "group {name} has no pairs");
    let options = Options {
        profile: if name == "globalStateVariables" { "global".parse().unwrap() } else { Default::default() },
        ..Options::default()
    };
    let limits = Limits { time_limit: Some(time_limit), max_states: Some(max_states), ..Limits::default() };
    let apps = corpus.join("smartapps");
    let tracked = Tracked::parse(&tracked).unwrap_or_else(|e| panic!("group {name}: {e}"));
    let (mut compared, mut conflicts, mut unfinished, mut errors) = (0, 0, 0, Vec::new());
    let mut mismatches = Vec::new();
    for (a, b) in &pairs {
        for (x, y) in [(a, b), (b, a)] {
            let run = |por| {
                let config = Config { por, limits: limits.clone(), ..Config::new(por) };
                check_pair(&apps.join(x), &apps.join(y), options, tracked.clone(), &config)
            };
            let (dpor, none) = match (run(Por::Dpor), run(Por::None)) {
                (Ok(d), Ok(n)) => (d, n),
                (Err(e), _) | (_, Err(e)) => {
                    errors.push(format!("{x} + {y}: {}", e.diagnostic()));
                    continue;
                }
            };
            if dpor.verdict() == PairVerdict::Incomplete || none.verdict() == PairVerdict::Incomplete {
                unfinished += 1;
                // A conflict found by one mode must not be missed by the other when it finished.
                continue;
            }
            compared += 1;
            conflicts += (dpor.verdict() == PairVerdict::Conflict) as usize;
            if dpor.verdict() != none.verdict() || dpor.conflict_keys() != none.conflict_keys() {
                mismatches.push(format!(
                    "{x} + {y}: dpor {:?} {:?}, none {:?} {:?}",
                    dpor.verdict(),
                    dpor.conflict_keys(),
                    none.verdict(),
                    none.conflict_keys()
                ));
            }
            assert!(dpor.outcome.stats.states <= none.outcome.stats.states, "{x} + {y}: dpor stored more states");
        }
    }
    assert!(mismatches.is_empty(), "group {name}: DPOR and exhaustive disagree:\n{}", mismatches.join("\n"));
    let summary = format!(
        "group {name}: {} pairs, {compared} ordered runs compared, {conflicts} with conflicts, {unfinished} unfinished, {} load errors",
        pairs.len(),
        errors.len()
    );
    eprintln!("{summary}");
    assert!(errors.is_empty(), "group {name}: apps that do not load:\n{}", errors.join("\n"));
    Some(summary)
}

/// Every valves pair, each run bounded by a state limit (deterministic, so the slice of pairs
/// compared is the same on every machine); pairs that do not finish in both modes within it are
/// counted as unfinished and not compared.
#[test]
fn valves_group_dpor_equals_exhaustive() {
    check_group("valves", 2_000, Duration::from_secs(60));
}

/// Every group's tracked attributes are names `--track` accepts (a catalogue attribute or
/// `mode`): a misspelt one would track nothing.
#[test]
fn every_groups_tracked_attributes_are_known() {
    let Some(corpus) = corpus("every_groups_tracked_attributes_are_known") else { return };
    let groups = std::fs::read_to_string(corpus.join("pairs/groups.csv")).unwrap();
    let mut checked = 0;
    for line in groups.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split(',').collect();
        let tracked: Vec<String> = cols[2].split(';').map(str::to_string).collect();
        if let Err(e) = Tracked::parse(&tracked) {
            panic!("group {}: {e}", cols[0]);
        }
        checked += 1;
    }
    assert!(checked >= 2, "groups.csv lists {checked} groups");
}

#[test]
#[ignore = "whole state spaces; run on demand"]
fn valves_group_unbounded() {
    check_group("valves", 5_000_000, Duration::from_secs(300));
}

/// Every locks pair, each run bounded at 500 stored states (the group is ten times the size of
/// valves; its small pairs finish well within it).
#[test]
fn locks_group_dpor_equals_exhaustive() {
    check_group("locks", 500, Duration::from_secs(60));
}

#[test]
#[ignore = "210 pairs, whole state spaces; run on demand"]
fn locks_group_unbounded() {
    check_group("locks", 1_000_000, Duration::from_secs(120));
}

#[test]
#[ignore = "run on demand with EVENTIDE_GROUPS=name,name"]
fn named_groups() {
    let names = std::env::var("EVENTIDE_GROUPS").unwrap_or_default();
    let max_states = std::env::var("EVENTIDE_MAX_STATES").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    for name in names.split(',').filter(|n| !n.is_empty()) {
        check_group(name, max_states, Duration::from_secs(120));
    }
}
