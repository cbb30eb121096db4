//! A colour's back rank as castling letters are read against it and written from it: where
//! its king stands, its rooks, and the rook each letter names.

use super::model::Board;
use crate::syntax::CastlingSide;
use crate::{Color, File, Piece, Role, Square};

/// The square a castling letter of `color` for `side` names on `board`: `K`/`Q` the outermost
/// rook of that colour on the back rank on that side of the king (X-FEN), a file letter the
/// rook on that file. Without a king on the back rank, or without such a rook, `K` and `Q` name
/// the h- and a-corner. The writer picks `K` or `Q` exactly when this gives back the rook square
/// it writes.
pub(super) fn castling_square(board: &Board, color: Color, side: CastlingSide) -> Option<Square> {
    BackRank::of(board, color).square(side)
}

/// Whether, in Chess960, `K` or `Q` for `side` leaves readers in doubt: the colour's king is on
/// its back rank with two rooks or more on that side, so that "the outermost rook" (X-FEN) and
/// "the rook nearest the corner's castling square" may differ. `fen::castling::ambiguous` warns
/// about such a letter and its fix writes the file letter, so the writer writes the file letter
/// there too, and `fmt` and `check --fix` agree.
pub(super) fn classic_letter_in_doubt(board: &Board, color: Color, side: CastlingSide) -> bool {
    let rank = BackRank::of(board, color);
    let Some(king) = rank.king else {
        return false;
    };
    let files: u32 = match side {
        CastlingSide::King => 0xFEu32.wrapping_shl(u32::from(king)) & 0xFF,
        CastlingSide::Queen => 1u32.wrapping_shl(u32::from(king)).wrapping_sub(1),
        CastlingSide::File(_) => return false,
    };
    (rank.rooks & files).count_ones() > 1
}

/// What a colour's castling letters are read against: its back rank, the file of its king when
/// it stands there, and the files of its rooks there.
#[derive(Clone, Copy)]
pub(super) struct BackRank {
    /// The back rank's number (1 or 8).
    rank: u8,
    /// The file index of the king, when the colour has one king and it stands on this rank.
    king: Option<u8>,
    /// The files of the colour's rooks on this rank, as the low 8 bits (bit 0 the a-file).
    rooks: u32,
    /// The files of this rank that hold a piece of either colour, likewise.
    occupied: u32,
}

impl BackRank {
    /// `color`'s back rank on `board`.
    pub(super) fn of(board: &Board, color: Color) -> BackRank {
        BackRank {
            rank: if color == Color::White { 1 } else { 8 },
            king: home_king_file(board, color),
            rooks: back_rank_rooks(board, color),
            occupied: back_rank_files(board.occupied().0, color),
        }
    }

    /// The square a castling letter for `side` names (see [`castling_square`]).
    pub(super) fn square(self, side: CastlingSide) -> Option<Square> {
        let square_on = |file: u8| File::new(file).and_then(|file| Square::new(file, self.rank));
        let outermost = match (side, self.king) {
            (CastlingSide::File(file), _) => return square_on(file.index()),
            (CastlingSide::King, Some(king)) => outermost_file(self.rooks, king, true),
            (CastlingSide::Queen, Some(king)) => outermost_file(self.rooks, king, false),
            _ => None,
        };
        match (outermost, side) {
            (Some(file), _) => square_on(file),
            (None, CastlingSide::King) => square_on(7),
            (None, _) => square_on(0),
        }
    }

    /// Whether a castling letter for `side` says Chess960: a right of a side whose king stands
    /// on its back rank off the e-file, unless king and rook stand as standard castling leaves
    /// them (see [`BackRank::castled`]); a file letter (Shredder-FEN and X-FEN inner rooks are
    /// Chess960 notations, and a standard setup is also a Chess960 one); or `K`/`Q` whose
    /// corner holds no rook of that side while another rook stands on that side of the king
    /// (X-FEN's outermost rook, as in a Chess960 start position). A standard setup whose rook
    /// is gone from that side, right kept, stays standard (and draws `fen::castling::no_rook`).
    ///
    /// `K` and `Q` are standard chess's letters too: they tell Chess960 only when every letter
    /// of the field is a right in Chess960 ([`BackRank::is_chess960_right`]). Otherwise the
    /// standard reading explains the text as well or better, as stale rights: `KQkq` after
    /// both sides castled (kings on g1 and g8, rooks on f1 and f8) names no rook beyond either
    /// king in Chess960 either, and is read as standard chess, whose rules say the kings left
    /// e1 and e8.
    pub(super) fn tells_chess960(self, side: CastlingSide, chess960_file: bool) -> bool {
        let king_moved_in_chess960 = self.king.is_some_and(|king| king != 4) && !self.castled();
        king_moved_in_chess960 || self.notation_tells_chess960(side, chess960_file)
    }

    /// Whether the king and a rook stand where standard castling leaves them, with no rook
    /// beyond the king on that side: the king on g1 and a rook on f1 with none on h1, or the
    /// king on c1 and a rook on d1 with none on a1 or b1 (g8 and f8, c8 and d8 for Black).
    /// Such a king is a standard king that castled, its right on the other side kept by
    /// mistake (`… R1BQ1RK1 w q`), not a Chess960 one: a Chess960 start has a rook on each side
    /// of the king, and after castling in Chess960 the side has no right left.
    fn castled(self) -> bool {
        match self.king {
            Some(6) => self.rooks & 0x20 != 0 && self.rooks & 0x80 == 0,
            Some(2) => self.rooks & 0x08 != 0 && self.rooks & 0x03 == 0,
            _ => false,
        }
    }

    /// Whether a castling letter for `side` says Chess960 by its notation, whatever the king's
    /// file: a file letter, or `K`/`Q` naming X-FEN's outermost rook where the corner holds none
    /// (see [`BackRank::tells_chess960`]). A king off the e-file alone may be a standard king
    /// that moved, its rights kept by mistake.
    ///
    /// With the king on the e-file, an empty corner says nothing by itself: standard chess's
    /// rook has left it as often as not (`Rb1` once the knight is out), its right kept by
    /// mistake, which is how standard readers take it (python-chess drops the right as a bad
    /// one). It tells Chess960 in a file whose other positions do (`chess960_file`, see
    /// [`crate::files::FileHints`]). A corner that holds another piece is a Chess960 start's
    /// (a standard rook cannot have left it for another piece to come), and so tells Chess960
    /// anywhere.
    pub(super) fn notation_tells_chess960(self, side: CastlingSide, chess960_file: bool) -> bool {
        let Some(king) = self.king else {
            return false;
        };
        // The files between the king and the h-corner, and between the a-corner and the king
        // (f and g, and b, c and d, for a king on e1).
        let king = u32::from(king);
        let beyond = 0x7fu32.checked_shl(king.saturating_add(1)).unwrap_or(0) & 0x7f;
        let before = !0xffu32.checked_shl(king).unwrap_or(0) & 0xfe;
        let (rooks, occupied) = (self.rooks, self.occupied);
        let corner_told = |corner: u32| king != 4 || chess960_file || occupied & corner != 0;
        match side {
            CastlingSide::File(_) => true,
            CastlingSide::King => rooks & 0x80 == 0 && rooks & beyond != 0 && corner_told(0x80),
            CastlingSide::Queen => rooks & 0x01 == 0 && rooks & before != 0 && corner_told(0x01),
        }
    }

    /// Whether a castling letter for `side` is a right in Chess960 on this back rank: the king
    /// stands on it, and the rook the letter names (a file letter's, or the outermost on that
    /// side for `K` and `Q`) is there, off the king's file.
    pub(super) fn is_chess960_right(self, side: CastlingSide) -> bool {
        let Some(king) = self.king else {
            return false;
        };
        match side {
            CastlingSide::File(file) => {
                let file = file.index();
                file != king && self.rooks.wrapping_shr(u32::from(file)) & 1 != 0
            }
            CastlingSide::King => outermost_file(self.rooks, king, true).is_some(),
            CastlingSide::Queen => outermost_file(self.rooks, king, false).is_some(),
        }
    }
}

/// The file of `color`'s outermost rook on its back rank beyond the king on file `king_file`
/// (towards the h-file when `kingside`, else towards the a-file): the rook that `K` or `Q`
/// names in Shredder-FEN and X-FEN terms.
pub(crate) fn outermost_rook(
    board: &Board,
    color: Color,
    king_file: u8,
    kingside: bool,
) -> Option<u8> {
    outermost_file(back_rank_rooks(board, color), king_file, kingside)
}

/// [`outermost_rook`] among the rooks on the files `rooks` (bit 0 the a-file).
fn outermost_file(rooks: u32, king_file: u8, kingside: bool) -> Option<u8> {
    let file = if kingside {
        // The highest file beyond the king.
        (rooks & 0xfe_u32.wrapping_shl(u32::from(king_file))).checked_ilog2()?
    } else {
        // The lowest file before it.
        let before = rooks & !u32::MAX.wrapping_shl(u32::from(king_file));
        if before == 0 {
            return None;
        }
        before.trailing_zeros()
    };
    u8::try_from(file).ok()
}

/// The files of `color`'s rooks on its back rank, as the low 8 bits (bit 0 the a-file).
pub(crate) fn back_rank_rooks(board: &Board, color: Color) -> u32 {
    let rooks = board.squares_of(Piece {
        color,
        role: Role::Rook,
    });
    back_rank_files(rooks.0, color)
}

/// The files of the squares of `squares` (a bitboard) on `color`'s back rank, as the low 8
/// bits (bit 0 the a-file).
fn back_rank_files(squares: u64, color: Color) -> u32 {
    let shift = if color == Color::White { 0 } else { 56 };
    ((squares >> shift) & 0xff) as u32
}

/// The file index of `color`'s king when it stands on its back rank.
fn home_king_file(board: &Board, color: Color) -> Option<u8> {
    board
        .king_of(color)
        .filter(|king| king.rank() == if color == Color::White { 1 } else { 8 })
        .map(|king| king.file().index())
}
