//! Three-check counters: `W+B` checks remaining, `+W+B` checks given.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{eof, recognize, rest};
use nom::sequence::terminated;

use super::counters::digits;
use super::cx::{Cx, PResult, Production, ascii, node, recover};
use crate::Span;
use crate::diagnostics::text::shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// Which of the two forms a three-check counter field is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// `W+B` before the move counters: the checks still to give.
    Remaining,
    /// `+W+B` after the move counters: the checks given.
    Given,
}

/// `remaining_checks ::= check_count "+" check_count`
///
/// The checks White and Black still have to give before they win (`3+3` at the start).
pub(crate) fn remaining_checks<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    checks(cx, Form::Remaining)
}

/// `given_checks ::= "+" check_count "+" check_count`
///
/// The checks White and Black have given so far (`+0+0` at the start), after the counters.
pub(crate) fn given_checks<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    checks(cx, Form::Given)
}

/// `check_count ::= [0-3]`
///
/// Any run of digits is read as a count, leading zeros included (`lenient_check_count ::= "0"*
/// [0-3]`: `03` is 3, with `fen::counter::leading_zero`); counts above 3 draw
/// `fen::checks::count_out_of_range`.
fn check_count(input: &str) -> PResult<'_, &str> {
    digits(input)
}

fn plus(input: &str) -> PResult<'_, &str> {
    recognize(ascii(|b| b == b'+')).parse(input)
}

/// The parts of a counter field of `form` when it is well formed: the leading `+` of the given
/// checks, White's count, the `+` and Black's count.
fn parts(form: Form) -> impl FnMut(&str) -> PResult<'_, (Option<&str>, &str, &str, &str)> {
    move |input| match form {
        Form::Remaining => terminated((check_count, plus, check_count), eof)
            .map(|(white, middle, black)| (None, white, middle, black))
            .parse(input),
        Form::Given => terminated((plus, check_count, plus, check_count), eof)
            .map(|(leading, white, middle, black)| (Some(leading), white, middle, black))
            .parse(input),
    }
}

/// A three-check counter field of `form`: its counts (each checked to be 0 to 3), or one error
/// token, `fen::checks::invalid`, that points at the first character out of place.
fn checks<'c, 'a: 'c>(cx: &'c Cx<'a>, form: Form) -> impl Production<'a, ()> + 'c {
    let kind = match form {
        Form::Remaining => SyntaxKind::RemainingChecks,
        Form::Given => SyntaxKind::GivenChecks,
    };
    node(
        cx,
        kind,
        alt((
            parts(form).map(move |(leading, white, middle, black)| {
                if let Some(leading) = leading {
                    cx.token(SyntaxKind::Plus, leading);
                }
                let white_span = cx.token(SyntaxKind::CheckCount, white);
                cx.token(SyntaxKind::Plus, middle);
                let black_span = cx.token(SyntaxKind::CheckCount, black);
                check_range(cx, form, white, white_span, "White");
                check_range(cx, form, black, black_span, "Black");
            }),
            recover(cx, rest, move |cx, _, text| report_invalid(cx, form, text)).map(|_| ()),
        )),
    )
}

/// `fen::checks::count_out_of_range` or `fen::counter::leading_zero` for `side`'s `count`.
fn check_range(cx: &Cx<'_>, form: Form, count: &str, span: Span, side: &str) {
    let meaning = match form {
        Form::Remaining => "remaining",
        Form::Given => "given",
    };
    // A count is its value: `03` is 3, as `01` is a fullmove number of 1.
    if crate::syntax::digits_value(count).is_none_or(|value| value > 3) {
        cx.report(
            Diagnostic::new(
                Code::ChecksCountOutOfRange,
                format!(
                    "three-check count `{}` out of range for {side}'s checks {meaning}, expected 0 to 3",
                    shown(count)
                ),
            )
            .primary(span, format!("checks {meaning} by {side}"))
            .help("The third check wins the game, so a count of checks is 0, 1, 2 or 3."),
        );
    } else if let Some(diagnostic) = super::counters::leading_zero(span, count, "three-check count")
    {
        cx.report(diagnostic);
    }
}

/// `fen::checks::invalid` for the field `input` of `form`, labelled at the first character
/// where the form's shape breaks (or at the end, when the field stops short).
fn report_invalid(cx: &Cx<'_>, form: Form, input: &str) {
    // How far the well-formed prefix reaches: the counts and `+` in the form's order.
    let steps: &[fn(&str) -> PResult<'_, &str>] = match form {
        Form::Remaining => &[check_count, plus, check_count],
        Form::Given => &[plus, check_count, plus, check_count],
    };
    let mut rest = input;
    for step in steps {
        match step(rest) {
            Ok((after, _)) => rest = after,
            Err(_) => break,
        }
    }
    let at = input.len().saturating_sub(rest.len());
    let point = cx.span(input.get(at..).unwrap_or_default());
    let found = input.get(at..).and_then(|rest| rest.chars().next());
    let (label_span, label) = match found {
        Some(c) => (
            Span::new(point.start, point.start.saturating_add(c.len_utf8())),
            format!("unexpected `{}`", c.escape_debug()),
        ),
        None => (point, "counter incomplete".to_owned()),
    };
    let (expected, help) = match form {
        Form::Given => (
            "+W+B",
            "After the counters, `+W+B` gives the checks White and Black have given so far, such as `+0+2`.",
        ),
        Form::Remaining => (
            "W+B",
            "Before the counters, `W+B` gives the checks White and Black still need, such as `3+3`.",
        ),
    };
    cx.report(
        Diagnostic::new(
            Code::ChecksInvalid,
            format!(
                "invalid three-check counter `{}`, expected `{expected}` with counts 0 to 3",
                shown(input)
            ),
        )
        .primary(label_span, label)
        .help(help),
    );
}
