//! For every pair of whole corpus groups, in both app orders, DPOR and exhaustive search give the
//! same verdict and the same set of conflicts (on the group's tracked attributes); when only one
//! mode finishes, every conflict the other found before its limit is among the finished one's.
//!
//! Reads the corpus found by [`eventide_groovy::corpus_location`]; skips with a message when absent.
//! `valves` and `locks` run by default, each run bounded (2,000 and 500 stored states; pairs that
//! finish within it in one mode only are checked one way, pairs that finish in neither are counted
//! and not checked; the whole groups were compared without that bound by `eventide batch`, see the
//! README's Results). Each check prints its counts and asserts a minimum number of ordered runs
//! compared both ways, so it cannot pass having compared nothing. Unbounded runs and any other
//! group run on demand:
//! `cargo test --release -p eventide-smartthings --test groups -- --ignored unbounded`, or
//! `EVENTIDE_GROUPS=switches,dimmers [EVENTIDE_MAX_STATES=N] cargo test --release -p eventide-smartthings --test groups -- --ignored named_groups`.

use eventide_engine::{Config, Limits, Por};
use eventide_eval::corpus::{read_groups, read_pairs, GroupRow};
use eventide_groovy::corpus_location::shared_corpus_or_skip;
use eventide_smartthings::check::{check_pair, PairCheck, PairVerdict};
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

/// The corpus's group list.
fn groups(corpus: &Path) -> Vec<GroupRow> {
    read_groups(&corpus.join("pairs/groups.csv")).unwrap_or_else(|e| panic!("{e}"))
}

/// The pairs of a group and its row in the group list; a group the list lacks is an error (its
/// tracked attributes are unknown).
fn group(corpus: &Path, name: &str) -> Result<(Vec<(String, String)>, GroupRow), String> {
    let row = groups(corpus)
        .into_iter()
        .find(|g| g.group == name)
        .ok_or_else(|| format!("group {name} is not in pairs/groups.csv, so its tracked attributes are unknown"))?;
    let pairs = read_pairs(&corpus.join("pairs/all-pairs.csv")).map_err(|e| e.to_string())?;
    let pairs = pairs.into_iter().filter(|p| p.group == name).map(|p| (p.app_a, p.app_b)).collect();
    Ok((pairs, row))
}

/// What one group's checks did.
#[derive(Debug, Default)]
struct Summary {
    /// Ordered runs where both modes finished: verdicts and conflict sets compared.
    compared: usize,
    /// Ordered runs where exactly one mode finished: the unfinished one's conflicts checked
    /// against the finished one's.
    one_way: usize,
    /// Of those, runs whose unfinished mode had found conflicts (the check was not vacuous).
    one_way_conflicts: usize,
    /// Ordered runs where neither mode finished: nothing checked.
    unfinished: usize,
    /// Compared runs with at least one conflict.
    conflicts: usize,
}

/// How DPOR's and exhaustive search's results for one ordered pair disagree, if they do.
fn disagreement(dpor: &PairCheck, none: &PairCheck) -> Option<String> {
    let finished = |c: &PairCheck| c.outcome.complete;
    let (d, n) = (dpor.conflict_keys(), none.conflict_keys());
    let describe = || {
        format!(
            "dpor {:?} {d:?} (finished {}), none {:?} {n:?} (finished {})",
            dpor.verdict(),
            finished(dpor),
            none.verdict(),
            finished(none)
        )
    };
    let bad = match (finished(dpor), finished(none)) {
        (true, true) => dpor.verdict() != none.verdict() || d != n,
        // A conflict found by one mode must not be missed by the other when it finished.
        (true, false) => !n.is_subset(&d),
        (false, true) => !d.is_subset(&n),
        (false, false) => false,
    };
    bad.then(describe)
}

/// The stored-state bound of each mode's runs, and the time limit of every run.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    dpor: u64,
    none: u64,
    time: Duration,
}

impl Bounds {
    /// The same state bound for both modes.
    fn both(states: u64, time: Duration) -> Bounds {
        Bounds { dpor: states, none: states, time }
    }
}

/// The memory ceiling of each run (the test process measures its resident set size).
const MEMORY_LIMIT: usize = 6 << 30;

/// Runs every pair of the group in both orders and modes, asserts that the modes agree and that
/// at least `min_compared` ordered runs finished in both modes; returns the counts.
fn check_group(name: &str, bounds: Bounds, min_compared: usize) -> Option<Summary> {
    let corpus = corpus(&format!("group {name}"))?;
    let (pairs, row) = group(&corpus, name).unwrap_or_else(|e| panic!("{e}"));
    assert!(!pairs.is_empty(), "group {name} has no pairs");
    let options = Options { profile: row.profile().parse().unwrap(), ..Options::default() };
    let apps = corpus.join("smartapps");
    let tracked = Tracked::parse(&row.tracked).unwrap_or_else(|e| panic!("group {name}: {e}"));
    let mut summary = Summary::default();
    let (mut errors, mut mismatches) = (Vec::new(), Vec::new());
    for (a, b) in &pairs {
        for (x, y) in [(a, b), (b, a)] {
            let run = |por| {
                let max_states = Some(if por == Por::Dpor { bounds.dpor } else { bounds.none });
                // A memory ceiling too: an app whose queue grows without bound stores huge
                // states long before the state limit (such a run counts as unfinished).
                let memory_limit = Some(MEMORY_LIMIT);
                let limits = Limits { time_limit: Some(bounds.time), max_states, memory_limit, ..Limits::default() };
                let config = Config { por, limits, ..Config::new(por) };
                check_pair(&apps.join(x), &apps.join(y), options, tracked.clone(), &config)
            };
            let (dpor, none) = match (run(Por::Dpor), run(Por::None)) {
                (Ok(d), Ok(n)) => (d, n),
                (Err(e), _) | (_, Err(e)) => {
                    errors.push(format!("{x} + {y}: {}", e.diagnostic()));
                    continue;
                }
            };
            if let Some(d) = disagreement(&dpor, &none) {
                mismatches.push(format!("{x} + {y}: {d}"));
            }
            match (dpor.outcome.complete, none.outcome.complete) {
                (true, true) => {
                    summary.compared += 1;
                    summary.conflicts += (dpor.verdict() == PairVerdict::Conflict) as usize;
                    assert!(
                        dpor.outcome.stats.states <= none.outcome.stats.states,
                        "{x} + {y}: dpor stored more states"
                    );
                }
                (false, false) => summary.unfinished += 1,
                (dpor_finished, _) => {
                    summary.one_way += 1;
                    let unfinished = if dpor_finished { &none } else { &dpor };
                    summary.one_way_conflicts += !unfinished.conflicts.is_empty() as usize;
                }
            }
        }
    }
    eprintln!(
        "group {name} ({bounds:?}): {} pairs, {} ordered runs compared ({} with conflicts), {} finished in one mode only \
         (checked one way, {} of them with conflicts found by the unfinished mode), {} finished in neither (not checked), {} load errors",
        pairs.len(),
        summary.compared,
        summary.conflicts,
        summary.one_way,
        summary.one_way_conflicts,
        summary.unfinished,
        errors.len()
    );
    assert!(mismatches.is_empty(), "group {name}: DPOR and exhaustive disagree:\n{}", mismatches.join("\n"));
    assert!(errors.is_empty(), "group {name}: apps that do not load:\n{}", errors.join("\n"));
    assert!(
        summary.compared >= min_compared,
        "group {name}: only {} ordered runs finished in both modes (at least {min_compared} expected): {summary:?}",
        summary.compared
    );
    Some(summary)
}

/// Every valves pair, each run bounded by a state limit (deterministic, so the slice of pairs
/// compared is the same on every machine); pairs that do not finish in both modes within it are
/// checked one way or counted. Of its 42 ordered runs, 2 finish both ways within it.
#[test]
fn valves_group_dpor_equals_exhaustive() {
    check_group("valves", Bounds::both(2_000, Duration::from_secs(60)), 2);
}

/// Every group's tracked attributes are names `--track` accepts (a catalogue attribute or
/// `mode`): a misspelt one would track nothing.
#[test]
fn every_groups_tracked_attributes_are_known() {
    let Some(corpus) = corpus("every_groups_tracked_attributes_are_known") else { return };
    let groups = groups(&corpus);
    for row in &groups {
        if let Err(e) = Tracked::parse(&row.tracked) {
            panic!("group {}: {e}", row.group);
        }
    }
    assert!(groups.len() >= 2, "groups.csv lists {} groups", groups.len());
}

/// A group missing from groups.csv is an error, not a group that tracks every attribute.
#[test]
fn a_group_missing_from_the_group_list_is_an_error() {
    let Some(corpus) = corpus("a_group_missing_from_the_group_list_is_an_error") else { return };
    let missing = group(&corpus, "noSuchGroup").map(|(_, row)| row);
    assert!(missing.as_ref().is_err_and(|e| e.contains("not in pairs/groups.csv")), "{missing:?}");
    let (pairs, row) = group(&corpus, "valves").unwrap();
    assert_eq!((pairs.len(), row.tracked), (21, vec!["valve".to_string()]));
}

#[test]
#[ignore = "whole state spaces; run on demand"]
fn valves_group_unbounded() {
    check_group("valves", Bounds::both(5_000_000, Duration::from_secs(300)), 2);
}

/// Every locks pair, each run bounded at 500 stored states (the group is ten times the size of
/// valves; its small pairs finish well within it). Of its 420 ordered runs, 182 finish both ways.
#[test]
fn locks_group_dpor_equals_exhaustive() {
    check_group("locks", Bounds::both(500, Duration::from_secs(60)), 180);
}

/// Every locks pair with one mode cut off early (30 stored states) and the other given the usual
/// 500: where the longer run finishes, every conflict the truncated run found must be among its
/// conflicts. Truncating exhaustive search checks that DPOR misses no conflict in pairs too large
/// to compare both ways; truncating DPOR, that what it reports is real.
#[test]
fn locks_group_conflicts_of_truncated_runs_are_found_by_finished_ones() {
    let time = Duration::from_secs(60);
    for bounds in [Bounds { dpor: 500, none: 30, time }, Bounds { dpor: 30, none: 500, time }] {
        if let Some(summary) = check_group("locks", bounds, 100) {
            assert!(
                summary.one_way_conflicts >= 15,
                "{bounds:?}: too few conflicts of truncated runs checked: {summary:?}"
            );
        }
    }
}

#[test]
#[ignore = "210 pairs, whole state spaces; run on demand"]
fn locks_group_unbounded() {
    check_group("locks", Bounds::both(1_000_000, Duration::from_secs(120)), 180);
}

#[test]
#[ignore = "run on demand with EVENTIDE_GROUPS=name,name"]
fn named_groups() {
    let names = std::env::var("EVENTIDE_GROUPS").unwrap_or_default();
    let names: Vec<&str> = names.split(',').map(str::trim).filter(|n| !n.is_empty()).collect();
    assert!(
        !names.is_empty(),
        "named_groups checks the groups EVENTIDE_GROUPS names (EVENTIDE_GROUPS=switches,dimmers); it is unset or empty"
    );
    let max_states = std::env::var("EVENTIDE_MAX_STATES").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    for name in names {
        assert!(
            check_group(name, Bounds::both(max_states, Duration::from_secs(120)), 1).is_some(),
            "group {name}: no corpus"
        );
    }
}
