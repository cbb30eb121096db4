//! The registry of diagnostic codes: one line per code, with its default severity and docs.

use super::Severity;

macro_rules! codes {
    ($( $(#[doc = $doc:literal])+ $variant:ident => $code:literal, $severity:ident; )+) => {
        /// A stable diagnostic code such as `fen::castling::order`.
        ///
        /// Codes are `fen::<group>::<problem>` (`epd::` and `pgn::` for EPD records and PGN
        /// files) and never change once released. Each code has a default severity and
        /// documentation; the first line of the documentation is its summary.
        ///
        /// ```
        /// use fenlint::{Code, Severity};
        ///
        /// let code = Code::from_name("fen::castling::order").unwrap();
        /// assert_eq!(code, Code::CastlingOrder);
        /// assert_eq!(code.default_severity(), Severity::Error);
        /// assert!(code.summary().starts_with("castling letters"));
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $( $(#[doc = $doc])+ $variant, )+
        }

        impl Code {
            /// Every code, in registry order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),+];

            /// The code as written in diagnostics, such as `fen::placement::rank_too_long`.
            ///
            /// ```
            /// assert_eq!(fenlint::Code::RankTooLong.name(), "fen::placement::rank_too_long");
            /// ```
            pub const fn name(self) -> &'static str {
                match self { $(Code::$variant => $code,)+ }
            }

            /// The severity a diagnostic with this code has unless the user overrides it.
            ///
            /// ```
            /// use fenlint::{Code, Severity};
            /// assert_eq!(Code::WhitespaceSeparator.default_severity(), Severity::Warning);
            /// ```
            pub const fn default_severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$severity,)+ }
            }

            /// The documentation: a one-line summary, then what the code checks and why.
            ///
            /// ```
            /// assert!(fenlint::Code::EnPassantInvalid.docs().contains("rank 3 or 6"));
            /// ```
            pub const fn docs(self) -> &'static str {
                match self { $(Code::$variant => concat!($($doc, "\n"),+),)+ }
            }
        }
    };
}

codes! {
    /// the input is empty or only whitespace
    ///
    /// A FEN needs at least the piece placement. Blank input usually means a lost line or an
    /// empty PGN tag value.
    InputEmpty => "fen::input::empty", Error;
    /// the input is not valid UTF-8
    ///
    /// FEN is ASCII text. A byte that is not part of a UTF-8 character usually means the file is
    /// in a legacy encoding or is not a text file.
    InputInvalidUtf8 => "fen::input::invalid_utf8", Error;
    /// a line longer than 64 KiB
    ///
    /// No FEN comes near this size. The first 64 KiB are parsed and reported as usual; the rest
    /// of the line is kept as one error token and not read, so that memory stays bounded
    /// however long the line.
    InputTooLong => "fen::input::too_long", Error;
    /// a byte-order mark before the FEN
    ///
    /// Some editors on Windows start UTF-8 files with U+FEFF. It is invisible, but tools that
    /// do not strip it read it as part of the first rank.
    InputByteOrderMark => "fen::input::byte_order_mark", Warning;
    /// more problems than one pass reports
    ///
    /// After 64 diagnostics for one FEN, further problems are counted, not reported, so that a
    /// huge garbage line cannot flood the output.
    InputTooManyProblems => "fen::input::too_many_problems", Advice;
    /// whitespace before the first field
    ///
    /// The PGN standard writes a FEN with no surrounding whitespace; most tools trim it, but
    /// some compare FENs as strings.
    WhitespaceLeading => "fen::whitespace::leading", Warning;
    /// whitespace after the last field
    ///
    /// The PGN standard writes a FEN with no surrounding whitespace; most tools trim it, but
    /// some compare FENs as strings.
    WhitespaceTrailing => "fen::whitespace::trailing", Warning;
    /// fields separated by something other than one space
    ///
    /// PGN §16.1.3 separates the fields with exactly one ASCII space. Runs of spaces, tabs and
    /// other whitespace are accepted by most tools but rejected by some (Fairy-Stockfish reads a
    /// double space as an extra field).
    WhitespaceSeparator => "fen::whitespace::separator", Warning;
    /// the FEN has fewer than six fields
    ///
    /// EPD records and board-only FENs leave out the trailing fields; readers then assume
    /// `w - - 0 1` for what is missing, which may not be what the writer meant.
    FieldsMissing => "fen::fields::missing", Warning;
    /// text after the last field
    ///
    /// Nothing may follow the fullmove number (or the three-check `+W+B` suffix). Extra text is
    /// often an EPD operation or a comment pasted into a FEN.
    FieldsUnexpected => "fen::fields::unexpected", Error;
    /// a character that is neither a piece letter, a digit nor `/`
    ///
    /// The placement uses `PNBRQK` for White, `pnbrqk` for Black, digits 1–8 for runs of empty
    /// squares and `/` between ranks.
    PlacementInvalidCharacter => "fen::placement::invalid_character", Error;
    /// a digit `0` or `9` in a rank
    ///
    /// A digit counts empty squares; a rank has 8 squares, so only 1–8 make sense.
    PlacementDigitOutOfRange => "fen::placement::digit_out_of_range", Error;
    /// two digits in a row, such as `44`
    ///
    /// Adjacent digits are summed by most tools but rejected by others; the canonical form
    /// writes one digit per run of empty squares.
    PlacementAdjacentDigits => "fen::placement::adjacent_digits", Warning;
    /// a rank that describes more than 8 squares
    ///
    /// Each rank must describe exactly 8 squares, from the a-file to the h-file.
    RankTooLong => "fen::placement::rank_too_long", Error;
    /// a rank that describes fewer than 8 squares
    ///
    /// Each rank must describe exactly 8 squares, from the a-file to the h-file.
    RankTooShort => "fen::placement::rank_too_short", Error;
    /// more than 8 ranks
    ///
    /// The placement lists ranks 8 down to 1, separated by `/`. A ninth group made only of
    /// piece letters is read as crazyhouse holdings instead.
    PlacementTooManyRanks => "fen::placement::too_many_ranks", Error;
    /// fewer than 8 ranks
    ///
    /// The placement lists ranks 8 down to 1, separated by `/`.
    PlacementTooFewRanks => "fen::placement::too_few_ranks", Error;
    /// a promoted marker `~` that does not follow a piece letter
    ///
    /// In crazyhouse FENs, `~` right after a piece letter marks a piece that was promoted from a
    /// pawn (it turns back into a pawn when captured). Anywhere else it means nothing.
    PlacementMisplacedPromotedMarker => "fen::placement::misplaced_promoted_marker", Error;
    /// a character in the holdings that is not a piece letter
    ///
    /// Crazyhouse holdings list the pieces in hand, one letter per piece: `PNBRQ` for White,
    /// `pnbrq` for Black (`[-]` or `[]` when empty).
    HoldingsInvalidCharacter => "fen::holdings::invalid_character", Error;
    /// bracket holdings without the closing `]`
    ///
    /// Holdings in the bracket form run from `[` to `]`.
    HoldingsUnclosed => "fen::holdings::unclosed", Error;
    /// text between the closing `]` of the holdings and the next field
    ///
    /// The holdings end the first field; a space must follow the `]`.
    HoldingsUnexpectedText => "fen::holdings::unexpected_text", Error;
    /// a side has no king
    ///
    /// What: each side needs exactly one king on the board.
    /// Why: without a king there is no check, no mate and no legal game; engines crash on it.
    /// Bad: `8/8/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    KingsMissing => "fen::kings::missing", Error;
    /// a side has more than one king
    ///
    /// What: at most one king per side, counting a king in crazyhouse holdings.
    /// Why: a second king cannot arise in a game (kings are never promoted to or dropped).
    /// Bad: `k7/8/8/8/8/8/8/KK6 w - - 0 1`
    /// Good: `k7/8/8/8/8/8/8/K7 w - - 0 1`
    KingsTooMany => "fen::kings::too_many", Error;
    /// the two kings stand next to each other
    ///
    /// What: the kings may not touch, orthogonally or diagonally.
    /// Why: one of them would be in check from the other king, which no legal move allows; most
    /// tools call this "opposite check" without saying why.
    /// Bad: `8/8/8/3kK3/8/8/8/8 b - - 0 1`
    /// Good: `8/8/8/3k1K2/8/8/8/8 b - - 0 1`
    KingsAdjacent => "fen::kings::adjacent", Error;
    /// a pawn on the first or eighth rank
    ///
    /// What: pawns stand on ranks 2 to 7.
    /// Why: a pawn never stands on its own first rank and is promoted on reaching the last.
    /// Bad: `P3k3/8/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/P7/8/8/8/8/8/4K3 w - - 0 1`
    PawnsOnBackRank => "fen::pawns::back_rank", Error;
    /// a side has more than eight pawns
    ///
    /// What: each side starts with eight pawns and never gains one.
    /// Why: a ninth pawn cannot come from anywhere (in crazyhouse, pawns dropped from the
    /// holdings count too).
    /// Bad: `4k3/8/8/8/8/PPPPPPPP/P7/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/PPPPPPPP/8/4K3 w - - 0 1`
    PawnsTooMany => "fen::pawns::too_many", Error;
    /// a side has more than sixteen pieces
    ///
    /// What: each side starts with sixteen pieces, pawns and king included.
    /// Why: no move adds a piece (in crazyhouse, count board and holdings together: up to 32).
    /// Bad: `4k3/8/8/8/QQQQQQQQ/QQQQQQQQ/Q7/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    MaterialTooManyPieces => "fen::material::too_many_pieces", Error;
    /// more promoted pieces than missing pawns
    ///
    /// What: every queen beyond one, rook or knight beyond two, and light- or dark-square bishop
    /// beyond one must have been a pawn, so pawns plus these extras are at most eight.
    /// Why: a side with eight pawns and two queens has a queen from nowhere.
    /// Bad: `4k3/8/8/8/8/PPPPPPPP/8/QQ2K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/PPPPPPP1/8/QQ2K3 w - - 0 1`
    MaterialImpossible => "fen::material::impossible", Error;
    /// the side not to move is in check
    ///
    /// What: the king of the side that has just moved may not be attacked.
    /// Why: the last move would have left its own king in check, which is illegal; the side to
    /// move could capture the king.
    /// Bad: `4k3/4R3/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/4R3/8/8/8/8/8/4K3 b - - 0 1`
    CheckOpposite => "fen::check::opposite", Error;
    /// more than two pieces give check
    ///
    /// What: at most two pieces can check a king at once.
    /// Why: one move can give check with the piece moved and with one piece it uncovers, no more.
    /// Bad: `4k3/8/8/8/1b6/3nr3/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/1b6/4r3/8/4K3 w - - 0 1`
    CheckTooManyCheckers => "fen::check::too_many_checkers", Error;
    /// a double check no move can give
    ///
    /// What: in a double check, at most one checker steps (pawn, knight, king), and two sliders
    /// cannot check along the same line.
    /// Why: the second check of a double check is uncovered by the first piece's move, which a
    /// stepping piece cannot uncover another stepping piece with, nor a slider on the same line.
    /// Bad: `4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/3n4/8/4K2r w - - 0 1`
    CheckImpossible => "fen::check::impossible", Error;
    /// a check the last move (the double step) cannot have given
    ///
    /// What: with an en-passant square, the last move was that pawn's double step, so any check
    /// comes from that pawn or from a line it uncovered.
    /// Why: a check from anywhere else must have existed before the double step, leaving the
    /// other side's king in check.
    /// Bad: `R3k3/8/8/8/4P3/8/8/4K3 b - e3 0 1`
    /// Good: `8/8/8/7k/4P3/8/8/3BK3 b - e3 0 1`
    CheckEnPassantInconsistent => "fen::check::en_passant_inconsistent", Error;
    /// more than one castling right on one side of the king
    ///
    /// What: a side castles at most once kingside and once queenside, so it has at most one right
    /// on each side of its king (two in all).
    /// Why: a second letter on one side names a second rook there, which no rule allows.
    /// Bad: `r3k2r/8/8/8/8/8/8/RR2K2R w KQB - 0 1`
    /// Good: `r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1`
    CastlingTooMany => "fen::castling::too_many", Error;
    /// a castling right without the king on its home square
    ///
    /// What: a side with a castling right has its king on its first rank (on e1/e8 in standard
    /// chess), between the rooks.
    /// Why: a king that has moved has lost its castling rights.
    /// Bad: `4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1`
    CastlingNoKing => "fen::castling::no_king", Error;
    /// a castling right without the rook it names
    ///
    /// What: `K`/`Q` need a rook of that colour on the first rank on that side of the king (on
    /// h1/a1 in standard chess); a file letter needs a rook on that file.
    /// Why: a rook that has moved or been captured gives no castling right.
    /// Bad: `rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`
    /// Good: `rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1`
    CastlingNoRook => "fen::castling::no_rook", Error;
    /// `K` or `Q` with more than one rook on that side of the king
    ///
    /// What: in X-FEN, `K` and `Q` name the outermost rook on their side; when another rook
    /// stands between it and the king, readers that take `K` as "the h-rook" or "the castling
    /// rook" disagree.
    /// Why: write the file letter of the rook (Shredder-FEN style) to say which one.
    /// Bad: `5k2/8/8/8/8/8/8/5KRR w K - 0 1`
    /// Good: `5k2/8/8/8/8/8/8/5KRR w H - 0 1`
    CastlingAmbiguous => "fen::castling::ambiguous", Warning;
    /// castling rights no Chess960 start position can lead to
    ///
    /// What: when both sides keep castling rights, their kings stand on the same file, and so do
    /// their kingside (and their queenside) rooks, since Chess960 mirrors the back ranks.
    /// Why: rights whose pieces stand on different files cannot come from one start position.
    /// Bad: `1r2k2r/8/8/8/8/8/8/R3K1R1 w GBhb - 0 1`
    /// Good: `1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1`
    CastlingNotChess960 => "fen::castling::not_chess960", Error;
    /// classic and file-letter castling notations mixed
    ///
    /// What: `K`/`Q` for one right and a file letter naming an outermost rook for another, as in
    /// `HQkq`.
    /// Why: tools disagree on what such fields mean (en-croissant wrote `HQkq` for standard
    /// chess, and engines then rejected it); use one notation.
    /// Bad: `r3k2r/8/8/8/8/8/8/R3K2R w HQkq - 0 1`
    /// Good: `r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1`
    CastlingMixedNotation => "fen::castling::mixed_notation", Warning;
    /// an en-passant square on the wrong rank for the side to move
    ///
    /// What: with White to move the square is on rank 6 (Black just pushed), with Black to move
    /// on rank 3.
    /// Why: only the side that just moved can have made the double step.
    /// Bad: `4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1`
    /// Good: `4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1`
    EnPassantWrongRank => "fen::en_passant::wrong_rank", Error;
    /// no pawn in front of the en-passant square
    ///
    /// What: the pawn that made the double step stands right in front of the square (on e4 for
    /// `e3`, on e5 for `e6`).
    /// Why: without that pawn there was no double step.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 b - e3 0 1`
    /// Good: `4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1`
    EnPassantNoPawn => "fen::en_passant::no_pawn", Error;
    /// the en-passant square or the pawn's start square is occupied
    ///
    /// What: the square the pawn skipped and the square it came from are empty.
    /// Why: a pawn cannot jump over or start from an occupied square.
    /// Bad: `4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1`
    /// Good: `4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1`
    EnPassantNotEmpty => "fen::en_passant::not_empty", Error;
    /// a halfmove clock other than 0 with an en-passant square
    ///
    /// What: an en-passant square means the last move was a pawn move, which resets the clock.
    /// Why: the two fields contradict each other; one of them is wrong.
    /// Bad: `4k3/8/8/8/4P3/8/8/4K3 b - e3 5 20`
    /// Good: `4k3/8/8/8/4P3/8/8/4K3 b - e3 0 20`
    EnPassantHalfmoveNotZero => "fen::en_passant::halfmove_not_zero", Warning;
    /// an en-passant square no pawn can capture on
    ///
    /// What: no pawn of the side to move stands next to the pawn that just made the double step.
    /// Why: PGN writes the square after every double step, X-FEN and most tools only when a
    /// capture is possible; the square then changes nothing but the FEN's text.
    /// Bad: `4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1`
    /// Good: `4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1`
    EnPassantNotCapturable => "fen::en_passant::not_capturable", Advice;
    /// fullmove number 0
    ///
    /// What: the fullmove number starts at 1.
    /// Why: most tools read 0 as 1 silently; some reject it.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 0`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    FullmoveZero => "fen::fullmove_number::zero", Warning;
    /// a halfmove clock larger than the number of half-moves played
    ///
    /// What: the clock counts half-moves, so it is at most the half-moves since the start:
    /// `2 × (fullmove − 1)`, plus 1 with Black to move.
    /// Why: a larger clock cannot have been reached; one of the counters is wrong.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 30 10`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 18 10`
    HalfmoveExceedsPlies => "fen::halfmove_clock::exceeds_plies", Warning;
    /// a halfmove clock over 100: a draw can be claimed
    ///
    /// What: after 50 moves (100 half-moves) without a capture or pawn move, either player may
    /// claim a draw.
    /// Why: worth knowing when setting up or analysing the position.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 101 80`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 99 80`
    HalfmoveFiftyMoves => "fen::halfmove_clock::fifty_moves", Advice;
    /// a halfmove clock of 150 or more: the game is drawn
    ///
    /// What: after 75 moves (150 half-moves) without a capture or pawn move, the game is drawn
    /// (FIDE Laws 9.6.2), whatever the players claim.
    /// Why: the position cannot be played on.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 150 100`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 149 100`
    HalfmoveSeventyFiveMoves => "fen::halfmove_clock::seventy_five_moves", Warning;
    /// a move counter too large to be real
    ///
    /// What: counters fit in 32 bits (the halfmove clock is also at most the plies played).
    /// Why: larger numbers overflow in many tools (Scidb turns move numbers over 4095 into 0,
    /// shakmaty saturates).
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 999`
    CounterOverflow => "fen::counter::overflow", Error;
    /// a king in the crazyhouse holdings
    ///
    /// What: holdings hold captured pieces; a king is never captured.
    /// Why: a king in hand would be a second king once dropped.
    /// Bad: `4k3/8/8/8/8/8/8/4K3[K] w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1`
    HoldingsKing => "fen::holdings::king", Error;
    /// more pieces of a kind on the board and in hand than a game can have
    ///
    /// What: in crazyhouse, board and holdings together hold what both sides started with:
    /// 16 pawns, 4 knights, 4 bishops, 4 rooks, 2 queens, pieces marked `~` counted as pawns.
    /// Why: captured pieces change sides but are never created.
    /// Bad: `4k3/8/8/8/8/8/8/4K3[QQQ] w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3[QQ] w - - 0 1`
    HoldingsTooMuchMaterial => "fen::holdings::too_much_material", Error;
    /// holdings in a variant without drops
    ///
    /// What: holdings belong to crazyhouse; checked as another variant, they mean nothing.
    /// Why: tools that read the FEN as standard chess drop or reject them.
    /// Bad (checked as standard chess): `4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    HoldingsNotCrazyhouse => "fen::holdings::not_crazyhouse", Warning;
    /// a promoted marker on a pawn or a king
    ///
    /// What: `~` marks a piece promoted from a pawn; pawns and kings are never promoted pieces.
    /// Why: the marker is meaningless there, and tools drop it silently.
    /// Bad: `4k3/8/8/8/8/8/4P~3/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/4P3/4K3 w - - 0 1`
    PlacementPromotedPawnOrKing => "fen::placement::promoted_pawn_or_king", Warning;
    /// both sides have given three checks
    ///
    /// What: the game ends at the third check, so only one side can have given three.
    /// Why: `+3+3` (or `0+0` remaining) is a game that went on after it was over.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 1 +3+3`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+2`
    ChecksBothExhausted => "fen::checks::both_exhausted", Error;
    /// three checks given, but the other king is not in check
    ///
    /// What: a side that has given its third check has just moved, so the other king is in
    /// check now and the game is over.
    /// Why: otherwise the third check was given earlier and the game went on after it ended.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 b - - 0 1 +3+0`
    /// Good: `4k3/8/8/8/8/8/4R3/K7 b - - 0 1 +3+0`
    ChecksGameOverWithoutCheck => "fen::checks::game_over_without_check", Error;
    /// the two three-check counters disagree
    ///
    /// What: a FEN with both `W+B` (remaining) and `+W+B` (given) must say the same thing:
    /// remaining = 3 − given for each side.
    /// Why: readers pick one form or the other, and get different games.
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1 +1+0`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1 +1+0`
    ChecksFormsDisagree => "fen::checks::forms_disagree", Error;
    /// an EPD record with fewer than four position fields
    ///
    /// An EPD record (PGN §16.2) starts with the first four fields of a FEN: piece placement,
    /// side to move, castling and en passant. Its move counters are the `hmvc` and `fmvn`
    /// operations, never fields.
    EpdFieldsMissing => "epd::fields::missing", Error;
    /// an EPD opcode that is not a letter followed by letters, digits and `_`
    ///
    /// PGN §16.2.4: an opcode starts with a letter and continues with letters, digits and
    /// underscores. FEN move counters written after the four fields, or a stray `;`, also end
    /// up here.
    EpdOpcodeInvalid => "epd::opcode::invalid", Error;
    /// an EPD opcode longer than 15 characters
    ///
    /// PGN §16.2.4 limits an opcode to 15 characters; longer ones are cut or rejected by some
    /// readers.
    EpdOpcodeTooLong => "epd::opcode::too_long", Warning;
    /// the same EPD opcode twice in one record
    ///
    /// PGN §16.2.4: an opcode appears at most once per record; readers keep the first or the
    /// last, so the record means different things to different tools.
    EpdOpcodeDuplicate => "epd::opcode::duplicate", Error;
    /// an EPD operation without its closing `;`
    ///
    /// PGN §16.2.4: every operation, the last one included, ends with a semicolon. Without it,
    /// readers cannot tell where the operands end.
    EpdOperationUnterminated => "epd::operation::unterminated", Error;
    /// an EPD string operand without its closing `"`
    ///
    /// A string operand runs from `"` to the next `"` that is not escaped as `\"`; an unclosed
    /// string swallows the rest of the record.
    EpdOperandUnclosedString => "epd::operand::unclosed_string", Error;
    /// an EPD string operand of 256 bytes or more
    ///
    /// PGN strings hold at most 255 characters (§7); longer operands are cut by some readers.
    EpdOperandStringTooLong => "epd::operand::string_too_long", Warning;
    /// an `hmvc` or `fmvn` operand that is not one whole number
    ///
    /// The `hmvc` (halfmove clock) and `fmvn` (fullmove number) operations take one operand each:
    /// a non-negative integer, digits only.
    EpdCounterInvalid => "epd::counter::invalid", Error;
    /// an EPD record longer than 1024 bytes
    ///
    /// Some EPD readers read records into fixed buffers; keep each record under 1024 bytes.
    EpdRecordTooLong => "epd::record::too_long", Warning;
    /// a PGN tag pair that is not `[Name "value"]`
    ///
    /// PGN §8.1: a tag pair is `[`, a name of letters, digits and `_`, a string value in double
    /// quotes (with `\"` and `\\` escapes) and `]`, on one line.
    PgnTagMalformed => "pgn::tag::malformed", Error;
    /// the same PGN tag twice in one game
    ///
    /// PGN §8.1: a tag name appears at most once per game; readers keep the first or the last.
    PgnTagDuplicate => "pgn::tag::duplicate", Warning;
    /// a `FEN` tag without `[SetUp "1"]`
    ///
    /// PGN §9.7.1: a game that starts from a set-up position has `[SetUp "1"]` next to its `FEN`
    /// tag; readers that look for it first ignore the `FEN` tag without it.
    PgnSetupMissing => "pgn::setup::missing", Warning;
    /// `[SetUp "1"]` without a `FEN` tag
    ///
    /// PGN §9.7.1: `[SetUp "1"]` says the game starts from the position in the `FEN` tag, which
    /// is missing.
    PgnSetupWithoutFen => "pgn::setup::without_fen", Warning;
    /// a `Variant` tag fenlint does not know
    ///
    /// The game's `FEN` is checked as the variant its dialect suggests. Known names: `Standard`,
    /// `Chess`, `Chess960`, `Fischerandom`, `Crazyhouse`, `Three-check`, `From Position`.
    PgnVariantUnknown => "pgn::variant::unknown", Advice;
    /// a PGN comment `{` without its closing `}`
    ///
    /// A brace comment runs to the next `}`; an unclosed one hides every tag after it, so the
    /// `FEN` tags of the following games are not checked.
    PgnCommentUnclosed => "pgn::comment::unclosed", Error;
    /// a side to move other than `w` or `b`
    ///
    /// The second field is `w` when White is to move and `b` when Black is, in lower case.
    SideToMoveInvalid => "fen::side_to_move::invalid", Error;
    /// a character that is not a castling letter
    ///
    /// The castling field is `-`, or letters: `K`/`Q`/`k`/`q` (kingside and queenside, X-FEN
    /// outermost rook), or file letters `A`–`H`/`a`–`h` naming the rook (Shredder-FEN, and X-FEN
    /// for an inner rook).
    CastlingInvalidCharacter => "fen::castling::invalid_character", Error;
    /// `-` together with castling letters
    ///
    /// `-` means that nobody can castle; it stands alone.
    CastlingMisplacedDash => "fen::castling::misplaced_dash", Error;
    /// the same castling right twice
    ///
    /// Each castling right is written once: the same letter twice, or two letters that name the
    /// same rook (`Q` and `A` with the rook on a1), is a duplicate.
    CastlingDuplicate => "fen::castling::duplicate", Error;
    /// castling letters out of order
    ///
    /// The spec requires White's (upper-case) letters before Black's, and within a side the
    /// kingside right before the queenside one: `K` before `Q`, and file letters from the h-side
    /// to the a-side (`HAha`).
    CastlingOrder => "fen::castling::order", Error;
    /// an en-passant field that is neither `-` nor a square on rank 3 or 6
    ///
    /// The en-passant target square is the square a pawn skipped with its double step: always
    /// on rank 3 (after a White push) or rank 6 (after a Black push).
    EnPassantInvalid => "fen::en_passant::invalid", Error;
    /// an en-passant square with an upper-case file letter
    ///
    /// Square names are written in lower case, such as `e3`.
    EnPassantUppercase => "fen::en_passant::uppercase", Error;
    /// a halfmove clock that is not a whole number
    ///
    /// The halfmove clock counts half-moves since the last capture or pawn move: digits only,
    /// no sign.
    HalfmoveClockInvalid => "fen::halfmove_clock::invalid", Error;
    /// a fullmove number that is not a whole number
    ///
    /// The fullmove number starts at 1 and grows after each Black move: digits only, no sign.
    FullmoveNumberInvalid => "fen::fullmove_number::invalid", Error;
    /// a three-check counter that does not match `W+B` or `+W+B`
    ///
    /// Three-check FENs carry either the checks each side has remaining, `W+B` before the
    /// counters (`3+3` at the start), or the checks each side has given, `+W+B` after the
    /// counters (`+0+0` at the start).
    ChecksInvalid => "fen::checks::invalid", Error;
    /// a three-check count other than 0–3
    ///
    /// A side wins by giving the third check, so a count of checks given or remaining is 0, 1, 2
    /// or 3.
    ChecksCountOutOfRange => "fen::checks::count_out_of_range", Error;
}

impl Code {
    /// The code named `name`, such as `fen::castling::order`.
    ///
    /// ```
    /// assert!(fenlint::Code::from_name("fen::nope").is_none());
    /// ```
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|code| code.name() == name)
    }

    /// The first line of the documentation.
    ///
    /// ```
    /// assert_eq!(fenlint::Code::InputEmpty.summary(), "the input is empty or only whitespace");
    /// ```
    pub fn summary(self) -> &'static str {
        self.docs().lines().next().unwrap_or_default().trim()
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
