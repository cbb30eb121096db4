//! `fen::holdings::not_crazyhouse`: holdings in a variant without drops.

use super::*;

declare_rule! {
    /// holdings in a variant without drops
    ///
    /// What: holdings belong to crazyhouse; checked as another variant, they mean nothing.
    /// Why: tools that read the FEN as standard chess drop or reject them.
    /// Bad (checked as standard chess): `4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    HoldingsNotCrazyhouse => "fen::holdings::not_crazyhouse", Warning
}

/// `fen::holdings::not_crazyhouse`: holdings checked as another variant.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    // A ninth `/` group not read as holdings is `crazyhouse::slash_group`'s.
    if check.variant == Variant::Crazyhouse || check.slash_group {
        return;
    }
    let Some(holdings) = check.tree.holdings() else {
        return;
    };
    report(check, holdings.span());
}

/// Reports the holdings at `span`: out of line, for the checks above are run on every FEN.
fn report(check: &mut Check<'_, '_>, span: crate::Span) {
    let variant = format!("{:?}", check.variant).to_lowercase();
    check.report(
        Diagnostic::new(
            Code::HoldingsNotCrazyhouse,
            format!("holdings in a {variant} position, expected none outside crazyhouse"),
        )
        .primary(span, "crazyhouse holdings")
        .help("Remove the holdings, or check the FEN as crazyhouse."),
    );
}
