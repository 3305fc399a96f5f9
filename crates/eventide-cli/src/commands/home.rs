//! `eventide home APP... [--properties FILE]`: any number of SmartApps installed together in one
//! simulated home, every order of events explored; reports the conflicts between the apps and,
//! with a property file, every invariant the home can violate with a shortest trace.
//! `pair A B --properties F` and `app A --properties F` run here too (a home of two apps, of one).
//!
//! `--json` prints the run object of `pair` (verdict, counters, `conflicts`, `exceptions`) with
//! `apps`, `violations: [{"property", "message", "file", "line", "column", "trace": [event...], "state":
//! {"lock1.lock": "unlocked", ..., "location.mode": "away"}}]` and `properties: [{"name",
//! "checked", "empty_lists"}]`. Verdict `violation` (exit 1) when an invariant is violated, else
//! as `pair`: `conflict` (1), `incomplete` (3), `no_conflict` (0). A property file that does not
//! load, or an invariant whose evaluation fails in some state, is a located error (exit 2).

use crate::cli::{AppArgs, HomeArgs, LimitArgs, PairArgs, PorArg};
use crate::report::{self, exit, DiagnosticJson, FindingJson, RunJson};
use eventide_engine::{Config, FindingKind, Outcome, Por, TransitionSystem};
use eventide_smartthings::check::{check_home, HomeCheck, PropertyViolation};
use eventide_smartthings::conflicts::Tracked;
use eventide_smartthings::properties::PropertyFile;
use eventide_smartthings::system::{Options, PairSystem, PropertyStatus};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What to check: the flags `home`, `pair --properties` and `app --properties` share.
pub struct Request {
    pub apps: Vec<PathBuf>,
    pub properties: Option<PathBuf>,
    pub por: PorArg,
    pub track: Vec<String>,
    pub profile: String,
    pub timers: String,
    pub first: bool,
    pub json: bool,
    pub limits: LimitArgs,
    pub device_handlers: Option<PathBuf>,
    /// `app --properties`: app exceptions make the exit code 1, as `app` alone reports them.
    pub exceptions_fail: bool,
}

impl Request {
    pub fn from_home(args: HomeArgs) -> Request {
        Request {
            apps: args.apps,
            properties: args.properties,
            por: args.por,
            track: args.track,
            profile: args.profile,
            timers: args.timers,
            first: args.first,
            json: args.json,
            limits: args.limits,
            device_handlers: args.device_handlers,
            exceptions_fail: false,
        }
    }

    pub fn from_pair(args: &PairArgs, properties: &Path) -> Request {
        Request {
            apps: vec![args.app1.clone(), args.app2.clone()],
            properties: Some(properties.to_path_buf()),
            por: args.por,
            track: args.track.clone(),
            profile: args.profile.clone(),
            timers: args.timers.clone(),
            first: args.first,
            json: args.json,
            limits: args.limits.clone(),
            device_handlers: args.device_handlers.clone(),
            exceptions_fail: false,
        }
    }

    pub fn from_app(args: &AppArgs, properties: &Path) -> Request {
        Request {
            apps: vec![args.file.clone()],
            properties: Some(properties.to_path_buf()),
            por: PorArg::Dpor,
            track: Vec::new(),
            profile: args.profile.clone(),
            timers: args.timers.clone(),
            first: false,
            json: args.json,
            limits: LimitArgs {
                max_states: None,
                time_limit: Some(args.time_limit),
                memory_limit: args.memory_limit.clone(),
                bound_collections: None,
            },
            device_handlers: args.device_handlers.clone(),
            exceptions_fail: true,
        }
    }
}

#[derive(Serialize)]
struct ViolationJson {
    property: String,
    /// The shared Violation shape's message: ``invariant `name` is false``.
    message: String,
    file: Option<String>,
    line: Option<u32>,
    column: Option<u32>,
    trace: Vec<String>,
    /// Every device attribute and the location mode in the violating state.
    state: BTreeMap<String, String>,
}

#[derive(Serialize)]
struct PropertyJson {
    name: String,
    /// False when the invariant does not apply to this home (it names a device list with no device).
    checked: bool,
    /// The device lists it names that have no device here.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    empty_lists: Vec<&'static str>,
    /// Comparisons in it that give the same answer in every state (a value the attribute or
    /// the mode never takes, such as `mode == "Away"`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<DiagnosticJson>,
}

#[derive(Serialize)]
struct HomeJson {
    #[serde(flatten)]
    run: RunJson,
    apps: Vec<String>,
    conflicts: Vec<super::pair::ConflictJson>,
    exceptions: Vec<FindingJson>,
    violations: Vec<ViolationJson>,
    properties: Vec<PropertyJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<DiagnosticJson>,
}

fn error_json(por: Por, reason: &'static str, error: DiagnosticJson) -> HomeJson {
    HomeJson {
        run: RunJson::error(por.name(), reason).events_first(),
        apps: Vec::new(),
        conflicts: Vec::new(),
        exceptions: Vec::new(),
        violations: Vec::new(),
        properties: Vec::new(),
        error: Some(error),
    }
}

pub fn run(args: HomeArgs) -> i32 {
    run_request(Request::from_home(args))
}

/// Runs a request (see [`Request`]).
pub fn run_request(args: Request) -> i32 {
    let por = match args.por {
        PorArg::Dpor => Por::Dpor,
        PorArg::None => Por::None,
        PorArg::EmDpor | PorArg::R4 => {
            return super::usage_error_as(
                args.json,
                "a home (or --properties) is explored with --por dpor or none",
                |d| error_json(Por::Dpor, "usage", d),
            )
        }
    };
    let usage = |message: &str| super::usage_error_as(args.json, message, |d| error_json(por, "usage", d));
    let limits = match super::limits(&args.limits) {
        Ok(l) => l,
        Err(message) => return usage(&message),
    };
    crate::commands::hold_loads_to(&limits);
    let options = match (args.timers.parse(), args.profile.parse()) {
        (Ok(timers), Ok(profile)) => {
            Options { timers, profile, bound_collections: args.limits.bound_collections, device_handlers: None }
        }
        (Err(e), _) | (_, Err(e)) => return usage(&e),
    };
    let tracked = match Tracked::parse(&args.track) {
        Ok(t) => t,
        Err(e) => return usage(&e),
    };
    let bad_input = |reason: &'static str, diagnostic: &eventide_groovy::Diagnostic| {
        if args.json {
            println!("{}", serde_json::to_string(&error_json(por, reason, diagnostic.into())).unwrap_or_default());
        } else {
            eprintln!("{}", diagnostic.render());
        }
        exit::BAD_INPUT
    };
    let properties = match args.properties.as_deref().map(PropertyFile::load_with_reason).transpose() {
        Ok(p) => p,
        Err((reason, diagnostic)) => return bad_input(reason, &diagnostic),
    };
    let property_warnings: Vec<(String, Vec<eventide_groovy::Diagnostic>)> = properties
        .iter()
        .flat_map(|p| p.invariants())
        .map(|invariant| (invariant.name.clone(), invariant.warnings.clone()))
        .collect();
    if !args.json {
        for warning in property_warnings.iter().flat_map(|(_, w)| w) {
            eprintln!("warning: {}", warning.render());
        }
    }
    let names = super::pair::distinct_names(args.apps.iter().map(|p| super::pair::app_name(p)).collect());
    let config = Config { por, stop_at_first: args.first, limits: limits.clone(), ..Config::default() };
    let paths: Vec<&Path> = args.apps.iter().map(PathBuf::as_path).collect();
    let options = match super::device_handlers(args.device_handlers.as_deref()) {
        Ok(device_handlers) => Options { device_handlers, ..options },
        Err(error) => return bad_input(error.reason(), error.diagnostic()),
    };
    let home = match check_home(&paths, options, tracked, properties, &config) {
        Ok(home) => home,
        Err(error) if error.limit().is_some() => {
            // The run's limit passed while the apps were loaded: incomplete, not bad input.
            let reason = error.limit().unwrap_or("time");
            if args.json {
                let mut json = error_json(por, reason, error.diagnostic().into());
                json.run = RunJson::stopped_loading(por.name(), reason).events_first();
                println!("{}", serde_json::to_string(&json).unwrap_or_default());
            } else {
                eprintln!("{}", error.diagnostic().render());
            }
            return exit::INCOMPLETE;
        }
        Err(error) => return bad_input(error.reason(), error.diagnostic()),
    };
    if let Some(error) = home.property_errors.first() {
        let p = error.position.clone();
        let diagnostic = eventide_groovy::Diagnostic {
            file: p.as_ref().map(|p| p.file.clone()).unwrap_or_default(),
            line: p.as_ref().map_or(1, |p| p.line),
            column: p.as_ref().map_or(1, |p| p.column),
            message: error.message.clone(),
            source: None,
        };
        return bad_input("usage", &diagnostic);
    }
    let verdict = home.verdict();
    let raised = home.check.outcome.findings.iter().any(|f| f.finding.kind == FindingKind::AppException);
    let code = match verdict {
        "violation" | "conflict" => exit::FOUND,
        "incomplete" => exit::INCOMPLETE,
        "error" => exit::BAD_INPUT,
        _ if raised && args.exceptions_fail => exit::FOUND,
        _ => exit::OK,
    };
    let error = super::pair::unsupported_error(&home.check);
    let HomeCheck { check, statuses, violations, .. } = home;
    let mut system = check.system;
    let outcome = check.outcome;
    let conflicts =
        check.conflicts.iter().map(|c| super::pair::conflict_json(&mut system, &outcome, c, &names)).collect();
    let exceptions = outcome
        .findings
        .iter()
        .filter(|f| f.finding.kind == FindingKind::AppException && !system.is_interpreter_error(&f.finding.key))
        .map(|f| report::finding_json(&outcome, f))
        .collect();
    let violations = violations.iter().map(|v| violation_json(&mut system, &outcome, v)).collect();
    let properties = statuses
        .into_iter()
        .map(|(name, status)| match status {
            PropertyStatus::Checked => (name, true, Vec::new()),
            PropertyStatus::Vacuous { empty_lists } => (name, false, empty_lists),
        })
        .map(|(name, checked, empty_lists)| {
            let warnings = property_warnings
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, w)| w.iter().map(DiagnosticJson::from).collect())
                .unwrap_or_default();
            PropertyJson { name, checked, empty_lists, warnings }
        })
        .collect();
    let bound = options.bound_collections;
    let mut run = RunJson::new(verdict, &outcome).events_first().bounded(bound.is_some());
    if verdict == "error" {
        run.reason = Some("unsupported");
    }
    let json = HomeJson { run, apps: names, conflicts, exceptions, violations, properties, error };
    if args.json {
        println!("{}", serde_json::to_string(&json).unwrap_or_default());
    } else {
        for p in json.properties.iter().filter(|p| !p.checked) {
            eprintln!(
                "warning: invariant `{}` does not apply to this home and is not checked: it names {}, which have no \
                 device here",
                p.name,
                p.empty_lists.join(", ")
            );
        }
        print!("{}", text_report(&json, &outcome, &limits, bound));
    }
    code
}

fn violation_json(system: &mut PairSystem, outcome: &Outcome, v: &PropertyViolation) -> ViolationJson {
    let mut state = system.initial_state();
    for &event in &v.trace {
        state = system.execute(&state, event, &mut Vec::new()).next;
    }
    let mut values = BTreeMap::new();
    for device in system.devices().to_vec() {
        for a in &device.attributes {
            if let Some(value) = system.attribute(&state, &device.name, a.name) {
                values.insert(format!("{}.{}", device.name, a.name), value);
            }
        }
    }
    values.insert("location.mode".to_string(), system.mode(&state));
    let pos = v.position.as_ref();
    ViolationJson {
        property: v.property.clone(),
        message: format!("invariant `{}` is false", v.property),
        file: pos.map(|p| p.file.clone()),
        line: pos.map(|p| p.line),
        column: pos.map(|p| p.column),
        trace: v.trace.iter().map(|&e| super::pair::event_name(outcome, system, e)).collect(),
        state: values,
    }
}

fn text_report(r: &HomeJson, outcome: &Outcome, limits: &eventide_engine::Limits, bound: Option<usize>) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let headline = match r.run.verdict {
        "violation" => format!("VIOLATION: {} invariant(s) violated", r.violations.len()),
        "conflict" => format!("CONFLICT: {} conflicting interaction(s)", r.conflicts.len()),
        "incomplete" => "INCOMPLETE: a limit stopped the run; nothing found so far".to_string(),
        "error" => "ERROR: the model could not run an app; nothing found where it could".to_string(),
        _ => "NO VIOLATION, NO CONFLICT".to_string(),
    };
    let apps: Vec<String> = r.apps.iter().enumerate().map(|(i, a)| super::pair::with_place(a, i)).collect();
    let _ = writeln!(
        out,
        "{headline}{} in a home of {}, {} exploration",
        report::bounded_note(bound),
        apps.join(", "),
        r.run.por
    );
    if let Some(e) = &r.error {
        let _ = writeln!(out, "error: {e}");
    }
    let checked = r.properties.iter().filter(|p| p.checked).count();
    if !r.properties.is_empty() {
        let _ = writeln!(out, "{checked} of {} invariant(s) apply to this home", r.properties.len());
    }
    for (n, v) in r.violations.iter().enumerate() {
        let at = match (&v.file, v.line) {
            (Some(f), Some(l)) => format!(" ({f}:{l})"),
            _ => String::new(),
        };
        let _ = writeln!(out, "\nviolation {}: {}{at}", n + 1, v.property);
        for (i, e) in v.trace.iter().enumerate() {
            let _ = writeln!(out, "  {i:>3}. {e}");
        }
        let shown: Vec<String> = v.state.iter().map(|(k, val)| format!("{k}={val}")).collect();
        let _ = writeln!(out, "       state: {}", shown.join(", "));
    }
    out.push_str(&super::pair::conflicts_text(&r.conflicts));
    out.push_str(&report::smartapp_run_footer(&r.exceptions, outcome, limits, &r.run));
    out
}
