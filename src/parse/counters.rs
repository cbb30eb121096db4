//! The move counters: halfmove clock and fullmove number.

use nom::IResult;

use super::Cx;
use crate::Span;
use crate::diagnostics::text::{push_shown, shown};
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `halfmove_clock ::= number`
pub(crate) fn halfmove_clock<'a>(cx: &mut Cx<'a>, input: &'a str) {
    static HALFMOVE_CLOCK: Meaning = Meaning {
        kind: SyntaxKind::HalfmoveClock,
        code: Code::HalfmoveClockInvalid,
        name: "halfmove clock",
        help: "The halfmove clock counts the half-moves since the last capture or pawn move: a whole number such as `0`, digits only.",
    };
    counter(cx, input, &HALFMOVE_CLOCK);
}

/// `fullmove_number ::= number`
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

/// A run of decimal digits: the grammar's `number` (`"0" | [1-9] [0-9]*`) with the leading
/// zeros of `lenient_number` (`[0-9]+`), which [`leading_zero`] reports.
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
        let span = cx.token(SyntaxKind::Number, input);
        if let Some(diagnostic) = leading_zero(span, input, meaning.name) {
            cx.report(diagnostic);
        }
    } else {
        let span = cx.token(SyntaxKind::Error, input);
        report_invalid(cx, span, input, meaning.code, meaning.name, meaning.help);
    }
    cx.finish(open);
}

#[cold]
fn report_invalid(
    cx: &mut Cx<'_>,
    span: Span,
    input: &str,
    code: Code,
    name: &str,
    help: &'static str,
) {
    let what = if input.starts_with('-') && input.len() > 1 {
        "negative"
    } else {
        "invalid"
    };
    let mut message = String::with_capacity(input.len().saturating_add(72));
    for part in [what, " ", name, " `"] {
        message.push_str(part);
    }
    let plain = push_shown(&mut message, input);
    message.push_str("`, expected a whole number of zero or more");
    let mut diagnostic = Diagnostic::new(code, message)
        .plain_message_if(plain)
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
            .with_fix(span, number.to_owned());
    }
    cx.report(diagnostic);
}

/// `fen::counter::leading_zero` for the counter `digits` (all ASCII digits) at `span`, named
/// `name`, when it has a leading zero (`01`, `00`): the value is read, and the fix writes it
/// without the zeros. Shared with the `hmvc` and `fmvn` operands of EPD records.
#[inline]
pub(crate) fn leading_zero(span: Span, digits: &str, name: &str) -> Option<Diagnostic> {
    if digits.len() < 2 || !digits.starts_with('0') {
        return None;
    }
    Some(report_leading_zero(span, digits, name))
}

/// The `fen::counter::leading_zero` diagnostic for `leading_zero`.
#[cold]
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
