//! End-to-end pair throughput: real SmartApps run by the Groovy interpreter against the simulated
//! home, explored with the conflict monitor in both modes, side by side in one run.
//!
//! `cargo bench -p eventide-smartthings --bench pair [-- MAX_STATES]`
//! `cargo bench -p eventide-smartthings --bench pair -- a2 [REPEATS]`
//! `cargo bench -p eventide-smartthings --bench pair -- one APP1 APP2 [REPEATS [dpor|none]]`
//!
//! Pairs (each run stops at `MAX_STATES` stored states, 20,000 by default; a run that completes
//! before says so, which is how DPOR ends on the heavy pair while exhaustive search is stopped):
//! - `demo`: the bundled `examples/smartapps` pair (always available; small, runs to completion);
//! - `heavy`: `initial-state-event-streamer` + `thermostat-auto-off` from the corpus (one of the
//!   paper's pairs that finished only with DPOR: 63 events, one app subscribes to every attribute),
//!   read from the corpus found by [`eventide_groovy::corpus_location`]; skipped with a message
//!   when the corpus is absent.
//!
//! Printed per pair and mode: states, transitions, executed transitions, seconds, states/s,
//! transitions executed/s, peak heap and peak heap per stored state (the counting allocator's peak,
//! which includes the stored states, the visited set or graph, and the interpreter).
//!
//! `a2` runs, in one process, every pair of the paper's Table A.2 (finished both ways there) in
//! both app orders and both modes, each run `REPEATS` times (3 by default), and prints the
//! geometric mean over runs of exhaustive / DPOR time (the fastest repeat of each, exploration
//! only, as `elapsed_us` in the batch records), states and transitions — the figures of the
//! DPOR-against-the-paper evaluation, without the noise of one process per run
//! (`EVENTIDE_A2_PER_RUN=1` also prints each run's fastest time and counts in both modes).
//!
//! `one` runs one pair of the corpus's apps (file names in `smartapps/`) `REPEATS` times per mode
//! (1,000 by default) and prints the mean exploration time per run: a loop to profile a small
//! pair, whose single run is too short for a sampling profiler.

use eventide_engine::explore::explore_with_monitor;
use eventide_engine::memory::{self, CountingAllocator};
use eventide_engine::{Config, Limits, Por};
use eventide_eval::corpus::{read_groups, read_pairs, read_paper};
use eventide_eval::paper::paper_pairs;
use eventide_groovy::corpus_location::shared_corpus_or_skip;
use eventide_smartthings::check::check_pair;
use eventide_smartthings::conflicts::{ConflictMonitor, Tracked};
use eventide_smartthings::Options;
use eventide_smartthings::PairSystem;
use std::path::Path;
use std::time::{Duration, Instant};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

fn run(name: &str, app1: &Path, app2: &Path, tracked: &[&str], max_states: u64) {
    let tracked: Vec<String> = tracked.iter().map(|s| s.to_string()).collect();
    for por in [Por::Dpor, Por::None] {
        let config =
            Config { por, limits: Limits { max_states: Some(max_states), ..Limits::default() }, ..Config::default() };
        memory::reset_peak();
        let start = Instant::now();
        let check = match check_pair(app1, app2, Options::default(), Tracked::from_list(&tracked), &config) {
            Ok(check) => check,
            Err(e) => {
                println!("{name}: cannot load the pair: {e}");
                return;
            }
        };
        let secs = start.elapsed().as_secs_f64();
        let s = &check.outcome.stats;
        let peak = memory::peak_allocated_bytes().unwrap_or(0) as f64;
        println!(
            "{name:<6} {:<5} {:<10} states {:>7} transitions {:>8} executed {:>8} time {:>7.3}s {:>9.0} states/s {:>9.0} executed/s  peak {:>7.1} MiB  {:>7.0} B/state  conflicts {}",
            por.name(),
            if check.outcome.complete { "complete" } else { "stopped" },
            s.states,
            s.transitions,
            s.executed,
            secs,
            s.states as f64 / secs,
            s.executed as f64 / secs,
            peak / (1024.0 * 1024.0),
            peak / s.states.max(1) as f64,
            check.conflicts.len(),
        );
    }
}

/// The A.2 pairs as (group's tracked attributes, app file, app file): the pairs the batch's
/// `--paper-pairs` selects, restricted to the paper's Table A.2.
fn a2_pairs(corpus: &Path) -> Vec<(Vec<String>, String, String)> {
    let pairs = read_pairs(&corpus.join("pairs/all-pairs.csv")).unwrap_or_else(|e| panic!("{e}"));
    let groups = read_groups(&corpus.join("pairs/groups.csv")).unwrap_or_else(|e| panic!("{e}"));
    let paper = read_paper(&corpus.join("paper-results.csv")).unwrap_or_else(|e| panic!("{e}"));
    let a2: Vec<_> = paper.into_iter().filter(|r| r.table == "A2").collect();
    paper_pairs(&pairs, &a2)
        .into_iter()
        .map(|p| {
            let group = groups.iter().find(|g| g.group == p.group).expect("every group of the pair list is listed");
            (group.tracked.clone(), p.app_a, p.app_b)
        })
        .collect()
}

/// The `a2` figures (see the module docs).
fn a2(corpus: &Path, repeats: usize) {
    let apps = corpus.join("smartapps");
    let pairs = a2_pairs(corpus);
    let (mut time, mut states, mut transitions, mut dpor_faster, mut runs) = (0f64, 0f64, 0f64, 0, 0);
    let started = Instant::now();
    let per_run = std::env::var_os("EVENTIDE_A2_PER_RUN").is_some();
    for (tracked, a, b) in &pairs {
        for (app1, app2) in [(a, b), (b, a)] {
            let mut best = [Duration::MAX; 2];
            let mut counts = [(0u64, 0u64); 2];
            for (i, por) in [Por::Dpor, Por::None].into_iter().enumerate() {
                for _ in 0..repeats {
                    let config = Config { por, ..Config::default() };
                    let check = check_pair(
                        &apps.join(app1),
                        &apps.join(app2),
                        Options::default(),
                        Tracked::from_list(tracked),
                        &config,
                    )
                    .unwrap_or_else(|e| panic!("{app1} + {app2}: {e}"));
                    assert!(check.outcome.complete, "{app1} + {app2} did not complete with {}", por.name());
                    let s = &check.outcome.stats;
                    best[i] = best[i].min(s.elapsed.max(Duration::from_micros(1)));
                    counts[i] = (s.states, s.transitions);
                }
            }
            time += (best[1].as_secs_f64() / best[0].as_secs_f64()).ln();
            states += (counts[1].0 as f64 / counts[0].0 as f64).ln();
            transitions += (counts[1].1 as f64 / counts[0].1 as f64).ln();
            dpor_faster += usize::from(best[0] < best[1]);
            runs += 1;
            if per_run {
                println!(
                    "{app1} + {app2}: exhaustive {} us {} states {} transitions, DPOR {} us {} states {} transitions",
                    best[1].as_micros(),
                    counts[1].0,
                    counts[1].1,
                    best[0].as_micros(),
                    counts[0].0,
                    counts[0].1
                );
            }
        }
    }
    let mean = |sum: f64| (sum / runs as f64).exp();
    println!(
        "a2: {} pairs, {runs} runs per mode (fastest of {repeats}), {:.1} s: exhaustive / DPOR geometric mean time {:.3}x, states {:.3}x, transitions {:.3}x; DPOR faster on {dpor_faster} runs",
        pairs.len(),
        started.elapsed().as_secs_f64(),
        mean(time),
        mean(states),
        mean(transitions),
    );
}

/// `one APP1 APP2 [REPEATS [MODE]]`: one pair of the corpus's apps, both modes (or `MODE`),
/// `REPEATS` runs each (1,000 by default): mean exploration time per run, for profiling small
/// pairs. The pair is loaded once per mode and explored again and again (with the conflict
/// monitor, as `pair` does), so that a profile shows the exploration, not the parser.
fn one(corpus: &Path, app1: &str, app2: &str, repeats: usize, modes: &[Por]) {
    let apps = corpus.join("smartapps");
    for &por in modes {
        let mut system = PairSystem::load(&apps.join(app1), &apps.join(app2), Options::default())
            .unwrap_or_else(|e| panic!("{app1} + {app2}: {e}"));
        system.observe_writes(|_| true); // `Tracked::All`
        let config = Config { por, ..Config::default() };
        let mut total = Duration::ZERO;
        let mut counts = (0, 0, 0);
        for _ in 0..repeats {
            let mut monitor = ConflictMonitor::new(Tracked::All);
            let outcome = explore_with_monitor(&mut system, &config, &mut monitor);
            total += outcome.stats.elapsed;
            counts = (outcome.stats.states, outcome.stats.transitions, outcome.stats.executed);
        }
        println!(
            "{app1} + {app2} {:<5} states {} transitions {} executed {}: {:.1} us per run",
            por.name(),
            counts.0,
            counts.1,
            counts.2,
            total.as_secs_f64() * 1e6 / repeats as f64
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    if let ["one", app1, app2, rest @ ..] = words.as_slice() {
        let repeats = rest.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
        let modes = match rest.get(1) {
            Some(mode) => vec![[Por::Dpor, Por::None]
                .into_iter()
                .find(|p| p.name() == *mode)
                .unwrap_or_else(|| panic!("unknown mode {mode}: dpor or none"))],
            None => vec![Por::Dpor, Por::None],
        };
        if let Some(corpus) = shared_corpus_or_skip("one") {
            one(&corpus, app1, app2, repeats, &modes);
        }
        return;
    }
    if let ["a2", rest @ ..] = words.as_slice() {
        let repeats = rest.first().and_then(|a| a.parse().ok()).unwrap_or(3);
        if let Some(corpus) = shared_corpus_or_skip("a2") {
            a2(&corpus, repeats);
        }
        return;
    }
    let max_states: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/smartapps");
    run("demo", &examples.join("smoke-unlock.groovy"), &examples.join("away-lock.groovy"), &[], max_states);
    if let Some(corpus) = shared_corpus_or_skip("heavy") {
        let apps = corpus.join("smartapps");
        run(
            "heavy",
            &apps.join("initial-state-event-streamer.groovy"),
            &apps.join("thermostat-auto-off.groovy"),
            &[
                "heatingSetpoint",
                "coolingSetpoint",
                "thermostatSetpoint",
                "thermostatOperatingState",
                "thermostatFanMode",
                "thermostatMode",
            ],
            max_states,
        );
    }
}
