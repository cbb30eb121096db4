//! `fen::placement::too_many_ranks` for a ninth `/` group that nothing says is crazyhouse
//! holdings: a rank too many, or a stray `/` after rank 1.

use super::*;

declare_rule! { reports PlacementTooManyRanks }

/// `fen::placement::too_many_ranks`: the ninth `/` group read as a rank (see
/// [`Check::slash_group`]).
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if !check.slash_group {
        return;
    }
    report(check);
}

/// Reports the ninth group, read from the tree: out of line, for the check above is run on
/// every FEN.
fn report(check: &mut Check<'_, '_>) {
    let Some(group) = check.tree.holdings() else {
        return;
    };
    let span = group.span();
    let text = group.text();
    let letters = text.get(1..).unwrap_or_default();
    if !letters
        .chars()
        .all(|letter| crate::Piece::from_letter(letter).is_some())
    {
        // Other characters: `fen::holdings::invalid_character` from the parser says so.
        return;
    }
    let diagnostic = if letters.is_empty() {
        Diagnostic::new(
            CODE,
            "`/` after rank 1, expected the end of the placement",
        )
        .primary(span, "nothing follows this `/`")
        .help("The placement ends with rank 1: remove the `/`. (Lichess writes empty crazyhouse holdings so: check the FEN as crazyhouse to read them.)")
        .with_fix(span, "")
    } else {
        Diagnostic::new(CODE, "found 9 ranks, expected 8")
            .primary(span, "a ninth rank")
            .help(format!(
                "List ranks 8 down to 1, and no more. If `{letters}` are crazyhouse holdings, write them in brackets, `[{letters}]`, or check the FEN as crazyhouse."
            ))
    };
    check.report(diagnostic);
}

#[cfg(test)]
mod tests {
    use crate::files::{FileKind, format_file};
    use crate::position::{Variant, WriteOptions};
    use crate::{Code, Severity, Validator};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

    fn codes(validator: &Validator, fen: &str) -> Vec<(Code, Severity)> {
        validator
            .lint(fen)
            .diagnostics()
            .iter()
            .map(|d| (d.code(), d.severity()))
            .collect()
    }

    #[test]
    fn a_stray_slash_after_rank_1_is_an_error_with_a_fix() {
        let fen = format!("{START}/ w KQkq - 0 1");
        let lint = crate::lint(&fen);
        assert_eq!(lint.diagnostics().len(), 1, "{:?}", lint.diagnostics());
        let diagnostic = &lint.diagnostics()[0];
        assert_eq!(diagnostic.code(), Code::PlacementTooManyRanks);
        assert_eq!(diagnostic.severity(), Severity::Error);
        assert_eq!(diagnostic.span(), crate::Span::new(43, 44));
        let fixed = diagnostic.fix().unwrap().apply(&fen, 0).unwrap();
        assert_eq!(fixed, format!("{START} w KQkq - 0 1"));
        assert!(crate::lint(&fixed).diagnostics().is_empty());
        // Read as standard chess: no holdings.
        assert_eq!(lint.variant(), Some(Variant::Standard));
        assert_eq!(lint.position().unwrap().holdings, None);
        // Checked as standard chess, the same error rather than the holdings warning.
        let standard = Validator::new().variant(Variant::Standard);
        assert_eq!(
            codes(&standard, &fen),
            [(Code::PlacementTooManyRanks, Severity::Error)]
        );
        // `fmt` leaves it alone rather than writing `[]`.
        let formatted = format_file(FileKind::Lines, fen.as_bytes(), &WriteOptions::default());
        assert_eq!(formatted.text, fen.as_bytes());
        assert_eq!(formatted.skipped, [1]);
    }

    #[test]
    fn a_ninth_group_of_piece_letters_is_a_rank_too_many() {
        for (fen, span) in [
            (format!("{START}/RNBQKBNR w KQkq - 0 1"), (43, 52)),
            (format!("{START}/Pp w KQkq - 0 1"), (43, 46)),
            // Nine real ranks: the first eight have pawns on rank 1 and no White king, which
            // the rules would report if they judged them.
            (
                "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
                (36, 45),
            ),
        ] {
            let lint = crate::lint(&fen);
            let found: Vec<Code> = lint.diagnostics().iter().map(|d| d.code()).collect();
            // One error, not the material and king errors of reading it as holdings.
            assert_eq!(found, [Code::PlacementTooManyRanks], "{fen}");
            let diagnostic = &lint.diagnostics()[0];
            assert_eq!(diagnostic.message(), "found 9 ranks, expected 8");
            assert_eq!(diagnostic.span(), crate::Span::new(span.0, span.1));
            assert!(
                diagnostic.fix().is_none(),
                "which rank is extra is not known"
            );
            assert!(diagnostic.help_text().unwrap().contains("in brackets"));
        }
    }

    #[test]
    fn crazyhouse_said_by_the_variant_or_a_promoted_marker_reads_holdings() {
        let crazyhouse = Validator::new().variant(Variant::Crazyhouse);
        for fen in [
            format!("{START}/ w KQkq - 0 1"),
            "rnbqkb1r/ppp1pppp/5n2/8/8/8/PPPP1PPP/RNBQKBNR/Pp w KQkq - 0 3".to_owned(),
        ] {
            assert_eq!(codes(&crazyhouse, &fen), [], "{fen}");
            let lint = crazyhouse.lint(&fen);
            assert!(lint.position().unwrap().holdings.is_some(), "{fen}");
        }
        // A `~` on the board says crazyhouse.
        let promoted = "rnbqkbnr/ppp1pppp/8/8/8/8/PP2PPPP/RNBQ~KBNR/Pp w KQkq - 0 1";
        let lint = crate::lint(promoted);
        assert!(lint.diagnostics().is_empty(), "{:?}", lint.diagnostics());
        assert_eq!(lint.variant(), Some(Variant::Crazyhouse));
        // So do bracket holdings, and checked as standard chess they are only a warning.
        let bracket = format!("{START}[] w KQkq - 0 1");
        assert!(crate::lint(&bracket).diagnostics().is_empty());
        assert_eq!(
            codes(&Validator::new().variant(Variant::Standard), &bracket),
            [(Code::HoldingsNotCrazyhouse, Severity::Warning)]
        );
    }

    #[test]
    fn a_pgn_variant_tag_says_crazyhouse() {
        let game = |variant: &str| {
            format!("{variant}[SetUp \"1\"]\n[FEN \"{START}/ w KQkq - 0 1\"]\n\n*\n")
        };
        let crazyhouse =
            crate::pgn::lint_pgn(&game("[Variant \"Crazyhouse\"]\n"), 0, &Validator::new());
        assert!(crazyhouse.is_empty(), "{crazyhouse:?}");
        let plain = crate::pgn::lint_pgn(&game(""), 0, &Validator::new());
        let found: Vec<Code> = plain.iter().map(|d| d.code()).collect();
        assert_eq!(found, [Code::PlacementTooManyRanks]);
    }
}
