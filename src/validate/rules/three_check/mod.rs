//! Three-check: the counters describe a game that is not over, or just ended with a check, and
//! appear only in three-check.

pub(crate) mod both_exhausted;
pub(crate) mod forms_disagree;
pub(crate) mod game_over_without_check;
pub(crate) mod not_three_check;

use crate::position::Variant;
use crate::syntax::CheckCounters;
use crate::validate::check::Check;
use crate::{Code, Color, Diagnostic, Span};

fn counters_span(check: &Check<'_, '_>) -> Option<Span> {
    check
        .tree
        .given_checks()
        .or_else(|| check.tree.remaining_checks())
        .map(|counters| counters.span())
}

/// The checks each side has given, when both counts are in range: counts above 3 are syntax
/// errors of their own (`fen::checks::count_out_of_range`) and get no further verdict.
fn checks_given(check: &Check<'_, '_>) -> Option<[u8; 2]> {
    check
        .position
        .checks_given
        .filter(|counts| counts.iter().all(|&n| n <= 3))
}
