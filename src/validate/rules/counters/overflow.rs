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
    if fits(check.halfmove_clock()) && fits(check.fullmove_number()) {
        return;
    }
    report(check);
}

/// Reports each counter too large: out of line, for the check above is run on every FEN.
fn report(check: &mut Check<'_, '_>) {
    for (name, counter) in [
        ("halfmove clock", check.halfmove_clock()),
        ("fullmove number", check.fullmove_number()),
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
                message(name, counter.text()),
            )
            .primary(counter.span(), "does not fit in 32 bits")
            .help("No game is that long; many tools overflow or clamp such numbers. Write the real count."),
        );
    }
}

/// The message for the counter `name` written `text`, as `format!("{name} `{text}` too large,
/// expected at most {MAX_COUNTER}")` with the text shown (see `text::shown`) would write it.
fn message(name: &str, text: &str) -> String {
    let mut message =
        String::with_capacity(name.len().saturating_add(text.len()).saturating_add(48));
    message.push_str(name);
    message.push_str(" `");
    crate::diagnostics::text::push_shown(&mut message, text);
    message.push_str("` too large, expected at most ");
    message.push_str(itoa::Buffer::new().format(MAX_COUNTER));
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_is_the_formatted_text() {
        for text in [
            "4294967296",
            "99999999999999999999999",
            "1\u{7}2",
            "0004294967296",
        ] {
            for name in ["halfmove clock", "fullmove number"] {
                assert_eq!(
                    message(name, text),
                    format!(
                        "{name} `{}` too large, expected at most {MAX_COUNTER}",
                        crate::diagnostics::text::shown(text)
                    )
                );
            }
        }
    }
}
