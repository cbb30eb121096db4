//! `fen::castling::not_chess960`: castling rights no Chess960 start position can lead to.

use super::*;

declare_rule! {
    /// castling rights no Chess960 start position can lead to
    ///
    /// What: when both sides keep castling rights, their kings stand on the same file, and so do
    /// their kingside (and their queenside) rooks, since Chess960 mirrors the back ranks.
    /// Why: rights whose pieces stand on different files cannot come from one start position.
    /// Bad: `1r2k2r/8/8/8/8/8/8/R3K1R1 w GBhb - 0 1`
    /// Good: `1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1`
    CastlingNotChess960 => "fen::castling::not_chess960", Error
}

/// `fen::castling::not_chess960`: both sides keep rights, but their kings or rooks do not stand
/// on mirrored files.
#[inline(always)]
pub(crate) fn check(check: &mut Check<'_, '_>) {
    // Set in Chess960 only, when both colours have letters and their kings at home (which
    // are then their only kings).
    if !check.has_castling_rights || !check.castling_summary.both_home {
        return;
    }
    let (Some(white_king), Some(black_king)) = (check.king(Color::White), check.king(Color::Black))
    else {
        return;
    };
    if mirrored(check, white_king, black_king) {
        return;
    }
    report(check, white_king, black_king);
}

/// Reports the kings and the rooks of both colours' rights that do not stand on the same
/// files: out of line, for the tests above are run on every FEN.
#[cold]
#[inline(never)]
fn report(check: &mut Check<'_, '_>, white_king: Square, black_king: Square) {
    let mut problems: Vec<(Span, Span, String)> = Vec::new();
    if white_king.file() != black_king.file() {
        problems.push((
            check.square_span(white_king),
            check.square_span(black_king),
            format!("kings on {white_king} and {black_king}"),
        ));
    }
    // The rook each side's first right on the kingside and on the queenside names, read in one
    // pass over each colour's letters.
    let rooks_of = |color: Color, king: Square| {
        let mut found: [Option<Square>; 2] = [None; 2];
        for right in rights_of(check, color) {
            let side = usize::from(!kingside(&right, king.file().index()));
            if let Some(slot) = found.get_mut(side)
                && slot.is_none()
            {
                *slot = named_rook(check, &right, king).ok();
            }
        }
        found
    };
    let (white_rooks, black_rooks) = (
        rooks_of(Color::White, white_king),
        rooks_of(Color::Black, black_king),
    );
    for (kingside_side, white, black) in [
        (true, white_rooks[0], black_rooks[0]),
        (false, white_rooks[1], black_rooks[1]),
    ] {
        if let (Some(white), Some(black)) = (white, black)
            && white.file() != black.file()
        {
            let side = if kingside_side {
                "kingside"
            } else {
                "queenside"
            };
            problems.push((
                check.square_span(white),
                check.square_span(black),
                format!("{side} rooks on {white} and {black}"),
            ));
        }
    }
    for (white, black, what) in problems {
        check.report(
            Diagnostic::new(
                Code::CastlingNotChess960,
                format!("castling rights for both sides with {what}, expected them on the same file"),
            )
            .primary(black, "Black's")
            .secondary(white, "White's")
            .help("Chess960 mirrors the back ranks, and castling pieces have not moved; remove the rights of the side whose pieces moved."),
        );
    }
}

/// Whether the kings and the back-rank rooks stand on the same files for both sides and the
/// letters are the same for both, in the same order (`KQkq`, `HAha`): then each side's rights
/// name rooks on the same files, and there is nothing to report (the usual Chess960 FEN).
fn mirrored(check: &Check<'_, '_>, white_king: Square, black_king: Square) -> bool {
    let board = &check.position.board;
    white_king.file() == black_king.file()
        && crate::position::back_rank_rooks(board, Color::White)
            == crate::position::back_rank_rooks(board, Color::Black)
        && rights_of(check, Color::White)
            .map(|right| right.letter())
            .eq(rights_of(check, Color::Black).map(|right| right.letter().to_ascii_uppercase()))
}

#[cfg(test)]
mod tests {
    use crate::{Code, Validator, position::Variant};

    fn codes(fen: &str) -> Vec<Code> {
        let validator = Validator::new().variant(Variant::Chess960);
        let lint = validator.lint(fen);
        lint.diagnostics().iter().map(|d| d.code()).collect()
    }

    #[test]
    fn mirrored_back_ranks_with_the_same_letters_are_fine_and_other_letters_still_are_not() {
        // Rooks on a, f and h for both sides, kings on d: `K`/`k` name the h-rooks.
        assert!(
            !codes("r2k1r1r/8/8/8/8/8/8/R2K1R1R w Kk - 0 1").contains(&Code::CastlingNotChess960)
        );
        assert!(
            !codes("r2k1r1r/8/8/8/8/8/8/R2K1R1R w HAha - 0 1").contains(&Code::CastlingNotChess960)
        );
        // The same board, but Black's letter names the f-rook: the kingside rooks differ.
        assert!(
            codes("r2k1r1r/8/8/8/8/8/8/R2K1R1R w Kf - 0 1").contains(&Code::CastlingNotChess960)
        );
        // The same letters, but Black's rooks are not White's mirror.
        assert!(
            codes("r2k1rr1/8/8/8/8/8/8/R2K1R1R w Kk - 0 1").contains(&Code::CastlingNotChess960)
        );
    }
}
