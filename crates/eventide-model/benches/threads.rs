//! Programs of threads with event queues, shaped like the EM-DPOR paper's Table 1 (Maiya, Gupta,
//! Kanade, Majumdar, TACAS 2016): stateful `dpor`, the paper's stateless DPOR baseline
//! (persistent sets, posts to one thread dependent) and `em-dpor` side by side in one run, with
//! traces, distinct transitions, time and executed transitions per second, beside the paper's
//! figures.
//!
//! `cargo bench -p eventide-model --bench threads [-- TIME_LIMIT_SECONDS] [APP ...] [EXPLORER ...]`
//! (default 20 s per run; a run stopped by the limit is marked `*`, as the paper marks its 4-hour
//! runs). Naming apps (`A`–`E`) or explorers (`dpor`, `persistent`, `em-dpor`) runs only those.
//!
//! The paper's programs are recorded Android traces; these are synthetic programs with the same
//! trace length (steps of one complete run), threads, events (handlers) and shared locations
//! (variables) as its apps A–E, and the shape it describes: worker threads that post events to
//! shared loopers (a main looper, and a background one from six threads on), each event posted
//! once by one worker, and mostly independent handlers: each handler updates locations of its own
//! (`p = p + 1` steps; a handler left without one, where there are fewer locations than handlers,
//! computes on locals), the workers read the shared locations, and the handlers that write them
//! are few: the first two handlers of each looper write one location (the one dependent pair per
//! looper, which makes EM-DPOR reorder their posts), and the other shared locations are only read.
//! Every run executes every step once, so a trace is exactly the stated length.

use eventide_engine::explore::em_dpor::{self, Dependence};
use eventide_engine::{explore, Config, Limits, NoMonitor, Outcome, Por};
use eventide_groovy::syntax::SourceFile;
use eventide_model::{program_from_source, Program};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// One of the paper's apps: its shape and its Table 1 figures.
struct Shape {
    name: &'static str,
    trace: usize,
    threads: usize,
    events: usize,
    locations: usize,
    /// The paper's DPOR and EM-DPOR: traces, transitions, time (`*`: killed at 4 hours).
    paper_dpor: &'static str,
    paper_em: &'static str,
}

const SHAPES: &[Shape] = &[
    Shape {
        name: "A",
        trace: 444,
        threads: 4,
        events: 9,
        locations: 89,
        paper_dpor: "24 / 1,864 / 0.18 s",
        paper_em: "3 / 875 / 0.05 s",
    },
    Shape {
        name: "B",
        trace: 453,
        threads: 10,
        events: 9,
        locations: 108,
        paper_dpor: "1,610,684* / 113,299,092* / 4 h*",
        paper_em: "405,013 / 26,745,327 / 101 m 30 s",
    },
    Shape {
        name: "C",
        trace: 465,
        threads: 6,
        events: 24,
        locations: 68,
        paper_dpor: "1,508,413* / 93,254,810* / 4 h*",
        paper_em: "266 / 34,333 / 4.15 s",
    },
    Shape {
        name: "D",
        trace: 485,
        threads: 4,
        events: 22,
        locations: 40,
        paper_dpor: "1,284,788 / 67,062,526 / 199 m 28 s",
        paper_em: "756 / 39,422 / 6.58 s",
    },
    Shape {
        name: "E",
        trace: 600,
        threads: 5,
        events: 30,
        locations: 30,
        paper_dpor: "359,961* / 14,397,143* / 4 h*",
        paper_em: "14 / 4,772 / 1.4 s",
    },
];

/// The model file of a program of `shape` (see the module documentation).
fn program(shape: &Shape) -> String {
    let loopers = if shape.threads >= 6 { 2 } else { 1 };
    let workers = shape.threads - loopers;
    let shared = (shape.locations / 10).max(2);
    let private = shape.locations - shared;
    let mut out = String::new();
    for s in 0..shared {
        let _ = writeln!(out, "s{s} = 0");
    }
    for p in 0..private {
        let _ = writeln!(out, "p{p} = 0");
    }
    // Private locations go round-robin to the handlers; a handler left without one computes on
    // locals.
    let own = |h: usize, k: usize| -> Option<usize> {
        let mine: Vec<usize> = (0..private).filter(|p| p % shape.events == h).collect();
        (!mine.is_empty()).then(|| mine[k % mine.len()])
    };
    // The writers of shared locations: location l < loopers by the first two handlers of looper
    // l (handlers l and l + loopers); the other shared locations are only read.
    let mut writers: Vec<Vec<usize>> = vec![Vec::new(); shape.events];
    for s in 0..shared.min(loopers) {
        for h in [s, s + loopers].into_iter().filter(|&h| h < shape.events) {
            writers[h].push(s);
        }
    }
    // Worker w posts the handlers h with h % workers == w, each to looper h % loopers, between
    // steps of its own; the handlers share out the remaining steps of the trace.
    let worker_own_steps = 3;
    let worker_steps: usize = (0..workers).map(|w| worker_own_steps + (w..shape.events).step_by(workers).count()).sum();
    let handler_steps = shape.trace - worker_steps;
    for w in 0..workers {
        let _ = writeln!(out, "thread(\"w{w}\") {{");
        let posts: Vec<usize> = (w..shape.events).step_by(workers).collect();
        let mut own_left = worker_own_steps;
        for (i, h) in posts.iter().enumerate() {
            if own_left > 0 && i % 2 == 0 {
                let _ = writeln!(out, "    def t{own_left} = s{}", (w + own_left) % shared);
                own_left -= 1;
            }
            let _ = writeln!(out, "    post(\"l{}\", \"h{h}\")", h % loopers);
        }
        for k in (1..=own_left).rev() {
            let _ = writeln!(out, "    def t{k} = s{}", (w + k) % shared);
        }
        let _ = writeln!(out, "}}");
    }
    for l in 0..loopers {
        let _ = writeln!(out, "thread(\"l{l}\", looper: true) {{ }}");
    }
    for (h, writes) in writers.iter().enumerate() {
        let steps = handler_steps / shape.events + usize::from(h < handler_steps % shape.events);
        let _ = writeln!(out, "handler(\"h{h}\") {{");
        for k in 0..steps {
            if let Some(&s) = k.checked_sub(steps / 2).and_then(|j| writes.get(j)) {
                let _ = writeln!(out, "    s{s} = s{s} + 1");
            } else if let Some(p) = own(h, k) {
                let _ = writeln!(out, "    p{p} = p{p} + 1");
            } else {
                let _ = writeln!(out, "    def v{k} = {k}");
            }
        }
        let _ = writeln!(out, "}}");
    }
    out
}

fn load(text: &str) -> eventide_model::ThreadSystem {
    match program_from_source(SourceFile::new("table1.groovy", text)) {
        Ok(Program::Threads(p)) => p,
        Ok(Program::Events(_)) => panic!("not a program of threads"),
        Err(e) => panic!("{}", e.diagnostic.render()),
    }
}

fn row(what: &str, outcome: &Outcome, secs: f64) -> String {
    let s = &outcome.stats;
    let star = if outcome.complete { "" } else { "*" };
    format!(
        "{what:<16} traces {:>10}{star:<1} transitions {:>10}{star:<1} executed {:>11} time {:>7.2} s{star:<1} {:>9.0} executed/s",
        s.executions,
        s.transitions,
        s.executed,
        secs,
        s.executed as f64 / secs.max(1e-9)
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let limit: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(20);
    let explorers = ["dpor", "persistent", "em-dpor"];
    let apps: Vec<&str> = args.iter().map(String::as_str).filter(|a| SHAPES.iter().any(|s| s.name == *a)).collect();
    let chosen: Vec<&str> = args.iter().map(String::as_str).filter(|a| explorers.contains(a)).collect();
    let wanted = |names: &[&str], name: &str| names.is_empty() || names.contains(&name);
    let config = |por: Por| Config {
        limits: Limits { time_limit: Some(Duration::from_secs(limit)), ..Limits::default() },
        ..Config::new(por)
    };
    println!("time limit {limit} s per run (* = stopped by it)");
    for shape in SHAPES.iter().filter(|s| wanted(&apps, s.name)) {
        let text = program(shape);
        let vars = text.lines().filter(|l| l.starts_with('s') || l.starts_with('p')).count();
        println!(
            "{}: trace {} steps, {} threads / {} events, {} shared locations (variables)",
            shape.name, shape.trace, shape.threads, shape.events, vars
        );
        for (key, what, por, dependence) in [
            ("dpor", "dpor (stateful)", Por::Dpor, None),
            ("persistent", "persistent sets", Por::EmDpor, Some(Dependence::QueuesShared)),
            ("em-dpor", "em-dpor", Por::EmDpor, None),
        ] {
            if !wanted(&chosen, key) {
                continue;
            }
            let mut system = load(&text);
            let start = Instant::now();
            let outcome = match dependence {
                Some(d) => em_dpor::explore_with(&mut system, &config(por), &mut NoMonitor, d),
                None => explore(&mut system, &config(por)),
            };
            println!("  {}", row(what, &outcome, start.elapsed().as_secs_f64()));
        }
        println!("  paper DPOR:    {}", shape.paper_dpor);
        println!("  paper EM-DPOR: {}", shape.paper_em);
    }
}
