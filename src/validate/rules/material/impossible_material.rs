//! `fen::material::impossible`: more promoted pieces than missing pawns.

use super::*;

declare_rule! {
    /// more promoted pieces than missing pawns
    ///
    /// What: every queen beyond one, rook or knight beyond two, and light- or dark-square bishop
    /// beyond one must have been a pawn, so pawns plus these extras are at most eight.
    /// Why: a side with eight pawns and two queens has a queen from nowhere.
    /// Bad: `4k3/8/8/8/8/PPPPPPPP/8/QQ2K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/PPPPPPP1/8/QQ2K3 w - - 0 1`
    MaterialImpossible => "fen::material::impossible", Error
}

/// `fen::material::impossible`: pawns plus promoted extras exceed eight.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if check.variant == Variant::Crazyhouse {
        return;
    }
    for color in [Color::White, Color::Black] {
        let pawns = count(check, color, Role::Pawn);
        if pawns > 8 || check.position.board.by_color(color).count() > 16 {
            continue; // Reported by the more specific rules above.
        }
        let bishops = check.position.board.squares_of(piece(color, Role::Bishop));
        let light = (bishops & LIGHT_SQUARES).count();
        let dark = bishops.count().saturating_sub(light);
        let extras = [
            ("queen", count(check, color, Role::Queen).saturating_sub(1)),
            ("rook", count(check, color, Role::Rook).saturating_sub(2)),
            (
                "knight",
                count(check, color, Role::Knight).saturating_sub(2),
            ),
            ("light-square bishop", light.saturating_sub(1)),
            ("dark-square bishop", dark.saturating_sub(1)),
        ];
        let promoted: u32 = extras.iter().map(|&(_, n)| n).sum();
        if pawns.saturating_add(promoted) <= 8 {
            continue;
        }
        let list: Vec<String> = extras
            .iter()
            .filter(|&&(_, n)| n > 0)
            .map(|&(name, n)| format!("{n} extra {name}{}", if n > 1 { "s" } else { "" }))
            .collect();
        let span = check.placement_span();
        check.report(
            Diagnostic::new(
                Code::MaterialImpossible,
                format!(
                    "{color} has {pawns} pawns and {} ({promoted} promoted), expected at most 8 together",
                    list.join(", ")
                ),
            )
            .primary(span, format!("{promoted} promoted, but only {} pawns missing", 8u32.saturating_sub(pawns)))
            .help("Every piece beyond the starting set was promoted from a pawn, so pawns plus promoted pieces are at most eight; remove pieces or pawns."),
        );
    }
}
