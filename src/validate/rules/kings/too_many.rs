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
        report(check, color, on_board);
    }
}

/// Reports `color`'s kings, those on the board on `on_board` and those in hand, if more than
/// one: out of line, for the checks above are run on every FEN. The texts are built part by part
/// (see `Message`): this rule fires often on corrupted input.
fn report(check: &mut Check<'_, '_>, color: Color, on_board: Bitboard) {
    let in_hand = kings_in_hand(check, color);
    let total = (on_board.count() as usize).saturating_add(in_hand.len());
    if total <= 1 {
        return;
    }
    let mut spans: Vec<_> = on_board.squares().map(|s| check.square_span(s)).collect();
    spans.extend(in_hand);
    spans.sort();
    let message = message(total, color);
    let (label, help) = match color {
        Color::White => (
            "White king",
            "Keep one White king: kings are never captured, promoted to or dropped.",
        ),
        Color::Black => (
            "Black king",
            "Keep one Black king: kings are never captured, promoted to or dropped.",
        ),
    };
    let mut diagnostic = Diagnostic::new(Code::KingsTooMany, message);
    for (index, span) in spans.into_iter().enumerate() {
        diagnostic = if index == 0 {
            diagnostic.primary(span, label)
        } else {
            diagnostic.secondary(span, "another one")
        };
    }
    check.report(diagnostic.help(help));
}

/// The message for `total` kings of `color`.
fn message(total: usize, color: Color) -> Message {
    Message::with_capacity(32)
        .number(total as u64)
        .char(' ')
        .color(color)
        .str(" kings, expected one")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_counts_the_kings() {
        assert_eq!(
            crate::diagnostics::Text::from(message(12, Color::White)),
            "12 White kings, expected one"
        );
    }
}
