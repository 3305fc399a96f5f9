//! Engine throughput: states per second and bytes per stored state for both explorers on
//! synthetic models with 2^n states (n = 20 by default: 1,048,576 states).
//!
//! `cargo bench -p eventide-engine --bench explore [-- N]`
//!
//! Models:
//! - `bits`: a model written directly in Rust (a u32 of n bits, event i flips bit i), so the
//!   figures measure the engine, not an interpreter. Exhaustive search stores 2^n states; DPOR,
//!   with nothing in conflict, closes one full cycle after 2n states.
//! - `bits-flag`: the same, and the first event to run sets a flag every handler reads (a logging
//!   app creating its bucket): every event conflicts with whichever ran first, so DPOR must try
//!   each first; its work is real but stays polynomial.
//! - `bits-shared`: every event also writes one shared location, so all events conflict and DPOR
//!   must explore all 2^n states too (the worst case for its graph); DPOR runs it at 2^14 states.
//! - `program`: the `toggles(n)` program of the engine's interpreted program model.

use eventide_engine::memory::CountingAllocator;
use eventide_engine::program::Program;
use eventide_engine::{explore, Access, Config, EventId, Fingerprint, Location, Outcome, Por, Step, TransitionSystem};
use std::time::Instant;

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

struct Bits {
    n: u32,
    shared: bool,
    /// Bit `n` of the state is a flag the first event sets and every event reads.
    flag: bool,
}

impl TransitionSystem for Bits {
    type State = u32;
    type Label = ();
    fn initial_state(&mut self) -> u32 {
        0
    }
    fn fingerprint(&self, s: &u32) -> Fingerprint {
        // A bijective mix, so distinct states get distinct, well-spread fingerprints.
        let mut x = *s as u64 ^ 0x9E37_79B9_7F4A_7C15;
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^= x >> 31;
        Fingerprint(((x as u128) << 64) | (x.rotate_left(17) ^ 0xD6E8_FEB8_6659_FD93) as u128)
    }
    fn enabled(&mut self, _s: &u32, out: &mut Vec<EventId>) {
        out.extend(0..self.n);
    }
    fn execute(&mut self, s: &u32, e: EventId, accesses: &mut Vec<Access>) -> Step<u32> {
        accesses.extend([Access::read(Location::data(e)), Access::write(Location::data(e))]);
        if self.shared {
            accesses.push(Access::write(Location::data(self.n)));
        }
        let mut next = s ^ (1 << e);
        if self.flag {
            let flag = Location::data(self.n + 1);
            accesses.push(Access::read(flag));
            if s & (1 << self.n) == 0 {
                accesses.push(Access::write(flag));
                next |= 1 << self.n;
            }
        }
        Step { next, findings: Vec::new(), label: () }
    }
    fn event_name(&self, e: EventId) -> String {
        format!("flip{e}")
    }
}

fn report(model: &str, outcome: &Outcome, secs: f64) {
    let s = &outcome.stats;
    let states = s.states as f64;
    println!(
        "{model:<12} {:<5} states {:>9} transitions {:>10} executed {:>10} time {:>7.3}s  {:>10.0} states/s  {:>10.0} transitions/s  visited-set {:>5.1} B/state  graph {:>6.1} B/state  peak {:>6.1} MiB",
        outcome.por.name(),
        s.states,
        s.transitions,
        s.executed,
        secs,
        states / secs,
        s.executed as f64 / secs,
        s.visited_table_bytes as f64 / states,
        s.graph_bytes as f64 / states,
        s.peak_memory_bytes as f64 / (1024.0 * 1024.0),
    );
}

fn run<T: TransitionSystem>(model: &str, system: &mut T, por: Por) {
    // `--only MODEL:POR` (e.g. `--only bits:dpor`) runs one line, for profiling.
    let args: Vec<String> = std::env::args().collect();
    if let Some(only) = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)) {
        if *only != format!("{model}:{}", por.name()) {
            return;
        }
    }
    let start = Instant::now();
    let outcome = explore(system, &Config::new(por));
    report(model, &outcome, start.elapsed().as_secs_f64());
}

fn main() {
    let n: u32 = std::env::args().skip(1).find(|a| !a.starts_with('-')).and_then(|a| a.parse().ok()).unwrap_or(20);
    println!("synthetic models with 2^{n} = {} states", 1u64 << n);
    let bits = |n, shared, flag| Bits { n, shared, flag };
    run("bits", &mut bits(n, false, false), Por::None);
    run("bits", &mut bits(n, false, false), Por::Dpor);
    run("bits-flag", &mut bits(n, false, true), Por::None);
    run("bits-flag", &mut bits(n, false, true), Por::Dpor);
    // Throughput of DPOR where its work is real: the flag at 2^n states is only ~n^2 states for
    // DPOR, so measure it on more events too (exhaustive search cannot: 2^(n+1) states).
    let wide = (4 * n).min(31);
    println!("bits-flag with {wide} events, DPOR only:");
    run("bits-flag", &mut bits(wide, false, true), Por::Dpor);
    run("bits-shared", &mut bits(n, true, false), Por::None);
    // Every event conflicts with every other: the worst case for DPOR's backward search, whose
    // summaries grow with states x events x in-degree. Run at a smaller size so the bench ends.
    let small = n.min(14);
    println!("bits-shared with DPOR at 2^{small} states:");
    run("bits-shared", &mut bits(small, true, false), Por::Dpor);
    run("bits-shared", &mut bits(small, true, false), Por::None);
    run("program", &mut Program::toggles(n as usize), Por::None);
    run("program", &mut Program::toggles(n as usize), Por::Dpor);
}
