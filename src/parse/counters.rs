//! The move counters: halfmove clock and fullmove number.

use nom::Parser;
use nom::branch::alt;
use nom::character::complete::digit1;
use nom::combinator::{eof, rest};
use nom::sequence::terminated;

use super::cx::{Cx, PResult, Production, node, recover, token};
use crate::Span;
use crate::diagnostics::text::{around_shown, shown};
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `halfmove_clock ::= number`
pub(crate) fn halfmove_clock<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    counter(
        cx,
        &Meaning {
            kind: SyntaxKind::HalfmoveClock,
            code: Code::HalfmoveClockInvalid,
            name: "halfmove clock",
            help: "The halfmove clock counts the half-moves since the last capture or pawn move: a whole number such as `0`, digits only.",
        },
    )
}

/// `fullmove_number ::= number`
pub(crate) fn fullmove_number<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    counter(
        cx,
        &Meaning {
            kind: SyntaxKind::FullmoveNumber,
            code: Code::FullmoveNumberInvalid,
            name: "fullmove number",
            help: "The fullmove number starts at 1 and grows after each Black move: a whole number such as `1`, digits only.",
        },
    )
}

/// What a counter field is: its node kind, and its code, name and help for diagnostics.
struct Meaning {
    kind: SyntaxKind,
    code: Code,
    name: &'static str,
    help: &'static str,
}

/// A run of decimal digits: the grammar's `number` (`"0" | [1-9] [0-9]*`) with the leading
/// zeros of `lenient_number` (`[0-9]+`), which [`leading_zero`] reports.
pub(crate) fn digits(input: &str) -> PResult<'_, &str> {
    digit1(input)
}

/// A counter field of the kind `meaning` gives: digits, or one error token.
fn counter<'c, 'a: 'c>(cx: &'c Cx<'a>, meaning: &'static Meaning) -> impl Production<'a, ()> + 'c {
    node(
        cx,
        meaning.kind,
        alt((
            token(cx, SyntaxKind::Number, terminated(digits, eof)).map(move |span| {
                if let Some(diagnostic) = leading_zero(span, cx.source_text(span), meaning.name) {
                    cx.report(diagnostic);
                }
            }),
            recover(cx, rest, move |cx, span, text| {
                report_invalid(cx, span, text, meaning);
            })
            .map(|_| ()),
        )),
    )
}

fn report_invalid(cx: &Cx<'_>, span: Span, input: &str, meaning: &Meaning) {
    let what = if input.starts_with('-') && input.len() > 1 {
        "negative"
    } else {
        "invalid"
    };
    let message = around_shown(
        &format!("{what} {} `", meaning.name),
        input,
        "`, expected a whole number of zero or more",
    );
    let mut diagnostic = Diagnostic::new(meaning.code, message)
        .primary(span, "not a whole number")
        .help(meaning.help);
    // A `;` left over from an EPD record is the one unambiguous repair.
    if let Some(number) = input
        .strip_suffix(';')
        .filter(|n| terminated(digits, eof).parse(n).is_ok())
    {
        diagnostic = diagnostic
            .help(format!(
                "Remove the `;` left over from an EPD record: write `{number}`."
            ))
            .with_fix(span, number.to_owned());
    }
    cx.report(diagnostic);
}

/// `fen::counter::leading_zero` for the counter `digits` (all ASCII digits) at `span`, named
/// `name`, when it has a leading zero (`01`, `00`): the value is read, and the fix writes it
/// without the zeros. Shared with the `hmvc` and `fmvn` operands of EPD records.
pub(crate) fn leading_zero(span: Span, digits: &str, name: &str) -> Option<Diagnostic> {
    if digits.len() < 2 || !digits.starts_with('0') {
        return None;
    }
    Some(report_leading_zero(span, digits, name))
}

/// The `fen::counter::leading_zero` diagnostic for `leading_zero`.
fn report_leading_zero(span: Span, digits: &str, name: &str) -> Diagnostic {
    let trimmed = digits.trim_start_matches('0');
    let canonical = if trimmed.is_empty() { "0" } else { trimmed };
    Diagnostic::new(
        Code::CounterLeadingZero,
        format!(
            "{name} `{}` with a leading zero, expected `{canonical}`",
            shown(digits)
        ),
    )
    .primary(span, "leading zero")
    .help(format!(
        "Write numbers without leading zeros: `{canonical}`. Most tools read the value, but some compare FENs as text."
    ))
    .with_fix(span, canonical.to_owned())
}
