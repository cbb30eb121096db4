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
    // With only `K`, `Q`, `k` and `q`, each there once, no colour has more than two letters
    // and no side of a king more than one.
    if !check.has_castling_rights || !check.castling.has_other_letters() {
        return;
    }
    report(check);
}

/// Reports what [`check`] says, with file letters among the castling letters: out of line, for
/// the test above is run on every FEN.
fn report(check: &mut Check<'_, '_>) {
    for color in [Color::White, Color::Black] {
        if castling_king(check, color).is_none() && rights_of(check, color).count() > 2 {
            let mine: Vec<CastlingRight> = rights_of(check, color).collect();
            report_too_many(check, color, &mine, "castling rights", 2);
        }
    }
    for side in crowded_sides(check).into_iter().flatten() {
        if same_rook(check, side.first, side.second, side.more, side.king).is_some() {
            continue; // Two letters for one rook: `same_rook` reports it.
        }
        let king_file = side.king.file().index();
        let owned: Vec<CastlingRight> = rights_of(check, side.color)
            .filter(|right| {
                !on_king_file(right, king_file) && kingside(right, king_file) == side.kingside
            })
            .collect();
        let what = if side.kingside {
            "kingside castling rights"
        } else {
            "queenside castling rights"
        };
        report_too_many(check, side.color, &owned, what, 1);
    }
}
