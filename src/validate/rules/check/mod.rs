//! Check: the side not to move is not in check, and the checks on the side to move can have
//! been given by one move.

pub(crate) mod en_passant_inconsistent;
pub(crate) mod impossible;
pub(crate) mod opposite;
pub(crate) mod too_many_checkers;

use crate::position::{Bitboard, between};
use crate::validate::check::Check;
use crate::{Code, Color, Diagnostic, Role, Square};

/// The pieces of `by` attacking `square`, kings left out (adjacent kings are their own rule).
fn attackers(check: &Check<'_, '_>, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
    check.position.board.attackers(square, by, occupied, false)
}

/// The side to move's king and its checkers, worked out once per FEN. Inlined into the rules'
/// loop (`run_all`), where the first rule that asks works them out.
fn checkers(check: &Check<'_, '_>) -> Option<(Square, Bitboard)> {
    if let Some(known) = check.checkers.get() {
        return known;
    }
    let found = (|| {
        let turn = check.position.turn;
        let king = check.king(turn)?;
        let occupied = check.position.board.occupied();
        Some((king, attackers(check, king, turn.other(), occupied)))
    })();
    check.checkers.set(Some(found));
    found
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
    help: &'static str,
) {
    let mut diagnostic =
        Diagnostic::new(code, message).primary(check.square_span(king), "king in check");
    for checker in checkers.squares() {
        diagnostic =
            diagnostic.secondary(check.square_span(checker), format!("check from {checker}"));
    }
    check.report(diagnostic.help(help));
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
    (check.position.board.has_piece(pushed, pawn)).then_some((target, pushed, from))
}
