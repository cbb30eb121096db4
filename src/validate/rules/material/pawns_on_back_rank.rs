//! `fen::pawns::back_rank`: a pawn on the first or eighth rank.

use super::*;
use crate::Square;

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
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let board = &check.position.board;
    const BACK_RANKS: u64 = 0xff00_0000_0000_00ff;
    if (board.by_role(Role::Pawn).0 & BACK_RANKS) == 0 {
        return;
    }
    report(check, BACK_RANKS);
}

/// Reports each pawn on the squares of `back_ranks`: out of line, for the check above is run on
/// every FEN.
fn report(check: &mut Check<'_, '_>, back_ranks: u64) {
    let board = &check.position.board;
    // From a1 to h8, as the board's pieces come. The texts are built part by part (see
    // `Message`): this rule fires often on corrupted input.
    let on_back_ranks = Bitboard(board.by_role(Role::Pawn).0 & back_ranks);
    for square in on_back_ranks.squares() {
        let Some(pawn) = check.position.board.piece_at(square) else {
            continue;
        };
        let span = check.square_span(square);
        let label = if square.rank() == 1 {
            "pawn on the first rank"
        } else {
            "pawn on the eighth rank"
        };
        check.report(
            Diagnostic::new(
                Code::PawnsOnBackRank,
                message(pawn, square),
            )
            .primary(span, label)
            .help("A pawn never stands on the first rank and is promoted on reaching the eighth; replace it with the piece it was promoted to, or move it."),
        );
    }
}

/// The message for `pawn` on `square`.
fn message(pawn: Piece, square: Square) -> Message {
    Message::with_capacity(56)
        .piece(pawn)
        .str(" on ")
        .square(square)
        .str(", expected pawns on ranks 2 to 7 only")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_the_pawn_and_its_square() {
        let pawn = Piece {
            color: Color::Black,
            role: Role::Pawn,
        };
        let a1 = Square::from_name("a1").unwrap();
        assert_eq!(
            crate::diagnostics::Text::from(message(pawn, a1)),
            "Black pawn on a1, expected pawns on ranks 2 to 7 only"
        );
    }
}
