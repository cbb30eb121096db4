//! Castling rights: how many, and whether the king and the rook each names are where castling
//! needs them.

use crate::position::{Board, Variant};
use crate::syntax::{CastlingRight, CastlingSide, SyntaxTree};
use crate::validate::Check;
use crate::{Code, Color, Diagnostic, File, Piece, Role, Span, Square};

fn back_rank(color: Color) -> u8 {
    if color == Color::White { 1 } else { 8 }
}

fn square(file: u8, rank: u8) -> Option<Square> {
    Square::new(File::new(file)?, rank)
}

fn rook(color: Color) -> Piece {
    Piece {
        color,
        role: Role::Rook,
    }
}

/// The rooks of `color` on its back rank on the given side of `king_file`, nearest the king
/// first.
#[allow(
    clippy::arithmetic_side_effects,
    reason = "a file index is below 8 and the step is ±1"
)]
fn rooks_beside(
    board: &Board,
    color: Color,
    king_file: u8,
    kingside: bool,
) -> impl Iterator<Item = Square> + '_ {
    let rank = back_rank(color);
    (1..8u8)
        .map_while(move |step| {
            if kingside {
                Some(king_file + step).filter(|&file| file < 8)
            } else {
                king_file.checked_sub(step)
            }
        })
        .filter_map(move |file| square(file, rank))
        .filter(move |&s| board.piece_at(s) == Some(rook(color)))
}

/// The king of `color` when it stands on its back rank (on e1/e8 in standard chess).
fn castling_king(check: &Check<'_, '_>, color: Color) -> Option<Square> {
    let king = check.position.board.king_of(color)?;
    let home = king.rank() == back_rank(color) && (!standard(check) || king.file().index() == 4);
    home.then_some(king)
}

/// Whether castling follows the standard rules (king on e1/e8, rooks in the corners): in every
/// variant here but Chess960, which all start from the standard position.
fn standard(check: &Check<'_, '_>) -> bool {
    check.variant != Variant::Chess960
}

/// The castling letters, each once (a repeated letter is a syntax error of its own).
fn rights<'t>(tree: &'t SyntaxTree<'_>) -> impl Iterator<Item = CastlingRight> + 't {
    // Castling letters are ASCII, so one bit per code point below 128 marks those seen.
    let mut seen = 0u128;
    tree.castling()
        .into_iter()
        .flat_map(|castling| castling.rights())
        .filter(move |right| {
            let bit = 1u128 << (u32::from(right.letter()) & 127);
            let first = seen & bit == 0;
            seen |= bit;
            first
        })
}

/// The castling letters of `color`, each once.
fn rights_of<'t>(
    tree: &'t SyntaxTree<'_>,
    color: Color,
) -> impl Iterator<Item = CastlingRight> + 't {
    rights(tree).filter(move |right| right.color() == color)
}

/// `fen::castling::too_many`: more than one right on one side of the king (or, with the king
/// away from its rank, more than two rights); and `fen::castling::duplicate` for two letters
/// that name the same rook (`Q` and `A` with the rook on a1).
pub(crate) fn too_many(check: &mut Check<'_, '_>) {
    let tree = check.tree;
    for color in [Color::White, Color::Black] {
        let Some(king) = castling_king(check, color) else {
            if rights_of(tree, color).count() > 2 {
                let mine: Vec<CastlingRight> = rights_of(tree, color).collect();
                report_too_many(check, color, &mine, "castling rights", 2);
            }
            continue;
        };
        for side in [true, false] {
            let same_side = || {
                rights_of(tree, color)
                    .filter(move |right| kingside(right, king.file().index()) == side)
            };
            let mut written = same_side();
            let (Some(first), Some(second)) = (written.next(), written.next()) else {
                continue;
            };
            let more = written.next().is_some();
            let rook_a = named_rook(check, &first, king).ok();
            let rook_b = named_rook(check, &second, king).ok();
            if !more && rook_a.is_some() && rook_a == rook_b {
                let rook = rook_a.map(|s| s.to_string()).unwrap_or_default();
                check.report(
                    Diagnostic::new(
                        Code::CastlingDuplicate,
                        format!(
                            "castling rights `{}` and `{}` both name the rook on {rook}, expected each right once",
                            first.letter(),
                            second.letter()
                        ),
                    )
                    .primary(second.span(), format!("the rook on {rook} again"))
                    .secondary(first.span(), "first named here")
                    .help(format!("Remove `{}`.", second.letter()))
                    .with_fix(second.span(), ""),
                );
            } else {
                let owned: Vec<CastlingRight> = same_side().collect();
                let what = if side {
                    "kingside castling rights"
                } else {
                    "queenside castling rights"
                };
                report_too_many(check, color, &owned, what, 1);
            }
        }
    }
}

fn report_too_many(
    check: &mut Check<'_, '_>,
    color: Color,
    rights: &[CastlingRight],
    what: &str,
    limit: usize,
) {
    let mut diagnostic = Diagnostic::new(
        Code::CastlingTooMany,
        format!(
            "{} {what} for {color}, expected at most {limit}",
            rights.len()
        ),
    );
    for (index, right) in rights.iter().enumerate() {
        diagnostic = if index == limit {
            diagnostic.primary(right.span(), "one right too many")
        } else {
            diagnostic.secondary(right.span(), "")
        };
    }
    check.report(diagnostic.help(format!(
        "{color} can castle once kingside and once queenside, with the rooks that have not moved; remove the extra letters."
    )));
}

/// The king's side a right names, given the king's file.
fn kingside(right: &CastlingRight, king_file: u8) -> bool {
    match right.side() {
        CastlingSide::King => true,
        CastlingSide::Queen => false,
        CastlingSide::File(file) => file.index() > king_file,
    }
}

/// `fen::castling::no_king`: a right whose king is not on its home square.
pub(crate) fn no_king(check: &mut Check<'_, '_>) {
    let tree = check.tree;
    for color in [Color::White, Color::Black] {
        let Some(first) = rights_of(tree, color).next() else {
            continue;
        };
        if castling_king(check, color).is_some() {
            continue;
        }
        let home = if standard(check) {
            format!("on e{}", back_rank(color))
        } else {
            format!("on rank {}", back_rank(color))
        };
        let letters: String = rights_of(tree, color).map(|right| right.letter()).collect();
        let mut diagnostic = Diagnostic::new(
            Code::CastlingNoKing,
            format!("castling rights `{letters}` for {color}, expected the {color} king {home}"),
        )
        .primary(first.span(), "castling right");
        if let Some(king) = check.position.board.king_of(color) {
            diagnostic =
                diagnostic.secondary(check.square_span(king), format!("{color} king on {king}"));
        }
        check.report(diagnostic.help(format!(
            "A king that has moved cannot castle; remove {color}'s castling letters or put the king back {home}."
        )));
    }
}

/// The rook square a right names, if the king is home; `Err` with the square it expected.
fn named_rook(
    check: &Check<'_, '_>,
    right: &CastlingRight,
    king: Square,
) -> Result<Square, Option<Square>> {
    let color = right.color();
    let rank = back_rank(color);
    let king_file = king.file().index();
    let is_kingside = kingside(right, king_file);
    if standard(check) {
        let corner = square(if is_kingside { 7 } else { 0 }, rank);
        let named_corner = match right.side() {
            CastlingSide::File(file) => Some(file.index()) == corner.map(|c| c.file().index()),
            _ => true,
        };
        return match corner {
            Some(corner)
                if named_corner && check.position.board.piece_at(corner) == Some(rook(color)) =>
            {
                Ok(corner)
            }
            _ => Err(corner),
        };
    }
    match right.side() {
        CastlingSide::File(file) => {
            let named = square(file.index(), rank);
            match named {
                Some(s)
                    if check.position.board.piece_at(s) == Some(rook(color))
                        && file.index() != king_file =>
                {
                    Ok(s)
                }
                _ => Err(named),
            }
        }
        CastlingSide::King | CastlingSide::Queen => {
            rooks_beside(&check.position.board, color, king_file, is_kingside)
                .last()
                .ok_or_else(|| square(if is_kingside { 7 } else { 0 }, rank))
        }
    }
}

/// `fen::castling::no_rook`: a right without the rook it names.
pub(crate) fn no_rook(check: &mut Check<'_, '_>) {
    for right in rights(check.tree) {
        let Some(king) = castling_king(check, right.color()) else {
            continue; // `fen::castling::no_king` says why.
        };
        let Err(expected) = named_rook(check, &right, king) else {
            continue;
        };
        let color = right.color();
        let letter = right.letter();
        let side = if kingside(&right, king.file().index()) {
            "kingside"
        } else {
            "queenside"
        };
        let place = match (standard(check), right.side(), expected) {
            (true, _, Some(corner)) => format!("on {corner}"),
            (_, CastlingSide::File(file), _) => format!("on the {}-file", file.letter()),
            _ => format!("on the {side} of the king on rank {}", back_rank(color)),
        };
        let mut diagnostic = Diagnostic::new(
            Code::CastlingNoRook,
            format!("castling right `{letter}` without a {color} rook {place}"),
        )
        .primary(right.span(), format!("{color} {side} castling"));
        if let Some(expected) = expected {
            let what = match check.position.board.piece_at(expected) {
                None => format!("{expected} is empty"),
                Some(piece) => format!("{piece} on {expected}"),
            };
            diagnostic = diagnostic.secondary(check.square_span(expected), what);
        }
        check.report(diagnostic.help(format!(
            "A rook that has moved or been captured gives no castling right; remove `{letter}`."
        )));
    }
}

/// `fen::castling::ambiguous`: `K`/`Q` with another rook between the outermost rook and the
/// king.
pub(crate) fn ambiguous(check: &mut Check<'_, '_>) {
    if standard(check) {
        return;
    }
    for right in rights(check.tree) {
        if matches!(right.side(), CastlingSide::File(_)) {
            continue;
        }
        let color = right.color();
        let Some(king) = castling_king(check, color) else {
            continue;
        };
        let is_kingside = kingside(&right, king.file().index());
        let mut rooks = rooks_beside(
            &check.position.board,
            color,
            king.file().index(),
            is_kingside,
        );
        let Some(inner) = rooks.next() else {
            continue;
        };
        // The outermost rook, and how many rooks there are on that side.
        let (outer, count) = rooks.fold((inner, 1usize), |(_, count), rook| {
            (rook, count.saturating_add(1))
        });
        if count < 2 {
            continue;
        }
        let file = outer.file().letter();
        let letter = if color == Color::White {
            file.to_ascii_uppercase()
        } else {
            file
        };
        check.report(
            Diagnostic::new(
                Code::CastlingAmbiguous,
                format!(
                    "castling right `{}` with {} {color} rooks on that side, expected the file letter `{letter}`",
                    right.letter(),
                    count
                ),
            )
            .primary(right.span(), "which rook?")
            .secondary(check.square_span(outer), format!("X-FEN means this rook on {outer}"))
            .secondary(check.square_span(inner), format!("but this one on {inner} is nearer the king"))
            .help(format!("Write `{letter}` to name the rook on {outer} without doubt (Shredder-FEN style)."))
            .with_fix(right.span(), letter.to_string()),
        );
    }
}

/// `fen::castling::not_chess960`: both sides keep rights, but their kings or rooks do not stand
/// on mirrored files.
pub(crate) fn not_chess960(check: &mut Check<'_, '_>) {
    if standard(check) {
        return;
    }
    let tree = check.tree;
    let (Some(white_king), Some(black_king)) = (
        castling_king(check, Color::White),
        castling_king(check, Color::Black),
    ) else {
        return;
    };
    let has = |color| rights_of(tree, color).next().is_some();
    if !has(Color::White) || !has(Color::Black) {
        return;
    }
    let mut problems: Vec<(Span, Span, String)> = Vec::new();
    if white_king.file() != black_king.file() {
        problems.push((
            check.square_span(white_king),
            check.square_span(black_king),
            format!("kings on {white_king} and {black_king}"),
        ));
    }
    for kingside_side in [true, false] {
        let rook_of = |color: Color, king: Square| {
            rights_of(tree, color)
                .filter(|right| kingside(right, king.file().index()) == kingside_side)
                .find_map(|right| named_rook(check, &right, king).ok())
        };
        if let (Some(white), Some(black)) = (
            rook_of(Color::White, white_king),
            rook_of(Color::Black, black_king),
        ) && white.file() != black.file()
        {
            let side = if kingside_side {
                "kingside"
            } else {
                "queenside"
            };
            problems.push((
                check.square_span(white),
                check.square_span(black),
                format!("{side} rooks on {white} and {black}"),
            ));
        }
    }
    for (white, black, what) in problems {
        check.report(
            Diagnostic::new(
                Code::CastlingNotChess960,
                format!("castling rights for both sides with {what}, expected them on the same file"),
            )
            .primary(black, "Black's")
            .secondary(white, "White's")
            .help("Chess960 mirrors the back ranks, and castling pieces have not moved; remove the rights of the side whose pieces moved."),
        );
    }
}

/// `fen::castling::mixed_notation`: `K`/`Q` next to a file letter that names an outermost rook
/// (which `K`/`Q` would name), as in `HQkq`.
pub(crate) fn mixed_notation(check: &mut Check<'_, '_>) {
    let tree = check.tree;
    let classic = rights(tree).any(|right| !matches!(right.side(), CastlingSide::File(_)));
    if !classic {
        return;
    }
    for right in rights(tree) {
        let CastlingSide::File(file) = right.side() else {
            continue;
        };
        let color = right.color();
        let Some(king) = check
            .position
            .board
            .king_of(color)
            .filter(|k| k.rank() == back_rank(color))
        else {
            continue;
        };
        let is_kingside = file.index() > king.file().index();
        let mut rooks = rooks_beside(
            &check.position.board,
            color,
            king.file().index(),
            is_kingside,
        );
        let nearest = rooks.next();
        let outermost = rooks.last().or(nearest);
        if outermost.map(|s| s.file()) != Some(file) {
            continue; // An inner rook: X-FEN needs the file letter here.
        }
        if nearest != outermost && !standard(check) {
            // More than one rook on that side: `K`/`Q` would be ambiguous (see `ambiguous`),
            // so the file letter is the right one, and its fix must not undo that rule's.
            continue;
        }
        let classic_letter = match (is_kingside, color) {
            (true, Color::White) => 'K',
            (false, Color::White) => 'Q',
            (true, Color::Black) => 'k',
            (false, Color::Black) => 'q',
        };
        check.report(
            Diagnostic::new(
                Code::CastlingMixedNotation,
                format!(
                    "file letter `{}` among `K`/`Q` letters, expected `{classic_letter}` for the outermost rook",
                    right.letter()
                ),
            )
            .primary(right.span(), "Shredder-FEN letter")
            .help(format!("Use one notation: `{classic_letter}` here (X-FEN), or file letters for every right (Shredder-FEN)."))
            .with_fix(right.span(), classic_letter.to_string()),
        );
    }
}
