//! `fen::castling::no_king`: a castling right without the king on its home square.

use super::*;

declare_rule! {
    /// a castling right without the king on its home square
    ///
    /// What: a side with a castling right has its king on its first rank (on e1/e8 in standard
    /// chess), between the rooks.
    /// Why: a king that has moved has lost its castling rights.
    /// Bad: `4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1`
    CastlingNoKing => "fen::castling::no_king", Error
}

/// `fen::castling::no_king`: a right whose king is not on its home square.
#[inline(always)]
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if !check.has_castling_rights {
        return;
    }
    for color in [Color::White, Color::Black] {
        let Some(first) = rights_of(check, color).next() else {
            continue;
        };
        if castling_king(check, color).is_some() {
            continue;
        }
        let home = if standard(check) {
            format!("on e{}", back_rank(color))
        } else {
            format!("on rank {}", back_rank(color))
        };
        let letters: String = rights_of(check, color)
            .map(|right| right.letter())
            .collect();
        let mut diagnostic = Diagnostic::new(
            Code::CastlingNoKing,
            format!("castling rights `{letters}` for {color}, expected the {color} king {home}"),
        )
        .primary(first.span(), "castling right");
        if let Some(king) = check.position.board.king_of(color) {
            diagnostic =
                diagnostic.secondary(check.square_span(king), format!("{color} king on {king}"));
        }
        check.report(diagnostic.help(format!(
            "A king that has moved cannot castle; remove {color}'s castling letters or put the king back {home}."
        )));
    }
}
