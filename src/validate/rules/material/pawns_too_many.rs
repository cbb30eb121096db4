//! `fen::pawns::too_many`: a side has more than eight pawns.

use super::*;

declare_rule! {
    /// a side has more than eight pawns
    ///
    /// What: each side starts with eight pawns and never gains one.
    /// Why: a ninth pawn cannot come from anywhere (in crazyhouse, pawns dropped from the
    /// holdings count too).
    /// Bad: `4k3/8/8/8/8/PPPPPPPP/P7/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/PPPPPPPP/8/4K3 w - - 0 1`
    PawnsTooMany => "fen::pawns::too_many", Error
}

/// `fen::pawns::too_many`: more than eight pawns of a colour (not in crazyhouse, where pawns
/// change sides and `fen::holdings::too_much_material` counts them).
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if check.variant == Variant::Crazyhouse {
        return;
    }
    for color in [Color::White, Color::Black] {
        let pawns = check.position.board.squares_of(piece(color, Role::Pawn));
        if pawns.count() <= 8 {
            continue;
        }
        report(check, color, pawns);
    }
}

/// Reports the pawns of `color`, on `pawns`, more than eight: out of line, for the checks above
/// are run on every FEN.
fn report(check: &mut Check<'_, '_>, color: Color, pawns: Bitboard) {
    let span = check.placement_span();
    check.report(
        Diagnostic::new(
            Code::PawnsTooMany,
            // Built part by part (see `Message`), the help fixed per colour.
            Message::with_capacity(40)
                .number(u64::from(pawns.count()))
                .char(' ')
                .color(color)
                .str(" pawns, expected at most 8"),
        )
        .primary(
            span,
            Message::with_capacity(24)
                .number(u64::from(pawns.count()))
                .char(' ')
                .color(color)
                .str(" pawns here"),
        )
        .help(match color {
            Color::White => {
                "White starts with eight pawns and never gains one; remove the extra pawns."
            }
            Color::Black => {
                "Black starts with eight pawns and never gains one; remove the extra pawns."
            }
        }),
    );
}
