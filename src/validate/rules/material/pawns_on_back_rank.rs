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

/// The messages for a pawn on the back ranks: White's then Black's, each on a1 to h1 then on
/// a8 to h8.
const MESSAGES: [&str; 32] = [
    "White pawn on a1, expected pawns on ranks 2 to 7 only",
    "White pawn on b1, expected pawns on ranks 2 to 7 only",
    "White pawn on c1, expected pawns on ranks 2 to 7 only",
    "White pawn on d1, expected pawns on ranks 2 to 7 only",
    "White pawn on e1, expected pawns on ranks 2 to 7 only",
    "White pawn on f1, expected pawns on ranks 2 to 7 only",
    "White pawn on g1, expected pawns on ranks 2 to 7 only",
    "White pawn on h1, expected pawns on ranks 2 to 7 only",
    "White pawn on a8, expected pawns on ranks 2 to 7 only",
    "White pawn on b8, expected pawns on ranks 2 to 7 only",
    "White pawn on c8, expected pawns on ranks 2 to 7 only",
    "White pawn on d8, expected pawns on ranks 2 to 7 only",
    "White pawn on e8, expected pawns on ranks 2 to 7 only",
    "White pawn on f8, expected pawns on ranks 2 to 7 only",
    "White pawn on g8, expected pawns on ranks 2 to 7 only",
    "White pawn on h8, expected pawns on ranks 2 to 7 only",
    "Black pawn on a1, expected pawns on ranks 2 to 7 only",
    "Black pawn on b1, expected pawns on ranks 2 to 7 only",
    "Black pawn on c1, expected pawns on ranks 2 to 7 only",
    "Black pawn on d1, expected pawns on ranks 2 to 7 only",
    "Black pawn on e1, expected pawns on ranks 2 to 7 only",
    "Black pawn on f1, expected pawns on ranks 2 to 7 only",
    "Black pawn on g1, expected pawns on ranks 2 to 7 only",
    "Black pawn on h1, expected pawns on ranks 2 to 7 only",
    "Black pawn on a8, expected pawns on ranks 2 to 7 only",
    "Black pawn on b8, expected pawns on ranks 2 to 7 only",
    "Black pawn on c8, expected pawns on ranks 2 to 7 only",
    "Black pawn on d8, expected pawns on ranks 2 to 7 only",
    "Black pawn on e8, expected pawns on ranks 2 to 7 only",
    "Black pawn on f8, expected pawns on ranks 2 to 7 only",
    "Black pawn on g8, expected pawns on ranks 2 to 7 only",
    "Black pawn on h8, expected pawns on ranks 2 to 7 only",
];

/// The message for `pawn` on `square`: one of [`MESSAGES`] for a pawn on a back rank, the only
/// squares the rule reports (no text built or allocated, and the renderer reads a fixed text
/// once), else built part by part.
fn message(pawn: Piece, square: Square) -> crate::diagnostics::Text {
    let first = match (pawn.color, square.rank()) {
        (Color::White, 1) => 0,
        (Color::White, 8) => 8,
        (Color::Black, 1) => 16,
        (Color::Black, 8) => 24,
        _ => return built_message(pawn, square).into(),
    };
    let index = first | usize::from(square.file().index());
    match (pawn.role, MESSAGES.get(index)) {
        (Role::Pawn, Some(&text)) => text.into(),
        _ => built_message(pawn, square).into(),
    }
}

/// The message for `pawn` on `square`, built part by part: what [`message`] gives.
fn built_message(pawn: Piece, square: Square) -> Message {
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
    fn the_fixed_messages_are_the_built_ones() {
        for index in 0..64 {
            let square = Square::from_index(index).unwrap();
            for color in [Color::White, Color::Black] {
                for role in Role::ALL {
                    let piece = Piece { color, role };
                    let built: crate::diagnostics::Text = built_message(piece, square).into();
                    assert_eq!(message(piece, square), built, "{piece} {square}");
                }
            }
        }
    }
}
