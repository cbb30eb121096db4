//! `fen::material::too_many_pieces`: a side has more than sixteen pieces.

use super::*;

declare_rule! {
    /// a side has more than sixteen pieces
    ///
    /// What: each side starts with sixteen pieces, pawns and king included.
    /// Why: no move adds a piece (in crazyhouse, count board and holdings together: up to 32).
    /// Bad: `4k3/8/8/8/QQQQQQQQ/QQQQQQQQ/Q7/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    MaterialTooManyPieces => "fen::material::too_many_pieces", Error
}

/// `fen::material::too_many_pieces`: more than sixteen pieces of a colour.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if check.variant == Variant::Crazyhouse {
        return;
    }
    for color in [Color::White, Color::Black] {
        let pieces = check.position.board.by_color(color).count();
        if pieces <= 16 {
            continue;
        }
        report(check, color, pieces);
    }
}

/// Reports the `pieces` pieces of `color`, more than sixteen: out of line, for the checks above
/// are run on every FEN.
fn report(check: &mut Check<'_, '_>, color: Color, pieces: u32) {
    let span = check.placement_span();
    check.report(
        Diagnostic::new(
            Code::MaterialTooManyPieces,
            // Built part by part (see `Message`), the help fixed per colour.
            Message::with_capacity(40)
                .number(u64::from(pieces))
                .char(' ')
                .color(color)
                .str(" pieces, expected at most 16"),
        )
        .primary(
            span,
            Message::with_capacity(24)
                .number(u64::from(pieces))
                .char(' ')
                .color(color)
                .str(" pieces here"),
        )
        .help(match color {
            Color::White => {
                "White starts with sixteen pieces, pawns and king included, and no move adds one."
            }
            Color::Black => {
                "Black starts with sixteen pieces, pawns and king included, and no move adds one."
            }
        }),
    );
}
