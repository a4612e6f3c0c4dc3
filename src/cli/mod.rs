//! The subcommands of `hirp`, one file each, and what they share: reading
//! inputs, rendering diagnostics, exit codes.

mod board;
mod color;
mod convert;
mod dedupe;
mod diff;
mod family;
mod fix;
mod fmt;
mod game;
mod games_out;
mod generate;
mod html;
mod input;
mod interactive;
mod json;
mod judged;
mod manual;
mod mend;
mod notation;
mod pieces;
mod position;
mod progress;
mod quote;
mod reading;
mod replay;
mod report;
mod rewrite;
mod rules;
mod screen;
mod select;
mod sequence;
mod serve;
mod shard;
mod split;
mod stats;
mod status;
mod stdout;
mod tally;
mod temporary;
mod validate;
mod walk;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use color::{ColorChoice, stdout_color};
use report::Reporter;

/// Read, check and replay game records of the Viking board games: HIRP, and
/// the tafl games (Brandub, Hnefatafl and the variants OpenTafl plays).
#[derive(Debug, Parser)]
#[command(name = "hirp", version, propagate_version = true)]
#[command(after_help = "\
HIRP records are written in the rulebook's notation, one turn a line:

  G3 Hv3mHv3>6 >6SK^GH6

Tafl records are OpenTafl game files (.otg, `1. d2-e2 d3-d2`) or archives of
one game a line (.csv, `d2-e2 e4-e1,0,0,Ongoing`); --rules names their rules
where the record does not.

Every command takes file paths, or `-` for standard input (at most once).
Data goes to standard output, diagnostics to standard error.

Exit status: 0 all is well, 1 a record has errors or a path yields no record,
2 usage or I/O error.")]
pub struct Cli {
    /// When to colour diagnostics; `auto` colours on a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto, global = true)]
    color: ColorChoice,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Replay(replay::Args),
    Board(board::Args),
    Position(position::Args),
    Html(html::Args),
    Validate(validate::Args),
    Fix(fix::Args),
    Diff(diff::Args),
    Json(json::Args),
    Notation(notation::Args),
    Convert(convert::Args),
    Select(Box<select::Args>),
    Split(split::Args),
    Dedupe(dedupe::Args),
    Stats(stats::Args),
    Fmt(fmt::Args),
    Gen(generate::Args),
    Rules(rules::Args),
    Serve(serve::Args),
    Completions(manual::CompletionsArgs),
    Man(manual::ManArgs),
}

/// Runs the command line and returns the exit status.
pub fn run(cli: Cli) -> ExitCode {
    let reporter = Reporter::new(cli.color);
    let status = match cli.command {
        Command::Replay(args) => replay::run(args, &reporter, stdout_color(cli.color)),
        Command::Board(args) => board::run(args, &reporter, stdout_color(cli.color)),
        Command::Position(args) => position::run(args, &reporter),
        Command::Html(args) => html::run(args, &reporter),
        Command::Validate(args) => validate::run(args, &reporter),
        Command::Fix(args) => fix::run(args, &reporter),
        Command::Diff(args) => diff::run(args, &reporter),
        Command::Json(args) => json::run(args, &reporter),
        Command::Notation(args) => notation::run(args, &reporter),
        Command::Convert(args) => convert::run(args, &reporter),
        Command::Select(args) => select::run(*args, &reporter),
        Command::Split(args) => split::run(args, &reporter),
        Command::Dedupe(args) => dedupe::run(args, &reporter),
        Command::Stats(args) => stats::run(args, &reporter),
        Command::Fmt(args) => fmt::run(args, &reporter),
        Command::Gen(args) => generate::run(args, &reporter),
        Command::Rules(args) => rules::run(args, &reporter),
        Command::Serve(args) => serve::run(args, &reporter),
        Command::Completions(args) => manual::completions(args, Cli::command(), &reporter),
        Command::Man(args) => manual::man(args, Cli::command(), &reporter),
    };
    status.into()
}
