//! `fen::checks::game_over_without_check`: three checks given, but the other king is not in check.

use super::*;

declare_rule! {
    /// three checks given, but the other king is not in check
    ///
    /// What: a side that has given its third check has just moved, so the other king is in
    /// check now and the game is over.
    /// Why: otherwise the third check was given earlier and the game went on after it ended.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 b - - 0 1 +3+0`
    /// Good: `4k3/8/8/8/8/8/4R3/K7 b - - 0 1 +3+0`
    ChecksGameOverWithoutCheck => "fen::checks::game_over_without_check", Error
}

/// `fen::checks::game_over_without_check`.
pub(crate) fn check(check: &mut Check<'_, '_>) {
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
    report(check, winner);
}

/// Reports `winner`'s third check, with the game going on: out of line, for the checks above are
/// run on every FEN.
fn report(check: &mut Check<'_, '_>, winner: Color) {
    let loser = winner.other();
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
