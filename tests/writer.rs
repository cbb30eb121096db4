//! The FEN writer: hand-picked positions in every style, a seeded round trip over positions built
//! with `arbitrary`, and a cross-check of the en-passant styles and the X-FEN letters against
//! shakmaty.

use arbitrary::{Arbitrary, Unstructured};
use fenlint::position::{
    Bitboard, Board, CastlingStyle, ChecksStyle, EnPassantStyle, Holdings, HoldingsStyle, Position,
    Variant, WriteOptions,
};
use fenlint::{Code, Color, File, Piece, Role, Square};

fn position(fen: &str) -> Position {
    let parse = fenlint::parse(fen);
    assert!(
        parse.diagnostics().is_empty(),
        "{fen}: {:?}",
        parse.diagnostics()
    );
    Position::from_tree(parse.tree()).unwrap_or_else(|| panic!("no position for {fen}"))
}

fn sq(name: &str) -> Square {
    Square::from_name(name).unwrap()
}

fn options(
    castling: CastlingStyle,
    holdings: HoldingsStyle,
    checks: ChecksStyle,
    en_passant: EnPassantStyle,
) -> WriteOptions {
    WriteOptions::default()
        .with_castling(castling)
        .with_holdings(holdings)
        .with_checks(checks)
        .with_en_passant(en_passant)
}

fn with_castling(castling: CastlingStyle) -> WriteOptions {
    WriteOptions::default().with_castling(castling)
}

fn with_en_passant(en_passant: EnPassantStyle) -> WriteOptions {
    WriteOptions::default().with_en_passant(en_passant)
}

/// Writes `position`, checks that the text parses without a diagnostic, and returns the text and
/// the position read back.
fn write_and_read(position: &Position, options: &WriteOptions) -> (String, Position) {
    let fen = position.to_fen(options);
    let parse = fenlint::parse(&fen);
    assert!(
        parse.diagnostics().is_empty(),
        "{fen}: {:?}",
        parse.diagnostics()
    );
    let read = Position::from_tree(parse.tree()).unwrap_or_else(|| panic!("no position for {fen}"));
    drop(parse);
    (fen, read)
}

/// Reads `fen`, writes it with `options`, and checks both the text and that it reads back.
fn assert_writes(fen: &str, options: &WriteOptions, expected: &str) -> Position {
    let original = position(fen);
    let (written, _) = write_and_read(&original, options);
    assert_eq!(written, expected, "{fen} with {options:?}");
    original
}

#[test]
fn start_position_in_every_castling_style() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let start = assert_writes(fen, &WriteOptions::default(), fen);
    assert_eq!(start.to_string(), fen);
    let (_, read) = write_and_read(&start, &WriteOptions::default());
    assert_eq!(read, start);

    let shredder = with_castling(CastlingStyle::Shredder);
    let (written, read) = write_and_read(&start, &shredder);
    assert_eq!(
        written,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    // Same rights; file letters make readers take the position for Chess960.
    assert_eq!(read.castling, start.castling);
    assert_eq!(read.variant, Variant::Chess960);

    // write_fen appends to any fmt::Write.
    let mut line = String::from("fen: ");
    start
        .write_fen(&mut line, &WriteOptions::default())
        .unwrap();
    assert_eq!(line, format!("fen: {fen}"));
}

#[test]
fn canonical_output_from_non_canonical_input() {
    // Castling out of order, holdings in any order, `[-]`, both three-check forms at once (the
    // checks given win, as the reader takes them).
    let cases = [
        (
            "r3k2r/8/8/8/8/8/8/R3K2R b qkQK - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3[pPnQbBrRqk] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[QRBPkqrbnp] w - - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3[-] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 3+3 0 1 +0+0",
            "8/8/8/8/8/8/8/8 w - - 0 1 +0+0",
        ),
    ];
    for (input, expected) in cases {
        let tree = fenlint::parse(input).into_tree();
        let original = Position::from_tree(&tree).unwrap();
        let (written, read) = write_and_read(&original, &WriteOptions::default());
        assert_eq!(written, expected, "{input}");
        assert_eq!(read, original, "{input}");
    }
}

#[test]
fn chess960_in_both_castling_styles() {
    // King on g1/g8, rooks on f and h: the outermost rooks, so X-FEN says KQkq.
    let fen = "bqnb1rkr/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/BQNB1RKR w KQkq - 2 3";
    let original = assert_writes(fen, &with_castling(CastlingStyle::XFen), fen);
    assert_eq!(original.variant, Variant::Chess960);
    let shredder = "bqnb1rkr/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/BQNB1RKR w HFhf - 2 3";
    assert_writes(fen, &with_castling(CastlingStyle::Shredder), shredder);
    for style in [CastlingStyle::XFen, CastlingStyle::Shredder] {
        let (_, read) = write_and_read(&original, &with_castling(style));
        assert_eq!(read, original, "{style:?}");
    }

    // Rights on one side only, and Black's only.
    let fen = "rk2r3/8/8/8/8/8/8/RK2R3 b Aq - 0 1";
    let original = assert_writes(
        fen,
        &with_castling(CastlingStyle::XFen),
        fen.replace("Aq", "Qq").as_str(),
    );
    let (_, read) = write_and_read(&original, &with_castling(CastlingStyle::XFen));
    assert_eq!(read, original);
    assert_writes(
        fen,
        &with_castling(CastlingStyle::Shredder),
        "rk2r3/8/8/8/8/8/8/RK2R3 b Aa - 0 1",
    );
}

#[test]
fn x_fen_inner_rooks_take_their_file_letter() {
    // White: king f1, rooks b1 and d1 on the queenside, h1 on the kingside; the inner d1-rook
    // keeps its right. Black: king b8, rooks e8 and g8 on the kingside, both with rights: `k`
    // would name g8 with e8 between it and the king, so in Chess960 g8 takes its file letter
    // too (`fen::castling::ambiguous`), and `KDke` reads as the same position.
    let fen = "1k2r1r1/8/8/8/8/8/8/1R1R1K1R w KDge - 0 1";
    assert_eq!(
        position("1k2r1r1/8/8/8/8/8/8/1R1R1K1R w KDke - 0 1"),
        position(fen)
    );
    let original = position(fen);
    assert_eq!(
        original.castling,
        Bitboard::EMPTY
            .with(sq("d1"))
            .with(sq("h1"))
            .with(sq("e8"))
            .with(sq("g8"))
    );
    assert_writes(fen, &with_castling(CastlingStyle::XFen), fen);
    assert_writes(
        fen,
        &with_castling(CastlingStyle::Shredder),
        "1k2r1r1/8/8/8/8/8/8/1R1R1K1R w HDge - 0 1",
    );
    for style in [CastlingStyle::XFen, CastlingStyle::Shredder] {
        let (_, read) = write_and_read(&original, &with_castling(style));
        assert_eq!(read, original, "{style:?}");
    }

    // Only the outer b1-rook: `Q` with the d1-rook between it and the king is in doubt in
    // Chess960, and so is written `B`; with the d1-rook gone, `Q` again.
    assert_writes(
        "4k3/8/8/8/8/8/8/1R1R1K1R w Q - 0 1",
        &with_castling(CastlingStyle::XFen),
        "4k3/8/8/8/8/8/8/1R1R1K1R w B - 0 1",
    );
    assert_writes(
        "4k3/8/8/8/8/8/8/1R3K1R w Q - 0 1",
        &with_castling(CastlingStyle::XFen),
        "4k3/8/8/8/8/8/8/1R3K1R w Q - 0 1",
    );
}

#[test]
fn castling_squares_without_king_or_rook() {
    // No king on the back rank: `K`/`Q` name the corners, so a corner keeps its letter and
    // the text (and the Standard variant) survive; any other square takes its file letter.
    let fen = "r3r3/4k3/8/8/8/8/4K3/R3R2R w KQkq - 0 1";
    let original = assert_writes(fen, &WriteOptions::default(), fen);
    assert_eq!(original.variant, Variant::Standard);

    let mut inner = original.clone();
    inner.castling = Bitboard::EMPTY.with(sq("e1")).with(sq("e8"));
    let (written, read) = write_and_read(&inner, &WriteOptions::default());
    assert_eq!(written, "r3r3/4k3/8/8/8/8/4K3/R3R2R w Ee - 0 1");
    assert_eq!(read.castling, inner.castling);

    // A right whose rook is gone: `K` when no rook stands on that side (the reader's corner),
    // the file letter when another rook would be taken for `K`.
    let mut lost = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    lost.castling = Bitboard::EMPTY.with(sq("h1")).with(sq("a8"));
    let (written, read) = write_and_read(&lost, &WriteOptions::default());
    assert_eq!(written, "4k3/8/8/8/8/8/8/4K3 w Kq - 0 1");
    assert_eq!(read.castling, lost.castling);
    // With no rook at all on that side, `K` does not make the position Chess960.
    assert_eq!(read.variant, Variant::Standard);
    let mut shadowed = position("4k3/8/8/8/8/8/8/4K1R1 w - - 0 1");
    shadowed.castling = Bitboard::EMPTY.with(sq("h1"));
    let (written, read) = write_and_read(&shadowed, &WriteOptions::default());
    assert_eq!(written, "4k3/8/8/8/8/8/8/4K1R1 w H - 0 1");
    assert_eq!(read.castling, shadowed.castling);

    // Squares off the back ranks have no letter and are left out.
    let mut off = position("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    off.castling = off.castling.with(sq("a4"));
    let (written, read) = write_and_read(&off, &WriteOptions::default());
    assert_eq!(written, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(read.castling, Bitboard::from_square(sq("a1")));
}

#[test]
fn crazyhouse_holdings_slash_and_bracket() {
    let bracket = "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[RNPpp] w KQkq - 3 5";
    let slash = "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R/RNPpp w KQkq - 3 5";
    let by = |holdings| WriteOptions::default().with_holdings(holdings);
    for input in [bracket, slash] {
        let original = assert_writes(input, &by(HoldingsStyle::Bracket), bracket);
        assert_writes(input, &by(HoldingsStyle::Slash), slash);
        assert_eq!(original.variant, Variant::Crazyhouse);
        for style in [HoldingsStyle::Bracket, HoldingsStyle::Slash] {
            let (_, read) = write_and_read(&original, &by(style));
            assert_eq!(read, original, "{style:?}");
        }
    }

    // Empty holdings: `[]`, or a trailing `/`.
    let empty = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
    assert_eq!(empty.holdings, Some(Holdings::default()));
    let (written, read) = write_and_read(&empty, &by(HoldingsStyle::Slash));
    assert_eq!(
        written,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1"
    );
    assert_eq!(read, empty);

    // Eight pieces in hand are holdings, not a ninth rank.
    let eight = "4k3/8/8/8/8/8/8/4K3/QQQQQQQQ b - - 0 1";
    let original = assert_writes(eight, &by(HoldingsStyle::Slash), eight);
    assert_eq!(
        original.holdings.unwrap().count(Color::White, Role::Queen),
        8
    );

    // No holdings, no holdings field, whatever the style.
    let plain = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_writes(plain, &by(HoldingsStyle::Slash), plain);
}

#[test]
fn promoted_pieces_keep_their_marker() {
    let fen = "rkn2Q~N1/pppq4/5P2/8/1P1P1n2/5B1P/PPPN1PpP/R3K1R1[RBBBPPq] b Q - 0 43";
    let original = assert_writes(fen, &WriteOptions::default(), fen);
    let (_, read) = write_and_read(&original, &WriteOptions::default());
    assert_eq!(read, original);

    // Markers without holdings still say Crazyhouse.
    let fen = "4k2Q~/8/8/8/8/8/8/4K2b~ w - - 0 1";
    let original = assert_writes(fen, &WriteOptions::default(), fen);
    assert_eq!(original.promoted.count(), 2);
    assert_eq!(original.variant, Variant::Crazyhouse);

    // A mark on an empty square cannot be written.
    let mut marked = position("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    marked.promoted = Bitboard::from_square(sq("d4"));
    let (written, read) = write_and_read(&marked, &WriteOptions::default());
    assert_eq!(written, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    assert_eq!(read.promoted, Bitboard::EMPTY);
}

#[test]
fn three_check_given_and_remaining() {
    let given = "rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2";
    let remaining = "rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 3+1 1 5";
    let by = |checks| WriteOptions::default().with_checks(checks);
    for input in [given, remaining] {
        let original = assert_writes(input, &by(ChecksStyle::Given), given);
        assert_writes(input, &by(ChecksStyle::Remaining), remaining);
        assert_eq!(original.checks_given, Some([0, 2]));
        assert_eq!(original.variant, Variant::ThreeCheck);
        for style in [ChecksStyle::Given, ChecksStyle::Remaining] {
            let (_, read) = write_and_read(&original, &by(style));
            assert_eq!(read, original, "{style:?}");
        }
    }

    // Counts above 3 cannot be written cleanly: as given they read back but are reported, as
    // remaining they floor at 0 and read back as 3.
    let mut over = position(given);
    over.checks_given = Some([5, 3]);
    let written = over.to_fen(&by(ChecksStyle::Given));
    assert!(written.ends_with(" 1 5 +5+3"), "{written}");
    let parse = fenlint::parse(&written);
    let codes: Vec<Code> = parse.diagnostics().iter().map(|d| d.code()).collect();
    assert_eq!(codes, [Code::ChecksCountOutOfRange]);
    assert_eq!(Position::from_tree(parse.tree()), Some(over.clone()));
    let (written, read) = write_and_read(&over, &by(ChecksStyle::Remaining));
    assert!(written.ends_with(" - 0+0 1 5"), "{written}");
    assert_eq!(read.checks_given, Some([3, 3]));
}

/// The en-passant field `position` gets in each style: Always, Capturable, Legal.
fn en_passant_fields(fen: &str) -> [String; 3] {
    let original = position(fen);
    [
        EnPassantStyle::Always,
        EnPassantStyle::Capturable,
        EnPassantStyle::Legal,
    ]
    .map(|style| {
        let (written, read) = write_and_read(&original, &with_en_passant(style));
        let field = written.split(' ').nth(3).unwrap().to_owned();
        // What is written reads back; what is dropped is the only change.
        let mut expected = original.clone();
        expected.en_passant = original.en_passant_square(style);
        assert_eq!(read, expected, "{fen} {style:?}");
        assert_eq!(
            field,
            expected
                .en_passant
                .map_or("-".to_owned(), |s| s.to_string())
        );
        field
    })
}

#[test]
fn en_passant_styles() {
    let cases = [
        // After 1. e4: no Black pawn can take.
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            ["e3", "-", "-"],
        ),
        // After 1. e4 d5 2. e5 f5: exf6 e.p. is legal.
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            ["f6", "f6", "f6"],
        ),
        // Black to move: after White's c2-c4, the b4 pawn takes on c3.
        ("4k3/8/8/8/1pP5/8/8/4K3 b - c3 0 1", ["c3", "c3", "c3"]),
        // The capturing pawn is pinned along the e-file.
        ("4r2k/8/8/3pP3/8/8/8/4K3 w - d6 0 2", ["d6", "d6", "-"]),
        // Both pawns leave the fifth rank, opening it to the rook: illegal.
        ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", ["d6", "d6", "-"]),
        // A pawn pinned on the a8-h1 diagonal: taking along it is legal, taking off it is not.
        ("b6k/8/8/2pP4/8/8/8/7K w - c6 0 1", ["c6", "c6", "c6"]),
        ("b6k/8/8/3Pp3/8/8/8/7K w - e6 0 1", ["e6", "e6", "-"]),
        // Two capturers: the pinned one cannot, the other can.
        ("4r2k/8/8/2PpP3/8/8/8/4K3 w - d6 0 2", ["d6", "d6", "d6"]),
        // The pushed pawn gives check; taking it resolves the check.
        ("7k/8/8/3pP3/4K3/8/8/8 w - d6 0 1", ["d6", "d6", "d6"]),
        // In check from a rook; taking en passant does not help.
        ("r6k/8/8/3pP3/8/8/8/K7 w - d6 0 1", ["d6", "d6", "-"]),
        // Not a real double step: the target, or the square the pawn came from, is occupied,
        // or the pushed pawn is missing, or the square is on the mover's own side.
        ("4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1", ["d6", "-", "-"]),
        ("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", ["d6", "-", "-"]),
        ("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", ["d6", "-", "-"]),
        ("4k3/8/8/8/2Pp4/8/8/4K3 w - c3 0 1", ["c3", "-", "-"]),
        ("4k3/8/8/3p4/8/8/2P5/4K3 w - d3 0 1", ["d3", "-", "-"]),
        // A pawn on the wrong side of the target does not attack it.
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - d6 0 1", ["d6", "-", "-"]),
        // No king to leave in check: capturable is legal.
        ("8/8/8/3pP3/8/8/8/8 w - d6 0 1", ["d6", "d6", "d6"]),
    ];
    for (fen, expected) in cases {
        assert_eq!(en_passant_fields(fen), expected, "{fen}");
    }

    // A square off ranks 3 and 6 has no spelling.
    let mut off = position("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
    off.en_passant = Some(sq("d5"));
    for style in [
        EnPassantStyle::Always,
        EnPassantStyle::Capturable,
        EnPassantStyle::Legal,
    ] {
        let (written, read) = write_and_read(&off, &with_en_passant(style));
        assert_eq!(written, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
        assert_eq!(read.en_passant, None);
    }
}

#[test]
fn counters_are_written_as_held() {
    let mut huge = position("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    huge.halfmove_clock = u64::MAX;
    huge.fullmove_number = 0;
    let (written, read) = write_and_read(&huge, &WriteOptions::default());
    assert_eq!(written, "4k3/8/8/8/8/8/8/4K3 b - - 18446744073709551615 0");
    assert_eq!(read, huge);
}

// --- Round trip over positions built with `arbitrary` ---------------------------------------

/// Every combination of styles.
fn all_options() -> Vec<WriteOptions> {
    let mut all = Vec::new();
    for castling in [CastlingStyle::XFen, CastlingStyle::Shredder] {
        for holdings in [HoldingsStyle::Bracket, HoldingsStyle::Slash] {
            for checks in [ChecksStyle::Given, ChecksStyle::Remaining] {
                for en_passant in [
                    EnPassantStyle::Always,
                    EnPassantStyle::Capturable,
                    EnPassantStyle::Legal,
                ] {
                    all.push(options(castling, holdings, checks, en_passant));
                }
            }
        }
    }
    all
}

fn random_square(u: &mut Unstructured<'_>) -> arbitrary::Result<Square> {
    Ok(Square::from_index(u.int_in_range(0..=63)?).unwrap())
}

fn square_at(file: u8, rank: u8) -> Square {
    Square::new(File::new(file).unwrap(), rank).unwrap()
}

fn random_piece(u: &mut Unstructured<'_>) -> arbitrary::Result<Piece> {
    let color = if u.arbitrary()? {
        Color::White
    } else {
        Color::Black
    };
    let role = *u.choose(&Role::ALL)?;
    Ok(Piece { color, role })
}

/// Plays a double step by the side not to move onto `board` (clearing the squares it passed),
/// with a pawn of `turn` beside it on each side at odds `capturer_odds`, and returns the
/// en-passant target square.
fn double_step(
    u: &mut Unstructured<'_>,
    board: &mut Board,
    turn: Color,
    capturer_odds: (u8, u8),
) -> arbitrary::Result<Square> {
    let (target, pushed, origin) = match turn {
        Color::White => (6, 5, 7),
        Color::Black => (3, 4, 2),
    };
    let file = u.int_in_range(0..=7)?;
    board.set(square_at(file, target), None);
    board.set(square_at(file, origin), None);
    board.set(
        square_at(file, pushed),
        Some(Piece {
            color: turn.other(),
            role: Role::Pawn,
        }),
    );
    for side in [file.checked_sub(1), file.checked_add(1).filter(|&f| f < 8)] {
        if let Some(side) = side
            && u.ratio(capturer_odds.0, capturer_odds.1)?
        {
            board.set(
                square_at(side, pushed),
                Some(Piece {
                    color: turn,
                    role: Role::Pawn,
                }),
            );
        }
    }
    Ok(square_at(file, target))
}

fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 8,
    }
}

/// A random position. Mostly what a FEN can say, with the corners that need care made likely
/// (kings and several rooks on the back ranks, castling rights for inner rooks and for empty
/// squares, plausible and implausible double steps, pins through random sliders), and now and
/// then something no FEN can say (castling squares off the back ranks, promoted marks on empty
/// squares, en-passant squares off ranks 3 and 6, check counts above 3), which the round trip
/// must then drop in the documented way.
#[derive(Debug)]
struct RandomPosition(Position);

impl<'a> Arbitrary<'a> for RandomPosition {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut board = Board::empty();
        for _ in 0..u.int_in_range(0..=24)? {
            let square = random_square(u)?;
            board.set(square, Some(random_piece(u)?));
        }
        for color in [Color::White, Color::Black] {
            let rank = back_rank(color);
            let king = Piece {
                color,
                role: Role::King,
            };
            match u.int_in_range(0..=5)? {
                0 => {}
                1 => board.set(random_square(u)?, Some(king)),
                _ => board.set(square_at(u.int_in_range(0..=7)?, rank), Some(king)),
            }
            let rook = Piece {
                color,
                role: Role::Rook,
            };
            for _ in 0..u.int_in_range(0..=3)? {
                let square = square_at(u.int_in_range(0..=7)?, rank);
                if board.piece_at(square) != Some(king) {
                    board.set(square, Some(rook));
                }
            }
        }
        let turn = if u.arbitrary()? {
            Color::White
        } else {
            Color::Black
        };

        let mut en_passant = None;
        match u.int_in_range(0..=9)? {
            0..=3 => {}
            4..=7 => {
                en_passant = Some(double_step(u, &mut board, turn, (1, 2))?);
            }
            8 => en_passant = Some(square_at(u.int_in_range(0..=7)?, *u.choose(&[3, 6])?)),
            _ => en_passant = Some(random_square(u)?),
        }

        let mut castling = Bitboard::EMPTY;
        for color in [Color::White, Color::Black] {
            let rook = Piece {
                color,
                role: Role::Rook,
            };
            for file in 0..8 {
                let square = square_at(file, back_rank(color));
                if board.piece_at(square) == Some(rook) && u.ratio(2, 3)? {
                    castling = castling.with(square);
                }
            }
        }
        if u.ratio(1, 6)? {
            let rank = *u.choose(&[1, 8])?;
            castling = castling.with(square_at(u.int_in_range(0..=7)?, rank));
        }
        if u.ratio(1, 40)? {
            castling = castling.with(random_square(u)?);
        }

        let mut promoted = Bitboard::EMPTY;
        let crazyhouse = u.ratio(1, 3)?;
        for (square, _) in board.pieces() {
            if crazyhouse && u.ratio(1, 6)? {
                promoted = promoted.with(square);
            }
        }
        if u.ratio(1, 40)? {
            promoted = promoted.with(random_square(u)?);
        }
        let holdings = if u.ratio(1, 3)? {
            let mut holdings = Holdings::default();
            for color in [Color::White, Color::Black] {
                for role in Role::ALL {
                    let count = match u.int_in_range(0..=19)? {
                        0..=11 => 0,
                        12..=18 => u.int_in_range(1..=3)?,
                        _ => u.int_in_range(4..=255)?,
                    };
                    for _ in 0..count {
                        holdings.add(Piece { color, role });
                    }
                }
            }
            Some(holdings)
        } else {
            None
        };
        let checks_given = if u.ratio(1, 3)? {
            let count = |u: &mut Unstructured<'_>| -> arbitrary::Result<u8> {
                if u.ratio(1, 30)? {
                    u.int_in_range(4..=255)
                } else {
                    u.int_in_range(0..=3)
                }
            };
            Some([count(u)?, count(u)?])
        } else {
            None
        };
        let counter = |u: &mut Unstructured<'_>, low: u64| -> arbitrary::Result<u64> {
            match u.int_in_range(0..=9)? {
                0 => u.arbitrary(),
                1 => Ok(u64::MAX),
                _ => u.int_in_range(low..=200),
            }
        };
        let halfmove_clock = counter(u, 0)?;
        let fullmove_number = counter(u, 1)?;
        let variant = *u.choose(&[
            Variant::Standard,
            Variant::Chess960,
            Variant::Crazyhouse,
            Variant::ThreeCheck,
        ])?;
        Ok(RandomPosition({
            let mut position = Position::default();
            position.board = board;
            position.promoted = promoted;
            position.turn = turn;
            position.castling = castling;
            position.en_passant = en_passant;
            position.halfmove_clock = halfmove_clock;
            position.fullmove_number = fullmove_number;
            position.holdings = holdings;
            position.checks_given = checks_given;
            position.variant = variant;
            position
        }))
    }
}

/// The squares of ranks 1 and 8.
fn back_ranks() -> Bitboard {
    Bitboard(0xff00_0000_0000_00ff)
}

/// The variant a reader infers from the text, as `Position::from_tree` documents it: holdings
/// or a `~` make Crazyhouse, then check counters Three-check, then castling letters that need
/// Chess960, else Standard. A letter needs Chess960 when its side's king stands on its back rank
/// and either the king is off the e-file, or the letter is a file letter, or it is `K` (`Q`)
/// with no rook of that colour in the corner but one on the king's side of it.
fn inferred_variant(position: &Position, castling_field: &str) -> Variant {
    if position.holdings.is_some() || !position.promoted.is_empty() {
        return Variant::Crazyhouse;
    }
    if position.checks_given.is_some() {
        return Variant::ThreeCheck;
    }
    if letters_tell_chess960(position, castling_field, false) {
        Variant::Chess960
    } else {
        Variant::Standard
    }
}

/// Whether a reader castles by Chess960's rules, as `Position::chess960` documents it: when the
/// letters tell Chess960 (see [`inferred_variant`]), but in crazyhouse and three-check only
/// when they tell it by their notation, a king off the e-file being no sign there.
fn inferred_chess960(position: &Position, castling_field: &str) -> bool {
    let told = position.holdings.is_some()
        || !position.promoted.is_empty()
        || position.checks_given.is_some();
    letters_tell_chess960(position, castling_field, told)
}

/// Whether the castling letters tell Chess960 (see [`inferred_variant`]); with `by_notation`,
/// a king off the e-file is no sign of it by itself.
fn letters_tell_chess960(position: &Position, castling_field: &str, by_notation: bool) -> bool {
    // A letter's colour, whether it tells Chess960 and whether it is a right in Chess960 (its
    // king on the back rank, its rook there off the king's file: for `K`/`Q` the outermost on
    // that side). A file letter tells Chess960 by itself; `K`/`Q` only when every letter is a
    // right in Chess960.
    // A castling letter's side: its colour, its back rank, whether a rook of it stands on a file
    // of that rank, and its king's square if the king is on that rank.
    let side = |letter: char| {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = back_rank(color);
        let rook = Piece {
            color,
            role: Role::Rook,
        };
        let has_rook = move |file: u8| position.board.piece_at(square_at(file, rank)) == Some(rook);
        let king = position
            .board
            .king_of(color)
            .filter(|king| king.rank() == rank);
        (rank, has_rook, king)
    };
    let chess960_right = |letter: char| {
        let (_, has_rook, king) = side(letter);
        let Some(king) = king else {
            return false;
        };
        let king = king.file().index();
        match letter.to_ascii_uppercase() {
            'K' => (king + 1..8).any(has_rook),
            'Q' => (0..king).any(has_rook),
            file => {
                let file = file as u8 - b'A';
                file != king && has_rook(file)
            }
        }
    };
    let letters = || castling_field.chars().filter(|&letter| letter != '-');
    let all_rights = letters().all(chess960_right);
    letters().any(|letter| {
        let (rank, has_rook, king) = side(letter);
        let Some(king) = king else {
            return false;
        };
        if king != square_at(4, rank) && !by_notation {
            return !"KQkq".contains(letter) || all_rights;
        }
        // The corner without a rook, and one between it and the king; with the king on the
        // e-file, the corner holds another piece (empty, it is standard chess's stale right).
        let file = king.file().index();
        let occupied = |file: u8| position.board.piece_at(square_at(file, rank)).is_some();
        let classic_tells = match letter.to_ascii_uppercase() {
            'K' => !has_rook(7) && (file + 1..7).any(has_rook) && (file != 4 || occupied(7)),
            'Q' => !has_rook(0) && (1..file).any(has_rook) && (file != 4 || occupied(0)),
            _ => return true,
        };
        classic_tells && all_rights
    })
}

/// What reading `fen` (written from `original` with `options`) must give: `original` without
/// what the options or the notation drop.
///
/// - castling squares off ranks 1 and 8: no letter names them;
/// - promoted marks on empty squares: a `~` follows a piece letter;
/// - the en-passant square, unless `en_passant_square(style)` keeps it (off ranks 3 and 6 in
///   every style; whether Capturable and Legal keep it is checked against shakmaty below and
///   in the hand-picked cases above);
/// - check counts above 3 with `ChecksStyle::Remaining`: 0 remaining reads back as 3 given;
/// - the variant and whether castling follows Chess960's rules: never written, inferred by the
///   reader (see [`inferred_variant`] and [`inferred_chess960`]).
fn expected_after_reading(original: &Position, options: &WriteOptions, fen: &str) -> Position {
    let mut expected = original.clone();
    expected.castling = original.castling & back_ranks();
    expected.promoted = original.promoted & original.board.occupied();
    expected.en_passant = original.en_passant_square(options.en_passant);
    if options.checks == ChecksStyle::Remaining {
        expected.checks_given = original.checks_given.map(|counts| counts.map(|c| c.min(3)));
    }
    let castling_field = fen.split(' ').nth(2).unwrap_or_default();
    expected.variant = inferred_variant(&expected, castling_field);
    expected.chess960 = inferred_chess960(&expected, castling_field);
    expected
}

/// How many cases of each kind the round trip met, so that the generator cannot quietly stop
/// exercising one.
#[derive(Debug, Default)]
struct Coverage {
    inner_rook_letters: usize,
    corner_letters_without_king: usize,
    capturable: usize,
    capturable_not_legal: usize,
    holdings: usize,
    promoted: usize,
    checks: usize,
    over_three_checks: usize,
    unrepresentable: usize,
}

const ROUND_TRIP_SEED: u64 = 0x0f3e_7a11_ce55_u64;
const ROUND_TRIP_CASES: usize = 5000;

#[test]
fn arbitrary_positions_round_trip_in_every_style() {
    let mut rng = fastrand::Rng::with_seed(ROUND_TRIP_SEED);
    let all = all_options();
    let mut bytes = vec![0u8; 1024];
    let mut coverage = Coverage::default();
    for case in 0..ROUND_TRIP_CASES {
        rng.fill(&mut bytes);
        let mut u = Unstructured::new(&bytes);
        let RandomPosition(original) = RandomPosition::arbitrary(&mut u).unwrap();
        assert!(
            !u.is_empty(),
            "case {case}: the generator ran out of bytes, which biases it"
        );
        let over_three = original
            .checks_given
            .is_some_and(|counts| counts.iter().any(|&c| c > 3));
        for options in &all {
            let fen = original.to_fen(options);
            let parse = fenlint::parse(&fen);
            let codes: Vec<Code> = parse.diagnostics().iter().map(|d| d.code()).collect();
            let reported = over_three && options.checks == ChecksStyle::Given;
            assert!(
                codes
                    .iter()
                    .all(|&code| reported && code == Code::ChecksCountOutOfRange)
                    && (codes.is_empty() != reported),
                "case {case}: {fen} ({options:?}) draws {codes:?}\n{original:?}"
            );
            let read = Position::from_tree(parse.tree());
            let expected = expected_after_reading(&original, options, &fen);
            assert_eq!(
                read,
                Some(expected.clone()),
                "case {case}: {fen} ({options:?}) reads back differently from\n{original:?}"
            );
            // Canonical: what was read back writes the same text. (A Chess960 position whose
            // text tells another variant is read back as that variant, whose `K`/`Q` are not in
            // doubt: its castling letters may change, naming the same rooks.)
            if original.variant == expected.variant || original.variant != Variant::Chess960 {
                assert_eq!(
                    expected.to_fen(options),
                    fen,
                    "case {case}: not a fixed point ({options:?})"
                );
            }
        }
        assert_eq!(
            original.to_string(),
            original.to_fen(&WriteOptions::default())
        );

        // Coverage.
        let xfen = original.to_fen(&WriteOptions::default());
        let castling_field = xfen.split(' ').nth(2).unwrap_or_default();
        let letters_kq = castling_field.chars().any(|c| "KQkq".contains(c));
        let letters_files = castling_field
            .chars()
            .any(|c| c.is_ascii_alphabetic() && !"KQkq".contains(c));
        let kings_home = [Color::White, Color::Black].iter().all(|&color| {
            original
                .board
                .king_of(color)
                .is_some_and(|king| king.rank() == back_rank(color))
        });
        coverage.inner_rook_letters += usize::from(letters_kq && letters_files && kings_home);
        coverage.corner_letters_without_king += usize::from(
            letters_kq
                && [Color::White, Color::Black].iter().any(|&color| {
                    original
                        .board
                        .king_of(color)
                        .is_none_or(|king| king.rank() != back_rank(color))
                }),
        );
        let capturable = original
            .en_passant_square(EnPassantStyle::Capturable)
            .is_some();
        let legal = original.en_passant_square(EnPassantStyle::Legal).is_some();
        coverage.capturable += usize::from(capturable);
        coverage.capturable_not_legal += usize::from(capturable && !legal);
        coverage.holdings += usize::from(original.holdings.is_some());
        coverage.promoted += usize::from(!original.promoted.is_empty());
        coverage.checks += usize::from(original.checks_given.is_some());
        coverage.over_three_checks += usize::from(over_three);
        coverage.unrepresentable += usize::from(
            !(original.castling & !back_ranks()).is_empty()
                || !(original.promoted & !original.board.occupied()).is_empty()
                || original
                    .en_passant
                    .is_some_and(|square| !matches!(square.rank(), 3 | 6)),
        );
    }
    eprintln!("{coverage:?}");
    let Coverage {
        inner_rook_letters,
        corner_letters_without_king,
        capturable,
        capturable_not_legal,
        holdings,
        promoted,
        checks,
        over_three_checks,
        unrepresentable,
    } = coverage;
    for (what, count, minimum) in [
        ("inner rook letters", inner_rook_letters, 150),
        ("K/Q without king", corner_letters_without_king, 1000),
        ("capturable en passant", capturable, 600),
        ("capturable, not legal", capturable_not_legal, 300),
        ("holdings", holdings, 1000),
        ("promoted", promoted, 800),
        ("checks", checks, 1000),
        ("checks above 3", over_three_checks, 50),
        ("unrepresentable", unrepresentable, 250),
    ] {
        assert!(count >= minimum, "only {count} cases with {what}");
    }
}

// --- Cross-check against shakmaty -----------------------------------------------------------

/// A position shakmaty is likely to accept (one king each, no pawn on a back rank), built
/// around a double step with pawns to take it and sliders to pin them, and with castling
/// rights for the rooks on the back ranks.
#[derive(Debug)]
struct DoubleStep(Position);

impl<'a> Arbitrary<'a> for DoubleStep {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut board = Board::empty();
        let turn = if u.arbitrary()? {
            Color::White
        } else {
            Color::Black
        };
        for _ in 0..u.int_in_range(0..=8)? {
            let color = if u.arbitrary()? {
                Color::White
            } else {
                Color::Black
            };
            let role = *u.choose(&[
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::Rook,
                Role::Queen,
            ])?;
            let square = random_square(u)?;
            if role != Role::Pawn || !matches!(square.rank(), 1 | 8) {
                board.set(square, Some(Piece { color, role }));
            }
        }
        let target = double_step(u, &mut board, turn, (2, 3))?;
        let mut castling = Bitboard::EMPTY;
        for color in [Color::White, Color::Black] {
            let king = Piece {
                color,
                role: Role::King,
            };
            let rook = Piece {
                color,
                role: Role::Rook,
            };
            let rank = back_rank(color);
            let square = if u.ratio(1, 2)? {
                square_at(u.int_in_range(0..=7)?, rank)
            } else {
                random_square(u)?
            };
            for _ in 0..u.int_in_range(0..=3)? {
                let rook_square = square_at(u.int_in_range(0..=7)?, rank);
                board.set(rook_square, Some(rook));
                if u.ratio(2, 3)? {
                    castling = castling.with(rook_square);
                }
            }
            board.set(square, Some(king));
        }
        let en_passant = Some(if u.ratio(7, 8)? {
            target
        } else {
            random_square(u)?
        });
        Ok(DoubleStep({
            let mut position = Position::default();
            position.board = board;
            position.promoted = Bitboard::EMPTY;
            position.turn = turn;
            position.castling = castling;
            position.en_passant = en_passant;
            position.halfmove_clock = 0;
            position.fullmove_number = u.int_in_range(1..=60)?;
            position.holdings = None;
            position.checks_given = None;
            position.variant = Variant::Standard;
            position
        }))
    }
}

const SHAKMATY_SEED: u64 = 0x5ac3_0da7_e9b1_u64;
const SHAKMATY_CASES: usize = 6000;

#[test]
fn en_passant_styles_and_x_fen_letters_agree_with_shakmaty() {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _, PositionError};

    let mut rng = fastrand::Rng::with_seed(SHAKMATY_SEED);
    let mut bytes = vec![0u8; 512];
    let (mut compared, mut capturable, mut not_legal, mut castling) = (0, 0, 0, 0);
    // Whole FENs where fenlint letters a right in doubt by its file (see below).
    let mut doubts = 0;
    for case in 0..SHAKMATY_CASES {
        rng.fill(&mut bytes);
        let DoubleStep(original) = DoubleStep::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        let shredder = original.to_fen(&options(
            CastlingStyle::Shredder,
            HoldingsStyle::Bracket,
            ChecksStyle::Given,
            EnPassantStyle::Always,
        ));
        // shakmaty reads no castling field without a king (when a king was overwritten).
        let Ok(fen) = Fen::from_ascii(shredder.as_bytes()) else {
            continue;
        };
        // Castling rights shakmaty finds invalid are dropped, and an en-passant square it finds
        // invalid: its en-passant styles then say `-`, and so must ours.
        let Ok(chess) = fen
            .into_position::<Chess>(CastlingMode::Chess960)
            .or_else(PositionError::ignore_invalid_castling_rights)
            .or_else(PositionError::ignore_invalid_ep_square)
            .or_else(PositionError::ignore_too_much_material)
            .or_else(PositionError::ignore_impossible_check)
        else {
            continue;
        };
        compared += 1;
        for (style, mode) in [
            (EnPassantStyle::Capturable, EnPassantMode::PseudoLegal),
            (EnPassantStyle::Legal, EnPassantMode::Legal),
        ] {
            let theirs = chess.ep_square(mode).map(|square| square.to_string());
            let ours = original
                .en_passant_square(style)
                .map(|square| square.to_string());
            assert_eq!(ours, theirs, "case {case}: {shredder} ({style:?})");
        }
        capturable += usize::from(chess.ep_square(EnPassantMode::PseudoLegal).is_some());
        not_legal += usize::from(
            chess.ep_square(EnPassantMode::PseudoLegal).is_some()
                && chess.ep_square(EnPassantMode::Legal).is_none(),
        );

        // Whole FENs, for the position as shakmaty kept it (valid castling rights only), as
        // X-FEN proper: in Chess960 fenlint writes the file letter where `K`/`Q` is in doubt
        // (see `CastlingStyle::XFen`), shakmaty `K`/`Q` (`x_fen_inner_rooks_take_their_file_letter`
        // checks fenlint's letters).
        let kept = Fen::from_position(&chess, EnPassantMode::Always).to_string();
        let ours = position(&kept);
        castling += usize::from(!ours.castling.is_empty());
        for (style, mode) in [
            (EnPassantStyle::Always, EnPassantMode::Always),
            (EnPassantStyle::Capturable, EnPassantMode::PseudoLegal),
            (EnPassantStyle::Legal, EnPassantMode::Legal),
        ] {
            let (ours, theirs) = (
                ours.to_fen(&with_en_passant(style)),
                Fen::from_position(&chess, mode).to_string(),
            );
            if ours != theirs {
                // Only where fenlint writes a file letter for a `K`/`Q` in doubt: the same
                // rooks, the same text but for those letters.
                let fields =
                    |fen: &str| -> Vec<String> { fen.split(' ').map(str::to_owned).collect() };
                let (a, b) = (fields(&ours), fields(&theirs));
                assert_eq!(
                    position(&ours).castling,
                    position(&theirs).castling,
                    "case {case}"
                );
                assert!(
                    a.iter()
                        .zip(&b)
                        .enumerate()
                        .all(|(i, (x, y))| i == 2 || x == y)
                        && a[2].len() == b[2].len()
                        && a[2].chars().zip(b[2].chars()).all(|(x, y)| {
                            x == y || ("KQkq".contains(y) && !"KQkq".contains(x))
                        }),
                    "case {case}: {ours} but shakmaty {theirs} ({style:?})"
                );
                doubts += 1;
            }
        }
    }
    eprintln!(
        "compared {compared}, capturable {capturable}, not legal {not_legal}, castling {castling}, letters in doubt {doubts}"
    );
    assert!(compared >= 1500, "only {compared} positions compared");
    assert!(capturable >= 1000, "only {capturable} capturable");
    assert!(
        not_legal >= 300,
        "only {not_legal} capturable but not legal"
    );
    assert!(castling >= 800, "only {castling} with castling rights");
}
