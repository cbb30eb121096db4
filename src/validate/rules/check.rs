//! Check: the side not to move is not in check, and the checks on the side to move can have
//! been given by one move.

use crate::position::{Bitboard, attacks, between};
use crate::validate::Check;
use crate::{Code, Color, Diagnostic, Role, Square};

/// The pieces of `by` attacking `square`, kings left out (adjacent kings are their own rule).
fn attackers(check: &Check<'_, '_>, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
    check
        .position
        .board
        .pieces()
        .filter(|&(from, piece)| {
            piece.color == by
                && piece.role != Role::King
                && attacks(from, piece.role, piece.color, occupied).contains(square)
        })
        .fold(Bitboard::EMPTY, |set, (from, _)| set.with(from))
}

/// `fen::check::opposite`: the side that has just moved left its king in check.
pub(crate) fn opposite(check: &mut Check<'_, '_>) {
    let turn = check.position.turn;
    let Some(king) = check.position.board.king_of(turn.other()) else {
        return;
    };
    let occupied = check.position.board.occupied();
    let checkers = attackers(check, king, turn, occupied);
    if checkers.is_empty() {
        return;
    }
    let mut diagnostic = Diagnostic::new(
        Code::CheckOpposite,
        format!(
            "{} king on {king} in check with {turn} to move, expected the side not to move out of check",
            turn.other()
        ),
    )
    .primary(check.square_span(king), format!("{} king in check", turn.other()));
    for checker in checkers.squares() {
        diagnostic = diagnostic.secondary(
            check.square_span(checker),
            format!("attacked from {checker}"),
        );
    }
    check.report(diagnostic.help(format!(
        "{turn} could capture the king; if {} is to move, change the side to move to `{}`.",
        turn.other(),
        turn.other().letter()
    )));
}

/// The checkers of the side to move's king.
fn checkers(check: &Check<'_, '_>) -> Option<(Square, Bitboard)> {
    let turn = check.position.turn;
    let king = check.position.board.king_of(turn)?;
    let occupied = check.position.board.occupied();
    Some((king, attackers(check, king, turn.other(), occupied)))
}

fn is_stepper(check: &Check<'_, '_>, square: Square) -> bool {
    check
        .position
        .board
        .piece_at(square)
        .is_some_and(|piece| matches!(piece.role, Role::Pawn | Role::Knight | Role::King))
}

fn report_checkers(
    check: &mut Check<'_, '_>,
    code: Code,
    king: Square,
    checkers: Bitboard,
    message: String,
    help: &str,
) {
    let mut diagnostic =
        Diagnostic::new(code, message).primary(check.square_span(king), "king in check");
    for checker in checkers.squares() {
        diagnostic =
            diagnostic.secondary(check.square_span(checker), format!("check from {checker}"));
    }
    check.report(diagnostic.help(help));
}

/// `fen::check::too_many_checkers`: three or more checkers.
pub(crate) fn too_many_checkers(check: &mut Check<'_, '_>) {
    let Some((king, checkers)) = checkers(check) else {
        return;
    };
    if checkers.count() <= 2 {
        return;
    }
    report_checkers(
        check,
        Code::CheckTooManyCheckers,
        king,
        checkers,
        format!(
            "{} pieces give check to the king on {king}, expected at most 2",
            checkers.count()
        ),
        "One move checks with the piece moved and at most one piece it uncovers; remove a checker.",
    );
}

/// `fen::check::impossible`: a double check no single move gives (two steppers, or two checkers
/// on one line with the king). Not with an en-passant square, which has its own rule.
pub(crate) fn impossible(check: &mut Check<'_, '_>) {
    let Some((king, checkers)) = checkers(check) else {
        return;
    };
    if checkers.count() != 2 || valid_en_passant(check).is_some() {
        return;
    }
    let mut squares = checkers.squares();
    let (Some(a), Some(b)) = (squares.next(), squares.next()) else {
        return;
    };
    let steppers = is_stepper(check, a) && is_stepper(check, b);
    let aligned = between(a, king).contains(b) || between(b, king).contains(a) || {
        // On one line through the king from opposite sides.
        let line = between(a, b);
        line.contains(king)
    };
    if !steppers && !aligned {
        return;
    }
    let why = if steppers {
        "two pieces that step (pawns, knights) cannot both give check: neither can uncover the other"
    } else {
        "two checkers on one line with the king cannot both give check: one of them would block the other"
    };
    report_checkers(
        check,
        Code::CheckImpossible,
        king,
        checkers,
        format!("impossible double check on the king on {king}: {why}"),
        "A double check is a piece moving to give check while uncovering a slider behind it; change or remove one checker.",
    );
}

/// The en-passant square, when the pawn that made the double step stands in front of it.
fn valid_en_passant(check: &Check<'_, '_>) -> Option<(Square, Square, Square)> {
    let target = check.position.en_passant?;
    let turn = check.position.turn;
    let (pushed_rank, from_rank) = match (turn, target.rank()) {
        (Color::White, 6) => (5, 7),
        (Color::Black, 3) => (4, 2),
        _ => return None,
    };
    let pushed = Square::new(target.file(), pushed_rank)?;
    let from = Square::new(target.file(), from_rank)?;
    let pawn = crate::Piece {
        color: turn.other(),
        role: Role::Pawn,
    };
    (check.position.board.piece_at(pushed) == Some(pawn)).then_some((target, pushed, from))
}

/// `fen::check::en_passant_inconsistent`: with a double step as the last move, any check comes
/// from the pushed pawn or from a single slider the push uncovered.
pub(crate) fn en_passant_inconsistent(check: &mut Check<'_, '_>) {
    let Some((_, pushed, from)) = valid_en_passant(check) else {
        return;
    };
    let Some((king, checkers)) = checkers(check) else {
        return;
    };
    if checkers.is_empty() {
        return;
    }
    let single = checkers.count() == 1;
    let consistent = single && {
        let checker = checkers.squares().next();
        checker == Some(pushed) || {
            // Before the push the pawn stood on `from`: the check must be uncovered by it.
            let before = check.position.board.occupied().0 & !(1u64 << pushed.index());
            let before = Bitboard(before).with(from);
            attackers(check, king, check.position.turn.other(), before).is_empty()
        }
    };
    if consistent {
        return;
    }
    report_checkers(
        check,
        Code::CheckEnPassantInconsistent,
        king,
        checkers,
        format!(
            "check on the king on {king} that the double step to {pushed} cannot have given, expected a check from that pawn or uncovered by it"
        ),
        "The en-passant square says the last move was that pawn's double step; if it was not, write `-` for the en-passant square.",
    );
}
