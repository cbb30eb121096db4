//! Three-check counters: `W+B` checks remaining, `+W+B` checks given.

use nom::character::complete::char;
use nom::combinator::{all_consuming, recognize};
use nom::{IResult, Offset, Parser};

use super::Cx;
use super::counters::digits;
use crate::diagnostics::text::shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `remaining_checks ::= check_count "+" check_count`
///
/// The checks White and Black still have to give before they win (`3+3` at the start).
pub(crate) fn remaining_checks<'a>(cx: &mut Cx<'a>, input: &'a str) {
    if let (true, [b'0'..=b'3', b'+', b'0'..=b'3']) = (cx.fast_paths, input.as_bytes()) {
        plain_counters(cx, input, SyntaxKind::RemainingChecks);
        return;
    }
    let parsed = all_consuming((check_count, plus, check_count))
        .parse(input)
        .map(|(_, (white, plus, black))| [None, Some(white), Some(plus), Some(black)]);
    counters(cx, input, SyntaxKind::RemainingChecks, parsed, "remaining");
}

/// `given_checks ::= "+" check_count "+" check_count`
///
/// The checks White and Black have given so far (`+0+0` at the start), after the counters.
pub(crate) fn given_checks<'a>(cx: &mut Cx<'a>, input: &'a str) {
    if let (true, [b'+', b'0'..=b'3', b'+', b'0'..=b'3']) = (cx.fast_paths, input.as_bytes()) {
        plain_counters(cx, input, SyntaxKind::GivenChecks);
        return;
    }
    let parsed = all_consuming((plus, check_count, plus, check_count))
        .parse(input)
        .map(|(_, (plus1, white, plus2, black))| {
            [Some(plus1), Some(white), Some(plus2), Some(black)]
        });
    counters(cx, input, SyntaxKind::GivenChecks, parsed, "given");
}

/// The counters when they are two counts from 0 to 3 around a `+`, with a leading `+` for
/// [`SyntaxKind::GivenChecks`], which draw no diagnostic: the nodes [`counters`] would build, in
/// one go.
fn plain_counters<'a>(cx: &mut Cx<'a>, input: &'a str, kind: SyntaxKind) {
    let bytes = input.as_bytes();
    let open = cx.start(kind, bytes);
    cx.byte_tokens(bytes, bytes.len(), |byte| {
        if byte == b'+' {
            SyntaxKind::Plus
        } else {
            SyntaxKind::CheckCount
        }
    });
    cx.finish(open);
}

/// `check_count ::= [0-3]`
///
/// Any run of digits is read as a count, leading zeros included (`lenient_check_count ::= "0"*
/// [0-3]`: `03` is 3, with `fen::counter::leading_zero`); counts above 3 draw
/// `fen::checks::count_out_of_range`.
fn check_count(input: &str) -> IResult<&str, &str> {
    digits(input)
}

fn plus(input: &str) -> IResult<&str, &str> {
    recognize(char('+')).parse(input)
}

/// Pushes the tokens of a parsed counter pair, or an error token for the whole field.
/// `parts` are the optional leading `+`, White's count, the `+` and Black's count.
fn counters<'a>(
    cx: &mut Cx<'a>,
    input: &'a str,
    kind: SyntaxKind,
    parts: Result<[Option<&'a str>; 4], nom::Err<nom::error::Error<&'a str>>>,
    meaning: &str,
) {
    let open = cx.start(kind, input.as_bytes());
    let form = if meaning == "given" { "+W+B" } else { "W+B" };
    match parts {
        Ok([leading, Some(white), Some(middle), Some(black)]) => {
            if let Some(leading) = leading {
                cx.token(SyntaxKind::Plus, leading);
            }
            let white_span = cx.token(SyntaxKind::CheckCount, white);
            cx.token(SyntaxKind::Plus, middle);
            let black_span = cx.token(SyntaxKind::CheckCount, black);
            for (count, span, side) in [(white, white_span, "White"), (black, black_span, "Black")]
            {
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
                } else if let Some(diagnostic) =
                    super::leading_zero(span, count, "three-check count")
                {
                    cx.report(diagnostic);
                }
            }
        }
        Ok(_) | Err(_) => {
            cx.token(SyntaxKind::Error, input);
            let at = match &parts {
                Err(nom::Err::Error(error) | nom::Err::Failure(error)) => input.offset(error.input),
                _ => 0,
            };
            let point = cx.span(input.get(at..).unwrap_or_default());
            let found = input.get(at..).and_then(|rest| rest.chars().next());
            let (label_span, label) = match found {
                Some(c) => (
                    crate::Span::new(point.start, point.start.saturating_add(c.len_utf8())),
                    format!("unexpected `{}`", c.escape_debug()),
                ),
                None => (point, "counter incomplete".to_owned()),
            };
            cx.report(
                Diagnostic::new(
                    Code::ChecksInvalid,
                    format!(
                        "invalid three-check counter `{}`, expected `{form}` with counts 0 to 3",
                        shown(input)
                    ),
                )
                .primary(label_span, label)
                .help(if meaning == "given" {
                    "After the counters, `+W+B` gives the checks White and Black have given so far, such as `+0+2`."
                } else {
                    "Before the counters, `W+B` gives the checks White and Black still need, such as `3+3`."
                }),
            );
        }
    }
    cx.finish(open);
}
