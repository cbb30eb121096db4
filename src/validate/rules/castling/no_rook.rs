//! `fen::castling::no_rook`: a castling right without the rook it names.

use super::*;

declare_rule! {
    /// a castling right without the rook it names
    ///
    /// What: `K`/`Q` need a rook of that colour on the first rank on that side of the king (on
    /// h1/a1 in standard chess); a file letter needs a rook on that file, which is never the
    /// king's own.
    /// Why: a rook that has moved or been captured gives no castling right. The fix removes
    /// the stale rights (with those of `fen::castling::no_king`, in one edit), or writes `-`
    /// when none is left.
    /// Bad: `rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`
    /// Good: `rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1`
    CastlingNoRook => "fen::castling::no_rook", Error
}

/// `fen::castling::no_rook`: a right without the rook it names.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if !check.has_castling_rights || !check.castling_summary.missing_rook {
        return;
    }
    report(check);
}

/// Reports each right whose rook is missing: out of line, for the test above is run on every
/// FEN.
fn report(check: &mut Check<'_, '_>) {
    for right in rights(check) {
        let Some(king) = castling_king(check, right.color()) else {
            continue; // `fen::castling::no_king` says why.
        };
        let Err(expected) = named_rook(check, &right, king) else {
            continue;
        };
        if on_king_file(&right, king.file().index()) {
            report_king_file(check, &right, king);
            continue;
        }
        let color = right.color();
        let letter = right.letter();
        let side = if kingside(&right, king.file().index()) {
            "kingside"
        } else {
            "queenside"
        };
        // The texts are built part by part (see `Message`): this rule fires often on
        // corrupted input.
        // A file letter off the corner, read by standard chess's rules: Chess960's notation.
        let chess960_letter = match (right.side(), expected) {
            (CastlingSide::File(file), Some(corner)) => standard(check) && file != corner.file(),
            _ => false,
        };
        let message = Message::with_capacity(80)
            .str("castling right `")
            .char(letter)
            .str("` ");
        let message = match (standard(check), right.side(), expected) {
            (true, CastlingSide::File(file), Some(corner)) if chess960_letter => message
                .str("for the ")
                .char(file.letter())
                .str("-file's rook, expected the corner rook on ")
                .square(corner)
                .str(" in standard chess"),
            (true, _, Some(corner)) => message
                .str("without a ")
                .color(color)
                .str(" rook on ")
                .square(corner),
            (_, CastlingSide::File(file), _) => message
                .str("without a ")
                .color(color)
                .str(" rook on the ")
                .char(file.letter())
                .str("-file"),
            _ => message
                .str("without a ")
                .color(color)
                .str(" rook on the ")
                .str(side)
                .str(" of the king on rank ")
                .number(u64::from(back_rank(color))),
        };
        let label = Message::with_capacity(24)
            .color(color)
            .char(' ')
            .str(side)
            .str(" castling");
        let mut diagnostic =
            Diagnostic::new(Code::CastlingNoRook, message).primary(right.span(), label);
        if let Some(expected) = expected {
            let what = match check.position.board.piece_at(expected) {
                None => Message::with_capacity(16).square(expected).str(" is empty"),
                Some(piece) => Message::with_capacity(24)
                    .piece(piece)
                    .str(" on ")
                    .square(expected),
            };
            diagnostic = diagnostic.secondary(check.square_span(expected), what);
        }
        let x_fen_rook = x_fen_rook(check, &right, king);
        // Where the right names a rook in Chess960, removing it is no sure fix: the FEN may be
        // a Chess960 position's.
        if !chess960_letter
            && x_fen_rook.is_none()
            && let Some((span, letters)) = stale_rights_fix(check)
        {
            diagnostic = diagnostic.with_fix(span, letters);
        }
        let help = if chess960_letter {
            Message::with_capacity(120)
                .str("In standard chess only the corner rooks castle; a right for another rook is Chess960's: check the FEN as Chess960 (`--variant chess960`), or remove `")
                .char(letter)
                .str("`.")
        } else {
            let help = Message::with_capacity(88)
                .str("A rook that has moved or been captured gives no castling right; remove `")
                .char(letter)
                .str("`.");
            match x_fen_rook {
                Some(rook) => help
                    .str(" In Chess960 (X-FEN) `")
                    .char(letter)
                    .str("` names the rook on ")
                    .square(rook)
                    .str(": if the FEN is a Chess960 position, check it as one (`--variant chess960`)."),
                None => help,
            }
        };
        check.report(diagnostic.help(help));
    }
}

/// The rook that `right`, `K` or `Q` checked as standard chess, names in X-FEN: the outermost
/// rook on that side of the `king` on its back rank. `None` for a file letter, in another
/// variant, or when there is no such rook.
fn x_fen_rook(check: &Check<'_, '_>, right: &CastlingRight, king: Square) -> Option<Square> {
    if !standard(check) || matches!(right.side(), CastlingSide::File(_)) {
        return None;
    }
    let color = right.color();
    if king.rank() != back_rank(color) {
        return None;
    }
    let king_file = king.file().index();
    let file = crate::position::outermost_rook(
        &check.position.board,
        color,
        king_file,
        kingside(right, king_file),
    )?;
    square(file, back_rank(color))
}

/// A file letter of the king's own file (`E` with the king on e1): it names the king, not a
/// rook, so it is no castling right on either side.
fn report_king_file(check: &mut Check<'_, '_>, right: &CastlingRight, king: Square) {
    let (color, letter) = (right.color(), right.letter());
    let message = Message::with_capacity(80)
        .str("castling right `")
        .char(letter)
        .str("` on the ")
        .color(color)
        .str(" king's file, expected the file of a rook beside the king");
    let mut diagnostic = Diagnostic::new(Code::CastlingNoRook, message)
        .primary(right.span(), "the king's file, not a rook's")
        .secondary(
            check.square_span(king),
            Message::with_capacity(24)
                .color(color)
                .str(" king on ")
                .square(king),
        );
    if let Some((span, letters)) = stale_rights_fix(check) {
        diagnostic = diagnostic.with_fix(span, letters);
    }
    let help = Message::with_capacity(140)
        .str("A file letter names the file of the rook the king castles with (Shredder-FEN, X-FEN), never the king's own; remove `")
        .char(letter)
        .str("`.");
    check.report(diagnostic.help(help));
}

#[cfg(test)]
mod tests {
    use crate::Validator;
    use crate::position::Variant;

    /// Checked as standard chess, a file letter for a rook off the corner is said to be one:
    /// the message names the letter's file and the corner, and the help Chess960.
    #[test]
    fn a_file_letter_off_the_corner_in_standard_chess_names_both_rooks() {
        let fen = "rbbnkrnq/pppppppp/8/8/8/8/PPPPPPPP/QBBRKRNN w F - 0 1";
        let lint = Validator::new().variant(Variant::Standard).lint(fen);
        let found = lint
            .diagnostics()
            .iter()
            .find(|d| d.code().name() == "fen::castling::no_rook")
            .unwrap();
        assert_eq!(
            found.message(),
            "castling right `F` for the f-file's rook, expected the corner rook on h1 in standard chess"
        );
        assert!(found.help_text().unwrap().contains("--variant chess960"));
        // A corner letter keeps the usual message.
        let lint = Validator::new().lint("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1");
        assert_eq!(
            lint.diagnostics()[0].message(),
            "castling right `K` without a White rook on h1"
        );
    }

    /// A file letter of the king's own file names no rook and no side: it is said to be on the
    /// king's file (in standard chess and in Chess960), counts toward neither side's rights, and
    /// the fix removes it.
    #[test]
    fn a_letter_of_the_kings_file_is_said_to_name_the_king() {
        for (fen, variant, letters, fixed) in [
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQEe - 0 1",
                Variant::Standard,
                2,
                "KQ",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w CKeq - 0 1",
                Variant::Chess960,
                1,
                "Kq",
            ),
            (
                "rk5r/8/8/8/8/8/8/RK5R w HBhb - 0 1",
                Variant::Chess960,
                2,
                "Hh",
            ),
        ] {
            let lint = Validator::new().variant(variant).lint(fen);
            let codes: Vec<&str> = lint.diagnostics().iter().map(|d| d.code().name()).collect();
            assert!(
                !codes.contains(&"fen::castling::too_many"),
                "{fen}: {codes:?}"
            );
            let on_king_file: Vec<_> = lint
                .diagnostics()
                .iter()
                .filter(|d| d.message().contains("king's file"))
                .collect();
            assert_eq!(on_king_file.len(), letters, "{fen}: {codes:?}");
            for found in on_king_file {
                assert_eq!(found.code().name(), "fen::castling::no_rook");
                let labels: Vec<_> = found.labels().iter().map(|l| l.text()).collect();
                assert!(
                    labels.contains(&"the king's file, not a rook's"),
                    "{labels:?}"
                );
                assert!(
                    labels.iter().any(|l| l.ends_with("king on e1")
                        || l.ends_with("king on e8")
                        || l.ends_with("king on b1")
                        || l.ends_with("king on b8")),
                    "{labels:?}"
                );
                let fix = found.fix().unwrap();
                let field = fix.apply(fen, 0).unwrap();
                assert_eq!(field.split(' ').nth(2), Some(fixed), "{fen}");
            }
        }
        let lint = Validator::new().lint("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Eh - 0 1");
        assert_eq!(
            lint.diagnostics()[0].message(),
            "castling right `E` on the White king's file, expected the file of a rook beside the king"
        );
    }
}
