//! The position's data: the variant, the board, the pieces in hand and the position itself.

use super::bitboard::{self, Bitboard};
use crate::{Color, File, Piece, Role, Square};

/// The variant a position belongs to.
///
/// ```
/// use fenlint::position::{Position, Variant};
/// let tree = fenlint::parse("rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2").into_tree();
/// assert_eq!(Position::from_tree(&tree).unwrap().variant, Variant::ThreeCheck);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// Standard chess.
    Standard,
    /// Chess960 (Fischer Random): standard rules from a shuffled back rank.
    Chess960,
    /// Crazyhouse: captured pieces go to the captor's holdings and can be dropped.
    Crazyhouse,
    /// Three-check: giving the third check wins.
    ThreeCheck,
}

/// What stands on each square.
///
/// ```
/// use fenlint::position::Board;
/// use fenlint::{Color, Piece, Role, Square};
/// let mut board = Board::empty();
/// let e1 = Square::from_name("e1").unwrap();
/// board.set(e1, Some(Piece { color: Color::White, role: Role::King }));
/// assert_eq!(board.king_of(Color::White), Some(e1));
/// assert_eq!(board.occupied().count(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// The squares of each colour's pieces (White, Black).
    colors: [Bitboard; 2],
    /// The squares of each role's pieces, in [`Role::ALL`] order. A square is in one colour's
    /// set and one role's set, or in none: eight words, so that a board is cheap to build and
    /// to move, and the questions the rules ask are mask operations.
    roles: [Bitboard; 6],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for rank in (1..=8).rev() {
            for file in 0..8 {
                let piece = File::new(file)
                    .and_then(|file| Square::new(file, rank))
                    .and_then(|square| self.piece_at(square));
                write!(f, "{}", piece.map_or('.', Piece::letter))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Board {
    /// A board with no piece.
    pub const fn empty() -> Board {
        Board {
            colors: [Bitboard::EMPTY; 2],
            roles: [Bitboard::EMPTY; 6],
        }
    }

    fn color_slot(color: Color) -> usize {
        usize::from(color == Color::Black)
    }

    /// The place of `role` in `roles` (and in [`Role::ALL`]).
    pub(crate) const fn role_slot(role: Role) -> usize {
        match role {
            Role::Pawn => 0,
            Role::Knight => 1,
            Role::Bishop => 2,
            Role::Rook => 3,
            Role::Queen => 4,
            Role::King => 5,
        }
    }

    /// The piece on `square`.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let bit = Bitboard::from_square(square);
        let color = match self.colors {
            [white, _] if !(white & bit).is_empty() => Color::White,
            [_, black] if !(black & bit).is_empty() => Color::Black,
            _ => return None,
        };
        let role = Role::ALL
            .into_iter()
            .zip(self.roles)
            .find_map(|(role, set)| (!(set & bit).is_empty()).then_some(role))?;
        Some(Piece { color, role })
    }

    /// Whether `piece` stands on `square`: what `piece_at(square) == Some(piece)` says, with
    /// one mask test instead of looking the piece up.
    pub(crate) fn has_piece(&self, square: Square, piece: Piece) -> bool {
        self.squares_of(piece).contains(square)
    }

    /// Puts `piece` on `square` (or empties it).
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        let bit = Bitboard::from_square(square);
        for set in self.colors.iter_mut().chain(self.roles.iter_mut()) {
            *set = *set & !bit;
        }
        if let Some(piece) = piece {
            self.place(square, piece);
        }
    }

    /// Puts `piece` on `square`, which is empty: what [`Board::set`] does, without taking
    /// anything off first (building a board square by square).
    pub(crate) fn place(&mut self, square: Square, piece: Piece) {
        self.place_index(square.index(), piece);
    }

    /// Puts `piece` on the empty square with index `index` (a1 is 0; past h8: nowhere).
    pub(crate) fn place_index(&mut self, index: u8, piece: Piece) {
        self.place_slots(
            u32::from(index),
            Board::color_slot(piece.color),
            Board::role_slot(piece.role),
        );
    }

    /// Puts a piece on the empty square with index `index` (past h8: nowhere), given by its
    /// colour's and its role's slots, for the parser, whose byte table holds the slots.
    pub(crate) fn place_slots(&mut self, index: u32, color: usize, role: usize) {
        if let Some(bit) = 1u64.checked_shl(index) {
            self.place_bit(bit, color, role);
        }
    }

    /// Puts a piece on the empty square whose bit is `bit` (0: nowhere), given by its colour's
    /// and its role's slots.
    pub(crate) fn place_bit(&mut self, bit: u64, color: usize, role: usize) {
        let bit = Bitboard(bit);
        if let Some(set) = self.colors.get_mut(color) {
            *set |= bit;
        }
        if let Some(set) = self.roles.get_mut(role) {
            *set |= bit;
        }
    }

    /// Every piece with its square, from a1 to h8.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .squares()
            .filter_map(move |square| Some((square, self.piece_at(square)?)))
    }

    /// The squares holding `piece`.
    pub fn squares_of(&self, piece: Piece) -> Bitboard {
        self.by_color(piece.color)
            & self
                .roles
                .get(Board::role_slot(piece.role))
                .copied()
                .unwrap_or_default()
    }

    /// The squares holding a piece of `role`, of either colour.
    ///
    /// ```
    /// use fenlint::position::Position;
    /// use fenlint::Role;
    /// let tree = fenlint::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").into_tree();
    /// let position = Position::from_tree(&tree).unwrap();
    /// assert_eq!(position.board.by_role(Role::King).count(), 2);
    /// ```
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles
            .get(Board::role_slot(role))
            .copied()
            .unwrap_or_default()
    }

    /// The squares holding a piece of `color`.
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors
            .get(Board::color_slot(color))
            .copied()
            .unwrap_or_default()
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        self.by_color(Color::White) | self.by_color(Color::Black)
    }

    /// The square of `color`'s king, if it has exactly one.
    pub fn king_of(&self, color: Color) -> Option<Square> {
        let kings = self
            .squares_of(Piece {
                color,
                role: Role::King,
            })
            .0;
        // Exactly one bit: not empty, and nothing left once the lowest is cleared.
        if kings == 0 || kings & kings.wrapping_sub(1) != 0 {
            return None;
        }
        Square::from_index(kings.trailing_zeros() as u8)
    }

    /// The pieces of `by` that attack `square`.
    ///
    /// ```
    /// let tree = fenlint::parse("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1").into_tree();
    /// let position = fenlint::position::Position::from_tree(&tree).unwrap();
    /// let e8 = fenlint::Square::from_name("e8").unwrap();
    /// assert_eq!(position.board.attackers_of(e8, fenlint::Color::White).count(), 1);
    /// ```
    pub fn attackers_of(&self, square: Square, by: Color) -> Bitboard {
        self.attackers(square, by, self.occupied(), true)
    }

    /// The pieces of `by` attacking `square` with `occupied` blocking the sliders, kings left
    /// out unless `kings`: the squares each kind of piece would attack from `square`, masked
    /// with where such pieces stand (attacks are symmetric, but for the pawns, whose captures
    /// are seen from the other side).
    pub(crate) fn attackers(
        &self,
        square: Square,
        by: Color,
        occupied: Bitboard,
        kings: bool,
    ) -> Bitboard {
        let theirs = self.by_color(by).0;
        let [pawns, knights, bishops, rooks, queens, their_kings] =
            self.roles.map(|set| set.0 & theirs);
        let index = usize::from(square.index());
        // Attacks are symmetric, but for the pawns, whose captures are seen from the other side.
        let (knight, king, pawn) = bitboard::step_attacks(index, Board::color_slot(by.other()));
        let kings = if kings { king & their_kings } else { 0 };
        Bitboard(
            (pawn & pawns)
                | (knight & knights)
                | kings
                | bitboard::slider_attackers(index, occupied.0, bishops | queens, rooks | queens),
        )
    }
}

/// Pieces in hand, per colour and role (crazyhouse).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Holdings {
    counts: [[u8; 6]; 2],
}

impl Holdings {
    fn slot(color: Color, role: Role) -> (usize, usize) {
        (Board::color_slot(color), Board::role_slot(role))
    }

    /// How many pieces of `color` and `role` are in hand.
    pub fn count(&self, color: Color, role: Role) -> u8 {
        let (c, r) = Holdings::slot(color, role);
        self.counts
            .get(c)
            .and_then(|roles| roles.get(r))
            .copied()
            .unwrap_or(0)
    }

    /// Adds one piece to the holdings (counts saturate at 255).
    pub fn add(&mut self, piece: Piece) {
        let (c, r) = Holdings::slot(piece.color, piece.role);
        if let Some(count) = self.counts.get_mut(c).and_then(|roles| roles.get_mut(r)) {
            *count = count.saturating_add(1);
        }
    }

    /// Every piece in hand, White's first, each role from pawn to king.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        [Color::White, Color::Black]
            .into_iter()
            .flat_map(move |color| {
                Role::ALL.into_iter().flat_map(move |role| {
                    std::iter::repeat_n(Piece { color, role }, usize::from(self.count(color, role)))
                })
            })
    }
}

/// A position: the board and everything else a FEN says about the game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Position {
    /// What stands where.
    pub board: Board,
    /// The squares whose piece was promoted from a pawn (crazyhouse `~`).
    pub promoted: Bitboard,
    /// The side to move.
    pub turn: Color,
    /// Castling rights, as the squares of the rooks each side may still castle with (a right
    /// whose rook cannot be found is on the corner square of its side).
    pub castling: Bitboard,
    /// The en-passant target square.
    pub en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move (`u64::MAX` if too large to read).
    pub halfmove_clock: u64,
    /// The number of the move to be played (`u64::MAX` if too large to read).
    pub fullmove_number: u64,
    /// Pieces in hand (crazyhouse).
    pub holdings: Option<Holdings>,
    /// Checks given so far by White and Black (three-check).
    pub checks_given: Option<[u8; 2]>,
    /// The variant, as the FEN's dialect suggests it.
    pub variant: Variant,
    /// Whether the castling rights follow Chess960's rules (the king anywhere between the rooks
    /// of its back rank), as the castling letters tell: file letters, or `K`/`Q` naming rooks
    /// that the standard start has none of. True in Chess960, and in crazyhouse and three-check
    /// started from a Chess960 position (`…[] w HBhb - 0 1`).
    ///
    /// ```
    /// use fenlint::position::{Position, Variant};
    /// let tree = fenlint::parse("nrqbbnkr/pppppppp/8/8/8/8/PPPPPPPP/NRQBBNKR[] w HBhb - 0 1").into_tree();
    /// let position = Position::from_tree(&tree).unwrap();
    /// assert_eq!((position.variant, position.chess960), (Variant::Crazyhouse, true));
    /// let tree = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1").into_tree();
    /// assert!(!Position::from_tree(&tree).unwrap().chess960);
    /// ```
    pub chess960: bool,
}

/// The empty position: no pieces, White to move, no castling rights, no en-passant square,
/// counters `0 1`, no holdings or check counts, standard chess. Set its fields to build another
/// (the struct is `#[non_exhaustive]`, so that fields can be added).
///
/// ```
/// use fenlint::position::{Position, WriteOptions};
/// use fenlint::{Color, Piece, Role, Square};
/// let mut position = Position::default();
/// position.board.set(Square::from_name("e1").unwrap(), Some(Piece { color: Color::White, role: Role::King }));
/// position.board.set(Square::from_name("e8").unwrap(), Some(Piece { color: Color::Black, role: Role::King }));
/// assert_eq!(position.to_fen(&WriteOptions::default()), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// ```
impl Default for Position {
    fn default() -> Position {
        Position {
            board: Board::empty(),
            promoted: Bitboard(0),
            turn: Color::White,
            castling: Bitboard(0),
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            holdings: None,
            checks_given: None,
            variant: Variant::Standard,
            chess960: false,
        }
    }
}
