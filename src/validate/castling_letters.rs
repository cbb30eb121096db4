//! The castling letters of a FEN, each once, and what the castling rules ask first about
//! them and the back ranks ([`Summary`]), read once for all of them.

use crate::position::Board;
use crate::syntax::{CastlingRight, CastlingSide, SyntaxTree};
use crate::{Color, File, Piece, Role, Square};

/// The castling letters of a FEN in the order written, each letter once (a repeated letter is a
/// syntax error of its own).
pub(crate) struct CastlingLetters {
    /// The first `len` are the letters. Each is there once, and there are 20 castling letters
    /// (`K`, `Q` and `A`–`H` of each colour), so they fit without allocating.
    letters: [Option<CastlingRight>; CASTLING_LETTERS],
    len: usize,
    /// Whether a letter is other than `K`, `Q`, `k` and `q`, found once for the rules that ask.
    other_letters: bool,
}

/// How many different castling letters there are: `K`, `Q` and eight files, for each colour.
const CASTLING_LETTERS: usize = 20;

impl CastlingLetters {
    /// The castling letters of `tree`'s castling field, each letter's first occurrence.
    pub(crate) fn of(tree: &SyntaxTree<'_>) -> CastlingLetters {
        let mut letters = CastlingLetters {
            letters: [None; CASTLING_LETTERS],
            len: 0,
            other_letters: false,
        };
        for right in tree
            .castling()
            .into_iter()
            .flat_map(|castling| castling.rights())
        {
            if letters.iter().all(|seen| seen.letter() != right.letter())
                && let Some(slot) = letters.letters.get_mut(letters.len)
            {
                *slot = Some(right);
                letters.len = letters.len.saturating_add(1);
                letters.other_letters |= !matches!(right.letter(), 'K' | 'Q' | 'k' | 'q');
            }
        }
        letters
    }

    /// Whether a letter is other than `K`, `Q`, `k` and `q` (a file letter): without one, each
    /// side of each king has one letter at most.
    pub(crate) fn has_other_letters(&self) -> bool {
        self.other_letters
    }

    /// Whether there is no letter.
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The letters, in the order written.
    pub(crate) fn iter(&self) -> impl Iterator<Item = CastlingRight> + '_ {
        self.letters
            .get(..self.len)
            .unwrap_or_default()
            .iter()
            .flatten()
            .copied()
    }
}

pub(crate) fn back_rank(color: Color) -> u8 {
    if color == Color::White { 1 } else { 8 }
}

pub(crate) fn square(file: u8, rank: u8) -> Option<Square> {
    Square::new(File::new(file)?, rank)
}

pub(crate) fn rook(color: Color) -> Piece {
    Piece {
        color,
        role: Role::Rook,
    }
}

/// The rooks of `color` on its back rank on the given side of `king_file`, nearest the king
/// first: read from the rook bitboard masked to that side, not square by square.
pub(crate) fn rooks_beside(
    board: &Board,
    color: Color,
    king_file: u8,
    kingside: bool,
) -> impl Iterator<Item = Square> + use<> {
    let files: u64 = if kingside {
        0xFEu64.wrapping_shl(u32::from(king_file)) & 0xFF
    } else {
        1u64.wrapping_shl(u32::from(king_file)).wrapping_sub(1) & 0xFF
    };
    let rank_shift = if color == Color::White { 0 } else { 56 };
    let mut rooks = board.squares_of(rook(color)).0 & files.wrapping_shl(rank_shift);
    std::iter::from_fn(move || {
        if rooks == 0 {
            return None;
        }
        // Kingside the nearest rook is the lowest square, queenside the highest.
        let index = if kingside {
            rooks.trailing_zeros()
        } else {
            63u32.wrapping_sub(rooks.leading_zeros())
        };
        rooks &= !1u64.wrapping_shl(index);
        Square::from_index(u8::try_from(index).ok()?)
    })
}

/// What the castling rules ask first, found in one pass over the castling letters when the
/// check starts (most FENs with castling letters have nothing wrong with them): each rule
/// returns at once when its flag is clear, and otherwise works out, letter by letter, what it
/// reports. Each flag is set whenever its rule reports (a test checks it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Summary {
    /// A colour has a castling letter without its king where castling needs it (`no_king`).
    pub(crate) homeless: bool,
    /// A letter names a rook that is not there, its king being home (`no_rook`).
    pub(crate) missing_rook: bool,
    /// In Chess960, `K` or `Q` (either colour) with two rooks or more on that side of its king
    /// at home (`ambiguous`).
    pub(crate) ambiguous: bool,
    /// Both colours have castling letters and their kings where castling needs them, in
    /// Chess960 (`not_chess960` has nothing to say otherwise).
    pub(crate) both_home: bool,
}

impl Summary {
    /// Whether `letters` are only `K`, `Q`, `k` and `q`, each with its king on e1 or e8 and its
    /// rook in its corner on `board` (whose kings are `kings`): the usual castling rights of
    /// standard chess, of which nothing is to be said. One look at each letter and at the
    /// corners, for most FENs with castling rights, instead of [`Summary::of`]'s reading of
    /// each letter's side.
    fn usual_rights(board: &Board, kings: [Option<Square>; 2], letters: &CastlingLetters) -> bool {
        // Bits 0 to 3 for `K`, `Q`, `k`, `q`: the rights written, and those that have their
        // king and rook at home.
        let mut written = 0u32;
        for right in letters.iter() {
            written |= match right.letter() {
                'K' => 1,
                'Q' => 2,
                'k' => 4,
                'q' => 8,
                _ => return false,
            };
        }
        let usual = |color: Color, king: Option<Square>, shift: u32| {
            let home = File::new(4).and_then(|file| Square::new(file, back_rank(color)));
            if king.is_none() || king != home {
                return 0;
            }
            let rooks = crate::position::back_rank_rooks(board, color);
            (u32::from(rooks & 0x80 != 0) | u32::from(rooks & 0x01 != 0) << 1) << shift
        };
        let [white, black] = kings;
        let at_home = usual(Color::White, white, 0) | usual(Color::Black, black, 2);
        written & !at_home == 0
    }

    /// The summary of `letters` (at least one) on `board`, whose kings (White's, Black's, each
    /// when it is the colour's only king) are `kings`, with castling by the standard rules
    /// (`standard`) or by Chess960's.
    pub(crate) fn of(
        board: &Board,
        kings: [Option<Square>; 2],
        standard: bool,
        letters: &CastlingLetters,
    ) -> Summary {
        if standard && Summary::usual_rights(board, kings, letters) {
            return Summary::default();
        }
        // Each colour's king at home (see `castling_king`) with the files of its back-rank
        // rooks (bit 0 the a-file).
        let home = |color: Color, king: Option<Square>| {
            let king = king?;
            let home = king.rank() == back_rank(color) && (!standard || king.file().index() == 4);
            home.then(|| {
                (
                    king.file().index(),
                    crate::position::back_rank_rooks(board, color),
                )
            })
        };
        let [white, black] = kings;
        let homes = [home(Color::White, white), home(Color::Black, black)];
        let mut summary = Summary::default();
        let mut colors = [false; 2];
        for right in letters.iter() {
            let slot = usize::from(right.color() == Color::Black);
            if let Some(seen) = colors.get_mut(slot) {
                *seen = true;
            }
            let Some(&Some((king_file, rooks))) = homes.get(slot) else {
                summary.homeless = true;
                continue;
            };
            // The rooks on the named side (all but the corner's kept out in standard chess),
            // as `named_rook` and `rooks_beside` find them.
            let beyond = rooks & 0xFEu32.wrapping_shl(u32::from(king_file)) & 0xFF;
            let before = rooks & 1u32.wrapping_shl(u32::from(king_file)).wrapping_sub(1);
            let (found, several) = match right.side() {
                CastlingSide::King if standard => (rooks & 0x80 != 0, false),
                CastlingSide::Queen if standard => (rooks & 0x01 != 0, false),
                CastlingSide::King => (beyond != 0, beyond.count_ones() > 1),
                CastlingSide::Queen => (before != 0, before.count_ones() > 1),
                CastlingSide::File(file) => {
                    let file = file.index();
                    let named = rooks.wrapping_shr(u32::from(file)) & 1 != 0;
                    // In standard chess a file letter names the corner rook of its side.
                    let fits = if standard {
                        file == 0 || file == 7
                    } else {
                        file != king_file
                    };
                    (named && fits, false)
                }
            };
            summary.missing_rook |= !found;
            summary.ambiguous |= several;
        }
        summary.both_home =
            !standard && colors == [true, true] && homes.iter().all(Option::is_some);
        summary
    }
}
