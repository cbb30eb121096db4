//! Pawns and material: back-rank pawns, pawn and piece counts, promotion-aware material.

use crate::position::Variant;
use crate::validate::Check;
use crate::{Code, Color, Diagnostic, Piece, Role, Square};

fn piece(color: Color, role: Role) -> Piece {
    Piece { color, role }
}

/// Whether `square` is a light square (a1 is dark).
#[allow(
    clippy::arithmetic_side_effects,
    reason = "board coordinates are below 9"
)]
fn is_light(square: Square) -> bool {
    (square.file().index() + square.rank()).is_multiple_of(2)
}

/// `fen::pawns::back_rank`: pawns on rank 1 or 8.
pub(crate) fn pawns_on_back_rank(check: &mut Check<'_, '_>) {
    let board = &check.position.board;
    let pawns: Vec<(Square, Piece)> = board
        .pieces()
        .filter(|&(square, piece)| piece.role == Role::Pawn && matches!(square.rank(), 1 | 8))
        .collect();
    for (square, pawn) in pawns {
        let span = check.square_span(square);
        let what = if square.rank() == 1 {
            "first"
        } else {
            "eighth"
        };
        check.report(
            Diagnostic::new(
                Code::PawnsOnBackRank,
                format!("{} on {square}, expected pawns on ranks 2 to 7 only", pawn),
            )
            .primary(span, format!("pawn on the {what} rank"))
            .help("A pawn never stands on the first rank and is promoted on reaching the eighth; replace it with the piece it was promoted to, or move it."),
        );
    }
}

/// The pieces of `color` on the board, by role.
fn count(check: &Check<'_, '_>, color: Color, role: Role) -> u32 {
    check.position.board.squares_of(piece(color, role)).count()
}

/// `fen::pawns::too_many`: more than eight pawns of a colour (not in crazyhouse, where pawns
/// change sides and `fen::holdings::too_much_material` counts them).
pub(crate) fn pawns_too_many(check: &mut Check<'_, '_>) {
    if check.variant == Variant::Crazyhouse {
        return;
    }
    for color in [Color::White, Color::Black] {
        let pawns = check.position.board.squares_of(piece(color, Role::Pawn));
        if pawns.count() <= 8 {
            continue;
        }
        let span = check.placement_span();
        check.report(
            Diagnostic::new(
                Code::PawnsTooMany,
                format!("{} {color} pawns, expected at most 8", pawns.count()),
            )
            .primary(span, format!("{} {color} pawns here", pawns.count()))
            .help(format!(
                "{color} starts with eight pawns and never gains one; remove the extra pawns."
            )),
        );
    }
}

/// `fen::material::too_many_pieces`: more than sixteen pieces of a colour.
pub(crate) fn too_many_pieces(check: &mut Check<'_, '_>) {
    if check.variant == Variant::Crazyhouse {
        return;
    }
    for color in [Color::White, Color::Black] {
        let pieces = check.position.board.by_color(color).count();
        if pieces <= 16 {
            continue;
        }
        let span = check.placement_span();
        check.report(
            Diagnostic::new(
                Code::MaterialTooManyPieces,
                format!("{pieces} {color} pieces, expected at most 16"),
            )
            .primary(span, format!("{pieces} {color} pieces here"))
            .help(format!(
                "{color} starts with sixteen pieces, pawns and king included, and no move adds one."
            )),
        );
    }
}

/// `fen::material::impossible`: pawns plus promoted extras exceed eight.
pub(crate) fn impossible_material(check: &mut Check<'_, '_>) {
    if check.variant == Variant::Crazyhouse {
        return;
    }
    for color in [Color::White, Color::Black] {
        let pawns = count(check, color, Role::Pawn);
        if pawns > 8 || check.position.board.by_color(color).count() > 16 {
            continue; // Reported by the more specific rules above.
        }
        let bishops = check.position.board.squares_of(piece(color, Role::Bishop));
        let light = bishops.squares().filter(|&s| is_light(s)).count() as u32;
        let dark = bishops.count().saturating_sub(light);
        let extras = [
            ("queen", count(check, color, Role::Queen).saturating_sub(1)),
            ("rook", count(check, color, Role::Rook).saturating_sub(2)),
            (
                "knight",
                count(check, color, Role::Knight).saturating_sub(2),
            ),
            ("light-square bishop", light.saturating_sub(1)),
            ("dark-square bishop", dark.saturating_sub(1)),
        ];
        let promoted: u32 = extras.iter().map(|&(_, n)| n).sum();
        if pawns.saturating_add(promoted) <= 8 {
            continue;
        }
        let list: Vec<String> = extras
            .iter()
            .filter(|&&(_, n)| n > 0)
            .map(|&(name, n)| format!("{n} extra {name}{}", if n > 1 { "s" } else { "" }))
            .collect();
        let span = check.placement_span();
        check.report(
            Diagnostic::new(
                Code::MaterialImpossible,
                format!(
                    "{color} has {pawns} pawns and {} ({promoted} promoted), expected at most 8 together",
                    list.join(", ")
                ),
            )
            .primary(span, format!("{promoted} promoted, but only {} pawns missing", 8u32.saturating_sub(pawns)))
            .help("Every piece beyond the starting set was promoted from a pawn, so pawns plus promoted pieces are at most eight; remove pieces or pawns."),
        );
    }
}
