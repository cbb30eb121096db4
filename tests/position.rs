//! The position model built from the syntax tree.

use fenlint::position::{Bitboard, Position, Variant, attacks, between};
use fenlint::{Color, Piece, Role, Square};

fn position(fen: &str) -> Position {
    let tree = fenlint::parse(fen).into_tree();
    Position::from_tree(&tree).unwrap_or_else(|| panic!("no position for {fen}"))
}

fn sq(name: &str) -> Square {
    Square::from_name(name).unwrap()
}

fn names(set: Bitboard) -> Vec<String> {
    set.squares().map(|square| square.to_string()).collect()
}

#[test]
fn start_position() {
    let start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(start.board.occupied().count(), 32);
    assert_eq!(
        start.board.piece_at(sq("d1")),
        Some(Piece {
            color: Color::White,
            role: Role::Queen
        })
    );
    assert_eq!(
        start.board.piece_at(sq("e8")),
        Some(Piece {
            color: Color::Black,
            role: Role::King
        })
    );
    assert_eq!(start.board.piece_at(sq("e4")), None);
    assert_eq!(names(start.castling), ["a1", "h1", "a8", "h8"]);
    assert_eq!((start.turn, start.en_passant), (Color::White, None));
    assert_eq!((start.halfmove_clock, start.fullmove_number), (0, 1));
    assert_eq!(start.variant, Variant::Standard);
    assert_eq!((start.holdings, start.checks_given), (None, None));
}

#[test]
fn missing_fields_take_the_usual_defaults() {
    let board_only = position("8/8/8/2K5/4k3/8/8/8");
    assert_eq!(board_only.turn, Color::White);
    assert!(board_only.castling.is_empty());
    assert_eq!(
        (board_only.halfmove_clock, board_only.fullmove_number),
        (0, 1)
    );
    let huge = position("8/8/8/2K5/4k3/8/8/8 b - - 99999999999999999999999 1");
    assert_eq!(huge.halfmove_clock, u64::MAX);
    assert_eq!(huge.turn, Color::Black);
}

#[test]
fn broken_placements_give_no_position() {
    for fen in [
        "8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/7 w - - 0 1",
        "8/8/8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/x7 w - - 0 1",
    ] {
        let tree = fenlint::parse(fen).into_tree();
        assert!(Position::from_tree(&tree).is_none(), "{fen}");
    }
}

#[test]
fn crazyhouse_holdings_and_promoted_pieces() {
    let zh = position("rkn2Q~N1/pppq4/5P2/8/1P1P1n2/5B1P/PPPN1PpP/R3K1R1/RBBBPPq b Q - 0 43");
    assert_eq!(zh.variant, Variant::Crazyhouse);
    assert_eq!(names(zh.promoted), ["f8"]);
    let holdings = zh.holdings.unwrap();
    assert_eq!(holdings.count(Color::White, Role::Bishop), 3);
    assert_eq!(holdings.count(Color::Black, Role::Queen), 1);
    assert_eq!(holdings.pieces().count(), 7);
    // `Q` names the outermost rook on the queenside of the king: a1.
    assert_eq!(names(zh.castling), ["a1"]);
}

#[test]
fn three_check_counters_are_read_as_checks_given() {
    let given = position("rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2");
    assert_eq!(given.variant, Variant::ThreeCheck);
    assert_eq!(given.checks_given, Some([0, 2]));
    let remaining = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+1 0 1");
    assert_eq!(remaining.checks_given, Some([0, 2]));
}

#[test]
fn chess960_castling_names_rooks() {
    let shredder = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert_eq!(shredder.variant, Variant::Chess960);
    assert_eq!(names(shredder.castling), ["f1", "h1", "f8", "h8"]);
    let classic_letters = position("bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w KQkq - 0 1");
    assert_eq!(classic_letters.variant, Variant::Chess960);
    assert_eq!(names(classic_letters.castling), ["c1", "f1", "c8", "f8"]);
    // X-FEN: `K` is the outermost rook (h1), `G` the inner one on g1.
    let xfen = position("4k3/8/8/8/8/8/8/1R1K2RR w GQ - 0 1");
    assert_eq!(names(xfen.castling), ["b1", "g1"]);
}

#[test]
fn attacks_and_lines() {
    let occupied = Bitboard::from_square(sq("d4"));
    let rook = attacks(sq("d1"), Role::Rook, Color::White, occupied);
    assert!(rook.contains(sq("d4")));
    assert!(!rook.contains(sq("d5")));
    assert_eq!(rook.count(), 3 + 7);
    let queen = attacks(sq("d4"), Role::Queen, Color::Black, Bitboard::EMPTY);
    assert_eq!(queen.count(), 27);
    assert_eq!(
        attacks(sq("e1"), Role::King, Color::White, Bitboard::EMPTY).count(),
        5
    );
    assert_eq!(
        attacks(sq("a2"), Role::Pawn, Color::White, Bitboard::EMPTY).count(),
        1
    );
    assert_eq!(names(between(sq("a1"), sq("a4"))), ["a2", "a3"]);
    assert!(between(sq("a1"), sq("b3")).is_empty());
    let checked = position("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        names(checked.board.attackers_of(sq("e8"), Color::White)),
        ["e7"]
    );
}

#[test]
fn squares_round_trip_through_their_index() {
    for index in 0..64 {
        let square = Square::from_index(index).unwrap();
        assert_eq!(square.index(), index);
        assert_eq!(Square::from_name(&square.to_string()), Some(square));
    }
}
