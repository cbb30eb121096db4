//! The move counters: halfmove clock and fullmove number.

use nom::character::complete::digit1;
use nom::combinator::all_consuming;
use nom::{IResult, Parser};

use super::{Cx, shown};
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `halfmove_clock ::= digits`
pub(crate) fn halfmove_clock<'a>(cx: &mut Cx<'a>, input: &'a str) {
    counter(
        cx,
        input,
        SyntaxKind::HalfmoveClock,
        Code::HalfmoveClockInvalid,
        "halfmove clock",
        "The halfmove clock counts the half-moves since the last capture or pawn move: a whole number such as `0`, digits only.",
    );
}

/// `fullmove_number ::= digits`
pub(crate) fn fullmove_number<'a>(cx: &mut Cx<'a>, input: &'a str) {
    counter(
        cx,
        input,
        SyntaxKind::FullmoveNumber,
        Code::FullmoveNumberInvalid,
        "fullmove number",
        "The fullmove number starts at 1 and grows after each Black move: a whole number such as `1`, digits only.",
    );
}

/// `digits ::= [0-9]+`
pub(crate) fn digits(input: &str) -> IResult<&str, &str> {
    digit1(input)
}

fn counter<'a>(
    cx: &mut Cx<'a>,
    input: &'a str,
    kind: SyntaxKind,
    code: Code,
    name: &str,
    help: &str,
) {
    let open = cx.start(kind);
    if all_consuming(digits).parse(input).is_ok() {
        cx.token(SyntaxKind::Number, input);
    } else {
        let span = cx.token(SyntaxKind::Error, input);
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
    cx.finish(open);
}
