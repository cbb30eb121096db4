//! The en-passant target square.

use nom::IResult;

use super::{Cx, one_byte};
use crate::Span;
use crate::diagnostics::text::shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `en_passant ::= dash | target_square`
pub(crate) fn en_passant<'a>(cx: &mut Cx<'a>, input: &'a str) {
    let open = cx.start(SyntaxKind::EnPassant, input.as_bytes());
    if input == "-" {
        cx.token(SyntaxKind::Dash, input);
    } else if is_target_square(input) {
        cx.token(SyntaxKind::Square, input);
    } else {
        let span = cx.token(SyntaxKind::Error, input);
        report_invalid(cx, span, input);
    }
    cx.finish(open);
}

#[cold]
fn report_invalid(cx: &mut Cx<'_>, span: Span, input: &str) {
    let lower = input.to_ascii_lowercase();
    let diagnostic = if is_target_square(&lower) {
        Diagnostic::new(
            Code::EnPassantUppercase,
            format!("en-passant square `{input}` in upper case, expected `{lower}`"),
        )
        .primary(span, "upper-case file")
        .help(format!("Square names are lower case: write `{lower}`."))
        .with_fix(span, lower)
    } else {
        let help = match input.as_bytes() {
                [file @ b'a'..=b'h', b'4'] => format!(
                    "The en-passant square is the square the pawn skipped, not the one it stands on: after a White double step to {}4 it is `{}3`; write `-` if there was none.",
                    *file as char, *file as char
                ),
                [file @ b'a'..=b'h', b'5'] => format!(
                    "The en-passant square is the square the pawn skipped, not the one it stands on: after a Black double step to {}5 it is `{}6`; write `-` if there was none.",
                    *file as char, *file as char
                ),
                _ => "Write the square a pawn skipped with its last-move double step (rank 3 or 6, such as `e3`), or `-` if the last move was not a double step.".to_owned(),
            };
        Diagnostic::new(
            Code::EnPassantInvalid,
            format!(
                "invalid en-passant square `{}`, expected `-` or a square on rank 3 or 6",
                shown(input)
            ),
        )
        .primary(span, "not an en-passant target square")
        .help(help)
    };
    cx.report(diagnostic);
}

/// `target_square ::= [a-h] [36]`
fn target_square(input: &[u8]) -> IResult<&[u8], (u8, u8)> {
    let (rest, file) = one_byte(input, |b| (b'a'..=b'h').contains(&b))?;
    let (rest, rank) = one_byte(rest, |b| b == b'3' || b == b'6')?;
    Ok((rest, (file, rank)))
}

/// Whether all of `input` is a `target_square`.
fn is_target_square(input: &str) -> bool {
    target_square(input.as_bytes()).is_ok_and(|(rest, _)| rest.is_empty())
}
