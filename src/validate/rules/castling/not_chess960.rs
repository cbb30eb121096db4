//! `fen::castling::not_chess960`: castling rights from two different back ranks (Double
//! Fischer Random), a note that is off by default.

use super::*;

declare_rule! {
    /// castling rights from two different back ranks (Double Fischer Random)
    ///
    /// What: in Chess960, when both sides keep castling rights, whether their kings stand on
    /// the same file, and so do the rooks their kingside (and their queenside) rights name.
    /// Chess960 mirrors the back ranks; Double Fischer Random (DFRC) gives each side its own,
    /// and each side's rights name its own king and rooks.
    /// Why: such positions are valid, and DFRC books are full of them, so this note is off by
    /// default. Turn it on (`--warn fen::castling::not_chess960`) to find DFRC positions in a
    /// file meant to be Chess960, or rights that one side kept after its pieces moved.
    /// Bad: `nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w HAhc - 0 2`
    /// Good: `rknnbbqr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w HAha - 0 1`
    CastlingNotChess960 => "fen::castling::not_chess960", Advice, off
}

/// `fen::castling::not_chess960`: both sides keep rights, and their kings or rooks do not stand
/// on mirrored files.
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

/// Reports, in one note, the kings and the rooks of both colours' rights that do not stand on
/// the same files: out of line, for the tests above are run on every FEN.
fn report(check: &mut Check<'_, '_>, white_king: Square, black_king: Square) {
    // White's square, Black's, what they are, and the message's words for them.
    let mut problems: Vec<(Span, Span, String, String)> = Vec::new();
    if white_king.file() != black_king.file() {
        problems.push((
            check.square_span(white_king),
            check.square_span(black_king),
            "king".to_owned(),
            format!("kings on {white_king} and {black_king}"),
        ));
    }
    // The rook each side's first right on the kingside and on the queenside names, read in one
    // pass over each colour's letters.
    let rooks_of = |color: Color, king: Square| {
        let mut found: [Option<Square>; 2] = [None; 2];
        for right in rights_of(check, color) {
            if on_king_file(&right, king.file().index()) {
                continue;
            }
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
                format!("{side} rook"),
                format!("{side} rooks on {white} and {black}"),
            ));
        }
    }
    if problems.is_empty() {
        return;
    }
    let what: Vec<&str> = problems
        .iter()
        .map(|(_, _, _, what)| what.as_str())
        .collect();
    let mut diagnostic = Diagnostic::new(
        Code::CastlingNotChess960,
        format!(
            "castling rights for both sides with {}, from two different back ranks (Double Fischer Random)",
            what.join(", ")
        ),
    );
    for (index, (white, black, piece, _)) in problems.iter().enumerate() {
        let label = format!("Black's {piece}");
        diagnostic = if index == 0 {
            diagnostic.primary(*black, label)
        } else {
            diagnostic.secondary(*black, label)
        }
        .secondary(*white, format!("White's {piece}"));
    }
    check.report(diagnostic.help("Double Fischer Random gives each side its own back rank, and this position is valid there; in Chess960, whose back ranks mirror each other, the side whose pieces moved has lost those rights."));
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
        let validator = Validator::new()
            .variant(Variant::Chess960)
            .with_severity(Code::CastlingNotChess960, crate::Severity::Advice);
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

    /// Asked for, the note on a Double Fischer Random position is one advice naming every
    /// difference (that nothing is drawn by default is `tests/castling_conventions.rs`'s).
    #[test]
    fn the_note_when_asked_is_one_advice_naming_every_difference() {
        for fen in [
            "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w KQkq - 0 2",
            "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w HAhc - 0 2",
        ] {
            let asked =
                Validator::new().with_severity(Code::CastlingNotChess960, crate::Severity::Advice);
            let diagnostics = asked.lint(fen).into_diagnostics();
            assert_eq!(diagnostics.len(), 1, "{fen}: {diagnostics:?}");
            assert_eq!(diagnostics[0].severity(), crate::Severity::Advice);
            assert!(
                diagnostics[0]
                    .message()
                    .contains("kings on b1 and e8, queenside rooks on a1 and c8"),
                "{}",
                diagnostics[0].message()
            );
        }
    }
}
