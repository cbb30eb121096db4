//! The note after a file whose positions, all or nine in ten, break the rules of chess and not
//! its notation: the mark of a variant that fenlint does not know (Horde's 36 pawns and no
//! White king, Antichess's missing kings, five-check's counts of 5), in a file that does not
//! say so. Its errors are true
//! for chess and useless for the file; the note names `--variant syntax`, which checks the
//! notation alone.

use fenlint::{Diagnostic, Severity, Validator};

/// Fewer positions than this say nothing about a file: one or two broken positions are as
/// likely a user's test as a variant.
const AT_LEAST: usize = 3;

/// The share of a file's positions, in percent, that must break the rules for the note: a
/// variant's positions are sometimes legal chess as well (an Antichess position with both
/// kings on the board), a file of chess positions all but never breaks them so often.
const SHARE_PERCENT: usize = 90;

/// What the positions of one file were found to be, for the note.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verdicts {
    /// The positions read.
    positions: usize,
    /// Those with an error of a rule of chess other than the castling rules, and no error of
    /// the notation.
    against_the_rules: usize,
}

impl Verdicts {
    /// Adds the position whose diagnostics (with the severities in force) are `diagnostics`.
    pub fn add(&mut self, diagnostics: &[Diagnostic]) {
        self.positions = self.positions.saturating_add(1);
        let errors = || {
            diagnostics
                .iter()
                .filter(|diagnostic| diagnostic.severity() == Severity::Error)
        };
        // Castling rights the board does not allow say nothing of a variant: they are what
        // odds books keep (`KQkq` with a rook given away) and what a stale FEN keeps.
        let beyond_castling =
            |error: &Diagnostic| !error.code().name().starts_with("fen::castling::");
        // A check count above 3 is the notation of three-check and the rule of another
        // N-check variant (five-check's `5+5`), which `--variant syntax` reads.
        let of_a_variant = |error: &Diagnostic| {
            error.code().is_rule() || error.code() == fenlint::Code::ChecksCountOutOfRange
        };
        if errors().all(of_a_variant) && errors().any(beyond_castling) {
            self.against_the_rules = self.against_the_rules.saturating_add(1);
        }
    }

    /// The note for the file `name`, checked with `validator`, when it has one.
    pub fn note(&self, name: &str, validator: &Validator) -> Option<String> {
        let enough = self.positions >= AT_LEAST
            && self.against_the_rules.saturating_mul(100)
                >= self.positions.saturating_mul(SHARE_PERCENT);
        if !enough || validator.is_syntax_only() {
            return None;
        }
        let which = if self.against_the_rules == self.positions {
            format!(
                "each of its {} positions breaks the rules of chess and none its notation",
                self.positions
            )
        } else {
            format!(
                "{} of its {} positions break the rules of chess and not its notation",
                self.against_the_rules, self.positions
            )
        };
        Some(format!(
            "fenlint: note: {name}: {which}; if the file holds a variant fenlint does not know \
             (Horde, Antichess, five-check, …), `--variant syntax` checks the notation alone"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdicts(fens: &[&str]) -> Verdicts {
        let mut verdicts = Verdicts::default();
        for fen in fens {
            verdicts.add(fenlint::lint(fen).diagnostics());
        }
        verdicts
    }

    const HORDE: &str =
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
    const VALID: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const BAD_SYNTAX: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";

    #[test]
    fn a_file_whose_every_position_breaks_only_the_rules_gets_the_note() {
        let validator = Validator::new();
        let note = verdicts(&[HORDE; 3]).note("horde.fen", &validator).unwrap();
        assert!(
            note.contains("horde.fen: each of its 3 positions"),
            "{note}"
        );
        assert!(note.contains("--variant syntax"), "{note}");
        // Not when the file is checked for its syntax already, and not for fewer positions.
        assert_eq!(
            verdicts(&[HORDE; 3]).note("h", &validator.clone().syntax()),
            None
        );
        assert_eq!(verdicts(&[HORDE; 2]).note("h", &validator), None);
    }

    #[test]
    fn one_valid_position_or_one_broken_notation_means_no_note() {
        let validator = Validator::new();
        assert_eq!(verdicts(&[HORDE, HORDE, VALID]).note("h", &validator), None);
        assert_eq!(
            verdicts(&[HORDE, HORDE, BAD_SYNTAX]).note("h", &validator),
            None
        );
        assert_eq!(verdicts(&[VALID; 4]).note("h", &validator), None);
    }

    /// Five-check counters are three-check's notation with counts it does not allow, which
    /// only the notation of N-check reads.
    #[test]
    fn check_counts_above_three_are_the_sign_of_a_variant() {
        let five_check = "r1bqkbnr/pppppppp/2n5/1B6/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 5+5 2 2";
        let codes: Vec<&str> = fenlint::lint(five_check)
            .diagnostics()
            .iter()
            .map(|d| d.code().name())
            .collect();
        assert_eq!(codes, ["fen::checks::count_out_of_range"; 2]);
        let note = verdicts(&[five_check; 3]).note("5check.epd", &Validator::new());
        assert!(note.is_some_and(|note| note.contains("--variant syntax")));
    }

    #[test]
    fn nine_positions_in_ten_are_enough() {
        let validator = Validator::new();
        let mut fens = [HORDE; 10];
        fens[4] = VALID;
        let note = verdicts(&fens).note("h", &validator).unwrap();
        assert!(
            note.contains(
                "h: 9 of its 10 positions break the rules of chess and not its notation;"
            ),
            "{note}"
        );
        let mut fens = [HORDE; 9];
        fens[4] = VALID;
        assert_eq!(verdicts(&fens).note("h", &validator), None, "8 in 9");
    }

    #[test]
    fn castling_rights_the_board_does_not_allow_are_no_sign_of_a_variant() {
        // An odds book: the rook on a1 given away, `KQkq` kept, on every line.
        let rook_odds = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1";
        assert!(
            fenlint::lint(rook_odds)
                .diagnostics()
                .iter()
                .any(|d| d.code().name() == "fen::castling::no_rook")
        );
        let validator = Validator::new();
        assert_eq!(verdicts(&[rook_odds; 4]).note("odds.epd", &validator), None);
    }
}
