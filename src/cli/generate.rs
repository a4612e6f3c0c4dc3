//! `hirp gen`: random legal games.

use std::fs::File;
use std::io::{self, BufWriter, Write};

use hirp::hirp::generate::{Options, games};

use super::{Reporter, Status, io_reason};

/// Write random legal games as one record, the same games for the same seed.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each game is drawn step by step from the moves the rules allow: entering,
boarding, moves and attacks, battles won and lost with their retreats and
advances, Penningr offers accepted and refused. A game ends in a victory or,
unfinished, at the turn cap; its [Result] tag says which. Every game
validates with no problem.

Examples:
  hirp gen --seed 7 --games 3
  hirp gen --seed 1 --games 100000 -o corpus.hirp
  hirp gen --games 50 | hirp validate --quiet -")]
pub struct Args {
    /// The seed: the same seed, games and cap give the same record.
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,
    /// How many games to write.
    #[arg(long, value_name = "K", default_value_t = 1)]
    games: usize,
    /// Turns after which an unfinished game stops.
    #[arg(long, value_name = "T", default_value_t = 200)]
    max_turns: usize,
    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<String>,
    /// Tafl: write games of this rule set (a preset: brandub, copenhagen,
    /// tablut, sea-battle...: `hirp rules` lists them; or an OpenTafl rules
    /// string) as an OpenTafl game file, games a blank line apart; the turn
    /// cap counts moves.
    #[arg(long, value_name = "NAME|RULESTRING", value_parser = hirp::tafl::replay::rules_choice)]
    rules: Option<hirp::tafl::replay::RulesChoice>,
}

/// Runs `hirp gen`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let options = match &args.rules {
        Some(choice) => Kind::Tafl(Box::new(hirp::tafl::generate::Options {
            rules: choice.rules.clone(),
            seed: args.seed,
            games: args.games,
            max_moves: args.max_turns,
        })),
        None => Kind::Hirp(Options {
            seed: args.seed,
            games: args.games,
            max_turns: args.max_turns,
        }),
    };
    let result = match &args.output {
        Some(path) if path != "-" => File::create(path)
            .map_err(|e| format!("cannot write {path}: {}", io_reason(&e)))
            .and_then(|file| {
                write(options, file).map_err(|e| format!("cannot write {path}: {}", io_reason(&e)))
            }),
        _ => match write(options, io::stdout().lock()) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            other => {
                other.map_err(|e| format!("cannot write to standard output: {}", io_reason(&e)))
            }
        },
    };
    match result {
        Ok(()) => Status::Ok,
        Err(message) => {
            reporter.error(&message);
            Status::Failure
        }
    }
}

/// The games to write: HIRP's, or a tafl game's.
enum Kind {
    Hirp(Options),
    /// Boxed: a rule set is large beside HIRP's options.
    Tafl(Box<hirp::tafl::generate::Options>),
}

/// Writes the games one at a time, a blank line between two.
fn write(options: Kind, out: impl Write) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    match options {
        Kind::Hirp(options) => {
            for (n, game) in games(options).enumerate() {
                if n > 0 {
                    out.write_all(b"\n")?;
                }
                write!(out, "{game}")?;
            }
        }
        Kind::Tafl(options) => {
            for (n, game) in hirp::tafl::generate::games(&options).enumerate() {
                if n > 0 {
                    out.write_all(b"\n")?;
                }
                out.write_all(game.as_bytes())?;
            }
        }
    }
    out.flush()
}
