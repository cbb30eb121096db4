//! The position a FEN describes, built from the syntax tree without reading its text again.
//!
//! [`Position::from_tree`] reads the typed views of a [`SyntaxTree`]; fields that are missing
//! take the defaults readers assume (`w - - 0 1`). The validator checks the position, and the
//! writer prints it in any dialect.

mod back_rank;
mod bitboard;
mod model;
mod san;
mod writer;

use back_rank::{BackRank, castling_square, classic_letter_in_doubt};
pub(crate) use back_rank::{back_rank_rooks, outermost_rook};
pub use bitboard::{Bitboard, attacks, between};
pub use model::{Board, Holdings, Position, Variant};
pub use san::SanReading;
pub use writer::{
    CastlingStyle, ChecksStyle, EnPassantStyle, EpdCountersStyle, HoldingsStyle, WriteOptions,
};

use crate::syntax::{CastlingSide, ChecksForm, SyntaxKind, SyntaxTree};
use crate::{Color, Piece, Span, Square};

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
        Position::from_tree_and_castling(tree, castling_sides(tree), false)
    }

    /// [`Position::from_tree`], with the colour and side of each castling letter given by a
    /// caller that has read the letters already (the validator reads them once for its rules
    /// too); a letter may be given once however often it is written. `chess960_file`: the
    /// position is read from a file whose other positions say Chess960 (see
    /// [`crate::files::FileHints`]), where X-FEN's `K` or `Q` for an inner rook tells Chess960
    /// even with the king on the e-file and the corner empty.
    pub(crate) fn from_tree_and_castling(
        tree: &SyntaxTree<'_>,
        sides: impl Iterator<Item = (Color, CastlingSide)>,
        chess960_file: bool,
    ) -> Option<Position> {
        let (board, promoted) = scan(tree)?;
        let facts = castling_facts(sides, &board, chess960_file);
        Some(Position::from_tree_and_board(tree, board, promoted, facts))
    }

    /// This position, read from `tree`, with its ninth `/` group not taken as crazyhouse
    /// holdings: no holdings, and, when `detect`, the variant the rest of the FEN suggests
    /// (what [`Position::from_tree`] would tell without holdings). The validator reads a FEN so
    /// when nothing says crazyhouse (see `Validator::lint_parse`).
    pub(crate) fn drop_slash_holdings(
        &mut self,
        tree: &SyntaxTree<'_>,
        detect: bool,
        chess960_file: bool,
    ) {
        self.holdings = None;
        let facts = castling_facts(castling_sides(tree), &self.board, chess960_file);
        self.read_variant(facts, detect);
    }

    /// Sets how castling works (`chess960`) and, when `detect`, the variant, from what the
    /// position tells and what its castling letters say (`facts`). Holdings or a promoted piece
    /// tell crazyhouse, check counters three-check; the castling letters tell Chess960 only when
    /// nothing else tells the variant, and Chess960 castling in any variant.
    fn read_variant(&mut self, facts: CastlingFacts, detect: bool) {
        self.chess960 = facts.chess960_castling(self.variant_told());
        if !detect {
            return;
        }
        self.variant = if self.holdings.is_some() || !self.promoted.is_empty() {
            Variant::Crazyhouse
        } else if self.checks_given.is_some() {
            Variant::ThreeCheck
        } else if facts.chess960 {
            Variant::Chess960
        } else {
            Variant::Standard
        };
    }

    /// The position of `tree`, whose placement describes `board` with `promoted` squares and
    /// whose castling letters say `facts`.
    fn from_tree_and_board(
        tree: &SyntaxTree<'_>,
        board: Board,
        promoted: Bitboard,
        facts: CastlingFacts,
    ) -> Position {
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
        let counter = |counter: Option<crate::syntax::Counter<'_, '_>>, default: u64| {
            counter.map_or(default, |counter| match counter.value() {
                Some(value) => value,
                None if counter.has_number() => u64::MAX,
                None => default,
            })
        };
        let mut position = Position {
            board,
            promoted,
            turn,
            castling: facts.rooks,
            en_passant: tree.en_passant().and_then(|field| field.square()),
            halfmove_clock: counter(tree.halfmove_clock(), 0),
            fullmove_number: counter(tree.fullmove_number(), 1),
            holdings,
            checks_given,
            variant: Variant::Standard,
            chess960: false,
        };
        // The board is complete, so its promoted squares are exactly the `~` after a piece
        // letter in a rank.
        position.read_variant(facts, true);
        position
    }
}

/// The span of the token of `tree`'s placement that describes `square`: its piece letter, or
/// the digit of the run of empty squares it belongs to (see [`crate::syntax::Placement::squares`]).
/// The rules ask only when they report, so the spans are read then rather than kept for every
/// FEN.
pub(crate) fn square_token_span(tree: &SyntaxTree<'_>, square: Square) -> Option<Span> {
    let mut found = None;
    tree.placement()?.for_each_square(|at, span| {
        if at == square {
            found = Some(span);
        }
    });
    found
}

/// The board and the promoted squares, read in one pass over the placement's nodes; `None`
/// unless the placement is eight ranks of eight squares, each a piece letter (with an optional
/// `~`) or part of a run of empty squares.
///
/// A rank node starts the next rank, and the tokens up to the next rank are its squares (a rank
/// holds tokens only, and between the ranks are only `/` tokens), each byte of a `SQUARES` token
/// a piece letter or a digit; the holdings end the board.
fn scan(tree: &SyntaxTree<'_>) -> Option<(Board, Bitboard)> {
    let placement = tree.placement()?;
    let (nodes, _, stop) = placement.syntax().raw_subtree();
    let source = tree.source().as_bytes();
    let mut board = Board::empty();
    let mut promoted = Bitboard::EMPTY;
    // The ranks started, the index of the next square (a8 is 56) and where its rank ends.
    // Squares are handled by index (below `rank_end`, at most 64).
    let (mut ranks, mut next, mut rank_end) = (0u8, 0u8, 0u8);
    // The square of the last piece, by index, for the `~` that may follow it.
    let mut last_piece: Option<u8> = None;
    for (offset, node) in nodes.iter().enumerate() {
        match node.kind {
            SyntaxKind::Rank => {
                if ranks > 0 && next != rank_end {
                    return None;
                }
                ranks = ranks.checked_add(1).filter(|&ranks| ranks <= 8)?;
                // Rank 8 starts at square 56, rank 1 at square 0.
                next = 8u8.checked_sub(ranks)?.checked_mul(8)?;
                rank_end = next.checked_add(8)?;
                last_piece = None;
            }
            SyntaxKind::Slash => last_piece = None,
            SyntaxKind::Holdings => break,
            SyntaxKind::Squares => {
                let end = nodes
                    .get(offset.saturating_add(1))
                    .map_or(stop, |next| next.start as usize);
                last_piece = None;
                for &byte in source.get(node.start as usize..end)? {
                    if byte.is_ascii_digit() {
                        // A run of empty squares; `0` describes none (a syntax error).
                        next = next
                            .checked_add(byte.wrapping_sub(b'0'))
                            .filter(|&after| after <= rank_end)?;
                        last_piece = None;
                    } else {
                        let piece = Piece::from_letter(char::from(byte))?;
                        if next >= rank_end {
                            return None;
                        }
                        board.place_index(next, piece);
                        (next, last_piece) = (next.saturating_add(1), Some(next));
                    }
                }
            }
            SyntaxKind::PromotedMarker => {
                promoted = promoted.with(Square::from_index(last_piece.take()?)?);
            }
            // An error token: a rank that does not describe its squares.
            _ => return None,
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

/// The colour and side of each castling letter of `tree`, as written.
fn castling_sides<'t>(
    tree: &'t SyntaxTree<'_>,
) -> impl Iterator<Item = (Color, CastlingSide)> + 't {
    tree.castling()
        .into_iter()
        .flat_map(|castling| castling.rights())
        .map(|right| (right.color(), right.side()))
}

/// What the castling letters say about the position.
#[derive(Clone, Copy, Default)]
struct CastlingFacts {
    /// The castling rooks of the letters' sides (see [`castling_square`]).
    rooks: Bitboard,
    /// Whether the letters tell Chess960 (see [`BackRank::tells_chess960`]): what tells the
    /// variant when nothing else does.
    chess960: bool,
    /// Whether they tell Chess960 by their notation alone (see
    /// [`BackRank::notation_tells_chess960`]): what tells Chess960 castling in crazyhouse and
    /// three-check, whose games mostly start from the standard position.
    chess960_by_notation: bool,
}

impl CastlingFacts {
    /// Whether castling follows Chess960's rules in a position whose variant is told by
    /// something else than the castling letters (`told`) or not.
    fn chess960_castling(self, told: bool) -> bool {
        if told {
            self.chess960_by_notation
        } else {
            self.chess960
        }
    }
}

/// What the castling letters, whose sides `sides` gives, say on `board`: in one pass over the
/// letters, each colour's back rank read once, and not at all without a letter.
fn castling_facts(
    mut sides: impl Iterator<Item = (Color, CastlingSide)>,
    board: &Board,
    chess960_file: bool,
) -> CastlingFacts {
    let Some(first) = sides.next() else {
        return CastlingFacts::default();
    };
    let (white, black) = (
        BackRank::of(board, Color::White),
        BackRank::of(board, Color::Black),
    );
    let mut rooks = Bitboard::EMPTY;
    // A file letter tells Chess960 by its notation; `K` or `Q` only when every letter is a
    // right in Chess960 (see `BackRank::tells_chess960`).
    let (mut file_letter, mut classic_tells, mut classic_notation, mut all_rights) =
        (false, false, false, true);
    for (color, side) in std::iter::once(first).chain(sides) {
        let rank = if color == Color::White { white } else { black };
        if let Some(square) = rank.square(side) {
            rooks = rooks.with(square);
        }
        match side {
            CastlingSide::File(_) => file_letter |= rank.tells_chess960(side, chess960_file),
            _ => {
                classic_tells |= rank.tells_chess960(side, chess960_file);
                classic_notation |= rank.notation_tells_chess960(side, chess960_file);
            }
        }
        all_rights &= rank.is_chess960_right(side);
    }
    CastlingFacts {
        rooks,
        chess960: file_letter || (classic_tells && all_rights),
        chess960_by_notation: file_letter || (classic_notation && all_rights),
    }
}

impl Position {
    /// Whether a reader castles by Chess960's rules in this position written in X-FEN without
    /// regard to doubt (`K`/`Q` for each outermost rook, file letters for the rest): as the
    /// letters tell it, by their notation when something else tells the variant (see
    /// [`CastlingFacts::chess960_castling`]).
    pub(crate) fn x_fen_reads_as_chess960(&self) -> bool {
        self.x_fen_castling_facts(false)
            .chess960_castling(self.variant_told())
    }

    /// Whether this position, its castling rights written in X-FEN without regard to doubt as
    /// Chess960's (`K`/`Q` for each outermost rook), reads back alone with the castling rights
    /// it has: when every right is one of standard chess too (king on e1 or e8, rook in the
    /// corner), which reads the same either way, or when the letters tell Chess960 castling
    /// (see [`CastlingFacts::chess960_castling`]). They do not where `K` or `Q` names an inner
    /// rook beside an empty corner, the king on the e-file (read alone, standard chess's stale
    /// right), nor in crazyhouse and three-check where only the king's file says Chess960.
    pub(crate) fn x_fen_tells_chess960_castling(&self) -> bool {
        self.castles_as_in_standard_chess()
            || self
                .x_fen_castling_facts(true)
                .chess960_castling(self.variant_told())
    }

    /// Whether every castling right is one of standard chess: its rook in a corner, its king
    /// on the e-file of that rank.
    fn castles_as_in_standard_chess(&self) -> bool {
        self.castling.squares().all(|rook| {
            let color = if rook.rank() == 1 {
                Color::White
            } else {
                Color::Black
            };
            let corner = matches!(rook.file().index(), 0 | 7) && matches!(rook.rank(), 1 | 8);
            let king_home = self
                .board
                .king_of(color)
                .is_some_and(|king| king.rank() == rook.rank() && king.file().index() == 4);
            corner && king_home
        })
    }

    /// Whether something else than the castling letters tells the variant: holdings, a
    /// promoted piece or check counters.
    fn variant_told(&self) -> bool {
        self.holdings.is_some()
            || !(self.promoted & self.board.occupied()).is_empty()
            || self.checks_given.is_some()
    }

    /// What the castling letters of this position written in X-FEN (`K`/`Q` for each outermost
    /// rook, file letters for the rest) say, read alone (not in a file of other positions);
    /// with `doubt`, as Chess960's are written, a `K` or `Q` in doubt as its file letter (see
    /// `classic_letter_in_doubt`).
    fn x_fen_castling_facts(&self, doubt: bool) -> CastlingFacts {
        let board = &self.board;
        let sides = self.castling.squares().filter_map(|square| {
            let color = match square.rank() {
                1 => Color::White,
                8 => Color::Black,
                _ => return None,
            };
            let names = |side| {
                castling_square(board, color, side) == Some(square)
                    && !(doubt && classic_letter_in_doubt(board, color, side))
            };
            let side = if names(CastlingSide::King) {
                CastlingSide::King
            } else if names(CastlingSide::Queen) {
                CastlingSide::Queen
            } else {
                CastlingSide::File(square.file())
            };
            Some((color, side))
        });
        castling_facts(sides, board, false)
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::*;
    use crate::syntax::RankItem;
    use crate::{File, Role};

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
            let scanned = scan(&tree);
            let viewed = board_by_views(&tree);
            assert_eq!(
                scanned,
                viewed
                    .as_ref()
                    .map(|(board, promoted, _)| (board.clone(), *promoted)),
                "{text:?}"
            );
            if let (Some(_), Some((_, _, squares))) = (scanned, viewed) {
                assert_eq!(squares.len(), 64, "{text:?}");
                for (square, span) in squares {
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
