//! `fen::holdings::too_much_material`: more pieces of a kind on the board and in hand than a game can have.

use super::*;

declare_rule! {
    /// more pieces of a kind on the board and in hand than a game can have
    ///
    /// What: in crazyhouse, board and holdings together hold what both sides started with:
    /// 16 pawns, 4 knights, 4 bishops, 4 rooks, 2 queens, pieces marked `~` counted as pawns.
    /// Why: captured pieces change sides but are never created.
    /// Bad: `4k3/8/8/8/8/8/8/4K3[QQQ] w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3[QQ] w - - 0 1`
    HoldingsTooMuchMaterial => "fen::holdings::too_much_material", Error
}

/// `fen::holdings::too_much_material`: board and holdings together hold more of a kind than the
/// two sides started with (promoted pieces counted as pawns).
#[allow(
    clippy::arithmetic_side_effects,
    reason = "piece counts are below 256 each, summed in `u32`"
)]
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if check.variant != Variant::Crazyhouse {
        return;
    }
    let position = check.position;
    let holdings = position.holdings.unwrap_or_default();
    // Per role, in `Role::ALL` order: promoted pieces (the king never is) count as pawns.
    let board = &position.board;
    let promoted = position.promoted & !board.by_role(Role::King);
    let on_board = Role::ALL.map(|role| {
        let set = board.by_role(role);
        if role == Role::Pawn {
            (set | promoted).count()
        } else {
            (set & !promoted).count()
        }
    });
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
        report(check, role, limit, board, hand);
    }
}

/// Reports the `board` pieces of `role` on the board and the `hand` in hand, more than `limit`:
/// out of line, for the checks above are run on every FEN.
fn report(check: &mut Check<'_, '_>, role: Role, limit: u32, board: u32, hand: u32) {
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
