//! `fen::holdings::king`: a king in the crazyhouse holdings.

use super::*;

declare_rule! {
    /// a king in the crazyhouse holdings
    ///
    /// What: holdings hold captured pieces; a king is never captured.
    /// Why: a king in hand would be a second king once dropped.
    /// Bad: `4k3/8/8/8/8/8/8/4K3[K] w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1`
    HoldingsKing => "fen::holdings::king", Error
}

/// `fen::holdings::king`.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    // The position counts the pieces in hand: the holdings' nodes are walked only for a king.
    let in_hand = |color| {
        check
            .position
            .holdings
            .is_some_and(|holdings| holdings.count(color, Role::King) > 0)
    };
    if !in_hand(crate::Color::White) && !in_hand(crate::Color::Black) {
        return;
    }
    report(check);
}

/// Reports each king in the holdings: out of line, for the check above is run on every FEN.
fn report(check: &mut Check<'_, '_>) {
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
