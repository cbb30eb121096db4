//! Tree dumps for representative valid FENs of every dialect, and the typed accessors.

mod support;

use fenlint::syntax::{CastlingNotation, CastlingSide, ChecksForm, HoldingsForm, RankItem};
use fenlint::{Color, Piece, Role, Severity, Span, SyntaxKind};

/// Representative valid FENs, one per dialect feature.
const DIALECTS: &[(&str, &str)] = &[
    (
        "standard_start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "standard_en_passant",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ),
    (
        "chess960_classic_letters",
        "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w KQkq - 0 1",
    ),
    (
        "xfen_inner_rook",
        "1r1k2rr/pppppppp/8/8/8/8/PPPPPPPP/1R1K2RR w GQgq - 0 1",
    ),
    (
        "shredder",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ),
    (
        "crazyhouse_slash_holdings",
        "r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1/NNPPbnp b - - 0 16",
    ),
    (
        "crazyhouse_promoted",
        "rkn2Q~N1/pppq4/5P2/8/1P1P1n2/5B1P/PPPN1PpP/R3K1R1/RBBBPPq b Q - 0 43",
    ),
    (
        "crazyhouse_bracket_holdings",
        "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 3",
    ),
    (
        "crazyhouse_empty_brackets",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    ),
    (
        "crazyhouse_dash_brackets",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1",
    ),
    (
        "threecheck_given",
        "rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2",
    ),
    (
        "threecheck_remaining",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    ),
    ("placement_only", "8/8/8/2K5/4k3/8/8/8"),
    (
        "epd_four_fields",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    ),
];

#[test]
fn dialect_tree_dumps() {
    support::settings().bind(|| {
        for (name, fen) in DIALECTS {
            let parse = fenlint::parse(fen);
            assert!(!parse.has_errors(), "{fen}: {:?}", parse.diagnostics());
            let body = format!(
                "input: {fen:?}\n{:?}\n\n{}",
                parse.tree().dialect(),
                parse.tree().dump()
            );
            insta::assert_snapshot!(format!("tree__{name}"), body);
        }
    });
}

#[test]
fn dialects_are_recognised() {
    let dialect = |fen: &str| fenlint::parse(fen).into_tree().dialect();
    let get = |name: &str| DIALECTS.iter().find(|(n, _)| *n == name).unwrap().1;

    assert_eq!(
        dialect(get("standard_start")).castling,
        Some(CastlingNotation::Classic)
    );
    assert_eq!(
        dialect(get("xfen_inner_rook")).castling,
        Some(CastlingNotation::XFen)
    );
    assert_eq!(
        dialect(get("shredder")).castling,
        Some(CastlingNotation::Shredder)
    );
    assert_eq!(
        dialect(get("crazyhouse_slash_holdings")).holdings,
        Some(HoldingsForm::Slash)
    );
    assert_eq!(
        dialect(get("crazyhouse_bracket_holdings")).holdings,
        Some(HoldingsForm::Bracket)
    );
    assert!(dialect(get("crazyhouse_promoted")).promoted_markers);
    assert_eq!(
        dialect(get("threecheck_given")).checks,
        Some(ChecksForm::Given)
    );
    assert_eq!(
        dialect(get("threecheck_remaining")).checks,
        Some(ChecksForm::Remaining)
    );
    let standard = dialect(get("standard_start"));
    assert_eq!(
        (
            standard.holdings,
            standard.checks,
            standard.promoted_markers
        ),
        (None, None, false)
    );
}

#[test]
fn seed_examples_parse_without_errors() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1/NNPPbnp b - - 0 16",
        "rkn2Q~N1/pppq4/5P2/8/1P1P1n2/5B1P/PPPN1PpP/R3K1R1/RBBBPPq b Q - 0 43",
        "rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2",
        "8/8/8/2K5/4k3/8/8/8",
    ] {
        let parse = fenlint::parse(fen);
        assert!(
            parse
                .diagnostics()
                .iter()
                .all(|d| d.severity() != Severity::Error),
            "{fen}: {:?}",
            parse.diagnostics()
        );
    }
    assert!(
        fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .diagnostics()
            .is_empty()
    );
}

#[test]
fn typed_accessors_read_every_group() {
    let tree =
        fenlint::parse("rkn2Q~N1/pppq4/5P2/8/1P1P1n2/5B1P/PPPN1PpP/R3K1R1/RBBBPPq b Q - 0 43")
            .into_tree();
    let placement = tree.placement().unwrap();
    let ranks: Vec<_> = placement.ranks().collect();
    assert_eq!(ranks.len(), 8);
    assert!(ranks.iter().all(|rank| rank.width() == 8));
    let first: Vec<_> = ranks[0].items().collect();
    match first[3] {
        RankItem::Empty { count, span } => assert_eq!((count, span), (2, Span::new(3, 4))),
        other => panic!("expected an empty run, got {other:?}"),
    }
    match first[4] {
        RankItem::Piece {
            piece,
            span,
            promoted,
        } => {
            assert_eq!(
                piece,
                Piece {
                    color: Color::White,
                    role: Role::Queen
                }
            );
            assert_eq!(span, Span::new(4, 5));
            assert_eq!(promoted, Some(Span::new(5, 6)));
        }
        other => panic!("expected a piece, got {other:?}"),
    }
    let holdings: String = tree
        .holdings()
        .unwrap()
        .pieces()
        .map(|(piece, _)| piece.letter())
        .collect();
    assert_eq!(holdings, "RBBBPPq");
    assert_eq!(tree.side_to_move().unwrap().color(), Some(Color::Black));
    let rights: Vec<_> = tree.castling().unwrap().rights().collect();
    assert_eq!(rights.len(), 1);
    assert_eq!(
        (rights[0].color(), rights[0].side()),
        (Color::White, CastlingSide::Queen)
    );
    assert!(tree.en_passant().unwrap().is_none());
    assert_eq!(tree.halfmove_clock().unwrap().value(), Some(0));
    assert_eq!(tree.fullmove_number().unwrap().value(), Some(43));

    let shredder =
        fenlint::parse("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
            .into_tree();
    let files: Vec<_> = shredder
        .castling()
        .unwrap()
        .rights()
        .map(|right| (right.color(), right.side()))
        .collect();
    assert_eq!(
        files,
        [
            (
                Color::White,
                CastlingSide::File(fenlint::File::from_letter('h').unwrap())
            ),
            (
                Color::White,
                CastlingSide::File(fenlint::File::from_letter('f').unwrap())
            ),
            (
                Color::Black,
                CastlingSide::File(fenlint::File::from_letter('h').unwrap())
            ),
            (
                Color::Black,
                CastlingSide::File(fenlint::File::from_letter('f').unwrap())
            ),
        ]
    );

    let checks = fenlint::parse("8/8/8/8/8/8/8/8 w - - 2+1 0 1 +1+2").into_tree();
    let remaining = checks.remaining_checks().unwrap();
    let given = checks.given_checks().unwrap();
    assert_eq!((remaining.white(), remaining.black()), (Some(2), Some(1)));
    assert_eq!((given.white(), given.black()), (Some(1), Some(2)));
    assert_eq!(checks.dialect().checks, Some(ChecksForm::Both));
}

#[test]
fn spans_are_offsets_into_the_enclosing_text() {
    let pgn = "[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/8 w KQxk e4 0 1\"]\n";
    let start = pgn.find("8/8").unwrap();
    let end = start + pgn[start..].find('"').unwrap();
    let parse = fenlint::parse_at(&pgn[start..end], start);
    assert_eq!(parse.tree().root().span(), Span::new(start, end));
    assert_eq!(parse.tree().to_string(), &pgn[start..end]);
    let found = support::codes_and_spans(pgn, parse.diagnostics());
    assert_eq!(
        found,
        [
            ("fen::castling::invalid_character", "x"),
            ("fen::en_passant::invalid", "e4"),
        ]
    );
    for token in parse.tree().tokens() {
        assert_eq!(&pgn[token.span().range()], token.text());
    }
    let castling = parse.tree().castling().unwrap();
    assert_eq!(castling.syntax().kind(), SyntaxKind::Castling);
    assert_eq!(&pgn[castling.span().range()], "KQxk");
}

/// The tree of an EPD record with every form the reader tolerates: FEN move counters, a stray
/// `;`, irregular whitespace, an unterminated operation and an unclosed string; the operations
/// the EPD checks report are read from it.
#[test]
fn epd_records_have_lossless_trees_with_operation_nodes() {
    let record = "4k3/8/8/8/8/8/8/4K3 w - - 0 1; ; bm  e4 ;c0 \"a\\\"b\" x\t";
    let parse = fenlint::parse_epd_record_at(record, 10);
    assert_eq!(parse.tree().to_string(), record);
    let dump: String = parse
        .tree()
        .dump()
        .lines()
        .filter(|line| !line.starts_with("    "))
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(
        dump,
        r#"EPD_RECORD@10..63
  PLACEMENT@10..29
  WHITESPACE@29..30 " "
  SIDE_TO_MOVE@30..31
  WHITESPACE@31..32 " "
  CASTLING@32..33
  WHITESPACE@33..34 " "
  EN_PASSANT@34..35
  WHITESPACE@35..36 " "
  MOVE_COUNTERS@36..40
  WHITESPACE@40..41 " "
  SEMICOLON@41..42 ";"
  WHITESPACE@42..43 " "
  OPERATION@43..51
  OPERATION@51..62
  WHITESPACE@62..63 "\t"
"#
    );
    let operations: Vec<_> = parse.tree().operations().collect();
    assert_eq!(operations[0].text(), "bm  e4 ;");
    assert!(operations[0].is_terminated());
    assert_eq!(operations[1].text(), "c0 \"a\\\"b\" x");
    assert!(!operations[1].is_terminated());
    let operands: Vec<_> = operations[1]
        .operands()
        .map(|operand| (operand.text(), operand.is_string()))
        .collect();
    assert_eq!(operands, [("\"a\\\"b\"", true), ("x", false)]);
    let record_check = fenlint::epd::check(record, 10, &fenlint::Validator::new());
    let lint = record_check.lint().unwrap();
    assert_eq!(lint.tree().root().kind(), SyntaxKind::EpdRecord);
    let spans: Vec<Span> = record_check
        .operations()
        .iter()
        .map(|op| op.span())
        .collect();
    assert_eq!(
        spans,
        operations.iter().map(|op| op.span()).collect::<Vec<_>>()
    );
    let codes: Vec<_> = record_check
        .diagnostics()
        .iter()
        .map(|d| d.code().name())
        .collect();
    assert_eq!(
        codes,
        // A `;` before the first operation: the perft suites' form, whose last operation ends
        // at the end of the record.
        [
            "epd::fields::move_counters",
            "epd::operation::leading_semicolon",
            // `e4` is no move of the lone White king.
            "epd::operand::illegal_move"
        ]
    );
    // An unclosed string runs to the end of the record.
    let parse = fenlint::parse_epd_record("8/8/8/8/8/8/8/8 w - - c0 \"a; b");
    let operation = parse.tree().operations().next().unwrap();
    assert_eq!(operation.operands().next().unwrap().text(), "\"a; b");
}

/// The tree of a PGN `[FEN "…"]` tag pair: the tokens of the pair around the FEN's fields,
/// blanks kept as trivia, and the value's diagnostics at their place in the file.
#[test]
fn fen_tag_pairs_have_lossless_trees_around_the_fen_fields() {
    let pair = "[ FEN\t\"4k3/8/8/8/8/8/8/4K3 x - - 0 1\" ]";
    let parse = fenlint::parse_fen_tag_pair_at(pair, 5);
    assert_eq!(parse.tree().to_string(), pair);
    assert_eq!(parse.tree().root().kind(), SyntaxKind::FenTagPair);
    let kinds: Vec<_> = parse
        .tree()
        .root()
        .children()
        .map(|node| node.kind().name())
        .collect();
    assert_eq!(
        kinds,
        [
            "OPEN_BRACKET",
            "WHITESPACE",
            "TAG_NAME",
            "WHITESPACE",
            "QUOTE",
            "PLACEMENT",
            "WHITESPACE",
            "SIDE_TO_MOVE",
            "WHITESPACE",
            "CASTLING",
            "WHITESPACE",
            "EN_PASSANT",
            "WHITESPACE",
            "HALFMOVE_CLOCK",
            "WHITESPACE",
            "FULLMOVE_NUMBER",
            "QUOTE",
            "WHITESPACE",
            "CLOSE_BRACKET"
        ]
    );
    let codes: Vec<_> = parse
        .diagnostics()
        .iter()
        .map(|d| (d.code().name(), d.span()))
        .collect();
    assert_eq!(codes, [("fen::side_to_move::invalid", Span::new(32, 33))]);
    // A pair without `]` keeps its text in an error token.
    let parse = fenlint::parse_fen_tag_pair("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"");
    assert_eq!(parse.diagnostics()[0].code().name(), "pgn::tag::malformed");
    assert_eq!(
        parse.tree().to_string(),
        "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\""
    );
}
