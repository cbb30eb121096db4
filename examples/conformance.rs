//! Writes the conformance vectors `grammar/conformance/valid.tsv` and `invalid.tsv` from the
//! cases below, by running fenlint on each (`cargo run --example conformance`). Every case says
//! which code it is for (or none for a valid input); the generator stops if fenlint does not
//! report it, so the vectors are what the cases claim. Review the diff of the files before
//! committing them; `tests/conformance.rs` checks the crate against the committed files.

#[path = "../tests/support/vectors.rs"]
mod vectors;

use std::fmt::Write as _;

use fenlint::position::{
    CastlingStyle, ChecksStyle, EnPassantStyle, HoldingsStyle, Variant, WriteOptions,
};
use fenlint::{Diagnostic, Validator};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One case: format (`fen`, `epd`, `pgn`), input, forced variant, the code it is for (empty:
/// no diagnostic expected at all), and the reason.
struct Case {
    format: &'static str,
    input: String,
    variant: Option<Variant>,
    code: &'static str,
    reason: String,
}

fn fen(input: impl Into<String>, code: &'static str, reason: impl Into<String>) -> Case {
    Case {
        format: "fen",
        input: input.into(),
        variant: None,
        code,
        reason: reason.into(),
    }
}

fn as_variant(mut case: Case, variant: Variant) -> Case {
    case.variant = Some(variant);
    case
}

fn variant_name(variant: Option<Variant>) -> &'static str {
    match variant {
        None => "auto",
        Some(Variant::Standard) => "standard",
        Some(Variant::Chess960) => "chess960",
        Some(Variant::Crazyhouse) => "crazyhouse",
        Some(Variant::ThreeCheck) => "threecheck",
        Some(_) => "other",
    }
}

/// The escapes of the vector files: `\t`, `\n`, `\r`, `\\`, and `\u{…}` for every other
/// character that is not printable ASCII.
fn escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(c),
            other => {
                let _ = write!(out, "\\u{{{:x}}}", other as u32);
            }
        }
    }
    out
}

/// Positions without errors, each written in every dialect fenlint writes.
const SEEDS: &[(&str, &str)] = &[
    ("the start position", START_FEN),
    (
        "Kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "after 1. e4 (e3 not capturable)",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ),
    (
        "after 1. e4 d5 2. e5 f5 (f6 capturable)",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ),
    (
        "a Chess960 start in Shredder-FEN",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ),
    (
        "a Chess960 start with outermost rooks",
        "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w KQkq - 0 1",
    ),
    (
        "an inner rook (X-FEN `G`)",
        "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1",
    ),
    (
        "the Scidb crazyhouse example, slash holdings",
        "r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1/NNPPbnp b - - 0 16",
    ),
    (
        "crazyhouse with bracket holdings",
        "rnbqkb1r/ppp1pppp/5n2/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3",
    ),
    (
        "crazyhouse, empty holdings",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    ),
    (
        "crazyhouse with a promoted queen",
        "r3k3/pppq4/5P2/8/1P1P1n2/5B1P/PPPN1P1P/R3K1RQ~[RBBBPPq] b Qq - 0 43",
    ),
    (
        "the Scidb three-check example, checks given",
        "rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2",
    ),
    (
        "three-check start, checks remaining",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    ),
    ("a bare-kings ending", "8/8/4k3/8/8/3K4/8/8 w - - 40 80"),
    (
        "a lone black rook castles",
        "r3k3/8/8/8/8/8/8/4K3 b q - 5 30",
    ),
];

fn dialect_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let styles = [
        (
            "X-FEN castling, bracket holdings, checks given, e.p. always",
            WriteOptions::default(),
        ),
        (
            "Shredder-FEN castling",
            WriteOptions::default().with_castling(CastlingStyle::Shredder),
        ),
        (
            "slash holdings",
            WriteOptions::default().with_holdings(HoldingsStyle::Slash),
        ),
        (
            "checks remaining",
            WriteOptions::default().with_checks(ChecksStyle::Remaining),
        ),
        (
            "e.p. only when capturable",
            WriteOptions::default().with_en_passant(EnPassantStyle::Capturable),
        ),
        (
            "e.p. only when legal",
            WriteOptions::default().with_en_passant(EnPassantStyle::Legal),
        ),
    ];
    let mut seen = Vec::new();
    for &(name, seed) in SEEDS {
        cases.push(read_as_written(fen(
            seed,
            "",
            format!("{name}, as written in the source"),
        )));
        seen.push(seed.to_owned());
        let lint = reading(seed).lint(seed);
        let position = lint.position().unwrap_or_else(|| panic!("{seed}"));
        for (style, options) in &styles {
            let written = position.to_fen(options);
            if !seen.contains(&written) {
                seen.push(written.clone());
                cases.push(read_as_written(fen(
                    written,
                    "",
                    format!("{name}, written with {style}"),
                )));
            }
        }
    }
    cases
}

/// Whether `fen` has slash holdings, which are holdings only when read as crazyhouse.
fn has_slash_holdings(fen: &str) -> bool {
    fenlint::parse(fen)
        .tree()
        .holdings()
        .is_some_and(|holdings| holdings.form() == fenlint::syntax::HoldingsForm::Slash)
}

/// The validator that reads `fen` as written: as crazyhouse when it has slash holdings.
fn reading(fen: &str) -> Validator {
    if has_slash_holdings(fen) {
        Validator::new().variant(Variant::Crazyhouse)
    } else {
        Validator::new()
    }
}

/// `case`, checked as crazyhouse when its text has slash holdings.
fn read_as_written(case: Case) -> Case {
    if has_slash_holdings(&case.input) {
        as_variant(case, Variant::Crazyhouse)
    } else {
        case
    }
}

/// One field of the start position replaced: `(field index, text, code, reason)`.
const FIELD_CASES: &[(usize, &str, &str, &str)] = &[
    (
        1,
        "x",
        "fen::side_to_move::invalid",
        "side to move neither `w` nor `b`",
    ),
    (
        1,
        "W",
        "fen::side_to_move::invalid",
        "side to move in upper case",
    ),
    (
        1,
        "B",
        "fen::side_to_move::invalid",
        "side to move in upper case",
    ),
    (1, "wb", "fen::side_to_move::invalid", "two sides to move"),
    (
        1,
        "-",
        "fen::side_to_move::invalid",
        "a dash for the side to move",
    ),
    (
        1,
        "white",
        "fen::side_to_move::invalid",
        "the side to move spelt out",
    ),
    (
        2,
        "QKqk",
        "fen::castling::order",
        "castling order: `K` before `Q` (PGN §16.1.3.3)",
    ),
    (
        2,
        "kqKQ",
        "fen::castling::order",
        "castling order: White's letters before Black's",
    ),
    (
        2,
        "KQqk",
        "fen::castling::order",
        "castling order within Black's letters",
    ),
    (
        2,
        "qK",
        "fen::castling::order",
        "castling order: Black's `q` before White's `K`",
    ),
    (
        2,
        "AH",
        "fen::castling::board_order",
        "Shredder-FEN letters in board order, a to h (warning, fix `HA`)",
    ),
    (
        2,
        "AHah",
        "fen::castling::board_order",
        "both sides' Shredder-FEN letters in board order (warning, fix `HAha`)",
    ),
    (
        2,
        "KQah",
        "fen::castling::board_order",
        "Black's file letters in board order after White's classic ones (warning)",
    ),
    (
        2,
        "HAah",
        "fen::castling::board_order",
        "White's file letters in order, Black's in board order (warning)",
    ),
    (
        2,
        "ahAH",
        "fen::castling::order",
        "board-order letters, but Black's first",
    ),
    (
        2,
        "none",
        "fen::castling::invalid_character",
        "the word `none` for no rights: one diagnostic, the fix `-`",
    ),
    (
        2,
        "None",
        "fen::castling::invalid_character",
        "the word `None` for no rights",
    ),
    (
        2,
        "ahAH",
        "fen::castling::order",
        "Shredder-FEN letters, Black's first",
    ),
    (
        2,
        "KKqq",
        "fen::castling::duplicate",
        "the same castling letter twice",
    ),
    (
        2,
        "KQkqK",
        "fen::castling::duplicate",
        "a letter repeated after the others",
    ),
    (2, "QQ", "fen::castling::duplicate", "`Q` twice"),
    (
        2,
        "--",
        "fen::castling::misplaced_dash",
        "`--`: a dash stands alone, once",
    ),
    (
        2,
        "K-",
        "fen::castling::misplaced_dash",
        "a dash after castling letters",
    ),
    (
        2,
        "-k",
        "fen::castling::misplaced_dash",
        "a dash before castling letters",
    ),
    (
        2,
        "KQxk",
        "fen::castling::invalid_character",
        "`x` is no castling letter",
    ),
    (
        2,
        "KQkq1",
        "fen::castling::invalid_character",
        "a digit among castling letters",
    ),
    (2, "I", "fen::castling::invalid_character", "`I` is no file"),
    (
        2,
        "0",
        "fen::castling::invalid_character",
        "`0` for no castling rights",
    ),
    (
        3,
        "e4",
        "fen::en_passant::invalid",
        "an en-passant square on rank 4",
    ),
    (
        3,
        "e9",
        "fen::en_passant::invalid",
        "an en-passant square off the board",
    ),
    (
        3,
        "i3",
        "fen::en_passant::invalid",
        "an en-passant file off the board",
    ),
    (
        3,
        "x",
        "fen::en_passant::invalid",
        "neither `-` nor a square",
    ),
    (
        3,
        "--",
        "fen::en_passant::invalid",
        "two dashes for no en-passant square",
    ),
    (3, "e", "fen::en_passant::invalid", "a file without a rank"),
    (
        3,
        "E3",
        "fen::en_passant::uppercase",
        "an upper-case file letter",
    ),
    (
        4,
        "-1",
        "fen::halfmove_clock::invalid",
        "a negative halfmove clock",
    ),
    (
        4,
        "+5",
        "fen::halfmove_clock::invalid",
        "a signed halfmove clock: a counter, not a three-check field",
    ),
    (4, "1.5", "fen::halfmove_clock::invalid", "a fraction"),
    (
        4,
        "x",
        "fen::halfmove_clock::invalid",
        "a letter for the halfmove clock",
    ),
    (
        4,
        "0;",
        "fen::halfmove_clock::invalid",
        "a `;` left from an EPD record",
    ),
    (
        5,
        "-1",
        "fen::fullmove_number::invalid",
        "a negative fullmove number",
    ),
    (5, "1.5", "fen::fullmove_number::invalid", "a fraction"),
    (
        5,
        "1;",
        "fen::fullmove_number::invalid",
        "a `;` left from an EPD record",
    ),
    (
        5,
        "+1",
        "fen::fullmove_number::invalid",
        "a signed fullmove number",
    ),
    (
        5,
        "0x10",
        "fen::fullmove_number::invalid",
        "a hexadecimal number",
    ),
    (
        4,
        "00",
        "fen::counter::leading_zero",
        "a halfmove clock with a leading zero (warning)",
    ),
    (
        5,
        "01",
        "fen::counter::leading_zero",
        "a fullmove number with a leading zero (warning)",
    ),
    (
        5,
        "0",
        "fen::fullmove_number::zero",
        "fullmove number 0 (warning; most tools read 1)",
    ),
    (
        4,
        "12345678901234567890",
        "fen::counter::overflow",
        "a 20-digit halfmove clock",
    ),
    (
        5,
        "12345678901234567890",
        "fen::counter::overflow",
        "a 20-digit fullmove number",
    ),
    (
        5,
        "4294967296",
        "fen::counter::overflow",
        "one more than 2^32 - 1",
    ),
    (5, "4294967295", "", "the largest fullmove number, 2^32 - 1"),
];

/// Whole inputs: `(input, code, reason)`; `{}` is the start placement.
const WHOLE_CASES: &[(&str, &str, &str)] = &[
    (
        "startpos",
        "fen::input::uci_startpos",
        "UCI's name for the start position, not a FEN",
    ),
    (
        "position startpos",
        "fen::input::uci_startpos",
        "UCI's command naming the start position, not a FEN",
    ),
    (
        "position fen {} w KQkq - 0 1",
        "fen::input::text_before",
        "UCI's command before the FEN",
    ),
    (
        "1. {} w KQkq - 0 1",
        "fen::input::text_before",
        "a number before the FEN",
    ),
    (
        "perft 1 20",
        "fen::input::not_a_fen",
        "a line of a perft suite, no FEN",
    ),
    // Placement.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "fen::placement::invalid_character",
        "`X` is no piece letter",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/3xy3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen::placement::invalid_character",
        "a run of bad characters",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN. w KQkq - 0 1",
        "fen::placement::invalid_character",
        "a dot for an empty square",
    ),
    (
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen::placement::digit_out_of_range",
        "the digit 9",
    ),
    (
        "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen::placement::digit_out_of_range",
        "the digit 0",
    ),
    (
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen::placement::adjacent_digits",
        "`44` for 8 empty squares (warning)",
    ),
    (
        "rnbqkbnr/pppppppp/11111111/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen::placement::adjacent_digits",
        "eight `1`s (warning)",
    ),
    (
        "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen::placement::rank_too_long",
        "a rank of 9 squares",
    ),
    (
        "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen::placement::rank_too_short",
        "a rank of 7 squares",
    ),
    (
        "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen::placement::rank_too_short",
        "an empty rank",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8/8 w KQkq - 0 1",
        "fen::placement::too_many_ranks",
        "ten ranks",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen::placement::too_few_ranks",
        "seven ranks",
    ),
    (
        "8/8 w - - 0 1",
        "fen::placement::too_few_ranks",
        "two ranks",
    ),
    (
        "rnbqkbnr/pppppppp/88/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen::placement::too_few_ranks",
        "a `/` missing inside a rank of 16 squares: the fix inserts it",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - 0 1",
        "fen::en_passant::invalid",
        "the en-passant field missing: the counters come early",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w 0 1",
        "fen::castling::invalid_character",
        "the castling and en-passant fields missing: the counters come early",
    ),
    (
        "rnbqkbnr/pppppppp/8/~8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen::placement::misplaced_promoted_marker",
        "`~` before a digit",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR~ w KQkq - 0 1",
        "fen::holdings::too_much_material",
        "`~` makes it crazyhouse: a promoted rook, yet all eight pawns are on the board",
    ),
    // Holdings.
    (
        "{}[Qx] w KQkq - 0 1",
        "fen::holdings::invalid_character",
        "`x` in the holdings",
    ),
    (
        "{}[2N] w KQkq - 0 1",
        "fen::holdings::invalid_character",
        "a count in the holdings",
    ),
    (
        "{}[Q~] w KQkq - 0 1",
        "fen::holdings::invalid_character",
        "`~` in the holdings",
    ),
    (
        "{}[ ] w KQkq - 0 1",
        "fen::holdings::invalid_character",
        "a space inside brackets: one error, not six",
    ),
    ("{}[Qp w KQkq - 0 1", "fen::holdings::unclosed", "no `]`"),
    (
        "{}[Qp]x w KQkq - 0 1",
        "fen::holdings::unexpected_text",
        "text after `]`",
    ),
    (
        "{}[-] w KQkq - 0 1",
        "",
        "empty holdings as XBoard and cutechess write them",
    ),
    (
        "{}/ w KQkq - 0 1",
        "fen::placement::too_many_ranks",
        "a `/` after rank 1: empty slash holdings only when read as crazyhouse",
    ),
    (
        "{}/Pp w KQkq - 0 1",
        "fen::placement::too_many_ranks",
        "a ninth group of piece letters: slash holdings only when read as crazyhouse",
    ),
    (
        "{}/RNBQKBNR w KQkq - 0 1",
        "fen::placement::too_many_ranks",
        "rank 1 written twice: nine ranks, the ninth of piece letters",
    ),
    (
        "rnbqkbnr/ppp1pppp/8/8/8/8/PP2PPPP/RNBQ~KBNR/Pp w KQkq - 0 1",
        "",
        "slash holdings with a promoted marker on the board: read as crazyhouse",
    ),
    (
        "{}[K] w KQkq - 0 1",
        "fen::holdings::king",
        "a king in the holdings",
    ),
    (
        "{}[QQQQQQQQQ] w KQkq - 0 1",
        "fen::holdings::too_much_material",
        "ten white queens in all",
    ),
    // Whitespace and fields.
    ("", "fen::input::empty", "empty input"),
    ("   ", "fen::input::empty", "only spaces"),
    (
        "\u{feff}{} w KQkq - 0 1",
        "fen::input::byte_order_mark",
        "a byte-order mark (warning)",
    ),
    (
        "  {} w KQkq - 0 1",
        "fen::whitespace::leading",
        "leading spaces (warning)",
    ),
    (
        "{} w KQkq - 0 1 \t",
        "fen::whitespace::trailing",
        "trailing space and tab (warning)",
    ),
    (
        "{}  w KQkq - 0 1",
        "fen::whitespace::separator",
        "two spaces (warning)",
    ),
    (
        "{} w\tKQkq - 0 1",
        "fen::whitespace::separator",
        "a tab (warning)",
    ),
    (
        "{} w\u{a0}KQkq - 0 1",
        "fen::whitespace::separator",
        "a no-break space, Unicode White_Space (warning)",
    ),
    (
        "{} w\u{3000}KQkq - 0 1",
        "fen::whitespace::separator",
        "an ideographic space, Unicode White_Space (warning)",
    ),
    (
        "{} w\u{200b}KQkq - 0 1",
        "fen::side_to_move::invalid",
        "U+200B is not whitespace: part of the field",
    ),
    (
        "{} w\u{1f}KQkq - 0 1",
        "fen::side_to_move::invalid",
        "U+001F is not whitespace: part of the field",
    ),
    (
        "{} w KQkq -",
        "fen::fields::missing",
        "EPD-style four fields (warning)",
    ),
    ("{}", "fen::fields::missing", "the board alone (warning)"),
    (
        "{} w KQkq - 0 1 bm e4;",
        "fen::fields::unexpected",
        "an EPD operation after a FEN",
    ),
    (
        "{} w KQkq - 0 1 2",
        "fen::fields::unexpected",
        "a seventh field",
    ),
    // Three-check.
    (
        "{} w KQkq - 3+3 0 1 +0+0",
        "",
        "both three-check forms, agreeing",
    ),
    (
        "{} w KQkq - 3+3 0 1 +1+0",
        "fen::checks::forms_disagree",
        "both three-check forms, disagreeing",
    ),
    (
        "{} w KQkq - 0 1 +x+0",
        "fen::checks::invalid",
        "a letter in the checks given",
    ),
    (
        "{} w KQkq - 3+ 0 1",
        "fen::checks::invalid",
        "half a checks-remaining field",
    ),
    (
        "{} w KQkq - 0 1 +5",
        "fen::checks::invalid",
        "`+5` after the counters: a broken checks-given field",
    ),
    (
        "{} w KQkq - 4+0 0 1",
        "fen::checks::count_out_of_range",
        "four checks remaining",
    ),
    (
        "{} w KQkq - 0 1 +0+12",
        "fen::checks::count_out_of_range",
        "twelve checks given",
    ),
    (
        "{} w KQkq - 0+0 0 1",
        "fen::checks::both_exhausted",
        "no checks remaining for either side",
    ),
    (
        "{} w KQkq - 0 1 +3+3",
        "fen::checks::both_exhausted",
        "three checks given by both",
    ),
    (
        "{} w KQkq - +0+2",
        "fen::fields::missing",
        "checks given, counters missing (warning)",
    ),
    // Castling that needs the board.
    (
        "4k3/8/8/8/8/8/8/R3K3 w AQ - 0 1",
        "fen::castling::same_rook",
        "`A` and `Q` name the one rook on a1",
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w AQ - 0 1",
        "fen::castling::no_rook",
        "`A` and `Q` with no rook at all",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        "fen::castling::no_rook",
        "`K` without the h1 rook",
    ),
    (
        "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w HFhf - 0 1",
        "fen::castling::no_rook",
        "Shredder letters naming empty files",
    ),
    (
        "rk2r3/8/8/8/8/8/8/2RK3R w KQkq - 0 1",
        "",
        "Double Fischer Random: the kings on different files, each side's rights its own",
    ),
    (
        "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w KQkq - 0 2",
        "",
        "Double Fischer Random start, X-FEN letters",
    ),
    (
        "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w HAhc - 0 2",
        "",
        "Double Fischer Random start, Shredder-FEN letters",
    ),
    (
        "bbqnrkrn/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKRN w EGeg - 0 1",
        "fen::castling::board_order",
        "a Chess960 start with Shredder-FEN letters in board order (warning, fix `GEge`)",
    ),
    (
        "nnrkrbbq/pppppppp/8/8/8/8/PPPPPPPP/NNRKRBBQ w CEce - 0 1",
        "fen::castling::board_order",
        "a Chess960 start with `CEce` (warning, fix `ECec`)",
    ),
    (
        "qrnkbrnb/pppppppp/8/8/8/8/PPPPPPPP/QRNKBRNB w BFbf - 0 1",
        "fen::castling::board_order",
        "a Chess960 start with `BFbf` (warning, fix `FBfb`)",
    ),
    (
        "bbqnrkrn/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKRN w QKkq - 0 1",
        "fen::castling::order",
        "classic letters out of order stay an error",
    ),
    (
        "rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w KQkq - 6 5",
        "fen::castling::no_king",
        "both sides castled, `KQkq` kept: standard chess with stale rights, not Chess960",
    ),
    (
        "r1bq1rk1/pppnbppp/4pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQ1RK1 w q - 6 7",
        "fen::castling::no_king",
        "Black castled kingside, `q` kept with the a8 rook in its corner: a stale right, not Chess960",
    ),
    (
        "4k3/8/8/8/8/8/8/1R1RK2R w KB - 0 1",
        "",
        "Chess960 with two queenside rooks: the file letter `B`, as the writer gives it",
    ),
    (
        "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w KQkq - 0 1",
        "",
        "Chess960 with `KQkq` for the outermost rooks (X-FEN)",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w HQkq - 0 1",
        "fen::castling::mixed_notation",
        "`H` beside `Q` (warning)",
    ),
];

fn field_cases() -> Vec<Case> {
    let fields: Vec<&str> = START_FEN.split(' ').collect();
    FIELD_CASES
        .iter()
        .map(|&(index, text, code, reason)| {
            let mut changed = fields.clone();
            changed[index] = text;
            fen(changed.join(" "), code, reason)
        })
        .collect()
}

fn whole_cases() -> Vec<Case> {
    WHOLE_CASES
        .iter()
        .map(|&(input, code, reason)| fen(input.replace("{}", START), code, reason))
        .collect()
}

/// Every rule's documented bad and good example, from the registry.
fn rule_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for code in fenlint::Code::ALL.iter().filter(|code| code.is_rule()) {
        let docs = code.docs();
        let example = |label: &str| {
            docs.lines()
                .find_map(|line| line.trim().strip_prefix(label))
                .and_then(|rest| rest.split('`').nth(1))
                .map(str::to_owned)
        };
        if let Some(bad) = example("Bad:") {
            // A code off by default is not reported with the default settings, which the
            // vectors use: its example is a valid input.
            let drawn = if code.is_on_by_default() {
                code.name()
            } else {
                ""
            };
            cases.push(fen(
                bad,
                drawn,
                format!("{}: {}", code.name(), code.summary()),
            ));
        }
        if let Some(good) = example("Good:") {
            let mut case = fen(good, "", format!("the fix for {}", code.name()));
            case.code = "";
            cases.push(case);
        }
    }
    cases
}

/// The same position checked as each variant.
fn variant_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for variant in [
        Variant::Standard,
        Variant::Chess960,
        Variant::Crazyhouse,
        Variant::ThreeCheck,
    ] {
        cases.push(as_variant(
            fen(START_FEN, "", "the start position"),
            variant,
        ));
    }
    cases.push(as_variant(
        fen(
            format!("{START}[Q] w KQkq - 0 1"),
            "fen::holdings::not_crazyhouse",
            "holdings in standard chess (warning)",
        ),
        Variant::Standard,
    ));
    cases.push(as_variant(
        fen(
            format!("{START}/ w KQkq - 0 1"),
            "",
            "empty slash holdings, checked as crazyhouse",
        ),
        Variant::Crazyhouse,
    ));
    cases.push(as_variant(
        fen(
            format!("{START}/Q w KQkq - 0 1"),
            "fen::placement::too_many_ranks",
            "a ninth group checked as standard chess is a rank too many, not holdings",
        ),
        Variant::Standard,
    ));
    cases.push(as_variant(
        fen(
            format!("{START} w KQkq - 3+3 0 1"),
            "fen::checks::not_three_check",
            "three-check counters in standard chess (warning)",
        ),
        Variant::Standard,
    ));
    cases.push(as_variant(
        fen(
            format!("{START} w KQkq - 0 1 +0+0"),
            "fen::checks::not_three_check",
            "checks-given counters in standard chess (warning)",
        ),
        Variant::Standard,
    ));
    cases.push(fen(
        format!("{START} w KQkq - 03+3 0 1"),
        "fen::counter::leading_zero",
        "a three-check count with a leading zero is its value (warning)",
    ));
    cases.push(as_variant(
        fen(
            "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w KQkq - 0 1",
            "fen::castling::no_rook",
            "a Chess960 start checked as standard chess: `KQkq` need the corner rooks",
        ),
        Variant::Standard,
    ));
    cases
}

/// One character of the start position replaced, at every byte, by each of a few characters.
fn mutation_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let fields = [
        "placement",
        "side to move",
        "castling",
        "en passant",
        "halfmove clock",
        "fullmove number",
    ];
    for (at, original) in START_FEN.char_indices() {
        let field = fields[START_FEN[..at].matches(' ').count()];
        for replacement in ['x', '9', '/', ' ', '-', 'K'] {
            if replacement == original {
                continue;
            }
            let mut input = START_FEN.to_owned();
            input.replace_range(at..at + 1, &replacement.to_string());
            let shown = |c: char| {
                if c == ' ' {
                    "space".to_owned()
                } else {
                    format!("`{c}`")
                }
            };
            cases.push(Case {
                format: "fen",
                input,
                variant: None,
                code: "?",
                reason: format!(
                    "{} for {} at byte {at} ({field})",
                    shown(replacement),
                    shown(original)
                ),
            });
        }
    }
    cases
}

fn epd_cases() -> Vec<Case> {
    let epd = |input: &str, code: &'static str, reason: &str| Case {
        format: "epd",
        input: input.to_owned(),
        variant: None,
        code,
        reason: reason.to_owned(),
    };
    vec![
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;",
            "",
            "an EPD record with its counters as operations",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"test 1\";",
            "",
            "an EPD record with a move and an id",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "epd::fields::move_counters",
            "FEN counters in an EPD record",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w",
            "epd::fields::missing",
            "two position fields",
        ),
        epd(
            &format!("{START} w KQkq - 3+3 bm e4;"),
            "",
            "three-check: checks remaining right after the en-passant field, as python-chess writes EPD",
        ),
        epd(
            &format!("{START} w KQkq - +0+0 bm e4;"),
            "",
            "three-check: checks given right after the en-passant field",
        ),
        epd(
            &format!("{START} w KQkq - 2+3 hmvc 0; fmvn 3;"),
            "",
            "three-check counters before the counter operations",
        ),
        epd(
            &format!("{START} w KQkq - 3+3 0 1"),
            "epd::fields::move_counters",
            "three-check counters then FEN move counters",
        ),
        epd(
            &format!("{START} w KQkq - 4+3 bm e4;"),
            "fen::checks::count_out_of_range",
            "a check count of 4 in an EPD record",
        ),
        epd(
            &format!("{START} w KQkq - 3+ bm e4;"),
            "fen::checks::invalid",
            "remaining checks without Black's count in an EPD record",
        ),
        epd(
            &format!("{START} w KQkq - bm e4; +0+0"),
            "epd::opcode::invalid",
            "three-check counters after an operation, where an opcode is expected",
        ),
        epd(
            &format!("{START} w KQkq - 0 1 +0+0"),
            "epd::opcode::invalid",
            "checks given after FEN move counters in an EPD record",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; 2nd \"x\";",
            "epd::opcode::invalid",
            "an opcode starting with a digit",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - supercalifragilistic 1;",
            "epd::opcode::too_long",
            "an opcode of 20 characters (warning)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\"; bm Ke2;",
            "epd::opcode::duplicate",
            "`bm` twice",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\"",
            "epd::operation::unterminated",
            "no `;` after the last operation",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - id \"WAC.001;",
            "epd::operand::unclosed_string",
            "no closing quote",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - hmvc -1; fmvn 1;",
            "epd::counter::invalid",
            "a negative `hmvc`",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - hmvc 01; fmvn 1;",
            "fen::counter::leading_zero",
            "a leading zero in `hmvc` (warning)",
        ),
        epd(
            &format!("4k3/8/8/8/8/8/8/4K3 w - - c0 \"{}\";", "x".repeat(300)),
            "epd::operand::string_too_long",
            "a string of 300 bytes (warning)",
        ),
        epd(
            &format!("4k3/8/8/8/8/8/8/4K3 w - -{}", " c0 \"a\";".repeat(130)),
            "epd::record::too_long",
            "a record over 1024 bytes (warning)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - -",
            "",
            "the four position fields and no operation",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - noop;",
            "",
            "an operation without operands",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - pv Kd2 Kd7 Ke2;",
            "",
            "an operation with three symbol operands",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - ce -35; acd 12; c_9 O-O;",
            "",
            "symbols: a signed number, a castling move; an opcode with `_` and a digit",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - c0 \"say \\\"hi\\\"\"; c1 \"a\\\\b\";",
            "",
            "strings with the escapes `\\\"` and `\\\\`",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a;b c\";",
            "",
            "a string holding `;` and a space",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;id \"x\";",
            "",
            "no space after `;` (lenient, no diagnostic)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - -  bm  Kd2 ;  ",
            "",
            "runs of spaces between the parts and after the record (lenient, no diagnostic)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; ;",
            "epd::operation::empty",
            "a stray `;`, an operation without opcode (warning)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;; id \"a\";",
            "epd::operation::empty",
            "two `;` in a row (warning)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - _bm Kd2;",
            "epd::opcode::invalid",
            "an opcode starting with `_`",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 xy \"x\"",
            "epd::operation::unterminated",
            "no `;` at all: `bm` with three operands, or `xy` an operation of its own",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\\\";",
            "epd::operand::unclosed_string",
            "the closing quote is escaped",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - hmvc 1 2; fmvn 1;",
            "epd::counter::invalid",
            "`hmvc` with two operands",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - fmvn;",
            "epd::counter::invalid",
            "`fmvn` without an operand",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - hmvc \"0\";",
            "epd::counter::invalid",
            "`hmvc` with a string operand",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1; bm Kd2;",
            "epd::fields::move_counters",
            "FEN counters closed by `;` before an operation",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w -",
            "epd::fields::missing",
            "three position fields",
        ),
        epd(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "epd::fields::move_counters",
            "a six-field FEN as an opening book's EPD record: the counters are read as the FEN's (advice)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 bm Kd2;",
            "epd::fields::move_counters",
            "six-field counters, then operations (advice)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 hmvc 0;",
            "epd::fields::move_counters",
            "six-field counters and `hmvc` that agree (advice)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 hmvc 5;",
            "epd::counter::conflict",
            "six-field counters and `hmvc` that disagree",
        ),
        epd(
            &format!("{START_FEN} ;D1 20 ;D2 400 ;D3 8902"),
            "epd::operation::leading_semicolon",
            "a perft suite's record: operations after their `;`, the last ended by the end of the line (warning)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - ;D1 5 ;D2 25;",
            "epd::operation::leading_semicolon",
            "the perft form without counters, with a final `;` (warning)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - ;D1 5 ;D2 x",
            "epd::operand::invalid",
            "a perft node count that is not a number",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - D1 5; D2 25;",
            "",
            "perft node counts as standard operations",
        ),
        epd(
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #1;",
            "epd::operand::mate_count",
            "a mate suite's `bm #N`, a mate distance (advice)",
        ),
        epd(
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm 0-0;",
            "epd::operand::san_spelling",
            "castling written with zeros, `0-0` for SAN's `O-O` (a warning with the fix)",
        ),
        epd(
            "2k5/P7/8/8/8/8/8/4K3 w - - bm a8Q;",
            "epd::operand::san_spelling",
            "a promotion without its `=`, `a8Q` for SAN's `a8=Q` (a warning with the fix)",
        ),
        epd(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm g1f3;",
            "epd::operand::coordinate_move",
            "a move in UCI's coordinates, `g1f3` for SAN's `Nf3` (a warning)",
        ),
        epd(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Ng1-f3;",
            "epd::operand::coordinate_move",
            "a move in long algebraic notation, `Ng1-f3` for SAN's `Nf3` (a warning)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id WAC.001;",
            "epd::operand::unquoted",
            "an `id` without its quotes, `WAC.001` for `\"WAC.001\"` (a warning with the fix)",
        ),
        epd(
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #0;",
            "epd::operand::invalid",
            "`bm #0`: no mate distance, no move",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - ce +M1;",
            "epd::operand::invalid",
            "`ce` with a mate score that is not a number",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - acd -3;",
            "epd::operand::invalid",
            "a negative `acd`",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - dm x;",
            "epd::operand::invalid",
            "`dm` that is not a number",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - acn;",
            "epd::operand::invalid",
            "`acn` without an operand",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - acs 1 2;",
            "epd::operand::invalid",
            "`acs` with two operands",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm bm Kd2;",
            "epd::operand::invalid",
            "`bm` repeated as its own operand",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 id \"a\";",
            "epd::operation::unseparated",
            "a `;` missing between two operations: `id` read as a move of `bm`",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2!;",
            "epd::operand::invalid",
            "a move in SAN with a suffix annotation, `Kd2!`",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2, Ke2;",
            "epd::operand::invalid",
            "moves separated by a comma as well as a space",
        ),
        epd(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Qg3;",
            "epd::operand::illegal_move",
            "a best move no piece of the side to move can play",
        ),
        epd(
            "4k3/8/8/8/8/2N3N1/8/4K3 w - - bm Ne4;",
            "epd::operand::illegal_move",
            "a best move that two knights can play, which SAN must tell apart",
        ),
        epd(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e5 e5;",
            "epd::operand::illegal_move",
            "a variation whose third move is no legal move after the two before it",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - - bm Kd2;",
            "epd::operation::stray_dash",
            "a stray `-` where an operation is expected (warning: python-chess skips it)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - bm K-d2;",
            "epd::operand::invalid",
            "a piece letter, a dash and a square: neither SAN nor a move by its squares",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - am e1e1;",
            "epd::operand::invalid",
            "coordinates from a square to itself: no move",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\"b;",
            "epd::operand::unseparated",
            "an operand run together after a string (warning)",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - c0 \"\u{e9}t\u{e9} \u{1}\" x\u{e9}\u{1}y;",
            "",
            "non-ASCII and control characters in a string and a symbol: accepted",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\\qb\";",
            "",
            "a backslash before another character than `\"` and `\\`: accepted",
        ),
        epd(
            "4k3/8/8/8/8/8/8/4K3 w - -\t bm\u{a0}Kd2 \t;id \"x\" ;\t",
            "",
            "runs of whitespace, blanks before `;`, none after `;`: accepted",
        ),
        epd(
            "7k/4P2p/8/3p4/4P2Q/1N3N2/8/R3KN2 w Q - bm e8=Q+ exd5 O-O-O# Nbd2 N1d2 Qh4xh7; ce +15; rc 2; dm 3; acn 1000; acs 5;",
            "",
            "moves in SAN of every shape, each legal in the position, and integer operands",
        ),
    ]
}

fn pgn_cases() -> Vec<Case> {
    let pgn = |input: &str, code: &'static str, reason: &str| Case {
        format: "pgn",
        input: input.to_owned(),
        variant: None,
        code,
        reason: reason.to_owned(),
    };
    vec![
        pgn(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n",
            "",
            "a FEN tag with SetUp",
        ),
        pgn(
            "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n",
            "",
            "a FEN tag without SetUp, as python-chess, cutechess, fastchess and lichess read it",
        ),
        pgn(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n\n[FEN \"4k3/8/8/8/8/8/8/3K4 w - - 0 1\"]\n\n1. Kc2 *\n",
            "pgn::setup::missing",
            "a FEN tag without SetUp in a file whose other games write it (warning)",
        ),
        pgn(
            "[Variant \"Seirawan\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1\"]\n\n*\n",
            "pgn::variant::unknown",
            "a variant fenlint does not know: its FEN is checked for syntax only (advice)",
        ),
        pgn(
            "[Variant \"Horde\"]\n[FEN \"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\"]\n\n*\n",
            "pgn::variant::unknown",
            "Horde's 36 pawns, a chess board of another variant (advice)",
        ),
        pgn(
            "[Variant \"Atomic\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1\"]\n\n*\n",
            "fen::placement::rank_too_short",
            "under a variant fenlint does not know, the board's shape is still checked",
        ),
        pgn(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\\\" ]\n\n*\n",
            "pgn::tag::malformed",
            "the value's closing quote escaped",
        ),
        pgn(
            "[SetUp \"1\"]\n[\tFEN\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"  ]\n\n*\n",
            "",
            "blanks inside the tag pair, none between the name and the value: accepted",
        ),
        pgn(
            "[SetUp \"1\"]\r[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\r\r1. Kd2 *\r",
            "",
            "lines ended by a lone CR",
        ),
        pgn(
            "[SetUp \"1\"]\n[ FEN\t\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\" ]\n\n1. Kd2 *\n",
            "",
            "blanks after `[`, around the value and before `]` of the FEN tag pair, as PGN readers take them",
        ),
        pgn(
            "[SetUp \"1\"]\n\n1. e4 *\n",
            "pgn::setup::without_fen",
            "SetUp without a FEN tag (warning)",
        ),
        pgn(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n\n1. Kd2 *\n",
            "pgn::tag::malformed",
            "a tag without `]`",
        ),
        pgn(
            "[SetUp \"1\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n",
            "pgn::tag::duplicate",
            "SetUp twice (warning)",
        ),
        pgn(
            "[Annotator \"Lopez \"Battle Royale\"\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n",
            "pgn::tag::unescaped_quote",
            "quotes no backslash escapes in a tag value, read up to the last quote of the line as python-chess reads it (warning)",
        ),
        pgn(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 \"x\"\"]\n\n*\n",
            "pgn::tag::malformed",
            "a quote inside the value of a FEN tag, which no FEN has",
        ),
        pgn(
            "[Variant \"Bughouse\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n",
            "pgn::variant::unknown",
            "a variant fenlint does not know (advice)",
        ),
        pgn(
            "{ unclosed\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n",
            "pgn::comment::unclosed",
            "a comment without `}`",
        ),
        pgn(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n*\n",
            "fen::side_to_move::invalid",
            "a bad FEN inside a PGN tag, spans into the file",
        ),
    ]
}

fn diagnostics(case: &Case) -> Vec<Diagnostic> {
    let mut validator = Validator::new();
    if let Some(variant) = case.variant {
        validator = validator.variant(variant);
    }
    match case.format {
        "fen" => validator.lint(&case.input).diagnostics().to_vec(),
        "epd" => fenlint::epd::lint_epd(&case.input, 0, &validator),
        _ => fenlint::pgn::lint_pgn(&case.input, 0, &validator),
    }
}

fn main() {
    let mut cases = Vec::new();
    cases.extend(dialect_cases());
    cases.extend(field_cases());
    cases.extend(whole_cases());
    cases.extend(rule_cases());
    cases.extend(variant_cases());
    cases.extend(epd_cases());
    cases.extend(pgn_cases());
    cases.extend(mutation_cases());

    let mut valid =
        String::from("# input\tformat\tvariant\tdialect\tcanonical\twarnings\treason\n");
    let mut invalid = String::from("# input\tformat\tvariant\tcodes\tspans\treason\n");
    let mut seen = std::collections::BTreeSet::new();
    let mut codes_seen = std::collections::BTreeSet::new();
    let mut problems = Vec::new();
    for case in &cases {
        if !seen.insert((case.format, case.input.clone(), variant_name(case.variant))) {
            continue;
        }
        let diagnostics = diagnostics(case);
        let codes: Vec<&str> = diagnostics.iter().map(|d| d.code().name()).collect();
        let problem = match case.code {
            "?" => None,
            "" => diagnostics
                .iter()
                .any(|d| d.severity() == fenlint::Severity::Error)
                .then(|| format!("{:?} ({}) has errors: {codes:?}", case.input, case.reason)),
            code => (!codes.contains(&code)).then(|| {
                format!(
                    "{:?} ({}) does not draw {code}: {codes:?}",
                    case.input, case.reason
                )
            }),
        };
        if let Some(problem) = problem {
            problems.push(problem);
            continue;
        }
        codes_seen.extend(codes.iter().map(|c| c.to_string()));
        let has_errors = diagnostics
            .iter()
            .any(|d| d.severity() == fenlint::Severity::Error);
        let variant = variant_name(case.variant);
        if has_errors {
            let spans: Vec<String> = diagnostics
                .iter()
                .map(|d| format!("{}..{}", d.span().start, d.span().end))
                .collect();
            let _ = writeln!(
                invalid,
                "{}\t{}\t{variant}\t{}\t{}\t{}",
                escape(&case.input),
                case.format,
                codes.join(","),
                spans.join(","),
                case.reason
            );
        } else {
            let (dialect, canonical, detected) = match case.format {
                "fen" => {
                    let lint = {
                        let mut validator = Validator::new();
                        if let Some(v) = case.variant {
                            validator = validator.variant(v);
                        }
                        validator.lint(&case.input)
                    };
                    let dialect = vectors::dialect_column(&lint.tree().dialect());
                    let position = lint.position().unwrap();
                    (
                        dialect,
                        position.to_fen(&WriteOptions::default()),
                        variant_name(Some(position.variant)),
                    )
                }
                _ => ("-".to_owned(), "-".to_owned(), variant),
            };
            let _ = writeln!(
                valid,
                "{}\t{}\t{}\t{}\t{}\t{}\t{}",
                escape(&case.input),
                case.format,
                if case.variant.is_some() {
                    variant
                } else {
                    detected
                },
                dialect,
                escape(&canonical),
                if codes.is_empty() {
                    "-".to_owned()
                } else {
                    codes.join(",")
                },
                case.reason
            );
        }
    }
    let missing: Vec<&str> = fenlint::Code::ALL
        .iter()
        .map(|c| c.name())
        .filter(|name| !codes_seen.contains(*name))
        .collect();
    eprintln!("codes not covered: {missing:?}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/conformance");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("valid.tsv"), valid).unwrap();
    std::fs::write(dir.join("invalid.tsv"), invalid).unwrap();
}
