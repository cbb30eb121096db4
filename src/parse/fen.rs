//! The `fen` production: the fields of one line, each handed to its group's production.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::opt;
use nom::sequence::pair;

use super::before_fen::{not_a_fen, text_before, uci_start_position};
use super::castling::{castling, is_castling_letters};
use super::checks::{given_checks, remaining_checks};
use super::counters::{fullmove_number, halfmove_clock};
use super::cx::{Cx, PResult, Production, node, whole_field};
use super::en_passant::en_passant;
use super::holdings::{bracket_holdings, slash_holdings};
use super::opcode::is_opcode;
use super::placement::{is_piece_letter, placement};
use super::side_to_move::side_to_move;
use super::whitespace::{describe_whitespace, field, field_len, separator, whitespace};
use crate::Span;
use crate::diagnostics::text::{around_shown, join_names};
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// The six groups of a FEN, in order.
const GROUPS: [SyntaxKind; 6] = [
    SyntaxKind::Placement,
    SyntaxKind::SideToMove,
    SyntaxKind::Castling,
    SyntaxKind::EnPassant,
    SyntaxKind::HalfmoveClock,
    SyntaxKind::FullmoveNumber,
];

/// The node kind of the field `text`, which follows a field of kind `last` (none for the first):
/// a group, a three-check counter, or extra text.
///
/// After the en-passant square, a field with a `+` after its first character is the remaining
/// checks (`3+3`); one that starts with `+` is the given checks (`+0+2`) when it has a second
/// `+` or follows the fullmove number. Any other field is the next counter, so that `+5` as the
/// halfmove clock is an invalid halfmove clock, not a broken three-check counter.
fn field_after(last: Option<SyntaxKind>, text: &str) -> SyntaxKind {
    use SyntaxKind::{
        Castling, EnPassant, ExtraFields, FullmoveNumber, GivenChecks, HalfmoveClock, Placement,
        RemainingChecks, SideToMove,
    };
    // The first four fields follow one another; only the counters need the text looked at.
    let last = match last {
        None => return Placement,
        Some(Placement) => return SideToMove,
        Some(SideToMove) => return Castling,
        Some(Castling) => return EnPassant,
        Some(last) => last,
    };
    let given = text
        .strip_prefix('+')
        .is_some_and(|rest| rest.contains('+') || last == FullmoveNumber);
    match last {
        EnPassant if !text.starts_with('+') && text.contains('+') => RemainingChecks,
        EnPassant | RemainingChecks if !given => HalfmoveClock,
        HalfmoveClock if !given => FullmoveNumber,
        EnPassant | RemainingChecks | HalfmoveClock | FullmoveNumber if given => GivenChecks,
        _ => ExtraFields,
    }
}

/// Whether `text`, in the slot of a field of kind `slot` and followed by `after`, is clearly not
/// a FEN field but the start of other text, which then runs to the end of the line: a comment
/// or annotation (`#`, `//`, `;`, `{`, `"`), or free text, two words in a row that neither
/// field could be (`# board only`, `board only`, `white to move`). Reporting that text once
/// spares the cascade of errors the fields it would otherwise be read as give.
fn starts_other_text(slot: SyntaxKind, text: &str, after: &str) -> bool {
    if slot == SyntaxKind::Placement || slot == SyntaxKind::ExtraFields {
        return false;
    }
    if text.starts_with(['#', ';', '{', '"']) || text.starts_with("//") {
        return true;
    }
    // The next column of a table row run into the field before it (see
    // [`FieldsRead::field_run_into_text`]).
    if text.starts_with([',', '|']) && text.len() > 1 {
        return true;
    }
    if text.starts_with(|c: char| c.is_ascii_alphabetic())
        && is_counter(slot)
        && starts_epd_operations(text, after)
    {
        return true;
    }
    let word = |text: &str| text.len() >= 2 && text.bytes().all(|byte| byte.is_ascii_alphabetic());
    if !word(text) || fits(slot, text) {
        return false;
    }
    let next = separator(after)
        .ok()
        .and_then(|(rest, _)| field(rest).ok())
        .map(|(_, next)| next);
    next.is_some_and(|next| word(next) && !fits(field_after(Some(slot), next), next))
}

/// Whether `slot` is one of the counters after the en-passant square.
fn is_counter(slot: SyntaxKind) -> bool {
    matches!(
        slot,
        SyntaxKind::HalfmoveClock
            | SyntaxKind::FullmoveNumber
            | SyntaxKind::RemainingChecks
            | SyntaxKind::GivenChecks
    )
}

/// Whether `text`, followed by `after`, starts EPD operations (`hmvc 0; fmvn 9;`, `bm Qg6;`): an
/// opcode, with or without its `;`, and a `;` somewhere in the rest of the line. In a FEN they
/// take the counters' place, or follow them; read as counters they would be a cascade of errors
/// with fixes that mend nothing.
fn starts_epd_operations(text: &str, after: &str) -> bool {
    is_opcode(text.strip_suffix(';').unwrap_or(text))
        && (text.ends_with(';') || after.contains(';'))
}

/// Whether `text`, the extra text of a FEN, is EPD operations: one of them, or a `;` and an
/// opcode after it (a perft suite's `;D1 20 ;D2 400`).
fn is_epd_operations(text: &str) -> bool {
    if let Some(after) = text.strip_prefix(';') {
        let opcode = after
            .trim_start()
            .split(|c: char| c.is_whitespace() || c == ';')
            .next()
            .unwrap_or_default();
        return is_opcode(opcode);
    }
    let first = text.split_whitespace().next().unwrap_or_default();
    starts_epd_operations(first, text.get(first.len()..).unwrap_or_default())
}

/// Whether a word of letters could be the field of kind `slot`, rightly or with a fixable
/// mistake: `w` or `b`; castling letters; an en-passant square; the counters hold no letters.
fn fits(slot: SyntaxKind, text: &str) -> bool {
    match slot {
        SyntaxKind::SideToMove => matches!(text, "w" | "b"),
        SyntaxKind::Castling => is_castling_letters(text),
        _ => false,
    }
}

/// What a field of kind `kind` is called in messages.
fn field_name(kind: SyntaxKind) -> &'static str {
    match kind {
        SyntaxKind::Placement => "piece placement",
        SyntaxKind::SideToMove => "side to move",
        SyntaxKind::Castling => "castling",
        SyntaxKind::EnPassant => "en passant",
        SyntaxKind::HalfmoveClock => "halfmove clock",
        SyntaxKind::FullmoveNumber => "fullmove number",
        SyntaxKind::RemainingChecks | SyntaxKind::GivenChecks => "three-check counter",
        _ => "extra field",
    }
}

/// `fen ::= placement_field separator side_to_move separator castling separator en_passant (
/// separator remaining_checks )? separator halfmove_clock separator fullmove_number ( separator
/// given_checks )?`
///
/// Leading and trailing whitespace is kept as trivia and draws a warning; so do missing fields
/// and separators other than one space (the grammar's `lenient_fields`).
pub(crate) fn fen<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    node(cx, SyntaxKind::Fen, move |input: &'a str| {
        let (head, rest) = input.split_at(line_limit(input));
        fields(cx, head);
        if !rest.is_empty() {
            let span = cx.token(SyntaxKind::Error, rest);
            let total = span.end.saturating_sub(cx.span(input).start);
            cx.report(line_too_long(span, total));
        }
        Ok(("", ()))
    })
}

/// `placement_field ::= placement ( bracket_holdings | slash_holdings )?`
///
/// The first field: the board, then the crazyhouse holdings if there are any. The input runs
/// to the end of the line; the field ends at the first whitespace (or, for bracket holdings left
/// open at a space, after the word that closes them: see [`holdings_text`]).
pub(crate) fn placement_field<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    pair(
        placement(cx),
        opt(holdings_text.and_then(alt((bracket_holdings(cx), slash_holdings(cx))))),
    )
    .map(|_| ())
}

/// The text of the holdings at the start of `input` (from its `[` or `/`) to the end of the
/// field, with [`split_brackets`]'s extension.
fn holdings_text(input: &str) -> PResult<'_, &str> {
    if !input.starts_with(['[', '/']) {
        return Err(nom::Err::Error(()));
    }
    let len = field_len(input);
    let len = len.saturating_add(split_brackets(input, len));
    let (text, rest) = input.split_at_checked(len).unwrap_or((input, ""));
    Ok((rest, text))
}

/// When bracket holdings `rest[..len]` are unclosed at whitespace and the next word closes
/// them (`[ ]`, `[Q p]`: only piece letters or `-` before its `]`), the length of the whitespace
/// and that word, which then belong to the holdings: one `fen::holdings::invalid_character` for
/// the whitespace instead of six errors for fields out of step. Otherwise 0.
fn split_brackets(rest: &str, len: usize) -> usize {
    let Some(open) = rest
        .get(..len)
        .filter(|h| h.starts_with('[') && !h.contains(']'))
    else {
        return 0;
    };
    let after = rest.get(len..).unwrap_or_default();
    let space = whitespace(after).map_or(0, |(_, space)| space.len());
    let next = after.get(space..).unwrap_or_default();
    let word = next.get(..field_len(next)).unwrap_or_default();
    let closes = word.strip_suffix(']').is_some_and(|inside| {
        inside
            .chars()
            .chain(open.chars().skip(1))
            .all(|c| c == '-' || is_piece_letter(c))
    });
    if space > 0 && closes {
        space.saturating_add(word.len())
    } else {
        0
    }
}

/// The most bytes of one line that are parsed; the rest becomes one error token with
/// `fen::input::too_long`, so that a line of any length costs at most this much memory in the
/// tree. A FEN is under a hundred bytes; 64 KiB leaves room for any padding or garbage worth
/// reporting piece by piece.
pub const MAX_LINE_LEN: usize = 64 * 1024;

/// The length of the part of `input` that is parsed: all of it, or the first
/// [`MAX_LINE_LEN`] bytes, cut back to the start of a character.
pub(super) fn line_limit(input: &str) -> usize {
    if input.len() <= MAX_LINE_LEN {
        return input.len();
    }
    (0..=MAX_LINE_LEN)
        .rev()
        .find(|&at| input.is_char_boundary(at))
        .unwrap_or(0)
}

/// `fen::input::too_long` for the unread `span` at the end of a line of `total` bytes.
pub(crate) fn line_too_long(span: Span, total: usize) -> Diagnostic {
    Diagnostic::new(
        Code::InputTooLong,
        format!("line of {total} bytes, expected at most {MAX_LINE_LEN} bytes for one FEN"),
    )
    .primary(span, format!("not read: past byte {MAX_LINE_LEN}"))
    .help("A FEN is under a hundred bytes; check that the input is split into lines.")
}

/// The fields of a FEN of at most [`MAX_LINE_LEN`] bytes, after its byte-order mark: each
/// field read by [`FieldsRead::field`], the whitespace between them by [`separator_token`].
pub(super) fn fields<'a>(cx: &Cx<'a>, input: &'a str) {
    let input = byte_order_mark(cx, input);
    let Some(mut rest) = leading_whitespace(cx, input) else {
        return;
    };
    if uci_start_position(cx, rest) {
        return;
    }
    rest = text_before(cx, rest);
    if not_a_fen(cx, rest) {
        return;
    }
    let mut read = FieldsRead::new(rest);
    loop {
        // The placement production finds the end of its own field, so that the longest field
        // is scanned once.
        let (after_field, text) = if read.last.is_none() {
            let after = match placement_field(cx).parse(rest) {
                Ok((after, ())) => after,
                Err(_) => rest,
            };
            let text = rest
                .get(..rest.len().saturating_sub(after.len()))
                .unwrap_or_default();
            (after, text)
        } else {
            match next_field(rest) {
                Some(split) => split,
                None => break,
            }
        };
        if let Some((dash, clock)) = read.dash_run_into_clock(text, after_field) {
            read.field(cx, dash, clock);
            report_dash_run_into_clock(cx, text, dash);
            read.field(cx, clock, after_field);
        } else if let Some((number, extra)) = read.field_run_into_text(text) {
            read.field(cx, number, rest.get(number.len()..).unwrap_or_default());
            read.field(cx, extra, after_field);
        } else {
            read.field(cx, text, after_field);
        }
        rest = after_field;

        let Ok((after_sep, sep)) = separator(rest) else {
            break;
        };
        if after_sep.is_empty() {
            // Trailing whitespace: reported after the extra fields are closed.
            break;
        }
        separator_token(cx, sep, read.extra.is_none(), read.board);
        rest = after_sep;
    }
    let board = read.board;
    read.finish(cx);
    trailing_whitespace(cx, rest, board);
}

/// The whitespace before the first field of `input`, as trivia with `fen::input::empty` when it
/// is all there is (then `None`: nothing more to read) or `fen::whitespace::leading`; returns
/// the rest.
fn leading_whitespace<'a>(cx: &Cx<'a>, input: &'a str) -> Option<&'a str> {
    let (rest, leading) = whitespace(input).unwrap_or((input, ""));
    if rest.is_empty() {
        let span = cx.token(SyntaxKind::Whitespace, leading);
        let what = if input.is_empty() {
            "empty input"
        } else {
            "input of only whitespace"
        };
        cx.report(
            Diagnostic::new(Code::InputEmpty, format!("{what}, expected a FEN"))
                .primary(span, "a FEN was expected here")
                .help(
                    "Write at least the piece placement, such as `8/8/8/4k3/8/8/8/4K3 w - - 0 1`.",
                ),
        );
        return None;
    }
    if !leading.is_empty() {
        outer_whitespace(
            cx,
            leading,
            Code::WhitespaceLeading,
            [
                "before",
                "leading whitespace",
                "Remove the whitespace before the first field.",
            ],
            true,
        );
    }
    Some(rest)
}

/// The whitespace `sep` between two fields, as trivia, with `fen::whitespace::separator` unless
/// it is one space or `in_fields` is false (between extra fields, which draw their own report);
/// its fix, one space, only when `fixable`.
pub(super) fn separator_token(cx: &Cx<'_>, sep: &str, in_fields: bool, fixable: bool) {
    let span = cx.token(SyntaxKind::Whitespace, sep);
    if sep != " " && in_fields {
        let diagnostic = Diagnostic::new(
            Code::WhitespaceSeparator,
            around_shown("irregular separator `", sep, "`, expected one space"),
        )
        .primary(span, describe_whitespace(sep))
        .help("Separate the fields with exactly one ASCII space (PGN §16.1.3).");
        cx.report(if fixable {
            diagnostic.with_fix(span, " ")
        } else {
            diagnostic
        });
    }
}

/// The whitespace `rest` after the last field, if any, as trivia with
/// `fen::whitespace::trailing`, whose fix removes it when `fixable`.
fn trailing_whitespace(cx: &Cx<'_>, rest: &str, fixable: bool) {
    if !rest.is_empty() {
        outer_whitespace(
            cx,
            rest,
            Code::WhitespaceTrailing,
            [
                "after",
                "trailing whitespace",
                "Remove the whitespace after the last field.",
            ],
            fixable,
        );
    }
}

/// The whitespace `text` before or after the fields, as trivia with `code`, which a fix
/// removes when `fixable`; `side` ("before" or "after") goes into the message, with the label
/// and the help.
fn outer_whitespace(
    cx: &Cx<'_>,
    text: &str,
    code: Code,
    [side, label, help]: [&'static str; 3],
    fixable: bool,
) {
    let span = cx.token(SyntaxKind::Whitespace, text);
    let after = format!("` {side} the FEN, expected none");
    let diagnostic = Diagnostic::new(code, around_shown("whitespace `", text, &after))
        .primary(span, label)
        .help(help);
    cx.report(if fixable {
        diagnostic.with_fix(span, "")
    } else {
        diagnostic
    });
}

/// What the fields read so far tell about the next one: which slot it fills, whether the
/// extra text has begun, and what the reports after the last field need.
struct FieldsRead<'a> {
    /// The kind of the last field read; `None` before the first.
    last: Option<SyntaxKind>,
    /// How many of the six groups were given.
    groups: usize,
    /// The last field read.
    last_field: &'a str,
    /// The last of the six groups given, after which fields are missing.
    last_group_field: &'a str,
    /// The node of the extra fields, once they begin, with the first one's span and the name
    /// of the field they follow.
    extra: Option<(crate::syntax::Open, Span, &'static str)>,
    /// Whether the move counters came where the castling or en-passant field belongs (see
    /// [`last_counters`]): the fields missing are those, not the last ones.
    counters_moved: bool,
    /// Whether the side to move is `w` or `b`.
    side_read: bool,
    /// Whether the castling field is `-` or castling letters only.
    castling_read: bool,
    /// Whether the first field is a board of ranks (holds a `/`). A line whose first field is
    /// not is no FEN (a row of a table, a line of prose): its whitespace is reported but has
    /// no fix, so that `--fix` does not rewrite text that only stands in a file of FENs.
    board: bool,
}

impl<'a> FieldsRead<'a> {
    /// Nothing read yet of the fields that start `rest`.
    fn new(rest: &'a str) -> FieldsRead<'a> {
        FieldsRead {
            last: None,
            groups: 0,
            last_field: rest,
            last_group_field: rest,
            extra: None,
            counters_moved: false,
            side_read: false,
            castling_read: false,
            board: false,
        }
    }

    /// Reads the field `text`, followed by `after_field` (the rest of the FEN): finds its slot
    /// and runs the slot's production on it (the placement's has run already).
    fn field(&mut self, cx: &Cx<'a>, text: &'a str, after_field: &str) {
        let slot = self.slot(cx, text, after_field);
        let counters_early = match slot {
            // Only after a side to move that reads as such: else fields may be run together
            // (`w\u{200b}KQkq - 0 1`), and the count of fields tells nothing.
            _ if !self.side_read => false,
            SyntaxKind::Castling => last_counters(text, after_field),
            // Only after castling rights that read as such: else the castling field is the
            // one missing (`… w e3 0 1`), and its own diagnostic says what is wrong.
            SyntaxKind::EnPassant => self.castling_read && last_counters(text, after_field),
            _ => false,
        };
        if slot == SyntaxKind::Placement {
            self.board = text.contains('/');
        }
        if slot == SyntaxKind::Castling {
            self.castling_read = text == "-" || is_castling_letters(text);
        }
        match slot {
            _ if counters_early => {
                report_counters_early(cx, slot, text, after_field);
                self.counters_moved = true;
            }
            // The second counter in the en-passant slot, said already.
            SyntaxKind::EnPassant if self.counters_moved => {
                let open = cx.start(slot, text);
                cx.token(SyntaxKind::Error, text);
                cx.finish(open);
            }
            SyntaxKind::Placement => {}
            SyntaxKind::SideToMove => whole_field(cx, text, side_to_move(cx)),
            SyntaxKind::Castling => whole_field(cx, text, castling(cx)),
            SyntaxKind::EnPassant => whole_field(cx, text, en_passant(cx)),
            SyntaxKind::RemainingChecks => whole_field(cx, text, remaining_checks(cx)),
            SyntaxKind::HalfmoveClock => whole_field(cx, text, halfmove_clock(cx)),
            SyntaxKind::FullmoveNumber => whole_field(cx, text, fullmove_number(cx)),
            SyntaxKind::GivenChecks => whole_field(cx, text, given_checks(cx)),
            _ => {
                cx.token(SyntaxKind::Error, text);
            }
        }
        if GROUPS.contains(&slot) {
            self.groups = self.groups.saturating_add(1);
            self.last_group_field = text;
        }
        self.last = Some(slot);
        self.last_field = text;
    }

    /// `text`, in the en-passant slot after castling rights that read as such, split into its
    /// `-` and the halfmove clock run into it (`-1` for `- 1`), when the field count says so:
    /// one number follows, the fullmove number, where two were due. Only a clock of one digit:
    /// `-90 1` may as well be `- 0 1` with its space mistyped as `9`, and then no reading or
    /// fix is sure.
    fn dash_run_into_clock(&self, text: &'a str, after: &str) -> Option<(&'a str, &'a str)> {
        if self.last != Some(SyntaxKind::Castling) || !text.starts_with('-') {
            return None;
        }
        let number =
            |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
        let (dash, clock) = text.split_at_checked(1)?;
        let one_number_after = || {
            let mut next = after.split_whitespace();
            next.next().is_some_and(number) && next.next().is_none()
        };
        (self.last == Some(SyntaxKind::Castling)
            && self.castling_read
            && self.extra.is_none()
            && dash == "-"
            && clock.len() == 1
            && number(clock)
            && one_number_after())
        .then_some((dash, clock))
    }

    /// `text`, in the slot of the fullmove number or of the en-passant square, split into the
    /// field and the text run into it from a `;`, `,` or `|` on with more after it
    /// (`1;48;1893`, `-,20,400`: the row of a table whose columns are joined so), which is then
    /// extra text: the field is no invalid number or square.
    fn field_run_into_text(&self, text: &'a str) -> Option<(&'a str, &'a str)> {
        if self.extra.is_some() {
            return None;
        }
        let field = match self.last {
            // After the halfmove clock, a field that starts with a digit is the fullmove number.
            Some(SyntaxKind::HalfmoveClock) => text.bytes().take_while(u8::is_ascii_digit).count(),
            // After castling rights, `-` or a square.
            Some(SyntaxKind::Castling) => match text.as_bytes() {
                [b'-', ..] => 1,
                [b'a'..=b'h', b'1'..=b'8', ..] => 2,
                _ => 0,
            },
            _ => 0,
        };
        let (field, extra) = text.split_at_checked(field)?;
        // A lone separator (`1;`) is no column: it stays part of an invalid field.
        let column = extra.get(1..).is_some_and(|column| !column.is_empty());
        (!field.is_empty() && extra.starts_with([';', ',', '|']) && column)
            .then_some((field, extra))
    }

    /// The slot of the field `text` (see [`field_after`]): the extra fields once other text
    /// starts (see [`starts_other_text`]), whose node then opens.
    fn slot(&mut self, cx: &Cx<'a>, text: &'a str, after_field: &str) -> SyntaxKind {
        let mut slot = field_after(self.last, text);
        if self.extra.is_none() && starts_other_text(slot, text, after_field) {
            slot = SyntaxKind::ExtraFields;
        }
        if slot == SyntaxKind::ExtraFields && self.extra.is_none() {
            let after = match self.last {
                None => "FEN",
                Some(SyntaxKind::EnPassant) => "en-passant square",
                Some(kind) => field_name(kind),
            };
            self.extra = Some((
                cx.start(SyntaxKind::ExtraFields, text),
                cx.span(text),
                after,
            ));
        }
        if slot == SyntaxKind::SideToMove {
            self.side_read = matches!(text, "w" | "b");
        }
        slot
    }

    /// After the last field: closes the extra fields with `fen::fields::unexpected`, and
    /// reports the fields missing.
    fn finish(self, cx: &Cx<'a>) {
        let mut epd_record = false;
        if let Some((open, first, after)) = self.extra {
            cx.finish(open);
            let span = first.cover(cx.span(self.last_field));
            let operations = is_epd_operations(cx.source_text(span));
            // EPD operations right after the en-passant square: the line is a whole EPD record.
            epd_record = operations && self.groups == 4;
            cx.report(
                Diagnostic::new(
                    Code::FieldsUnexpected,
                    around_shown(
                        if operations {
                            "operations of an EPD record `"
                        } else {
                            "unexpected text `"
                        },
                        cx.source_text(span),
                        &format!("` after the {after}, expected the end of the FEN"),
                    ),
                )
                .primary(span, "not part of a FEN")
                .help(extra_text_help(cx.source_text(span))),
            );
        }
        if self.groups < GROUPS.len() && !self.counters_moved && !epd_record {
            // Three-check counters after the en-passant square (`… - 3+3`): the counters
            // missing would follow them.
            let checks =
                (self.last == Some(SyntaxKind::RemainingChecks)).then_some(self.last_field);
            report_missing_fields(cx, self.groups, self.last_group_field, checks);
        }
    }
}

/// The help for `text`, extra text after a FEN's fields.
fn extra_text_help(text: &str) -> &'static str {
    if text.starts_with("moves") {
        "UCI's `position fen FEN moves …` plays the moves after the FEN, which no FEN holds: write the FEN of the position after them, or remove them."
    } else if is_epd_operations(text) {
        "These are EPD operations (PGN §16.2), as test suites and perft suites keep them: if the file holds EPD records, name it `.epd` or check it with `--kind epd`; a FEN holds none."
    } else if text.starts_with([';', ',', '|']) {
        "A FEN ends with its fullmove number: if the line is a row of a table whose columns are joined by `;`, `,` or `|`, check its FEN column alone; else remove the extra text."
    } else {
        "Remove the extra text; comments do not belong in a FEN."
    }
}

/// The next field of `rest`, which starts at one, and the rest after it.
fn next_field(rest: &str) -> Option<(&str, &str)> {
    field(rest).ok()
}

/// Whether `text`, a field in the castling or en-passant slot, and the one field after it (in
/// `after`, which then ends) are both numbers: the move counters, come early because the
/// fields before them are missing (`… w - 0 1`, `… w 0 1`). A castling field before them must be
/// `-` or castling letters, so that `-` in the missing fields' places reads the FEN as meant.
fn last_counters(text: &str, after: &str) -> bool {
    let number = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
    if !number(text) {
        return false;
    }
    let Ok((after, _)) = separator(after) else {
        return false;
    };
    match next_field(after) {
        Some((rest, next)) => number(next) && rest.trim().is_empty(),
        None => false,
    }
}

/// `fen::en_passant::invalid` for the en-passant field `text`, its `dash` run into the halfmove
/// clock with no space (`-1 12` for `- 1 12`); the fix puts the space back.
pub(super) fn report_dash_run_into_clock(cx: &Cx<'_>, text: &str, dash: &str) {
    let clock = text.get(dash.len()..).unwrap_or_default();
    cx.report(
        Diagnostic::new(
            Code::EnPassantInvalid,
            format!("en-passant field `{text}` runs into the halfmove clock, expected a space: `- {clock}`"),
        )
        .primary(cx.span(text), "`-` and the halfmove clock without a space")
        .help(format!(
            "The en-passant field `-` and the halfmove clock `{clock}` are two fields: separate them with one space."
        ))
        .with_fix(cx.end_of(dash), " "),
    );
}

/// The move counters (`text`, the first, and `after`, the rest of the FEN) in the `slot` of
/// the castling or en-passant field, whose node holds `text` as an error: the fields from
/// `slot` to the en-passant square are missing. No fix: what they held is not known.
fn report_counters_early<'a>(cx: &Cx<'a>, slot: SyntaxKind, text: &'a str, after: &str) {
    let open = cx.start(slot, text);
    let span = cx.token(SyntaxKind::Error, text);
    cx.finish(open);
    let counters = [text, " ", after.trim_start().trim_end()].concat();
    let (code, missing, expected, dashes) = if slot == SyntaxKind::Castling {
        (
            Code::CastlingInvalidCharacter,
            "the castling and en-passant fields are",
            "the castling rights and the en-passant square",
            "- - ",
        )
    } else {
        (
            Code::EnPassantInvalid,
            "the en-passant field is",
            "the en-passant square",
            "- ",
        )
    };
    cx.report(
        Diagnostic::new(
            code,
            format!("{missing} missing: `{counters}` are the move counters, expected {expected} before them"),
        )
        .primary(span, "the halfmove clock")
        .help(format!(
            "{} then the halfmove clock and the fullmove number; write what they were, or `{}` for none: `{dashes}{counters}`.",
            if slot == SyntaxKind::Castling {
                "After the side to move come the castling rights and the en-passant square,"
            } else {
                "After the castling rights comes the en-passant square,"
            },
            dashes.trim_end()
        )),
    );
}

/// `fen::fields::missing` when the FEN stops before the fullmove number; `present` of the six
/// groups were given, ending with `last_group`, and after it the three-check counters `checks`
/// if any (where the label goes then).
fn report_missing_fields(cx: &Cx<'_>, present: usize, last_group: &str, checks: Option<&str>) {
    // A label on the last field given: miette cannot show an empty span at the end of the text.
    let span = cx.span(checks.unwrap_or(last_group));
    let (message, label, help) = missing_fields(present, checks.is_some());
    cx.report(
        Diagnostic::new(Code::FieldsMissing, message)
            .primary(span, label)
            .help(help),
    );
}

/// The message, label and help of `fen::fields::missing` when `present` of the six groups were
/// given, and after them three-check counters when `checks`.
fn missing_fields(present: usize, checks: bool) -> (String, String, String) {
    let missing: Vec<&str> = GROUPS
        .get(present..)
        .unwrap_or_default()
        .iter()
        .map(|&kind| field_name(kind))
        .collect();
    let example = [" w", " -", " -", " 0", " 1"]
        .get(present.saturating_sub(1)..)
        .unwrap_or_default()
        .concat();
    let plural = if missing.len() == 1 {
        "field"
    } else {
        "fields"
    };
    (
        format!(
            "FEN has {present} of 6 fields{}, expected also the {}",
            if checks {
                " and three-check counters"
            } else {
                ""
            },
            join_names(&missing)
        ),
        format!("{} {plural} missing after this", missing.len()),
        format!(
            "Readers assume defaults for missing fields; write them out, such as `{}`, so that every tool reads the same position.",
            example.trim_start()
        ),
    )
}

/// A leading U+FEFF, kept as trivia with `fen::input::byte_order_mark`; returns the rest.
pub(super) fn byte_order_mark<'a>(cx: &Cx<'a>, input: &'a str) -> &'a str {
    let Some(rest) = input.strip_prefix('\u{feff}') else {
        return input;
    };
    let bom = input
        .get(..input.len().saturating_sub(rest.len()))
        .unwrap_or_default();
    let span = cx.token(SyntaxKind::ByteOrderMark, bom);
    cx.report(
        Diagnostic::new(
            Code::InputByteOrderMark,
            "byte-order mark U+FEFF before the FEN, expected none",
        )
        .primary(span, "invisible byte-order mark")
        .help("Save the file as UTF-8 without a byte-order mark, or remove the mark.")
        .with_fix(span, ""),
    );
    rest
}

#[cfg(test)]
mod tests {
    use super::*;

    /// EPD operations in a FEN, in the counters' place or after them, are one report of extra
    /// text that names them, with no fix: read as counters, `hmvc 0;` drew fixes that changed
    /// the clock. A word that starts no operation is still read as a counter.
    #[test]
    fn epd_operations_in_a_fen_are_one_report_without_a_fix() {
        for (fen, text) in [
            (
                "4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 9;",
                "hmvc 0; fmvn 9;",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";",
                "bm Kd2; id \"x\";",
            ),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25", ";D1 5 ;D2 25"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 bm Kd2;", "bm Kd2;"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1;D1 5;D2 25", ";D1 5;D2 25"),
        ] {
            let parse = crate::parse(fen);
            let codes: Vec<Code> = parse.diagnostics().iter().map(Diagnostic::code).collect();
            assert_eq!(codes, [Code::FieldsUnexpected], "{fen}");
            let found = &parse.diagnostics()[0];
            assert!(
                found
                    .message()
                    .starts_with(&format!("operations of an EPD record `{text}`")),
                "{fen}"
            );
            assert!(found.fix().is_none(), "{fen}");
            assert!(found.help_text().unwrap().contains("--kind epd"), "{fen}");
        }
        let parse = crate::parse("4k3/8/8/8/8/8/8/4K3 w - - x 1");
        assert!(
            parse
                .diagnostics()
                .iter()
                .any(|d| d.code() == Code::HalfmoveClockInvalid),
            "{:?}",
            parse.diagnostics()
        );
    }

    /// Text run into the fullmove number from a `;`, `,` or `|` on (a row of a table) is one
    /// report of extra text after a valid number, with no fix; other characters after the digits
    /// leave an invalid fullmove number.
    #[test]
    fn text_run_into_the_fullmove_number_is_extra_text() {
        for (fen, text) in [
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 12;48;1893", ";48;1893"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1,0.35", ",0.35"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1|b", "|b"),
        ] {
            let lint = crate::lint(fen);
            let codes: Vec<Code> = lint.diagnostics().iter().map(Diagnostic::code).collect();
            assert_eq!(codes, [Code::FieldsUnexpected], "{fen}");
            let found = &lint.diagnostics()[0];
            assert_eq!(
                found.message(),
                format!(
                    "unexpected text `{text}` after the fullmove number, expected the end of the FEN"
                ),
                "{fen}"
            );
            let start = fen.len() - text.len();
            assert_eq!(found.span(), crate::Span::new(start, fen.len()), "{fen}");
            assert!(found.fix().is_none(), "{fen}");
            assert!(found.help_text().unwrap().contains("table"), "{fen}");
            assert_eq!(crate::parse(fen).tree().to_string(), fen);
        }
        let parse = crate::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1x");
        let codes: Vec<Code> = parse.diagnostics().iter().map(Diagnostic::code).collect();
        assert_eq!(codes, [Code::FullmoveNumberInvalid]);
    }

    /// Text run into the en-passant field from a `,`, `;` or `|` on (a perft list's counts,
    /// `-,20,400`) is extra text after a valid field, not an invalid square; the EPD record of
    /// such a line says the same.
    #[test]
    fn text_run_into_the_en_passant_field_is_extra_text() {
        for (fen, text) in [
            ("4k3/8/8/8/8/8/8/4K3 w - -,20,400", ",20,400"),
            ("4k3/8/8/8/3pP3/8/8/4K3 b - e3|x", "|x"),
        ] {
            let parse = crate::parse(fen);
            assert_eq!(parse.tree().to_string(), fen);
            let unexpected: Vec<&Diagnostic> = parse
                .diagnostics()
                .iter()
                .filter(|d| d.code() == Code::FieldsUnexpected)
                .collect();
            assert_eq!(unexpected.len(), 1, "{fen}: {:?}", parse.diagnostics());
            let start = fen.len() - text.len();
            assert_eq!(unexpected[0].span(), crate::Span::new(start, fen.len()));
            assert!(
                unexpected[0]
                    .message()
                    .contains("after the en-passant square")
            );
            assert!(
                !parse
                    .diagnostics()
                    .iter()
                    .any(|d| d.code() == Code::EnPassantInvalid),
                "{fen}"
            );
            let record = crate::epd::lint_epd(fen, 0, &crate::Validator::new());
            let codes: Vec<Code> = record.iter().map(Diagnostic::code).collect();
            assert_eq!(codes, [Code::FieldsUnexpected], "{fen}");
        }
        // A lone separator is no column: the field stays invalid.
        let parse = crate::parse("4k3/8/8/8/8/8/8/4K3 w - -, 0 1");
        assert!(
            parse
                .diagnostics()
                .iter()
                .any(|d| d.code() == Code::EnPassantInvalid)
        );
    }

    /// An en-passant `-` run into a halfmove clock of one digit, one field short, is read as the
    /// two fields it was meant as, with one error whose fix puts the space back; with the fields
    /// all there, too few for that reading, or a longer clock, it stays an invalid square.
    #[test]
    fn a_dash_run_into_the_halfmove_clock_is_split() {
        let fen = "4k3/8/8/8/8/8/8/4K3 w - -1 12";
        let parse = crate::parse(fen);
        assert_eq!(parse.tree().to_string(), fen);
        let codes: Vec<Code> = parse.diagnostics().iter().map(Diagnostic::code).collect();
        assert_eq!(codes, [Code::EnPassantInvalid]);
        let fixed = parse.diagnostics()[0].fix().unwrap().apply(fen, 0);
        assert_eq!(fixed.as_deref(), Some("4k3/8/8/8/8/8/8/4K3 w - - 1 12"));
        let tree = parse.tree();
        assert_eq!(tree.halfmove_clock().and_then(|c| c.value()), Some(1));
        assert_eq!(tree.fullmove_number().and_then(|c| c.value()), Some(12));
        assert_eq!(
            tree.en_passant().map(|field| field.syntax().text()),
            Some("-")
        );
        for (fen, message) in [
            (
                "4k3/8/8/8/8/8/8/4K3 w - -1 0 12",
                "invalid en-passant square `-1`",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - -1",
                "invalid en-passant square `-1`",
            ),
        ] {
            let parse = crate::parse(fen);
            assert!(
                parse
                    .diagnostics()
                    .iter()
                    .any(|d| d.message().starts_with(message)),
                "{fen}"
            );
        }
    }

    /// Move counters in the castling or en-passant slot name the fields missing before them,
    /// not the fullmove number.
    #[test]
    fn counters_that_come_early_name_the_fields_missing_before_them() {
        for (fen, code, message) in [
            (
                "4k3/8/8/8/8/8/8/4K3 w - 0 1",
                Code::EnPassantInvalid,
                "the en-passant field is missing: `0 1` are the move counters, expected the en-passant square before them",
            ),
            (
                "4k3/8/8/8/8/8/8/R3K3 w Q 12 40",
                Code::EnPassantInvalid,
                "the en-passant field is missing: `12 40` are the move counters, expected the en-passant square before them",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 b 0 1",
                Code::CastlingInvalidCharacter,
                "the castling and en-passant fields are missing: `0 1` are the move counters, expected the castling rights and the en-passant square before them",
            ),
        ] {
            {
                let parse = crate::parse(fen);
                let found: Vec<(Code, &str)> = parse
                    .diagnostics()
                    .iter()
                    .map(|d| (d.code(), d.message()))
                    .collect();
                assert_eq!(found, [(code, message)], "{fen}");
                assert!(parse.diagnostics()[0].fix().is_none());
                assert_eq!(parse.tree().to_string(), fen);
            }
        }
        // Anything else is read field by field, as before.
        for fen in [
            "4k3/8/8/8/8/8/8/4K3 w - 0",
            "4k3/8/8/8/8/8/8/4K3 w e3 0 1",
            "4k3/8/8/8/8/8/8/4K3 x - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - 0 1 2",
        ] {
            let parse = crate::parse(fen);
            let messages: Vec<&str> = parse.diagnostics().iter().map(|d| d.message()).collect();
            assert!(
                messages
                    .iter()
                    .all(|m| !m.contains("are the move counters")),
                "{fen}: {messages:?}"
            );
        }
    }
}
