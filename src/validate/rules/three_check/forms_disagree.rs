//! `fen::checks::forms_disagree`: the two three-check counters disagree.

use super::*;

declare_rule! {
    /// the two three-check counters disagree
    ///
    /// What: a FEN with both `W+B` (remaining) and `+W+B` (given) must say the same thing:
    /// remaining = 3 − given for each side.
    /// Why: readers pick one form or the other, and get different games.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1 +1+0`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1 +1+0`
    ChecksFormsDisagree => "fen::checks::forms_disagree", Error
}

/// `fen::checks::forms_disagree`.
pub(crate) fn check(check: &mut Check<'_, '_>) {
    let (Some(remaining), Some(given)) = (check.tree.remaining_checks(), check.tree.given_checks())
    else {
        return;
    };
    let read = |counters: CheckCounters<'_, '_>| Some((counters.white()?, counters.black()?));
    let (Some((rw, rb)), Some((gw, gb))) = (read(remaining), read(given)) else {
        return;
    };
    // Counters are read as `u32`: sum them wide, so that `4294967295+0` cannot wrap to a match.
    let sums_to_three = |a: u32, b: u32| u64::from(a).saturating_add(u64::from(b)) == 3;
    if sums_to_three(rw, gw) && sums_to_three(rb, gb) {
        return;
    }
    report(check, (remaining, given), [rw, rb, gw, gb]);
}

/// Reports the counters `remaining` and `given`, whose counts `[rw, rb, gw, gb]` disagree: out of
/// line, for the checks above are run on every FEN.
fn report(
    check: &mut Check<'_, '_>,
    (remaining, given): (CheckCounters<'_, '_>, CheckCounters<'_, '_>),
    [rw, rb, gw, gb]: [u32; 4],
) {
    check.report(
        Diagnostic::new(
            Code::ChecksFormsDisagree,
            format!(
                "checks remaining `{rw}+{rb}` and given `+{gw}+{gb}` disagree, expected remaining = 3 − given"
            ),
        )
        .primary(given.span(), "checks given")
        .secondary(remaining.span(), "checks remaining")
        .help("Keep one form (tools read one or the other); `+W+B` after the counters is Scidb's and lichess's."),
    );
}
