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
    let cli = cli::Cli::parse();
    let code = commands::run(cli);
    std::process::exit(code);
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
