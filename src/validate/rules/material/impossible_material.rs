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
        if within_starting_set(&check.position.board, color) {
            continue; // Nothing promoted.
        }
        report(check, color);
    }
}

/// Reports the pieces of `color` beyond its starting set, if more than its missing pawns: out of
/// line, for the checks above are run on every FEN.
fn report(check: &mut Check<'_, '_>, color: Color) {
    let pawns = count(check, color, Role::Pawn);
    if pawns > 8 || check.position.board.by_color(color).count() > 16 {
        return; // Reported by the more specific rules above.
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
        return;
    }
    // Built part by part (see `Message`): the extras listed with ", " between them.
    let mut message = Message::with_capacity(128)
        .color(color)
        .str(" has ")
        .number(u64::from(pawns))
        .str(if pawns == 1 {
            " pawn and "
        } else {
            " pawns and "
        });
    let mut first = true;
    for &(name, n) in extras.iter().filter(|&&(_, n)| n > 0) {
        if !first {
            message = message.str(", ");
        }
        first = false;
        message = message
            .number(u64::from(n))
            .str(" extra ")
            .str(name)
            .str(if n > 1 { "s" } else { "" });
    }
    let message = message
        .str(" (")
        .number(u64::from(promoted))
        .str(" promoted), expected at most 8 together");
    let missing = 8u32.saturating_sub(pawns);
    let label = Message::with_capacity(48)
        .number(u64::from(promoted))
        .str(" promoted, but only ")
        .number(u64::from(missing))
        .str(if missing == 1 {
            " pawn missing"
        } else {
            " pawns missing"
        });
    let span = check.placement_span();
    check.report(
        Diagnostic::new(Code::MaterialImpossible, message)
        .primary(span, label)
        .help("Every piece beyond the starting set was promoted from a pawn, so pawns plus promoted pieces are at most eight; remove pieces or pawns."),
    );
}

/// Whether `color` has no more queens, rooks, knights, light- and dark-square bishops than it
/// starts with so that nothing can have been promoted (more than eight pawns is
/// another rule's): a few mask
/// operations that settle the usual position before anything is counted.
fn within_starting_set(board: &crate::position::Board, color: Color) -> bool {
    let of = |role| board.squares_of(piece(color, role)).0;
    let bishops = of(Role::Bishop);
    at_most_one(of(Role::Queen))
        && at_most_two(of(Role::Rook))
        && at_most_two(of(Role::Knight))
        && at_most_one(bishops & LIGHT_SQUARES.0)
        && at_most_one(bishops & !LIGHT_SQUARES.0)
}

/// Whether `set` has at most one square.
fn at_most_one(set: u64) -> bool {
    set & set.wrapping_sub(1) == 0
}

/// Whether `set` has at most two squares.
fn at_most_two(set: u64) -> bool {
    at_most_one(set & set.wrapping_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One pawn, and one pawn missing, are said in the singular.
    #[test]
    fn one_pawn_is_one_pawn() {
        let found = |fen: &str| {
            let lint = crate::lint(fen);
            let diagnostic = lint
                .diagnostics()
                .iter()
                .find(|d| d.code() == Code::MaterialImpossible)
                .cloned()
                .unwrap_or_else(|| panic!("{fen}"));
            let label = diagnostic.labels()[0].text().to_owned();
            (diagnostic.message().to_owned(), label)
        };
        let (message, _) = found("qqqqk3/qqqqq3/8/8/8/8/p7/4K3 w - - 0 1");
        assert!(
            message.starts_with("Black has 1 pawn and 8 extra queens"),
            "{message}"
        );
        let (message, label) = found("qnbqkbnq/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1");
        assert!(
            message.starts_with("Black has 7 pawns and 2 extra queens"),
            "{message}"
        );
        assert_eq!(label, "2 promoted, but only 1 pawn missing");
    }

    #[test]
    fn the_set_size_tests_agree_with_a_count() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..10_000 {
            // Sparse sets, so that sizes 0 to 3 are all common.
            let set = rng.u64(..) & rng.u64(..) & rng.u64(..) & rng.u64(..) & rng.u64(..);
            assert_eq!(at_most_one(set), set.count_ones() <= 1, "{set:#x}");
            assert_eq!(at_most_two(set), set.count_ones() <= 2, "{set:#x}");
        }
    }
}
