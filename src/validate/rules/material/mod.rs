//! Pawns and material: back-rank pawns, pawn and piece counts, promotion-aware material.

pub(crate) mod impossible_material;
pub(crate) mod pawns_on_back_rank;
pub(crate) mod pawns_too_many;
pub(crate) mod too_many_pieces;

use crate::position::{Bitboard, Variant};
use crate::validate::check::Check;
use crate::validate::message::Message;
use crate::{Code, Color, Diagnostic, Piece, Role};

fn piece(color: Color, role: Role) -> Piece {
    Piece { color, role }
}

/// The light squares (a1 is dark, b1 light).
const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);

/// The pieces of `color` on the board, by role.
fn count(check: &Check<'_, '_>, color: Color, role: Role) -> u32 {
    check.position.board.squares_of(piece(color, role)).count()
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn light_squares_are_those_whose_file_and_rank_add_up_to_an_even_number() {
        for index in 0..64 {
            let square = Square::from_index(index).unwrap();
            let light = (square.file().index() + square.rank()).is_multiple_of(2);
            assert_eq!(LIGHT_SQUARES.contains(square), light, "{square}");
        }
    }
}
