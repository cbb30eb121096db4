//! The registry of diagnostic codes. A code the grammar reports has its docs and default
//! severity here; a code a validator rule reports is one line naming the rule's file, which
//! declares the rest (see `src/validate/rules/`).

use super::severity::Severity;

macro_rules! codes {
    // A code the grammar (or the EPD and PGN readers) reports, documented here.
    (@entries [$($done:tt)*]
        $(#[doc = $doc:literal])+ $variant:ident => $name:literal, $severity:ident; $($rest:tt)*) => {
        codes!(@entries [$($done)* {
            [$(#[doc = $doc])+] $variant, $name, Severity::$severity,
            concat!($($doc, "\n"),+), false, false, true
        }] $($rest)*);
    };
    // The same, reported once per file (see [`Code::once_per_file`]).
    (@entries [$($done:tt)*]
        $(#[doc = $doc:literal])+ $variant:ident => $name:literal, $severity:ident, once per file;
        $($rest:tt)*) => {
        codes!(@entries [$($done)* {
            [$(#[doc = $doc])+] $variant, $name, Severity::$severity,
            concat!($($doc, "\n"),+), false, true, true
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
            true,
            crate::validate::rules::$group::$rule::ONCE_PER_FILE,
            crate::validate::rules::$group::$rule::ON_BY_DEFAULT
        }] $($rest)*);
    };
    (@entries [$({
        [$($attr:tt)*] $variant:ident, $name:expr, $severity:expr, $docs:expr, $rule:expr,
        $once:expr, $on:expr
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

            /// Whether this code is reported once per file: a finding that, where it occurs,
            /// tends to occur on most positions of a file, because the file follows a
            /// convention rather than makes a mistake. In a whole file (the
            /// [`files`](crate::files) API, `fenlint check`, the language server) the first
            /// occurrence is reported, its message ending with how many more the file has, and
            /// the others are counted, not reported; see
            /// [`OncePerFile`](crate::files::OncePerFile). Each FEN linted on its own still
            /// gets it. The registry (or the rule's file) declares it with `once per file`
            /// after the severity.
            ///
            /// ```
            /// assert!(fenlint::Code::FullmoveZero.once_per_file());
            /// assert!(!fenlint::Code::KingsMissing.once_per_file());
            /// ```
            pub const fn once_per_file(self) -> bool {
                match self { $(Code::$variant => $once,)* }
            }

            /// Whether this code is reported unless the user turns it off. A code that is off
            /// by default (a note about a convention most files follow on purpose, such as
            /// Double Fischer Random back ranks) is reported only when asked for, with
            /// [`crate::Validator::with_severity`] (`--warn CODE`, `--deny CODE`), and then
            /// with that severity.
            ///
            /// ```
            /// use fenlint::{Code, Severity, Validator};
            /// assert!(Code::KingsMissing.is_on_by_default());
            /// assert!(!Code::CastlingNotChess960.is_on_by_default());
            /// let fen = "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w KQkq - 0 2";
            /// assert!(fenlint::lint(fen).diagnostics().is_empty());
            /// let asked = Validator::new().with_severity(Code::CastlingNotChess960, Severity::Advice);
            /// assert!(!asked.lint(fen).diagnostics().is_empty());
            /// ```
            pub const fn is_on_by_default(self) -> bool {
                match self { $(Code::$variant => $on,)* }
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
    ///
    /// Bad: `   `
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    InputEmpty => "fen::input::empty", Error;
    /// the input is not valid UTF-8
    ///
    /// FEN is ASCII text. A byte that is not part of a UTF-8 character usually means the file is
    /// in a legacy encoding or is not a text file.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K\xe9 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    InputInvalidUtf8 => "fen::input::invalid_utf8", Error;
    /// text outside a FEN read as Latin-1, not UTF-8
    ///
    /// PGN's character set is ISO 8859-1 (PGN §4.1), and classic EPD suites carry names such
    /// as `Hάse` in Latin-1 in their comments. Bytes that are not UTF-8 in an EPD operand, a PGN
    /// comment or a tag other than `FEN` are read as Latin-1 and said once; inside a FEN they
    /// stay `fen::input::invalid_utf8`. Re-save the file as UTF-8 to be rid of the note.
    ///
    /// Bad (an EPD record): `4k3/8/8/8/8/8/8/4K3 w - - c0 "H\xe1se";`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - c0 "Hase";`
    InputLatin1 => "fen::input::latin1", Advice, once per file;
    /// NUL bytes at the end of a line
    ///
    /// A line that ends with NUL bytes (`\0`), as files written by C programs that kept each
    /// string's terminator do: readers that stop at the NUL see the record without them, and
    /// others see text that is no part of it. The record before them is read as usual, and the
    /// bytes are said once per file; the fix removes them.
    ///
    /// Bad (an EPD record): `4k3/8/8/8/8/8/8/4K3 w - - id "a";\x00`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - id "a";`
    InputTrailingNul => "fen::input::trailing_nul", Warning, once per file;
    /// UCI's `startpos` in place of a FEN
    ///
    /// UCI's `position` command names the standard start position `startpos` (`position startpos
    /// moves e2e4`), and a FEN copied from such a command is sometimes only that word. It is no
    /// FEN: the fix writes the start position's FEN when the word is all there is.
    ///
    /// Bad: `startpos`
    /// Good: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`
    InputUciStartpos => "fen::input::uci_startpos", Error;
    /// words before the FEN
    ///
    /// A line whose first field is no board, followed by one that is: words before the FEN,
    /// such as UCI's `position fen` command that carries it (`position fen FEN moves e2e4`), a
    /// variant's name (`3check FEN`) or a number (`1. FEN`). The words are one error for the
    /// line, and the FEN after them is checked as a FEN. The fix removes UCI's `position fen` when no moves
    /// follow the FEN; other words may say how to read it, and are left to the writer.
    ///
    /// Bad: `position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    InputTextBefore => "fen::input::text_before", Error;
    /// a line that holds no FEN
    ///
    /// The first field of a FEN is its piece placement, 8 ranks joined by `/`. Text whose first
    /// field has no `/`, a character no rank holds and fewer squares than one rank (a heading,
    /// a table's header `fen,eval`) is no FEN with mistakes but no FEN at all: it is one error
    /// for the line, not an error for each field it would be read as. In a file of FENs, such
    /// a line belongs in a `#` comment, or the file is another kind (`--kind epd`, `--kind
    /// pgn`). A perft script's `id` and `perft` lines are skipped (see
    /// `fen::input::perft_script`).
    ///
    /// Bad: `fen,eval`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    InputNotAFen => "fen::input::not_a_fen", Error;
    /// a perft script's `epd` keyword before a position
    ///
    /// Perft scripts keep move-generator tests as `id NAME`, `epd POSITION` and `perft DEPTH
    /// NODES` lines (python-chess's and shakmaty's perft tests, scalachess's test suites, the
    /// Dorpsgek test format). In a file of FENs or EPD records, the position after `epd` is
    /// checked as an EPD record (four fields, or a FEN's six), and the `id` and `perft` lines
    /// are skipped, as the move generators that run these files read them. Said once per file:
    /// a reader of plain FEN or EPD files needs the position alone on its line.
    ///
    /// Bad (a file of lines): `epd 4k3/8/8/8/8/8/8/4K3 w - -`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - -`
    InputPerftScript => "fen::input::perft_script", Advice, once per file;
    /// a line longer than 64 KiB
    ///
    /// No FEN comes near this size. The first 64 KiB are parsed and reported as usual; the rest
    /// of the line is kept as one error token and not read, so that memory stays bounded
    /// however long the line.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 1 ⟨65536 × x⟩`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    InputTooLong => "fen::input::too_long", Error;
    /// a byte-order mark before the FEN
    ///
    /// Some editors on Windows start UTF-8 files with U+FEFF. It is invisible, but tools that
    /// do not strip it read it as part of the first rank.
    ///
    /// Bad: `\u{feff}4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    InputByteOrderMark => "fen::input::byte_order_mark", Warning;
    /// more problems than one pass reports
    ///
    /// After 64 diagnostics for one FEN, further problems are counted, not reported, so that a
    /// huge garbage line cannot flood the output.
    ///
    /// Bad: `⟨70 × X/⟩ w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    InputTooManyProblems => "fen::input::too_many_problems", Advice;
    /// whitespace before the first field
    ///
    /// The PGN standard writes a FEN with no surrounding whitespace; most tools trim it, but
    /// some compare FENs as strings. Whitespace is the Unicode White_Space set, as for
    /// `fen::whitespace::separator`.
    ///
    /// Bad: ` 4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    WhitespaceLeading => "fen::whitespace::leading", Warning;
    /// whitespace after the last field
    ///
    /// The PGN standard writes a FEN with no surrounding whitespace; most tools trim it, but
    /// some compare FENs as strings. Whitespace is the Unicode White_Space set, as for
    /// `fen::whitespace::separator`. A file's writer that leaves whitespace after one line's
    /// FEN leaves it after every line's, so the warning is reported once per file, with a
    /// count; the fix removes every one.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 1 `
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    WhitespaceTrailing => "fen::whitespace::trailing", Warning, once per file;
    /// fields separated by something other than one space
    ///
    /// PGN §16.1.3 separates the fields with exactly one ASCII space. Any other run of
    /// whitespace also separates them, with this warning: whitespace is the Unicode White_Space
    /// set (tab, line feed, vertical tab, form feed, carriage return, space, U+0085, no-break
    /// space U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000). Most tools
    /// accept runs of spaces and tabs, but some reject them (Fairy-Stockfish reads a double
    /// space as an extra field). A file's writer puts the same separators on every line, so
    /// the warning is reported once per file, with a count; the fix mends every one.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w  - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    WhitespaceSeparator => "fen::whitespace::separator", Warning, once per file;
    /// the FEN has fewer than six fields
    ///
    /// EPD records and board-only FENs leave out the trailing fields; readers then assume
    /// `w - - 0 1` for what is missing, which may not be what the writer meant. A file's writer
    /// leaves out the same fields on every line (lists of four-field positions, of boards
    /// alone), so the warning is reported once per file, with a count.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - -`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    FieldsMissing => "fen::fields::missing", Warning, once per file;
    /// text after the last field
    ///
    /// Nothing may follow the fullmove number (or the three-check `+W+B` suffix). Extra text is
    /// often an EPD operation or a comment pasted into a FEN.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 1 bm Kd2;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    FieldsUnexpected => "fen::fields::unexpected", Error;
    /// a character that is neither a piece letter, a digit nor `/`
    ///
    /// The placement uses `PNBRQK` for White, `pnbrqk` for Black, digits 1–8 for runs of empty
    /// squares and `/` between ranks.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K2x w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    PlacementInvalidCharacter => "fen::placement::invalid_character", Error;
    /// a digit `0` or `9` in a rank
    ///
    /// A digit counts empty squares; a rank has 8 squares, so only 1–8 make sense.
    ///
    /// Bad: `4k3/8/8/8/9/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    PlacementDigitOutOfRange => "fen::placement::digit_out_of_range", Error;
    /// two digits in a row, such as `44`
    ///
    /// Adjacent digits are summed by most tools but rejected by others; the canonical form
    /// writes one digit per run of empty squares. The fix writes that digit in a rank of 8
    /// squares on a board of 8 ranks; elsewhere (`B17 Caro-Kann`, a table's ECO code) the
    /// digits may be no part of a board, and are left as they are.
    ///
    /// Bad: `4k3/8/8/44/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    PlacementAdjacentDigits => "fen::placement::adjacent_digits", Warning;
    /// a rank that describes more than 8 squares
    ///
    /// Each rank must describe exactly 8 squares, from the a-file to the h-file.
    ///
    /// Bad: `4k4/8/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    RankTooLong => "fen::placement::rank_too_long", Error;
    /// a rank that describes fewer than 8 squares
    ///
    /// Each rank must describe exactly 8 squares, from the a-file to the h-file.
    ///
    /// Bad: `4k2/8/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    RankTooShort => "fen::placement::rank_too_short", Error;
    /// more than 8 ranks
    ///
    /// The placement lists ranks 8 down to 1, separated by `/`. A ninth group made only of
    /// piece letters (`…/RNBQKBNR/Pp`), or a bare `/` after rank 1, is crazyhouse holdings when
    /// something says crazyhouse: the variant checked (a setting, a PGN `Variant` tag), a
    /// promoted marker `~` on the board, or the other lines of its file (bracket holdings or a
    /// `~` on any of them). Otherwise it is this error too: a ninth rank, or a
    /// stray `/` (which the fix removes); bracket holdings (`[Pp]`) say crazyhouse by
    /// themselves.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    PlacementTooManyRanks => "fen::placement::too_many_ranks", Error;
    /// fewer than 8 ranks
    ///
    /// The placement lists ranks 8 down to 1, separated by `/`.
    ///
    /// Bad: `4k3/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    PlacementTooFewRanks => "fen::placement::too_few_ranks", Error;
    /// a promoted marker `~` that does not follow a piece letter
    ///
    /// In crazyhouse FENs, `~` right after a piece letter marks a piece that was promoted from a
    /// pawn (it turns back into a pawn when captured). Anywhere else it means nothing.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/~4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    PlacementMisplacedPromotedMarker => "fen::placement::misplaced_promoted_marker", Error;
    /// a character in the holdings that is not a piece letter
    ///
    /// Crazyhouse holdings list the pieces in hand, one letter per piece: `PNBRQ` for White,
    /// `pnbrq` for Black (`[-]` or `[]` when empty).
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3[Q1] w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1`
    HoldingsInvalidCharacter => "fen::holdings::invalid_character", Error;
    /// bracket holdings without the closing `]`
    ///
    /// Holdings in the bracket form run from `[` to `]`.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3[Q w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1`
    HoldingsUnclosed => "fen::holdings::unclosed", Error;
    /// text between the closing `]` of the holdings and the next field
    ///
    /// The holdings end the first field; a space must follow the `]`.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3[Q]x w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1`
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
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - -`
    EpdFieldsMissing => "epd::fields::missing", Error;
    /// an EPD record written as a six-field FEN: its move counters are fields
    ///
    /// PGN §16.2 gives an EPD record no move counters (they are the `hmvc` and `fmvn`
    /// operations), but opening books and many test suites are `.epd` files of six-field FENs:
    /// cutechess reads the four fields and skips the counters, fastchess keeps the whole line as
    /// a FEN, and python-chess reads such a line as a FEN (`chess.Board(line)`) but not as EPD
    /// (`Board.from_epd` takes the counters for an opcode). fenlint reads two whole numbers right after the four fields as the
    /// halfmove clock and the fullmove number, checks them as a FEN's, and says once that the
    /// file is in this dialect. `fenlint fmt --epd-counters operations` writes them as `hmvc`
    /// and `fmvn`; `--epd-counters fen` writes operations back as fields.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;`
    EpdFieldsMoveCounters => "epd::fields::move_counters", Advice, once per file;
    /// an EPD opcode that is not a letter followed by letters, digits and `_`
    ///
    /// PGN §16.2.4: an opcode starts with a letter and continues with letters, digits and
    /// underscores. A number, three-check counters anywhere but right after the en-passant
    /// field, or a `;` before any operation with none after it (`… b - -;`, which python-chess
    /// takes for part of the position) also end up here (FEN move counters right after the four
    /// fields are `epd::fields::move_counters`, a stray `;` after an operation
    /// `epd::operation::empty`, a `-` where an operation is expected
    /// `epd::operation::stray_dash`).
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 2nd "x";`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - c2 "x";`
    EpdOpcodeInvalid => "epd::opcode::invalid", Error;
    /// an EPD opcode longer than 15 characters
    ///
    /// PGN §16.2.4 limits an opcode to 15 characters; longer ones are cut or rejected by some
    /// readers.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - supercalifragilistic 1;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - supercalifragil 1;`
    EpdOpcodeTooLong => "epd::opcode::too_long", Warning;
    /// the same EPD opcode twice in one record
    ///
    /// PGN §16.2.4: an opcode appears at most once per record; readers keep the first or the
    /// last, so the record means different things to different tools.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; bm Ke2;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 Ke2;`
    EpdOpcodeDuplicate => "epd::opcode::duplicate", Error;
    /// an EPD operation without its closing `;`
    ///
    /// PGN §16.2.4: every operation, the last one included, ends with a semicolon. Without it,
    /// readers cannot tell where the operands end.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;`
    EpdOperationUnterminated => "epd::operation::unterminated", Warning, once per file;
    /// an EPD operation written `opcode=operand`
    ///
    /// Some opening books for engine matches end each record with a value written as an
    /// assignment, `v=-328`. PGN §16.2.4 separates an operation's opcode and operands with
    /// spaces; read as written, `v=-328` is an invalid opcode, which readers reject or skip.
    /// The opcode before the `=` and the operand after it are read as meant, once per file;
    /// the fix writes them apart.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - v=-328;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - v -328;`
    EpdOperationAssignment => "epd::operation::assignment", Warning, once per file;
    /// an EPD string operand without its closing `"`
    ///
    /// A string operand runs from `"` to the next `"` that is not escaped as `\"`; an unclosed
    /// string swallows the rest of the record.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - id "WAC.001;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - id "WAC.001";`
    EpdOperandUnclosedString => "epd::operand::unclosed_string", Error;
    /// an EPD string operand of 256 bytes or more
    ///
    /// PGN strings hold at most 255 characters (§7); longer operands are cut by some readers.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - c0 "⟨256 × x⟩";`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - c0 "⟨255 × x⟩";`
    EpdOperandStringTooLong => "epd::operand::string_too_long", Warning;
    /// an `hmvc` or `fmvn` operand that is not one whole number
    ///
    /// The `hmvc` (halfmove clock) and `fmvn` (fullmove number) operations take one operand each:
    /// a non-negative integer, digits only.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - hmvc -1;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - hmvc 0;`
    EpdCounterInvalid => "epd::counter::invalid", Error;
    /// an EPD record longer than 1024 bytes
    ///
    /// Some EPD readers read records into fixed buffers; keep each record under 1024 bytes.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - c0 "⟨250 × x⟩"; c1 "⟨250 × x⟩"; c2 "⟨250 × x⟩"; c3 "⟨250 × x⟩";`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - c0 "⟨250 × x⟩"; c1 "⟨250 × x⟩"; c2 "⟨250 × x⟩";`
    EpdRecordTooLong => "epd::record::too_long", Warning;
    /// an operand of a known EPD opcode that is not of its form
    ///
    /// PGN §16.2.5 gives the standard opcodes their operands: one integer for `acd` (depth),
    /// `acn` (nodes), `acs` (seconds) and `rc` (repetitions), never negative; one signed
    /// integer for `ce` (centipawns) and `dm` (moves to mate; negative when the side to move is
    /// the one mated, as tablebase-derived suites write it); moves in SAN for `bm` and `am`. Perft
    /// suites' `D1`, `D2`, … take one node count. An operand of another form is read
    /// differently by every tool, or not at all.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - acd -3;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - acd 3;`
    EpdOperandInvalid => "epd::operand::invalid", Error;
    /// a `bm` operand written as a mate distance, `#N`
    ///
    /// Mate-finding suites write `bm #3;` for "mate in 3" instead of a move; the tools that
    /// run them read it so. It is not a move in SAN, so other readers of `bm` reject it; the
    /// standard way is `dm 3;` (direct mate in 3), with `bm` naming the move.
    ///
    /// Bad: `6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #1;`
    /// Good: `6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; dm 1;`
    EpdOperandMateCount => "epd::operand::mate_count", Advice, once per file;
    /// a move of `bm`, `am`, `pm`, `sm` or `pv` that is no legal move in the record's position
    ///
    /// The moves of `bm` (best move), `am` (avoid move), `pm` (predicted move) and `sm`
    /// (supplied move) are moves of the side to move in the record's position (PGN §16.2.5),
    /// and those of `pv` (the predicted variation) are played one after another from it, each
    /// a move of the side to move after the moves before it. A move that no piece of that side
    /// can play (`bm Qg3` in the start position, a move of the other side, castling without its
    /// right or through check, a move that leaves the king in check), or that fits two of them
    /// (`Ne4` with knights on c3 and g3), is an error, as python-chess rejects such a record. A
    /// broken solution in a test suite goes unnoticed until an engine fails on it. The moves
    /// are read when the position has no errors; a variation is read up to its first operand
    /// that is no move in SAN; the capture mark `x` and the check signs are not checked against
    /// the move, as python-chess does not check them.
    ///
    /// Bad: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Qg3;`
    /// Good: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Nf3;`
    EpdOperandIllegalMove => "epd::operand::illegal_move", Error;
    /// a move in a spelling that SAN does not use and most readers accept
    ///
    /// PGN §8.2.3 writes castling with the capital letter O (`O-O`, `O-O-O`) and a promotion
    /// with `=` and an upper-case piece letter (`e8=Q`). Many suites write zeros (`0-0`), leave
    /// out the `=` (`e8Q`) or write the piece in lower case (`e8=q`, as UCI does). python-chess
    /// reads `e8Q` and `e8=q` in a record, and `0-0` as a move (its EPD reader takes `0-0` for
    /// a number and stops); a strict SAN reader rejects them all. The move is clear, so the fix
    /// writes it in SAN.
    ///
    /// Bad: `r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm 0-0;`
    /// Good: `r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O;`
    EpdOperandSanSpelling => "epd::operand::san_spelling", Warning, once per file;
    /// a move given by its squares, as UCI or long algebraic notation write it, not in SAN
    ///
    /// PGN §16.2.5 gives `bm`, `am` and the other move opcodes moves in SAN, which names the
    /// piece and the square it goes to (`Nf3`, `exd5`). Some suites give both squares instead,
    /// in UCI's coordinates (`g1f3`, `e7e8q`) or long algebraic notation (`Ng1-f3`); python-chess
    /// reads them, strict EPD readers do not. Which SAN the move is depends on the position (a
    /// capture, a piece that must be told apart from another), so there is no fix.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - bm e1d2;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;`
    EpdOperandCoordinateMove => "epd::operand::coordinate_move", Warning, once per file;
    /// an operand that PGN §16.2.5 makes a string, written without its quotes
    ///
    /// `id` (the position's identifier), the comments `c0` to `c9` and the variation names `v0`
    /// to `v9` take one string in double quotes. Some suites write the text bare (`id WAC.001;`,
    /// `c0 mate in two;`): readers that take everything up to the `;` read it as written, but
    /// python-chess reads an operand without quotes as a move and rejects the record. The fix
    /// puts the text in quotes, unless a `"` or `\` in it or a standard opcode among its words
    /// (a `;` forgotten before it) makes what was meant unclear.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id WAC.001;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id "WAC.001";`
    EpdOperandUnquoted => "epd::operand::unquoted", Warning, once per file;
    /// EPD operations written after their `;`, as perft suites write them
    ///
    /// Perft suites write `… w KQkq - 0 1 ;D1 20 ;D2 400`: each operation starts after a `;`
    /// and ends at the next `;` or the end of the line. PGN §16.2.4 ends each operation with
    /// `;` instead (`D1 20; D2 400;`). fenlint reads both, and so does python-chess (not the
    /// FEN counters before them: see `epd::fields::move_counters`); a reader that keeps to PGN
    /// §16.2.4 takes the first `;` for an operation without an opcode, and a perft tool that
    /// splits the line at `;` reads only its own form.
    ///
    /// It is a dialect of its own, which perft suites and their drivers keep, not a mistake:
    /// advice, once per file.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - ;D1 5 ;D2 25`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - D1 5; D2 25;`
    EpdOperationLeadingSemicolon => "epd::operation::leading_semicolon", Advice, once per file;
    /// a `;` that ends no EPD operation
    ///
    /// A `;` after an operation with no opcode before it (`bm Kd2;; id "a";`, or one after the
    /// last operation): an operation without its opcode, which PGN §16.2.4 does not have.
    /// Readers skip it, as python-chess does, or reject the record; writers that put a `;`
    /// between operations as well as after each leave one in every record, so the code is
    /// reported once per file. The fix removes it. (A `;` before any operation, with none
    /// after it, is `epd::opcode::invalid`: python-chess takes it for part of the position.)
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;; id "a";`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id "a";`
    EpdOperationEmpty => "epd::operation::empty", Warning, once per file;
    /// a `-` where an EPD operation is expected
    ///
    /// A `-` after the four fields, where an operation belongs (`… KQkq - - bm Nc3;`), as some
    /// classic suites have it (the Eigenmann Rapid Engine Test among them): a fifth empty field,
    /// which an EPD record does not have. python-chess skips it; readers that keep to PGN
    /// §16.2.4 reject the record. It is read as nothing, and said once per file; the fix
    /// removes it when the four fields read well and an opcode or nothing follows it (else the
    /// `-` may hold the place of a field that is missing).
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - - bm Kd2;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;`
    EpdOperationStrayDash => "epd::operation::stray_dash", Warning, once per file;
    /// an EPD record whose move counters are written twice, with different values
    ///
    /// A record in the six-field dialect (`… w - - 0 1`) that also has `hmvc` or `fmvn`
    /// operations says two things about one counter; readers take one or the other.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 1 hmvc 5;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - hmvc 5; fmvn 1;`
    EpdCounterConflict => "epd::counter::conflict", Error;
    /// an EPD operand written right after a string, without a blank between them
    ///
    /// PGN §16.2.4 separates operands with a space. `id "a"b;` reads as the string `"a"` and
    /// the symbol `b` in fenlint and python-chess, but other readers take it as one operand or
    /// reject it.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - c0 "a"b;`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - c0 "a" b;`
    EpdOperandUnseparated => "epd::operand::unseparated", Warning;
    /// two EPD operations without a `;` between them
    ///
    /// PGN §16.2.4 ends every operation with `;`. When it is left out between two operations
    /// (`bm Nc3 id "t.1";`), the second one's opcode and operands read as more operands of the
    /// first: python-chess rejects the record (`id` is no move; it reads on after a string
    /// operand, which its closing quote ends), and a reader that takes the operands up to the
    /// `;` gives `bm` three moves and the record no `id`. A known opcode
    /// among the operands of an opcode whose operands have a form, followed by operands of its
    /// own form, is read as the start of the next operation, and the fix writes the `;` before
    /// it. Each such record means something else to other readers, so each is an error.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 id "a";`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id "a";`
    EpdOperationUnseparated => "epd::operation::unseparated", Error;
    /// a PGN tag pair that is not `[Name "value"]`
    ///
    /// PGN §8.1: a tag pair is `[`, a name of letters, digits and `_`, a string value in double
    /// quotes (with `\"` and `\\` escapes) and `]`, on one line.
    ///
    /// Bad: `[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"\n\n*`
    /// Good: `[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n*`
    PgnTagMalformed => "pgn::tag::malformed", Error;
    /// a `"` inside a PGN tag value that no `\` escapes
    ///
    /// PGN §8.1 writes a `"` inside a tag value as `\"` (and a `\` as `\\`). Some databases
    /// write it bare (`[Annotator "Lopez "Battle Royale""]`), in every game they export, so the
    /// code is reported once per file. python-chess reads such a value up to the last `"`
    /// before the `]` that ends the line, quotes kept; a reader that keeps to PGN §8.1 ends it
    /// at the first inner `"` and rejects the tag pair. fenlint reads it as python-chess does
    /// when the line holds this tag pair alone and no inner `"` is followed by `]` (which would
    /// make another reading possible); otherwise the tag pair is `pgn::tag::malformed`, and so
    /// is a `FEN` tag with a quote in its value, which no FEN has. The fix writes `\"` for each
    /// inner quote, as PGN §8.1 has it; python-chess, which takes a tag value as written,
    /// without unescaping it, then reads the backslashes too.
    ///
    /// Bad: `[Annotator "Lopez "Battle Royale""]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n*`
    /// Good: `[Annotator "Lopez \"Battle Royale\""]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n*`
    PgnTagUnescapedQuote => "pgn::tag::unescaped_quote", Warning, once per file;
    /// the same PGN tag twice in one game
    ///
    /// PGN §8.1: a tag name appears at most once per game; readers keep the first or the last.
    ///
    /// Bad: `[SetUp "1"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n*`
    /// Good: `[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n*`
    PgnTagDuplicate => "pgn::tag::duplicate", Warning;
    /// a `FEN` tag without `[SetUp "1"]` in a file whose other games write it
    ///
    /// PGN §9.7.1: a game that starts from a set-up position has `[SetUp "1"]` next to its `FEN`
    /// tag; readers that look for it first ignore the `FEN` tag without it. python-chess,
    /// cutechess, fastchess and lichess read `[FEN]` alone, and many files never write
    /// `SetUp`: a game without it is reported only when other games of the same file have it,
    /// and `[SetUp "0"]` next to a `FEN` tag always is.
    ///
    /// Bad: `[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n*\n\n[FEN "4k3/8/8/8/8/8/8/3K4 w - - 0 1"]\n\n*`
    /// Good: `[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n*\n\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/3K4 w - - 0 1"]\n\n*`
    PgnSetupMissing => "pgn::setup::missing", Warning, once per file;
    /// `[SetUp "1"]` without a `FEN` tag
    ///
    /// PGN §9.7.1: `[SetUp "1"]` says the game starts from the position in the `FEN` tag, which
    /// is missing.
    ///
    /// Bad: `[SetUp "1"]\n\n*`
    /// Good: `[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n*`
    PgnSetupWithoutFen => "pgn::setup::without_fen", Warning;
    /// a `Variant` tag fenlint does not know
    ///
    /// The game's `FEN` is checked for its syntax only (as `--variant syntax` checks a file):
    /// eight ranks of eight squares, the fields, the side to move and the counters; not which
    /// letters are pieces, the castling letters or the rules, which differ from variant to
    /// variant (Seirawan's hawks and gating letters, Horde's 36 pawns). A game without a
    /// `FEN` tag has no position to check, and draws nothing. Known names: `Standard`,
    /// `Chess`, `Chess960`, `Fischerandom`, `Crazyhouse`, `Three-check`, `King of the Hill`
    /// (whose positions are standard chess's), `From Position`.
    ///
    /// Bad: `[Variant "Bughouse"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n*`
    /// Good: `[Variant "Standard"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n*`
    PgnVariantUnknown => "pgn::variant::unknown", Advice, once per file;
    /// a PGN comment `{` without its closing `}`
    ///
    /// A brace comment runs to the next `}`; an unclosed one hides every tag after it, so the
    /// `FEN` tags of the following games are not checked.
    ///
    /// Bad: `[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n{ a comment *`
    /// Good: `[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n{ a comment } *`
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
    ///
    /// Bad: `# fenlint: allow fen::castling::order\n4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1`
    /// Good: `# fenlint: allow fen::castling::order\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1`
    SuppressionUnused => "fen::suppression::unused", Warning;
    /// a suppression comment with a code or directive fenlint does not know
    ///
    /// A suppression comment is `fenlint: allow` or `fenlint: allow-file` and codes, written
    /// exactly (in any case) as `fenlint explain --list` lists them, separated by commas or
    /// spaces; `all` and prefixes are not accepted. A misspelt code would silence nothing, so it
    /// is reported, for example the misspelt code in `# fenlint: allow
    /// fen::castling::ordr`. So is a comment naming `fen::suppression::unused` or this code, which
    /// comments cannot silence.
    ///
    /// Bad: `# fenlint: allow fen::castling::ordr\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1`
    /// Good: `# fenlint: allow fen::castling::order\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1`
    SuppressionUnknownCode => "fen::suppression::unknown_code", Warning;
    /// a side to move other than `w` or `b`
    ///
    /// The second field is `w` when White is to move and `b` when Black is, in lower case.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 x - - 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    SideToMoveInvalid => "fen::side_to_move::invalid", Error;
    /// a character that is not a castling letter
    ///
    /// The castling field is `-`, or letters: `K`/`Q`/`k`/`q` (kingside and queenside, X-FEN
    /// outermost rook), or file letters `A`–`H`/`a`–`h` naming the rook (Shredder-FEN, and X-FEN
    /// for an inner rook). The word `none` (in any case), which some writers put for "no
    /// castling rights", is read as one word, with the fix to `-`.
    ///
    /// Bad: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1`
    /// Good: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`
    CastlingInvalidCharacter => "fen::castling::invalid_character", Error;
    /// `-` together with castling letters, or twice
    ///
    /// `-` means that nobody can castle; it stands alone, once (`--` draws this code too). A
    /// second `-` has a fix that removes it; a `-` among letters (`K-`) has none, for the writer
    /// may have meant the letters or the `-`.
    ///
    /// Bad: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq- - 0 1`
    /// Good: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`
    CastlingMisplacedDash => "fen::castling::misplaced_dash", Error;
    /// the same castling letter twice
    ///
    /// Each castling letter is written once (`KKq`). The text alone decides it; two different
    /// letters that name the same rook on the board (`A` and `Q` with the rook on a1) are the
    /// rule `fen::castling::same_rook`.
    ///
    /// Bad: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1`
    /// Good: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`
    CastlingDuplicate => "fen::castling::duplicate", Error;
    /// castling letters out of order
    ///
    /// The spec requires White's (upper-case) letters before Black's, and within a side the
    /// kingside right before the queenside one: `K` before `Q`, and file letters from the h-side
    /// to the a-side (`HAha`).
    ///
    /// Bad: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1`
    /// Good: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`
    CastlingOrder => "fen::castling::order", Error;
    /// castling file letters from the a-file to the h-file
    ///
    /// Some Chess960 writers give a side's file letters in board order, from the a-file to the
    /// h-file (`AHah`, `EGeg`), where Shredder-FEN writes them from h to a (`HAha`, `GEge`).
    /// Stockfish, cutechess, python-chess, shakmaty, cozy-chess and chessops read the letters
    /// one at a time, so they read these as intended (see the conformance matrix); a reader
    /// that keeps to the grammar rejects them. It is a warning, not advice, because the
    /// canonical order is what those same tools write. The fix writes the
    /// canonical order. White's letters still come before Black's, and classic letters out of
    /// order (`QKkq`) stay `fen::castling::order`, an error: no writer produces them, so they
    /// point at a hand edit or a broken writer. A file whose writer uses board order uses it
    /// on every line, so the warning is reported once per file.
    ///
    /// Bad: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1`
    /// Good: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1`
    CastlingBoardOrder => "fen::castling::board_order", Warning, once per file;
    /// an en-passant field that is neither `-` nor a square on rank 3 or 6
    ///
    /// The en-passant target square is the square a pawn skipped with its double step: always
    /// on rank 3 (after a White push) or rank 6 (after a Black push).
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - e4 0 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    EnPassantInvalid => "fen::en_passant::invalid", Error;
    /// an en-passant square with an upper-case file letter
    ///
    /// Square names are written in lower case, such as `e3`.
    ///
    /// Bad: `rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq E6 0 2`
    /// Good: `rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2`
    EnPassantUppercase => "fen::en_passant::uppercase", Error;
    /// a halfmove clock that is not a whole number
    ///
    /// The halfmove clock counts half-moves since the last capture or pawn move: digits only,
    /// no sign.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - x 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    HalfmoveClockInvalid => "fen::halfmove_clock::invalid", Error;
    /// a fullmove number that is not a whole number
    ///
    /// The fullmove number starts at 1 and grows after each Black move: digits only, no sign.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 0 x`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    FullmoveNumberInvalid => "fen::fullmove_number::invalid", Error;
    /// a move counter with a leading zero, such as `01`
    ///
    /// The grammar writes numbers without leading zeros (`0`, `12`), so that one position has
    /// one FEN. Most tools read `01` as 1, but tools that compare FENs as text, or read numbers
    /// with a leading zero as octal, do not. Applies to the halfmove clock, the fullmove number
    /// and the `hmvc` and `fmvn` operands of EPD records.
    ///
    /// Bad: `4k3/8/8/8/8/8/8/4K3 w - - 00 1`
    /// Good: `4k3/8/8/8/8/8/8/4K3 w - - 0 1`
    CounterLeadingZero => "fen::counter::leading_zero", Warning;
    /// a three-check counter that does not match `W+B` or `+W+B`
    ///
    /// Three-check FENs carry either the checks each side has remaining, `W+B` before the
    /// counters (`3+3` at the start), or the checks each side has given, `+W+B` after the
    /// counters (`+0+0` at the start).
    ///
    /// Bad: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+`
    /// Good: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0`
    ChecksInvalid => "fen::checks::invalid", Error;
    /// a three-check count other than 0–3
    ///
    /// A side wins by giving the third check, so a count of checks given or remaining is 0, 1, 2
    /// or 3.
    ///
    /// Bad: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+4`
    /// Good: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+2`
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

    /// The documented input that draws this code: the text between the backticks of the
    /// documentation's `Bad:` line. The input is a FEN, or an EPD record for the `epd::` codes
    /// and a PGN file for the `pgn::` codes, written with the escapes of [`Code::explanation`].
    ///
    /// ```
    /// use fenlint::Code;
    /// assert_eq!(Code::SideToMoveInvalid.bad_example(), Some("4k3/8/8/8/8/8/8/4K3 x - - 0 1"));
    /// assert_eq!(Code::KingsMissing.bad_example(), Some("8/8/8/8/8/8/8/4K3 w - - 0 1"));
    /// ```
    pub fn bad_example(self) -> Option<&'static str> {
        self.example("Bad")
    }

    /// The documented input that, like [`Code::bad_example`], differs from it only as much as
    /// the fix needs, and does not draw this code (the documentation's `Good:` line).
    ///
    /// ```
    /// use fenlint::Code;
    /// assert_eq!(Code::SideToMoveInvalid.good_example(), Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    /// ```
    pub fn good_example(self) -> Option<&'static str> {
        self.example("Good")
    }

    /// The text between the first and the last backtick of the documentation line that starts
    /// with `label` (`Bad:`, or `Bad (checked as …):`).
    fn example(self, label: &str) -> Option<&'static str> {
        let line = self
            .docs()
            .lines()
            .map(str::trim_start)
            .find(|line| example_label(line) == Some(label))?;
        let (_, quoted) = line.split_once('`')?;
        let end = quoted.rfind('`')?;
        quoted.get(..end)
    }

    /// The anchor of this code's section in the grammar reference: its name with what is not
    /// a letter, a digit, `_` or `-` left out, as rustdoc (and GitHub) derive the anchor of the
    /// heading `` #### `fen::kings::missing` ``.
    ///
    /// ```
    /// assert_eq!(fenlint::Code::KingsMissing.anchor(), "fenkingsmissing");
    /// assert_eq!(fenlint::Code::RankTooLong.anchor(), "fenplacementrank_too_long");
    /// ```
    pub fn anchor(self) -> String {
        self.name()
            .chars()
            .filter(|&c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            .map(|c| c.to_ascii_lowercase())
            .collect()
    }

    /// Where this code is explained: its section of the grammar reference (`grammar/README.md`,
    /// the library's [`crate::grammar`] module) on docs.rs, for this version of the library.
    /// [`miette::Diagnostic::url`] of every [`crate::Diagnostic`] is this address.
    ///
    /// ```
    /// assert_eq!(
    ///     fenlint::Code::KingsMissing.url(),
    ///     format!(
    ///         "https://docs.rs/fenlint/{}/fenlint/grammar/index.html#fenkingsmissing",
    ///         env!("CARGO_PKG_VERSION")
    ///     )
    /// );
    /// ```
    pub fn url(self) -> String {
        format!(
            "https://docs.rs/fenlint/{}/fenlint/grammar/index.html#{}",
            env!("CARGO_PKG_VERSION"),
            self.anchor()
        )
    }

    /// The explanation of this code in Markdown, as its section of the grammar reference (below
    /// the heading) and `fenlint explain` show it: the default severity and the summary, a
    /// paragraph saying so for a code [reported once per file](Code::once_per_file), the
    /// documentation's paragraphs, then *What it checks*, *Why*, and the *Fails* and *Passes*
    /// examples ([`Code::bad_example`], [`Code::good_example`]).
    ///
    /// In the examples, `\n` stands for a line break, `\u{feff}` for the character U+FEFF,
    /// `\xe9` for the byte 0xE9 (not UTF-8), and `⟨300 × x⟩` for `x` written 300 times.
    ///
    /// ```
    /// let text = fenlint::Code::KingsMissing.explanation();
    /// assert!(text.starts_with("*error*: a side has no king.\n"));
    /// assert!(text.contains("- **Fails:** `8/8/8/8/8/8/8/4K3 w - - 0 1`\n"));
    /// ```
    pub fn explanation(self) -> String {
        let severity = match self.default_severity() {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Advice => "advice",
        };
        // Each block is a paragraph or a list item, in the documentation's order; a line that
        // starts neither (nor is blank) continues the block before it.
        let mut blocks: Vec<(bool, String)> = Vec::new();
        let mut open = false;
        for line in self.docs().lines().skip(1) {
            let line = line.trim();
            if line.is_empty() {
                open = false;
            } else if let Some(label) = example_label(line) {
                let (head, rest) = line.split_once(':').unwrap_or((line, ""));
                let name = match label {
                    "What" => "What it checks",
                    "Bad" => "Fails",
                    "Good" => "Passes",
                    other => other,
                };
                let qualifier = head.get(label.len()..).unwrap_or_default();
                blocks.push((true, format!("- **{name}{qualifier}:**{rest}")));
                open = true;
            } else if let Some((_, text)) = blocks.last_mut().filter(|_| open) {
                text.push(' ');
                text.push_str(line);
            } else {
                blocks.push((false, line.to_owned()));
                open = true;
            }
        }
        let off = if self.is_on_by_default() {
            ""
        } else {
            ", off by default"
        };
        let mut out = format!("*{severity}*{off}: {}.\n", self.summary());
        if self.once_per_file() {
            out.push_str(
                "\n*Reported once per file*: in a file, only the first position that draws it \
                 is reported, its message ending with how many more the file has.\n",
            );
        }
        let mut in_list = false;
        for (item, text) in blocks {
            if !(item && in_list) {
                out.push('\n');
            }
            out.push_str(&text);
            out.push('\n');
            in_list = item;
        }
        out
    }
}

/// The label a documentation line starts with: `What`, `Why`, `Bad` or `Good`, followed by `:`
/// or by a qualifier in parentheses and `:` (`Bad (checked as standard chess):`).
fn example_label(line: &str) -> Option<&'static str> {
    ["What", "Why", "Bad", "Good"].into_iter().find(|label| {
        line.strip_prefix(label)
            .is_some_and(|rest| rest.starts_with(':') || rest.starts_with(" ("))
    })
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
