//! The kinds of nodes and tokens in the syntax tree.

/// What a node of the syntax tree is.
///
/// Composite kinds (such as [`SyntaxKind::Placement`]) group other nodes; token kinds (such as
/// [`SyntaxKind::Piece`]) cover text directly. Every byte of the input is covered by exactly one
/// token, so printing the tokens in order gives the input back.
///
/// ```
/// use fenlint::SyntaxKind;
///
/// assert!(SyntaxKind::Piece.is_token());
/// assert!(!SyntaxKind::Rank.is_token());
/// assert_eq!(SyntaxKind::CastlingRight.name(), "CASTLING_RIGHT");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SyntaxKind {
    /// The root: the whole FEN, with any surrounding whitespace.
    Fen,
    /// Field 1: the eight ranks and the `/` between them.
    Placement,
    /// One rank of the placement, from the a-file to the h-file.
    Rank,
    /// Crazyhouse holdings: `[...]` after rank 1, or a ninth `/`-group.
    Holdings,
    /// Field 2: `w` or `b`.
    SideToMove,
    /// Field 3: `-` or castling rights.
    Castling,
    /// Field 4: `-` or the en-passant target square.
    EnPassant,
    /// Three-check `W+B` field before the counters: checks remaining.
    RemainingChecks,
    /// Field 5: the halfmove clock.
    HalfmoveClock,
    /// Field 6: the fullmove number.
    FullmoveNumber,
    /// Three-check `+W+B` suffix after the counters: checks given.
    GivenChecks,
    /// Fields after the last field the grammar knows.
    ExtraFields,
    /// The root of an EPD record: the position fields, then the operations.
    EpdRecord,
    /// FEN move counters (`0 1`) where an EPD record's first operation belongs.
    MoveCounters,
    /// One EPD operation: an opcode, its operands and the `;` that ends it.
    Operation,
    /// One operand of an EPD operation: a symbol or a string.
    Operand,
    /// The root of a PGN `[FEN "…"]` tag pair: its tokens around the FEN's fields.
    FenTagPair,

    /// A run of whitespace: a field separator, or leading or trailing whitespace.
    Whitespace,
    /// A byte-order mark (U+FEFF) before the FEN.
    ByteOrderMark,
    /// `/` between two ranks, or before slash holdings.
    Slash,
    /// A piece letter (`PNBRQK` white, `pnbrqk` black) in the holdings.
    Piece,
    /// `~` after a piece (the last of a [`SyntaxKind::Squares`]): the piece was promoted from a
    /// pawn (crazyhouse).
    PromotedMarker,
    /// Squares in a row in a rank: piece letters and digits (each digit a run of empty
    /// squares), up to a `~`, other text or the rank's end.
    Squares,
    /// `[` opening bracket holdings or a PGN tag pair.
    OpenBracket,
    /// `]` closing bracket holdings or a PGN tag pair.
    CloseBracket,
    /// `-`: no castling rights, no en-passant square, or empty bracket holdings.
    Dash,
    /// `w` or `b`.
    Color,
    /// One castling letter: `K`, `Q`, `k`, `q`, or a file letter `A`–`H` / `a`–`h`.
    CastlingRight,
    /// A square name such as `e3`.
    Square,
    /// A run of decimal digits (a move counter).
    Number,
    /// `+` in a three-check counter.
    Plus,
    /// One three-check count.
    CheckCount,
    /// The opcode of an EPD operation, such as `bm`.
    Opcode,
    /// An unquoted EPD operand, such as `Bb5` or `12`.
    Symbol,
    /// A string EPD operand in double quotes, the quotes included.
    QuotedString,
    /// `;` ending an EPD operation.
    Semicolon,
    /// The name of a PGN tag pair, such as `FEN`.
    TagName,
    /// `"` around the value of a PGN tag pair.
    Quote,
    /// Text that the grammar does not accept at this place.
    Error,
}

impl SyntaxKind {
    /// Whether this kind covers text directly (a token) rather than grouping other nodes.
    ///
    /// ```
    /// assert!(fenlint::SyntaxKind::Whitespace.is_token());
    /// ```
    pub const fn is_token(self) -> bool {
        matches!(
            self,
            SyntaxKind::Whitespace
                | SyntaxKind::ByteOrderMark
                | SyntaxKind::Slash
                | SyntaxKind::Piece
                | SyntaxKind::PromotedMarker
                | SyntaxKind::Squares
                | SyntaxKind::OpenBracket
                | SyntaxKind::CloseBracket
                | SyntaxKind::Dash
                | SyntaxKind::Color
                | SyntaxKind::CastlingRight
                | SyntaxKind::Square
                | SyntaxKind::Number
                | SyntaxKind::Plus
                | SyntaxKind::CheckCount
                | SyntaxKind::Opcode
                | SyntaxKind::Symbol
                | SyntaxKind::QuotedString
                | SyntaxKind::Semicolon
                | SyntaxKind::TagName
                | SyntaxKind::Quote
                | SyntaxKind::Error
        )
    }

    /// The upper-case name used in tree dumps, such as `SQUARES`.
    ///
    /// ```
    /// assert_eq!(fenlint::SyntaxKind::Squares.name(), "SQUARES");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            SyntaxKind::Fen => "FEN",
            SyntaxKind::Placement => "PLACEMENT",
            SyntaxKind::Rank => "RANK",
            SyntaxKind::Holdings => "HOLDINGS",
            SyntaxKind::SideToMove => "SIDE_TO_MOVE",
            SyntaxKind::Castling => "CASTLING",
            SyntaxKind::EnPassant => "EN_PASSANT",
            SyntaxKind::RemainingChecks => "REMAINING_CHECKS",
            SyntaxKind::HalfmoveClock => "HALFMOVE_CLOCK",
            SyntaxKind::FullmoveNumber => "FULLMOVE_NUMBER",
            SyntaxKind::GivenChecks => "GIVEN_CHECKS",
            SyntaxKind::ExtraFields => "EXTRA_FIELDS",
            SyntaxKind::EpdRecord => "EPD_RECORD",
            SyntaxKind::MoveCounters => "MOVE_COUNTERS",
            SyntaxKind::Operation => "OPERATION",
            SyntaxKind::Operand => "OPERAND",
            SyntaxKind::FenTagPair => "FEN_TAG_PAIR",
            SyntaxKind::Whitespace => "WHITESPACE",
            SyntaxKind::ByteOrderMark => "BYTE_ORDER_MARK",
            SyntaxKind::Slash => "SLASH",
            SyntaxKind::Piece => "PIECE",
            SyntaxKind::PromotedMarker => "PROMOTED_MARKER",
            SyntaxKind::Squares => "SQUARES",
            SyntaxKind::OpenBracket => "OPEN_BRACKET",
            SyntaxKind::CloseBracket => "CLOSE_BRACKET",
            SyntaxKind::Dash => "DASH",
            SyntaxKind::Color => "COLOR",
            SyntaxKind::CastlingRight => "CASTLING_RIGHT",
            SyntaxKind::Square => "SQUARE",
            SyntaxKind::Number => "NUMBER",
            SyntaxKind::Plus => "PLUS",
            SyntaxKind::CheckCount => "CHECK_COUNT",
            SyntaxKind::Opcode => "OPCODE",
            SyntaxKind::Symbol => "SYMBOL",
            SyntaxKind::QuotedString => "QUOTED_STRING",
            SyntaxKind::Semicolon => "SEMICOLON",
            SyntaxKind::TagName => "TAG_NAME",
            SyntaxKind::Quote => "QUOTE",
            SyntaxKind::Error => "ERROR",
        }
    }
}
