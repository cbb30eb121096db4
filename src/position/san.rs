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
        let legal = match parse_san(san)? {
            San::Castle { kingside } => usize::from(self.can_castle(kingside)),
            San::Normal {
                role,
                from_file,
                from_rank,
                to,
                promotion,
            } => self
                // A pawn's SAN names the file it captures from (`exd5`), and a push none (`d5`).
                .starts_of(role, to, from_file.is_some())
                .squares()
                .filter(|from| {
                    from_file.is_none_or(|file| from.file().index() == file)
                        && from_rank.is_none_or(|rank| from.rank() == rank)
                })
                .filter(|&from| self.is_legal(from, to, role, promotion))
                .count(),
        };
        Some(match legal {
            0 => SanReading::Illegal,
            1 => SanReading::Legal,
            more => SanReading::Ambiguous(more),
        })
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
        let last_rank = if self.turn == Color::White { 8 } else { 1 };
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
        let mut after = self.board.clone();
        after.set(from, None);
        // An en-passant capture takes the pawn beside the start square, on the target's file.
        if role == Role::Pawn
            && from.file() != to.file()
            && self.en_passant == Some(to)
            && !self.board.occupied().contains(to)
            && let Some(captured) = Square::new(to.file(), from.rank())
        {
            after.set(captured, None);
        }
        after.set(
            to,
            Some(Piece {
                color: self.turn,
                role: promotion.unwrap_or(role),
            }),
        );
        king_safe(&after, self.turn)
    }

    /// Whether the side to move may castle on the kingside (`O-O`) or the queenside (`O-O-O`)
    /// with a rook it has the right for: the king on its back rank, the squares the king and
    /// the rook go through and to empty but for the two of them, and the king in check on none
    /// of the squares it stands on, passes or reaches (Chess960's rules, which are standard
    /// chess's for the king on e1 and the rooks in the corners).
    fn can_castle(&self, kingside: bool) -> bool {
        let color = self.turn;
        let back_rank = if color == Color::White { 1 } else { 8 };
        let Some(king) = self
            .board
            .king_of(color)
            .filter(|king| king.rank() == back_rank)
        else {
            return false;
        };
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
            return false;
        };
        let square = |file: u8| File::new(file).and_then(|file| Square::new(file, back_rank));
        let (king_to, rook_to) = if kingside { (6, 5) } else { (2, 3) };
        let (Some(king_to), Some(rook_to)) = (square(king_to), square(rook_to)) else {
            return false;
        };
        // Everything between the king and its square, and the rook and its square, the
        // squares themselves included, must be empty but for the king and the rook.
        let path = between(king, king_to).with(king_to) | between(rook, rook_to).with(rook_to);
        let movers = Bitboard(0).with(king).with(rook);
        if !(path & self.board.occupied() & !movers).is_empty() {
            return false;
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
            return false;
        }
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
        king_safe(&after, color)
    }
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
}
