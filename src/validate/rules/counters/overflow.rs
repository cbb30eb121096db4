//! `fen::counter::overflow`: a move counter too large to be real.

use super::*;

declare_rule! {
    /// a move counter too large to be real
    ///
    /// What: each counter is at most 4294967295 (2^32 - 1), the halfmove clock and the fullmove
    /// number alike (the halfmove clock is also at most the plies played, another rule).
    /// Why: larger numbers overflow in many tools (Scidb turns move numbers over 4095 into 0,
    /// shakmaty saturates).
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 999`
    CounterOverflow => "fen::counter::overflow", Error
}

/// `fen::counter::overflow`.
#[inline(always)]
pub(crate) fn check(check: &mut Check<'_, '_>) {
    if check.usual_counters {
        return;
    }
    // Usually both fit: said without copying the counters into a list.
    let fits = |counter: Option<CounterText<'_>>| {
        counter.is_none_or(|counter| {
            !counter.has_number() || counter.value().is_some_and(|value| value <= MAX_COUNTER)
        })
    };
    if fits(check.halfmove_clock) && fits(check.fullmove_number) {
        return;
    }
    report(check);
}

/// Reports each counter too large: out of line, for the check above is run on every FEN.
#[cold]
#[inline(never)]
fn report(check: &mut Check<'_, '_>) {
    for (name, counter) in [
        ("halfmove clock", check.halfmove_clock),
        ("fullmove number", check.fullmove_number),
    ] {
        let Some(counter) = counter.filter(|counter| counter.has_number()) else {
            continue;
        };
        if counter.value().is_some_and(|value| value <= MAX_COUNTER) {
            continue;
        }
        check.report(
            Diagnostic::new(
                Code::CounterOverflow,
                format!("{name} `{}` too large, expected at most {MAX_COUNTER}", crate::diagnostics::text::shown(counter.text())),
            )
            .primary(counter.span(), "does not fit in 32 bits")
            .help("No game is that long; many tools overflow or clamp such numbers. Write the real count."),
        );
    }
}
