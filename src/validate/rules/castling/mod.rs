//! Castling rights: how many, and whether the king and the rook each names are where castling
//! needs them.

pub(crate) mod ambiguous;
pub(crate) mod mixed_notation;
pub(crate) mod no_king;
pub(crate) mod no_rook;
pub(crate) mod not_chess960;
pub(crate) mod same_rook;
pub(crate) mod too_many;

use crate::syntax::{CastlingRight, CastlingSide};
use crate::validate::castling_letters::{back_rank, rook, rooks_beside, square};
use crate::validate::check::Check;
use crate::validate::message::Message;
use crate::{Code, Color, Diagnostic, Span, Square};

/// The king of `color` when it stands on its back rank (on e1/e8 in standard chess).
fn castling_king(check: &Check<'_, '_>, color: Color) -> Option<Square> {
    let king = check.king(color)?;
    let home = king.rank() == back_rank(color) && (!standard(check) || king.file().index() == 4);
    home.then_some(king)
}

/// Whether castling follows the standard rules (king on e1/e8, rooks in the corners): in every
/// variant here but Chess960, unless the castling letters of a crazyhouse or three-check FEN
/// tell a Chess960 start (see [`Check::chess960_castling`]).
fn standard(check: &Check<'_, '_>) -> bool {
    !check.chess960_castling
}

/// The castling letters, each once (a repeated letter is a syntax error of its own).
fn rights<'t>(check: &Check<'t, '_>) -> impl Iterator<Item = CastlingRight> + 't {
    check.castling.iter()
}

/// The castling letters of `color`, each once.
fn rights_of<'t>(check: &Check<'t, '_>, color: Color) -> impl Iterator<Item = CastlingRight> + 't {
    rights(check).filter(move |right| right.color() == color)
}

/// A side of a king on its back rank with two castling rights or more.
#[derive(Clone, Copy)]
struct Crowded {
    color: Color,
    king: Square,
    kingside: bool,
    /// The first two rights on that side, as written.
    first: CastlingRight,
    second: CastlingRight,
    /// Whether there are more than two.
    more: bool,
}

/// The sides (at most four) of the kings on their back ranks that have two castling rights or
/// more, White's kingside first.
fn crowded_sides(check: &Check<'_, '_>) -> [Option<Crowded>; 4] {
    let mut sides = [None; 4];
    // With only `K`, `Q`, `k` and `q`, each there once, no side has two letters.
    if !check.castling.has_other_letters() {
        return sides;
    }
    let kings = [
        castling_king(check, Color::White),
        castling_king(check, Color::Black),
    ];
    // How many rights each side of each home king has, White's first and kingside first, in
    // one pass over the letters: usually no side has two, and there is nothing more to do.
    let mut counts = [[0u8; 2]; 2];
    for right in rights(check) {
        let color = usize::from(right.color() == Color::Black);
        if let (Some(Some(king)), Some(sides)) = (kings.get(color), counts.get_mut(color))
            && !on_king_file(&right, king.file().index())
            && let Some(count) = sides.get_mut(usize::from(!kingside(&right, king.file().index())))
        {
            *count = count.saturating_add(1);
        }
    }
    if counts.iter().flatten().all(|&count| count < 2) {
        return sides;
    }
    let mut slots = sides.iter_mut();
    for (color, king) in [Color::White, Color::Black].into_iter().zip(kings) {
        let Some(king) = king else {
            continue;
        };
        for is_kingside in [true, false] {
            let file = king.file().index();
            let mut written = rights_of(check, color).filter(move |right| {
                !on_king_file(right, file) && kingside(right, file) == is_kingside
            });
            let (Some(first), Some(second)) = (written.next(), written.next()) else {
                continue;
            };
            let more = written.next().is_some();
            if let Some(slot) = slots.next() {
                *slot = Some(Crowded {
                    color,
                    king,
                    kingside: is_kingside,
                    first,
                    second,
                    more,
                });
            }
        }
    }
    sides
}

/// The rook that `first` and `second`, the only two rights on one side of `king` (`more` when
/// there are others), both name.
fn same_rook(
    check: &Check<'_, '_>,
    first: CastlingRight,
    second: CastlingRight,
    more: bool,
    king: Square,
) -> Option<Square> {
    let rook = named_rook(check, &first, king).ok()?;
    (!more && named_rook(check, &second, king).ok() == Some(rook)).then_some(rook)
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

/// Whether `right` is a stale right: its colour's king is not at home (`no_king`), or it is
/// and the rook the right names is missing (`no_rook`).
fn is_stale(check: &Check<'_, '_>, right: &CastlingRight) -> bool {
    match castling_king(check, right.color()) {
        None => true,
        Some(king) => named_rook(check, right, king).is_err(),
    }
}

/// The fix of `no_king` and `no_rook`: the castling field without every stale right (see
/// [`is_stale`]), or `-` when none is left. Every such diagnostic of a FEN carries this same
/// fix, so that `--fix` applies it once and no two removals leave an empty field. The rights
/// are what is wrong, not the board: the pieces are where the text puts them, and a king or a
/// rook that has moved has lost its rights.
///
/// `None` when the field holds anything but castling letters, each once (the syntax codes say
/// what to do first), or when a colour with a stale right has no king or more than one (the
/// board is in doubt then, not the rights).
fn stale_rights_fix(check: &Check<'_, '_>) -> Option<(Span, String)> {
    let field = check.tree.castling()?;
    let text = field.text();
    let mut kept = String::with_capacity(text.len());
    let mut letters = 0usize;
    for right in rights(check) {
        letters = letters.saturating_add(1);
        if !is_stale(check, &right) {
            kept.push(right.letter());
        } else if check.king(right.color()).is_none() {
            return None;
        }
    }
    // Each letter is one byte: as many letters as bytes means nothing else is there.
    if letters == 0 || letters != text.len() {
        return None;
    }
    if kept.is_empty() {
        kept.push('-');
    }
    Some((field.span(), kept))
}

/// Whether `right` is the file letter of the king's own file (`king_file`): such a letter names
/// no rook and no side of the king (`no_rook` says so), and counts on neither side.
fn on_king_file(right: &CastlingRight, king_file: u8) -> bool {
    matches!(right.side(), CastlingSide::File(file) if file.index() == king_file)
}

/// The king's side a right names, given the king's file (queenside for a letter of the king's
/// own file: see [`on_king_file`]).
fn kingside(right: &CastlingRight, king_file: u8) -> bool {
    match right.side() {
        CastlingSide::King => true,
        CastlingSide::Queen => false,
        CastlingSide::File(file) => file.index() > king_file,
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
    if on_king_file(right, king_file) {
        return Err(None);
    }
    let is_kingside = kingside(right, king_file);
    if standard(check) {
        let corner = square(if is_kingside { 7 } else { 0 }, rank);
        let named_corner = match right.side() {
            CastlingSide::File(file) => Some(file.index()) == corner.map(|c| c.file().index()),
            _ => true,
        };
        return match corner {
            Some(corner) if named_corner && check.position.board.has_piece(corner, rook(color)) => {
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
                    if check.position.board.has_piece(s, rook(color))
                        && file.index() != king_file =>
                {
                    Ok(s)
                }
                _ => Err(named),
            }
        }
        CastlingSide::King | CastlingSide::Queen => {
            crate::position::outermost_rook(&check.position.board, color, king_file, is_kingside)
                .and_then(|file| square(file, rank))
                .ok_or_else(|| square(if is_kingside { 7 } else { 0 }, rank))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Variant;
    use crate::validate::castling_letters::Summary;

    /// The summary's flags are what the rules' own helpers say, letter by letter, for random
    /// back ranks and castling letters, in standard chess, Chess960 and crazyhouse (whose
    /// castling follows the letters).
    #[test]
    fn the_summary_says_what_the_rules_work_out_letter_by_letter() {
        let mut rng = fastrand::Rng::with_seed(960);
        let letters: Vec<char> = "KQkqABCDEFGHabcdefgh".chars().collect();
        let mut set = [false; 4];
        for _ in 0..20_000 {
            // Back ranks of rooks and kings (sometimes two kings, or none), mostly at home.
            let rank = |rng: &mut fastrand::Rng, king: char, rook: char| -> String {
                let mut squares = ['1'; 8];
                for _ in 0..rng.usize(0..4) {
                    squares[rng.usize(..8)] = rook;
                }
                for _ in 0..rng.usize(0..3) {
                    squares[rng.usize(..8)] = king;
                }
                squares.iter().collect()
            };
            let (black, white) = (rank(&mut rng, 'k', 'r'), rank(&mut rng, 'K', 'R'));
            let mut field: String = letters.iter().filter(|_| rng.u8(..4) == 0).collect();
            if field.is_empty() {
                field.push('K');
            }
            let fen = format!("{black}/8/8/8/8/8/8/{white} w {field} - 0 1");
            let tree = crate::parse(&fen).into_tree();
            let Some(position) = crate::position::Position::from_tree(&tree) else {
                continue;
            };
            let castling = crate::validate::CastlingLetters::of(&tree);
            if castling.is_empty() {
                continue;
            }
            for variant in [Variant::Standard, Variant::Chess960, Variant::Crazyhouse] {
                let check = Check::new(&tree, &position, variant, &castling);
                let homeless =
                    rights(&check).any(|right| castling_king(&check, right.color()).is_none());
                let missing_rook = rights(&check).any(|right| {
                    castling_king(&check, right.color())
                        .is_some_and(|king| named_rook(&check, &right, king).is_err())
                });
                let ambiguous = !standard(&check)
                    && rights(&check).any(|right| {
                        !matches!(right.side(), CastlingSide::File(_))
                            && castling_king(&check, right.color()).is_some_and(|king| {
                                let file = king.file().index();
                                let side = kingside(&right, file);
                                rooks_beside(&position.board, right.color(), file, side).count() > 1
                            })
                    });
                let both_home = !standard(&check)
                    && [Color::White, Color::Black].into_iter().all(|color| {
                        castling_king(&check, color).is_some()
                            && rights_of(&check, color).next().is_some()
                    });
                let expected = Summary {
                    homeless,
                    missing_rook,
                    ambiguous,
                    both_home,
                };
                assert_eq!(check.castling_summary, expected, "{fen} {variant:?}");
                for (seen, flag) in
                    set.iter_mut()
                        .zip([homeless, missing_rook, ambiguous, both_home])
                {
                    *seen |= flag;
                }
            }
        }
        assert_eq!(set, [true; 4], "every flag is set by some FEN");
    }

    /// `rooks_beside` finds, nearest first, the rooks that a walk from the king along its back
    /// rank finds, for every set of rooks on that rank, every king file and both sides.
    #[test]
    fn the_rooks_beside_a_king_are_those_a_walk_along_the_rank_finds() {
        for rooks in 0u32..256 {
            let rank: String = (0..8)
                .map(|file| if rooks >> file & 1 == 1 { 'R' } else { '1' })
                .collect();
            for color in [Color::White, Color::Black] {
                let (eighth, first) = match color {
                    Color::White => ("8".to_owned(), rank.clone()),
                    Color::Black => (rank.to_lowercase(), "8".to_owned()),
                };
                let fen = format!("{eighth}/8/8/8/8/8/8/{first} w - - 0 1");
                let tree = crate::parse(&fen).into_tree();
                let board = crate::position::Position::from_tree(&tree).unwrap().board;
                let rank = back_rank(color);
                for king_file in 0..8u8 {
                    for kingside in [true, false] {
                        let walked: Vec<Square> = (1..8u8)
                            .filter_map(|step| {
                                if kingside {
                                    Some(king_file + step).filter(|&file| file < 8)
                                } else {
                                    king_file.checked_sub(step)
                                }
                            })
                            .filter_map(|file| square(file, rank))
                            .filter(|&s| board.has_piece(s, rook(color)))
                            .collect();
                        let found: Vec<Square> =
                            rooks_beside(&board, color, king_file, kingside).collect();
                        assert_eq!(found, walked, "{fen} {king_file} {kingside}");
                    }
                }
            }
        }
    }
}
