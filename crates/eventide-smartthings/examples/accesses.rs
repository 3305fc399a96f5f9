//! Prints what every event of a pair reads and writes from the state after setup, and which
//! events conflict there: `cargo run --release -p eventide-smartthings --example accesses -- APP1 APP2`.
//! A diagnostic for reduction work (why does DPOR reorder these two events?).

use eventide_engine::{Access, AccessKind, TransitionSystem};
use eventide_smartthings::{Options, PairSystem};
use std::path::PathBuf;

fn main() {
    let args: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    let mut system = match args.as_slice() {
        [a] => PairSystem::load_single(a, Options::default()),
        [a, b] => PairSystem::load(a, b, Options::default()),
        _ => {
            eprintln!("usage: accesses APP1 [APP2]");
            std::process::exit(2);
        }
    }
    .unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    let initial = system.initial_state();
    let mut accesses = Vec::new();
    let setup = system.execute(&initial, 0, &mut accesses);
    let after = system.execute(&setup.next, 1, &mut accesses).next;
    let events = system.enabled_events(&after);
    let mut per_event: Vec<Vec<Access>> = Vec::new();
    for &e in &events {
        let mut acc = Vec::new();
        system.execute(&after, e, &mut acc);
        acc.sort();
        acc.dedup();
        let text: Vec<String> = acc
            .iter()
            .map(|a| {
                let k = match a.kind {
                    AccessKind::Write => "W",
                    AccessKind::Set => "S",
                    AccessKind::Read => "r",
                };
                format!("{k}:{}", system.location_name(a.location))
            })
            .collect();
        println!("{}\n    {}", system.event_name(e), text.join(" "));
        per_event.push(acc);
    }
    println!("\nconflicting pairs at the state after setup:");
    for i in 0..events.len() {
        for j in i + 1..events.len() {
            let shared: Vec<String> = per_event[i]
                .iter()
                .filter(|a| per_event[j].iter().any(|b| a.conflicts_with(*b)))
                .map(|a| system.location_name(a.location))
                .collect();
            if !shared.is_empty() {
                println!("  {} / {}: {}", system.event_name(events[i]), system.event_name(events[j]), shared.join(" "));
            }
        }
    }
}
