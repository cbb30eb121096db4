//! The en-passant square: on the right rank, with the pushed pawn in front of it and the squares
//! it passed empty; consistent with the halfmove clock; worth writing only if a pawn can capture.

use crate::position::attacks;
use crate::validate::Check;
use crate::{Code, Color, Diagnostic, Piece, Role, Square};

/// The en-passant square and its span, when there is one.
fn target(check: &Check<'_, '_>) -> Option<(Square, crate::Span)> {
    let field = check.tree.en_passant()?;
    Some((field.square()?, field.span()))
}

/// Where the pawn that made the double step stands and where it came from, when the square is on
/// the rank the side to move can capture on.
fn squares(check: &Check<'_, '_>, target: Square) -> Option<(Square, Square)> {
    let (pushed, from) = match (check.position.turn, target.rank()) {
        (Color::White, 6) => (5, 7),
        (Color::Black, 3) => (4, 2),
        _ => return None,
    };
    Some((
        Square::new(target.file(), pushed)?,
        Square::new(target.file(), from)?,
    ))
}

/// `fen::en_passant::wrong_rank`: rank 6 with Black to move or rank 3 with White to move.
pub(crate) fn wrong_rank(check: &mut Check<'_, '_>) {
    let Some((target, span)) = target(check) else {
        return;
    };
    if squares(check, target).is_some() {
        return;
    }
    let turn = check.position.turn;
    let (expected, pusher) = match turn {
        Color::White => (6, Color::Black),
        Color::Black => (3, Color::White),
    };
    let mut diagnostic = Diagnostic::new(
        Code::EnPassantWrongRank,
        format!("en-passant square {target} with {turn} to move, expected a square on rank {expected}"),
    )
    .primary(span, format!("left by a {turn} double step"))
    .help(format!(
        "After {pusher}'s double step the square is on rank {expected}; if {} is to move, change the side to move.",
        turn.other()
    ));
    if let Some(side) = check.tree.side_to_move() {
        diagnostic = diagnostic.secondary(side.span(), format!("{turn} to move"));
    }
    check.report(diagnostic);
}

/// `fen::en_passant::no_pawn`: no pawn of the side that just moved in front of the square.
pub(crate) fn no_pawn(check: &mut Check<'_, '_>) {
    let Some((target, span)) = target(check) else {
        return;
    };
    let Some((pushed, _)) = squares(check, target) else {
        return;
    };
    let mover = check.position.turn.other();
    let pawn = Piece {
        color: mover,
        role: Role::Pawn,
    };
    if check.position.board.piece_at(pushed) == Some(pawn) {
        return;
    }
    let found = match check.position.board.piece_at(pushed) {
        None => format!("{pushed} is empty"),
        Some(piece) => format!("{piece} on {pushed}"),
    };
    check.report(
        Diagnostic::new(
            Code::EnPassantNoPawn,
            format!("en-passant square {target} without a {mover} pawn on {pushed}, expected the pawn that made the double step"),
        )
        .primary(span, "double step to here")
        .secondary(check.square_span(pushed), found)
        .help("Write `-` for the en-passant square unless the last move was a double pawn step."),
    );
}

/// `fen::en_passant::not_empty`: the square passed or the square left is occupied.
pub(crate) fn not_empty(check: &mut Check<'_, '_>) {
    let Some((target, span)) = target(check) else {
        return;
    };
    let Some((_, from)) = squares(check, target) else {
        return;
    };
    for square in [target, from] {
        let Some(piece) = check.position.board.piece_at(square) else {
            continue;
        };
        let role = if square == target {
            "the square the pawn passed"
        } else {
            "the square the pawn left"
        };
        check.report(
            Diagnostic::new(
                Code::EnPassantNotEmpty,
                format!("{piece} on {square}, {role}, expected it empty after a double step to {target}"),
            )
            .primary(check.square_span(square), format!("{piece} on {square}"))
            .secondary(span, "en-passant square")
            .help("A pawn's double step passes over an empty square from an empty start square; write `-` if there was no double step."),
        );
    }
}

/// `fen::en_passant::halfmove_not_zero`: a double step resets the halfmove clock.
pub(crate) fn halfmove_not_zero(check: &mut Check<'_, '_>) {
    let Some((_, span)) = target(check) else {
        return;
    };
    let Some(clock) = check
        .halfmove_clock
        .filter(|clock| clock.value() != Some(0))
    else {
        return;
    };
    if !clock.has_number() {
        return;
    }
    check.report(
        Diagnostic::new(
            Code::EnPassantHalfmoveNotZero,
            format!("halfmove clock {} with an en-passant square, expected 0 after a pawn move", clock.text()),
        )
        .primary(clock.span(), "not reset")
        .secondary(span, "a pawn just moved")
        .help("The double step was a pawn move, which resets the clock to 0; one of the two fields is wrong."),
    );
}

/// `fen::en_passant::not_capturable`: no pawn of the side to move attacks the square.
pub(crate) fn not_capturable(check: &mut Check<'_, '_>) {
    let Some((target, span)) = target(check) else {
        return;
    };
    let Some((pushed, from)) = squares(check, target) else {
        return;
    };
    let board = &check.position.board;
    let mover = check.position.turn.other();
    let pushed_ok = board.piece_at(pushed)
        == Some(Piece {
            color: mover,
            role: Role::Pawn,
        });
    if !pushed_ok || board.piece_at(target).is_some() || board.piece_at(from).is_some() {
        return; // Other rules report these.
    }
    let capturers = attacks(target, Role::Pawn, mover, board.occupied());
    let turn = check.position.turn;
    let has_capturer = capturers.squares().any(|s| {
        board.piece_at(s)
            == Some(Piece {
                color: turn,
                role: Role::Pawn,
            })
    });
    if has_capturer {
        return;
    }
    check.report(
        Diagnostic::new(
            Code::EnPassantNotCapturable,
            format!("en-passant square {target} that no {turn} pawn can capture on"),
        )
        .primary(span, "no capture possible")
        .help("PGN writes the square after every double step; X-FEN and most tools write `-` when no pawn can capture. Both are valid."),
    );
}
