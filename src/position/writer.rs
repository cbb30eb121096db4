//! Printing a [`Position`] as FEN, in the dialect a [`WriteOptions`] asks for: the inverse of
//! [`Position::from_tree`]. What the output looks like, and what becomes of what no FEN can
//! say, is documented on [`Position::to_fen`].

use std::fmt;

use super::back_rank::{castling_square, classic_letter_in_doubt};
use super::bitboard::{Bitboard, attacks};
use super::model::{Board, Position, Variant};
use crate::syntax::CastlingSide;
use crate::{Color, File, Piece, Role, Square};

/// How [`Position::to_fen`] writes the parts of a FEN that dialects spell differently.
///
/// The default is X-FEN castling, bracket holdings, checks given (`+W+B` after the counters)
/// and the en-passant square always written, as the position holds it. Set the fields you want
/// to change and take the rest from the default:
///
/// ```
/// use fenlint::position::{CastlingStyle, Position, WriteOptions};
/// let tree = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").into_tree();
/// let position = Position::from_tree(&tree).unwrap();
/// let shredder = WriteOptions::default().with_castling(CastlingStyle::Shredder);
/// assert_eq!(
///     position.to_fen(&shredder),
///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
/// );
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct WriteOptions {
    /// How castling rights are lettered.
    pub castling: CastlingStyle,
    /// How crazyhouse holdings are written, when the position has any.
    pub holdings: HoldingsStyle,
    /// How three-check counters are written, when the position has any.
    pub checks: ChecksStyle,
    /// When the en-passant square is written.
    pub en_passant: EnPassantStyle,
    /// Where an EPD record's move counters are written (EPD files only).
    pub epd_counters: EpdCountersStyle,
}

impl WriteOptions {
    /// These options with castling rights lettered `castling`'s way.
    #[must_use]
    pub fn with_castling(mut self, castling: CastlingStyle) -> WriteOptions {
        self.castling = castling;
        self
    }

    /// These options with holdings written `holdings`' way.
    #[must_use]
    pub fn with_holdings(mut self, holdings: HoldingsStyle) -> WriteOptions {
        self.holdings = holdings;
        self
    }

    /// These options with three-check counters written `checks`' way.
    #[must_use]
    pub fn with_checks(mut self, checks: ChecksStyle) -> WriteOptions {
        self.checks = checks;
        self
    }

    /// These options with the en-passant square written when `en_passant` says.
    ///
    /// ```
    /// use fenlint::position::{EnPassantStyle, WriteOptions};
    /// let options = WriteOptions::default().with_en_passant(EnPassantStyle::Legal);
    /// assert_eq!(options.en_passant, EnPassantStyle::Legal);
    /// ```
    #[must_use]
    pub fn with_en_passant(mut self, en_passant: EnPassantStyle) -> WriteOptions {
        self.en_passant = en_passant;
        self
    }

    /// These options with EPD records' move counters written `epd_counters`' way.
    ///
    /// ```
    /// use fenlint::position::{EpdCountersStyle, WriteOptions};
    /// let options = WriteOptions::default().with_epd_counters(EpdCountersStyle::Operations);
    /// assert_eq!(options.epd_counters, EpdCountersStyle::Operations);
    /// ```
    #[must_use]
    pub fn with_epd_counters(mut self, epd_counters: EpdCountersStyle) -> WriteOptions {
        self.epd_counters = epd_counters;
        self
    }
}

/// Where the move counters of an EPD record are written.
///
/// PGN §16.2 writes them as the operations `hmvc` and `fmvn`; opening books and many test
/// suites write six-field FENs, with the counters as fields right after the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EpdCountersStyle {
    /// As each record writes them.
    #[default]
    AsWritten,
    /// As the FEN's last two fields (`… w - - 0 1 bm e4;`), from `hmvc` and `fmvn` when a
    /// record has both.
    Fen,
    /// As the operations `hmvc` and `fmvn` (`… w - - hmvc 0; fmvn 1; bm e4;`).
    Operations,
}

/// How castling rights are lettered.
///
/// [`Position::castling`] holds the squares of the rooks each side may castle with; a right on
/// rank 1 is White's (upper case), a right on rank 8 Black's (lower case).
///
/// ```
/// use fenlint::position::{CastlingStyle, Position, WriteOptions};
/// // Chess960: White's king is on b1, its rooks on a1, c1 (an inner rook) and h1.
/// let tree = fenlint::parse("1k6/8/8/8/8/8/8/RKR4R w HCQ - 0 1").into_tree();
/// let position = Position::from_tree(&tree).unwrap();
/// let with = |castling| WriteOptions::default().with_castling(castling);
/// assert!(position.to_fen(&with(CastlingStyle::XFen)).contains(" HCQ "));
/// assert!(position.to_fen(&with(CastlingStyle::Shredder)).contains(" HCA "));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CastlingStyle {
    /// X-FEN: `K` (`Q`) for the outermost rook on the king's h-side (a-side), the file letter
    /// for an inner rook. In standard positions this is plain FEN's `KQkq`.
    ///
    /// Precisely, `K` or `Q` is written exactly when the reader takes it to mean that square:
    /// with the king on its back rank, the outermost rook of its colour on that side; with no
    /// such rook, or no king on the back rank, the h- or a-corner. Every other square gets its
    /// file letter, and so does `K` or `Q` in Chess960 (the position's variant, or the one a
    /// reader infers from the letters) with two rooks or more on that side of the king, where
    /// readers disagree on which rook it names (`fen::castling::ambiguous`): `HCQ`, not `KCQ`,
    /// with rooks on c1 and h1 and the king on b1, as `check --fix` writes it. (Other writers,
    /// shakmaty among them, use file letters whenever the king is
    /// off its back rank; both read back the same, but `K`/`Q` keeps `KQkq` for such positions
    /// and keeps them from reading back as Chess960.)
    #[default]
    XFen,
    /// Shredder-FEN: the rook's file letter for every right (`HAha` in the start position).
    /// Readers take file letters as a sign of Chess960.
    Shredder,
}

/// How crazyhouse holdings are written, when [`Position::holdings`] is `Some`.
///
/// ```
/// use fenlint::position::{HoldingsStyle, Position, WriteOptions};
/// let tree = fenlint::parse("4k3/8/8/8/8/8/8/4K3[Pqn] w - - 0 1").into_tree();
/// let position = Position::from_tree(&tree).unwrap();
/// let with = |holdings| WriteOptions::default().with_holdings(holdings);
/// assert!(position.to_fen(&with(HoldingsStyle::Bracket)).starts_with("4k3/8/8/8/8/8/8/4K3[Pqn] "));
/// assert!(position.to_fen(&with(HoldingsStyle::Slash)).starts_with("4k3/8/8/8/8/8/8/4K3/Pqn "));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HoldingsStyle {
    /// In brackets right after rank 1: `…/R3K2R[QNPqp]`; empty holdings are `[]`.
    #[default]
    Bracket,
    /// A ninth `/`-group (BPGN, Scidb, lichess): `…/R3K2R/QNPqp`; empty holdings are a trailing
    /// `/`. The validator reads such a group as holdings only when something says crazyhouse
    /// (the variant it checks, a `~` on the board, or the other lines of its file); otherwise as
    /// a ninth rank.
    Slash,
}

/// How three-check counters are written, when [`Position::checks_given`] is `Some`.
///
/// ```
/// use fenlint::position::{ChecksStyle, Position, WriteOptions};
/// let tree = fenlint::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+0").into_tree();
/// let position = Position::from_tree(&tree).unwrap();
/// let with = |checks| WriteOptions::default().with_checks(checks);
/// assert_eq!(position.to_fen(&with(ChecksStyle::Given)), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+0");
/// assert_eq!(position.to_fen(&with(ChecksStyle::Remaining)), "4k3/8/8/8/8/8/8/4K3 w - - 1+3 0 1");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChecksStyle {
    /// Checks given, after the counters: `+W+B` (Scidb, lichess). Counts above 3 are written as
    /// they are, and the parser reports them.
    #[default]
    Given,
    /// Checks remaining, before the counters: `W+B`, each 3 minus the checks given (XBoard,
    /// python-chess, shakmaty). Counts above 3 given are written as 0 remaining.
    Remaining,
}

/// When the en-passant square is written.
///
/// Whatever the style, a square off ranks 3 and 6 is written as `-`: the grammar has no other
/// target square.
///
/// ```
/// use fenlint::position::{EnPassantStyle, Position};
/// use fenlint::Square;
/// // Black just played d7-d5; the pawn on e5 can take it, but it is pinned to its king on e1.
/// let tree = fenlint::parse("4r2k/8/8/3pP3/8/8/8/4K3 w - d6 0 2").into_tree();
/// let position = Position::from_tree(&tree).unwrap();
/// assert_eq!(position.en_passant_square(EnPassantStyle::Always), Square::from_name("d6"));
/// assert_eq!(position.en_passant_square(EnPassantStyle::Capturable), Square::from_name("d6"));
/// assert_eq!(position.en_passant_square(EnPassantStyle::Legal), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EnPassantStyle {
    /// The square the position holds, after every double step (PGN standard, plain FEN).
    #[default]
    Always,
    /// Only when a pawn of the side to move could take en passant, pieces pinned or not
    /// (X-FEN; shakmaty's `EnPassantMode::PseudoLegal`): the square is on the side to move's
    /// sixth rank and empty, the opponent's pawn stands on the square beyond it, the square the
    /// pawn came from is empty, and a pawn of the side to move attacks the square.
    Capturable,
    /// Only when such a capture is legal: it leaves no king of the side to move attacked, with
    /// both pawns taken off the board and the capturing one put on the square (shakmaty's
    /// `EnPassantMode::Legal`). With no king of its own, every such capture is legal.
    Legal,
}

/// The order holdings are written in, each side's: from king (never legal, but grammatical)
/// down to pawn, as Scidb writes them.
const HOLDINGS_ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

impl Position {
    /// The position as a FEN, in the dialect `options` asks for.
    ///
    /// For every position a FEN can express, `fenlint::parse` reports no diagnostic on the
    /// output and [`Position::from_tree`] gives the position back, except for
    /// [`variant`](Position::variant), which is inferred from the text, and the en-passant square
    /// when the [`EnPassantStyle`] leaves it out.
    ///
    /// # Canonical output
    ///
    /// - The placement uses one digit per run of empty squares, and a `~` after each piece on a
    ///   square of [`promoted`](Position::promoted).
    /// - Holdings are written only when [`holdings`](Position::holdings) is `Some`: White's
    ///   before Black's, each side's as `K Q R B N P` (Scidb order; a king in hand is
    ///   grammatical, if never legal); empty holdings are `[]` or a trailing `/`.
    /// - Castling letters come White's before Black's and, for each side, `K`, then file letters
    ///   from h to a, then `Q`, the order the parser expects; `-` when there is none.
    /// - Three-check counters are written only when [`checks_given`](Position::checks_given) is
    ///   `Some`; both move counters are always written, as the numbers they hold.
    ///
    /// # What no FEN can say
    ///
    /// The writer then writes the nearest FEN, and reading it back gives the position without
    /// what could not be said:
    ///
    /// - a castling square off ranks 1 and 8 is left out: no letter names it;
    /// - a promoted mark on an empty square is left out: a `~` follows a piece letter;
    /// - an en-passant square off ranks 3 and 6 is written as `-`: the grammar has no other
    ///   target square;
    /// - a check count above 3 is written as it is with [`ChecksStyle::Given`] (it reads back,
    ///   but the parser reports `fen::checks::count_out_of_range`) and as 0 checks remaining
    ///   with [`ChecksStyle::Remaining`] (so it reads back as 3);
    /// - the variant is not written. Readers infer it: holdings or a `~` make
    ///   [`Crazyhouse`](super::Variant::Crazyhouse), then check counters
    ///   [`ThreeCheck`](super::Variant::ThreeCheck), then castling letters that need Chess960
    ///   (a file letter, or `K`/`Q` with the king or that rook off its standard square, when
    ///   every letter names a king and rook that Chess960 castling needs)
    ///   [`Chess960`](super::Variant::Chess960); anything else is
    ///   [`Standard`](super::Variant::Standard). So Shredder-FEN letters read back as Chess960,
    ///   a Chess960 position whose castling looks standard reads back from X-FEN as Standard,
    ///   a Chess960 position that holdings or check counters mark as another variant reads back
    ///   as that variant (its rights in doubt, lettered by file for Chess960, name the same
    ///   rooks, and that variant writes them as `K`/`Q`),
    ///   and a Crazyhouse position without holdings or promoted pieces reads back as whatever
    ///   else the text suggests. (The validator, unlike [`Position::from_tree`], takes slash
    ///   holdings without a `~` for holdings only when told the variant is crazyhouse.)
    ///
    /// ```
    /// use fenlint::position::{ChecksStyle, HoldingsStyle, Position, WriteOptions};
    /// let fen = "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R/Pp w KQkq - 3 5 +1+0";
    /// let position = Position::from_tree(&fenlint::parse(fen).into_tree()).unwrap();
    /// let options = WriteOptions::default()
    ///     .with_holdings(HoldingsStyle::Slash)
    ///     .with_checks(ChecksStyle::Given);
    /// let written = position.to_fen(&options);
    /// assert_eq!(written, fen);
    ///
    /// let parse = fenlint::parse(&written);
    /// assert!(parse.diagnostics().is_empty());
    /// assert_eq!(Position::from_tree(parse.tree()), Some(position));
    /// ```
    #[must_use]
    pub fn to_fen(&self, options: &WriteOptions) -> String {
        Fen {
            position: self,
            options,
        }
        .to_string()
    }

    /// Writes the position as a FEN into `out`, in the dialect `options` asks for; the text is
    /// that of [`Position::to_fen`].
    ///
    /// # Errors
    ///
    /// Only those `out` returns; writing into a `String` never fails.
    ///
    /// ```
    /// use std::fmt::Write;
    /// use fenlint::position::{Position, WriteOptions};
    /// let tree = fenlint::parse("8/8/8/4k3/8/8/8/4K3 b - - 7 40").into_tree();
    /// let position = Position::from_tree(&tree).unwrap();
    /// let mut line = String::from("position fen ");
    /// position.write_fen(&mut line, &WriteOptions::default()).unwrap();
    /// assert_eq!(line, "position fen 8/8/8/4k3/8/8/8/4K3 b - - 7 40");
    /// ```
    pub fn write_fen<W: fmt::Write + ?Sized>(
        &self,
        out: &mut W,
        options: &WriteOptions,
    ) -> fmt::Result {
        write_placement(out, &self.board, self.promoted)?;
        if let Some(holdings) = &self.holdings {
            let (open, close) = match options.holdings {
                HoldingsStyle::Bracket => ("[", "]"),
                HoldingsStyle::Slash => ("/", ""),
            };
            out.write_str(open)?;
            for color in [Color::White, Color::Black] {
                for role in HOLDINGS_ORDER {
                    let letter = Piece { color, role }.letter();
                    for _ in 0..holdings.count(color, role) {
                        out.write_char(letter)?;
                    }
                }
            }
            out.write_str(close)?;
        }
        out.write_char(' ')?;
        out.write_char(self.turn.letter())?;
        out.write_char(' ')?;
        // Read back as Chess960 (or checked as such): `K`/`Q` in doubt take their file letter.
        let chess960 = options.castling == CastlingStyle::XFen
            && (self.variant == Variant::Chess960
                || self.chess960
                || self.x_fen_reads_as_chess960());
        // Where X-FEN's `K` and `Q` would not say Chess960 castling when the FEN is read alone
        // (see `Position::x_fen_tells_chess960_castling`), every right takes its file letter.
        let style = if chess960 && !self.x_fen_tells_chess960_castling() {
            CastlingStyle::Shredder
        } else {
            options.castling
        };
        write_castling(out, &self.board, self.castling, style, chess960)?;
        match self.en_passant_square(options.en_passant) {
            Some(square) => write!(out, " {square}")?,
            None => out.write_str(" -")?,
        }
        if let (Some([white, black]), ChecksStyle::Remaining) = (self.checks_given, options.checks)
        {
            let remaining = |given: u8| 3u8.saturating_sub(given);
            write!(out, " {}+{}", remaining(white), remaining(black))?;
        }
        write!(out, " {} {}", self.halfmove_clock, self.fullmove_number)?;
        if let (Some([white, black]), ChecksStyle::Given) = (self.checks_given, options.checks) {
            write!(out, " +{white}+{black}")?;
        }
        Ok(())
    }

    /// The en-passant square as `style` writes it: [`Position::en_passant`] if it is on rank 3
    /// or 6 and the style keeps it, `None` otherwise.
    ///
    /// ```
    /// use fenlint::position::{EnPassantStyle, Position};
    /// use fenlint::Square;
    /// // After 1. e4 nothing can take on e3; after 1. e4 d5 2. e5 f5, the e5 pawn can take on f6.
    /// let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    /// let after_f5 = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    /// let position = |fen| Position::from_tree(&fenlint::parse(fen).into_tree()).unwrap();
    /// assert_eq!(position(after_e4).en_passant_square(EnPassantStyle::Always), Square::from_name("e3"));
    /// assert_eq!(position(after_e4).en_passant_square(EnPassantStyle::Capturable), None);
    /// assert_eq!(position(after_f5).en_passant_square(EnPassantStyle::Legal), Square::from_name("f6"));
    /// ```
    #[must_use]
    pub fn en_passant_square(&self, style: EnPassantStyle) -> Option<Square> {
        let target = self
            .en_passant
            .filter(|square| matches!(square.rank(), 3 | 6))?;
        let keep = match style {
            EnPassantStyle::Always => true,
            EnPassantStyle::Capturable => !self.en_passant_capturers(target).is_empty(),
            EnPassantStyle::Legal => self
                .en_passant_capturers(target)
                .squares()
                .any(|from| self.en_passant_is_safe(from, target)),
        };
        keep.then_some(target)
    }

    /// The pawns of the side to move that can take en passant on `target`, pins aside: none
    /// unless `target` is on the side to move's sixth rank and empty, the opponent's pawn stands
    /// beyond it and the square that pawn came from is empty.
    fn en_passant_capturers(&self, target: Square) -> Bitboard {
        let us = self.turn;
        let them = us.other();
        let (target_rank, pushed_rank, origin_rank) = match us {
            Color::White => (6, 5, 7),
            Color::Black => (3, 4, 2),
        };
        let on = |rank| Square::new(target.file(), rank);
        let (Some(pushed), Some(origin)) = (on(pushed_rank), on(origin_rank)) else {
            return Bitboard::EMPTY;
        };
        let pawn = |color| Piece {
            color,
            role: Role::Pawn,
        };
        if target.rank() != target_rank
            || self.board.piece_at(target).is_some()
            || self.board.piece_at(origin).is_some()
            || self.board.piece_at(pushed) != Some(pawn(them))
        {
            return Bitboard::EMPTY;
        }
        // The squares a pawn of ours takes on `target` from are those an opponent's pawn on
        // `target` would attack.
        attacks(target, Role::Pawn, them, Bitboard::EMPTY) & self.board.squares_of(pawn(us))
    }

    /// Whether taking en passant from `from` on `target` leaves every king of the side to move
    /// unattacked (with no king, nothing can be left in check).
    fn en_passant_is_safe(&self, from: Square, target: Square) -> bool {
        let us = self.turn;
        let Some(captured) = Square::new(target.file(), from.rank()) else {
            return false;
        };
        let mut board = self.board.clone();
        board.set(from, None);
        board.set(captured, None);
        board.set(
            target,
            Some(Piece {
                color: us,
                role: Role::Pawn,
            }),
        );
        let king = Piece {
            color: us,
            role: Role::King,
        };
        board
            .squares_of(king)
            .squares()
            .all(|square| board.attackers_of(square, us.other()).is_empty())
    }
}

/// Writes a position with [`WriteOptions::default()`]: X-FEN castling, bracket holdings, checks
/// given after the counters, the en-passant square as the position holds it.
///
/// ```
/// use fenlint::position::Position;
/// let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
/// let position = Position::from_tree(&fenlint::parse(fen).into_tree()).unwrap();
/// assert_eq!(position.to_string(), fen);
/// ```
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f, &WriteOptions::default())
    }
}

/// A position with the options to write it with.
struct Fen<'p, 'o> {
    position: &'p Position,
    options: &'o WriteOptions,
}

impl fmt::Display for Fen<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.position.write_fen(f, self.options)
    }
}

/// Ranks 8 down to 1, `~` after the promoted pieces (promoted marks on empty squares are lost).
#[allow(
    clippy::arithmetic_side_effects,
    reason = "a rank has 8 squares, so at most 8 are empty in a row"
)]
fn write_placement<W: fmt::Write + ?Sized>(
    out: &mut W,
    board: &Board,
    promoted: Bitboard,
) -> fmt::Result {
    for rank in (1..=8u8).rev() {
        let mut empty = 0u8;
        for file in 0..8u8 {
            let square = File::new(file).and_then(|file| Square::new(file, rank));
            let Some((square, piece)) =
                square.and_then(|square| Some((square, board.piece_at(square)?)))
            else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                out.write_char(char::from(b'0' + empty))?;
                empty = 0;
            }
            out.write_char(piece.letter())?;
            if promoted.contains(square) {
                out.write_char('~')?;
            }
        }
        if empty > 0 {
            out.write_char(char::from(b'0' + empty))?;
        }
        if rank > 1 {
            out.write_char('/')?;
        }
    }
    Ok(())
}

/// The castling letters of `rights` in canonical order, or `-` (squares off the back ranks are
/// lost).
#[allow(clippy::arithmetic_side_effects, reason = "a file index is below 8")]
fn write_castling<W: fmt::Write + ?Sized>(
    out: &mut W,
    board: &Board,
    rights: Bitboard,
    style: CastlingStyle,
    chess960: bool,
) -> fmt::Result {
    let mut written = false;
    for (color, rank) in [(Color::White, 1), (Color::Black, 8)] {
        // One slot per letter, in the order the parser expects: `K`, files h to a, `Q`. Each
        // square takes one slot, and no two squares the same one: `K` and `Q` name one square
        // each, and a file letter names the square on its file.
        let mut slots = [None; 10];
        for square in rights.squares().filter(|square| square.rank() == rank) {
            let file = square.file();
            // In Chess960 a `K` or `Q` in doubt is written as its file letter (see
            // `classic_letter_in_doubt`).
            let names = |side| {
                castling_square(board, color, side) == Some(square)
                    && !(chess960 && classic_letter_in_doubt(board, color, side))
            };
            let (slot, letter) = match style {
                CastlingStyle::XFen if names(CastlingSide::King) => (0, 'K'),
                CastlingStyle::XFen if names(CastlingSide::Queen) => (9, 'Q'),
                _ => (
                    usize::from(8 - file.index()),
                    file.letter().to_ascii_uppercase(),
                ),
            };
            let letter = match color {
                Color::White => letter,
                Color::Black => letter.to_ascii_lowercase(),
            };
            if let Some(slot) = slots.get_mut(slot) {
                *slot = Some(letter);
            }
        }
        for letter in slots.into_iter().flatten() {
            out.write_char(letter)?;
            written = true;
        }
    }
    if !written {
        out.write_char('-')?;
    }
    Ok(())
}
