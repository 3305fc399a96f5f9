//! The JSON shapes the commands print (see the conventions document), and readable renderings.

use eventide_engine::{
    value_combinations, FindingKind, Growth, Limits, Outcome, ReportedFinding, Stats, StopReason, Variety,
    VARIETY_REPORTED,
};
use eventide_groovy::Diagnostic;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

/// Exit codes shared by every command.
pub mod exit {
    pub const OK: i32 = 0;
    pub const FOUND: i32 = 1;
    pub const BAD_INPUT: i32 = 2;
    pub const INCOMPLETE: i32 = 3;
}

/// A diagnostic as JSON: `{"file", "line", "column", "message"}`.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct DiagnosticJson {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub message: String,
}

/// `file:line:column: message`, as the readable reports print a diagnostic.
impl std::fmt::Display for DiagnosticJson {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.column, self.message)
    }
}

impl From<&Diagnostic> for DiagnosticJson {
    fn from(d: &Diagnostic) -> Self {
        DiagnosticJson { file: d.file.clone(), line: d.line, column: d.column, message: d.message.clone() }
    }
}

/// A violation or app exception with its trace.
#[derive(Serialize, Debug)]
pub struct FindingJson {
    pub message: String,
    pub file: Option<String>,
    pub line: Option<u32>,
    pub column: Option<u32>,
    pub trace: Vec<String>,
}

/// What `check --json` and `pair --json` both begin with (flattened into each): the verdict,
/// whether the run finished and why not, the mode, and the run's counters.
#[derive(Debug, Default)]
pub struct RunJson {
    pub verdict: &'static str,
    pub complete: bool,
    /// Omitted when absent.
    pub reason: Option<&'static str>,
    pub por: &'static str,
    pub states: u64,
    pub transitions: u64,
    pub executed: u64,
    pub executions: u64,
    pub events: u64,
    pub elapsed_ms: u64,
    /// The same time in microseconds, for ratios over runs that take a few milliseconds.
    pub elapsed_us: u64,
    pub peak_memory_bytes: u64,
    /// Distinct findings past the ones listed (printed only when some were left out).
    pub findings_not_listed: u64,
    /// `pair` prints `events` before `states`, `check` after `executions`; each keeps its order.
    pub events_first: bool,
    /// The run cut collections to a bound (`--bound-collections`): printed only when true.
    pub bounded: bool,
    /// For a run stopped by a limit, the growth diagnosis (printed then, even when empty).
    pub growth: Option<Vec<GrowthJson>>,
    /// For a run stopped by a limit, the locations that held the most distinct values (the
    /// first [`VARIETY_REPORTED`] of `varied`).
    pub variety: Option<Vec<VarietyJson>>,
    /// For a run stopped by a limit, every location that held more than one distinct value, most
    /// first: what the stored states combine.
    pub varied: Option<Vec<VarietyJson>>,
    /// For a run a time or memory limit stopped in the middle of a step (a handler stuck in a
    /// loop): that step's event and where it was.
    pub still_running: Option<StillRunningJson>,
}

/// The step a limit stopped while it ran (`still_running` in the JSON).
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct StillRunningJson {
    pub event: String,
    pub file: Option<String>,
    pub line: Option<u32>,
    pub column: Option<u32>,
}

impl StillRunningJson {
    fn of(outcome: &Outcome) -> Option<StillRunningJson> {
        let cut = outcome.cut_short.as_ref()?;
        let p = cut.position.as_ref();
        Some(StillRunningJson {
            event: outcome.event_name(cut.event),
            file: p.map(|p| p.file.clone()),
            line: p.map(|p| p.line),
            column: p.map(|p| p.column),
        })
    }
}

/// A location that held many distinct values in a run stopped by a limit.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct VarietyJson {
    /// The app that owns it (null for a model file's variable).
    pub app: Option<String>,
    pub location: String,
    /// Distinct values held in stored states (counting stops at 65,536).
    pub distinct_values: u64,
    pub max_size: u64,
}

impl VarietyJson {
    fn of(v: &Variety) -> VarietyJson {
        VarietyJson {
            app: v.owner.clone(),
            location: v.name.clone(),
            distinct_values: v.distinct_values,
            max_size: v.max_size,
        }
    }
}

/// A location whose size kept growing in a run stopped by a limit.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct GrowthJson {
    /// The app that owns it (null for a model file's variable).
    pub app: Option<String>,
    pub location: String,
    pub max_size: u64,
    /// How it grew, in words.
    pub how: String,
    /// A shortest trace to a state where it had grown by three or more.
    pub trace: Vec<String>,
    /// Its size in the initial state and after each event of `trace`.
    pub sizes: Vec<u64>,
}

impl GrowthJson {
    pub fn of(outcome: &Outcome, g: &Growth) -> GrowthJson {
        GrowthJson {
            app: g.owner.clone(),
            location: g.name.clone(),
            max_size: g.max_size,
            how: g.describe(),
            trace: g.trace.iter().map(|&e| outcome.event_name(e)).collect(),
            sizes: g.sizes.clone(),
        }
    }
}

impl RunJson {
    /// A finished or stopped run with this verdict.
    pub fn new(verdict: &'static str, outcome: &Outcome) -> RunJson {
        let s: &Stats = &outcome.stats;
        RunJson {
            verdict,
            complete: outcome.complete,
            reason: limit_reason(outcome),
            por: outcome.por.name(),
            states: s.states,
            transitions: s.transitions,
            executed: s.executed,
            executions: s.executions,
            events: s.events,
            elapsed_ms: s.elapsed.as_millis() as u64,
            elapsed_us: s.elapsed.as_micros() as u64,
            peak_memory_bytes: s.peak_memory_bytes,
            findings_not_listed: s.unlisted_findings,
            events_first: false,
            bounded: false,
            growth: limit_reason(outcome).map(|_| outcome.growth.iter().map(|g| GrowthJson::of(outcome, g)).collect()),
            variety: limit_reason(outcome)
                .map(|_| outcome.variety.iter().take(VARIETY_REPORTED).map(VarietyJson::of).collect()),
            varied: limit_reason(outcome).map(|_| outcome.variety.iter().map(VarietyJson::of).collect()),
            still_running: StillRunningJson::of(outcome),
        }
    }

    /// The same, marked as bounded when `bounded` is true.
    pub fn bounded(self, bounded: bool) -> RunJson {
        RunJson { bounded, ..self }
    }

    /// A command that failed on bad input: verdict `error`, every counter 0.
    pub fn error(por: &'static str, reason: &'static str) -> RunJson {
        RunJson { verdict: "error", reason: Some(reason), por, ..RunJson::default() }
    }

    /// This run's counters with verdict `error` for `reason` (a run that explored, then found
    /// only constructs the interpreter does not support).
    pub fn into_error(self, reason: &'static str) -> RunJson {
        RunJson {
            verdict: "error",
            complete: false,
            reason: Some(reason),
            growth: None,
            variety: None,
            varied: None,
            ..self
        }
    }

    /// A run whose time or memory limit (`reason`) passed while the programs were loaded:
    /// verdict `incomplete`, every counter 0.
    pub fn stopped_loading(por: &'static str, reason: &'static str) -> RunJson {
        RunJson { verdict: "incomplete", complete: false, reason: Some(reason), por, ..RunJson::default() }
    }

    /// The same, printing `events` first (`pair`'s order).
    pub fn events_first(self) -> RunJson {
        RunJson { events_first: true, ..self }
    }
}

impl Serialize for RunJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("verdict", self.verdict)?;
        map.serialize_entry("complete", &self.complete)?;
        if let Some(reason) = self.reason {
            map.serialize_entry("reason", reason)?;
        }
        if let Some(step) = &self.still_running {
            map.serialize_entry("still_running", step)?;
        }
        map.serialize_entry("por", self.por)?;
        if self.events_first {
            map.serialize_entry("events", &self.events)?;
        }
        map.serialize_entry("states", &self.states)?;
        map.serialize_entry("transitions", &self.transitions)?;
        map.serialize_entry("executed", &self.executed)?;
        map.serialize_entry("executions", &self.executions)?;
        if !self.events_first {
            map.serialize_entry("events", &self.events)?;
        }
        map.serialize_entry("elapsed_ms", &self.elapsed_ms)?;
        map.serialize_entry("elapsed_us", &self.elapsed_us)?;
        map.serialize_entry("peak_memory_bytes", &self.peak_memory_bytes)?;
        if self.findings_not_listed > 0 {
            map.serialize_entry("findings_not_listed", &self.findings_not_listed)?;
        }
        if self.bounded {
            map.serialize_entry("bounded", &true)?;
        }
        if let Some(growth) = &self.growth {
            map.serialize_entry("growth", growth)?;
        }
        if let Some(variety) = &self.variety {
            map.serialize_entry("variety", variety)?;
        }
        if let Some(varied) = &self.varied {
            map.serialize_entry("varied_locations", &varied.len())?;
            map.serialize_entry("value_combinations", &value_combinations(varied.iter().map(|v| v.distinct_values)))?;
        }
        map.end()
    }
}

/// `eventide check --json`.
#[derive(Serialize, Debug, Default)]
pub struct CheckJson {
    #[serde(flatten)]
    pub run: RunJson,
    pub violations: Vec<FindingJson>,
    pub exceptions: Vec<FindingJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<DiagnosticJson>,
}

/// The verdict of a `check` run and its exit code. A handler exception in a model is a finding
/// like a failed assertion: the verdict is `violation` and it is listed under `exceptions`.
pub fn check_verdict(outcome: &Outcome) -> (&'static str, i32) {
    if outcome.has_findings() {
        ("violation", exit::FOUND)
    } else if !outcome.complete {
        ("incomplete", exit::INCOMPLETE)
    } else {
        ("ok", exit::OK)
    }
}

/// The `reason` of an incomplete run.
pub fn limit_reason(outcome: &Outcome) -> Option<&'static str> {
    outcome.stop_reason.filter(|r| r.is_limit()).map(StopReason::as_str)
}

pub fn finding_json(outcome: &Outcome, f: &ReportedFinding) -> FindingJson {
    let pos = f.finding.position.as_ref();
    FindingJson {
        message: f.finding.message.clone(),
        file: pos.map(|p| p.file.clone()),
        line: pos.map(|p| p.line),
        column: pos.map(|p| p.column),
        trace: outcome.trace_names(f),
    }
}

pub fn check_json(outcome: &Outcome, bound: Option<usize>) -> CheckJson {
    let (verdict, _) = check_verdict(outcome);
    let of_kind = |kind: FindingKind| -> Vec<FindingJson> {
        outcome.findings.iter().filter(|f| f.finding.kind == kind).map(|f| finding_json(outcome, f)).collect()
    };
    CheckJson {
        run: RunJson::new(verdict, outcome).bounded(bound.is_some()),
        violations: of_kind(FindingKind::Violation),
        exceptions: of_kind(FindingKind::AppException),
        error: None,
    }
}

/// The JSON printed when a command fails on bad input.
pub fn error_json(por: &'static str, reason: &'static str, error: DiagnosticJson) -> CheckJson {
    CheckJson { run: RunJson::error(por, reason), error: Some(error), ..CheckJson::default() }
}

/// The readable report of a `check` run (`run` is its JSON, for the growth diagnosis).
pub fn check_text(model: &str, outcome: &Outcome, run: &CheckJson, limits: &Limits, bound: Option<usize>) -> String {
    check_text_traced(model, outcome, run, limits, bound, &|f| outcome.trace_names(f))
}

/// [`check_text`] with each finding's trace rendered by `traces`, one line per step (programs
/// of threads show thread, handler and step).
pub fn check_text_traced(
    model: &str,
    outcome: &Outcome,
    run: &CheckJson,
    limits: &Limits,
    bound: Option<usize>,
    traces: &dyn Fn(&ReportedFinding) -> Vec<String>,
) -> String {
    use std::fmt::Write as _;
    let (verdict, _) = check_verdict(outcome);
    let s = &outcome.stats;
    let mut out = String::new();
    let headline = match verdict {
        "violation" => "VIOLATION",
        "incomplete" => "INCOMPLETE",
        _ => "OK",
    };
    let _ = writeln!(out, "{headline}{}: {model} ({} exploration)", bounded_note(bound), outcome.por.name());
    for f in outcome.findings.iter() {
        let (kind, message) = match f.finding.kind {
            // A thread program's deadlock is a violation of its own kind.
            FindingKind::Violation => match f.finding.message.strip_prefix("deadlock: ") {
                Some(rest) => ("deadlock", rest),
                None => ("assertion failed", f.finding.message.as_str()),
            },
            FindingKind::AppException => ("exception", f.finding.message.as_str()),
        };
        let at = f.finding.position.as_ref().map(|p| format!(" at {p}")).unwrap_or_default();
        let _ = writeln!(out, "\n{kind}{at}: {message}");
        let _ = writeln!(out, "  trace ({} events):", f.trace.len());
        for (i, name) in traces(f).iter().enumerate() {
            let _ = writeln!(out, "    {:>3}. {name}", i + 1);
        }
    }
    out.push_str(&stop_text(outcome, limits));
    out.push_str(&diagnosis_text(&run.run));
    let _ = writeln!(
        out,
        "\nstates {}  transitions {}  executed {}  executions {}  events {}  time {:.3}s  peak memory {}",
        s.states,
        s.transitions,
        s.executed,
        s.executions,
        s.events,
        s.elapsed.as_secs_f64(),
        human_bytes(s.peak_memory_bytes)
    );
    out
}

/// The end of the readable report of `pair` and `home`: the app exceptions, why the run stopped
/// early and its diagnosis, if it did, and the run's figures.
pub fn smartapp_run_footer(exceptions: &[FindingJson], outcome: &Outcome, limits: &Limits, run: &RunJson) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    if !exceptions.is_empty() {
        let _ = writeln!(out, "\n{} app exception(s):", exceptions.len());
        for e in exceptions {
            let at = match (&e.file, e.line, e.column) {
                (Some(f), Some(l), Some(c)) => format!("{f}:{l}:{c}: "),
                (Some(f), Some(l), None) => format!("{f}:{l}: "),
                _ => String::new(),
            };
            let _ = writeln!(out, "  {at}{} (after {})", e.message, runs_of(&e.trace).join(", "));
        }
    }
    out.push_str(&stop_text(outcome, limits));
    out.push_str(&diagnosis_text(run));
    let _ = writeln!(
        out,
        "\nevents {}  states {}  transitions {}  executed {}  executions {}  time {:.3}s  peak memory {}",
        run.events,
        run.states,
        run.transitions,
        run.executed,
        run.executions,
        run.elapsed_ms as f64 / 1000.0,
        human_bytes(run.peak_memory_bytes)
    );
    out
}

/// Why a run stopped early, if it did, with the limit that stopped it; first, how many distinct
/// findings were not listed, if some were not.
pub fn stop_text(outcome: &Outcome, limits: &Limits) -> String {
    let unlisted = match outcome.stats.unlisted_findings {
        0 => String::new(),
        n => format!(
            "\n{n} more distinct finding(s) not listed: a run lists the first {}\n",
            eventide_engine::explore::MAX_LISTED_FINDINGS
        ),
    };
    let Some(reason) = limit_reason(outcome) else { return unlisted };
    if outcome.stop_reason == Some(StopReason::Cyclic) {
        return unlisted
            + "\nstopped early: a step returned to a state on the current trace, and this stateless explorer needs \
                an acyclic state space (use --por dpor or none); the figures below cover what was explored\n";
    }
    let limit = match outcome.stop_reason {
        Some(StopReason::Memory) => limits.memory_limit.map(|m| format!(" ({})", human_bytes(m as u64))),
        Some(StopReason::Time) => limits.time_limit.map(|t| format!(" ({:.1} s)", t.as_secs_f64())),
        Some(StopReason::States) => limits.max_states.map(|n| format!(" ({n} states)")),
        _ => None,
    };
    let running = match &outcome.cut_short {
        Some(cut) => {
            let at = cut.position.as_ref().map(|p| format!(" at {p}")).unwrap_or_default();
            format!(
                "event {} was still running{at} when the limit stopped it (a loop that never ends?)\n",
                outcome.event_name(cut.event)
            )
        }
        None => String::new(),
    };
    format!(
        "{unlisted}\nstopped early: {reason} limit reached{}; the figures below cover what was explored\n{running}",
        limit.unwrap_or_default()
    )
}

/// The readable diagnosis of a run stopped by a limit (empty when it did not stop on one):
/// each growing location, how it grew, and the start of its trace with the size after each
/// event; then the locations that held the most distinct values; then, when a collection or
/// string grew or held the most values and the run was not bounded, what `--bound-collections`
/// would do.
pub fn diagnosis_text(run: &RunJson) -> String {
    use std::fmt::Write as _;
    let growth = run.growth.as_deref().unwrap_or_default();
    let mut out = growth_text(growth, run.bounded);
    let variety = run.variety.as_deref().unwrap_or_default();
    let collection = growth.iter().any(|g| !is_event_queue(&g.location))
        || variety.first().is_some_and(|v| v.max_size > 0 && !is_event_queue(&v.location));
    if !variety.is_empty() {
        let _ = writeln!(out, "\nstate that took the most values (what multiplies the states):");
        for v in variety {
            let size = if v.max_size > 0 { format!(", largest size {}", v.max_size) } else { String::new() };
            let more = if v.distinct_values >= 1 << 16 { "at least " } else { "" };
            let _ = writeln!(
                out,
                "  {}{}: {more}{} distinct values{size}",
                owner_prefix(&v.app),
                v.location,
                v.distinct_values
            );
        }
    }
    let varied = run.varied.as_deref().unwrap_or_default();
    if varied.len() > variety.len() {
        out.push_str(&combined_text(varied, run.states));
    }
    if growth.iter().any(|g| is_event_queue(&g.location)) {
        let _ = writeln!(
            out,
            "\na looper's queue that keeps growing means its handlers post more events than it handles, in \
             some order of the threads: the program never runs out of work"
        );
    }
    if collection && !run.bounded {
        let _ = writeln!(
            out,
            "\nhint: `--bound-collections K` keeps only the last K elements of every collection in program state \
             (and the end of every string): that makes such a program finite by changing it, and its verdict \
             then holds for the bounded program only"
        );
    }
    out
}

/// What the stored states of a stopped run combine: how many locations took more than one value,
/// how many combinations their values allow, and each location with its number of values, those
/// no app owns (a home's devices and location, a model's variables) first, then each app's.
/// Many locations of a few values each (a home's device attributes) make a state space large
/// without any one of them standing out in the list above.
fn combined_text(varied: &[VarietyJson], states: u64) -> String {
    use std::fmt::Write as _;
    let combinations = value_combinations(varied.iter().map(|v| v.distinct_values));
    let ways = if combinations == u64::MAX { "more than 10^19".to_string() } else { thousands(combinations) };
    let mut out = format!(
        "\nwhat the states combine: {} locations took more than one value; their values combine in up to {ways} \
         ways ({} states stored):\n",
        varied.len(),
        thousands(states)
    );
    let mut owners: Vec<&Option<String>> = Vec::new();
    for v in varied {
        if !owners.contains(&&v.app) {
            owners.push(&v.app);
        }
    }
    owners.sort_by_key(|o| o.is_some());
    for owner in owners {
        let items: Vec<String> = varied
            .iter()
            .filter(|v| &v.app == owner)
            .map(|v| format!("{} {}", v.location, v.distinct_values))
            .collect();
        let label = owner.as_ref().map(|a| format!("{a}: ")).unwrap_or_default();
        let mut line = format!("  {label}");
        for (i, item) in items.iter().enumerate() {
            let piece = if i + 1 < items.len() { format!("{item}, ") } else { item.clone() };
            if line.len() + piece.len() > 100 && line.trim_end().len() > label.len() + 2 {
                let _ = writeln!(out, "{}", line.trim_end());
                line = " ".repeat(label.len() + 2);
            }
            line.push_str(&piece);
        }
        let _ = writeln!(out, "{line}");
    }
    out
}

/// `n` with its digits grouped by thousands: `3,538,944`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Events in order, a run of one event repeated written once with its count (`tick ×290`), so a
/// trace that needs a timer to fire hundreds of times stays one line.
fn runs_of(trace: &[String]) -> Vec<String> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for event in trace {
        match out.last_mut() {
            Some((last, n)) if last == event => *n += 1,
            _ => out.push((event.clone(), 1)),
        }
    }
    out.into_iter().map(|(e, n)| if n > 2 { format!("{e} ×{n}") } else { vec![e; n].join(", ") }).collect()
}

/// `app's ` (or `apps' `) before a location an app owns.
fn owner_prefix(app: &Option<String>) -> String {
    match app {
        Some(a) if a.ends_with('s') => format!("{a}' "),
        Some(a) => format!("{a}'s "),
        None => String::new(),
    }
}

/// Whether a diagnosed location is a looper's event queue (a thread program's `queue of ui`; no
/// variable name has a space): the program's control, which no bound cuts.
fn is_event_queue(location: &str) -> bool {
    location.starts_with("queue of ")
}

/// The growing locations; in a bounded run (`bounded`) a collection cannot grow past the bound,
/// so its state space is finite however it grew before the limit stopped the run.
fn growth_text(growth: &[GrowthJson], bounded: bool) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    if growth.is_empty() {
        return out;
    }
    let _ = writeln!(out, "\nstate that kept growing (why the run cannot finish):");
    for g in growth {
        let owner = owner_prefix(&g.app);
        let how = match g.how.strip_suffix(": the state space is infinite") {
            Some(how) if bounded && !is_event_queue(&g.location) => {
                format!("{how}, but the bound stops it: the bounded state space is finite, and a larger limit lets the run fill it")
            }
            _ => g.how.clone(),
        };
        let _ = writeln!(out, "  {owner}{} reached size {}: it {how}", g.location, g.max_size);
        let shown = g.trace.len().min(12);
        let _ = writeln!(out, "    trace ({} events; size after each):", g.trace.len());
        let _ = writeln!(out, "      {:>3}. (initial state)  size {}", 0, g.sizes.first().copied().unwrap_or(0));
        for (i, event) in g.trace.iter().take(shown).enumerate() {
            let _ = writeln!(out, "      {:>3}. {event}  size {}", i + 1, g.sizes.get(i + 1).copied().unwrap_or(0));
        }
        if g.trace.len() > shown {
            let _ = writeln!(out, "      ... {} more", g.trace.len() - shown);
        }
    }
    out
}

/// The headline's note for a bounded run: no verdict of it holds for the unbounded program.
pub fn bounded_note(bound: Option<usize>) -> String {
    match bound {
        Some(k) => format!(" (bounded: collections cut to their last {k} elements)"),
        None => String::new(),
    }
}

/// `512 B`, `34.1 KiB`, `2.4 MiB`, `1.2 GiB`.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_events_of_a_trace_are_counted() {
        let trace: Vec<String> =
            ["setup:A", "tick", "tick", "tick", "tick", "door", "door", "tick"].map(String::from).into();
        assert_eq!(runs_of(&trace), ["setup:A", "tick ×4", "door, door", "tick"]);
    }

    /// The key order of `check --json` and `pair --json` is part of their output: `check` puts
    /// `events` after `executions`, `pair` before `states`.
    #[test]
    fn run_json_keeps_each_commands_key_order() {
        let run = || RunJson {
            states: 1,
            transitions: 2,
            executed: 3,
            executions: 4,
            events: 5,
            elapsed_ms: 6,
            elapsed_us: 6_400,
            peak_memory_bytes: 7,
            ..RunJson::error("dpor", "states")
        };
        let check = CheckJson { run: run(), ..CheckJson::default() };
        assert_eq!(
            serde_json::to_string(&check).unwrap(),
            "{\"verdict\":\"error\",\"complete\":false,\"reason\":\"states\",\"por\":\"dpor\",\"states\":1,\
             \"transitions\":2,\"executed\":3,\"executions\":4,\"events\":5,\"elapsed_ms\":6,\"elapsed_us\":6400,\"peak_memory_bytes\":7,\
             \"violations\":[],\"exceptions\":[]}"
        );
        let pair = serde_json::to_string(&run().events_first()).unwrap();
        assert_eq!(
            pair,
            "{\"verdict\":\"error\",\"complete\":false,\"reason\":\"states\",\"por\":\"dpor\",\"events\":5,\"states\":1,\
             \"transitions\":2,\"executed\":3,\"executions\":4,\"elapsed_ms\":6,\"elapsed_us\":6400,\"peak_memory_bytes\":7}"
        );
        let finished = serde_json::to_string(&RunJson { reason: None, ..run() }).unwrap();
        assert!(!finished.contains("reason"), "{finished}");
    }
}
