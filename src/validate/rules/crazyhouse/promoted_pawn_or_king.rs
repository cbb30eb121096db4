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
    // Removing the markers is the fix, unless they are all that says crazyhouse and the board
    // holds more than a side has in standard chess (more than 8 pawns or 16 pieces), which
    // only crazyhouse drops explain: without them the FEN, read as its text suggests, would be
    // a standard position with too many pieces, and which was meant is not known.
    let board = &check.position.board;
    let only_sign_of_crazyhouse = !check.variant_given
        && check.position.holdings.is_none()
        && (check.position.promoted & !(board.by_role(Role::Pawn) | board.by_role(Role::King)))
            .is_empty();
    let crazyhouse_material = [Color::White, Color::Black].into_iter().any(|color| {
        let pieces = board.by_color(color);
        (pieces & board.by_role(Role::Pawn)).count() > 8 || pieces.count() > 16
    });
    let fix_changes_the_reading = only_sign_of_crazyhouse && crazyhouse_material;
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
        let diagnostic = Diagnostic::new(
            Code::PlacementPromotedPawnOrKing,
            format!("promoted marker `~` on a {piece}, expected it only on promoted pieces"),
        )
        .primary(marker, "meaningless here")
        .secondary(span, format!("{piece}"));
        check.report(if fix_changes_the_reading {
            diagnostic.help(
                "A pawn or a king is never a promoted piece; remove the `~`. It is all that marks this FEN as crazyhouse, whose drops explain the material on the board: for a crazyhouse position, also add its holdings after the board (`[]` for none).",
            )
        } else {
            diagnostic
                .help("A pawn or a king is never a promoted piece; remove the `~`.")
                .with_fix(marker, "")
        });
    }
}
