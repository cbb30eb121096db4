//! Crazyhouse: holdings without kings, material that fits in one game, `~` only on promoted
//! pieces, and holdings only in crazyhouse.

use crate::position::Variant;
use crate::syntax::RankItem;
use crate::validate::Check;
use crate::{Code, Color, Diagnostic, Role};

/// `fen::holdings::king`.
pub(crate) fn king_in_holdings(check: &mut Check<'_, '_>) {
    let Some(holdings) = check.tree.holdings() else {
        return;
    };
    let kings: Vec<_> = holdings
        .pieces()
        .filter(|(piece, _)| piece.role == Role::King)
        .collect();
    for (king, span) in kings {
        check.report(
            Diagnostic::new(
                Code::HoldingsKing,
                format!("{king} in the holdings, expected captured pieces only"),
            )
            .primary(span, "kings are never captured")
            .help("Remove the king from the holdings; only pawns, knights, bishops, rooks and queens are held."),
        );
    }
}

/// `fen::holdings::too_much_material`: board and holdings together hold more of a kind than the
/// two sides started with (promoted pieces counted as pawns).
#[allow(
    clippy::arithmetic_side_effects,
    reason = "piece counts are below 256 each, summed in `u32`"
)]
pub(crate) fn too_much_material(check: &mut Check<'_, '_>) {
    if check.variant != Variant::Crazyhouse {
        return;
    }
    let position = check.position;
    let holdings = position.holdings.unwrap_or_default();
    let mut on_board = [0u32; 6];
    for (square, piece) in position.board.pieces() {
        let role = if position.promoted.contains(square) && piece.role != Role::King {
            Role::Pawn
        } else {
            piece.role
        };
        if let Some(slot) = Role::ALL
            .iter()
            .position(|&r| r == role)
            .and_then(|i| on_board.get_mut(i))
        {
            *slot = slot.saturating_add(1);
        }
    }
    let limits = [
        (Role::Pawn, 16),
        (Role::Knight, 4),
        (Role::Bishop, 4),
        (Role::Rook, 4),
        (Role::Queen, 2),
    ];
    for (index, (role, limit)) in limits.into_iter().enumerate() {
        let board = on_board.get(index).copied().unwrap_or(0);
        let hand = u32::from(holdings.count(Color::White, role))
            + u32::from(holdings.count(Color::Black, role));
        if board.saturating_add(hand) <= limit {
            continue;
        }
        let span = check
            .tree
            .holdings()
            .map_or_else(|| check.placement_span(), |holdings| holdings.span());
        let promoted = if role == Role::Pawn {
            " (promoted pieces included)"
        } else {
            ""
        };
        check.report(
            Diagnostic::new(
                Code::HoldingsTooMuchMaterial,
                format!(
                    "{} {role}s on the board and in hand{promoted}, expected at most {limit}",
                    board.saturating_add(hand)
                ),
            )
            .primary(span, format!("{hand} in hand"))
            .help(format!(
                "Both sides together start with {limit} {role}s; captures move pieces into the holdings but never create them."
            )),
        );
    }
}

/// `fen::holdings::not_crazyhouse`: holdings checked as another variant.
pub(crate) fn not_crazyhouse(check: &mut Check<'_, '_>) {
    if check.variant == Variant::Crazyhouse {
        return;
    }
    let Some(holdings) = check.tree.holdings() else {
        return;
    };
    let variant = format!("{:?}", check.variant).to_lowercase();
    check.report(
        Diagnostic::new(
            Code::HoldingsNotCrazyhouse,
            format!("holdings in a {variant} position, expected none outside crazyhouse"),
        )
        .primary(holdings.span(), "crazyhouse holdings")
        .help("Remove the holdings, or check the FEN as crazyhouse."),
    );
}

/// `fen::placement::promoted_pawn_or_king`.
pub(crate) fn promoted_pawn_or_king(check: &mut Check<'_, '_>) {
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
