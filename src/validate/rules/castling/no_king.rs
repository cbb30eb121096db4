//! `fen::castling::no_king`: a castling right without the king on its home square.

use super::*;

declare_rule! {
    /// a castling right without the king on its home square
    ///
    /// What: a side with a castling right has its king on its first rank (on e1/e8 in standard
    /// chess), between the rooks.
    /// Why: a king that has moved has lost its castling rights. The fix removes the stale
    /// rights (with those of `fen::castling::no_rook`, in one edit), or writes `-` when none is
    /// left; there is none when the colour has no king or two, for then the board is in doubt.
    /// Bad: `4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1`
    /// Good: `4k3/8/8/8/8/8/4K3/R6R w - - 0 1`
    CastlingNoKing => "fen::castling::no_king", Error
}

/// `fen::castling::no_king`: a right whose king is not on its home square.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if !check.has_castling_rights || !check.castling_summary.homeless {
        return;
    }
    report_homeless(check);
}

/// Reports each colour whose castling letters have no king at home: out of line, for the test
/// above is run on every FEN.
fn report_homeless(check: &mut Check<'_, '_>) {
    for color in [Color::White, Color::Black] {
        let Some(first) = rights_of(check, color).next() else {
            continue;
        };
        if castling_king(check, color).is_some() {
            continue;
        }
        report(check, color, first);
    }
}

/// Reports `color`'s castling rights, the first of which is `first`, without the king at home:
/// out of line, for the checks above are run on every FEN. The texts are built part by part
/// (see `Message`): this rule fires often on corrupted input.
fn report(check: &mut Check<'_, '_>, color: Color, first: CastlingRight) {
    let rank = char::from(b'0'.saturating_add(back_rank(color)));
    let home = if standard(check) { "on e" } else { "on rank " };
    let message = message(check, color, home, rank);
    let mut diagnostic =
        Diagnostic::new(Code::CastlingNoKing, message).primary(first.span(), "castling right");
    if let Some(king) = check.position.board.king_of(color) {
        let label = Message::with_capacity(24)
            .color(color)
            .str(" king on ")
            .square(king);
        diagnostic = diagnostic.secondary(check.square_span(king), label);
    }
    if let Some((span, letters)) = stale_rights_fix(check) {
        diagnostic = diagnostic.with_fix(span, letters);
    }
    let chess960 = standard(check) && rights_fit_chess960(check, color);
    check.report(diagnostic.help(help(color, standard(check), chess960)));
}

/// Whether every castling right of `color` would be one in Chess960: the king on its back rank
/// (off the e-file, or it would be home) with a rook on the side or the file each letter names.
/// Such a FEN checked as standard chess is most likely a Chess960 position.
fn rights_fit_chess960(check: &Check<'_, '_>, color: Color) -> bool {
    let Some(king) = check
        .position
        .board
        .king_of(color)
        .filter(|king| king.rank() == back_rank(color))
    else {
        return false;
    };
    let king_file = king.file().index();
    let board = &check.position.board;
    rights_of(check, color).all(|right| match right.side() {
        CastlingSide::File(file) => {
            file.index() != king_file
                && square(file.index(), back_rank(color))
                    .is_some_and(|at| board.has_piece(at, rook(color)))
        }
        CastlingSide::King | CastlingSide::Queen => {
            crate::position::outermost_rook(board, color, king_file, kingside(&right, king_file))
                .is_some()
        }
    })
}

/// The help for `color`'s castling rights without a king at home, which is on e1 or e8 when
/// `standard`, else anywhere on the back rank; `chess960` when the rights would be Chess960's.
fn help(color: Color, standard: bool, chess960: bool) -> String {
    let rank = back_rank(color);
    let home = if standard { "on e" } else { "on rank " };
    let chess960 = if chess960 {
        " In Chess960 the king starts between its rooks on any file, and these rights would be valid there: check the FEN as Chess960 (`--variant chess960`) if it is one."
    } else {
        ""
    };
    format!(
        "A king that has moved cannot castle; remove {color}'s castling letters or put the king back {home}{rank}.{chess960}"
    )
}

/// The message for `color`'s castling rights without a king at home (`home` and `rank` say
/// where it belongs).
fn message(check: &Check<'_, '_>, color: Color, home: &str, rank: char) -> Message {
    let mut message = Message::with_capacity(96).str("castling rights `");
    for right in rights_of(check, color) {
        message = message.char(right.letter());
    }
    message
        .str("` for ")
        .color(color)
        .str(", expected the ")
        .color(color)
        .str(" king ")
        .str(home)
        .char(rank)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Variant;

    #[test]
    fn the_message_names_the_letters_as_written_and_the_home() {
        let fen = "8/8/8/8/8/8/8/8 w QK - 0 1";
        let tree = crate::parse(fen).into_tree();
        let position = crate::position::Position::from_tree(&tree).unwrap();
        let castling = crate::validate::CastlingLetters::of(&tree);
        let check = Check::new(&tree, &position, Variant::Standard, &castling);
        assert_eq!(
            crate::diagnostics::Text::from(message(&check, Color::White, "on e", '1')),
            "castling rights `QK` for White, expected the White king on e1"
        );
    }

    #[test]
    fn the_help_names_the_colour_and_its_home() {
        assert_eq!(
            help(Color::Black, true, false),
            "A king that has moved cannot castle; remove Black's castling letters or put the king back on e8."
        );
        assert_eq!(
            help(Color::White, false, false),
            "A king that has moved cannot castle; remove White's castling letters or put the king back on rank 1."
        );
    }

    /// Checked as standard chess, rights that would be Chess960's (the king on its back rank
    /// between rooks that the letters name) point to `--variant chess960`; rights of a king
    /// that has left its rank, or whose letters name no rook, do not.
    #[test]
    fn rights_that_fit_chess960_point_to_it() {
        let help_of = |fen: &str, color: &str| -> String {
            let lint = crate::Validator::new().variant(Variant::Standard).lint(fen);
            lint.diagnostics()
                .iter()
                .find(|d| d.code() == Code::CastlingNoKing && d.message().contains(color))
                .and_then(|d| d.help_text().map(str::to_owned))
                .unwrap_or_else(|| panic!("{fen}: no no_king for {color}"))
        };
        for fen in [
            "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w KQkq - 0 2",
            "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w HAkq - 0 2",
        ] {
            assert!(
                help_of(fen, "White").contains("--variant chess960"),
                "{fen}"
            );
        }
        for fen in [
            // The king has left its rank.
            "nqrbknbr/pppppppp/8/8/8/2K5/PPPPPPPP/R1NNBBQR w KQkq - 0 2",
            // No rook on the queenside of the king on b1.
            "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/1KNNBBQR w KQkq - 0 2",
            // A letter of the king's own file.
            "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w HBkq - 0 2",
        ] {
            assert!(
                !help_of(fen, "White").contains("--variant chess960"),
                "{fen}"
            );
        }
    }

    #[test]
    fn crazyhouse_and_three_check_from_a_chess960_start_castle_by_its_rules() {
        let codes = |fen: &str| -> Vec<Code> {
            crate::lint(fen)
                .diagnostics()
                .iter()
                .map(|diagnostic| diagnostic.code())
                .collect()
        };
        for fen in [
            "nrqbbnkr/pppppppp/8/8/8/1N6/PPPPPPPP/1RQBBNKR[] b HBhb - 1 1",
            "nrqbbnkr/pppppppp/8/8/8/1N6/PPPPPPPP/1RQBBNKR[] b KQkq - 1 1",
            "nrqbbnkr/pppppppp/8/8/8/8/PPPPPPPP/NRQBBNKR w HBhb - 3+3 0 1",
        ] {
            assert_eq!(codes(fen), [], "{fen}");
        }
        // The king of a standard start that has moved still loses the rights.
        assert!(
            codes("rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1")
                .contains(&Code::CastlingNoKing)
        );
        // Checked as standard chess, the standard rules hold whatever the letters say.
        let standard = crate::Validator::new()
            .variant(Variant::Standard)
            .lint("nrqbbnkr/pppppppp/8/8/8/8/PPPPPPPP/NRQBBNKR w HBhb - 0 1");
        assert!(
            standard
                .diagnostics()
                .iter()
                .any(|diagnostic| diagnostic.code() == Code::CastlingNoKing)
        );
    }
}
