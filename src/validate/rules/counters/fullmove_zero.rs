//! `fen::fullmove_number::zero`: fullmove number 0.

use super::*;

declare_rule! {
    /// fullmove number 0
    ///
    /// What: the fullmove number starts at 1.
    /// Why: most tools read 0 as 1 silently; some reject it. Problem databases write `1 0` or
    /// `0 0` on every line when the move number is unknown: a convention of the file, so the
    /// code is reported once per file, with the count of the others.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 0`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    FullmoveZero => "fen::fullmove_number::zero", Warning, once per file
}

/// `fen::fullmove_number::zero`.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if check.usual_counters {
        return;
    }
    let Some((0, counter)) = value(check.fullmove_number()) else {
        return;
    };
    report(check, counter);
}

/// Reports the fullmove number `counter`, 0: out of line, for the check above is run on every
/// FEN.
fn report(check: &mut Check<'_, '_>, counter: CounterText<'_>) {
    check.report(
        Diagnostic::new(Code::FullmoveZero, "fullmove number 0, expected 1 or more")
            .primary(counter.span(), "moves are counted from 1")
            .help("Write `1` for the first move; most tools read 0 as 1 anyway.")
            .with_fix(counter.span(), "1"),
    );
}
