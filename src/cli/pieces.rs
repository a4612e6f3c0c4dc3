//! A record read piece by piece, whatever its family: each chunk of whole
//! games the family's reader cuts, its syntax errors reported as they come,
//! with its canonical form.

use hirp::any::AnyFamily;
use std::io::{self, BufRead};

use hirp::any::RulesChoice;

use super::family::{Opened, RecordPiece, family};
use super::walk::Input;
use super::{report::Reporter, status::Status};

/// Reads `input` piece by piece as its family reads it (`rules` telling
/// standard input's family), reporting syntax errors as they come (with
/// status 1) and a failure to read (with status 2), and handing each piece
/// to `on_piece`; `games` counts the games read. An error from `on_piece`
/// is returned.
pub fn read_pieces(
    input: &Input,
    rules: Option<&RulesChoice>,
    reporter: &Reporter,
    status: &mut Status,
    games: &mut usize,
    on_piece: impl FnMut(RecordPiece<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let mut reader = match input.open() {
        Ok(reader) => reader,
        Err(e) => {
            reporter.error(&input.cannot_read(&e));
            *status = (*status).max(Status::Failure);
            return Ok(());
        }
    };
    let head = match reader.fill_buf() {
        Ok(head) => head,
        Err(e) => {
            reporter.error(&input.cannot_read(&e));
            *status = (*status).max(Status::Failure);
            return Ok(());
        }
    };
    let family = family(&input.path, rules, head);
    let opened = Opened {
        reader,
        path: &input.path,
        reporter,
        status,
    };
    super::family::pieces(family, opened, games, on_piece)
}

/// The canonical form of a record of `family` in memory, as `hirp fmt`
/// writes it, or `None` when it has a syntax error or holds no game.
pub fn canonical(bytes: &[u8], family: AnyFamily) -> Option<String> {
    super::family::canonical(family, bytes)
}
