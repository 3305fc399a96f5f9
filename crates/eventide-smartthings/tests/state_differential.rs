//! Randomized differential campaign for the accesses of `state` and `atomicState`: random
//! SmartApps whose handlers store, remove, test and count keys (storing `null` into absent keys,
//! lazy initialisation, `containsKey`, `size()`, `putAll`, `clear()`) and throw when a condition
//! over the map holds; they also arm and disarm the Smart Home Monitor and test its status, and
//! its status events may run the checking handler. Some apps open with a settings page that
//! stores into the map before installation, and some values are maps with an integer key, which
//! the platform's JSON storage turns into a string key. DPOR must report exactly the exceptions
//! exhaustive search reports: the accesses (a key's value, its two presence locations, the key
//! set, the monitor's status) decide which handlers DPOR reorders, so an access left out shows up
//! here as a missed exception.
//!
//! `cargo test --release -p eventide-smartthings --test state_differential` runs a fast slice;
//! `EVENTIDE_DIFF_SEEDS=N` runs N programs.

use std::fmt::Write as _;

use eventide_engine::{explore, Config, Outcome, Por};
use eventide_groovy::syntax::SourceFile;
use eventide_smartthings::{App, Options, PairSystem, TimerMode};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Sensors with two values each, one device apiece (different capabilities never share one).
const SENSORS: &[(&str, &str, &str)] = &[
    ("contact", "capability.contactSensor", "contact"),
    ("motion", "capability.motionSensor", "motion"),
    ("presence", "capability.presenceSensor", "presence"),
    ("water", "capability.waterSensor", "water"),
    ("accel", "capability.accelerationSensor", "acceleration"),
];

const KEYS: &[&str] = &["a", "b", "c"];
const ALARM: &[&str] = &["off", "stay", "away"];
const VALUES: &[&str] = &["null", "1", "2"];
/// Values the platform's JSON storage changes: an integer map key becomes a string.
const STORED_CHANGED: &[&str] = &["[1: 2]", "[(1): \"x\", b: 2]"];

fn pick<'a>(rng: &mut SmallRng, items: &[&'a str]) -> &'a str {
    items[rng.gen_range(0..items.len())]
}

/// A condition over the map `m`.
fn condition(rng: &mut SmallRng, m: &str) -> String {
    let k = pick(rng, KEYS);
    match rng.gen_range(0..7) {
        0 => format!("{m}.{k} == {}", pick(rng, VALUES)),
        1 => format!("{m}.containsKey(\"{k}\")"),
        2 => format!("!{m}.containsKey(\"{k}\")"),
        3 => format!("{m}.size() == {}", rng.gen_range(0..4)),
        4 => format!("{m}.{k} == {m}.{} && {m}.containsKey(\"{k}\")", pick(rng, KEYS)),
        5 if rng.gen_bool(0.3) => format!("location.currentValue(\"alarmSystemStatus\") == \"{}\"", pick(rng, ALARM)),
        6 => format!("({m}.{k} instanceof Map && {m}.{k}[1] != null)"),
        _ => format!("!{m}.{k}"),
    }
}

/// One statement of a handler; `throws` numbers the exceptions.
fn statement(rng: &mut SmallRng, m: &str, throws: &mut u32) -> String {
    let k = pick(rng, KEYS);
    let v = if rng.gen_bool(0.1) { pick(rng, STORED_CHANGED) } else { pick(rng, VALUES) };
    match rng.gen_range(0..12) {
        0 | 1 => format!("{m}.{k} = {v}"),
        2 => format!("if (!{m}.{k}) {{ {m}.{k} = {v} }}"),
        3 => format!("if ({m}.{k} == null) {{ {m}.{k} = {v} }}"),
        4 => format!("{m}.remove(\"{k}\")"),
        5 => format!("if ({}) {{ {m}.{k} = {v} }}", condition(rng, m)),
        6 => format!("{m}.{k} = {m}.{}", pick(rng, KEYS)),
        7 => format!("{m}.putAll([{k}: {v}])"),
        8 if rng.gen_bool(0.3) => format!("{m}.clear()"),
        8 => format!("{m}.put(\"{k}\", {v})"),
        9 if rng.gen_bool(0.25) => {
            format!("sendLocationEvent(name: \"alarmSystemStatus\", value: \"{}\")", pick(rng, ALARM))
        }
        // A store through what a whole-map method returned (the map itself in Groovy).
        9 if rng.gen_bool(0.2) => {
            let via = pick(rng, &["each { }", "asType(Map)", "iterator()"]);
            format!("def s = {m}.{via}; s.{k} = {v}")
        }
        _ => {
            *throws += 1;
            format!("if ({}) {{ throw new Exception(\"E{}\") }}", condition(rng, m), *throws)
        }
    }
}

/// A random SmartApp with 2–4 sensor handlers, each 1–4 statements over one map.
fn random_app(seed: u64) -> String {
    let mut rng = SmallRng::seed_from_u64(seed);
    let m = if rng.gen_bool(0.5) { "state" } else { "atomicState" };
    let sensors = rng.gen_range(2..=4);
    let mut inputs = String::new();
    let mut subscriptions = String::new();
    let mut handlers = String::new();
    let mut throws = 0;
    for (name, capability, attribute) in &SENSORS[..sensors] {
        writeln!(inputs, "        input \"{name}\", \"{capability}\"").unwrap();
        writeln!(subscriptions, "    subscribe({name}, \"{attribute}\", on_{name})").unwrap();
        writeln!(handlers, "def on_{name}(evt) {{").unwrap();
        for _ in 0..rng.gen_range(1..=4) {
            writeln!(handlers, "    {}", statement(&mut rng, m, &mut throws)).unwrap();
        }
        writeln!(handlers, "}}").unwrap();
    }
    // Every program can throw somewhere.
    writeln!(handlers, "def on_check(evt) {{\n    {}\n}}", {
        throws += 1;
        format!("if ({}) {{ throw new Exception(\"E{throws}\") }}", condition(&mut rng, m))
    })
    .unwrap();
    let (name, capability, attribute) = SENSORS[sensors];
    writeln!(inputs, "        input \"{name}\", \"{capability}\"").unwrap();
    writeln!(subscriptions, "    subscribe({name}, \"{attribute}\", on_check)").unwrap();
    if rng.gen_bool(0.3) {
        writeln!(subscriptions, "    subscribe(location, \"alarmSystemStatus\", on_check)").unwrap();
    }
    // A settings page that stores into the map before the app is installed.
    let preferences = if rng.gen_bool(0.3) {
        let k = pick(&mut rng, KEYS);
        writeln!(handlers, "def settings() {{\n    {m}.{k} = {}", pick(&mut rng, STORED_CHANGED)).unwrap();
        writeln!(handlers, "    dynamicPage(name: \"settings\", install: true) {{ section {{\n{inputs}    }} }}\n}}")
            .unwrap();
        "preferences {\n    page(name: \"settings\")\n}".to_string()
    } else {
        format!("preferences {{\n    section {{\n{inputs}    }}\n}}")
    };
    format!(
        "definition(name: \"Random state {seed}\", namespace: \"eventide.test\", author: \"Eventide\", description: \"test\")\n\
         {preferences}\n\
         def installed() {{\n{subscriptions}}}\n{handlers}"
    )
}

fn exceptions(outcome: &Outcome) -> Vec<String> {
    let mut keys: Vec<String> = outcome.findings.iter().map(|f| f.finding.key.clone()).collect();
    keys.sort();
    keys.dedup();
    keys
}

/// Runs one program with both explorers: whether exhaustive search found an exception, or `Err`
/// describing a disagreement.
fn compare(seed: u64) -> Result<bool, String> {
    let source = random_app(seed);
    let app = App::from_source(SourceFile::new(format!("random-{seed}.groovy"), source.clone()))
        .map_err(|e| format!("seed {seed}: does not load: {e}\n{source}"))?;
    let options = Options { timers: TimerMode::Inline, ..Options::default() };
    let mut outcomes = Vec::new();
    for por in [Por::Dpor, Por::None] {
        let mut system =
            PairSystem::new(vec![app.clone()], options).map_err(|e| format!("seed {seed}: does not bind: {e}"))?;
        let outcome = explore(&mut system, &Config { verify_fingerprints: true, ..Config::new(por) });
        if !outcome.complete {
            return Err(format!("seed {seed}: {por:?} did not complete"));
        }
        outcomes.push(outcome);
    }
    let (dpor, none) = (exceptions(&outcomes[0]), exceptions(&outcomes[1]));
    if dpor != none {
        return Err(format!("seed {seed}: DPOR found {dpor:?}, exhaustive search {none:?}\n{source}"));
    }
    Ok(!none.is_empty())
}

fn seeds(default: u64) -> u64 {
    std::env::var("EVENTIDE_DIFF_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

#[test]
fn dpor_reports_exactly_the_exceptions_of_exhaustive_search_on_random_state_programs() {
    let n = seeds(1500);
    let mut with_exceptions = 0;
    for seed in 0..n {
        with_exceptions += u64::from(compare(seed).unwrap_or_else(|e| panic!("{e}")));
    }
    assert!(with_exceptions * 4 >= n, "only {with_exceptions} of {n} programs throw anywhere");
}

#[test]
fn the_campaign_finds_exceptions_and_reorders_handlers() {
    // The generator must produce programs where exceptions depend on the order of events, or the
    // campaign could not catch a missing access.
    let mut found = 0;
    let mut reduced = 0;
    for seed in 0..100 {
        let app = App::from_source(SourceFile::new(format!("random-{seed}.groovy"), random_app(seed))).unwrap();
        let mut counts = Vec::new();
        for por in [Por::Dpor, Por::None] {
            let mut system = PairSystem::new(vec![app.clone()], Options::default()).unwrap();
            let outcome = explore(&mut system, &Config::new(por));
            if por == Por::None && outcome.has_findings() {
                found += 1;
            }
            counts.push(outcome.stats.states);
        }
        reduced += u32::from(counts[0] < counts[1]);
    }
    assert!(found >= 30, "only {found} of 100 programs throw anywhere");
    assert!(reduced >= 10, "DPOR stored fewer states on only {reduced} of 100 programs");
}
