//! The registry of diagnostic codes: one line per code, with its default severity and docs.

use super::Severity;

macro_rules! codes {
    ($( $(#[doc = $doc:literal])+ $variant:ident => $code:literal, $severity:ident; )+) => {
        /// A stable diagnostic code such as `fen::castling::order`.
        ///
        /// Codes are `fen::<group>::<problem>` and never change once released. Each code has a
        /// default severity and documentation; the first line of the documentation is its summary.
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
    /// the input is longer than 4 GiB
    ///
    /// No FEN comes near this size; such input is kept as one error token and not parsed.
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
    /// the same castling letter twice
    ///
    /// Each castling right is written once.
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
