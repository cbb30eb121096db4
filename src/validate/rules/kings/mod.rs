//! Kings: exactly one per side, not touching.

pub(crate) mod adjacent;
pub(crate) mod missing;
pub(crate) mod too_many;

use crate::position::{Bitboard, attacks};
use crate::validate::check::Check;
use crate::validate::message::Message;
use crate::{Code, Color, Diagnostic, Piece, Role};

fn king(color: Color) -> Piece {
    Piece {
        color,
        role: Role::King,
    }
}

/// Kings in the holdings, per colour (crazyhouse).
fn kings_in_hand(check: &Check<'_, '_>, color: Color) -> Vec<crate::Span> {
    check
        .tree
        .holdings()
        .map(|holdings| {
            holdings
                .pieces()
                .filter(|&(piece, _)| piece == king(color))
                .map(|(_, span)| span)
                .collect()
        })
        .unwrap_or_default()
}
