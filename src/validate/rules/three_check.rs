//! Three-check: the counters describe a game that is not over, or just ended with a check.

use crate::syntax::CheckCounters;
use crate::validate::Check;
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

/// `fen::checks::both_exhausted`.
pub(crate) fn both_exhausted(check: &mut Check<'_, '_>) {
    let Some([white, black]) = checks_given(check) else {
        return;
    };
    let Some(span) = counters_span(check).filter(|_| white >= 3 && black >= 3) else {
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

/// `fen::checks::game_over_without_check`.
pub(crate) fn game_over_without_check(check: &mut Check<'_, '_>) {
    let Some([white, black]) = checks_given(check) else {
        return;
    };
    let winner = match (white >= 3, black >= 3) {
        (true, false) => Color::White,
        (false, true) => Color::Black,
        _ => return,
    };
    let loser = winner.other();
    let board = &check.position.board;
    let in_check = board
        .king_of(loser)
        .is_some_and(|king| !board.attackers_of(king, winner).is_empty());
    if check.position.turn == loser && in_check {
        return;
    }
    let Some(span) = counters_span(check) else {
        return;
    };
    let why = if check.position.turn != loser {
        format!("{winner} to move")
    } else {
        format!("the {loser} king not in check")
    };
    check.report(
        Diagnostic::new(
            Code::ChecksGameOverWithoutCheck,
            format!("{winner} has given three checks with {why}, expected {loser} to move and in check"),
        )
        .primary(span, format!("{winner}'s third check"))
        .help("The third check ends the game at once, so it was the last move: the other side is to move and in check. Otherwise the count is wrong."),
    );
}

/// `fen::checks::forms_disagree`.
pub(crate) fn forms_disagree(check: &mut Check<'_, '_>) {
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
