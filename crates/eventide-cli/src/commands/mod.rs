//! The subcommands. Each returns the process exit code.

mod app;
mod batch;
mod check;
mod eval;
mod home;
mod pair;
mod parse;
mod r4;
mod report;

use crate::cli::{Cli, Command, LimitArgs};
use crate::report::{exit, DiagnosticJson};
use eventide_engine::{memory, Limits};

pub fn run(cli: Cli) -> i32 {
    match cli.command {
        Command::Check(args) => check::run(args),
        Command::Parse(args) => parse::run(args),
        Command::Eval(args) => eval::run(args),
        Command::App(args) => app::run(args),
        Command::Pair(args) => pair::run(args),
        Command::Home(args) => home::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Report(args) => report::run(args),
    }
}

/// Converts the limit flags; an invalid value is a usage error (exit 2). A time limit must be a
/// positive number of seconds and a memory limit at least one byte: 0 would stop every run before
/// it starts. Without `--memory-limit` the run gets [`memory::default_ceiling`]; `none` turns
/// the ceiling off.
pub fn limits(args: &LimitArgs) -> Result<Limits, String> {
    let memory_limit = match args.memory_limit.as_deref() {
        Some("none") => None,
        Some(text) => match memory::parse_size(text)? {
            0 => return Err(format!("invalid --memory-limit {text}: expected at least 1 byte (e.g. 512M, 4G)")),
            bytes => Some(bytes),
        },
        None => memory::default_ceiling().map(|b| b as usize),
    };
    let time_limit = match args.time_limit {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            return Err(format!("invalid --time-limit {t}: expected a positive number of seconds"))
        }
        Some(t) => Some(
            std::time::Duration::try_from_secs_f64(t).map_err(|_| format!("invalid --time-limit {t}: too large"))?,
        ),
        None => None,
    };
    if args.max_states == Some(0) {
        return Err("invalid --max-states 0: expected at least 1 (the initial state)".to_string());
    }
    Ok(Limits { max_states: args.max_states, time_limit, memory_limit, max_executed: None })
}

/// Reads `--device-handlers DIR` once for the run (kept for the rest of it).
pub fn device_handlers(
    dir: Option<&std::path::Path>,
) -> Result<Option<&'static eventide_smartthings::DeviceHandlers>, eventide_smartthings::LoadError> {
    dir.map(|d| eventide_smartthings::DeviceHandlers::load_dir(d).map(eventide_smartthings::DeviceHandlers::leak))
        .transpose()
}

/// Prints a usage error and returns exit code 2.
pub fn usage_error(message: &str) -> i32 {
    eprintln!("error: {message}");
    exit::BAD_INPUT
}

/// A usage error (exit 2): with `--json`, the command's JSON error object built by `object` from
/// the diagnostic (no file, line and column 0: the fault is on the command line) on standard
/// output; otherwise `error: message` on standard error.
pub fn usage_error_as<T: serde::Serialize>(json: bool, message: &str, object: impl FnOnce(DiagnosticJson) -> T) -> i32 {
    if !json {
        return usage_error(message);
    }
    let diagnostic = DiagnosticJson { file: String::new(), line: 0, column: 0, message: message.to_string() };
    match serde_json::to_string(&object(diagnostic)) {
        Ok(text) => println!("{text}"),
        Err(_) => eprintln!("error: {message}"),
    }
    exit::BAD_INPUT
}

/// Holds the loading of apps (their top level and settings pages) to the run's time and memory
/// limits as well, counted from now.
pub(crate) fn hold_loads_to(limits: &eventide_engine::Limits) {
    let deadline = limits.time_limit.and_then(|t| std::time::Instant::now().checked_add(t));
    eventide_groovy::eval::set_run_limits(deadline, limits.memory_limit);
}
