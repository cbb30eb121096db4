//! The registry of diagnostic codes. A code the grammar reports has its docs and default
//! severity here; a code a validator rule reports is one line naming the rule's file, which
//! declares the rest (see `src/validate/rules/`).

use super::Severity;

macro_rules! codes {
    // A code the grammar (or the EPD and PGN readers) reports, documented here.
    (@entries [$($done:tt)*]
        $(#[doc = $doc:literal])+ $variant:ident => $name:literal, $severity:ident; $($rest:tt)*) => {
        codes!(@entries [$($done)* {
            [$(#[doc = $doc])+] $variant, $name, Severity::$severity,
            concat!($($doc, "\n"),+), false
        }] $($rest)*);
    };
    // A code a validator rule reports, declared with its docs in the rule's own file.
    (@entries [$($done:tt)*] $variant:ident => rule $group:ident::$rule:ident; $($rest:tt)*) => {
        // The rule's file declares the code it reports: the two must agree.
        const _: () = assert!(
            Code::$variant as usize == crate::validate::rules::$group::$rule::CODE as usize,
            concat!("the registry and ", stringify!($group), "/", stringify!($rule), ".rs disagree")
        );
        codes!(@entries [$($done)* {
            [#[doc = concat!(
                "Reported by the rule in `src/validate/rules/", stringify!($group), "/",
                stringify!($rule), ".rs`; its documentation is [`Code::docs`]."
            )]]
            $variant,
            crate::validate::rules::$group::$rule::NAME,
            crate::validate::rules::$group::$rule::SEVERITY,
            crate::validate::rules::$group::$rule::DOCS,
            true
        }] $($rest)*);
    };
    (@entries [$({
        [$($attr:tt)*] $variant:ident, $name:expr, $severity:expr, $docs:expr, $rule:expr
    })*]) => {
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
            $( $($attr)* $variant, )*
        }

        impl Code {
            /// Every code, in registry order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The code as written in diagnostics, such as `fen::placement::rank_too_long`.
            ///
            /// ```
            /// assert_eq!(fenlint::Code::RankTooLong.name(), "fen::placement::rank_too_long");
            /// ```
            pub const fn name(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// The severity a diagnostic with this code has unless the user overrides it.
            ///
            /// ```
            /// use fenlint::{Code, Severity};
            /// assert_eq!(Code::WhitespaceSeparator.default_severity(), Severity::Warning);
            /// ```
            pub const fn default_severity(self) -> Severity {
                match self { $(Code::$variant => $severity,)* }
            }

            /// The documentation: a one-line summary, then what the code checks and why.
            ///
            /// ```
            /// assert!(fenlint::Code::EnPassantInvalid.docs().contains("rank 3 or 6"));
            /// ```
            pub const fn docs(self) -> &'static str {
                match self { $(Code::$variant => $docs,)* }
            }

            /// Whether a validator rule, declared in its own file under
            /// `src/validate/rules/`, reports this code (rather than the grammar or the EPD and
            /// PGN readers).
            ///
            /// ```
            /// assert!(fenlint::Code::KingsMissing.is_rule());
            /// assert!(!fenlint::Code::CastlingOrder.is_rule());
            /// ```
            pub const fn is_rule(self) -> bool {
                match self { $(Code::$variant => $rule,)* }
            }
        }
    };
    ($($body:tt)*) => {
        codes!(@entries [] $($body)*);
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
    /// some compare FENs as strings. Whitespace is the Unicode White_Space set, as for
    /// `fen::whitespace::separator`.
    WhitespaceLeading => "fen::whitespace::leading", Warning;
    /// whitespace after the last field
    ///
    /// The PGN standard writes a FEN with no surrounding whitespace; most tools trim it, but
    /// some compare FENs as strings. Whitespace is the Unicode White_Space set, as for
    /// `fen::whitespace::separator`.
    WhitespaceTrailing => "fen::whitespace::trailing", Warning;
    /// fields separated by something other than one space
    ///
    /// PGN §16.1.3 separates the fields with exactly one ASCII space. Any other run of
    /// whitespace also separates them, with this warning: whitespace is the Unicode White_Space
    /// set (tab, line feed, vertical tab, form feed, carriage return, space, U+0085, no-break
    /// space U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000). Most tools
    /// accept runs of spaces and tabs, but some reject them (Fairy-Stockfish reads a double
    /// space as an extra field).
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
    KingsMissing => rule kings::missing;
    KingsTooMany => rule kings::too_many;
    KingsAdjacent => rule kings::adjacent;
    PawnsOnBackRank => rule material::pawns_on_back_rank;
    PawnsTooMany => rule material::pawns_too_many;
    MaterialTooManyPieces => rule material::too_many_pieces;
    MaterialImpossible => rule material::impossible_material;
    CheckOpposite => rule check::opposite;
    CheckTooManyCheckers => rule check::too_many_checkers;
    CheckImpossible => rule check::impossible;
    CheckEnPassantInconsistent => rule check::en_passant_inconsistent;
    CastlingSameRook => rule castling::same_rook;
    CastlingTooMany => rule castling::too_many;
    CastlingNoKing => rule castling::no_king;
    CastlingNoRook => rule castling::no_rook;
    CastlingAmbiguous => rule castling::ambiguous;
    CastlingNotChess960 => rule castling::not_chess960;
    CastlingMixedNotation => rule castling::mixed_notation;
    EnPassantWrongRank => rule en_passant::wrong_rank;
    EnPassantNoPawn => rule en_passant::no_pawn;
    EnPassantNotEmpty => rule en_passant::not_empty;
    EnPassantHalfmoveNotZero => rule en_passant::halfmove_not_zero;
    EnPassantNotCapturable => rule en_passant::not_capturable;
    FullmoveZero => rule counters::fullmove_zero;
    HalfmoveExceedsPlies => rule counters::exceeds_plies;
    HalfmoveFiftyMoves => rule counters::fifty_moves;
    HalfmoveSeventyFiveMoves => rule counters::seventy_five_moves;
    CounterOverflow => rule counters::overflow;
    HoldingsKing => rule crazyhouse::king_in_holdings;
    HoldingsTooMuchMaterial => rule crazyhouse::too_much_material;
    HoldingsNotCrazyhouse => rule crazyhouse::not_crazyhouse;
    PlacementPromotedPawnOrKing => rule crazyhouse::promoted_pawn_or_king;
    ChecksBothExhausted => rule three_check::both_exhausted;
    ChecksGameOverWithoutCheck => rule three_check::game_over_without_check;
    ChecksFormsDisagree => rule three_check::forms_disagree;
    ChecksNotThreeCheck => rule three_check::not_three_check;
    /// an EPD record with fewer than four position fields
    ///
    /// An EPD record (PGN §16.2) starts with the first four fields of a FEN: piece placement,
    /// side to move, castling and en passant. Its move counters are the `hmvc` and `fmvn`
    /// operations, never fields.
    EpdFieldsMissing => "epd::fields::missing", Error;
    /// FEN move counters after the four fields of an EPD record
    ///
    /// An EPD record (PGN §16.2) has no move counters: `… w - - 0 1` is a FEN, not an EPD
    /// record. The counters are the operations `hmvc` (halfmove clock) and `fmvn` (fullmove
    /// number): `… w - - hmvc 0; fmvn 1;`.
    EpdFieldsMoveCounters => "epd::fields::move_counters", Error;
    /// an EPD opcode that is not a letter followed by letters, digits and `_`
    ///
    /// PGN §16.2.4: an opcode starts with a letter and continues with letters, digits and
    /// underscores. A stray `;` or a number also ends up here (FEN move counters right after
    /// the four fields are `epd::fields::move_counters`).
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
    /// a suppression comment that silences nothing
    ///
    /// `# fenlint: allow CODE` on the line before a position (`{ fenlint: allow CODE }` before
    /// a PGN game's tags) silences CODE for that position, and `allow-file` for the whole
    /// file. A code that silences nothing there (the problem was fixed, or never there, or the
    /// directive is not right above a position) is reported, so that suppressions do not outlive
    /// their reason. For example `# fenlint: allow fen::castling::order` above
    /// `4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1`, whose castling letters are in order. Comments cannot
    /// silence this code: `--allow` or fenlint.toml can.
    SuppressionUnused => "fen::suppression::unused", Warning;
    /// a suppression comment with a code or directive fenlint does not know
    ///
    /// A suppression comment is `fenlint: allow` or `fenlint: allow-file` and codes, written
    /// exactly (in any case) as `fenlint explain --list` lists them, separated by commas or
    /// spaces; `all` and prefixes are not accepted. A misspelt code would silence nothing, so it
    /// is reported, for example `fen::castling::ordr` in `# fenlint: allow
    /// fen::castling::ordr`. So is a comment naming one of the `fen::suppression::` codes, which
    /// comments cannot silence.
    SuppressionUnknownCode => "fen::suppression::unknown_code", Warning;
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
    /// `-` together with castling letters, or twice
    ///
    /// `-` means that nobody can castle; it stands alone, once (`--` draws this code too).
    CastlingMisplacedDash => "fen::castling::misplaced_dash", Error;
    /// the same castling letter twice
    ///
    /// Each castling letter is written once (`KKq`). The text alone decides it; two different
    /// letters that name the same rook on the board (`A` and `Q` with the rook on a1) are the
    /// rule `fen::castling::same_rook`.
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
    /// a move counter with a leading zero, such as `01`
    ///
    /// The grammar writes numbers without leading zeros (`0`, `12`), so that one position has
    /// one FEN. Most tools read `01` as 1, but tools that compare FENs as text, or read numbers
    /// with a leading zero as octal, do not. Applies to the halfmove clock, the fullmove number
    /// and the `hmvc` and `fmvn` operands of EPD records.
    CounterLeadingZero => "fen::counter::leading_zero", Warning;
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
