//! `fen::placement::promoted_pawn_or_king`: a promoted marker on a pawn or a king.

use super::*;

declare_rule! {
    /// a promoted marker on a pawn or a king
    ///
    /// What: `~` marks a piece promoted from a pawn; pawns and kings are never promoted pieces.
    /// Why: the marker is meaningless there, and tools drop it silently.
    /// Bad: `4k3/8/8/8/8/8/4P~3/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/4P3/4K3 w - - 0 1`
    PlacementPromotedPawnOrKing => "fen::placement::promoted_pawn_or_king", Warning
}

/// `fen::placement::promoted_pawn_or_king`.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    // Only a board with a `~` after a pawn or king letter can draw it.
    let marked_pawn_or_king = check.position.promoted
        & (check.position.board.by_role(Role::Pawn) | check.position.board.by_role(Role::King));
    if marked_pawn_or_king.is_empty() {
        return;
    }
    report(check);
}

/// Reports each `~` after a pawn or a king: out of line, for the check above is run on every
/// FEN.
fn report(check: &mut Check<'_, '_>) {
    let Some(placement) = check.tree.placement() else {
        return;
    };
    let marked: Vec<_> = placement
        .ranks()
        .flat_map(|rank| rank.items())
        .filter_map(|item| match item {
            RankItem::Piece {
                piece,
                promoted: Some(marker),
                span,
            } if matches!(piece.role, Role::Pawn | Role::King) => Some((piece, span, marker)),
            _ => None,
        })
        .collect();
    for (piece, span, marker) in marked {
        check.report(
            Diagnostic::new(
                Code::PlacementPromotedPawnOrKing,
                format!("promoted marker `~` on a {piece}, expected it only on promoted pieces"),
            )
            .primary(marker, "meaningless here")
            .secondary(span, format!("{piece}"))
            .help("A pawn or a king is never a promoted piece; remove the `~`.")
            .with_fix(marker, ""),
        );
    }
}
