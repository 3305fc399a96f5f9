//! `eventide app FILE [--json]`: load one SmartApp on its own and exercise it once.
//!
//! Shows the app's inputs and what they are bound to, the simulated devices, then runs the setup
//! transition (`installed()`) and prints the subscriptions and schedules in force and the events
//! the app would see; finally runs every one of those events once from the state after setup.
//! Errors in `installed()` or in any handler are listed with their location; errors raised by
//! page methods while discovering inputs are listed separately as warnings.
//!
//! Exit code 0 when everything ran without error, 1 when a handler raised an error, 2 when the app
//! cannot be loaded (unreadable, syntax error, unknown capability, failing top level).
//! `--json` prints `{"ok", "inputs", "devices", "subscriptions", "schedules", "events",
//! "event_names", "handlers_run", "outputs", "errors": [{"message", "file", "line", "column"}],
//! "warnings": [...]}`.

use crate::cli::AppArgs;
use crate::report::exit;
use eventide_engine::SourcePosition;
use eventide_smartthings::{Options, PairSystem};
use serde::Serialize;

#[derive(Serialize)]
struct InputJson {
    name: String,
    #[serde(rename = "type")]
    input_type: String,
    multiple: bool,
    value: String,
}

#[derive(Serialize, Clone, PartialEq)]
struct ErrorJson {
    message: String,
    file: String,
    line: u32,
    column: u32,
}

#[derive(Serialize)]
struct AppJson {
    ok: bool,
    inputs: Vec<InputJson>,
    devices: Vec<String>,
    subscriptions: Vec<String>,
    schedules: Vec<String>,
    events: usize,
    event_names: Vec<String>,
    handlers_run: u32,
    outputs: Vec<String>,
    errors: Vec<ErrorJson>,
    /// Errors raised by page methods while discovering inputs (pages are not handlers).
    warnings: Vec<ErrorJson>,
}

fn error_at(file: &str, position: Option<&SourcePosition>, message: &str) -> ErrorJson {
    match position {
        Some(p) => ErrorJson { message: message.to_string(), file: p.file.clone(), line: p.line, column: p.column },
        None => ErrorJson { message: message.to_string(), file: file.to_string(), line: 0, column: 0 },
    }
}

pub fn run(args: AppArgs) -> i32 {
    let options = match (args.timers.parse(), args.profile.parse()) {
        (Ok(timers), Ok(profile)) => Options { timers, profile },
        (Err(e), _) | (_, Err(e)) => return crate::commands::usage_error(&e),
    };
    let file = args.file.display().to_string();
    let mut system = match PairSystem::load_single(&args.file, options) {
        Ok(s) => s,
        Err(e) => {
            let d = e.diagnostic();
            if args.json {
                let json = AppJson {
                    ok: false,
                    inputs: Vec::new(),
                    devices: Vec::new(),
                    subscriptions: Vec::new(),
                    schedules: Vec::new(),
                    events: 0,
                    event_names: Vec::new(),
                    handlers_run: 0,
                    outputs: Vec::new(),
                    errors: vec![ErrorJson {
                        message: d.message.clone(),
                        file: d.file.clone(),
                        line: d.line,
                        column: d.column,
                    }],
                    warnings: Vec::new(),
                };
                println!("{}", serde_json::to_string(&json).unwrap_or_default());
            } else {
                eprintln!("{}", d.render());
            }
            return exit::BAD_INPUT;
        }
    };

    let mut errors: Vec<ErrorJson> = Vec::new();
    let mut push_error = |e: ErrorJson| {
        if !errors.contains(&e) {
            errors.push(e);
        }
    };
    let app = &system.apps()[0];
    let app_name = app.name.clone();
    let warnings: Vec<ErrorJson> = app
        .warnings
        .iter()
        .map(|w| ErrorJson { message: w.message.clone(), file: w.file.clone(), line: w.line, column: w.column })
        .collect();
    let devices: Vec<String> =
        system.devices().iter().map(|d| format!("{}: {}", d.name, d.capabilities.join(", "))).collect();
    let inputs: Vec<InputJson> = app
        .inputs
        .iter()
        .zip(system.binding().inputs[0].iter())
        .map(|(decl, bound)| InputJson {
            name: decl.name.clone(),
            input_type: decl.input_type.clone(),
            multiple: decl.multiple,
            value: bound.value.describe(system.devices()),
        })
        .collect();

    // Setup (configuration A), then every event once from the state after setup.
    let exercise = system.exercise();
    for (f, event) in &exercise.errors {
        let message = if event == "setup:A" { f.message.clone() } else { format!("{} (event {event})", f.message) };
        push_error(error_at(&file, f.position.as_ref(), &message));
    }
    let subscriptions = exercise.subscriptions;
    let schedules: Vec<String> = exercise
        .schedules
        .into_iter()
        .map(|(h, periodic)| if periodic { format!("{h} (periodic)") } else { h })
        .collect();
    let event_names = exercise.events;
    let handlers_run = exercise.handlers_run;
    let outputs = exercise.outputs;
    let ok = errors.is_empty();

    if args.json {
        let json = AppJson {
            ok,
            inputs,
            devices,
            subscriptions,
            schedules,
            events: event_names.len(),
            event_names,
            handlers_run,
            outputs,
            errors,
            warnings,
        };
        println!("{}", serde_json::to_string(&json).unwrap_or_default());
    } else {
        println!("app: {app_name} ({file})");
        println!("inputs ({}):", inputs.len());
        for i in &inputs {
            let multiple = if i.multiple { ", multiple" } else { "" };
            println!("  {} ({}{multiple}) = {}", i.name, i.input_type, i.value);
        }
        println!("devices ({}):", devices.len());
        for d in &devices {
            println!("  {d}");
        }
        println!("subscriptions after installed() ({}):", subscriptions.len());
        for s in &subscriptions {
            println!("  {s}");
        }
        if !schedules.is_empty() {
            println!("schedules ({}):", schedules.len());
            for s in &schedules {
                println!("  {s}");
            }
        }
        println!("events ({}):", event_names.len());
        for e in &event_names {
            println!("  {e}");
        }
        println!("handlers run: {handlers_run}");
        if !outputs.is_empty() {
            println!("outputs (recorded, not sent) ({}):", outputs.len());
            for o in &outputs {
                println!("  {o}");
            }
        }
        if !warnings.is_empty() {
            println!("page errors while discovering inputs ({}):", warnings.len());
            for e in &warnings {
                println!("  {}:{}:{}: {}", e.file, e.line, e.column, e.message);
            }
        }
        if ok {
            println!("ok");
        } else {
            println!("errors ({}):", errors.len());
            for e in &errors {
                println!("  {}:{}:{}: {}", e.file, e.line, e.column, e.message);
            }
        }
    }
    if ok {
        exit::OK
    } else {
        exit::FOUND
    }
}
