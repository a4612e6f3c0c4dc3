//! `hirp gen`: random legal games.

use std::fs::File;
use std::io::{self, BufWriter, Write};

use hirp::any::{AnyFamily, Job, RulesChoice, rules_choice};
use hirp::core::family::{Draw, Family, NoDraw};

use super::{input::io_reason, report::Reporter, status::Status};

/// Write random legal games as one record, the same games for the same seed.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each game is drawn step by step from the moves the rules allow: entering,
boarding, moves and attacks, battles won and lost with their retreats and
advances, Penningr offers accepted and refused. A game ends in a victory or,
unfinished, at the turn cap: a HIRP game's [Result] tag says which; a tafl
game (with --rules) has [result:] and [termination:] tags when the rules
ended it, and none when the cap did. The cap counts turns as `hirp validate`
does: a tafl turn is a numbered one, `3. d1-d3 e5-e2`. Every game validates
with no problem.

With --from, every game starts from a position instead of the start. A HIRP
position is the line `hirp position` prints: the board, the side to move and
the round of the turn to play (`grammar/hirp-position.ebnf`); each game is
tagged with it, [Position \"...\"], and its turns are labelled on from it. A
tafl position (with --rules) is OpenTafl's position record, the first rank
first, then if need be the side to move and the move number; each game is
written as OpenTafl writes a game from a position: its rules string starts
there (start:) with the side to move first (atkf:), its moves numbered from 1.
The turn cap counts from the position.

Examples:
  hirp gen --seed 7 --games 3
  hirp gen --seed 1 --games 100000 -o corpus.hirp
  hirp gen --games 50 | hirp validate --quiet -
  hirp gen --from 'LH2/K2/-/-/-/-/-/-/-/l/-/- silfr 7' --games 5
  hirp gen --rules brandub --from '/3t3/7/3T3/ttTKTt1/3T3/3t3/3t3/ defenders'")]
pub struct Args {
    /// The seed: the same seed, games and cap give the same record.
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,
    /// How many games to write.
    #[arg(long, value_name = "K", default_value_t = 1)]
    games: usize,
    /// Turns after which an unfinished game stops (a tafl turn: both
    /// sides' moves, as numbered).
    #[arg(long, value_name = "T", default_value_t = 200)]
    max_turns: usize,
    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<String>,
    /// Start every game from POSITION instead of the start: a HIRP position
    /// line (`L/-/-/-/-/-/-/-/-/l/-/- gull 1`, as `hirp position` prints
    /// it), or with --rules a tafl position record
    /// (`/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`), then `attackers` or
    /// `defenders` to move if need be.
    #[arg(long, value_name = "POSITION")]
    from: Option<String>,
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
        from: args.from.as_deref(),
    };
    let generate = Generate {
        draw,
        output: args.output.as_deref(),
    };
    match family.run(args.rules.as_ref(), generate) {
        Ok(()) => Status::Ok,
        Err(Failed::Draw(NoDraw::Position(bad))) => {
            let text = args.from.as_deref().unwrap_or_default();
            reporter.bad_position("--from", text, &bad);
            // Not a position of the family at all: perhaps another's.
            if args.rules.is_none() && bad.span.start == 0 {
                reporter.note(&format!(
                    "without --rules, --from is read as a {} position; a tafl position \
                     needs its rules (--rules)",
                    family.name()
                ));
            }
            Status::Failure
        }
        Err(Failed::Draw(NoDraw::NoRules)) => {
            reporter.error(&format!(
                "{} games are drawn under a rule set: give --rules",
                family.name()
            ));
            Status::Failure
        }
        Err(Failed::Write(message)) => {
            reporter.error(&message);
            Status::Failure
        }
    }
}

/// The games drawn, written to `output` (standard output when `None` or
/// `-`) one at a time, a blank line between two; the file is made only
/// once the games can be drawn.
struct Generate<'a> {
    draw: Draw<'a>,
    output: Option<&'a str>,
}

/// Why `hirp gen` wrote no games, or not all.
enum Failed {
    /// No game could be drawn.
    Draw(NoDraw),
    /// Writing failed: the message.
    Write(String),
}

impl Job for Generate<'_> {
    type Output = Result<(), Failed>;

    fn run<F: Family>(self, family: F, options: &F::Options) -> Result<(), Failed> {
        let games = family.generate(options, self.draw).map_err(Failed::Draw)?;
        match self.output {
            Some(path) if path != "-" => {
                let failed =
                    |e: io::Error| Failed::Write(format!("cannot write {path}: {}", io_reason(&e)));
                let file = File::create(path).map_err(failed)?;
                write_games(games, file).map_err(failed)
            }
            _ => match write_games(games, io::stdout().lock()) {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                other => other.map_err(|e| {
                    Failed::Write(format!(
                        "cannot write to standard output: {}",
                        io_reason(&e)
                    ))
                }),
            },
        }
    }
}

/// Writes `games` to `out`, a blank line between two.
fn write_games(games: impl Iterator<Item = String>, out: impl Write) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    for (n, game) in games.enumerate() {
        if n > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(game.as_bytes())?;
    }
    out.flush()
}
