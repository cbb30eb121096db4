//! `fen::castling::too_many`: more than one castling right on one side of the king.

use super::*;

declare_rule! {
    /// more than one castling right on one side of the king
    ///
    /// What: a side castles at most once kingside and once queenside, so it has at most one right
    /// on each side of its king (two in all).
    /// Why: a second letter on one side names a second rook there, which no rule allows.
    /// Bad: `r3k2r/8/8/8/8/8/8/RR2K2R w KQB - 0 1`
    /// Good: `r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1`
    CastlingTooMany => "fen::castling::too_many", Error
}

/// Reports more than one right on one side of the king (or, with the king away from its rank,
/// more than two rights), unless they are two letters for one rook (`same_rook`).
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if !check.has_castling_rights {
        return;
    }
    let tree = check.tree;
    for color in [Color::White, Color::Black] {
        let Some(king) = castling_king(check, color) else {
            if rights_of(tree, color).count() > 2 {
                let mine: Vec<CastlingRight> = rights_of(tree, color).collect();
                report_too_many(check, color, &mine, "castling rights", 2);
            }
            continue;
        };
        for side in [true, false] {
            let same_side = || {
                rights_of(tree, color)
                    .filter(move |right| kingside(right, king.file().index()) == side)
            };
            let mut written = same_side();
            let (Some(first), Some(second)) = (written.next(), written.next()) else {
                continue;
            };
            if same_rook(check, first, second, written.next().is_some(), king).is_some() {
                continue; // Two letters for one rook: `same_rook` reports it.
            }
            let owned: Vec<CastlingRight> = same_side().collect();
            let what = if side {
                "kingside castling rights"
            } else {
                "queenside castling rights"
            };
            report_too_many(check, color, &owned, what, 1);
        }
    }
}
