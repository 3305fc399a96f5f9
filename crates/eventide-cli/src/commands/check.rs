//! `eventide check MODEL`: model check a model file.

use crate::cli::{CheckArgs, PorArg};
use crate::report::{self, exit};
use eventide_engine::{explore, Config, Limits, Por};
use eventide_model::{Program, ThreadSystem};

pub fn run(args: CheckArgs) -> i32 {
    let por = match args.por {
        PorArg::Dpor => Por::Dpor,
        PorArg::None => Por::None,
        PorArg::EmDpor => Por::EmDpor,
        PorArg::R4 => return super::r4::run_check(args),
    };
    if let Some(message) = super::r4::misplaced(&args.r4, por) {
        return super::usage_error_as(args.json, &message, |d| report::error_json(por.name(), "usage", d));
    }
    let limits = match super::limits(&args.limits) {
        Ok(l) => l,
        Err(message) => {
            return super::usage_error_as(args.json, &message, |d| report::error_json(por.name(), "usage", d))
        }
    };
    // The top level runs within the run's time and memory limits too.
    super::hold_loads_to(&limits);
    let mut model = match eventide_model::load_program(&args.model) {
        // EM-DPOR's dependence-covering sets rest on threads and queues: an event that another
        // event disables is no thread, and its races would be missed.
        Ok(Program::Events(_)) if por == Por::EmDpor => {
            let message =
                "--por em-dpor explores programs of threads with event queues (`thread`, `handler`, `post`); \
                           model files of events take dpor, none or r4";
            return super::usage_error_as(args.json, message, |d| report::error_json(por.name(), "usage", d));
        }
        Ok(Program::Events(m)) => m,
        Ok(Program::Threads(program)) => return run_threads(&args, program, por, limits),
        Err(error) if error.limit().is_some() => {
            // A limit of the run stopped it before the program was loaded: an incomplete run.
            let outcome =
                eventide_engine::Outcome { por, complete: false, stop_reason: error.limit(), ..Default::default() };
            let json = report::check_json(&outcome, None);
            if args.json {
                println!("{}", to_json(&json));
            } else {
                eprintln!("{}", error.diagnostic.render());
                print!("{}", report::check_text(&args.model.display().to_string(), &outcome, &json, &limits, None));
            }
            return exit::INCOMPLETE;
        }
        Err(error) => {
            if args.json {
                println!("{}", to_json(&report::error_json(por.name(), error.reason(), (&error.diagnostic).into())));
            } else {
                eprintln!("{}", error.diagnostic.render());
            }
            return exit::BAD_INPUT;
        }
    };
    let bound = args.limits.bound_collections;
    model.set_bound_collections(bound);
    let config = Config { por, stop_at_first: !args.all, limits: limits.clone(), ..Config::default() };
    let outcome = explore(&mut model, &config);
    if let Some(code) = unsupported_only(&args, &outcome, por) {
        return code;
    }
    let (_, code) = report::check_verdict(&outcome);
    let json = report::check_json(&outcome, bound);
    if args.json {
        println!("{}", to_json(&json));
    } else {
        print!("{}", report::check_text(&args.model.display().to_string(), &outcome, &json, &limits, bound));
    }
    code
}

/// A program of threads: explored the same way; the readable trace shows thread, handler and
/// step per line.
fn run_threads(args: &CheckArgs, mut program: ThreadSystem, por: Por, limits: Limits) -> i32 {
    let bound = args.limits.bound_collections;
    program.set_bound_collections(bound);
    let config = Config { por, stop_at_first: !args.all, limits: limits.clone(), ..Config::default() };
    let outcome = explore(&mut program, &config);
    if let Some(code) = unsupported_only(args, &outcome, por) {
        return code;
    }
    let (_, code) = report::check_verdict(&outcome);
    let json = report::check_json(&outcome, bound);
    if args.json {
        println!("{}", to_json(&json));
    } else {
        let described: Vec<Vec<String>> = outcome.findings.iter().map(|f| program.describe_trace(&f.trace)).collect();
        let traces = |f: &eventide_engine::ReportedFinding| {
            let i = outcome.findings.iter().position(|g| std::ptr::eq(g, f)).unwrap_or(0);
            described.get(i).cloned().unwrap_or_default()
        };
        let model = args.model.display().to_string();
        print!("{}", report::check_text_traced(&model, &outcome, &json, &limits, bound, &traces));
    }
    code
}

/// A run whose only findings are constructs the interpreter does not support, met while
/// exploring: bad input (verdict `error`, reason `unsupported`, exit 2, the first one located),
/// not a violation of the program. `None` when the run found anything else, or nothing.
pub(super) fn unsupported_only(args: &CheckArgs, outcome: &eventide_engine::Outcome, por: Por) -> Option<i32> {
    let findings = &outcome.findings;
    if findings.is_empty() || !findings.iter().all(|f| eventide_model::is_unsupported(&f.finding)) {
        return None;
    }
    let first = &findings[0];
    let position = first.finding.position.as_ref();
    let d = report::DiagnosticJson {
        file: position.map_or_else(|| args.model.display().to_string(), |p| p.file.clone()),
        line: position.map_or(1, |p| p.line),
        column: position.map_or(1, |p| p.column),
        message: first.finding.message.clone(),
    };
    if args.json {
        // The exploration ran: its counters stay; the constructs are the error, not findings.
        let mut json = report::check_json(outcome, args.limits.bound_collections);
        json.run = report::RunJson { por: por.name(), ..json.run.into_error("unsupported") };
        json.violations.clear();
        json.exceptions.clear();
        json.error = Some(d);
        println!("{}", to_json(&json));
    } else {
        let trace = outcome.trace_names(first).join(", ");
        eprintln!("error: {d}\n  met while exploring, after the events: {trace}");
    }
    Some(exit::BAD_INPUT)
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("{{\"verdict\":\"error\",\"reason\":\"internal: {e}\"}}"))
}
