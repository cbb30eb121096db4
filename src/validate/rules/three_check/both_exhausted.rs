//! `fen::checks::both_exhausted`: both sides have given three checks.

use super::*;

declare_rule! {
    /// both sides have given three checks
    ///
    /// What: the game ends at the third check, so only one side can have given three.
    /// Why: `+3+3` (or `0+0` remaining) is a game that went on after it was over.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 1 +3+3`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+2`
    ChecksBothExhausted => "fen::checks::both_exhausted", Error
}

/// `fen::checks::both_exhausted`.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let Some([white, black]) = checks_given(check) else {
        return;
    };
    if white < 3 || black < 3 {
        return;
    }
    report(check);
}

/// Reports both sides' third checks: out of line, for the checks above are run on every FEN.
fn report(check: &mut Check<'_, '_>) {
    let Some(span) = counters_span(check) else {
        return;
    };
    check.report(
        Diagnostic::new(
            Code::ChecksBothExhausted,
            "both sides have given three checks, expected at most one side",
        )
        .primary(span, "two third checks")
        .help("The game ends at the first side's third check; one of the counts is wrong."),
    );
}
