//! `fen::en_passant::halfmove_not_zero`: a halfmove clock other than 0 with an en-passant square.

use super::*;

declare_rule! {
    /// a halfmove clock other than 0 with an en-passant square
    ///
    /// What: an en-passant square means the last move was a pawn move, which resets the clock.
    /// Why: the two fields contradict each other; one of them is wrong.
    /// Bad: `4k3/8/8/8/4P3/8/8/4K3 b - e3 5 20`
    /// Good: `4k3/8/8/8/4P3/8/8/4K3 b - e3 0 20`
    EnPassantHalfmoveNotZero => "fen::en_passant::halfmove_not_zero", Warning
}

/// `fen::en_passant::halfmove_not_zero`: a double step resets the halfmove clock.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let Some((_, span)) = target(check) else {
        return;
    };
    let Some(clock) = check
        .halfmove_clock()
        .filter(|clock| clock.value() != Some(0))
    else {
        return;
    };
    if !clock.has_number() {
        return;
    }
    report(check, clock, span);
}

/// Reports the halfmove clock `clock`, not 0, with the en-passant square written at `span`: out
/// of line, for the checks above are run on every FEN.
fn report(
    check: &mut Check<'_, '_>,
    clock: crate::validate::check::CounterText<'_>,
    span: crate::Span,
) {
    check.report(
        Diagnostic::new(
            Code::EnPassantHalfmoveNotZero,
            // Built part by part (see `Message`): this rule fires often on corrupted input.
            Message::with_capacity(72_usize.saturating_add(clock.text().len()))
                .str("halfmove clock ")
                .input(clock.text())
                .str(" with an en-passant square, expected 0 after a pawn move"),
        )
        .primary(clock.span(), "not reset")
        .secondary(span, "a pawn just moved")
        .help("The double step was a pawn move, which resets the clock to 0; one of the two fields is wrong."),
    );
}
