//! The `fen` production: the fields of one line, each handed to its group's production.

use super::is_ascii_whitespace;
use super::whitespace::{describe_whitespace, field, separator, whitespace};
use super::{Cx, PlainTail, castling, checks, counters, en_passant, placement, side_to_move};
use crate::diagnostics::text::{around_shown, around_shown_plain, join_names};
use crate::diagnostics::{Code, Diagnostic, MessageText, Text};
use crate::syntax::{SyntaxKind, TreeBuilder};
use crate::validate::CounterText;
use crate::{Color, File, Span, Square};

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
///
/// Inlined: a field that starts with none of the characters that begin other text (`#`, `;`,
/// `{`, `"`, `/`) and is not two or more characters from a letter on, as most fields, is told
/// apart at once; [`looks_like_other_text`] looks at the rest.
#[inline(always)]
fn starts_other_text(slot: SyntaxKind, text: &str, after: &str) -> bool {
    match text.as_bytes() {
        [b'#' | b';' | b'{' | b'"' | b'/', ..] => looks_like_other_text(slot, text, after),
        [first, _, ..] if first.is_ascii_alphabetic() => looks_like_other_text(slot, text, after),
        _ => false,
    }
}

/// [`starts_other_text`], for any field.
#[inline(never)]
fn looks_like_other_text(slot: SyntaxKind, text: &str, after: &str) -> bool {
    if slot == SyntaxKind::Placement || slot == SyntaxKind::ExtraFields {
        return false;
    }
    if text.starts_with(['#', ';', '{', '"']) || text.starts_with("//") {
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

/// Whether a word of letters could be the field of kind `slot`, rightly or with a fixable
/// mistake: `w` or `b`; castling letters; an en-passant square; the counters hold no letters.
fn fits(slot: SyntaxKind, text: &str) -> bool {
    match slot {
        SyntaxKind::SideToMove => matches!(text, "w" | "b"),
        SyntaxKind::Castling => text
            .bytes()
            .all(|byte| matches!(byte, b'K' | b'Q' | b'k' | b'q' | b'A'..=b'H' | b'a'..=b'h')),
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
pub(crate) fn fen<'a>(cx: &mut Cx<'a>, input: &'a str) {
    let root = cx.start(SyntaxKind::Fen, input.as_bytes());
    let (head, rest) = input.split_at(line_limit(input));
    // The usual FEN, which starts with its placement, read straight by the fast paths: what
    // `fields` would do, without its look for a byte-order mark and leading whitespace.
    if cx.fast_paths
        && head
            .as_bytes()
            .first()
            .is_some_and(|&byte| byte.is_ascii() && !is_ascii_whitespace(byte))
    {
        let after = placement::placement_field(cx, head);
        if !usual_tail(cx, after) && !plain_tail(cx, after) {
            fields_from(cx, head, Some(after));
        }
    } else {
        fields(cx, head);
    }
    if !rest.is_empty() {
        let span = cx.token(SyntaxKind::Error, rest);
        let total = span.end.saturating_sub(cx.span(input).start);
        cx.report(line_too_long(span, total));
    }
    cx.finish(root);
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

/// The fields of a FEN of at most [`MAX_LINE_LEN`] bytes, after its byte-order mark.
pub(super) fn fields<'a>(cx: &mut Cx<'a>, input: &'a str) {
    fields_from(cx, input, None);
}

/// [`fields`], when `placed` is `None`; otherwise the input starts with its placement, not
/// with a byte-order mark or whitespace, and the placement was read already, as it is in
/// [`fields`], with `placed` the rest after it, which neither [`usual_tail`] nor
/// [`plain_tail`] took.
fn fields_from<'a>(cx: &mut Cx<'a>, input: &'a str, mut placed: Option<&'a str>) {
    let input = byte_order_mark(cx, input);
    let (mut rest, leading) = whitespace(input);
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
        return;
    }
    if !leading.is_empty() {
        let span = cx.token(SyntaxKind::Whitespace, leading);
        cx.report(
            Diagnostic::new(
                Code::WhitespaceLeading,
                around_shown("whitespace `", leading, "` before the FEN, expected none"),
            )
            .primary(span, "leading whitespace")
            .help("Remove the whitespace before the first field.")
            .with_fix(span, ""),
        );
    }

    let mut last: Option<SyntaxKind> = None;
    let mut groups = 0usize;
    let mut last_field = rest;
    // The last of the six groups given, after which fields are missing.
    let mut last_group_field = rest;
    let mut extra: Option<(crate::syntax::Open, Span, &'static str)> = None;
    // Whether the move counters came where the castling or en-passant field belongs (see
    // [`last_counters`]): the fields missing are those, not the last ones.
    let mut counters_moved = false;
    // Whether the side to move is `w` or `b`, and the castling field `-` or castling letters
    // only.
    let mut side_read = false;
    let mut castling_read = false;
    loop {
        // The placement production finds the end of its own field, so that the longest field
        // is scanned once.
        let (after_field, text) = if last.is_none() {
            let (after, usual_tried) = match placed.take() {
                Some(after) => (after, true),
                None => (placement::placement_field(cx, rest), false),
            };
            if cx.fast_paths && !usual_tried && (usual_tail(cx, after) || plain_tail(cx, after)) {
                return;
            }
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
        let mut slot = field_after(last, text);
        if extra.is_none() && starts_other_text(slot, text, after_field) {
            slot = SyntaxKind::ExtraFields;
        }
        if slot == SyntaxKind::ExtraFields && extra.is_none() {
            let after = last.map_or("FEN", field_name);
            extra = Some((
                cx.start(SyntaxKind::ExtraFields, text.as_bytes()),
                cx.span(text),
                after,
            ));
        }
        if slot == SyntaxKind::SideToMove {
            side_read = matches!(text, "w" | "b");
        }
        let counters_early = match slot {
            // Only after a side to move that reads as such: else fields may be run together
            // (`w\u{200b}KQkq - 0 1`), and the count of fields tells nothing.
            _ if !side_read => false,
            SyntaxKind::Castling => last_counters(text, after_field),
            // Only after castling rights that read as such: else the castling field is the
            // one missing (`… w e3 0 1`), and its own diagnostic says what is wrong.
            SyntaxKind::EnPassant => castling_read && last_counters(text, after_field),
            _ => false,
        };
        if slot == SyntaxKind::Castling {
            castling_read = text == "-"
                || text.bytes().all(
                    |byte| matches!(byte, b'K' | b'Q' | b'k' | b'q' | b'A'..=b'H' | b'a'..=b'h'),
                );
        }
        match slot {
            _ if counters_early => {
                report_counters_early(cx, slot, text, after_field);
                counters_moved = true;
            }
            // The second counter in the en-passant slot, said already.
            SyntaxKind::EnPassant if counters_moved => {
                let open = cx.start(slot, text.as_bytes());
                cx.token(SyntaxKind::Error, text);
                cx.finish(open);
            }
            SyntaxKind::Placement => {}
            SyntaxKind::SideToMove => side_to_move::side_to_move(cx, text),
            SyntaxKind::Castling => castling::castling(cx, text),
            SyntaxKind::EnPassant => en_passant::en_passant(cx, text),
            SyntaxKind::RemainingChecks => checks::remaining_checks(cx, text),
            SyntaxKind::HalfmoveClock => counters::halfmove_clock(cx, text),
            SyntaxKind::FullmoveNumber => counters::fullmove_number(cx, text),
            SyntaxKind::GivenChecks => checks::given_checks(cx, text),
            _ => {
                cx.token(SyntaxKind::Error, text);
            }
        }
        if GROUPS.contains(&slot) {
            groups = groups.saturating_add(1);
            last_group_field = text;
        }
        last = Some(slot);
        last_field = text;
        rest = after_field;

        let Ok((after_sep, sep)) = separator(rest) else {
            break;
        };
        if after_sep.is_empty() {
            // Trailing whitespace: reported after the extra fields are closed.
            break;
        }
        let span = cx.token(SyntaxKind::Whitespace, sep);
        if sep != " " && extra.is_none() {
            cx.report(
                Diagnostic::new(
                    Code::WhitespaceSeparator,
                    around_shown("irregular separator `", sep, "`, expected one space"),
                )
                .primary(span, describe_whitespace(sep))
                .help("Separate the fields with exactly one ASCII space (PGN §16.1.3).")
                .with_fix(span, " "),
            );
        }
        rest = after_sep;
    }

    if let Some((open, first, after)) = extra {
        cx.finish(open);
        let span = first.cover(cx.span(last_field));
        cx.report(
            Diagnostic::new(Code::FieldsUnexpected, {
                // `after` names a field: words of our own.
                let (mut message, plain) =
                    around_shown_plain("unexpected text `", cx.source_text(span), "` after the ");
                message.push_str(after);
                message.push_str(", expected the end of the FEN");
                MessageText::new(message.into(), plain)
            })
            .primary(span, "not part of a FEN")
            .help("Remove the extra text; EPD operations and comments do not belong in a FEN."),
        );
    }
    if groups < GROUPS.len() && !counters_moved {
        report_missing_fields(cx, groups, last_group_field);
    }

    if !rest.is_empty() {
        let span = cx.token(SyntaxKind::Whitespace, rest);
        cx.report(
            Diagnostic::new(
                Code::WhitespaceTrailing,
                around_shown("whitespace `", rest, "` after the FEN, expected none"),
            )
            .primary(span, "trailing whitespace")
            .help("Remove the whitespace after the last field.")
            .with_fix(span, ""),
        );
    }
}

/// What [`field`] splits `rest`, which starts at a field, into: the rest and the field, or
/// `None` where it fails. A field of printable ASCII up to a space or the end, the usual
/// field, is measured without `field`'s look at each character for other whitespace.
#[inline(always)]
fn next_field(rest: &str) -> Option<(&str, &str)> {
    let bytes = rest.as_bytes();
    let len = bytes
        .iter()
        .position(|&byte| !matches!(byte, b'!'..=b'~'))
        .unwrap_or(bytes.len());
    if len > 0
        && matches!(bytes.get(len), None | Some(&b' '))
        && let Some((text, after)) = rest.split_at_checked(len)
    {
        return Some((after, text));
    }
    field(rest).ok()
}

/// The fields after the piece placement when they are written the usual way, handed straight
/// to their productions; `false`, with nothing built, for anything else, which the general loop
/// of [`fields`] reads.
///
/// The usual way is one space before each field and nothing after the last; the side to move
/// `w` or `b`; castling `-` or castling letters; en passant `-` or a square on the third or
/// sixth rank; the halfmove clock and fullmove number in digits; and optionally three-check
/// counters, remaining (`3+3`) before the counters or given (`+0+0`) after them. What it reads
/// is kept in `cx.plain_tail`, so that the position and the counter rules need not read it
/// from the tree again. The general loop gives each of these fields the
/// same slot and reports nothing about the separators, so both build the same tree and
/// diagnostics, as the equivalence test in `parse::tests` checks; this path only skips the
/// work of finding out.
///
/// Not inlined: [`fen`] tries it after [`usual_tail`], before the general loop.
#[inline(never)]
fn plain_tail<'a>(cx: &mut Cx<'a>, rest: &'a str) -> bool {
    // Each field with the space before it, and the text after it.
    let mut fields: [(&str, &str); 6] = [("", ""); 6];
    let mut afters: [&str; 6] = [""; 6];
    let mut count = 0usize;
    let mut tail = rest;
    while let Some((space, after_space)) = tail.split_at_checked(1) {
        let len = after_space
            .bytes()
            .position(|byte| byte == b' ')
            .unwrap_or(after_space.len());
        let (Some((field, after)), true) = (after_space.split_at_checked(len), space == " ") else {
            return false;
        };
        let (Some(slot), Some(slot_after)) = (fields.get_mut(count), afters.get_mut(count)) else {
            return false;
        };
        *slot = (space, field);
        *slot_after = after;
        count = count.saturating_add(1);
        tail = after;
    }
    let simple =
        |cx: &mut Cx<'a>| simple_tail(cx, fields.get(..count).unwrap_or_default(), &afters, tail);
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
    let checks = |text: &str, given: bool| {
        text.starts_with('+') == given
            && text.bytes().filter(|&byte| byte == b'+').count() == if given { 2 } else { 1 }
            && text
                .bytes()
                .all(|byte| byte == b'+' || byte.is_ascii_digit())
    };
    let [side, castling, en_passant, fourth, fifth, sixth] = fields;
    let plain_head = matches!(side.1, "w" | "b")
        && (castling.1 == "-"
            || (!castling.1.is_empty()
                && castling.1.bytes().all(
                    |byte| matches!(byte, b'K' | b'Q' | b'k' | b'q' | b'A'..=b'H' | b'a'..=b'h'),
                )))
        && matches!(en_passant.1.as_bytes(), [b'-'] | [b'a'..=b'h', b'3' | b'6']);
    // The fields after the en-passant square, by kind.
    use SyntaxKind::{FullmoveNumber, GivenChecks, HalfmoveClock, RemainingChecks};
    let counters: [Option<(SyntaxKind, (&str, &str))>; 3] = match count {
        5 if digits(fourth.1) && digits(fifth.1) => [
            Some((HalfmoveClock, fourth)),
            Some((FullmoveNumber, fifth)),
            None,
        ],
        6 if checks(fourth.1, false) && digits(fifth.1) && digits(sixth.1) => [
            Some((RemainingChecks, fourth)),
            Some((HalfmoveClock, fifth)),
            Some((FullmoveNumber, sixth)),
        ],
        6 if digits(fourth.1) && digits(fifth.1) && checks(sixth.1, true) => [
            Some((HalfmoveClock, fourth)),
            Some((FullmoveNumber, fifth)),
            Some((GivenChecks, sixth)),
        ],
        _ => return simple(cx),
    };
    if !plain_head || !tail.is_empty() {
        return simple(cx);
    }
    cx.token(SyntaxKind::Whitespace, side.0);
    side_to_move::side_to_move(cx, side.1);
    cx.token(SyntaxKind::Whitespace, castling.0);
    castling::castling(cx, castling.1);
    cx.token(SyntaxKind::Whitespace, en_passant.0);
    en_passant::en_passant(cx, en_passant.1);
    let (mut halfmove_clock, mut fullmove_number) = (None, None);
    for (kind, (space, text)) in counters.into_iter().flatten() {
        cx.token(SyntaxKind::Whitespace, space);
        match kind {
            RemainingChecks => checks::remaining_checks(cx, text),
            GivenChecks => checks::given_checks(cx, text),
            HalfmoveClock => {
                counters::halfmove_clock(cx, text);
                halfmove_clock = Some(CounterText::new(text, cx.span(text)));
            }
            _ => {
                counters::fullmove_number(cx, text);
                fullmove_number = Some(CounterText::new(text, cx.span(text)));
            }
        }
    }
    cx.plain_tail = halfmove_clock
        .zip(fullmove_number)
        .map(|(halfmove_clock, fullmove_number)| PlainTail {
            castling: castling::is_plain(castling.1.as_bytes()).then_some(castling.1),
            castling_start: cx.span(castling.1).start,
            turn: if side.1 == "w" {
                Color::White
            } else {
                Color::Black
            },
            en_passant: Square::from_name(en_passant.1),
            en_passant_start: cx.span(en_passant.1).start,
            halfmove_clock,
            fullmove_number,
            checks_given: None,
        });
    true
}

/// The fields after the placement, split by [`plain_tail`] (`fields`, each with the space
/// before it, and `afters`, the text after each), when there are 1 to 5 of them, each of
/// printable ASCII characters other than `+`, `tail` is empty, and none starts other text (see
/// [`starts_other_text`]): they are handed straight to the productions of the side to move,
/// castling, en passant and the two counters, in turn, which report what is wrong with each,
/// and the fields missing after the last are reported. That is what the general loop of
/// [`fields`] does with them (without a `+` no field is a three-check counter, and one space
/// draws nothing), without finding the fields and their slots again; the equivalence test in
/// `parse::tests` checks that both build the same tree and diagnostics. Returns `false`, with
/// nothing built, for anything else. With all five fields, what the position reads of them is
/// kept in `cx.plain_tail`, as [`plain_tail`] keeps it.
#[inline(never)]
fn simple_tail<'a>(
    cx: &mut Cx<'a>,
    fields: &[(&'a str, &'a str)],
    afters: &[&'a str],
    tail: &str,
) -> bool {
    use SyntaxKind::{Castling, EnPassant, FullmoveNumber, HalfmoveClock, SideToMove};
    const SLOTS: [SyntaxKind; 5] = [
        SideToMove,
        Castling,
        EnPassant,
        HalfmoveClock,
        FullmoveNumber,
    ];
    if !tail.is_empty() || fields.is_empty() || fields.len() > SLOTS.len() {
        return false;
    }
    let simple = |text: &str| {
        !text.is_empty()
            && text
                .bytes()
                .all(|byte| matches!(byte, b'!'..=b'*' | b','..=b'~'))
    };
    for ((&(_, text), &after), &slot) in fields.iter().zip(afters).zip(&SLOTS) {
        if !simple(text) || starts_other_text(slot, text, after) {
            return false;
        }
    }
    // Two numbers last, in the castling and en-passant slots or the en-passant and halfmove
    // ones: maybe the move counters come early (see [`last_counters`]), which the general loop
    // tells.
    let number = |text: &str| text.bytes().all(|byte| byte.is_ascii_digit());
    if let [.., (_, first), (_, second)] = fields
        && (3..=4).contains(&fields.len())
        && number(first)
        && number(second)
    {
        return false;
    }
    let mut last = "";
    for (&(space, text), &slot) in fields.iter().zip(&SLOTS) {
        cx.token(SyntaxKind::Whitespace, space);
        match slot {
            SideToMove => side_to_move::side_to_move(cx, text),
            Castling => castling::castling(cx, text),
            EnPassant => en_passant::en_passant(cx, text),
            HalfmoveClock => counters::halfmove_clock(cx, text),
            _ => counters::fullmove_number(cx, text),
        }
        last = text;
    }
    if let [
        (_, side),
        (_, castling),
        (_, en_passant),
        (_, halfmove_clock),
        (_, fullmove_number),
    ] = *fields
    {
        // All five fields: what the position reads of them, as it would read it from their
        // nodes (an invalid side to move is White's, an invalid square none), kept so that it
        // does not look for them again (the equivalence test in `parse::tests` checks this).
        cx.plain_tail = Some(PlainTail {
            castling: castling::is_plain(castling.as_bytes()).then_some(castling),
            castling_start: cx.span(castling).start,
            turn: if side == "b" {
                Color::Black
            } else {
                Color::White
            },
            en_passant: en_passant::is_target_square(en_passant)
                .then(|| Square::from_name(en_passant))
                .flatten(),
            en_passant_start: cx.span(en_passant).start,
            halfmove_clock: CounterText::new(halfmove_clock, cx.span(halfmove_clock)),
            fullmove_number: CounterText::new(fullmove_number, cx.span(fullmove_number)),
            // No field holds a `+`, so there are no three-check counts.
            checks_given: Some(None),
        });
    } else {
        report_missing_fields(cx, fields.len().saturating_add(1), last);
    }
    true
}

/// The fields after the placement in the most usual form of all, read straight into nodes:
/// ` w KQkq - 0 1`, that is `w` or `b`; castling `-` or letters in order without repeats; en
/// passant `-` or a square on the third or sixth rank; the two counters in digits without a
/// leading zero, at most 19 of them; one space before each field and nothing after the last.
/// Three-check counts of 0 to 3 may come before the counters (`3+3`) or after them (`+0+0`),
/// not both. Builds what `plain_tail` (and so the general loop) builds for such fields, none
/// of which draws a diagnostic, and keeps the same [`PlainTail`]; returns `false`, having
/// built nothing, for anything else.
///
/// Not inlined: a small function of its own, whose values stay in registers, rather than a
/// part of [`fields`], whose many locals live on the stack.
#[inline(never)]
fn usual_tail<'a>(cx: &mut Cx<'a>, rest: &'a str) -> bool {
    let bytes = rest.as_bytes();
    let Some(shape) = usual_tail_shape(bytes) else {
        return false;
    };
    let base = cx.offset(bytes);
    // Nothing is built when there is no room for the nodes, so nothing is to be undone.
    if fill_usual_tail(cx.tree(), base, bytes.len(), &shape).is_none() {
        return false;
    }
    // The absolute offset of `rest`, worked out once: `Cx::new` lowers the base so that every
    // absolute offset of the input fits, so the offsets after it cannot overflow.
    let origin = cx.tree().span(base, 0).start;
    let span = |offset: usize, len: usize| {
        let start = origin.wrapping_add(offset);
        Span {
            start,
            end: start.wrapping_add(len),
        }
    };
    let counter = |offset: usize, (value, len): (u64, usize)| {
        CounterText::of_number(text_at(rest, offset, len), span(offset, len), value)
    };
    let plain_tail = PlainTail {
        castling: Some(text_at(rest, UsualTail::CASTLING_AT, shape.castling_len)),
        castling_start: origin.wrapping_add(UsualTail::CASTLING_AT),
        turn: if shape.white {
            Color::White
        } else {
            Color::Black
        },
        en_passant: shape.en_passant.and_then(|(file, rank)| {
            Square::new(File::new(file.wrapping_sub(b'a'))?, rank.wrapping_sub(b'0'))
        }),
        en_passant_start: origin.wrapping_add(shape.en_passant_at()),
        halfmove_clock: counter(shape.halfmove_at(), shape.halfmove_clock),
        fullmove_number: counter(shape.fullmove_at(), shape.fullmove_number),
        checks_given: Some(shape.checks_given(bytes)),
    };
    cx.plain_tail = Some(plain_tail);
    true
}

/// What [`usual_tail_shape`] read of the fields after the placement: enough to place every
/// node.
struct UsualTail {
    /// Whether White is to move.
    white: bool,
    /// The length of the castling field.
    castling_len: usize,
    /// Whether the castling field is `-`.
    no_castling: bool,
    /// The file and rank letters of the en-passant square; `None` for `-`.
    en_passant: Option<(u8, u8)>,
    /// Whether the remaining checks (`3+3`) come before the counters.
    remaining: bool,
    /// The value and length of the halfmove clock.
    halfmove_clock: (u64, usize),
    /// The value and length of the fullmove number.
    fullmove_number: (u64, usize),
    /// Whether the given checks (`+0+0`) come after the counters.
    given: bool,
}

impl UsualTail {
    /// Where the castling field starts, after ` w `.
    const CASTLING_AT: usize = 3;

    /// Where the en-passant field starts.
    #[inline(always)]
    fn en_passant_at(&self) -> usize {
        Self::CASTLING_AT
            .wrapping_add(self.castling_len)
            .wrapping_add(1)
    }

    /// Where the remaining checks start, if they are there (else the halfmove clock).
    #[inline(always)]
    fn remaining_at(&self) -> usize {
        self.en_passant_at()
            .wrapping_add(if self.en_passant.is_some() { 2 } else { 1 })
            .wrapping_add(1)
    }

    /// Where the halfmove clock starts.
    #[inline(always)]
    fn halfmove_at(&self) -> usize {
        self.remaining_at()
            .wrapping_add(if self.remaining { 4 } else { 0 })
    }

    /// Where the fullmove number starts.
    #[inline(always)]
    fn fullmove_at(&self) -> usize {
        self.halfmove_at()
            .wrapping_add(self.halfmove_clock.1)
            .wrapping_add(1)
    }

    /// The checks given by White and by Black that the three-check counts of `bytes` (the
    /// text this shape was read from) say: the counts themselves after the counters (`+0+0`),
    /// 3 minus each count before them (`3+3`, the checks that remain); `None` without counts.
    /// The shape has checked that each count is a digit from 0 to 3.
    #[inline(always)]
    fn checks_given(&self, bytes: &[u8]) -> Option<[u8; 2]> {
        let count = |offset: usize| {
            bytes
                .get(offset)
                .map_or(0, |&digit| digit.wrapping_sub(b'0'))
        };
        if self.remaining {
            let at = self.remaining_at();
            Some([
                3u8.wrapping_sub(count(at)),
                3u8.wrapping_sub(count(at.wrapping_add(2))),
            ])
        } else if self.given {
            let at = self.given_at();
            Some([count(at.wrapping_add(1)), count(at.wrapping_add(3))])
        } else {
            None
        }
    }

    /// Where the given checks start, if they are there.
    #[inline(always)]
    fn given_at(&self) -> usize {
        self.fullmove_at()
            .wrapping_add(self.fullmove_number.1)
            .wrapping_add(1)
    }
}

/// The shape of `bytes`, the text after the placement, when it is in the form [`usual_tail`]
/// reads; `None` otherwise.
#[inline(always)]
fn usual_tail_shape(bytes: &[u8]) -> Option<UsualTail> {
    let [b' ', side @ (b'w' | b'b'), b' ', after_side @ ..] = bytes else {
        return None;
    };
    let castling_len = castling::plain_len(after_side)?;
    let (castling, [b' ', after_castling @ ..]) = after_side.split_at_checked(castling_len)? else {
        return None;
    };
    let (en_passant, after_en_passant) = match after_castling {
        [b'-', b' ', after @ ..] => (None, after),
        [file @ b'a'..=b'h', rank @ (b'3' | b'6'), b' ', after @ ..] => {
            (Some((*file, *rank)), after)
        }
        _ => return None,
    };
    let (remaining, counters) = match after_en_passant {
        [b'0'..=b'3', b'+', b'0'..=b'3', b' ', counters @ ..] => (true, counters),
        counters => (false, counters),
    };
    let (halfmove_clock, [b' ', fullmove_number @ ..]) = split_number(counters)? else {
        return None;
    };
    let (fullmove_number, after) = split_number(fullmove_number)?;
    let given = match after {
        [] => false,
        [b' ', b'+', b'0'..=b'3', b'+', b'0'..=b'3'] if !remaining => true,
        _ => return None,
    };
    Some(UsualTail {
        white: *side == b'w',
        castling_len,
        no_castling: castling == b"-",
        en_passant,
        remaining,
        halfmove_clock,
        fullmove_number,
        given,
    })
}

/// Appends to `tree` the nodes of the fields after the placement, `len` bytes of the shape
/// `shape` from offset `base`: what the fields' productions build for them. Every node goes in
/// one block (see `TreeBuilder::block`): a token per byte, and a node per field, far fewer than the
/// block holds (the castling letters, in strictly increasing order, are at most 20). `None`,
/// with nothing built, when there is no room for the block.
#[inline(always)]
fn fill_usual_tail(tree: &mut TreeBuilder, base: u32, len: usize, shape: &UsualTail) -> Option<()> {
    use SyntaxKind::{
        CastlingRight, CheckCount, Dash, FullmoveNumber, GivenChecks, HalfmoveClock, Number, Plus,
        RemainingChecks, Whitespace,
    };
    let mut block = tree.block()?;
    let at = |offset: usize| base.wrapping_add(offset as u32);
    // The space before the field at `offset`.
    let space = |offset: usize| at(offset.wrapping_sub(1));
    block.token(Whitespace, at(0));
    block.field(SyntaxKind::SideToMove, at(1), 1, |_| SyntaxKind::Color);
    block.token(Whitespace, at(2));
    let castling = if shape.no_castling {
        Dash
    } else {
        CastlingRight
    };
    block.field(
        SyntaxKind::Castling,
        at(UsualTail::CASTLING_AT),
        shape.castling_len as u32,
        |_| castling,
    );
    let en_passant_at = shape.en_passant_at();
    block.token(Whitespace, space(en_passant_at));
    let square = if shape.en_passant.is_some() {
        SyntaxKind::Square
    } else {
        Dash
    };
    block.field(SyntaxKind::EnPassant, at(en_passant_at), 1, |_| square);
    if shape.remaining {
        let remaining_at = shape.remaining_at();
        block.token(Whitespace, space(remaining_at));
        block.field(RemainingChecks, at(remaining_at), 3, |offset| {
            if offset == 1 { Plus } else { CheckCount }
        });
    }
    let halfmove_at = shape.halfmove_at();
    block.token(Whitespace, space(halfmove_at));
    block.field(HalfmoveClock, at(halfmove_at), 1, |_| Number);
    let fullmove_at = shape.fullmove_at();
    block.token(Whitespace, space(fullmove_at));
    block.field(FullmoveNumber, at(fullmove_at), 1, |_| Number);
    if shape.given {
        let given_at = shape.given_at();
        block.token(Whitespace, space(given_at));
        block.field(GivenChecks, at(given_at), 4, |offset| {
            if offset % 2 == 0 { Plus } else { CheckCount }
        });
    }
    let filled = block.filled();
    tree.keep(filled, at(len));
    Some(())
}

/// The `len` bytes of `text` at `offset`, which the caller has read as ASCII; empty if they
/// are not there.
#[inline(always)]
fn text_at(text: &str, offset: usize, len: usize) -> &str {
    text.split_at_checked(offset)
        .and_then(|(_, after)| after.split_at_checked(len))
        .map_or("", |(text, _)| text)
}

/// The value and length of the number at the start of `bytes`, and the rest, when it is 1 to
/// 19 digits without a leading zero (so its value fits in a `u64` and it draws no diagnostic).
/// One pass over the digits, which reads their value as it counts them.
#[inline(always)]
fn split_number(bytes: &[u8]) -> Option<((u64, usize), &[u8])> {
    let mut value = 0u64;
    let mut len = 0usize;
    for &byte in bytes {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
        len = len.wrapping_add(1);
    }
    if !(1..=19).contains(&len) || (len > 1 && bytes.first() == Some(&b'0')) {
        return None;
    }
    Some(((value, len), bytes.get(len..)?))
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

/// The move counters (`text`, the first, and `after`, the rest of the FEN) in the `slot` of
/// the castling or en-passant field, whose node holds `text` as an error: the fields from
/// `slot` to the en-passant square are missing. No fix: what they held is not known.
#[cold]
fn report_counters_early<'a>(cx: &mut Cx<'a>, slot: SyntaxKind, text: &'a str, after: &str) {
    let open = cx.start(slot, text.as_bytes());
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
/// groups were given, ending with `last_field`.
#[cold]
fn report_missing_fields(cx: &mut Cx<'_>, present: usize, last_field: &str) {
    // A label on the last field given: miette cannot show an empty span at the end of the text.
    let span = cx.span(last_field);
    let (message, label, help): (Text, Text, Text) =
        match present.checked_sub(1).and_then(|at| MISSING_FIELDS.get(at)) {
            Some(&(message, label, help)) => (message.into(), label.into(), help.into()),
            None => {
                let (message, label, help) = missing_fields(present);
                (message.into(), label.into(), help.into())
            }
        };
    cx.report(
        Diagnostic::new(Code::FieldsMissing, message)
            .primary(span, label)
            .help(help),
    );
}

/// The message, label and help of `fen::fields::missing` when 1 to 5 of the 6 groups are given.
const MISSING_FIELDS: [(&str, &str, &str); 5] = [
    (
        "FEN has 1 of 6 fields, expected also the side to move, castling, en passant, halfmove clock and fullmove number",
        "5 fields missing after this",
        "Readers assume defaults for missing fields; write them out, such as `w - - 0 1`, so that every tool reads the same position.",
    ),
    (
        "FEN has 2 of 6 fields, expected also the castling, en passant, halfmove clock and fullmove number",
        "4 fields missing after this",
        "Readers assume defaults for missing fields; write them out, such as `- - 0 1`, so that every tool reads the same position.",
    ),
    (
        "FEN has 3 of 6 fields, expected also the en passant, halfmove clock and fullmove number",
        "3 fields missing after this",
        "Readers assume defaults for missing fields; write them out, such as `- 0 1`, so that every tool reads the same position.",
    ),
    (
        "FEN has 4 of 6 fields, expected also the halfmove clock and fullmove number",
        "2 fields missing after this",
        "Readers assume defaults for missing fields; write them out, such as `0 1`, so that every tool reads the same position.",
    ),
    (
        "FEN has 5 of 6 fields, expected also the fullmove number",
        "1 field missing after this",
        "Readers assume defaults for missing fields; write them out, such as `1`, so that every tool reads the same position.",
    ),
];

/// The message, label and help of `fen::fields::missing` when `present` of the six groups were
/// given.
fn missing_fields(present: usize) -> (String, String, String) {
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
            "FEN has {present} of 6 fields, expected also the {}",
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
pub(super) fn byte_order_mark<'a>(cx: &mut Cx<'a>, input: &'a str) -> &'a str {
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

    /// Move counters in the castling or en-passant slot name the fields missing before them,
    /// not the fullmove number; with the fast paths and without.
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
            for fast_paths in [true, false] {
                let mut cx = Cx::new(fen, 0);
                cx.fast_paths = fast_paths;
                super::fen(&mut cx, fen);
                let parse = cx.finish_parse();
                let found: Vec<(Code, &str)> = parse
                    .diagnostics()
                    .iter()
                    .map(|d| (d.code(), d.message()))
                    .collect();
                assert_eq!(found, [(code, message)], "{fen} {fast_paths}");
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

    #[test]
    fn the_table_of_missing_fields_holds_what_the_formats_write() {
        for (at, &(message, label, help)) in MISSING_FIELDS.iter().enumerate() {
            let (m, l, h) = missing_fields(at + 1);
            assert_eq!((message, label, help), (m.as_str(), l.as_str(), h.as_str()));
        }
    }
}
