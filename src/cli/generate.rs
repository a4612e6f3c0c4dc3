//! `hirp gen`: random legal games.

use std::fs::File;
use std::io::{self, BufWriter, Write};

use hirp::any::{AnyFamily, Job, RulesChoice, rules_choice};
use hirp::core::family::{Draw, Family};

use super::{input::io_reason, report::Reporter, status::Status};

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
    #[arg(long, value_name = "NAME|RULESTRING", value_parser = rules_choice)]
    rules: Option<RulesChoice>,
}

/// Runs `hirp gen`.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let family = AnyFamily::of_rules(args.rules.as_ref());
    let draw = Draw {
        seed: args.seed,
        games: args.games,
        max_turns: args.max_turns,
    };
    let result = match &args.output {
        Some(path) if path != "-" => File::create(path)
            .map_err(|e| format!("cannot write {path}: {}", io_reason(&e)))
            .and_then(|file| {
                let written = family.run(args.rules.as_ref(), Generate { draw, out: file });
                written.map_err(|e| format!("cannot write {path}: {}", io_reason(&e)))
            }),
        _ => {
            let out = io::stdout().lock();
            match family.run(args.rules.as_ref(), Generate { draw, out }) {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                other => {
                    other.map_err(|e| format!("cannot write to standard output: {}", io_reason(&e)))
                }
            }
        }
    };
    match result {
        Ok(()) => Status::Ok,
        Err(message) => {
            reporter.error(&message);
            Status::Failure
        }
    }
}

/// The games drawn, written to `out` one at a time, a blank line between
/// two.
struct Generate<W> {
    draw: Draw,
    out: W,
}

impl<W: Write> Job for Generate<W> {
    type Output = io::Result<()>;

    fn run<F: Family>(self, family: F, options: &F::Options) -> io::Result<()> {
        let games = family
            .generate(options, self.draw)
            .map_err(io::Error::other)?;
        let mut out = BufWriter::with_capacity(1 << 16, self.out);
        for (n, game) in games.enumerate() {
            if n > 0 {
                out.write_all(b"\n")?;
            }
            out.write_all(game.as_bytes())?;
        }
        out.flush()
    }
}
