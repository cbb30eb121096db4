//! The move a SAN names in a position (PGN §8.2.3): which legal move, if any, `Nbd2` or `O-O`
//! is, as the readers of EPD test suites resolve the `bm` and `am` operands.
//!
//! SAN names a move by the piece, its target square and as much of its start square as tells
//! it from the other moves of that piece to that square. A move is legal when the piece can go
//! there (slides are not blocked, a pawn pushes onto an empty square and captures onto a piece
//! or the en-passant square, castling has its right, an empty path and a king that neither
//! stands in check nor passes through an attacked square) and its own king is not in check
//! after it. As python-chess reads SAN, the capture mark `x` and the check signs `+` and `#`
//! are not checked against the move.

use super::bitboard::{Bitboard, attacks, between};
use super::model::{Board, Position};
use crate::{Color, File, Piece, Role, Square};

/// What a move written in SAN names in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SanReading {
    /// One legal move.
    Legal,
    /// No legal move of the side to move.
    Illegal,
    /// More than one legal move, which the SAN does not tell apart (`Ne4` when knights on c3
    /// and g3 can both go there); the number of them.
    Ambiguous(usize),
}

/// A legal move, as it changes the board: castling with a king and a rook, each to its square,
/// or a piece's move from a square to another, promoting a pawn to `promotion`.
#[derive(Clone, Copy, Debug)]
enum Move {
    Castle {
        king: Square,
        rook: Square,
        king_to: Square,
        rook_to: Square,
    },
    Normal {
        from: Square,
        to: Square,
        role: Role,
        promotion: Option<Role>,
    },
}

/// A move in SAN, read: castling, or a piece's (or pawn's) move to a square.
#[derive(Clone, Copy, Debug)]
enum San {
    Castle {
        kingside: bool,
    },
    Normal {
        role: Role,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        to: Square,
        promotion: Option<Role>,
    },
}

impl Position {
    /// What the move `san` names in this position, for the side to move: one legal move, none,
    /// or several. `None` when `san` is not a move in SAN (`Nf3`, `exd5`, `O-O-O`, `e8=Q+`).
    ///
    /// ```
    /// use fenlint::position::{Position, SanReading};
    /// let tree = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").into_tree();
    /// let start = Position::from_tree(&tree).unwrap();
    /// assert_eq!(start.read_san("Nf3"), Some(SanReading::Legal));
    /// assert_eq!(start.read_san("Qg3"), Some(SanReading::Illegal));
    /// assert_eq!(start.read_san("O-O"), Some(SanReading::Illegal));
    /// assert_eq!(start.read_san("g1f3"), None);
    /// ```
    pub fn read_san(&self, san: &str) -> Option<SanReading> {
        let (count, _) = self.named_moves(parse_san(san)?);
        Some(match count {
            0 => SanReading::Illegal,
            1 => SanReading::Legal,
            more => SanReading::Ambiguous(more),
        })
    }

    /// The position after the move `san`, when it names exactly one legal move of the side to
    /// move (see [`Position::read_san`]); `None` otherwise. The move is played as the rules
    /// play it: the other side is to move, castling rights go with the king and the rooks
    /// that move or are taken, a pawn's double step leaves its en-passant square, the counters
    /// go on, and in crazyhouse and three-check the piece taken goes to the holdings and a
    /// check is counted.
    ///
    /// ```
    /// use fenlint::position::{Position, SanReading, WriteOptions};
    /// let tree = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").into_tree();
    /// let start = Position::from_tree(&tree).unwrap();
    /// let after = start.after_san("e4").unwrap();
    /// assert_eq!(after.to_fen(&WriteOptions::default()), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// assert_eq!(after.read_san("e5"), Some(SanReading::Legal));
    /// assert_eq!(after.read_san("e4"), Some(SanReading::Illegal));
    /// assert!(start.after_san("e5").is_none());
    /// ```
    pub fn after_san(&self, san: &str) -> Option<Position> {
        match self.named_moves(parse_san(san)?) {
            (1, Some(played)) => Some(self.play(played)),
            _ => None,
        }
    }

    /// How many legal moves of the side to move `san` fits, and the first of them.
    fn named_moves(&self, san: San) -> (usize, Option<Move>) {
        match san {
            San::Castle { kingside } => {
                let castle = self.castling_move(kingside);
                (usize::from(castle.is_some()), castle)
            }
            San::Normal {
                role,
                from_file,
                from_rank,
                to,
                promotion,
            } => {
                let mut moves = self
                    // A pawn's SAN names the file it captures from (`exd5`), and a push none (`d5`).
                    .starts_of(role, to, from_file.is_some())
                    .squares()
                    .filter(|from| {
                        from_file.is_none_or(|file| from.file().index() == file)
                            && from_rank.is_none_or(|rank| from.rank() == rank)
                    })
                    .filter(|&from| self.is_legal(from, to, role, promotion))
                    .map(|from| Move::Normal {
                        from,
                        to,
                        role,
                        promotion,
                    });
                let first = moves.next();
                (
                    usize::from(first.is_some()).saturating_add(moves.count()),
                    first,
                )
            }
        }
    }

    /// The position after `played`, a legal move of the side to move.
    fn play(&self, played: Move) -> Position {
        let color = self.turn;
        let own_rank = back_rank(color);
        let mut after = self.clone();
        after.en_passant = None;
        let mut resets_clock = false;
        match played {
            Move::Castle {
                king,
                rook,
                king_to,
                rook_to,
            } => {
                after.board = self.castled_board(king, rook, king_to, rook_to);
                after.castling = without_rank(self.castling, own_rank);
            }
            Move::Normal {
                from,
                to,
                role,
                promotion,
            } => {
                let taken_on = self.taken_on(from, to, role);
                let taken = taken_on.and_then(|square| self.board.piece_at(square));
                after.board = self.board_after(from, to, role, promotion);
                resets_clock = role == Role::Pawn || taken.is_some();
                let moved = Bitboard::from_square(from).with(to);
                after.castling = self.castling & !moved;
                if role == Role::King {
                    after.castling = without_rank(after.castling, own_rank);
                }
                if role == Role::Pawn && from.rank().abs_diff(to.rank()) == 2 {
                    after.en_passant = Square::new(to.file(), from.rank().midpoint(to.rank()));
                }
                // Crazyhouse: a promoted piece keeps its mark; a piece taken goes to the
                // taker's hand, a promoted one as the pawn it was.
                let was_promoted = promotion.is_some() || self.promoted.contains(from);
                after.promoted = self.promoted & !moved;
                if was_promoted {
                    after.promoted = after.promoted.with(to);
                }
                if let (Some(holdings), Some(taken), Some(square)) =
                    (after.holdings.as_mut(), taken, taken_on)
                {
                    let role = if self.promoted.contains(square) {
                        Role::Pawn
                    } else {
                        taken.role
                    };
                    holdings.add(Piece { color, role });
                }
            }
        }
        after.halfmove_clock = if resets_clock {
            0
        } else {
            self.halfmove_clock.saturating_add(1)
        };
        if color == Color::Black {
            after.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        after.turn = color.other();
        if let Some(checks) = after.checks_given.as_mut()
            && !king_safe(&after.board, color.other())
        {
            let given = if color == Color::White {
                &mut checks[0]
            } else {
                &mut checks[1]
            };
            *given = given.saturating_add(1);
        }
        after
    }

    /// The square of the piece that the move of the piece of `role` from `from` to `to` takes,
    /// if any: `to`, or the pawn beside `from` that an en-passant capture takes.
    fn taken_on(&self, from: Square, to: Square, role: Role) -> Option<Square> {
        if self.board.occupied().contains(to) {
            return Some(to);
        }
        if role == Role::Pawn && from.file() != to.file() && self.en_passant == Some(to) {
            return Square::new(to.file(), from.rank());
        }
        None
    }

    /// The board after the piece of `role` of the side to move goes from `from` to `to`,
    /// promoting to `promotion`, taking what [`Position::taken_on`] names.
    fn board_after(&self, from: Square, to: Square, role: Role, promotion: Option<Role>) -> Board {
        let mut after = self.board.clone();
        if let Some(taken) = self.taken_on(from, to, role) {
            after.set(taken, None);
        }
        after.set(from, None);
        after.set(
            to,
            Some(Piece {
                color: self.turn,
                role: promotion.unwrap_or(role),
            }),
        );
        after
    }

    /// The board after the side to move castles with the king on `king` and the rook on
    /// `rook`, onto `king_to` and `rook_to`.
    fn castled_board(&self, king: Square, rook: Square, king_to: Square, rook_to: Square) -> Board {
        let color = self.turn;
        let mut after = self.board.clone();
        after.set(king, None);
        after.set(rook, None);
        after.set(
            king_to,
            Some(Piece {
                color,
                role: Role::King,
            }),
        );
        after.set(
            rook_to,
            Some(Piece {
                color,
                role: Role::Rook,
            }),
        );
        after
    }

    /// The squares from which a piece of the side to move of `role` can reach `to` as that
    /// role moves (before the promotion, the check of its own king and what stands on `to`);
    /// for a pawn, by a capture when `pawn_captures`, else by a push.
    fn starts_of(&self, role: Role, to: Square, pawn_captures: bool) -> Bitboard {
        let own = self.board.squares_of(Piece {
            color: self.turn,
            role,
        });
        let occupied = self.board.occupied();
        if role != Role::Pawn {
            // Moves are symmetric: the pieces that could capture on `to` from where they are.
            return own & attacks(to, role, self.turn, occupied);
        }
        let back = |square: Square, ranks: i8| {
            let rank = i8::try_from(square.rank()).ok()?.checked_sub(ranks)?;
            Square::new(square.file(), u8::try_from(rank).ok()?)
        };
        let forward: i8 = if self.turn == Color::White { 1 } else { -1 };
        let mut starts = Bitboard(0);
        // Captures: a pawn one rank back on either neighbouring file, onto a piece of the
        // other side or the en-passant square.
        let theirs = self.board.by_color(self.turn.other());
        if pawn_captures && (theirs.contains(to) || self.en_passant == Some(to)) {
            for file in [
                to.file().index().checked_sub(1),
                to.file().index().checked_add(1),
            ] {
                if let Some(from) = file
                    .and_then(File::new)
                    .and_then(|file| Square::new(file, to.rank()))
                    .and_then(|square| back(square, forward))
                    .filter(|&from| own.contains(from))
                {
                    starts = starts.with(from);
                }
            }
        }
        // Pushes: onto an empty square, one rank, or two from the pawn's start.
        if !pawn_captures
            && !occupied.contains(to)
            && let Some(one) = back(to, forward)
        {
            if own.contains(one) {
                starts = starts.with(one);
            }
            let double_rank = if self.turn == Color::White { 4 } else { 5 };
            if to.rank() == double_rank
                && !occupied.contains(one)
                && let Some(two) = back(one, forward).filter(|&two| own.contains(two))
            {
                starts = starts.with(two);
            }
        }
        starts
    }

    /// Whether the move of the piece of `role` from `from` to `to` (a square it can reach as
    /// that role moves), promoting to `promotion`, is legal: the promotion is written exactly
    /// when a pawn reaches the last rank, `to` holds no piece of its own side, and its own king
    /// is not in check after it.
    fn is_legal(&self, from: Square, to: Square, role: Role, promotion: Option<Role>) -> bool {
        let last_rank = back_rank(self.turn.other());
        let promotes = role == Role::Pawn && to.rank() == last_rank;
        let promotion_fits = match promotion {
            None => !promotes,
            Some(piece) => {
                promotes
                    && matches!(
                        piece,
                        Role::Queen | Role::Rook | Role::Bishop | Role::Knight
                    )
            }
        };
        if !promotion_fits || self.board.by_color(self.turn).contains(to) {
            return false;
        }
        king_safe(&self.board_after(from, to, role, promotion), self.turn)
    }

    /// Castling on the kingside (`O-O`) or the queenside (`O-O-O`), when the side to move may
    /// castle so with a rook it has the right for: the king on its back rank, the squares the king and
    /// the rook go through and to empty but for the two of them, and the king in check on none
    /// of the squares it stands on, passes or reaches (Chess960's rules, which are standard
    /// chess's for the king on e1 and the rooks in the corners).
    fn castling_move(&self, kingside: bool) -> Option<Move> {
        let color = self.turn;
        let back_rank = back_rank(color);
        let king = self
            .board
            .king_of(color)
            .filter(|king| king.rank() == back_rank)?;
        let king_file = king.file().index();
        // The right's rook on that side of the king; two would be no castling right.
        let mut rooks = self.castling.squares().filter(|rook| {
            rook.rank() == back_rank
                && self.board.piece_at(*rook)
                    == Some(Piece {
                        color,
                        role: Role::Rook,
                    })
                && (rook.file().index() > king_file) == kingside
        });
        let (Some(rook), None) = (rooks.next(), rooks.next()) else {
            return None;
        };
        let square = |file: u8| File::new(file).and_then(|file| Square::new(file, back_rank));
        let (king_to, rook_to) = if kingside { (6, 5) } else { (2, 3) };
        let (king_to, rook_to) = (square(king_to)?, square(rook_to)?);
        // Everything between the king and its square, and the rook and its square, the
        // squares themselves included, must be empty but for the king and the rook.
        let path = between(king, king_to).with(king_to) | between(rook, rook_to).with(rook_to);
        let movers = Bitboard(0).with(king).with(rook);
        if !(path & self.board.occupied() & !movers).is_empty() {
            return None;
        }
        // The king may not castle out of, through or into check; the rook and the king do not
        // shield the squares they leave.
        let occupied = self.board.occupied() & !movers;
        let walked = between(king, king_to).with(king).with(king_to);
        if walked.squares().any(|square| {
            !self
                .board
                .attackers(square, color.other(), occupied, true)
                .is_empty()
        }) {
            return None;
        }
        king_safe(&self.castled_board(king, rook, king_to, rook_to), color).then_some(
            Move::Castle {
                king,
                rook,
                king_to,
                rook_to,
            },
        )
    }
}

/// The rank of the back row of `color`: 1 for White, 8 for Black.
fn back_rank(color: Color) -> u8 {
    if color == Color::White { 1 } else { 8 }
}

/// The squares of `squares` that are not on `rank`.
fn without_rank(squares: Bitboard, rank: u8) -> Bitboard {
    squares
        .squares()
        .filter(|square| square.rank() != rank)
        .fold(Bitboard(0), Bitboard::with)
}

/// Whether the king of `color` on `board` is not attacked (a board without that king is not
/// judged here: its position has errors of its own).
fn king_safe(board: &Board, color: Color) -> bool {
    board
        .king_of(color)
        .is_none_or(|king| board.attackers_of(king, color.other()).is_empty())
}

/// `text` read as a move in SAN: castling (`O-O`, `O-O-O`), a piece's move (`Nf3`, `Nbd2`,
/// `R1e2`, `Qh4xe1`) or a pawn's (`e4`, `exd5`, `e8=Q`), each with an optional `+` or `#`.
fn parse_san(text: &str) -> Option<San> {
    let body = text.strip_suffix(['+', '#']).unwrap_or(text);
    match body {
        "O-O" => return Some(San::Castle { kingside: true }),
        "O-O-O" => return Some(San::Castle { kingside: false }),
        _ => {}
    }
    let file = |byte: u8| {
        (b'a'..=b'h')
            .contains(&byte)
            .then(|| byte.wrapping_sub(b'a'))
    };
    let rank = |byte: u8| {
        (b'1'..=b'8')
            .contains(&byte)
            .then(|| byte.wrapping_sub(b'0'))
    };
    let square = |f: u8, r: u8| Square::new(File::new(file(f)?)?, rank(r)?);
    match body.as_bytes() {
        [letter @ (b'K' | b'Q' | b'R' | b'B' | b'N'), rest @ ..] => {
            let role = Role::from_letter(char::from(letter.to_ascii_lowercase()))?;
            let (before, &[to_file, to_rank]) = rest.split_last_chunk::<2>()?;
            let before = before.strip_suffix(b"x").unwrap_or(before);
            let (from_file, from_rank) = match *before {
                [] => (None, None),
                [one] => match (file(one), rank(one)) {
                    (Some(f), _) => (Some(f), None),
                    (None, Some(r)) => (None, Some(r)),
                    (None, None) => return None,
                },
                [f, r] => (Some(file(f)?), Some(rank(r)?)),
                _ => return None,
            };
            Some(San::Normal {
                role,
                from_file,
                from_rank,
                to: square(to_file, to_rank)?,
                promotion: None,
            })
        }
        bytes => {
            let (bytes, promotion) = match bytes {
                [head @ .., b'=', piece] => (
                    head,
                    Some(Role::from_letter(char::from(piece.to_ascii_lowercase()))?),
                ),
                _ => (bytes, None),
            };
            let (from_file, to) = match *bytes {
                [f, r] => (None, square(f, r)?),
                [from, b'x', f, r] => (Some(file(from)?), square(f, r)?),
                _ => return None,
            };
            Some(San::Normal {
                role: Role::Pawn,
                from_file,
                from_rank: None,
                to,
                promotion,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(fen: &str, san: &str) -> Option<SanReading> {
        let tree = crate::parse(fen).into_tree();
        Position::from_tree(&tree).unwrap().read_san(san)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// What python-chess's `Board.parse_san` says of the same moves in the same positions.
    #[test]
    fn moves_read_as_python_chess_reads_them() {
        use SanReading::{Ambiguous, Illegal, Legal};
        for (fen, san, expected) in [
            (START, "Nf3", Legal),
            (START, "Nxf3", Legal),
            (START, "Nf3+", Legal),
            (START, "e4", Legal),
            (START, "e3", Legal),
            (START, "e5", Illegal),
            (START, "exd5", Illegal),
            (START, "Qg3", Illegal),
            (START, "Nbd2", Illegal),
            (START, "Ke2", Illegal),
            (START, "O-O", Illegal),
            ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", Legal),
            ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e5", Legal),
            ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "d5", Illegal),
            ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q", Legal),
            ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=N+", Legal),
            ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", Illegal),
            ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", Illegal),
            ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", Legal),
            ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", Legal),
            ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Kg1", Illegal),
            ("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", Illegal),
            ("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "Ne4", Ambiguous(2)),
            ("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "Nce4", Legal),
            ("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "N3e4", Ambiguous(2)),
            // En passant, and a pin along the rank it opens.
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", Legal),
            ("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2", "exd6", Illegal),
            // A pinned knight, a king into check, castling through and out of check.
            ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", Illegal),
            ("4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", "Kf1", Illegal),
            ("4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", "Kxf2", Legal),
            ("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "O-O", Illegal),
            ("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "O-O-O", Legal),
            ("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", Illegal),
            // Queenside castling with b1 attacked is legal: the king does not pass b1.
            ("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1", "O-O-O", Legal),
            // Black to move.
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                "e5",
                Legal,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                "Nf3",
                Illegal,
            ),
            // Chess960: the king on f1 and the rook on g1 castle kingside onto g1 and f1.
            ("4k3/8/8/8/8/8/8/4RKR1 w G - 0 1", "O-O", Legal),
        ] {
            assert_eq!(reading(fen, san), Some(expected), "{fen} {san}");
        }
        assert_eq!(reading(START, "g1f3"), None);
        assert_eq!(reading(START, "Pe4"), None);
    }

    /// The positions after moves played one after another, as python-chess's `push_san` leaves
    /// them (its FENs, with the en-passant square written after every double step).
    #[test]
    fn moves_are_played_as_python_chess_plays_them() {
        use crate::position::WriteOptions;
        for (fen, moves, expected) in [
            // Castling rights go with the king and the rook; the counters go on.
            (
                START,
                "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O",
                "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5",
            ),
            (
                START,
                "e4",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            ),
            // A rook taken takes its right with it.
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                "Rxa8+ Kd7 O-O",
                "R6r/3k4/8/8/8/8/8/5RK1 b - - 2 2",
            ),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                "Rh7 Rxh7 Kd1 O-O-O+",
                "2kr4/7r/8/8/8/8/8/R2K4 w - - 2 3",
            ),
            // En passant, a capture onto the last rank with a promotion.
            (
                START,
                "e4 f5 exf5 g5 fxg6 Nf6 gxh7 Rg8 hxg8=Q Nxg8",
                "rnbqkbn1/ppppp3/8/8/8/8/PPPP1PPP/RNBQKBNR w KQq - 0 6",
            ),
            // Chess960 castling.
            (
                "4k3/8/8/8/8/8/8/4RKR1 w G - 0 1",
                "O-O Kd7",
                "8/3k4/8/8/8/8/8/4RRK1 w - - 2 2",
            ),
            (
                "rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1",
                "O-O-O O-O-O",
                "2kr2r1/8/8/8/8/8/8/2KR2R1 w - - 2 2",
            ),
            // Crazyhouse: what is taken goes to the hand, a promoted piece as a pawn.
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
                "e4 d5 exd5 Qxd5",
                "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3",
            ),
            (
                "r3k3/1P6/1n6/8/8/8/8/4K3[] w - - 0 1",
                "bxa8=Q+ Nxa8",
                "n3k3/8/8/8/8/8/8/4K3[Rp] w - - 0 2",
            ),
            // Three-check: each check is counted.
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
                "e4 f6 Qh5+ g6 Qxg6+",
                "rnbqkbnr/ppppp2p/5pQ1/8/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3 +2+0",
            ),
        ] {
            let tree = crate::parse(fen).into_tree();
            let mut position = Position::from_tree(&tree).unwrap();
            for san in moves.split(' ') {
                position = position
                    .after_san(san)
                    .unwrap_or_else(|| panic!("{fen}: {moves}: {san}"));
            }
            assert_eq!(
                position.to_fen(&WriteOptions::default()),
                expected,
                "{fen}: {moves}"
            );
        }
        // Black may not castle through d8, which the rook on d1 holds after White's castling.
        let tree = crate::parse("rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1").into_tree();
        let after = Position::from_tree(&tree)
            .unwrap()
            .after_san("O-O-O")
            .unwrap();
        assert_eq!(after.read_san("O-O"), Some(SanReading::Illegal));
        assert!(after.after_san("O-O").is_none());
        // No move, or one that several moves fit, leaves no position.
        let tree = crate::parse("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1").into_tree();
        let position = Position::from_tree(&tree).unwrap();
        assert!(position.after_san("Ne4").is_none());
        assert!(position.after_san("g1f3").is_none());
    }
}
