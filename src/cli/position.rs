//! `hirp position`: a position as one line of text, or every position of a
//! game, or of every game of a record, a line each.

use std::io::{self, BufWriter, Write};

use hirp::any::Job;
use hirp::core::family::{At, Family, NoBoard, RecordBytes, START, Wanted};

use super::family::RulesArg;
use super::game::{parse_turn_or_start, record_and_family, refused};
use super::{input::io_reason, report::Reporter, status::Status, stdout::Stdout};

/// Print a position as one line: the board, the side to move, the turn's number.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each position is one line, its fields apart by single spaces: the board, the
side to move, and the number of the turn that side plays next.

  HIRP: the eleven spaces and the pieces off the map, `gull` or `silfr`, the
  round of the turn to play, and once the game is over its result
  (`silfr-drepid`): the line a [Position \"...\"] tag holds.
  Tafl: OpenTafl's position record, the first rank first; `attackers` or
  `defenders`; the number of the move to play, as the record numbers its
  next move (after 12a, 12; after 12b, 13); after the last move, reckoned
  alike, a berserk turn's side moving again keeping its number.

--turn 0 is the start; without --turn, the position after the game's last
turn (the start of a game with none). The positions are the replay's (past
errors, with the nearest legal reading).

--all prints every position of the game, a line each: its start first, then
one after each turn (a tafl move) of its main line. Without --game it prints
those of every game of the record, a blank line between two games.

Examples:
  hirp position game.hirp                       after the last turn
  hirp position game.hirp --turn S3             after S3
  hirp position game.hirp --turn 0              the start
  hirp position game.otg --turn 12b             after the tafl move 12b
  hirp position game.hirp --all --game 2        every position of game 2
  hirp position games.csv --all --rules copenhagen   every game's")]
pub struct Args {
    /// The record (`-` reads standard input); without it, the rulebook's
    /// example game.
    #[arg(value_name = "FILE")]
    file: Option<String>,

    /// Which game of the file, from 1 (by default the first; with --all,
    /// every game).
    #[arg(long, value_name = "N")]
    game: Option<usize>,

    /// The turn after which to print the position (`S3`; a tafl move,
    /// `3b`, or a variation's, `7a.1.2b`; `0`, the start); by default the
    /// last.
    #[arg(long, value_name = "LABEL", value_parser = parse_turn_or_start)]
    turn: Option<String>,

    /// Print every position, a line each: the start first, then one after
    /// each turn (a tafl move); of every game unless --game is given.
    #[arg(long, conflicts_with = "turn")]
    all: bool,

    #[command(flatten)]
    rules: RulesArg,
}

/// Runs `hirp position`: the record's family replays the game, and its
/// positions' lines are written to standard output as they come.
pub fn run(args: Args, reporter: &Reporter) -> Status {
    let rules = args.rules.rules.as_ref();
    let (path, bytes, family) = match record_and_family(args.file.as_deref(), rules, reporter) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let path = path.as_str();
    let record = RecordBytes {
        path,
        bytes: &bytes,
    };
    let wanted = Wanted {
        game: match args.all {
            true => args.game,
            false => Some(args.game.unwrap_or(1)),
        },
        at: match args.turn.as_deref() {
            _ if args.all => At::Every,
            None => At::Last,
            Some(START) => At::Start,
            Some(label) => At::After(label),
        },
        workers: std::thread::available_parallelism().map_or(1, usize::from),
    };
    let mut out = Lines::default();
    let positions = family.run(
        rules,
        Positions {
            record,
            wanted,
            each: &mut |number, lines| out.game(number, lines),
        },
    );
    let written = out.finish();
    if let Err(no_board) = positions {
        let number = wanted.game.unwrap_or(out.next);
        return refused(family, no_board, &record, number, reporter);
    }
    match written {
        Ok(()) => Status::Ok,
        Err(e) => {
            let reason = io_reason(&e);
            reporter.error(&format!("cannot write to standard output: {reason}"));
            Status::Failure
        }
    }
}

/// What `hirp position` asks of a family.
struct Positions<'a, 'e> {
    record: RecordBytes<'a>,
    wanted: Wanted<'a>,
    each: &'e mut dyn FnMut(usize, &str) -> bool,
}

impl Job for Positions<'_, '_> {
    type Output = Result<(), NoBoard>;

    fn run<F: Family>(self, family: F, options: &F::Options) -> Result<(), NoBoard> {
        family.positions(self.record, options, self.wanted, self.each)
    }
}

/// The games' lines as they are written to standard output, through one
/// buffer, a blank line between two games.
struct Lines {
    out: BufWriter<Stdout>,
    /// The games written.
    games: usize,
    /// The number of the game after the last one written: the one a
    /// family that stops at a game stopped at.
    next: usize,
    /// The first error of writing, after which nothing more is written.
    failed: Option<io::Error>,
}

impl Default for Lines {
    fn default() -> Lines {
        Lines {
            out: BufWriter::with_capacity(1 << 16, Stdout),
            games: 0,
            next: 1,
            failed: None,
        }
    }
}

impl Lines {
    /// Writes game `number`'s lines; `false` once writing failed.
    fn game(&mut self, number: usize, lines: &str) -> bool {
        let blank: &[u8] = if self.games > 0 { b"\n" } else { b"" };
        self.games += 1;
        self.next = number + 1;
        let written = self
            .out
            .write_all(blank)
            .and_then(|()| self.out.write_all(lines.as_bytes()));
        if let Err(e) = written {
            self.failed = Some(e);
        }
        self.failed.is_none()
    }

    /// Writes out what the buffer holds: the first error of writing, if
    /// any.
    fn finish(&mut self) -> io::Result<()> {
        match self.failed.take() {
            Some(e) => Err(e),
            None => self.out.flush(),
        }
    }
}
