//! An archive's columns: a header that names other columns than its own,
//! a line of more fields than a game's four, and fields in quotes, each
//! told as such before the line is read as a game.

use super::{Input, error_at, next_line, offset, skip, span, text_between, to_line_end};
use crate::core::{Edit, Span};
use crate::tafl::syntax::ast::{CSV_HEADER, header_columns};
use crate::tafl::syntax::error::{SyntaxError, SyntaxErrorKind as Kind};

/// The columns of an archive, as its header names them, said in messages.
const COLUMNS: &str = "`moves,attacker_captures,defender_captures,result`";

/// A first line that names columns, as a header does, and is not the
/// archive's own header: its four columns are read as the archive's, with
/// a warning and the fix that writes the header; another number of columns
/// is an error, and the line is no game. Returns the input after the line
/// and the header's span when it is read as the archive's header; `None`
/// when the line names no columns.
pub(super) fn other_header<'a>(
    i: Input<'a>,
    errors: &mut Vec<SyntaxError>,
) -> Option<(Input<'a>, Option<Span>)> {
    let end = to_line_end(i);
    let line = text_between(&i, &end);
    let columns = header_columns(line)?;
    let at = span(&i, &end);
    let count = columns.len();
    if count == 4 {
        let mut error = error_at(Kind::OtherHeader, &i)
            .with_detail(format!(
                "read as the archive's header, {COLUMNS}: its columns in this order"
            ))
            .with_help(format!("an archive's header is {COLUMNS}"))
            .with_fix(Edit::new(at, CSV_HEADER));
        error.span = at;
        errors.push(error);
        return Some((next_line(i), Some(at)));
    }
    let kind = if count > 4 {
        Kind::ExtraFields
    } else {
        Kind::MissingField
    };
    let mut error = error_at(kind, &i)
        .with_detail(format!(
            "this header names {count} column{}; an archive has 4, {COLUMNS}",
            if count == 1 { "" } else { "s" },
        ))
        .with_help(format!(
            "the line is not a game; each line is read as {COLUMNS}, in this order"
        ));
    error.span = at;
    errors.push(error);
    Some((next_line(i), None))
}

/// A line that cannot be read as a game for its columns: fields in quotes,
/// or more than four fields. The error that says so, over the first quoted
/// field or the whole line, and the input after the line (which is not
/// read); `None` when the line's columns are a game's.
pub(super) fn unreadable_line<'a>(i: Input<'a>) -> Option<(Input<'a>, SyntaxError)> {
    let end = to_line_end(i);
    let line = text_between(&i, &end);
    if let Some(quote) = line.find('"') {
        return Some((next_line(i), quoted(i, line, quote)));
    }
    let fields = fields(line);
    if fields <= 4 {
        return None;
    }
    let mut error = error_at(Kind::ExtraFields, &i)
        .with_detail(format!(
            "this line has {fields} fields; a game has 4, {COLUMNS}"
        ))
        .with_help("the line is not read: write only the moves, the two counts and the result");
    error.span = span(&i, &end);
    Some((next_line(i), error))
}

/// How many fields a line of an archive has, separated by `,`.
pub(super) fn fields(line: &str) -> usize {
    line.bytes().filter(|&b| b == b',').count() + 1
}

/// The error of the `line` read from `i`, whose first quote stands at byte
/// `quote`: over the field it opens; with the fix that writes the line
/// without its quotes, when each quote opens or closes a whole field.
fn quoted(i: Input<'_>, line: &str, quote: usize) -> SyntaxError {
    let start = skip(i, quote);
    let field_end = line[quote + 1..]
        .find('"')
        .map_or(line.len(), |n| quote + n + 2);
    let mut error = error_at(Kind::QuotedField, &start)
        .with_detail("expected a field as it is, found one in quotes");
    error.span = Span::new(offset(&start), offset(&i) + field_end);
    let bare: Vec<&str> = line.split(',').map(unquoted).collect();
    if bare.iter().any(|field| field.contains('"')) {
        return error.with_help(
            "the line is not read: an archive writes its fields without quotes, and no field holds `,` or `\"`",
        );
    }
    let whole = Span::new(offset(&i), offset(&i) + line.len());
    error
        .with_help("the line is not read: an archive writes its fields without quotes")
        .with_fix(Edit::new(whole, bare.join(",")))
}

/// A field without the quotes around it, if it has them.
fn unquoted(field: &str) -> &str {
    field
        .strip_prefix('"')
        .and_then(|f| f.strip_suffix('"'))
        .unwrap_or(field)
}
