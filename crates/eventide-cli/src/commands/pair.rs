//! `eventide pair APP1 APP2`: run two SmartApps against one simulated home, explore every order
//! of events, and report the conflicts between them with replayable traces.

use crate::cli::{PairArgs, PorArg};
use crate::report::{self, exit, DiagnosticJson, FindingJson, RunJson};
use eventide_engine::{Config, EventId, FindingKind, Limits, Outcome, Por, TransitionSystem};
use eventide_smartthings::check::check_pair;
use eventide_smartthings::conflicts::{ConflictInfo, Tracked};
use eventide_smartthings::label::AppId;
use eventide_smartthings::system::{Options, PairSystem};
use serde::Serialize;
use std::path::Path;

#[derive(Serialize)]
pub(super) struct WriteJson {
    pub(super) app: String,
    pub(super) device: String,
    pub(super) attribute: String,
    pub(super) value: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) conflicting: bool,
    /// Made by a scheduled handler that inline timers ran at once (it stands for a later timer
    /// event, so it is not exempt in a user-initiated transition).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) scheduled: bool,
}

#[derive(Serialize)]
pub(super) struct StepJson {
    pub(super) event: String,
    pub(super) handlers: Vec<String>,
    pub(super) writes: Vec<WriteJson>,
}

#[derive(Serialize)]
pub(super) struct SideJson {
    pub(super) app: String,
    pub(super) value: String,
}

#[derive(Serialize)]
pub(super) struct ConflictJson {
    pub(super) attribute: String,
    pub(super) device: String,
    pub(super) first: SideJson,
    pub(super) second: SideJson,
    pub(super) trace: Vec<StepJson>,
}

impl ConflictJson {
    /// `conflict N: lock1.lock: away-lock writes locked, then smoke-unlock writes unlocked`.
    pub(super) fn heading(&self, n: usize) -> String {
        format!(
            "conflict {n}: {}.{}: {} writes {}, then {} writes {}",
            self.device, self.attribute, self.first.app, self.first.value, self.second.app, self.second.value
        )
    }
}

#[derive(Serialize)]
struct PairJson {
    #[serde(flatten)]
    run: RunJson,
    conflicts: Vec<ConflictJson>,
    exceptions: Vec<FindingJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<DiagnosticJson>,
    /// `--por r4`: sequences, max_reversals, races.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    r4: Option<super::r4::R4Json>,
}

/// `pair --json`'s object when the pair could not be checked (bad input or a bad flag).
/// Reports apps or device handlers that could not be loaded (exit 2).
fn load_failure(json: bool, por: Por, error: &eventide_smartthings::LoadError) -> i32 {
    let diagnostic = error.diagnostic();
    if json {
        let mut json = error_json(por, error.reason(), diagnostic.into());
        if let Some(reason) = error.limit() {
            json.run = RunJson::stopped_loading(por.name(), reason).events_first();
        }
        println!("{}", serde_json::to_string(&json).unwrap_or_default());
    } else {
        eprintln!("{}", diagnostic.render());
    }
    if error.limit().is_some() {
        exit::INCOMPLETE
    } else {
        exit::BAD_INPUT
    }
}

fn error_json(por: Por, reason: &'static str, error: DiagnosticJson) -> PairJson {
    PairJson {
        run: RunJson::error(por.name(), reason).events_first(),
        conflicts: Vec::new(),
        exceptions: Vec::new(),
        error: Some(error),
        r4: None,
    }
}

/// A readable name for an app: its file name without `.groovy`.
pub(super) fn app_name(path: &Path) -> String {
    path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| path.display().to_string())
}

/// The names the reports give the apps: their file names, each followed by its place (`(App1)`)
/// when two apps of the run share one (`pair a.groovy a.groovy`, or one name in two folders).
pub(super) fn distinct_names(names: Vec<String>) -> Vec<String> {
    names
        .iter()
        .enumerate()
        .map(
            |(i, n)| {
                if names.iter().filter(|m| *m == n).count() > 1 {
                    format!("{n} (App{})", i + 1)
                } else {
                    n.clone()
                }
            },
        )
        .collect()
}

/// `name (AppN)` for the headline, unless [`distinct_names`] already says where the app is.
pub(super) fn with_place(name: &str, i: usize) -> String {
    let place = format!("(App{})", i + 1);
    if name.ends_with(&place) {
        name.to_string()
    } else {
        format!("{name} {place}")
    }
}

pub fn run(args: PairArgs) -> i32 {
    let por = match args.por {
        PorArg::Dpor => Por::Dpor,
        PorArg::None => Por::None,
        PorArg::EmDpor => Por::EmDpor,
        PorArg::R4 => Por::R4,
    };
    if let Some(properties) = &args.properties {
        return super::home::run_request(super::home::Request::from_pair(&args, properties));
    }
    let usage = |message: &str| super::usage_error_as(args.json, message, |d| error_json(por, "usage", d));
    if let Some(message) = super::r4::misplaced(&args.r4, por) {
        return usage(&message);
    }
    if por == Por::EmDpor {
        return usage(
            "--por em-dpor explores programs of threads with event queues (eventide check); use dpor or none",
        );
    }
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
    let mut named = distinct_names(vec![app_name(&args.app1), app_name(&args.app2)]).into_iter();
    let names = [named.next().unwrap_or_default(), named.next().unwrap_or_default()];
    let config = Config { por, stop_at_first: args.first, limits: limits.clone(), ..Config::default() };
    let options = match super::device_handlers(args.device_handlers.as_deref()) {
        Ok(device_handlers) => Options { device_handlers, ..options },
        Err(error) => return load_failure(args.json, por, &error),
    };
    let checked = if por == Por::R4 {
        match super::r4::check_pair(&args, options, tracked, &config) {
            Ok(Ok((check, r4))) => Ok((check, Some(r4))),
            Ok(Err(Ok(trace))) => {
                if args.json {
                    println!("{}", serde_json::to_string(&error_json(por, "usage", trace)).unwrap_or_default());
                } else {
                    eprintln!("error: {trace}");
                }
                return exit::BAD_INPUT;
            }
            Ok(Err(Err(message))) => return usage(&message),
            Err(error) => Err(error),
        }
    } else {
        check_pair(&args.app1, &args.app2, options, tracked, &config).map(|check| (check, None))
    };
    let (check, r4) = match checked {
        Ok(checked) => checked,
        Err(error) => return load_failure(args.json, por, &error),
    };
    let verdict = check.verdict();
    let code = match verdict {
        eventide_smartthings::check::PairVerdict::Conflict => exit::FOUND,
        eventide_smartthings::check::PairVerdict::Incomplete => exit::INCOMPLETE,
        eventide_smartthings::check::PairVerdict::NoConflict => exit::OK,
        eventide_smartthings::check::PairVerdict::Unsupported => exit::BAD_INPUT,
    };
    let error = unsupported_error(&check);
    let mut system = check.system;
    let outcome = check.outcome;
    let conflicts: Vec<ConflictJson> =
        check.conflicts.iter().map(|c| conflict_json(&mut system, &outcome, c, &names)).collect();
    let verdict = verdict.as_str();
    let exceptions: Vec<FindingJson> = outcome
        .findings
        .iter()
        .filter(|f| f.finding.kind == FindingKind::AppException && !system.is_interpreter_error(&f.finding.key))
        .map(|f| report::finding_json(&outcome, f))
        .collect();
    let bound = options.bound_collections;
    let mut run = RunJson::new(verdict, &outcome).events_first().bounded(bound.is_some());
    if verdict == "error" {
        run.reason = Some("unsupported");
    }
    // Growing locations are named by app file, as conflicts are.
    let by_file = |app: &mut Option<String>| {
        if let Some(i) = system.apps().iter().position(|a| app.as_ref() == Some(&a.name)) {
            *app = Some(names[i].clone());
        }
    };
    run.growth.iter_mut().flatten().for_each(|g| by_file(&mut g.app));
    run.variety.iter_mut().flatten().for_each(|v| by_file(&mut v.app));
    run.varied.iter_mut().flatten().for_each(|v| by_file(&mut v.app));
    let json = PairJson { run, conflicts, exceptions, error, r4 };
    if args.json {
        println!("{}", serde_json::to_string(&json).unwrap_or_default());
    } else {
        print!("{}", text_report(&names, &json, &outcome, &limits, bound));
        if let Some(r4) = &json.r4 {
            print!("{}", super::r4::r4_text(r4));
        }
    }
    code
}

/// The `error` of a run whose exploration met a construct the interpreter does not support (the
/// first such finding; the verdict is `error` unless a conflict was found). Such findings are
/// not app exceptions: they are left out of `exceptions`.
pub(super) fn unsupported_error(check: &eventide_smartthings::check::PairCheck) -> Option<DiagnosticJson> {
    let finding = check.outcome.findings.iter().find(|f| check.system.is_interpreter_error(&f.finding.key))?;
    let position = finding.finding.position.as_ref();
    Some(DiagnosticJson {
        file: position.map(|p| p.file.clone()).unwrap_or_default(),
        line: position.map_or(1, |p| p.line),
        column: position.map_or(1, |p| p.column),
        message: finding.finding.message.clone(),
    })
}

/// Replays a conflict's trace to recover, per step, the handlers run and the writes made.
pub(super) fn conflict_json(
    system: &mut PairSystem,
    outcome: &Outcome,
    c: &ConflictInfo,
    names: &[String],
) -> ConflictJson {
    let app = |a: AppId| names[a.index()].clone();
    let mut state = system.initial_state();
    let mut trace = Vec::new();
    for (i, &event) in c.trace.iter().enumerate() {
        let step = system.execute(&state, event, &mut Vec::new());
        let writes = step
            .label
            .writes
            .iter()
            .enumerate()
            .map(|(wi, w)| WriteJson {
                app: app(w.app),
                device: w.target.device.to_string(),
                attribute: w.target.attribute.to_string(),
                value: w.value.to_string(),
                conflicting: (i == c.first.step && wi == c.first.write) || (i == c.second.step && wi == c.second.write),
                scheduled: w.scheduled,
            })
            .collect();
        let handlers = step.label.handlers.iter().map(|h| format!("{}.{}", app(h.app), h.handler)).collect();
        trace.push(StepJson { event: event_name(outcome, system, event), handlers, writes });
        state = step.next;
    }
    ConflictJson {
        attribute: c.target.attribute.to_string(),
        device: c.target.device.to_string(),
        first: SideJson { app: app(c.first.app), value: c.first.value.to_string() },
        second: SideJson { app: app(c.second.app), value: c.second.value.to_string() },
        trace,
    }
}

pub(super) fn event_name(outcome: &Outcome, system: &PairSystem, event: EventId) -> String {
    outcome.event_names.get(event as usize).cloned().unwrap_or_else(|| system.event_name(event))
}

fn text_report(names: &[String; 2], r: &PairJson, outcome: &Outcome, limits: &Limits, bound: Option<usize>) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let headline = match r.run.verdict {
        "conflict" => format!("CONFLICT: {} conflicting interaction(s)", r.conflicts.len()),
        "incomplete" => "INCOMPLETE: a limit stopped the run; no conflict found so far".to_string(),
        "error" => "ERROR: the model could not run an app; no conflict found where it could".to_string(),
        _ => "NO CONFLICT".to_string(),
    };
    let _ = writeln!(
        out,
        "{headline}{} between {} and {}, {} exploration",
        report::bounded_note(bound),
        with_place(&names[0], 0),
        with_place(&names[1], 1),
        r.run.por
    );
    if let Some(e) = &r.error {
        let _ = writeln!(out, "error: {e}");
    }
    out.push_str(&conflicts_text(&r.conflicts));
    out.push_str(&report::smartapp_run_footer(&r.exceptions, outcome, limits, &r.run));
    out
}

/// How many conflicts the readable report shows with their traces, and how many it names at most
/// (the JSON lists them all, with traces). Deferred timers can make one interaction thousands
/// of distinct conflicts, one per pair of values written.
const CONFLICTS_TRACED: usize = 100;
const CONFLICTS_NAMED: usize = 1_000;

/// The conflicts of a readable report: the first [`CONFLICTS_TRACED`] with their traces, the next
/// ones by their headings alone, up to [`CONFLICTS_NAMED`], and a count of the rest.
pub(super) fn conflicts_text(conflicts: &[ConflictJson]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for (n, c) in conflicts.iter().enumerate().take(CONFLICTS_TRACED) {
        out.push_str(&conflict_text(n + 1, c));
    }
    if conflicts.len() > CONFLICTS_TRACED {
        let _ = writeln!(
            out,
            "\nthe other {} conflict(s), without their traces (--json gives every trace):",
            conflicts.len() - CONFLICTS_TRACED
        );
        for (n, c) in conflicts.iter().enumerate().take(CONFLICTS_NAMED).skip(CONFLICTS_TRACED) {
            let _ = writeln!(out, "  {}", c.heading(n + 1));
        }
        if conflicts.len() > CONFLICTS_NAMED {
            let _ = writeln!(out, "  ... and {} more", conflicts.len() - CONFLICTS_NAMED);
        }
    }
    out
}

/// Conflict `n` as the readable reports of `pair` and `home` show it: its heading, then each
/// step of its trace with the handlers it ran and every write they made, the conflicting ones
/// marked.
pub(super) fn conflict_text(n: usize, c: &ConflictJson) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "\n{}", c.heading(n));
    for (i, step) in c.trace.iter().enumerate() {
        let _ = writeln!(out, "  {i:>3}. {}", step.event);
        let mut lines: Vec<(String, bool)> = step.handlers.iter().map(|h| (format!("runs {h}"), false)).collect();
        for w in &step.writes {
            let mark = if w.conflicting { "   <-- conflicting write" } else { "" };
            let timer = if w.scheduled { " (in the cascade of a scheduled handler run at once)" } else { "" };
            lines.push((
                format!("{} sets {}.{} = {}{timer}{mark}", w.app, w.device, w.attribute, w.value),
                w.conflicting,
            ));
        }
        for line in elide(&lines) {
            let _ = writeln!(out, "         {line}");
        }
    }
    out
}

/// The lines of one step as printed: all of them when there are few; else (a cascade that ran
/// to its depth bound runs hundreds of handlers) the first and last few, the marked lines and
/// their neighbours, and a count of each run of lines left out (JSON keeps every line).
fn elide(lines: &[(String, bool)]) -> Vec<String> {
    const ALL_UP_TO: usize = 40;
    const EDGE: usize = 6;
    const AROUND: usize = 2;
    if lines.len() <= ALL_UP_TO {
        return lines.iter().map(|(l, _)| l.clone()).collect();
    }
    let marked: Vec<usize> = lines.iter().enumerate().filter(|(_, (_, m))| *m).map(|(i, _)| i).collect();
    let keep = |i: usize| i < EDGE || i + EDGE >= lines.len() || marked.iter().any(|&m| m.abs_diff(i) <= AROUND);
    let mut out = Vec::new();
    let mut left_out = 0;
    for (i, (line, _)) in lines.iter().enumerate() {
        if keep(i) {
            if left_out > 0 {
                out.push(format!("... {left_out} more handler runs and writes ..."));
                left_out = 0;
            }
            out.push(line.clone());
        } else {
            left_out += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{
        conflicts_text, distinct_names, elide, ConflictJson, SideJson, StepJson, CONFLICTS_NAMED, CONFLICTS_TRACED,
    };

    fn conflict(value: usize) -> ConflictJson {
        ConflictJson {
            attribute: "level".into(),
            device: "dimmer1".into(),
            first: SideJson { app: "a".into(), value: value.to_string() },
            second: SideJson { app: "b".into(), value: "0".into() },
            trace: vec![StepJson { event: "setup:A".into(), handlers: Vec::new(), writes: Vec::new() }],
        }
    }

    #[test]
    fn thousands_of_conflicts_print_the_first_with_traces_then_headings_then_a_count() {
        let all: Vec<ConflictJson> = (0..CONFLICTS_NAMED + 250).map(conflict).collect();
        let text = conflicts_text(&all);
        assert_eq!(text.matches("setup:A").count(), CONFLICTS_TRACED, "one trace per traced conflict");
        assert!(text.contains(&format!("the other {} conflict(s)", all.len() - CONFLICTS_TRACED)));
        assert!(text.contains(&format!("conflict {CONFLICTS_NAMED}: dimmer1.level: a writes {}", CONFLICTS_NAMED - 1)));
        assert!(!text.contains(&format!("conflict {}:", CONFLICTS_NAMED + 1)));
        assert!(text.trim_end().ends_with("... and 250 more"), "{}", &text[text.len() - 80..]);
        // A few print whole.
        let few: Vec<ConflictJson> = (0..3).map(conflict).collect();
        assert_eq!(conflicts_text(&few).matches("setup:A").count(), 3);
        assert!(!conflicts_text(&few).contains("the other"));
    }

    #[test]
    fn apps_of_one_name_are_told_apart_by_their_place() {
        assert_eq!(distinct_names(vec!["a".into(), "b".into()]), ["a", "b"]);
        assert_eq!(distinct_names(vec!["a".into(), "a".into(), "b".into()]), ["a (App1)", "a (App2)", "b"]);
    }

    #[test]
    fn a_long_step_keeps_its_ends_and_the_marked_lines_with_their_neighbours() {
        let few: Vec<(String, bool)> = (0..40).map(|i| (format!("l{i}"), i == 3)).collect();
        assert_eq!(elide(&few).len(), 40, "up to 40 lines are all printed");
        let many: Vec<(String, bool)> = (0..300).map(|i| (format!("l{i}"), i == 150)).collect();
        let shown = elide(&many);
        let expected: Vec<String> = ["l0", "l1", "l2", "l3", "l4", "l5", "... 142 more handler runs and writes ..."]
            .into_iter()
            .chain(["l148", "l149", "l150", "l151", "l152", "... 141 more handler runs and writes ..."])
            .chain(["l294", "l295", "l296", "l297", "l298", "l299"])
            .map(String::from)
            .collect();
        assert_eq!(shown, expected);
    }
}
