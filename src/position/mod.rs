//! The position a FEN describes, built from the syntax tree without reading its text again.
//!
//! [`Position::from_tree`] reads the typed views of a [`SyntaxTree`]; fields that are missing
//! take the defaults readers assume (`w - - 0 1`). The validator checks the position, and the
//! writer prints it in any dialect.

mod bitboard;
mod writer;

pub use bitboard::{Bitboard, attacks, between};
pub use writer::{
    CastlingStyle, ChecksStyle, EnPassantStyle, EpdCountersStyle, HoldingsStyle, WriteOptions,
};

use crate::syntax::{CastlingSide, ChecksForm, SyntaxKind, SyntaxTree};
use crate::{Color, File, Piece, Role, Span, Square};

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
        self.place_slots(
            u32::from(square.index()),
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
        }
    }
}

impl Position {
    /// The position a syntax tree describes, or `None` when its placement is not eight ranks of
    /// eight squares (the syntax diagnostics then say why). Missing fields take the defaults
    /// `w - - 0 1`; fields with syntax errors take the same defaults.
    ///
    /// ```
    /// use fenlint::position::{Position, Variant};
    /// use fenlint::{Color, Square};
    /// let tree = fenlint::parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").into_tree();
    /// let position = Position::from_tree(&tree).unwrap();
    /// assert_eq!(position.turn, Color::Black);
    /// assert_eq!(position.en_passant, Square::from_name("e3"));
    /// assert_eq!(position.castling.count(), 4);
    /// assert_eq!(position.variant, Variant::Standard);
    /// ```
    pub fn from_tree(tree: &SyntaxTree<'_>) -> Option<Position> {
        let (board, promoted) = scan(tree, None::<fn(Square, Span)>)?;
        Some(Position::from_tree_and_board(tree, board, promoted))
    }

    /// This position, read from `tree`, with its ninth `/` group not taken as crazyhouse
    /// holdings: no holdings, and, when `detect`, the variant the rest of the FEN suggests
    /// (what [`Position::from_tree`] would tell without holdings). The validator reads a FEN so
    /// when nothing says crazyhouse (see `Validator::lint_parse`).
    pub(crate) fn drop_slash_holdings(&mut self, tree: &SyntaxTree<'_>, detect: bool) {
        self.holdings = None;
        if !detect {
            return;
        }
        self.variant = if !self.promoted.is_empty() {
            Variant::Crazyhouse
        } else if self.checks_given.is_some() {
            Variant::ThreeCheck
        } else {
            let rights = tree
                .castling()
                .into_iter()
                .flat_map(|castling| castling.rights())
                .map(|right| (right.color(), right.side()));
            if castling_facts(rights, &self.board, true).1 {
                Variant::Chess960
            } else {
                Variant::Standard
            }
        };
    }

    /// The position of `tree`, whose placement describes `board` with `promoted` squares.
    fn from_tree_and_board(tree: &SyntaxTree<'_>, board: Board, promoted: Bitboard) -> Position {
        let turn = tree
            .side_to_move()
            .and_then(|side| side.color())
            .unwrap_or(Color::White);
        let holdings = tree.holdings().map(|holdings| {
            let mut counts = Holdings::default();
            for (piece, _) in holdings.pieces() {
                counts.add(piece);
            }
            counts
        });
        let checks_given = checks_given(tree);
        // Chess960 is told from the castling rights only when nothing else tells the variant.
        let variant_open = holdings.is_none() && promoted.is_empty() && checks_given.is_none();
        let (castling, chess960) = castling_facts(
            tree.castling()
                .into_iter()
                .flat_map(|castling| castling.rights())
                .map(|right| (right.color(), right.side())),
            &board,
            variant_open,
        );
        // The board is complete, so its promoted squares are exactly the `~` after a piece
        // letter in a rank that the dialect would look for.
        let variant = if holdings.is_some() || !promoted.is_empty() {
            Variant::Crazyhouse
        } else if checks_given.is_some() {
            Variant::ThreeCheck
        } else if chess960 {
            Variant::Chess960
        } else {
            Variant::Standard
        };
        let counter = |counter: Option<crate::syntax::Counter<'_, '_>>, default: u64| {
            counter.map_or(default, |counter| match counter.value() {
                Some(value) => value,
                None if counter.has_number() => u64::MAX,
                None => default,
            })
        };
        Position {
            board,
            promoted,
            turn,
            castling,
            en_passant: tree.en_passant().and_then(|field| field.square()),
            halfmove_clock: counter(tree.halfmove_clock(), 0),
            fullmove_number: counter(tree.fullmove_number(), 1),
            holdings,
            checks_given,
            variant,
        }
    }
}

/// The board and the promoted squares, read in one pass over the placement's nodes, calling
/// `visit` with each square and the span of the token that describes it; `None` unless the
/// placement is eight ranks of eight squares, each a piece letter (with an optional `~`) or part
/// of a run of empty squares. Text between the ranks is not part of any rank; the holdings end
/// the board.
#[cfg(test)]
pub(crate) fn scan_board(
    tree: &SyntaxTree<'_>,
    visit: impl FnMut(Square, Span),
) -> Option<(Board, Bitboard)> {
    scan(tree, Some(visit))
}

/// The span of the token of `tree`'s placement that describes `square`: its piece letter, or
/// the digit of the run of empty squares it belongs to; `None` when the square's rank is not
/// there or is too short. What [`scan_board`] gives the square, walking its rank alone.
pub(crate) fn square_token_span(tree: &SyntaxTree<'_>, square: Square) -> Option<Span> {
    let placement = tree.placement()?;
    let (nodes, first, stop) = placement.syntax().raw_subtree();
    let source = tree.source().as_bytes();
    // Rank 8 is the first rank node.
    let mut ranks_before = 8u8.checked_sub(square.rank())?;
    let mut rank_until = None;
    let mut file = 0u8;
    let mut offset = 0usize;
    while let Some(node) = nodes.get(offset) {
        let index = first.saturating_add(offset);
        offset = offset.saturating_add(1);
        match (node.kind, rank_until) {
            (SyntaxKind::Holdings, _) => return None,
            (SyntaxKind::Rank, None) if ranks_before == 0 => {
                rank_until = Some(node.next as usize);
                continue;
            }
            (SyntaxKind::Rank, None) => {
                ranks_before = ranks_before.saturating_sub(1);
                // A rank holds tokens only, none of them the square's: on past its subtree.
                offset = (node.next as usize).saturating_sub(first).max(offset);
                continue;
            }
            (_, None) => continue,
            (_, Some(until)) if index >= until => return None,
            _ => {}
        }
        let start = node.start as usize;
        let width = match node.kind {
            SyntaxKind::Piece => 1,
            SyntaxKind::PromotedMarker => continue,
            SyntaxKind::EmptyRun => source.get(start)?.checked_sub(b'0').filter(|&n| n <= 9)?,
            _ => return None,
        };
        file = file.saturating_add(width);
        if square.file().index() < file {
            let end = nodes.get(offset).map_or(stop, |next| next.start as usize);
            return Some(Span::relative_to(tree.base(), start, end));
        }
    }
    None
}

/// [`scan_board`], with `visit` optional: without it, no span is worked out.
fn scan(
    tree: &SyntaxTree<'_>,
    mut visit: Option<impl FnMut(Square, Span)>,
) -> Option<(Board, Bitboard)> {
    let placement = tree.placement()?;
    let (nodes, first, stop) = placement.syntax().raw_subtree();
    let source = tree.source().as_bytes();
    let base = tree.base();
    let mut board = Board::empty();
    let mut promoted = Bitboard::EMPTY;
    // The number of the next square (a8 is 56), and where the current rank ends.
    let (mut ranks, mut next, mut rank_end) = (0u8, 0u8, 0u8);
    let mut offset = 0usize;
    while let Some(node) = nodes.get(offset) {
        match node.kind {
            SyntaxKind::Holdings => break,
            SyntaxKind::Rank => {}
            // Between the ranks: `/`, or not a rank.
            _ => {
                offset = offset.saturating_add(1);
                continue;
            }
        }
        if ranks > 0 && next != rank_end {
            return None;
        }
        ranks = ranks.checked_add(1).filter(|&ranks| ranks <= 8)?;
        // Rank 8 starts at square 56, rank 1 at square 0.
        next = 8u8.checked_sub(ranks)?.checked_mul(8)?;
        rank_end = next.checked_add(8)?;
        // The rank's tokens, read in a loop of their own: up to the end of its subtree, or to
        // a rank or the holdings, which the loop above reads.
        let until = (node.next as usize).saturating_sub(first).min(nodes.len());
        offset = offset.saturating_add(1);
        let mut last_piece: Option<Square> = None;
        while let Some(node) = nodes.get(offset).filter(|_| offset < until) {
            let start = node.start as usize;
            let span = || {
                let end = nodes
                    .get(offset.saturating_add(1))
                    .map_or(stop, |next| next.start as usize);
                Span::relative_to(base, start, end)
            };
            match node.kind {
                SyntaxKind::Piece => {
                    let piece = Piece::from_letter(char::from(*source.get(start)?))?;
                    let square = Square::from_index(next).filter(|_| next < rank_end)?;
                    board.place(square, piece);
                    if let Some(visit) = &mut visit {
                        visit(square, span());
                    }
                    (next, last_piece) = (next.saturating_add(1), Some(square));
                }
                SyntaxKind::PromotedMarker => promoted = promoted.with(last_piece.take()?),
                SyntaxKind::EmptyRun => {
                    let count = source.get(start)?.checked_sub(b'0').filter(|&n| n <= 9)?;
                    let after = next.saturating_add(count);
                    if after > rank_end {
                        return None;
                    }
                    if let Some(visit) = &mut visit {
                        let span = span();
                        for at in next..after {
                            visit(Square::from_index(at)?, span);
                        }
                    }
                    (next, last_piece) = (after, None);
                }
                SyntaxKind::Rank | SyntaxKind::Holdings => break,
                _ => return None,
            }
            offset = offset.saturating_add(1);
        }
    }
    (ranks == 8 && next == rank_end).then_some((board, promoted))
}

/// Checks given by each side, from whichever counter form the FEN uses (remaining counts are
/// turned into given ones: 3 minus the remaining).
fn checks_given(tree: &SyntaxTree<'_>) -> Option<[u8; 2]> {
    let read = |counters: crate::syntax::CheckCounters<'_, '_>| {
        let white = u8::try_from(counters.white()?).ok()?;
        let black = u8::try_from(counters.black()?).ok()?;
        Some(match counters.form() {
            ChecksForm::Remaining => [3u8.saturating_sub(white), 3u8.saturating_sub(black)],
            _ => [white, black],
        })
    };
    tree.given_checks()
        .and_then(read)
        .or_else(|| tree.remaining_checks().and_then(read))
}

/// The castling rooks of the castling letters' sides, which `sides` gives (see
/// [`castling_square`]), and, when `ask_chess960`, whether they tell Chess960 (see
/// [`BackRank::tells_chess960`]): in one pass over the letters, each colour's back rank read
/// once, and not at all without a letter.
fn castling_facts(
    mut sides: impl Iterator<Item = (Color, CastlingSide)>,
    board: &Board,
    ask_chess960: bool,
) -> (Bitboard, bool) {
    let Some(first) = sides.next() else {
        return (Bitboard::EMPTY, false);
    };
    let (white, black) = (
        BackRank::of(board, Color::White),
        BackRank::of(board, Color::Black),
    );
    let mut rooks = Bitboard::EMPTY;
    // A file letter tells Chess960 by its notation; `K` or `Q` only when every letter is a
    // right in Chess960 (see `BackRank::tells_chess960`).
    let (mut file_letter, mut classic_tells, mut all_rights) = (false, false, true);
    for (color, side) in std::iter::once(first).chain(sides) {
        let rank = if color == Color::White { white } else { black };
        if let Some(square) = rank.square(side) {
            rooks = rooks.with(square);
        }
        if ask_chess960 {
            let tells = rank.tells_chess960(side);
            match side {
                CastlingSide::File(_) => file_letter |= tells,
                _ => classic_tells |= tells,
            }
            all_rights &= rank.is_chess960_right(side);
        }
    }
    (rooks, file_letter || (classic_tells && all_rights))
}

/// The square a castling letter of `color` for `side` names on `board`: `K`/`Q` the outermost
/// rook of that colour on the back rank on that side of the king (X-FEN), a file letter the
/// rook on that file. Without a king on the back rank, or without such a rook, `K` and `Q` name
/// the h- and a-corner. The writer picks `K` or `Q` exactly when this gives back the rook square
/// it writes.
fn castling_square(board: &Board, color: Color, side: CastlingSide) -> Option<Square> {
    BackRank::of(board, color).square(side)
}

impl Position {
    /// Whether a reader infers Chess960 from this position written in X-FEN without regard to
    /// doubt (`K`/`Q` for each outermost rook, file letters for the rest): nothing else tells
    /// the variant (no holdings, promoted piece or check counters), and the letters do (see
    /// [`castling_facts`]).
    pub(crate) fn x_fen_reads_as_chess960(&self) -> bool {
        let open = self.holdings.is_none()
            && (self.promoted & self.board.occupied()).is_empty()
            && self.checks_given.is_none();
        if !open {
            return false;
        }
        let board = &self.board;
        let sides = self.castling.squares().filter_map(|square| {
            let color = match square.rank() {
                1 => Color::White,
                8 => Color::Black,
                _ => return None,
            };
            let side = if castling_square(board, color, CastlingSide::King) == Some(square) {
                CastlingSide::King
            } else if castling_square(board, color, CastlingSide::Queen) == Some(square) {
                CastlingSide::Queen
            } else {
                CastlingSide::File(square.file())
            };
            Some((color, side))
        });
        castling_facts(sides, board, true).1
    }
}

/// Whether, in Chess960, `K` or `Q` for `side` leaves readers in doubt: the colour's king is on
/// its back rank with two rooks or more on that side, so that "the outermost rook" (X-FEN) and
/// "the rook nearest the corner's castling square" may differ. `fen::castling::ambiguous` warns
/// about such a letter and its fix writes the file letter, so the writer writes the file letter
/// there too, and `fmt` and `check --fix` agree.
fn classic_letter_in_doubt(board: &Board, color: Color, side: CastlingSide) -> bool {
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
struct BackRank {
    /// The back rank's number (1 or 8).
    rank: u8,
    /// The file index of the king, when the colour has one king and it stands on this rank.
    king: Option<u8>,
    /// The files of the colour's rooks on this rank, as the low 8 bits (bit 0 the a-file).
    rooks: u32,
}

impl BackRank {
    /// `color`'s back rank on `board`.
    fn of(board: &Board, color: Color) -> BackRank {
        BackRank {
            rank: if color == Color::White { 1 } else { 8 },
            king: home_king_file(board, color),
            rooks: back_rank_rooks(board, color),
        }
    }

    /// The square a castling letter for `side` names (see [`castling_square`]).
    fn square(self, side: CastlingSide) -> Option<Square> {
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
    /// on its back rank off the e-file; a file letter (Shredder-FEN and X-FEN inner rooks are
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
    fn tells_chess960(self, side: CastlingSide) -> bool {
        let Some(king) = self.king else {
            return false;
        };
        if king != 4 {
            return true;
        }
        let rooks = self.rooks;
        match side {
            CastlingSide::File(_) => true,
            // No rook in the h-corner, one on f or g; none in the a-corner, one on b, c or d.
            CastlingSide::King => rooks & 0x80 == 0 && rooks & 0x60 != 0,
            CastlingSide::Queen => rooks & 0x01 == 0 && rooks & 0x0e != 0,
        }
    }

    /// Whether a castling letter for `side` is a right in Chess960 on this back rank: the king
    /// stands on it, and the rook the letter names (a file letter's, or the outermost on that
    /// side for `K` and `Q`) is there, off the king's file.
    fn is_chess960_right(self, side: CastlingSide) -> bool {
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
    let shift = if color == Color::White { 0 } else { 56 };
    ((rooks.0 >> shift) & 0xff) as u32
}

/// The file index of `color`'s king when it stands on its back rank.
fn home_king_file(board: &Board, color: Color) -> Option<u8> {
    board
        .king_of(color)
        .filter(|king| king.rank() == if color == Color::White { 1 } else { 8 })
        .map(|king| king.file().index())
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::*;
    use crate::syntax::RankItem;

    /// A board, its promoted squares and each square's token span.
    type Scanned = (Board, Bitboard, Vec<(Square, Span)>);

    /// The board the slow way: rank by rank through the typed views.
    fn board_by_views(tree: &SyntaxTree<'_>) -> Option<Scanned> {
        let placement = tree.placement()?;
        let mut board = Board::empty();
        let mut promoted = Bitboard::EMPTY;
        let mut ranks = 0u8;
        for (row, rank) in placement.ranks().enumerate() {
            let rank_number = 8u8.checked_sub(u8::try_from(row).ok()?)?;
            if rank_number == 0 || rank.width() != 8 {
                return None;
            }
            let mut file = 0u8;
            for item in rank.items() {
                match item {
                    RankItem::Piece {
                        piece,
                        promoted: marker,
                        ..
                    } => {
                        let square = Square::new(File::new(file)?, rank_number)?;
                        board.set(square, Some(piece));
                        if marker.is_some() {
                            promoted = promoted.with(square);
                        }
                        file += 1;
                    }
                    RankItem::Empty { count, .. } => file += count,
                    _ => return None,
                }
            }
            ranks += 1;
        }
        (ranks == 8).then(|| (board, promoted, placement.squares()))
    }

    #[test]
    fn attackers_are_the_pieces_whose_attacks_reach_the_square() {
        let mut rng = fastrand::Rng::with_seed(12);
        let roles = Role::ALL;
        for _ in 0..500 {
            let mut board = Board::empty();
            for index in 0..64 {
                if rng.u8(0..3) == 0 {
                    let color = if rng.bool() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let role = roles[rng.usize(..6)];
                    board.set(
                        Square::from_index(index).unwrap(),
                        Some(Piece { color, role }),
                    );
                }
            }
            let occupied = board.occupied();
            for index in 0..64 {
                let square = Square::from_index(index).unwrap();
                for by in [Color::White, Color::Black] {
                    for kings in [false, true] {
                        let expected = board
                            .pieces()
                            .filter(|&(from, piece)| {
                                piece.color == by
                                    && (kings || piece.role != Role::King)
                                    && attacks(from, piece.role, piece.color, occupied)
                                        .contains(square)
                            })
                            .fold(Bitboard::EMPTY, |set, (from, _)| set.with(from));
                        assert_eq!(board.attackers(square, by, occupied, kings), expected);
                    }
                }
            }
        }
    }

    #[test]
    fn one_pass_over_the_placement_reads_what_the_views_read() {
        let seeds = [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R/Pp w KQkq - 0 5",
            "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/8/PPP1PPPP/RNBQ~KBNR[Nb] w KQkq - 0 1",
            "8/8/8/2K5/4k3/8/8/8",
        ];
        let alphabet = b"/12345678 09pPkKqQ~[]x-";
        let mut rng = fastrand::Rng::with_seed(88);
        let mut agree = 0;
        for _ in 0..20_000 {
            let mut text = seeds[rng.usize(..seeds.len())].as_bytes().to_vec();
            for _ in 0..rng.usize(0..4) {
                let at = rng.usize(..=text.len());
                match rng.u8(0..3) {
                    0 => text.insert(at, alphabet[rng.usize(..alphabet.len())]),
                    1 if at < text.len() => {
                        text.remove(at);
                    }
                    _ if at < text.len() => text[at] = alphabet[rng.usize(..alphabet.len())],
                    _ => {}
                }
            }
            let text = String::from_utf8(text).unwrap();
            let parse = crate::parse(&text);
            let tree = parse.into_tree();
            let mut spans = [Span::empty(0); 64];
            let scanned = scan_board(&tree, |square, span| {
                spans[usize::from(square.index())] = span;
            })
            .map(|(board, promoted)| (board, promoted, spans));
            let viewed = board_by_views(&tree);
            assert_eq!(
                scanned
                    .as_ref()
                    .map(|(board, promoted, _)| (board.clone(), *promoted)),
                viewed
                    .as_ref()
                    .map(|(board, promoted, _)| (board.clone(), *promoted)),
                "{text:?}"
            );
            if let (Some((_, _, spans)), Some((_, _, squares))) = (scanned, viewed) {
                assert_eq!(squares.len(), 64, "{text:?}");
                for (square, span) in squares {
                    assert_eq!(
                        spans[usize::from(square.index())],
                        span,
                        "{text:?} {square}"
                    );
                    assert_eq!(
                        square_token_span(&tree, square),
                        Some(span),
                        "{text:?} {square}"
                    );
                }
                agree += 1;
            }
        }
        assert!(agree > 2_000, "only {agree} complete boards compared");
    }
}
