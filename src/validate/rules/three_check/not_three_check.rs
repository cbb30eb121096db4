//! `fen::checks::not_three_check`: three-check counters in another variant.

use super::*;

declare_rule! {
    /// three-check counters in another variant
    ///
    /// What: the `W+B` (checks remaining) and `+W+B` (checks given) counters belong to
    /// three-check; checked as another variant, they mean nothing.
    /// Why: tools that read the FEN as standard chess reject the extra field, or read `3+3` as
    /// the halfmove clock.
    /// Bad (checked as standard chess): `4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    ChecksNotThreeCheck => "fen::checks::not_three_check", Warning
}

/// `fen::checks::not_three_check`: three-check counters checked as another variant.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    // Counters that cannot be read already draw `fen::checks::invalid`, and are no sign of
    // three-check.
    if check.variant == Variant::ThreeCheck || check.position.checks_given.is_none() {
        return;
    }
    report(check);
}

/// Reports the three-check counters: out of line, for the check above is run on every FEN.
fn report(check: &mut Check<'_, '_>) {
    let remaining = check
        .tree
        .remaining_checks()
        .map(|counters| counters.span());
    let given = check.tree.given_checks().map(|counters| counters.span());
    let (first, second) = match (remaining, given) {
        (Some(remaining), given) => (remaining, given),
        (None, Some(given)) => (given, None),
        (None, None) => return,
    };
    let variant = format!("{:?}", check.variant).to_lowercase();
    let mut diagnostic = Diagnostic::new(
        Code::ChecksNotThreeCheck,
        format!("three-check counters in a {variant} position, expected none outside three-check"),
    )
    .primary(first, "three-check counters");
    if let Some(second) = second {
        diagnostic = diagnostic.secondary(second, "three-check counters");
    }
    check.report(diagnostic.help("Remove the counters, or check the FEN as three-check."));
}
