//! The move counters: halfmove clock and fullmove number.

use nom::IResult;

use super::Cx;
use crate::Span;
use crate::diagnostics::text::shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `halfmove_clock ::= digits`
pub(crate) fn halfmove_clock<'a>(cx: &mut Cx<'a>, input: &'a str) {
    static HALFMOVE_CLOCK: Meaning = Meaning {
        kind: SyntaxKind::HalfmoveClock,
        code: Code::HalfmoveClockInvalid,
        name: "halfmove clock",
        help: "The halfmove clock counts the half-moves since the last capture or pawn move: a whole number such as `0`, digits only.",
    };
    counter(cx, input, &HALFMOVE_CLOCK);
}

/// `fullmove_number ::= digits`
pub(crate) fn fullmove_number<'a>(cx: &mut Cx<'a>, input: &'a str) {
    static FULLMOVE_NUMBER: Meaning = Meaning {
        kind: SyntaxKind::FullmoveNumber,
        code: Code::FullmoveNumberInvalid,
        name: "fullmove number",
        help: "The fullmove number starts at 1 and grows after each Black move: a whole number such as `1`, digits only.",
    };
    counter(cx, input, &FULLMOVE_NUMBER);
}

/// What a counter field is: its node kind, and its code, name and help for diagnostics.
struct Meaning {
    kind: SyntaxKind,
    code: Code,
    name: &'static str,
    help: &'static str,
}

/// `digits ::= [0-9]+`
pub(crate) fn digits(input: &str) -> IResult<&str, &str> {
    let len = input
        .bytes()
        .position(|byte| !byte.is_ascii_digit())
        .unwrap_or(input.len());
    match input.split_at_checked(len) {
        Some((digits, rest)) if !digits.is_empty() => Ok((rest, digits)),
        _ => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Digit,
        ))),
    }
}

fn counter<'a>(cx: &mut Cx<'a>, input: &'a str, meaning: &'static Meaning) {
    let open = cx.start(meaning.kind, input.as_bytes());
    if digits(input).is_ok_and(|(rest, _)| rest.is_empty()) {
        cx.token(SyntaxKind::Number, input);
    } else {
        let span = cx.token(SyntaxKind::Error, input);
        report_invalid(cx, span, input, meaning.code, meaning.name, meaning.help);
    }
    cx.finish(open);
}

#[cold]
fn report_invalid(cx: &mut Cx<'_>, span: Span, input: &str, code: Code, name: &str, help: &str) {
    let what = if input.starts_with('-') && input.len() > 1 {
        "negative"
    } else {
        "invalid"
    };
    let mut diagnostic = Diagnostic::new(
        code,
        format!(
            "{what} {name} `{}`, expected a whole number of zero or more",
            shown(input)
        ),
    )
    .primary(span, "not a whole number")
    .help(help);
    // A `;` left over from an EPD record is the one unambiguous repair.
    if let Some(number) = input
        .strip_suffix(';')
        .filter(|n| digits(n).is_ok_and(|(rest, _)| rest.is_empty()))
    {
        diagnostic = diagnostic
            .help(format!(
                "Remove the `;` left over from an EPD record: write `{number}`."
            ))
            .with_fix(span, number);
    }
    cx.report(diagnostic);
}
