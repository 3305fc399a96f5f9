//! `eventide app FILE [--json]`: load one SmartApp on its own and exercise it once.
//!
//! Shows the app's inputs and what they are bound to, the simulated devices, then runs the setup
//! transition (`installed()`) and prints the subscriptions and schedules in force and the events
//! the app would see; finally runs every one of those events once from the state after setup.
//!
//! What went wrong is sorted as the conventions sort it:
//! - **errors**: the interpreter or the platform could not run the app (an unsupported construct,
//!   an evaluator limit) — the model cannot be trusted; `ok` is false;
//! - **exceptions**: runtime faults of the app's own code (null receiver, missing method, bad
//!   coercion, a failed `assert`), the `app_exception` findings a pair check lists too — the
//!   app misbehaves the same way on the real platform; `ok` stays true;
//! - **interrupted**: a handler was still running when `--time-limit` (default 60 s for the whole
//!   pass) or `--memory-limit` ran out (a loop that never ends); `ok` is false.
//!
//! Errors raised by page methods while discovering inputs are listed separately as warnings.
//!
//! With `--properties FILE` the app is instead explored alone in the home and the property file
//! checked (the `home` command's report: see `commands::home`).
//!
//! Exit code: 0 when everything ran cleanly, 1 when the app raised exceptions, 2 when the app
//! cannot be loaded (unreadable, syntax error, unknown capability, failing top level) or the
//! interpreter could not run it, 3 when a limit interrupted a handler.
//! Inputs of a `device.<type>` that neither a device handler (`--device-handlers DIR`) nor the
//! catalogue defines are bound to generic devices and listed as `modelled_generically`; commands
//! sent to devices whose capabilities do not define them are listed as `custom_commands`
//! (warnings: a device handler may define them); comparisons with a value the model never gives
//! (`location.mode == "Away"`) are listed as `constant_comparisons` (warnings), subscriptions
//! no event of the model runs as `silent_subscriptions`, with why, and the handlers the
//! subscriptions and timers name that no event of the pass ran as `handlers_not_run` (a handler
//! behind a condition the state after setup does not meet, a `subscribeToCommand` handler no
//! command of this app reached).
//!
//! `--json` prints `{"ok", "complete", "reason"?, "inputs", "devices", "modelled_generically":
//! [{"input", "type", "device"}], "custom_commands": [{"device", "command", "file", "line",
//! "column"}], "subscriptions", "silent_subscriptions": [{"subscription", "reason"}],
//! "schedules", "events", "event_names", "handlers_run", "handlers_not_run", "outputs",
//! "errors": [{"message", "file", "line", "column"}], "exceptions": [...], "warnings": [...],
//! "constant_comparisons": [...]}`.

use crate::cli::{AppArgs, LimitArgs};
use crate::report::{exit, DiagnosticJson};
use eventide_engine::SourcePosition;
use eventide_engine::Watchdog;
use eventide_groovy::eval::InterruptReason;
use eventide_smartthings::binding::BoundValue;
use eventide_smartthings::{Device, LoadError, Options, PairSystem};
use serde::Serialize;

#[derive(Serialize)]
struct InputJson {
    name: String,
    #[serde(rename = "type")]
    input_type: String,
    multiple: bool,
    value: String,
}

/// An input bound to a generic device: its `device.<type>` has no device handler
/// (`--device-handlers`) and is not in the catalogue, so the device accepts every command
/// (recorded) and its attributes read null.
#[derive(Serialize)]
struct GenericJson {
    input: String,
    #[serde(rename = "type")]
    input_type: String,
    device: String,
}

/// A command sent to a device whose capabilities do not define it; recorded, changing nothing.
#[derive(Serialize)]
struct CustomCommandJson {
    device: String,
    command: String,
    file: String,
    line: u32,
    column: u32,
}

/// A located error, warning or exception (the conventions' diagnostic).
type ErrorJson = DiagnosticJson;

#[derive(Serialize)]
struct AppJson {
    ok: bool,
    /// False when a limit interrupted a handler.
    complete: bool,
    /// `time` or `memory` when incomplete, `usage`/`syntax`/`unsupported` on an error.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    inputs: Vec<InputJson>,
    devices: Vec<String>,
    /// Inputs bound to generic devices.
    modelled_generically: Vec<GenericJson>,
    /// Commands the app sends to devices whose capabilities do not define them (a device
    /// handler may): recorded as outputs, changing nothing.
    custom_commands: Vec<CustomCommandJson>,
    subscriptions: Vec<String>,
    /// Subscriptions no event of the model can run, with why: their handlers never run.
    silent_subscriptions: Vec<SilentJson>,
    schedules: Vec<String>,
    events: usize,
    event_names: Vec<String>,
    handlers_run: u32,
    /// Handlers the subscriptions and timers name that no event of the pass ran.
    handlers_not_run: Vec<String>,
    outputs: Vec<String>,
    errors: Vec<ErrorJson>,
    /// Runtime faults of the app's own code (`app_exception` findings).
    exceptions: Vec<ErrorJson>,
    /// Errors raised by page methods while discovering inputs (pages are not handlers).
    warnings: Vec<ErrorJson>,
    /// Comparisons with a value the mode or an attribute never takes in the model
    /// (`location.mode == "Away"`): the same answer in every state.
    constant_comparisons: Vec<ErrorJson>,
}

/// A subscription no event of the model can run.
#[derive(Serialize)]
struct SilentJson {
    subscription: String,
    reason: String,
}

/// `app --json`'s object when the app could not be exercised (bad input or a bad flag).
fn error_json(reason: &'static str, error: DiagnosticJson) -> AppJson {
    AppJson {
        ok: false,
        complete: true,
        reason: Some(reason),
        inputs: Vec::new(),
        devices: Vec::new(),
        modelled_generically: Vec::new(),
        custom_commands: Vec::new(),
        subscriptions: Vec::new(),
        silent_subscriptions: Vec::new(),
        schedules: Vec::new(),
        events: 0,
        event_names: Vec::new(),
        handlers_run: 0,
        handlers_not_run: Vec::new(),
        outputs: Vec::new(),
        errors: vec![error],
        exceptions: Vec::new(),
        warnings: Vec::new(),
        constant_comparisons: Vec::new(),
    }
}

fn error_at(file: &str, position: Option<&SourcePosition>, message: &str) -> ErrorJson {
    match position {
        Some(p) => ErrorJson { message: message.to_string(), file: p.file.clone(), line: p.line, column: p.column },
        None => ErrorJson { message: message.to_string(), file: file.to_string(), line: 0, column: 0 },
    }
}

/// `lock1: lock`, `myEcobeeDevice1: thermostat (handler My Ecobee Device)`,
/// `jawboneUser1: (generic device)`.
fn describe_device(d: &Device) -> String {
    let mut text = format!("{}: {}", d.name, d.capabilities.join(", "));
    if let Some(h) = &d.handler {
        text.push_str(&format!(" (handler {h})"));
    }
    if d.generic {
        text.push_str("(generic device)");
    }
    text
}

pub fn run(args: AppArgs) -> i32 {
    if let Some(properties) = &args.properties {
        return super::home::run_request(super::home::Request::from_app(&args, properties));
    }
    let usage = |message: &str| crate::commands::usage_error_as(args.json, message, |d| error_json("usage", d));
    let options = match (args.timers.parse(), args.profile.parse()) {
        (Ok(timers), Ok(profile)) => Options { timers, profile, bound_collections: None, device_handlers: None },
        (Err(e), _) | (_, Err(e)) => return usage(&e),
    };
    let limit_args = LimitArgs {
        max_states: None,
        time_limit: Some(args.time_limit),
        memory_limit: args.memory_limit.clone(),
        bound_collections: None,
    };
    let limits = match crate::commands::limits(&limit_args) {
        Ok(l) => l,
        Err(e) => return usage(&e),
    };
    crate::commands::hold_loads_to(&limits);
    let file = args.file.display().to_string();
    let loaded = crate::commands::device_handlers(args.device_handlers.as_deref())
        .and_then(|device_handlers| PairSystem::load_single(&args.file, Options { device_handlers, ..options }));
    let mut system = match loaded {
        Ok(s) => s,
        Err(e) => {
            let d = e.diagnostic();
            if args.json {
                let reason = match &e {
                    LoadError::Syntax(_) => "syntax",
                    LoadError::Unsupported(_) => "unsupported",
                    _ => "usage",
                };
                let mut json = error_json(e.limit().unwrap_or(reason), d.into());
                // A load the run's limit stopped is an incomplete run, not bad input.
                json.complete = e.limit().is_none();
                println!("{}", serde_json::to_string(&json).unwrap_or_default());
            } else {
                eprintln!("{}", d.render());
            }
            return if e.limit().is_some() { exit::INCOMPLETE } else { exit::BAD_INPUT };
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
    let warnings: Vec<ErrorJson> = app.warnings.iter().map(ErrorJson::from).collect();
    let constant_comparisons: Vec<ErrorJson> = app.constant_comparisons.iter().map(ErrorJson::from).collect();
    let devices: Vec<String> = system.devices().iter().map(describe_device).collect();
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
    let modelled_generically: Vec<GenericJson> = app
        .inputs
        .iter()
        .zip(system.binding().inputs[0].iter())
        .filter_map(|(decl, bound)| {
            let d = match bound.value {
                BoundValue::Device(d) | BoundValue::DeviceList(d) => system.devices().get(d as usize)?,
                _ => return None,
            };
            d.generic.then(|| GenericJson {
                input: decl.name.clone(),
                input_type: decl.input_type.clone(),
                device: d.name.to_string(),
            })
        })
        .collect();

    // Setup (configuration A), then every event once from the state after setup, within the
    // limits.
    let deadline = limits.time_limit.and_then(|t| std::time::Instant::now().checked_add(t));
    let exercise = system.exercise(Watchdog { deadline, memory_limit: limits.memory_limit });
    let describe = |f: &eventide_engine::Finding, event: &str| {
        let message = if event == "setup:A" { f.message.clone() } else { format!("{} (event {event})", f.message) };
        error_at(&file, f.position.as_ref(), &message)
    };
    for (f, event) in &exercise.errors {
        push_error(describe(f, event));
    }
    let exceptions: Vec<ErrorJson> = exercise.exceptions.iter().map(|(f, event)| describe(f, event)).collect();
    let interrupted = exercise.interrupted.as_ref().map(|stop| {
        let what = match stop.reason {
            InterruptReason::Time => format!("time limit ({} s)", args.time_limit),
            InterruptReason::Memory => "memory limit".to_string(),
        };
        let message = format!("interrupted: a handler of event {} was still running here at the {what}", stop.event);
        (stop.reason.as_str(), error_at(&file, stop.position.as_ref(), &message))
    });
    if let Some((_, error)) = &interrupted {
        push_error(error.clone());
    }
    let subscriptions = exercise.subscriptions;
    let silent_subscriptions: Vec<SilentJson> = exercise
        .silent_subscriptions
        .into_iter()
        .map(|(subscription, reason)| SilentJson { subscription, reason })
        .collect();
    let schedules: Vec<String> = exercise
        .schedules
        .into_iter()
        .map(|(h, periodic)| if periodic { format!("{h} (periodic)") } else { h })
        .collect();
    let custom_commands: Vec<CustomCommandJson> = exercise
        .custom_commands
        .iter()
        .map(|c| {
            let at = error_at(&file, c.position.as_ref(), "");
            CustomCommandJson {
                device: c.device.clone(),
                command: c.command.clone(),
                file: at.file,
                line: at.line,
                column: at.column,
            }
        })
        .collect();
    let event_names = exercise.events;
    let handlers_run = exercise.handlers_run;
    let handlers_not_run = exercise.handlers_not_run;
    let outputs = exercise.outputs;
    let ok = errors.is_empty();
    let has_interpreter_errors = !exercise.errors.is_empty();
    let has_exceptions = !exceptions.is_empty();
    let reason = match &interrupted {
        Some((reason, _)) => Some(*reason),
        None if has_interpreter_errors => Some("unsupported"),
        None => None,
    };

    if args.json {
        let json = AppJson {
            ok,
            complete: interrupted.is_none(),
            reason,
            inputs,
            devices,
            modelled_generically,
            custom_commands,
            subscriptions,
            silent_subscriptions,
            schedules,
            events: event_names.len(),
            event_names,
            handlers_run,
            handlers_not_run,
            outputs,
            errors,
            exceptions,
            warnings,
            constant_comparisons,
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
        if !modelled_generically.is_empty() {
            println!(
                "modelled generically (no device handler for the type: any command is recorded, attributes read null) ({}):",
                modelled_generically.len()
            );
            for g in &modelled_generically {
                println!("  {} ({}) = {}", g.input, g.input_type, g.device);
            }
        }
        println!("subscriptions after installed() ({}):", subscriptions.len());
        for s in &subscriptions {
            println!("  {s}");
        }
        if !silent_subscriptions.is_empty() {
            println!(
                "subscriptions no event of the model runs (their handlers never run) ({}):",
                silent_subscriptions.len()
            );
            for s in &silent_subscriptions {
                println!("  {}: {}", s.subscription, s.reason);
            }
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
        if !handlers_not_run.is_empty() {
            println!(
                "handlers no event of this pass ran ({}; a condition the state after setup does not meet, or a command no app sent): {}",
                handlers_not_run.len(),
                handlers_not_run.join(", ")
            );
        }
        if !outputs.is_empty() {
            println!("outputs (recorded, not sent) ({}):", outputs.len());
            for o in &outputs {
                println!("  {o}");
            }
        }
        if !warnings.is_empty() {
            println!("warnings while loading (page errors, input types) ({}):", warnings.len());
            for e in &warnings {
                println!("  {e}");
            }
        }
        if !constant_comparisons.is_empty() {
            println!(
                "warning: comparisons with a value the model never gives (the modes are home, away and night) ({}):",
                constant_comparisons.len()
            );
            for e in &constant_comparisons {
                println!("  {e}");
            }
        }
        if !custom_commands.is_empty() {
            println!(
                "warning: custom commands, not in the device's capabilities (a device handler may define them; recorded, they change nothing) ({}):",
                custom_commands.len()
            );
            for c in &custom_commands {
                println!("  {}:{}:{}: {}.{}()", c.file, c.line, c.column, c.device, c.command);
            }
        }
        if !exceptions.is_empty() {
            println!("app exceptions (faults of the app's own code) ({}):", exceptions.len());
            for e in &exceptions {
                println!("  {e}");
            }
        }
        if ok {
            println!("ok");
        } else {
            println!("errors ({}):", errors.len());
            for e in &errors {
                println!("  {e}");
            }
        }
    }
    if has_interpreter_errors {
        exit::BAD_INPUT
    } else if interrupted.is_some() {
        exit::INCOMPLETE
    } else if has_exceptions {
        exit::FOUND
    } else {
        exit::OK
    }
}
