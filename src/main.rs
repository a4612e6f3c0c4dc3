//! The `hirp` command: arguments in, library calls, an exit code out.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    cli::run(cli::Cli::parse())
}
