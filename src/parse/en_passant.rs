//! The en-passant target square.

use nom::character::complete::{char, one_of};
use nom::combinator::{all_consuming, recognize};
use nom::{IResult, Parser};

use super::{Cx, shown};
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `en_passant ::= "-" | target_square`
pub(crate) fn en_passant<'a>(cx: &mut Cx<'a>, input: &'a str) {
    let open = cx.start(SyntaxKind::EnPassant);
    if all_consuming(char::<_, nom::error::Error<&str>>('-'))
        .parse(input)
        .is_ok()
    {
        cx.token(SyntaxKind::Dash, input);
    } else if all_consuming(target_square).parse(input).is_ok() {
        cx.token(SyntaxKind::Square, input);
    } else {
        let span = cx.token(SyntaxKind::Error, input);
        let lower = input.to_ascii_lowercase();
        let diagnostic = if all_consuming(target_square).parse(lower.as_str()).is_ok() {
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
    cx.finish(open);
}

/// `target_square ::= [a-h] [36]`
fn target_square(input: &str) -> IResult<&str, &str> {
    recognize((one_of("abcdefgh"), one_of("36"))).parse(input)
}
