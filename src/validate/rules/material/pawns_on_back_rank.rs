//! `fen::pawns::back_rank`: a pawn on the first or eighth rank.

use super::*;

declare_rule! {
    /// a pawn on the first or eighth rank
    ///
    /// What: pawns stand on ranks 2 to 7.
    /// Why: a pawn never stands on its own first rank and is promoted on reaching the last.
    /// Bad: `P3k3/8/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/P7/8/8/8/8/8/4K3 w - - 0 1`
    PawnsOnBackRank => "fen::pawns::back_rank", Error
}

/// `fen::pawns::back_rank`: pawns on rank 1 or 8.
#[inline(always)]
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let board = &check.position.board;
    const BACK_RANKS: u64 = 0xff00_0000_0000_00ff;
    if (board.by_role(Role::Pawn).0 & BACK_RANKS) == 0 {
        return;
    }
    let pawns: Vec<(Square, Piece)> = board
        .pieces()
        .filter(|&(square, piece)| piece.role == Role::Pawn && matches!(square.rank(), 1 | 8))
        .collect();
    for (square, pawn) in pawns {
        let span = check.square_span(square);
        let what = if square.rank() == 1 {
            "first"
        } else {
            "eighth"
        };
        check.report(
            Diagnostic::new(
                Code::PawnsOnBackRank,
                format!("{} on {square}, expected pawns on ranks 2 to 7 only", pawn),
            )
            .primary(span, format!("pawn on the {what} rank"))
            .help("A pawn never stands on the first rank and is promoted on reaching the eighth; replace it with the piece it was promoted to, or move it."),
        );
    }
}
