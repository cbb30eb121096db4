//! Pawns and material: back-rank pawns, pawn and piece counts, promotion-aware material.

pub(crate) mod impossible_material;
pub(crate) mod pawns_on_back_rank;
pub(crate) mod pawns_too_many;
pub(crate) mod too_many_pieces;

use crate::position::Variant;
use crate::validate::Check;
use crate::{Code, Color, Diagnostic, Piece, Role, Square};

fn piece(color: Color, role: Role) -> Piece {
    Piece { color, role }
}

/// Whether `square` is a light square (a1 is dark).
#[allow(
    clippy::arithmetic_side_effects,
    reason = "board coordinates are below 9"
)]
fn is_light(square: Square) -> bool {
    (square.file().index() + square.rank()).is_multiple_of(2)
}

/// The pieces of `color` on the board, by role.
fn count(check: &Check<'_, '_>, color: Color, role: Role) -> u32 {
    check.position.board.squares_of(piece(color, role)).count()
}
