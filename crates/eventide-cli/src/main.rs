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
    let cli = cli::Cli::parse();
    let code = commands::run(cli);
    std::process::exit(code);
}
