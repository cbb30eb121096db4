//! Crazyhouse holdings: `[...]` after rank 1, or a ninth `/`-group.

use nom::bytes::complete::take_till;
use nom::character::complete::char;
use nom::combinator::recognize;
use nom::{IResult, Parser};

use super::Cx;
use super::placement::{is_piece_letter, piece};
use crate::diagnostics::text::shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `bracket_holdings ::= "[" ( dash | holding_piece* ) "]"`
///
/// `input` starts at the `[` and runs to the end of the first field.
pub(crate) fn bracket_holdings<'a>(cx: &mut Cx<'a>, input: &'a str) {
    let open = cx.start(SyntaxKind::Holdings, input.as_bytes());
    if cx.fast_paths && plain_bracket_holdings(cx, input.as_bytes()) {
        cx.finish(open);
        return;
    }
    let Ok((rest, bracket)) = recognize_char('[', input) else {
        cx.token(SyntaxKind::Error, input);
        cx.finish(open);
        return;
    };
    let open_span = cx.token(SyntaxKind::OpenBracket, bracket);
    let (rest, content) = take_till::<_, _, nom::error::Error<&str>>(|c| c == ']')
        .parse(rest)
        .unwrap_or(("", rest));
    if content == "-" {
        cx.token(SyntaxKind::Dash, content);
    } else {
        holding_pieces(cx, content);
    }
    match recognize_char(']', rest) {
        Ok((after, close)) => {
            cx.token(SyntaxKind::CloseBracket, close);
            if !after.is_empty() {
                let span = cx.token(SyntaxKind::Error, after);
                cx.report(
                    Diagnostic::new(
                        Code::HoldingsUnexpectedText,
                        format!(
                            "unexpected `{}` after the holdings, expected a space before the side to move",
                            shown(after)
                        ),
                    )
                    .primary(span, "after the closing `]`")
                    .help("The holdings end the first field; remove this text or separate it with a space."),
                );
            }
        }
        Err(_) => {
            let end = cx.end_of(input);
            cx.report(
                Diagnostic::new(
                    Code::HoldingsUnclosed,
                    "unclosed holdings, expected `]` at the end of the first field",
                )
                .primary(end, "`]` expected here")
                .secondary(open_span, "holdings open here")
                .help("Close the holdings with `]` right after the last piece in hand.")
                .with_fix(end, "]"),
            );
        }
    }
    cx.finish(open);
}

/// The bracket holdings in the usual case, which draws no diagnostic: `[`, piece letters or a
/// lone `-`, `]`, and nothing after. Appends the tokens the general production would, all one
/// byte long, and returns `true`; returns `false` having appended nothing.
#[inline(always)]
fn plain_bracket_holdings(cx: &mut Cx<'_>, bytes: &[u8]) -> bool {
    let Some((b'[', [inside @ .., b']'])) = bytes.split_first() else {
        return false;
    };
    let dash = inside == b"-";
    if !dash && !inside.iter().all(|&byte| holding_piece(&[byte]).is_ok()) {
        return false;
    }
    // Only the ends are brackets, and a dash is alone between them.
    cx.byte_tokens(bytes, bytes.len(), |byte| match byte {
        b'[' => SyntaxKind::OpenBracket,
        b']' => SyntaxKind::CloseBracket,
        b'-' => SyntaxKind::Dash,
        _ => SyntaxKind::Piece,
    });
    keep_pieces_in_hand(cx, if dash { &[] } else { inside });
    true
}

/// Keeps the pieces in hand that the fast path read, `letters` (piece letters only), for the
/// position (see `Parse::plain_holdings`), so that it does not count the holdings' nodes again.
#[inline(always)]
fn keep_pieces_in_hand(cx: &mut Cx<'_>, letters: &[u8]) {
    let mut holdings = crate::position::Holdings::default();
    for &letter in letters {
        if let Some(piece) = crate::Piece::from_letter(char::from(letter)) {
            holdings.add(piece);
        }
    }
    cx.plain_holdings = Some(holdings);
}

/// `slash_holdings ::= "/" holding_piece*`
///
/// `input` starts at the `/` after rank 1 and runs to the end of the first field.
pub(crate) fn slash_holdings<'a>(cx: &mut Cx<'a>, input: &'a str) {
    let bytes = input.as_bytes();
    let open = cx.start(SyntaxKind::Holdings, bytes);
    // The usual case, piece letters only, in one go.
    if let Some((b'/', pieces)) = bytes.split_first()
        && pieces.iter().all(|&byte| holding_piece(&[byte]).is_ok())
    {
        cx.byte_tokens(bytes, bytes.len(), |byte| {
            if byte == b'/' {
                SyntaxKind::Slash
            } else {
                SyntaxKind::Piece
            }
        });
        if cx.fast_paths {
            keep_pieces_in_hand(cx, pieces);
        }
        cx.finish(open);
        return;
    }
    match (bytes.first(), input.get(1..)) {
        (Some(b'/'), Some(rest)) => {
            cx.token_bytes(SyntaxKind::Slash, bytes, 1);
            holding_pieces(cx, rest);
        }
        _ => {
            cx.token(SyntaxKind::Error, input);
        }
    }
    cx.finish(open);
}

/// `holding_piece*`, with runs of other characters kept as errors. Read as bytes, like a rank:
/// a run of other characters ends at an ASCII piece letter, so tokens end on character
/// boundaries.
fn holding_pieces(cx: &mut Cx<'_>, input: &str) {
    let mut rest = input.as_bytes();
    while !rest.is_empty() {
        // A run of pieces, appended in one go.
        let mut after = rest;
        while let Ok((next, _)) = holding_piece(after) {
            after = next;
        }
        let pieces = rest.len().saturating_sub(after.len());
        if pieces > 0 {
            cx.byte_tokens(rest, pieces, |_| SyntaxKind::Piece);
            rest = after;
            continue;
        }
        let len = rest
            .iter()
            .position(|&byte| is_piece_letter(char::from(byte)))
            .unwrap_or(rest.len());
        let span = cx.token_bytes(SyntaxKind::Error, rest, len);
        report_invalid_characters(cx, span);
        rest = rest.get(len..).unwrap_or_default();
    }
}

fn report_invalid_characters(cx: &mut Cx<'_>, span: crate::Span) {
    cx.report_invalid_characters(
        span,
        Code::HoldingsInvalidCharacter,
        ("invalid ", " in the holdings, expected piece letters"),
        "not a piece letter",
        |text| {
            if text.chars().all(char::is_whitespace) {
                "The holdings are part of the first field: remove the whitespace, such as `[]` for empty holdings."
            } else if text.bytes().all(|b| b.is_ascii_digit()) {
                "Holdings list one letter per piece in hand; write `NN` for two knights, not `2N`."
            } else {
                "Holdings list one letter per piece in hand: `PNBRQ` for White, `pnbrq` for Black."
            }
        },
    );
}

/// `holding_piece ::= piece`
///
/// A king in the holdings is grammatical; the validator rejects it.
fn holding_piece(input: &[u8]) -> IResult<&[u8], u8> {
    piece(input)
}

/// `c` at the start of `input`, as a slice.
fn recognize_char(c: char, input: &str) -> IResult<&str, &str> {
    recognize(char(c)).parse(input)
}
