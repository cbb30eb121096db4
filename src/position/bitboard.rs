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

    /// Whether the set has two squares or more (cheaper than counting them).
    ///
    /// ```
    /// use fenlint::position::Bitboard;
    /// assert!(!Bitboard(0b1000).has_more_than_one());
    /// assert!(Bitboard(0b1010).has_more_than_one());
    /// ```
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Whether the set has three squares or more (cheaper than counting them: the x86-64
    /// baseline has no population count instruction).
    pub(crate) const fn has_more_than_two(self) -> bool {
        let rest = self.0 & self.0.wrapping_sub(1);
        rest & rest.wrapping_sub(1) != 0
    }

    /// Whether the set has exactly two squares (see [`Bitboard::has_more_than_two`]).
    pub(crate) const fn has_two(self) -> bool {
        let rest = self.0 & self.0.wrapping_sub(1);
        rest != 0 && rest & rest.wrapping_sub(1) == 0
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

/// The squares one of `deltas` away from square number `index`, computed at compile time.
#[allow(
    clippy::arithmetic_side_effects,
    clippy::indexing_slicing,
    reason = "board coordinates and steps are single digits, checked against 0..8 before use"
)]
const fn step_set(index: usize, deltas: &[(i8, i8)]) -> u64 {
    let (file, rank) = ((index % 8) as i8, (index / 8) as i8);
    let mut set = 0u64;
    let mut at = 0;
    while at < deltas.len() {
        let (to_file, to_rank) = (file + deltas[at].0, rank + deltas[at].1);
        if to_file >= 0 && to_file < 8 && to_rank >= 0 && to_rank < 8 {
            set |= 1 << (to_rank * 8 + to_file);
        }
        at += 1;
    }
    set
}

/// The squares from square number `index` in the direction `(files, ranks)` to the edge.
#[allow(
    clippy::arithmetic_side_effects,
    reason = "board coordinates and steps are single digits, checked against 0..8 before use"
)]
const fn ray_set(index: usize, (files, ranks): (i8, i8)) -> u64 {
    let (mut file, mut rank) = ((index % 8) as i8 + files, (index / 8) as i8 + ranks);
    let mut set = 0u64;
    while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        set |= 1 << (rank * 8 + file);
        file += files;
        rank += ranks;
    }
    set
}

/// The eight directions of the sliding pieces: the four that go up the square numbers (east,
/// north-west, north, north-east), then the four that go down.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

/// Attack tables, computed at compile time: knight and king steps, pawn captures per colour,
/// and the ray from each square to the edge in each direction.
struct Tables {
    knight: [u64; 64],
    king: [u64; 64],
    pawn: [[u64; 64]; 2],
    /// The eight rays from each square, in [`DIRECTIONS`] order.
    square_rays: [[u64; 8]; 64],
    /// The squares a slider on each square reaches on an empty board: along the diagonals,
    /// then along the rank and file (the union of its diagonal and of its straight rays).
    lines: [[u64; 2]; 64],
}

#[allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "0..64 and 0..8"
)]
const fn square_rays_table() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut index = 0;
    while index < 64 {
        let mut direction = 0;
        while direction < 8 {
            rays[index][direction] = ray_set(index, DIRECTIONS[direction]);
            direction += 1;
        }
        index += 1;
    }
    rays
}

/// The union of each square's diagonal rays and of its straight rays, from `rays` (in
/// [`DIRECTIONS`] order).
#[allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "0..64 and 0..8"
)]
const fn lines_table(rays: &[[u64; 8]; 64]) -> [[u64; 2]; 64] {
    let mut lines = [[0u64; 2]; 64];
    let mut index = 0;
    while index < 64 {
        let mut direction = 0;
        while direction < 8 {
            // Odd directions are the diagonals (see `DIAGONALS`), even ones the straight lines.
            let slot = if direction % 2 == 1 { 0 } else { 1 };
            lines[index][slot] |= rays[index][direction];
            direction += 1;
        }
        index += 1;
    }
    lines
}

#[allow(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "0..64"
)]
const fn steps_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut index = 0;
    while index < 64 {
        table[index] = step_set(index, deltas);
        index += 1;
    }
    table
}

static TABLES: Tables = Tables {
    knight: steps_table(&KNIGHT_STEPS),
    king: steps_table(&KING_STEPS),
    pawn: [
        steps_table(&[(-1, 1), (1, 1)]),
        steps_table(&[(-1, -1), (1, -1)]),
    ],
    square_rays: square_rays_table(),
    lines: lines_table(&square_rays_table()),
};

/// The squares a slider on square number `index` reaches along `directions` (indices into
/// [`DIRECTIONS`]), stopping at the first occupied square of each ray (which it reaches).
fn slide(index: usize, directions: [usize; 4], occupied: u64) -> u64 {
    // The ray from `square` in `direction`; none past the board.
    let ray = |square: usize, direction: usize| {
        TABLES
            .square_rays
            .get(square)
            .and_then(|rays| rays.get(direction))
            .copied()
            .unwrap_or(0)
    };
    let mut attacks = 0;
    for direction in directions {
        let mut reach = ray(index, direction);
        let blockers = reach & occupied;
        if blockers != 0 {
            // The nearest blocker: the lowest set bit up the square numbers, the highest down.
            let nearest = if direction < 4 {
                blockers.trailing_zeros()
            } else {
                63u32.saturating_sub(blockers.leading_zeros())
            };
            reach ^= ray(nearest as usize, direction);
        }
        attacks |= reach;
    }
    attacks
}

/// The sliders that reach square number `index` (taken modulo 64) with `occupied` blocking:
/// those of `diagonal` (bishops and queens) along the diagonals and those of `straight` (rooks
/// and queens) along the ranks and files. The reverse of [`slide`]: on each of the eight rays
/// from the square, unrolled, the nearest blocker is looked for only when the ray holds a
/// mover, which attacks only if it is that blocker. Usually no mover stands on any line through
/// the square at all (about four kings in five in games), which one test over the lines tells.
pub(crate) fn slider_attackers(index: usize, occupied: u64, diagonal: u64, straight: u64) -> u64 {
    let index = index & 63;
    let [diagonal_lines, straight_lines] = TABLES.lines.get(index).copied().unwrap_or([0; 2]);
    let (diagonal, straight) = (diagonal_lines & diagonal, straight_lines & straight);
    if diagonal | straight == 0 {
        return 0;
    }
    ray_attackers(index, occupied, diagonal, straight)
}

/// [`slider_attackers`] when some mover stands on a line through the square: ray by ray, out
/// of line, so that the usual case keeps few registers.
fn ray_attackers(index: usize, occupied: u64, diagonal: u64, straight: u64) -> u64 {
    let Some(
        &[
            east,
            north_west,
            north,
            north_east,
            west,
            south_east,
            south,
            south_west,
        ],
    ) = TABLES.square_rays.get(index)
    else {
        return 0;
    };
    // Up the square numbers the nearest blocker is the lowest bit; down them, the highest.
    let up = |ray: u64, movers: u64| {
        if ray & movers == 0 {
            return 0;
        }
        let blockers = ray & occupied;
        blockers & blockers.wrapping_neg() & movers
    };
    let down = |ray: u64, movers: u64| {
        if ray & movers == 0 {
            return 0;
        }
        let blockers = ray & occupied;
        (1u64 << 63)
            .checked_shr(blockers.leading_zeros())
            .unwrap_or(0)
            & movers
    };
    up(north_west, diagonal)
        | up(north_east, diagonal)
        | down(south_east, diagonal)
        | down(south_west, diagonal)
        | up(east, straight)
        | up(north, straight)
        | down(west, straight)
        | down(south, straight)
}

/// The squares a knight, a king, and a pawn of the colour with slot `color` (0 White, 1 Black)
/// attack from square number `index` (taken modulo 64), read straight from the tables.
pub(crate) fn step_attacks(index: usize, color: usize) -> (u64, u64, u64) {
    let index = index & 63;
    let at = |table: &[u64; 64]| table.get(index).copied().unwrap_or(0);
    let pawn = TABLES.pawn.get(color & 1).map_or(0, at);
    (at(&TABLES.knight), at(&TABLES.king), pawn)
}

/// The diagonal directions (bishops), as indices into [`DIRECTIONS`].
pub(crate) const DIAGONALS: [usize; 4] = [1, 3, 5, 7];
/// The straight directions (rooks), as indices into [`DIRECTIONS`].
pub(crate) const LINES: [usize; 4] = [0, 2, 4, 6];

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
    let index = usize::from(square.index());
    let at = |table: &[u64; 64]| table.get(index).copied().unwrap_or(0);
    Bitboard(match role {
        Role::Pawn => TABLES
            .pawn
            .get(usize::from(color == Color::Black))
            .map_or(0, at),
        Role::Knight => at(&TABLES.knight),
        Role::King => at(&TABLES.king),
        Role::Bishop => slide(index, DIAGONALS, occupied.0),
        Role::Rook => slide(index, LINES, occupied.0),
        Role::Queen => slide(index, DIAGONALS, occupied.0) | slide(index, LINES, occupied.0),
    })
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

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::*;

    /// Attacks the slow way: step by step from the square.
    fn walked(square: Square, role: Role, color: Color, occupied: Bitboard) -> Bitboard {
        let steps = |deltas: &[(i8, i8)]| {
            deltas
                .iter()
                .filter_map(|&(files, ranks)| offset(square, files, ranks))
                .fold(Bitboard::EMPTY, Bitboard::with)
        };
        let rays = |deltas: &[(i8, i8)]| {
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
        };
        let diagonal = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
        let straight = [(1, 0), (0, 1), (-1, 0), (0, -1)];
        match role {
            Role::Pawn => {
                let forward = if color == Color::White { 1 } else { -1 };
                steps(&[(-1, forward), (1, forward)])
            }
            Role::Knight => steps(&KNIGHT_STEPS),
            Role::King => steps(&KING_STEPS),
            Role::Bishop => rays(&diagonal),
            Role::Rook => rays(&straight),
            Role::Queen => rays(&diagonal) | rays(&straight),
        }
    }

    #[test]
    fn the_set_size_tests_agree_with_a_count() {
        let mut rng = fastrand::Rng::with_seed(3);
        for _ in 0..10_000 {
            // Sparse sets, so that sizes 0 to 4 are all common.
            let set = Bitboard(rng.u64(..) & rng.u64(..) & rng.u64(..) & rng.u64(..) & rng.u64(..));
            assert_eq!(set.has_more_than_one(), set.count() > 1, "{set:?}");
            assert_eq!(set.has_two(), set.count() == 2, "{set:?}");
            assert_eq!(set.has_more_than_two(), set.count() > 2, "{set:?}");
        }
    }

    #[test]
    fn the_lines_are_the_rays_of_each_kind() {
        for index in 0..64 {
            let square = Square::from_index(index).unwrap();
            let [diagonal, straight] = TABLES.lines[usize::from(index)];
            assert_eq!(
                Bitboard(diagonal),
                walked(square, Role::Bishop, Color::White, Bitboard::EMPTY)
            );
            assert_eq!(
                Bitboard(straight),
                walked(square, Role::Rook, Color::White, Bitboard::EMPTY)
            );
        }
    }

    #[test]
    fn the_tables_give_what_walking_the_board_gives() {
        let mut rng = fastrand::Rng::with_seed(64);
        for _ in 0..300 {
            let occupied = Bitboard(rng.u64(..) & rng.u64(..));
            for index in 0..64 {
                let square = Square::from_index(index).unwrap();
                for role in Role::ALL {
                    for color in [Color::White, Color::Black] {
                        assert_eq!(
                            attacks(square, role, color, occupied),
                            walked(square, role, color, occupied),
                            "{role:?} {color:?} on {square} with {occupied:?}"
                        );
                    }
                }
            }
        }
    }
}
