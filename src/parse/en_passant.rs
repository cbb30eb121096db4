//! The en-passant target square.

use nom::IResult;

use super::{Cx, one_byte};
use crate::Span;
use crate::diagnostics::text::around_shown_plain;
use crate::diagnostics::{Code, Diagnostic, Text};
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
    // A square in upper case: the same two bytes in lower case make a target square.
    let lower = <[u8; 2]>::try_from(input.as_bytes())
        .ok()
        .map(|bytes| bytes.map(|byte| byte.to_ascii_lowercase()))
        .filter(|bytes| target_square(bytes).is_ok_and(|(rest, _)| rest.is_empty()));
    let diagnostic = if let Some([file, rank]) = lower {
        let lower: String = [char::from(file), char::from(rank)].into_iter().collect();
        Diagnostic::new(
            Code::EnPassantUppercase,
            [
                "en-passant square `",
                input,
                "` in upper case, expected `",
                &lower,
                "`",
            ]
            .concat(),
        )
        .primary(span, "upper-case file")
        .help(["Square names are lower case: write `", &lower, "`."].concat())
        .with_fix(span, lower)
    } else {
        let help: Text = match input.as_bytes() {
            [file @ b'a'..=b'h', rank @ (b'4' | b'5')] => {
                // The square the pawn landed on: the one it skipped is behind it.
                let (side, landed, skipped) = if *rank == b'4' {
                    ("White", "4", "3")
                } else {
                    ("Black", "5", "6")
                };
                let mut buffer = [0; 4];
                let file = char::from(*file).encode_utf8(&mut buffer);
                [
                    "The en-passant square is the square the pawn skipped, not the one it stands on: after a ",
                    side,
                    " double step to ",
                    file,
                    landed,
                    " it is `",
                    file,
                    skipped,
                    "`; write `-` if there was none.",
                ]
                .concat()
                .into()
            }
            _ => "Write the square a pawn skipped with its last-move double step (rank 3 or 6, such as `e3`), or `-` if the last move was not a double step.".into(),
        };
        let (message, plain): (Text, bool) = match super::one_character_message(&INVALID, input) {
            Some(message) => (message.into(), false),
            None => {
                let (message, plain) = around_shown_plain(
                    "invalid en-passant square `",
                    input,
                    "`, expected `-` or a square on rank 3 or 6",
                );
                (message.into(), plain)
            }
        };
        Diagnostic::new(Code::EnPassantInvalid, message)
            .plain_message_if(plain)
            .primary(span, "not an en-passant target square")
            .help(help)
    };
    cx.report(diagnostic);
}

one_character_messages!(
    /// The message of `fen::en_passant::invalid` on the single printable ASCII character `!`
    /// plus the index, as `around_shown` writes it.
    INVALID,
    INVALID_BYTES,
    "invalid en-passant square `",
    "`, expected `-` or a square on rank 3 or 6"
);

/// `target_square ::= [a-h] [36]`
fn target_square(input: &[u8]) -> IResult<&[u8], (u8, u8)> {
    let (rest, file) = one_byte(input, |b| (b'a'..=b'h').contains(&b))?;
    let (rest, rank) = one_byte(rest, |b| b == b'3' || b == b'6')?;
    Ok((rest, (file, rank)))
}

/// Whether all of `input` is a `target_square`.
pub(crate) fn is_target_square(input: &str) -> bool {
    target_square(input.as_bytes()).is_ok_and(|(rest, _)| rest.is_empty())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_fixed_messages_on_one_character_are_the_built_texts() {
        super::super::assert_one_character_messages(
            &super::INVALID,
            "invalid en-passant square `",
            "`, expected `-` or a square on rank 3 or 6",
        );
        let parse = crate::parse("8/8/8/8/8/8/8/8 w - 0 0 1");
        assert_eq!(
            parse.diagnostics()[0].message(),
            "invalid en-passant square `0`, expected `-` or a square on rank 3 or 6"
        );
    }

    #[test]
    fn a_square_the_pawn_landed_on_gets_the_square_it_skipped_for_either_side() {
        for (fen, help) in [
            (
                "4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1",
                "after a White double step to e4 it is `e3`;",
            ),
            (
                "4k3/8/8/4p3/8/8/8/4K3 w - e5 0 1",
                "after a Black double step to e5 it is `e6`;",
            ),
        ] {
            let parse = crate::parse(fen);
            let diagnostic = &parse.diagnostics()[0];
            assert_eq!(diagnostic.code(), crate::Code::EnPassantInvalid, "{fen}");
            assert!(diagnostic.help_text().unwrap().contains(help), "{fen}");
        }
    }
}
