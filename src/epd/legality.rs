//! The moves of an EPD record read in its position: each move of `bm`, `am`, `pm` and `sm` must
//! be one legal move of the side to move, and the moves of `pv` one after another, each in the
//! position the moves before it leave (`epd::operand::illegal_move`), as the readers of test
//! suites resolve them.

use super::operands::is_san;
use super::operation::{Operand, Operation};
use crate::diagnostics::text::shown;
use crate::diagnostics::{Code, Diagnostic};
use crate::position::{Position, SanReading};
use crate::{Color, Role};

/// The opcodes whose every operand is a move of the side to move in the record's position.
const ONE_MOVE_EACH: [&str; 4] = ["bm", "am", "pm", "sm"];

/// `epd::operand::illegal_move` for each move in SAN of `operations` that is no legal move of
/// the side to move of `position`, or fits more than one. `king_promotion`: a king may be
/// promoted to (antichess, read for its notation alone): the moves are not read.
pub(super) fn illegal_moves(
    operations: &[Operation<'_>],
    position: &Position,
    king_promotion: bool,
) -> Vec<Diagnostic> {
    if king_promotion {
        return Vec::new();
    }
    let mut found = Vec::new();
    for operation in operations {
        if operation.opcode == "pv" {
            found.extend(illegal_in_variation(operation, position));
            continue;
        }
        if !ONE_MOVE_EACH.contains(&operation.opcode) {
            continue;
        }
        for operand in &operation.operands {
            if !is_move(operand) {
                continue;
            }
            match position.read_san(operand.text) {
                Some(SanReading::Illegal) => {
                    found.push(illegal(position, operation.opcode, operand, &[]));
                }
                Some(SanReading::Ambiguous(count)) => {
                    found.push(ambiguous(position, operation.opcode, operand, count, &[]));
                }
                Some(SanReading::Legal) | None => {}
            }
        }
    }
    found
}

/// Whether `operand` is a move in SAN.
fn is_move(operand: &Operand<'_>) -> bool {
    !operand.string && is_san(operand.text, false)
}

/// `epd::operand::illegal_move` for the first move of the variation `pv` that is no legal move
/// in the position the moves before it leave. The moves after it are not read, nor those after
/// an operand that is no move in SAN (a move number, a move in coordinates): where the
/// variation stands then is not known.
fn illegal_in_variation(pv: &Operation<'_>, position: &Position) -> Option<Diagnostic> {
    let mut position = position.clone();
    let mut played: Vec<&str> = Vec::new();
    for operand in &pv.operands {
        if !is_move(operand) {
            return None;
        }
        match position.read_san(operand.text)? {
            SanReading::Legal => {}
            SanReading::Illegal => return Some(illegal(&position, pv.opcode, operand, &played)),
            SanReading::Ambiguous(count) => {
                return Some(ambiguous(&position, pv.opcode, operand, count, &played));
            }
        }
        position = position.after_san(operand.text)?;
        played.push(operand.text);
    }
    None
}

/// Where a move is read, for a message: "here", or after the moves of a variation before it.
fn after_moves(played: &[&str]) -> String {
    if played.is_empty() {
        "here".to_owned()
    } else {
        format!("after `{}`", shown(&played.join(" ")))
    }
}

/// The name of `color`, for a message.
fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A move that no piece of the side to move can play.
fn illegal(
    position: &Position,
    opcode: &str,
    operand: &Operand<'_>,
    played: &[&str],
) -> Diagnostic {
    let turn = side(position.turn);
    let mut other = position.clone();
    other.turn = position.turn.other();
    other.en_passant = None;
    let help = if !played.is_empty() {
        format!(
            "The moves of `{}` are played one after another from the record's position, each a legal move in SAN of the side to move after the moves before it (PGN §16.2.5); python-chess rejects the record (`IllegalMoveError`). Check the move, and the moves before it.",
            shown(opcode)
        )
    } else if other.read_san(operand.text) == Some(SanReading::Legal) {
        format!(
            "`{}` is a move {} could play, but the record has {turn} to move: check the side to move, or the move. python-chess rejects the record (`IllegalMoveError`).",
            shown(operand.text),
            side(other.turn)
        )
    } else {
        format!(
            "The moves of `{}` are legal moves of the side to move, in SAN (PGN §16.2.5); python-chess rejects the record (`IllegalMoveError`). Check the move, and the position it was written for.",
            shown(opcode)
        )
    };
    Diagnostic::new(
        Code::EpdOperandIllegalMove,
        format!(
            "move `{}` of `{}` is no legal move of {turn} {}, expected a move {turn} can play",
            shown(operand.text),
            shown(opcode),
            after_moves(played)
        ),
    )
    .primary(operand.span, format!("not a legal move of {turn}"))
    .help(help)
}

/// A move that `count` legal moves of the side to move fit.
fn ambiguous(
    position: &Position,
    opcode: &str,
    operand: &Operand<'_>,
    count: usize,
    played: &[&str],
) -> Diagnostic {
    let piece = operand
        .text
        .chars()
        .next()
        .and_then(Role::from_letter)
        .map_or("piece", |role| match role {
            Role::King => "king",
            Role::Queen => "queen",
            Role::Rook => "rook",
            Role::Bishop => "bishop",
            Role::Knight => "knight",
            Role::Pawn => "pawn",
        });
    Diagnostic::new(
        Code::EpdOperandIllegalMove,
        format!(
            "move `{}` of `{}` fits {count} legal moves of {} {}, expected one",
            shown(operand.text),
            shown(opcode),
            side(position.turn),
            after_moves(played)
        ),
    )
    .primary(operand.span, format!("{count} {piece}s can go there"))
    .help("SAN names the file of the piece that moves, or its rank, or both, when another piece of its kind can go to the same square (`Nce4`, `R1e2`, PGN §8.2.3.4); python-chess rejects the record (`AmbiguousMoveError`).")
}
