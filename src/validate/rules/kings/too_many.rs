//! `fen::kings::too_many`: a side has more than one king.

use super::*;

declare_rule! {
    /// a side has more than one king
    ///
    /// What: at most one king per side, counting a king in crazyhouse holdings.
    /// Why: a second king cannot arise in a game (kings are never promoted to or dropped).
    /// Bad: `k7/8/8/8/8/8/8/KK6 w - - 0 1`
    /// Good: `k7/8/8/8/8/8/8/K7 w - - 0 1`
    KingsTooMany => "fen::kings::too_many", Error
}

/// `fen::kings::too_many`: more than one king of a colour, holdings included.
#[inline(always)]
pub(crate) fn check(check: &mut Check<'_, '_>) {
    // Usually each side has its one king on the board and none in hand.
    if check.position.holdings.is_none()
        && check.king(Color::White).is_some()
        && check.king(Color::Black).is_some()
    {
        return;
    }
    for color in [Color::White, Color::Black] {
        let on_board = check.position.board.squares_of(king(color));
        let held = check
            .position
            .holdings
            .map_or(0, |holdings| holdings.count(color, Role::King));
        // At most one king on the board and none in hand, without counting.
        if held == 0 && !on_board.has_more_than_one() {
            continue;
        }
        if on_board.count().saturating_add(u32::from(held)) <= 1 {
            continue;
        }
        let in_hand = kings_in_hand(check, color);
        let total = (on_board.count() as usize).saturating_add(in_hand.len());
        if total <= 1 {
            continue;
        }
        let mut spans: Vec<_> = on_board.squares().map(|s| check.square_span(s)).collect();
        spans.extend(in_hand);
        spans.sort();
        let mut diagnostic = Diagnostic::new(
            Code::KingsTooMany,
            format!("{total} {color} kings, expected one"),
        );
        for (index, span) in spans.into_iter().enumerate() {
            diagnostic = if index == 0 {
                diagnostic.primary(span, format!("{color} king"))
            } else {
                diagnostic.secondary(span, "another one")
            };
        }
        check.report(diagnostic.help(format!(
            "Keep one {color} king: kings are never captured, promoted to or dropped."
        )));
    }
}
