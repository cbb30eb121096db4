//! Chess values the syntax tree hands out: colours, pieces, files and squares.

use std::fmt;

/// A side: White or Black.
///
/// ```
/// use fenlint::Color;
/// assert_eq!(Color::White.other(), Color::Black);
/// assert_eq!(Color::Black.to_string(), "Black");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that writes its pieces in upper case.
    White,
    /// The side that writes its pieces in lower case.
    Black,
}

impl Color {
    /// The opponent.
    ///
    /// ```
    /// assert_eq!(fenlint::Color::Black.other(), fenlint::Color::White);
    /// ```
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `w` or `b`, the FEN side-to-move letter.
    ///
    /// ```
    /// assert_eq!(fenlint::Color::White.letter(), 'w');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The colour whose side-to-move letter is `letter` (`w` or `b`).
    ///
    /// ```
    /// assert_eq!(fenlint::Color::from_letter('b'), Some(fenlint::Color::Black));
    /// assert_eq!(fenlint::Color::from_letter('W'), None);
    /// ```
    pub const fn from_letter(letter: char) -> Option<Color> {
        match letter {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }
}

impl Color {
    /// The name `Display` writes: `White` or `Black`.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind of piece, without its colour.
///
/// ```
/// use fenlint::Role;
/// assert_eq!(Role::Knight.letter(), 'n');
/// assert_eq!(Role::from_letter('Q'), Some(Role::Queen));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// `p`
    Pawn,
    /// `n`
    Knight,
    /// `b`
    Bishop,
    /// `r`
    Rook,
    /// `q`
    Queen,
    /// `k`
    King,
}

impl Role {
    /// Every role, from pawn to king.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The lower-case FEN letter.
    ///
    /// ```
    /// assert_eq!(fenlint::Role::King.letter(), 'k');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role written with `letter`, in either case.
    ///
    /// ```
    /// assert_eq!(fenlint::Role::from_letter('x'), None);
    /// ```
    pub const fn from_letter(letter: char) -> Option<Role> {
        match letter.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

impl Role {
    /// The name `Display` writes, in lower case: `pawn`, `knight`, …
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a colour and a role, written as one FEN letter.
///
/// ```
/// use fenlint::{Color, Piece, Role};
/// let piece = Piece::from_letter('N').unwrap();
/// assert_eq!(piece, Piece { color: Color::White, role: Role::Knight });
/// assert_eq!(piece.letter(), 'N');
/// assert_eq!(piece.to_string(), "White knight");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    ///
    /// ```
    /// use fenlint::{Color, Piece, Role};
    /// assert_eq!(Piece { color: Color::Black, role: Role::Queen }.letter(), 'q');
    /// ```
    pub const fn letter(self) -> char {
        match self.color {
            Color::White => self.role.letter().to_ascii_uppercase(),
            Color::Black => self.role.letter(),
        }
    }

    /// The piece written with `letter`, one of `PNBRQKpnbrqk`.
    ///
    /// ```
    /// assert!(fenlint::Piece::from_letter('z').is_none());
    /// ```
    #[allow(
        clippy::indexing_slicing,
        reason = "the index is masked to 0..128, the table's length"
    )]
    pub const fn from_letter(letter: char) -> Option<Piece> {
        if !letter.is_ascii() {
            return None;
        }
        // One table look-up; the table is the match below, worked out at compile time.
        PIECES_BY_LETTER[letter as usize & 127]
    }

    /// [`Piece::from_letter`] the long way, for the table.
    const fn from_letter_slow(letter: char) -> Option<Piece> {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_letter(letter) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

/// The piece of each ASCII letter, for [`Piece::from_letter`].
#[allow(
    clippy::indexing_slicing,
    reason = "the index runs over 0..128, the table's length"
)]
static PIECES_BY_LETTER: [Option<Piece>; 128] = {
    let mut table = [None; 128];
    let mut byte = 0u8;
    while byte < 128 {
        table[byte as usize] = Piece::from_letter_slow(byte as char);
        byte += 1;
    }
    table
};

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}

/// A file of the board, `a` to `h`.
///
/// ```
/// use fenlint::File;
/// assert_eq!(File::from_letter('c').unwrap().index(), 2);
/// assert_eq!(File::new(7).unwrap().letter(), 'h');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

impl File {
    /// The file with index `index` (0 for `a` up to 7 for `h`).
    ///
    /// ```
    /// assert!(fenlint::File::new(8).is_none());
    /// ```
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 { Some(File(index)) } else { None }
    }

    /// The file named by `letter`, `a`–`h` or `A`–`H`.
    ///
    /// ```
    /// assert_eq!(fenlint::File::from_letter('H'), fenlint::File::new(7));
    /// ```
    #[allow(
        clippy::arithmetic_side_effects,
        reason = "the character is matched to `a`–`h`"
    )]
    pub const fn from_letter(letter: char) -> Option<File> {
        match letter.to_ascii_lowercase() {
            c @ 'a'..='h' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }

    /// 0 for `a` up to 7 for `h`.
    ///
    /// ```
    /// assert_eq!(fenlint::File::from_letter('a').unwrap().index(), 0);
    /// ```
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The lower-case letter.
    ///
    /// ```
    /// assert_eq!(fenlint::File::new(4).unwrap().letter(), 'e');
    /// ```
    #[allow(clippy::arithmetic_side_effects, reason = "a file index is below 8")]
    pub const fn letter(self) -> char {
        (b'a' + self.0) as char
    }
}

/// A square of the board, such as `e3`.
///
/// ```
/// use fenlint::Square;
/// let square = Square::from_name("e3").unwrap();
/// assert_eq!((square.file().letter(), square.rank()), ('e', 3));
/// assert_eq!(square.to_string(), "e3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    file: File,
    rank: u8,
}

impl Square {
    /// The square on `file` and `rank` (1 to 8).
    ///
    /// ```
    /// use fenlint::{File, Square};
    /// assert!(Square::new(File::new(0).unwrap(), 9).is_none());
    /// ```
    pub const fn new(file: File, rank: u8) -> Option<Square> {
        if rank >= 1 && rank <= 8 {
            Some(Square { file, rank })
        } else {
            None
        }
    }

    /// The square named `name`, a lower-case file letter and a rank digit.
    ///
    /// ```
    /// assert!(fenlint::Square::from_name("i9").is_none());
    /// ```
    #[allow(
        clippy::arithmetic_side_effects,
        reason = "the bytes are matched to `a`–`h` and `1`–`8`"
    )]
    pub fn from_name(name: &str) -> Option<Square> {
        match name.as_bytes() {
            [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Square::new(File(file - b'a'), rank - b'0'),
            _ => None,
        }
    }

    /// The file.
    ///
    /// ```
    /// assert_eq!(fenlint::Square::from_name("b6").unwrap().file().letter(), 'b');
    /// ```
    pub const fn file(self) -> File {
        self.file
    }

    /// The rank, 1 to 8.
    ///
    /// ```
    /// assert_eq!(fenlint::Square::from_name("b6").unwrap().rank(), 6);
    /// ```
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// The square's number, 0 for a1 up to 63 for h8 (rank by rank).
    ///
    /// ```
    /// assert_eq!(fenlint::Square::from_name("h1").unwrap().index(), 7);
    /// ```
    #[allow(
        clippy::arithmetic_side_effects,
        reason = "a square's rank is 1–8 and its file below 8"
    )]
    pub const fn index(self) -> u8 {
        (self.rank - 1) * 8 + self.file.0
    }

    /// The square with number `index` (0 for a1 up to 63 for h8).
    ///
    /// ```
    /// assert_eq!(fenlint::Square::from_index(63).unwrap().to_string(), "h8");
    /// assert!(fenlint::Square::from_index(64).is_none());
    /// ```
    #[allow(clippy::arithmetic_side_effects, reason = "the index is below 64")]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square {
                file: File(index % 8),
                rank: index / 8 + 1,
            })
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file.letter(), self.rank)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_piece_table_is_the_match() {
        for letter in (0u32..0x3000).filter_map(char::from_u32) {
            assert_eq!(
                Piece::from_letter(letter),
                Piece::from_letter_slow(letter),
                "{letter:?}"
            );
        }
    }
}
