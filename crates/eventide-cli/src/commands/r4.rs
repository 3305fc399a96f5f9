//! `--por r4` for `check` and `pair`: the initial sequence (a trace file or the recorded default
//! order), the reversal bound, R4's run, and its report — the races, harmful first, each with the
//! two sequences side by side and what differs.
//!
//! A trace file holds one event name per line (blank lines and `#` comments, whole-line or after
//! a space, are skipped), or the JSON trace array that `check --json` prints for a violation
//! (names) or `pair --json` prints for a conflict (steps with an `event`). A name that is not an
//! event of the program, a trace without events, a whole JSON report, and a trace none of whose
//! events could run are errors with the file and line (exit 2).

use crate::cli::{CheckArgs, R4Args};
use crate::report::{self, exit, CheckJson, DiagnosticJson};
use eventide_engine::explore::r4::{self, InitialSequence, R4Config, R4Outcome, Race};
use eventide_engine::{Config, EventId, NoMonitor, Outcome, Por, StopReason};
use serde::Serialize;
use std::path::Path;

/// The default length of a recorded initial sequence.
pub const DEFAULT_DEPTH: usize = 20;

/// What R4 adds to `check --json` and `pair --json`.
#[derive(Serialize, Debug)]
pub struct R4Json {
    /// Sequences explored.
    pub sequences: u64,
    /// The largest number of reversals of an explored sequence.
    pub max_reversals: u32,
    /// The initial sequence as run.
    pub initial: Vec<String>,
    /// Events of the given trace that were not enabled when their turn came (skipped).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub initial_skipped: Vec<String>,
    /// The run stopped at its first finding (`--first`, `check`'s default): the sequences and
    /// races after it were not explored.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stopped_at_first: bool,
    pub races: Vec<RaceJson>,
}

/// One explored race.
#[derive(Serialize, Debug)]
pub struct RaceJson {
    /// The earlier event of the original sequence and the later one the reversal runs first.
    pub first: String,
    pub second: String,
    /// `harmful` or `harmless`.
    pub classification: &'static str,
    /// `fails`, `data-differs`, `commutative` or `enabled-only`.
    pub reason: &'static str,
    /// `conflict` (their accesses conflict) or `disables` (`first` disabled `second`).
    pub kind: &'static str,
    /// Reversals of the reordered sequence relative to the initial one.
    pub depth: u32,
    /// What differs between the final states: `what: original / reordered`.
    pub differences: Vec<String>,
    /// The reordered sequence.
    pub trace: Vec<String>,
    /// The sequence the race was found on.
    pub original: Vec<String>,
}

/// Parses `--reversals K|all` (default 1).
fn reversals(text: Option<&str>) -> Result<Option<u32>, String> {
    match text {
        None => Ok(Some(1)),
        Some("all") => Ok(None),
        Some(k) => k.parse().map(Some).map_err(|_| match k.parse::<u128>() {
            Ok(_) => format!("invalid --reversals {k}: at most {} (or `all`)", u32::MAX),
            Err(_) => format!("invalid --reversals {k}: expected a number or `all`"),
        }),
    }
}

/// A usage error when R4's options are given without `--por r4`.
pub fn misplaced(args: &R4Args, por: Por) -> Option<String> {
    let given = args.trace.is_some() || args.depth.is_some() || args.reversals.is_some() || args.maximal;
    (given && por != Por::R4).then(|| "--trace, --depth, --reversals and --maximal need --por r4".to_string())
}

/// A trace file that could not be read or names an unknown event: a diagnostic at the start of
/// its line (a file that could not be read: at 1:1, as every other unreadable input).
pub fn trace_error(file: &Path, line: u32, message: String) -> DiagnosticJson {
    trace_error_at(file, line.max(1), 1, message)
}

/// [`trace_error`] at a column.
fn trace_error_at(file: &Path, line: u32, column: u32, message: String) -> DiagnosticJson {
    DiagnosticJson { file: file.display().to_string(), line, column, message }
}

/// Reads a trace file as (line, column, event name) triples.
fn read_trace(file: &Path) -> Result<Vec<(u32, u32, String)>, DiagnosticJson> {
    let text = std::fs::read_to_string(file).map_err(|e| trace_error(file, 0, format!("cannot read trace: {e}")))?;
    // A byte-order mark (editors on Windows write one) is not part of the first event's name.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
    if text.trim_start().starts_with('{') {
        return Err(trace_error(
            file,
            1,
            "a JSON trace is the `trace` array of one finding (`check --json`'s violations[i].trace, `pair --json`'s \
             conflicts[i].trace), not a whole report"
                .into(),
        ));
    }
    if !text.trim_start().starts_with('[') {
        return Ok(text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                let column = l.chars().take_while(|c| c.is_whitespace()).count() as u32 + 1;
                (i as u32 + 1, column, without_comment(l).trim().to_string())
            })
            .filter(|(_, _, l)| !l.is_empty())
            .collect());
    }
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| trace_error_at(file, e.line() as u32, e.column() as u32, format!("invalid JSON trace: {e}")))?;
    let items = value.as_array().cloned().unwrap_or_default();
    let mut out = Vec::new();
    let mut from = 0;
    for item in items {
        let name = match &item {
            serde_json::Value::String(s) => s.clone(),
            other => match other.get("event").and_then(|e| e.as_str()) {
                Some(s) => s.to_string(),
                None => {
                    return Err(trace_error(file, 1, "a JSON trace holds event names or steps with an `event`".into()))
                }
            },
        };
        // The line of this element: the next occurrence of the quoted name in the text.
        let quoted = serde_json::to_string(&name).unwrap_or_default();
        let at = text[from..].find(&quoted).map_or(from, |k| from + k);
        from = at + quoted.len().min(text.len() - at);
        let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
        let column = text[line_start..at].chars().count() as u32 + 1;
        out.push((text[..at].matches('\n').count() as u32 + 1, column, name));
    }
    Ok(out)
}

/// A trace line without its comment: from a `#` that starts the line or follows a space.
fn without_comment(line: &str) -> &str {
    let comment = line.char_indices().find(|&(i, c)| c == '#' && (i == 0 || line[..i].ends_with(char::is_whitespace)));
    comment.map_or(line, |(i, _)| &line[..i])
}

/// When a trace file was given and none of its events could run (each was not enabled when its
/// turn came), the trace file's diagnostic: R4 would have explored nothing.
pub fn nothing_ran(args: &R4Args, r4: &R4Json) -> Option<DiagnosticJson> {
    let file = args.trace.as_ref()?;
    r4.initial.is_empty().then(|| {
        trace_error(
            file,
            1,
            format!(
                "no event of the trace could run (not enabled when its turn came: {})",
                r4.initial_skipped.join(", ")
            ),
        )
    })
}

/// The initial sequence from the options: the trace file's events (each resolved by `lookup`), or
/// the recorded default order.
pub fn config(
    args: &R4Args,
    mut lookup: impl FnMut(&str) -> Option<EventId>,
) -> Result<R4Config, Result<DiagnosticJson, String>> {
    let reversals = reversals(args.reversals.as_deref()).map_err(Err)?;
    if args.depth == Some(0) {
        return Err(Err("invalid --depth 0: expected at least one event".into()));
    }
    let initial = match &args.trace {
        None => InitialSequence::Record,
        Some(file) => {
            let mut events = Vec::new();
            for (line, column, name) in read_trace(file).map_err(Ok)? {
                match lookup(&name) {
                    Some(e) => events.push(e),
                    None => {
                        // Control characters (a NUL byte) are shown escaped, not raw; a name
                        // longer than a line, cut.
                        let mut shown: String = name.chars().take(80).flat_map(char::escape_debug).collect();
                        if name.chars().nth(80).is_some() {
                            shown.push_str(&format!("… ({} characters)", name.chars().count()));
                        }
                        return Err(Ok(trace_error_at(file, line, column, format!("unknown event `{shown}`"))));
                    }
                }
            }
            if events.is_empty() {
                return Err(Ok(trace_error(
                    file,
                    1,
                    "the trace holds no event: give one event name per line, or the `trace` array of a finding".into(),
                )));
            }
            InitialSequence::Trace(events)
        }
    };
    Ok(R4Config { initial, depth: args.depth.unwrap_or(DEFAULT_DEPTH), reversals, maximal: args.maximal })
}

/// R4's report as JSON, with event names from `name`; `outcome` is the run's outcome (a pair
/// check takes it out of the report).
pub fn r4_json(r: &R4Outcome, outcome: &Outcome, name: impl Fn(EventId) -> String) -> R4Json {
    let names = |events: &[EventId]| events.iter().map(|&e| name(e)).collect::<Vec<_>>();
    let mut races: Vec<&Race> = r.races.iter().collect();
    races.sort_by_key(|x| !x.classification.is_harmful());
    R4Json {
        sequences: r.sequences.len() as u64,
        max_reversals: r.max_reversals,
        initial: r.sequences.first().map(|s| names(&s.events)).unwrap_or_default(),
        initial_skipped: r.initial_skipped.iter().map(|&(_, e)| name(e)).collect(),
        stopped_at_first: outcome.stop_reason == Some(StopReason::FirstFinding),
        races: races
            .into_iter()
            .map(|x| RaceJson {
                first: name(x.first),
                second: name(x.second),
                classification: x.classification.as_str(),
                reason: x.classification.reason(),
                kind: match x.kind {
                    r4::RaceKind::Conflict => "conflict",
                    r4::RaceKind::Disables => "disables",
                },
                depth: r.sequences[x.child].depth,
                differences: x
                    .differences
                    .iter()
                    .map(|d| {
                        // An empty side (no timer pending) shows as `(none)`, not as nothing.
                        let side = |s: &str| if s.is_empty() { "(none)".to_string() } else { s.to_string() };
                        format!("{}: {} / {}", d.what, side(&d.first), side(&d.second))
                    })
                    .collect(),
                trace: names(&r.sequences[x.child].events),
                original: names(&r.sequences[x.parent].events),
            })
            .collect(),
    }
}

/// The readable race report: counts, then the races, harmful first, each with the two sequences
/// side by side and what differs.
pub fn r4_text(r: &R4Json) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let harmful = r.races.iter().filter(|x| x.classification == "harmful").count();
    let _ = writeln!(
        out,
        "\nR4: {} sequence(s) explored from a sequence of {} events, the farthest {} reversal(s) away; {} race(s): {} harmful, {} harmless",
        r.sequences,
        r.initial.len(),
        r.max_reversals,
        r.races.len(),
        harmful,
        r.races.len() - harmful
    );
    if r.stopped_at_first {
        let _ = writeln!(
            out,
            "  the run stopped at the first finding: the race of the sequence that found it and the sequences after it \
             were not explored (`--all` goes on and classifies every race)"
        );
    }
    if !r.initial_skipped.is_empty() {
        // The first few, then how many more (a long trace can skip thousands; JSON has them all).
        const SHOWN: usize = 20;
        let shown = r.initial_skipped.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
        let more = r.initial_skipped.len().saturating_sub(SHOWN);
        let more = if more > 0 { format!(", ... and {more} more") } else { String::new() };
        let _ = writeln!(out, "  skipped in the given trace (not enabled, {}): {shown}{more}", r.initial_skipped.len());
    }
    for (n, x) in r.races.iter().enumerate() {
        let _ = writeln!(
            out,
            "\nrace {}: {} / {} ({}, {}; {} reversal(s))",
            n + 1,
            x.first,
            x.second,
            x.classification.to_uppercase(),
            x.reason,
            x.depth
        );
        let width = x.original.iter().map(String::len).max().unwrap_or(0).max(8);
        let _ = writeln!(out, "         {:<width$}  reordered", "original");
        for i in 0..x.original.len().max(x.trace.len()) {
            let a = x.original.get(i).map_or("", String::as_str);
            let b = x.trace.get(i).map_or("", String::as_str);
            let mark = if a != b && !b.is_empty() { "  *" } else { "" };
            let _ = writeln!(out, "    {:>3}. {a:<width$}  {b}{mark}", i + 1);
        }
        for d in &x.differences {
            let _ = writeln!(out, "    differs: {d}");
        }
    }
    out
}

/// The `check` JSON object with R4's additions.
#[derive(Serialize)]
struct R4CheckJson {
    #[serde(flatten)]
    check: CheckJson,
    #[serde(flatten)]
    r4: R4Json,
}

/// `eventide check MODEL --por r4`.
pub fn run_check(args: CheckArgs) -> i32 {
    let usage =
        |message: &str| super::usage_error_as(args.json, message, |d| report::error_json(Por::R4.name(), "usage", d));
    let limits = match super::limits(&args.limits) {
        Ok(l) => l,
        Err(message) => return usage(&message),
    };
    let bad_input = |reason: &'static str, d: DiagnosticJson| {
        if args.json {
            println!("{}", to_json(&report::error_json(Por::R4.name(), reason, d)));
        } else {
            eprintln!("error: {d}");
        }
        exit::BAD_INPUT
    };
    let mut model = match eventide_model::load_program(&args.model) {
        Ok(eventide_model::Program::Events(m)) => m,
        Ok(eventide_model::Program::Threads(_)) => {
            return usage("--por r4 explores model files of events; programs of threads take dpor, none or em-dpor")
        }
        Err(error) => {
            if args.json {
                println!(
                    "{}",
                    to_json(&report::error_json(Por::R4.name(), error.reason(), (&error.diagnostic).into()))
                );
            } else {
                eprintln!("{}", error.diagnostic.render());
            }
            return exit::BAD_INPUT;
        }
    };
    let names: Vec<String> = model.event_names().map(str::to_string).collect();
    let r4 = match config(&args.r4, |n| names.iter().position(|x| x == n).map(|i| i as EventId)) {
        Ok(c) => c,
        Err(Ok(d)) => return bad_input("usage", d),
        Err(Err(message)) => return usage(&message),
    };
    let bound = args.limits.bound_collections;
    model.set_bound_collections(bound);
    let config = Config { por: Por::R4, stop_at_first: !args.all, limits: limits.clone(), r4, ..Config::default() };
    let result = r4::explore(&mut model, &config, &mut NoMonitor);
    let outcome = &result.outcome;
    if let Some(code) = super::check::unsupported_only(&args, outcome, Por::R4) {
        return code;
    }
    let (_, code) = report::check_verdict(outcome);
    let check = report::check_json(outcome, bound);
    let r4 = r4_json(&result, outcome, |e| names.get(e as usize).cloned().unwrap_or_else(|| format!("event#{e}")));
    if let Some(d) = nothing_ran(&args.r4, &r4) {
        return bad_input("usage", d);
    }
    if args.json {
        println!("{}", to_json(&R4CheckJson { check, r4 }));
    } else {
        let model_name = args.model.display().to_string();
        print!("{}", report::check_text(&model_name, outcome, &check, &limits, bound));
        print!("{}", r4_text(&r4));
    }
    code
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"verdict\":\"error\",\"reason\":\"internal: {e}\"}}"))
}

/// `eventide pair APP1 APP2 --por r4`: the pair explored by R4 with the conflict monitor. The
/// inner error is a trace file's diagnostic (`Ok`) or a usage message (`Err`).
#[allow(clippy::type_complexity)]
pub fn check_pair(
    args: &crate::cli::PairArgs,
    options: eventide_smartthings::system::Options,
    tracked: eventide_smartthings::conflicts::Tracked,
    config: &Config,
) -> Result<
    Result<(eventide_smartthings::check::PairCheck, R4Json), Result<DiagnosticJson, String>>,
    eventide_smartthings::LoadError,
> {
    let setup =
        |system: &mut eventide_smartthings::system::PairSystem| super::r4::config(&args.r4, |n| system.event_named(n));
    let checked = eventide_smartthings::check::check_pair_r4(&args.app1, &args.app2, options, tracked, config, setup)?;
    Ok(checked.and_then(|(check, report)| {
        let json = r4_json(&report, &check.outcome, |e| {
            check.outcome.event_names.get(e as usize).cloned().unwrap_or_else(|| {
                use eventide_engine::TransitionSystem;
                check.system.event_name(e)
            })
        });
        match nothing_ran(&args.r4, &json) {
            Some(d) => Err(Ok(d)),
            None => Ok((check, json)),
        }
    }))
}
