//! The en-passant target square.

use nom::Parser;
use nom::branch::alt;
use nom::combinator::{eof, rest};
use nom::sequence::{pair, terminated};

use super::cx::{Cx, PResult, Production, ascii, node, recover, token};
use crate::Span;
use crate::diagnostics::text::{around_shown, dash_look_alike, dash_look_alike_help};
use crate::diagnostics::{Code, Diagnostic, Text};
use crate::syntax::SyntaxKind;

/// `en_passant ::= dash | target_square`
///
/// Reads its whole field: anything else is one error token, `fen::en_passant::invalid` (or
/// `fen::en_passant::uppercase` for a square in upper case).
pub(crate) fn en_passant<'c, 'a: 'c>(cx: &'c Cx<'a>) -> impl Production<'a, ()> + 'c {
    node(
        cx,
        SyntaxKind::EnPassant,
        alt((
            token(cx, SyntaxKind::Dash, terminated(ascii(|b| b == b'-'), eof)),
            token(cx, SyntaxKind::Square, terminated(target_square, eof)),
            recover(cx, rest, report_invalid),
        ))
        .map(|_| ()),
    )
}

fn report_invalid(cx: &Cx<'_>, span: Span, input: &str) {
    // A square in upper case: the same two bytes in lower case make a target square.
    let lower = <[u8; 2]>::try_from(input.as_bytes())
        .ok()
        .map(|bytes| bytes.map(|byte| byte.to_ascii_lowercase()))
        .filter(|bytes| std::str::from_utf8(bytes).is_ok_and(is_target_square));
    let diagnostic = if let Some(dash) = dash_look_alike(input) {
        // A dash that only looks like `-`: the writer meant no square.
        Diagnostic::new(
            Code::EnPassantInvalid,
            [
                "en-passant square `",
                input,
                "` is ",
                dash.0,
                ", expected `-` or a square on rank 3 or 6",
            ]
            .concat(),
        )
        .primary(span, "not the hyphen-minus `-`")
        .help(dash_look_alike_help(dash))
        .with_fix(span, "-")
    } else if let Some([file, rank]) = lower {
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
            // `- -;`: the `;` that starts or ends the operations of an EPD record, with no
            // blank before it.
            [.., b';'] if matches!(input.strip_suffix(';'), Some(field) if field == "-" || is_target_square(field)) => {
                "A `;` ends an EPD operation and is no part of the en-passant field: separate it with a space (`- ;`), or remove it.".into()
            }
            _ => "Write the square a pawn skipped with its last-move double step (rank 3 or 6, such as `e3`), or `-` if the last move was not a double step.".into(),
        };
        let message = around_shown(
            "invalid en-passant square `",
            input,
            "`, expected `-` or a square on rank 3 or 6",
        );
        Diagnostic::new(Code::EnPassantInvalid, message)
            .primary(span, "not an en-passant target square")
            .help(help)
    };
    cx.report(diagnostic);
}

/// `target_square ::= [a-h] [36]`
fn target_square(input: &str) -> PResult<'_, (u8, u8)> {
    pair(
        ascii(|b| (b'a'..=b'h').contains(&b)),
        ascii(|b| b == b'3' || b == b'6'),
    )
    .parse(input)
}

/// Whether all of `input` is a `target_square`.
pub(crate) fn is_target_square(input: &str) -> bool {
    terminated(target_square, eof).parse(input).is_ok()
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_invalid_square_is_shown_in_the_message() {
        let parse = crate::parse("8/8/8/8/8/8/8/8 w - 0 0 1");
        assert_eq!(
            parse.diagnostics()[0].message(),
            "invalid en-passant square `0`, expected `-` or a square on rank 3 or 6"
        );
    }

    #[test]
    fn a_dash_that_looks_like_the_hyphen_minus_is_fixed_to_it() {
        let text = "8/8/8/8/8/8/8/K6k w - \u{2013} 0 1";
        let parse = crate::parse(text);
        let [diagnostic] = parse.diagnostics() else {
            panic!("{:?}", parse.diagnostics());
        };
        assert_eq!(diagnostic.code(), crate::Code::EnPassantInvalid);
        assert!(
            diagnostic.message().contains("an en dash"),
            "{}",
            diagnostic.message()
        );
        let fix = diagnostic.fix().expect("a fix");
        assert_eq!((fix.span(), fix.replacement()), (diagnostic.span(), "-"));
    }

    #[test]
    fn a_square_the_pawn_landed_on_gets_the_square_it_skipped_for_either_side() {
        for (fen, help) in [
            (
                "4k3/8/8/8/8/8/8/4K3 w - -; bm Kd2;",
                "is no part of the en-passant field",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 b - e3; bm Kd7;",
                "is no part of the en-passant field",
            ),
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
