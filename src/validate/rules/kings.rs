//! Kings: exactly one per side, not touching.

use crate::position::{Bitboard, attacks};
use crate::validate::Check;
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

/// `fen::kings::missing`: a side has no king on the board.
pub(crate) fn missing(check: &mut Check<'_, '_>) {
    for color in [Color::White, Color::Black] {
        if check.position.board.squares_of(king(color)).is_empty() {
            let letter = king(color).letter();
            let span = check.placement_span();
            check.report(
                Diagnostic::new(
                    Code::KingsMissing,
                    format!("no {color} king on the board, expected one `{letter}`"),
                )
                .primary(span, format!("no `{letter}` in the placement"))
                .help(format!(
                    "Every position needs one king per side; add the {color} king (`{letter}`) on its square."
                )),
            );
        }
    }
}

/// `fen::kings::too_many`: more than one king of a colour, holdings included.
pub(crate) fn too_many(check: &mut Check<'_, '_>) {
    for color in [Color::White, Color::Black] {
        let on_board = check.position.board.squares_of(king(color));
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

/// `fen::kings::adjacent`: the kings touch.
pub(crate) fn adjacent(check: &mut Check<'_, '_>) {
    let board = &check.position.board;
    let (Some(white), Some(black)) = (board.king_of(Color::White), board.king_of(Color::Black))
    else {
        return;
    };
    if !attacks(white, Role::King, Color::White, Bitboard::EMPTY).contains(black) {
        return;
    }
    let (white_span, black_span) = (check.square_span(white), check.square_span(black));
    check.report(
        Diagnostic::new(
            Code::KingsAdjacent,
            format!("kings on {white} and {black} next to each other, expected at least one square between them"),
        )
        .primary(black_span, format!("Black king on {black}"))
        .secondary(white_span, format!("White king on {white}"))
        .help("A king may never move next to the other king; move one of them away."),
    );
}
