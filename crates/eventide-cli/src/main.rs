//! The `eventide` binary: a thin shell over the library crates. Argument parsing lives in
//! [`cli`], each subcommand in [`commands`]; exit codes follow the conventions (0 nothing found,
//! 1 violation or conflict, 2 bad input or usage, 3 incomplete).

mod cli;
mod commands;
mod report;

use clap::Parser;

#[global_allocator]
static ALLOC: eventide_engine::memory::CountingAllocator = eventide_engine::memory::CountingAllocator;

fn main() {
    restore_default_sigpipe();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => exit_on_parse_error(error),
    };
    let code = commands::run(cli);
    std::process::exit(code);
}

/// A command line clap rejects: clap's own message and exit code 2, except that with `--json` the
/// error is one JSON object on standard output (`verdict` `error`, `reason` `usage`, a
/// diagnostic without a file; `ok` false for `app`), as for the usage errors the commands find.
fn exit_on_parse_error(error: clap::Error) -> ! {
    use clap::error::ErrorKind;
    let args: Vec<String> = std::env::args().collect();
    let wants_json = args.iter().any(|a| a == "--json");
    if !wants_json || matches!(error.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        error.exit();
    }
    let rendered = error.render().to_string();
    // The error proper: the lines before clap's usage and help hints.
    let message = rendered
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .trim_start_matches("error: ")
        .to_string();
    let mut json = serde_json::json!({
        "verdict": "error",
        "complete": false,
        "reason": "usage",
        "error": { "file": "", "line": 0, "column": 0, "message": message },
    });
    if args.get(1).is_some_and(|c| c == "app") {
        json["ok"] = false.into();
    }
    println!("{json}");
    std::process::exit(report::exit::BAD_INPUT);
}

/// Output piped into a program that stops reading (`eventide report ... | head`) ends the process
/// quietly, as for other command-line tools, instead of a panic in `println!`: Rust ignores
/// SIGPIPE by default, which turns a closed pipe into a write error.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists; it only resets the
    // disposition of one signal to its default.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
