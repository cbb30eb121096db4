//! The side to move.

use nom::IResult;

use super::{Cx, one_byte};
use crate::Span;
use crate::diagnostics::text::shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `side_to_move ::= "w" | "b"`
pub(crate) fn side_to_move<'a>(cx: &mut Cx<'a>, input: &'a str) {
    let open = cx.start(SyntaxKind::SideToMove, input.as_bytes());
    if color(input.as_bytes()).is_ok_and(|(rest, _)| rest.is_empty()) {
        cx.token(SyntaxKind::Color, input);
    } else {
        let span = cx.token(SyntaxKind::Error, input);
        report_invalid(cx, span, input);
    }
    cx.finish(open);
}

#[cold]
fn report_invalid(cx: &mut Cx<'_>, span: Span, input: &str) {
    let meant = match input.to_ascii_lowercase().as_str() {
        "w" | "white" => Some("w"),
        "b" | "black" => Some("b"),
        _ => None,
    };
    let mut diagnostic = Diagnostic::new(
        Code::SideToMoveInvalid,
        format!(
            "invalid side to move `{}`, expected `w` or `b`",
            shown(input)
        ),
    )
    .primary(span, "not `w` or `b`");
    diagnostic = match meant {
        Some(letter) => diagnostic
            .help(format!(
                "Write `{letter}`: the side to move is one lower-case letter."
            ))
            .with_fix(span, letter),
        None => diagnostic
            .help("The second field is `w` when White is to move and `b` when Black is to move."),
    };
    cx.report(diagnostic);
}

/// `w` or `b`.
fn color(input: &[u8]) -> IResult<&[u8], u8> {
    one_byte(input, |b| b == b'w' || b == b'b')
}
