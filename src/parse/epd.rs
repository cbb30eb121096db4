//! EPD records (PGN standard §16.2): the position fields of a FEN, then operations.
//!
//! The position fields are read by the FEN's own field productions ([`super::fen`]), so the
//! record's tree has them as root children just as a FEN's tree has, and every view and rule
//! that reads a FEN's fields reads a record's. The operations follow as [`SyntaxKind::Operation`]
//! nodes. The productions are tolerant: an opcode is any run of text up to whitespace or `;`, an
//! operand any such run or a string up to its closing quote or the end of the record, and an
//! operation may lack its `;`. What departs from the grammar is reported by the EPD checks
//! (`crate::epd`), which read these nodes.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1, take_while1};
use nom::character::complete::{anychar, char, none_of};
use nom::combinator::{opt, recognize};
use nom::multi::many0_count;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::before_fen::text_before;
use super::castling::is_castling_letters;
use super::cx::Cx;
use super::fen::{fields, line_limit, line_too_long, report_dash_run_into_clock, separator_token};
use super::opcode::is_opcode;
use super::whitespace::field_len;
use crate::syntax::SyntaxKind;

/// `epd_record ::= epd_position ( epd_blank operation ( epd_blank? operation )* )? epd_blank?`
///
/// The root of the record's tree. Any run of whitespace separates the operations (none is
/// needed after a `;`), and whitespace after the last one is kept as trivia; a stray `;` is a
/// [`SyntaxKind::Semicolon`] of its own, and FEN move counters right after the position are one
/// [`SyntaxKind::MoveCounters`] node. Returns how many position fields the record has (at most
/// four, not counting three-check counters).
pub(crate) fn epd_record<'a>(cx: &Cx<'a>, input: &'a str) -> usize {
    let root = cx.start(SyntaxKind::EpdRecord, input);
    let (mut rest, count) = epd_position(cx, input);
    let mut first = true;
    while !rest.is_empty() {
        if let Ok((after, space)) = whitespace(rest) {
            // Before FEN move counters the whitespace separates two fields of the FEN.
            if first && move_counters_text(after).is_ok() {
                separator_token(cx, space, true, true);
            } else {
                cx.token(SyntaxKind::Whitespace, space);
            }
            rest = after;
            continue;
        }
        if first && let Some(after) = move_counters(cx, rest) {
            rest = after;
            first = false;
            continue;
        }
        first = false;
        if let Ok((after, semicolon)) = semicolon(rest) {
            cx.token(SyntaxKind::Semicolon, semicolon);
            rest = after;
            continue;
        }
        rest = operation(cx, rest);
    }
    cx.finish(root);
    count
}

/// `epd_position ::= placement_field separator side_to_move separator castling separator
/// en_passant ( separator ( remaining_checks | given_checks ) )?`
///
/// The text up to the end of the fourth whitespace-separated field, or of a fifth that is
/// written as three-check counters ([`is_check_counters`]), each ended by a `;` written right
/// after it too ([`last_field_len`]), is read by the FEN's field
/// productions, with their diagnostics: a three-check record carries its check counters right
/// after the en-passant field, as python-chess writes and reads three-check EPD
/// (`ThreeCheckBoard.epd`: `… - 3+3 bm e4;`). A record with fewer than four fields is all
/// position, trailing whitespace included. Words before the position are read first (see
/// [`text_before`]). Returns the rest of the record and how many fields (up to four) the
/// position has.
fn epd_position<'a>(cx: &Cx<'a>, input: &'a str) -> (&'a str, usize) {
    // Words before the position (`1. …`) first, so that the four fields are counted after them.
    let input = text_before(cx, input);
    let (position, count) = position_text(input);
    let rest = input.get(position.len()..).unwrap_or_default();
    cx.set_scope(position);
    let (head, over) = position.split_at(line_limit(position));
    fields(cx, head);
    // The en-passant `-` with the halfmove clock run into it: the one case where the position
    // ends right before a digit (see [`position_text`]). One diagnostic, whose fix puts the
    // space back; the counters are read after the position.
    let dash_at = position.len().saturating_sub(1);
    if over.is_empty()
        && rest.starts_with(|c: char| c.is_ascii_digit())
        && let (Some(dash), Some(run)) = (
            input.get(dash_at..position.len()),
            input.get(dash_at..position.len().saturating_add(1)),
        )
    {
        report_dash_run_into_clock(cx, run, dash);
    }
    if !over.is_empty() {
        let span = cx.token(SyntaxKind::Error, over);
        let total = span.end.saturating_sub(cx.span(position).start);
        cx.report(line_too_long(span, total));
    }
    (rest, count)
}

/// The position part of a record and how many fields (up to four) it has; see
/// [`epd_position`].
fn position_text(input: &str) -> (&str, usize) {
    let mut end = 0;
    // Where the last field read starts.
    let mut last_start = 0;
    let mut count = 0usize;
    while count < 4 {
        let rest = input.get(end..).unwrap_or_default();
        let after_space = rest.trim_start();
        if after_space.is_empty() {
            break;
        }
        let start = end.saturating_add(rest.len().saturating_sub(after_space.len()));
        if count >= 2 && starts_operations(after_space, count) {
            // The operations begin where the castling or en-passant field belongs: the
            // fields before them are the position, with a field left out.
            return (input.get(..end).unwrap_or(input), count);
        }
        count = count.saturating_add(1);
        let len = if count == 4 {
            last_field_len(after_space)
        } else {
            field_len(after_space)
        };
        end = start.saturating_add(len);
        last_start = start;
    }
    if count < 4 {
        return (input, count);
    }
    let rest = input.get(end..).unwrap_or_default();
    if rest.starts_with(';') {
        return (input.get(..end).unwrap_or(input), count);
    }
    // `… w - -1 12`: the en-passant `-` with the halfmove clock run into it, then the
    // fullmove number. The position ends at the `-`; the counters follow it (see
    // [`dash_run_into_clock`]).
    if dash_run_into_clock(input.get(last_start..).unwrap_or_default()) {
        return (
            input.get(..last_start.saturating_add(1)).unwrap_or(input),
            count,
        );
    }
    let after_space = rest.trim_start();
    let fifth_len = last_field_len(after_space);
    if after_space.len() < rest.len()
        && is_check_counters(after_space.get(..fifth_len).unwrap_or_default())
    {
        let fifth_start = end.saturating_add(rest.len().saturating_sub(after_space.len()));
        end = fifth_start.saturating_add(fifth_len);
    }
    (input.get(..end).unwrap_or(input), count)
}

/// Whether `text` starts with an en-passant field `-` run into a halfmove clock of one digit,
/// followed by the fullmove number alone (`-1 12`, `-1 12 ; bm Nf6+;`): a FEN's counters in
/// the six-field dialect, their first space left out. A clock of more digits may as well be a
/// mistyped space (`-90 1`), so no reading is sure.
fn dash_run_into_clock(text: &str) -> bool {
    let Some(clock) = text.strip_prefix('-') else {
        return false;
    };
    matches!(clock.as_bytes(), [b'0'..=b'9', ..])
        && move_counters_text(clock).is_ok_and(|(_, (halfmove, ..))| halfmove.len() == 1)
}

/// Whether `text`, where the position field of index `slot` belongs (2 for castling, 3 for
/// en passant), starts the operations instead (`… w - bm Kc2;`): an opcode that the field
/// cannot be (neither castling letters nor a square), ended by a `;` or followed by one.
fn starts_operations(text: &str, slot: usize) -> bool {
    let len = text
        .find(|c: char| c.is_whitespace() || c == ';')
        .unwrap_or(text.len());
    let (word, after) = text.split_at_checked(len).unwrap_or((text, ""));
    let field_like = match slot {
        2 => is_castling_letters(word),
        _ => matches!(word.as_bytes(), [b'a'..=b'h', b'1'..=b'8']),
    };
    is_opcode(word) && !field_like && after.contains(';')
}

/// The length of the last position field at the start of `text` (the en-passant square, or
/// the check counters after it): up to whitespace, or to a `;` written right after it (`… b -
/// -;`), which no such field holds and which then ends the record's fields (an empty operation,
/// for the EPD checks).
fn last_field_len(text: &str) -> usize {
    let len = field_len(text);
    match text.get(..len).and_then(|field| field.find(';')) {
        Some(semicolon) if semicolon > 0 => semicolon,
        _ => len,
    }
}

/// Whether `text` is written as three-check counters: digits and `+` only, with a `+`, starting
/// with a digit (`3+3`, checks remaining) or with `+` (`+0+0`, checks given). No opcode looks
/// like this (an opcode starts with a letter), so the text is read as the FEN's checks field,
/// whose parser reports a malformed one (`3+`, `4+0`) with the `fen::checks::` codes.
pub(crate) fn is_check_counters(text: &str) -> bool {
    text.contains('+') && text.bytes().all(|b| b.is_ascii_digit() || b == b'+')
}

/// `epd_blank ::= whitespace_char+`
///
/// A run of whitespace (Unicode White_Space, as between FEN fields).
fn whitespace(input: &str) -> IResult<&str, &str> {
    take_while1(char::is_whitespace).parse(input)
}

/// `;`, which ends an operation.
fn semicolon(input: &str) -> IResult<&str, &str> {
    tag(";").parse(input)
}

/// A run of text up to whitespace or `;`.
fn word(input: &str) -> IResult<&str, &str> {
    take_till1(|c: char| c.is_whitespace() || c == ';').parse(input)
}

/// A run of decimal digits that is a whole word.
fn counter(input: &str) -> IResult<&str, &str> {
    let (rest, text) = word(input)?;
    if text.bytes().all(|byte| byte.is_ascii_digit()) {
        Ok((rest, text))
    } else {
        Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Digit,
        )))
    }
}

/// A FEN's move counters (`0 1`, optionally followed by `;`) where the first operation belongs:
/// one [`SyntaxKind::MoveCounters`] node, for the check `epd::fields::move_counters`. Returns
/// the rest, or `None` with nothing built when the text is not two numbers.
fn move_counters<'a>(cx: &Cx<'a>, input: &'a str) -> Option<&'a str> {
    let (rest, (halfmove, space, fullmove, end)) = move_counters_text(input).ok()?;
    let node = cx.start(SyntaxKind::MoveCounters, input);
    cx.token(SyntaxKind::Number, halfmove);
    // Between two fields of the FEN: one space, as in a FEN (`fen::whitespace::separator`).
    separator_token(cx, space, true, true);
    cx.token(SyntaxKind::Number, fullmove);
    if let Some(end) = end {
        cx.token(SyntaxKind::Semicolon, end);
    }
    cx.finish(node);
    Some(rest)
}

/// The halfmove clock, the whitespace after it, the fullmove number and the `;` that may end
/// them, as [`move_counters`] reads them.
type MoveCountersText<'a> = (&'a str, &'a str, &'a str, Option<&'a str>);

/// The text of FEN move counters at the start of `input` (see [`move_counters`]).
fn move_counters_text(input: &str) -> IResult<&str, MoveCountersText<'_>> {
    (counter, whitespace, counter, opt(semicolon)).parse(input)
}

/// `operation ::= opcode ( epd_blank operand )* epd_blank? ";"`
///
/// Any run of whitespace separates the operands, and may come before the `;`; without a `;`
/// the operation ends at the end of the record, and the whitespace after its last operand is
/// not part of it. `input` starts with neither whitespace nor `;`.
fn operation<'a>(cx: &Cx<'a>, input: &'a str) -> &'a str {
    let node = cx.start(SyntaxKind::Operation, input);
    let mut rest = opcode(cx, input);
    loop {
        let (after_space, space) = whitespace(rest).unwrap_or((rest, ""));
        if after_space.is_empty() {
            break;
        }
        if !space.is_empty() {
            cx.token(SyntaxKind::Whitespace, space);
        }
        if let Ok((after, end)) = semicolon(after_space) {
            cx.token(SyntaxKind::Semicolon, end);
            rest = after;
            break;
        }
        rest = operand(cx, after_space);
    }
    cx.finish(node);
    rest
}

/// `opcode ::= [A-Za-z] [A-Za-z0-9_]*`
///
/// Any text up to whitespace or `;` is the opcode; the check `epd::opcode::invalid` reports
/// other characters, `epd::opcode::too_long` more than 15.
fn opcode<'a>(cx: &Cx<'a>, input: &'a str) -> &'a str {
    match word(input) {
        Ok((rest, text)) => {
            cx.token(SyntaxKind::Opcode, text);
            rest
        }
        // Not reached: an operation starts with neither whitespace nor `;`.
        Err(_) => input,
    }
}

/// `operand ::= string | symbol`
fn operand<'a>(cx: &Cx<'a>, input: &'a str) -> &'a str {
    let node = cx.start(SyntaxKind::Operand, input);
    let rest = if let Ok((rest, text)) = string(input) {
        cx.token(SyntaxKind::QuotedString, text);
        rest
    } else if let Ok((rest, text)) = symbol(input) {
        cx.token(SyntaxKind::Symbol, text);
        rest
    } else {
        // Not reached: an operand starts with neither whitespace nor `;`.
        input
    };
    cx.finish(node);
    rest
}

/// `string ::= '"' ( string_char | escape )* '"'`
///
/// An unclosed string runs to the end of the record (`epd::operand::unclosed_string`). A
/// backslash escapes any character, not only `"` and `\`.
fn string(input: &str) -> IResult<&str, &str> {
    recognize((
        char('"'),
        many0_count(alt((escape, recognize(none_of("\"\\"))))),
        opt(char('"')),
    ))
    .parse(input)
}

/// `escape ::= "\" escaped_char`
///
/// A backslash before any character, or alone at the end of the record.
fn escape(input: &str) -> IResult<&str, &str> {
    recognize(preceded(char('\\'), opt(anychar))).parse(input)
}

/// `symbol ::= symbol_start symbol_char*`
///
/// Any text up to whitespace or `;` that does not start with `"`.
fn symbol(input: &str) -> IResult<&str, &str> {
    recognize((none_of("\""), opt(word))).parse(input)
}
