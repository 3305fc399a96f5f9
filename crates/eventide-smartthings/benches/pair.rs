//! End-to-end pair throughput: real SmartApps run by the Groovy interpreter against the simulated
//! home, explored with the conflict monitor in both modes, side by side in one run.
//!
//! `cargo bench -p eventide-smartthings --bench pair [-- MAX_STATES]`
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

use eventide_engine::memory::{self, CountingAllocator};
use eventide_engine::{Config, Limits, Por};
use eventide_groovy::corpus_location::shared_corpus_or_skip;
use eventide_smartthings::check::check_pair;
use eventide_smartthings::conflicts::Tracked;
use eventide_smartthings::Options;
use std::path::Path;
use std::time::Instant;

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator(std::alloc::System);

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

fn main() {
    let max_states: u64 =
        std::env::args().skip(1).find(|a| !a.starts_with('-')).and_then(|a| a.parse().ok()).unwrap_or(20_000);
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
