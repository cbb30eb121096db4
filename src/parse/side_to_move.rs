//! The side to move.

use nom::IResult;

use super::{Cx, one_byte};
use crate::Span;
use crate::diagnostics::text::around_shown_plain;
use crate::diagnostics::{Code, Diagnostic, Text};
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
    let is = |name: &str| input.eq_ignore_ascii_case(name);
    let meant = if is("w") || is("white") {
        Some(("w", "Write `w`: the side to move is one lower-case letter."))
    } else if is("b") || is("black") {
        Some(("b", "Write `b`: the side to move is one lower-case letter."))
    } else {
        None
    };
    let (message, plain): (Text, bool) = match super::one_character_message(&INVALID, input) {
        Some(message) => (Text::Borrowed(message), false),
        None => {
            let (message, plain) =
                around_shown_plain("invalid side to move `", input, "`, expected `w` or `b`");
            (message.into(), plain)
        }
    };
    let mut diagnostic = Diagnostic::new(Code::SideToMoveInvalid, message)
        .plain_message_if(plain)
        .primary(span, "not `w` or `b`");
    diagnostic = match meant {
        Some((letter, help)) => diagnostic.help(help).with_fix(span, letter),
        None => diagnostic
            .help("The second field is `w` when White is to move and `b` when Black is to move."),
    };
    cx.report(diagnostic);
}

one_character_messages!(
    /// The message of `fen::side_to_move::invalid` on the single printable ASCII character `!`
    /// plus the index, as `around_shown` writes it.
    INVALID,
    INVALID_BYTES,
    "invalid side to move `",
    "`, expected `w` or `b`"
);

/// `w` or `b`.
fn color(input: &[u8]) -> IResult<&[u8], u8> {
    one_byte(input, |b| b == b'w' || b == b'b')
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_fixed_messages_on_one_character_are_the_built_texts() {
        super::super::assert_one_character_messages(
            &super::INVALID,
            "invalid side to move `",
            "`, expected `w` or `b`",
        );
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
