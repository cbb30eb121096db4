//! Sets of squares as 64-bit masks, and the squares pieces attack.

use std::fmt;

use crate::{Color, File, Role, Square};

/// A set of squares: bit `rank * 8 + file` (a1 is bit 0, h8 is bit 63).
///
/// ```
/// use fenlint::position::Bitboard;
/// use fenlint::Square;
/// let e4 = Square::from_name("e4").unwrap();
/// let set = Bitboard::from_square(e4);
/// assert!(set.contains(e4));
/// assert_eq!(set.count(), 1);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only `square`.
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    /// Whether `square` is in the set.
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// The number of squares in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set with `square` added.
    #[must_use]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square.index())
    }

    /// The squares in the set, from a1 to h8.
    ///
    /// ```
    /// use fenlint::position::Bitboard;
    /// use fenlint::Square;
    /// let set = Bitboard::from_square(Square::from_name("h8").unwrap())
    ///     .with(Square::from_name("a1").unwrap());
    /// let names: Vec<_> = set.squares().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["a1", "h8"]);
    /// ```
    #[allow(
        clippy::arithmetic_side_effects,
        reason = "`bits` is not zero inside the loop"
    )]
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let index = bits.trailing_zeros();
            if index >= 64 {
                return None;
            }
            bits &= bits - 1;
            Square::from_index(index as u8)
        })
    }
}

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }
}

impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }
}

impl std::ops::BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, other: Bitboard) {
        self.0 |= other.0;
    }
}

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.squares()).finish()
    }
}

/// The square `(file, rank)` steps away from `square`, if it is on the board.
#[allow(
    clippy::arithmetic_side_effects,
    reason = "board coordinates and steps are single digits; the sum is checked by `try_from`"
)]
fn offset(square: Square, files: i8, ranks: i8) -> Option<Square> {
    let file = u8::try_from(i16::from(square.file().index()) + i16::from(files)).ok()?;
    let rank = u8::try_from(i16::from(square.rank()) + i16::from(ranks)).ok()?;
    Square::new(File::new(file)?, rank)
}

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_RAYS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_RAYS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

fn steps(square: Square, deltas: &[(i8, i8)]) -> Bitboard {
    deltas
        .iter()
        .filter_map(|&(files, ranks)| offset(square, files, ranks))
        .fold(Bitboard::EMPTY, Bitboard::with)
}

fn rays(square: Square, deltas: &[(i8, i8)], occupied: Bitboard) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for &(files, ranks) in deltas {
        let mut current = square;
        while let Some(next) = offset(current, files, ranks) {
            attacks = attacks.with(next);
            if occupied.contains(next) {
                break;
            }
            current = next;
        }
    }
    attacks
}

/// The squares a piece of `role` and `color` on `square` attacks, with `occupied` blocking
/// sliding pieces.
///
/// ```
/// use fenlint::position::{attacks, Bitboard};
/// use fenlint::{Color, Role, Square};
/// let knight = attacks(Square::from_name("a1").unwrap(), Role::Knight, Color::White, Bitboard::EMPTY);
/// assert_eq!(knight.count(), 2);
/// let pawn = attacks(Square::from_name("e4").unwrap(), Role::Pawn, Color::Black, Bitboard::EMPTY);
/// let names: Vec<_> = pawn.squares().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["d3", "f3"]);
/// ```
pub fn attacks(square: Square, role: Role, color: Color, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => {
            let forward = if color == Color::White { 1 } else { -1 };
            steps(square, &[(-1, forward), (1, forward)])
        }
        Role::Knight => steps(square, &KNIGHT_STEPS),
        Role::King => steps(square, &KING_STEPS),
        Role::Bishop => rays(square, &BISHOP_RAYS, occupied),
        Role::Rook => rays(square, &ROOK_RAYS, occupied),
        Role::Queen => rays(square, &BISHOP_RAYS, occupied) | rays(square, &ROOK_RAYS, occupied),
    }
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; empty
/// otherwise.
///
/// ```
/// use fenlint::position::between;
/// use fenlint::Square;
/// let between = between(Square::from_name("a1").unwrap(), Square::from_name("d4").unwrap());
/// assert_eq!(between.count(), 2);
/// ```
#[allow(
    clippy::arithmetic_side_effects,
    reason = "board coordinates are below 8"
)]
pub fn between(a: Square, b: Square) -> Bitboard {
    let files = i16::from(b.file().index()) - i16::from(a.file().index());
    let ranks = i16::from(b.rank()) - i16::from(a.rank());
    let aligned = files == 0 || ranks == 0 || files.abs() == ranks.abs();
    if !aligned || (files == 0 && ranks == 0) {
        return Bitboard::EMPTY;
    }
    let step = (files.signum() as i8, ranks.signum() as i8);
    let mut set = Bitboard::EMPTY;
    let mut current = a;
    while let Some(next) = offset(current, step.0, step.1) {
        if next == b {
            break;
        }
        set = set.with(next);
        current = next;
    }
    set
}
