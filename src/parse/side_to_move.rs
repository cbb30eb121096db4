//! The side to move.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{eof, rest};
use nom::sequence::terminated;

use super::cx::{Cx, Production, ascii, node, recover, token};
use crate::Span;
use crate::diagnostics::text::around_shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::syntax::SyntaxKind;

/// `side_to_move ::= "w" | "b"`
///
/// Reads its whole field: anything else is one error token, `fen::side_to_move::invalid`.
pub(crate) fn side_to_move<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    node(
        cx,
        SyntaxKind::SideToMove,
        alt((
            token(
                cx,
                SyntaxKind::Color,
                terminated(ascii(|b| b == b'w' || b == b'b'), eof),
            ),
            recover(cx, rest, report_invalid),
        ))
        .map(|_| ()),
    )
}

fn report_invalid(cx: &Cx<'_>, span: Span, input: &str) {
    let is = |name: &str| input.eq_ignore_ascii_case(name);
    let meant = if is("w") || is("white") {
        Some(("w", "Write `w`: the side to move is one lower-case letter."))
    } else if is("b") || is("black") {
        Some(("b", "Write `b`: the side to move is one lower-case letter."))
    } else {
        None
    };
    let message = around_shown("invalid side to move `", input, "`, expected `w` or `b`");
    let mut diagnostic =
        Diagnostic::new(Code::SideToMoveInvalid, message).primary(span, "not `w` or `b`");
    diagnostic = match meant {
        Some((letter, help)) => diagnostic.help(help).with_fix(span, letter),
        None => diagnostic
            .help("The second field is `w` when White is to move and `b` when Black is to move."),
    };
    cx.report(diagnostic);
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_invalid_side_is_shown_in_the_message() {
        let parse = crate::parse("8/8/8/8/8/8/8/8 - - - 0 1");
        assert_eq!(
            parse.diagnostics()[0].message(),
            "invalid side to move `-`, expected `w` or `b`"
        );
    }

    #[test]
    fn a_side_written_out_or_in_upper_case_is_fixed() {
        for (input, fix) in [("W", "w"), ("White", "w"), ("BLACK", "b"), ("b", "b")] {
            let fen = format!("8/8/8/8/8/8/8/8 {input} - - 0 1");
            let parse = crate::parse(&fen);
            let diagnostic = parse.diagnostics().first();
            if input == "b" {
                assert!(diagnostic.is_none());
                continue;
            }
            let diagnostic = diagnostic.unwrap();
            assert_eq!(diagnostic.fix().unwrap().replacement(), fix);
            assert_eq!(
                diagnostic.help_text().unwrap(),
                format!("Write `{fix}`: the side to move is one lower-case letter.")
            );
        }
    }
}
