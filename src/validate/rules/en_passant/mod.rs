//! The en-passant square: on the right rank, with the pushed pawn in front of it and the squares
//! it passed empty; consistent with the halfmove clock; worth writing only if a pawn can capture.

pub(crate) mod halfmove_not_zero;
pub(crate) mod no_pawn;
pub(crate) mod not_capturable;
pub(crate) mod not_empty;
pub(crate) mod wrong_rank;

use crate::position::attacks;
use crate::validate::check::Check;
use crate::validate::message::Message;
use crate::{Code, Color, Diagnostic, Piece, Role, Square};

/// The en-passant square and its span, when there is one.
fn target(check: &Check<'_, '_>) -> Option<(Square, crate::Span)> {
    // The position holds the field's square: without one, there is nothing to read.
    check.position.en_passant?;
    *check.en_passant.get_or_init(|| {
        let field = check.tree.en_passant()?;
        Some((field.square()?, field.span()))
    })
}

/// Where the pawn that made the double step stands and where it came from, when the square is on
/// the rank the side to move can capture on.
fn squares(check: &Check<'_, '_>, target: Square) -> Option<(Square, Square)> {
    let (pushed, from) = match (check.position.turn, target.rank()) {
        (Color::White, 6) => (5, 7),
        (Color::Black, 3) => (4, 2),
        _ => return None,
    };
    Some((
        Square::new(target.file(), pushed)?,
        Square::new(target.file(), from)?,
    ))
}
