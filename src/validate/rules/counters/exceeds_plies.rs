//! `fen::halfmove_clock::exceeds_plies`: a halfmove clock larger than the number of half-moves played.

use super::*;

declare_rule! {
    /// a halfmove clock larger than the number of half-moves played
    ///
    /// What: the clock counts half-moves, so it is at most the half-moves since the start:
    /// `2 × (fullmove − 1)`, plus 1 with Black to move.
    /// Why: a larger clock cannot have been reached; one of the counters is wrong. Files of
    /// positions taken out of games often keep the halfmove clock and write 1 for the fullmove
    /// number, which they do not know; then the clock exceeds the plies on most of their lines.
    /// That is the file's convention, not a mistake on each line: the code is reported once per
    /// file, with the count of the others.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 30 10`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 18 10`
    HalfmoveExceedsPlies => "fen::halfmove_clock::exceeds_plies", Warning, once per file
}

/// `fen::halfmove_clock::exceeds_plies`.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if check.usual_counters {
        return;
    }
    let (Some((halfmove, clock)), Some((fullmove, number))) = (
        value(check.halfmove_clock()),
        value(check.fullmove_number()),
    ) else {
        return;
    };
    if halfmove > MAX_COUNTER || fullmove > MAX_COUNTER {
        return;
    }
    // A fullmove number of 0 is read as 1, as most readers do and as the fix of
    // `fen::fullmove_number::zero` writes it: the clock must fit that move too, so that the fix
    // does not bring a new problem to light.
    let plies = fullmove
        .max(1)
        .saturating_sub(1)
        .saturating_mul(2)
        .saturating_add(u64::from(check.position.turn == Color::Black));
    if halfmove <= plies {
        return;
    }
    report(check, (halfmove, clock), (fullmove, number), plies);
}

/// Reports the halfmove clock `clock` of value `halfmove`, beyond the `plies` half-moves played
/// before move `fullmove` (written `number`): out of line, for the checks above are run on every
/// FEN.
fn report(
    check: &mut Check<'_, '_>,
    (halfmove, clock): (u64, CounterText<'_>),
    (fullmove, number): (u64, CounterText<'_>),
    plies: u64,
) {
    let (read_as, move_label) = if fullmove == 0 {
        (" (read as move 1)", "move 0, read as 1".to_owned())
    } else {
        ("", format!("move {fullmove}"))
    };
    check.report(
        Diagnostic::new(
            Code::HalfmoveExceedsPlies,
            format!(
                "halfmove clock {halfmove} at move {fullmove}{read_as}, expected at most the {plies} half-move{} played",
                if plies == 1 { "" } else { "s" }
            ),
        )
        .primary(clock.span(), "more half-moves than played")
        .secondary(number.span(), move_label)
        .help(if fullmove <= 1 {
            "The clock counts half-moves since the last capture or pawn move, so it cannot exceed the half-moves since the start; a fullmove number of 1 is often written when the real one is not known: write the real move number if you know it."
        } else {
            "The clock counts half-moves since the last capture or pawn move, so it cannot exceed the half-moves since the start; one of the counters is wrong."
        }),
    );
}

#[cfg(test)]
mod tests {
    use crate::{Fix, Validator};

    /// The codes and the messages of `fen`'s diagnostics.
    fn reported(fen: &str) -> Vec<(String, String)> {
        let lint = Validator::new().lint(fen);
        let found = lint.diagnostics().iter();
        found
            .map(|d| (d.code().name().to_owned(), d.message().to_owned()))
            .collect()
    }

    /// Fullmove 0 is read as move 1, as its fix writes it: a clock too large for move 1 is
    /// reported before the fix, not only after it.
    #[test]
    fn a_fullmove_number_of_0_is_read_as_move_1() {
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 30 0";
        let before = reported(fen);
        assert!(before.contains(&(
            "fen::halfmove_clock::exceeds_plies".to_owned(),
            "halfmove clock 30 at move 0 (read as move 1), expected at most the 0 half-moves played"
                .to_owned()
        )));
        let lint = Validator::new().lint(fen);
        let fixes: Vec<&Fix> = lint.diagnostics().iter().filter_map(|d| d.fix()).collect();
        assert_eq!(fixes.len(), 1, "only fullmove 0 has a fix");
        let fixed = fixes[0].apply(fen, 0).unwrap();
        let after: Vec<String> = reported(&fixed).into_iter().map(|(code, _)| code).collect();
        assert_eq!(after, ["fen::halfmove_clock::exceeds_plies"]);
        // A clock that move 1 allows: fullmove 0 alone.
        let codes: Vec<String> = reported("4k3/8/8/8/8/8/8/4K3 b - - 1 0")
            .into_iter()
            .map(|(code, _)| code)
            .collect();
        assert_eq!(codes, ["fen::fullmove_number::zero"]);
    }
}
