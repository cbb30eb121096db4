//! The `fen` production: the fields of one line, each handed to its group's production.

use super::whitespace::{describe_whitespace, field, separator, whitespace};
use super::{Cx, castling, checks, counters, en_passant, placement, side_to_move};
use crate::Span;
use crate::diagnostics::text::{join_names, shown};
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// Names of the six groups, for messages.
const GROUP_NAMES: [&str; 6] = [
    "piece placement",
    "side to move",
    "castling",
    "en passant",
    "halfmove clock",
    "fullmove number",
];

/// Which field a production parses; the order is the order in the grammar.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Slot {
    Placement,
    SideToMove,
    Castling,
    EnPassant,
    RemainingChecks,
    HalfmoveClock,
    FullmoveNumber,
    GivenChecks,
    Extra,
}

impl Slot {
    /// The slot for `text`, the field after `last` (the slot of the previous field).
    fn after(last: Option<Slot>, text: &str) -> Slot {
        let given = text.starts_with('+');
        match last {
            None => Slot::Placement,
            Some(Slot::Placement) => Slot::SideToMove,
            Some(Slot::SideToMove) => Slot::Castling,
            Some(Slot::Castling) => Slot::EnPassant,
            Some(Slot::EnPassant) if !given && text.contains('+') => Slot::RemainingChecks,
            Some(Slot::EnPassant | Slot::RemainingChecks) if !given => Slot::HalfmoveClock,
            Some(Slot::HalfmoveClock) if !given => Slot::FullmoveNumber,
            Some(Slot::EnPassant | Slot::RemainingChecks | Slot::HalfmoveClock)
            | Some(Slot::FullmoveNumber)
                if given =>
            {
                Slot::GivenChecks
            }
            Some(_) => Slot::Extra,
        }
    }

    /// Whether this slot is one of the six FEN groups (not a variant suffix or extra text).
    fn is_group(self) -> bool {
        !matches!(
            self,
            Slot::RemainingChecks | Slot::GivenChecks | Slot::Extra
        )
    }

    fn name(self) -> &'static str {
        match self {
            Slot::Placement => GROUP_NAMES[0],
            Slot::SideToMove => GROUP_NAMES[1],
            Slot::Castling => GROUP_NAMES[2],
            Slot::EnPassant => GROUP_NAMES[3],
            Slot::RemainingChecks => "three-check counter",
            Slot::HalfmoveClock => GROUP_NAMES[4],
            Slot::FullmoveNumber => GROUP_NAMES[5],
            Slot::GivenChecks => "three-check counter",
            Slot::Extra => "extra field",
        }
    }
}

/// `fen ::= placement_field ( separator side_to_move ( separator castling ( separator en_passant
/// ( separator remaining_checks )? ( separator halfmove_clock ( separator fullmove_number )? )?
/// ( separator given_checks )? )? )? )?`
///
/// Leading and trailing whitespace is kept as trivia and draws a warning; so do missing fields.
pub(crate) fn fen<'a>(cx: &mut Cx<'a>, input: &'a str) {
    let root = cx.start(SyntaxKind::Fen, input.as_bytes());
    let (head, rest) = input.split_at(line_limit(input));
    fields(cx, head);
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
fn fields<'a>(cx: &mut Cx<'a>, input: &'a str) {
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
                format!(
                    "whitespace `{}` before the FEN, expected none",
                    shown(leading)
                ),
            )
            .primary(span, "leading whitespace")
            .help("Remove the whitespace before the first field.")
            .with_fix(span, ""),
        );
    }

    let mut last: Option<Slot> = None;
    let mut groups = 0usize;
    let mut last_field = rest;
    let mut extra: Option<(crate::syntax::Open, Span, &'static str)> = None;
    loop {
        // The placement production finds the end of its own field, so that the longest field
        // is scanned once.
        let (after_field, text) = if last.is_none() {
            let after = placement::placement_field(cx, rest);
            let text = rest
                .get(..rest.len().saturating_sub(after.len()))
                .unwrap_or_default();
            (after, text)
        } else {
            match field(rest) {
                Ok(split) => split,
                Err(_) => break,
            }
        };
        let slot = Slot::after(last, text);
        if slot == Slot::Extra && extra.is_none() {
            let after = last.map_or("FEN", Slot::name);
            extra = Some((
                cx.start(SyntaxKind::ExtraFields, text.as_bytes()),
                cx.span(text),
                after,
            ));
        }
        match slot {
            Slot::Placement => {}
            Slot::SideToMove => side_to_move::side_to_move(cx, text),
            Slot::Castling => castling::castling(cx, text),
            Slot::EnPassant => en_passant::en_passant(cx, text),
            Slot::RemainingChecks => checks::remaining_checks(cx, text),
            Slot::HalfmoveClock => counters::halfmove_clock(cx, text),
            Slot::FullmoveNumber => counters::fullmove_number(cx, text),
            Slot::GivenChecks => checks::given_checks(cx, text),
            Slot::Extra => {
                cx.token(SyntaxKind::Error, text);
            }
        }
        if slot.is_group() {
            groups = groups.saturating_add(1);
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
                    format!("irregular separator `{}`, expected one space", shown(sep)),
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
            Diagnostic::new(
                Code::FieldsUnexpected,
                format!(
                    "unexpected text `{}` after the {after}, expected the end of the FEN",
                    shown(cx.source_text(span))
                ),
            )
            .primary(span, "not part of a FEN")
            .help("Remove the extra text; EPD operations and comments do not belong in a FEN."),
        );
    }
    if groups < GROUP_NAMES.len() {
        report_missing_fields(cx, groups, last_field);
    }

    if !rest.is_empty() {
        let span = cx.token(SyntaxKind::Whitespace, rest);
        cx.report(
            Diagnostic::new(
                Code::WhitespaceTrailing,
                format!("whitespace `{}` after the FEN, expected none", shown(rest)),
            )
            .primary(span, "trailing whitespace")
            .help("Remove the whitespace after the last field.")
            .with_fix(span, ""),
        );
    }
}

/// `fen::fields::missing` when the FEN stops before the fullmove number; `present` of the six
/// groups were given, ending with `last_field`.
fn report_missing_fields(cx: &mut Cx<'_>, present: usize, last_field: &str) {
    let missing = GROUP_NAMES.get(present..).unwrap_or_default();
    let example = [" w", " -", " -", " 0", " 1"]
        .get(present.saturating_sub(1)..)
        .unwrap_or_default()
        .concat();
    // A label on the last field given: miette cannot show an empty span at the end of the text.
    let span = cx.span(last_field);
    let plural = if missing.len() == 1 {
        "field"
    } else {
        "fields"
    };
    cx.report(
        Diagnostic::new(
            Code::FieldsMissing,
            format!(
                "FEN has {present} of 6 fields, expected also the {}",
                join_names(missing)
            ),
        )
        .primary(span, format!("{} {plural} missing after this", missing.len()))
        .help(format!(
            "Readers assume defaults for missing fields; write them out, such as `{}`, so that every tool reads the same position.",
            example.trim_start()
        )),
    );
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
