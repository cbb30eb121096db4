//! The PGN tag pair that carries a FEN (PGN §9.7.1): `[FEN "…"]`.
//!
//! The value is read by the FEN's own field productions ([`super::fen`]) with its diagnostics
//! exactly as [`crate::parse_at`] gives them for the value alone, so the tree of a tag pair has
//! the FEN's fields as root children, between the tokens of the tag pair, and every view and
//! rule that reads a FEN's fields reads them.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while};
use nom::character::complete::{anychar, char, none_of};
use nom::combinator::{opt, recognize};
use nom::multi::many0_count;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::cx::Cx;
use super::fen::{fields, line_limit, line_too_long};
use crate::diagnostics::text::shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `fen_tag_pair ::= "[" tag_blank? fen_tag_name tag_blank? '"' fen '"' tag_blank? "]"`
///
/// Blanks (spaces and tabs) after `[`, between the name and the value and before `]` are kept
/// as trivia without a diagnostic, as PGN readers take them. Text that does not fit the shape
/// of the tag pair becomes an error token with `pgn::tag::malformed`.
pub(crate) fn fen_tag_pair<'a>(cx: &Cx<'a>, input: &'a str) {
    let root = cx.start(SyntaxKind::FenTagPair, input);
    let rest = opening(cx, input).and_then(|rest| {
        let rest = value(cx, rest);
        closing(cx, rest)
    });
    if let Some(rest) = rest.filter(|rest| !rest.is_empty()) {
        malformed(cx, rest, "the end of the tag pair after `]`");
    }
    cx.finish(root);
}

/// `tag_blank ::= [#x9#x20]+`
///
/// Spaces and tabs, as PGN readers skip them inside a tag pair.
fn blanks(input: &str) -> IResult<&str, &str> {
    take_while(|c| c == ' ' || c == '\t').parse(input)
}

/// `fen_tag_name ::= "FEN"`
fn fen_tag_name(input: &str) -> IResult<&str, &str> {
    tag("FEN").parse(input)
}

/// `[`, the name and the opening quote, with the blanks between them; `None`, with the whole
/// input an error token, when they are not there.
fn opening<'a>(cx: &Cx<'a>, input: &'a str) -> Option<&'a str> {
    let Ok((rest, (open, before_name, name, before_value, quote))) =
        (tag("["), blanks, fen_tag_name, blanks, tag("\"")).parse(input)
    else {
        malformed(cx, input, "`[FEN \"` before the FEN");
        return None;
    };
    cx.token(SyntaxKind::OpenBracket, open);
    cx.token(SyntaxKind::Whitespace, before_name);
    cx.token(SyntaxKind::TagName, name);
    cx.token(SyntaxKind::Whitespace, before_value);
    cx.token(SyntaxKind::Quote, quote);
    Some(rest)
}

/// The value up to its closing quote (a backslash escapes any character), read as a FEN.
fn value<'a>(cx: &Cx<'a>, input: &'a str) -> &'a str {
    let (rest, text) = value_text(input).unwrap_or((input, input.get(..0).unwrap_or_default()));
    cx.set_scope(text);
    let (head, over) = text.split_at(line_limit(text));
    fields(cx, head);
    if !over.is_empty() {
        let span = cx.token(SyntaxKind::Error, over);
        let total = span.end.saturating_sub(cx.span(text).start);
        cx.report(line_too_long(span, total));
    }
    rest
}

/// The text of a value: up to an unescaped `"` or the end of the input.
fn value_text(input: &str) -> IResult<&str, &str> {
    recognize(many0_count(alt((
        recognize(preceded(char('\\'), opt(anychar))),
        recognize(none_of("\"\\")),
    ))))
    .parse(input)
}

/// The closing quote and `]`, with the blanks between them; `None`, with the rest an error
/// token, when they are not there.
fn closing<'a>(cx: &Cx<'a>, input: &'a str) -> Option<&'a str> {
    let Ok((rest, (quote, before_close, close))) = (tag("\""), blanks, tag("]")).parse(input)
    else {
        malformed(cx, input, "`\"]` after the FEN");
        return None;
    };
    cx.token(SyntaxKind::Quote, quote);
    cx.token(SyntaxKind::Whitespace, before_close);
    cx.token(SyntaxKind::CloseBracket, close);
    Some(rest)
}

/// `text`, the rest of the input, as an error token with `pgn::tag::malformed`.
fn malformed<'a>(cx: &Cx<'a>, text: &'a str, expected: &str) {
    let span = cx.token(SyntaxKind::Error, text);
    let message = if text.is_empty() {
        format!("tag pair ends early, expected {expected}")
    } else {
        format!(
            "unexpected `{}` in a FEN tag pair, expected {expected}",
            shown(text)
        )
    };
    cx.report(
        Diagnostic::new(Code::PgnTagMalformed, message)
            .primary(span, "not part of `[FEN \"…\"]`")
            .help("Write the tag pair as `[FEN \"…\"]` on one line (PGN §8.1, §9.7.1)."),
    );
}
