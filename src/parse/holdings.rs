//! Crazyhouse holdings: `[...]` after rank 1, or a ninth `/`-group.

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{take_till, take_till1, take_while1};
use nom::combinator::{eof, opt};
use nom::multi::many0_count;
use nom::sequence::{preceded, terminated};

use super::cx::{Cx, PResult, Production, ascii, node, recover, token};
use super::placement::{is_piece_letter, piece};
use crate::Span;
use crate::diagnostics::text::shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `bracket_holdings ::= "[" ( dash | holding_piece* ) "]"`
///
/// Reads the text of the holdings from the `[` to the end of the first field: text after the
/// `]` is `fen::holdings::unexpected_text`, a missing `]` `fen::holdings::unclosed`.
pub(crate) fn bracket_holdings<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    node(cx, SyntaxKind::Holdings, move |input: &'a str| {
        let (rest, open) = token(cx, SyntaxKind::OpenBracket, ascii(|b| b == b'[')).parse(input)?;
        let (rest, content) = take_till(|c| c == ']').parse(rest)?;
        alt((
            token(cx, SyntaxKind::Dash, terminated(ascii(|b| b == b'-'), eof)).map(|_| ()),
            holding_pieces(cx),
        ))
        .parse(content)?;
        alt((
            preceded(
                token(cx, SyntaxKind::CloseBracket, ascii(|b| b == b']')),
                opt(recover(cx, take_while1(|_| true), report_unexpected_text)),
            )
            .map(|_| ()),
            eof.map(|_| report_unclosed(cx, input, open)),
        ))
        .parse(rest)
    })
}

/// `slash_holdings ::= "/" holding_piece*`
///
/// Reads the text of the holdings from the `/` after rank 1 to the end of the first field.
pub(crate) fn slash_holdings<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    node(
        cx,
        SyntaxKind::Holdings,
        preceded(
            token(cx, SyntaxKind::Slash, ascii(|b| b == b'/')),
            holding_pieces(cx),
        ),
    )
}

/// `holding_piece*`, with runs of other characters kept as errors
/// (`fen::holdings::invalid_character`).
fn holding_pieces<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    many0_count(alt((
        token(cx, SyntaxKind::Piece, holding_piece),
        recover(cx, take_till1(is_piece_letter), report_invalid_characters),
    )))
    .map(|_| ())
}

/// `holding_piece ::= piece`
///
/// A king in the holdings is grammatical; the validator rejects it.
fn holding_piece(input: &str) -> PResult<'_, u8> {
    piece(input)
}

fn report_unexpected_text(cx: &Cx<'_>, span: Span, after: &str) {
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

/// `fen::holdings::unclosed` for the holdings `input` opened at `open`.
fn report_unclosed(cx: &Cx<'_>, input: &str, open: Span) {
    let end = cx.end_of(input);
    cx.report(
        Diagnostic::new(
            Code::HoldingsUnclosed,
            "unclosed holdings, expected `]` at the end of the first field",
        )
        .primary(end, "`]` expected here")
        .secondary(open, "holdings open here")
        .help("Close the holdings with `]` right after the last piece in hand.")
        .with_fix(end, "]"),
    );
}

fn report_invalid_characters(cx: &Cx<'_>, span: Span, _: &str) {
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
