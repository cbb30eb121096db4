//! One snapshot per diagnostic code: the rendered report for inputs that trigger it.
//!
//! Each case also asserts that its input really produces the code, and a registry test checks
//! that every code has a case, so a new code cannot ship without a reviewed snapshot.

mod support;

use fenlint::Code;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// Inputs for each code. `{}` stands for the start-position placement.
const CASES: &[(&str, &[&str])] = &[
    ("fen::input::empty", &["", "   "]),
    ("fen::input::byte_order_mark", &["\u{feff}{} w KQkq - 0 1"]),
    (
        "fen::input::not_a_fen",
        &["perft 1 20", "id gentest-1", "fen,eval", "  Position: "],
    ),
    ("fen::whitespace::leading", &["  {} w KQkq - 0 1"]),
    ("fen::whitespace::trailing", &["{} w KQkq - 0 1 \t"]),
    (
        "fen::whitespace::separator",
        &["{}  w KQkq -\t0 1", "{} w\u{a0}KQkq - 0 1"],
    ),
    (
        "fen::fields::missing",
        &["{} w KQkq -", "8/8/8/2K5/4k3/8/8/8"],
    ),
    (
        "fen::fields::unexpected",
        &["{} w KQkq - 0 1 bm e4; id \"start\";"],
    ),
    (
        "fen::placement::invalid_character",
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/3xy3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
    ),
    (
        "fen::placement::digit_out_of_range",
        &[
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
    ),
    (
        "fen::placement::adjacent_digits",
        &[
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ45 w KQkq - 0 1",
        ],
    ),
    (
        "fen::placement::rank_too_long",
        &["rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    ),
    (
        "fen::placement::rank_too_short",
        &[
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
    ),
    ("fen::placement::too_many_ranks", &["{}/8/8 w KQkq - 0 1"]),
    (
        "fen::placement::too_few_ranks",
        &["rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    ),
    (
        "fen::placement::misplaced_promoted_marker",
        &["rnbqkbnr/pppppppp/8/~8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
    ),
    (
        "fen::holdings::invalid_character",
        &[
            "{}[Qx] w KQkq - 0 1",
            "{}[2N] w KQkq - 0 1",
            "{}[ ] w KQkq - 0 1",
        ],
    ),
    ("fen::holdings::unclosed", &["{}[Qp w KQkq - 0 1"]),
    ("fen::holdings::unexpected_text", &["{}[Qp]x w KQkq - 0 1"]),
    (
        "fen::side_to_move::invalid",
        &["{} x KQkq - 0 1", "{} W KQkq - 0 1"],
    ),
    ("fen::castling::invalid_character", &["{} w KQxk - 0 1"]),
    (
        "fen::castling::misplaced_dash",
        &["{} w K-q - 0 1", "{} w -- - 0 1"],
    ),
    ("fen::castling::duplicate", &["{} w KKqq - 0 1"]),
    (
        "fen::castling::order",
        &["{} w QKqk - 0 1", "{} w ahAH - 0 1"],
    ),
    (
        "fen::en_passant::invalid",
        &["{} w KQkq e4 0 1", "{} b KQkq x 0 1"],
    ),
    ("fen::en_passant::uppercase", &["{} w KQkq E3 0 1"]),
    (
        "fen::halfmove_clock::invalid",
        &["{} w KQkq - -1 1", "{} w KQkq - +5 1"],
    ),
    (
        "fen::counter::leading_zero",
        &["{} w KQkq - 00 01", "{} w KQkq - 3+3 07 12"],
    ),
    (
        "fen::fullmove_number::invalid",
        &["{} w KQkq - 0 1.5", "{} w KQkq - 0 1;"],
    ),
    (
        "fen::checks::invalid",
        &["{} w KQkq - 0 1 +x+0", "{} w KQkq - 3+ 0 1"],
    ),
    (
        "fen::checks::count_out_of_range",
        &["{} w KQkq - 4+0 0 1", "{} w KQkq - 0 1 +0+12"],
    ),
];

fn expand(input: &str) -> String {
    input.replace("{}", START)
}

#[test]
fn every_code_has_a_snapshot_case() {
    for code in Code::ALL {
        // Validator codes are snapshotted from their documented bad example in tests/rules.rs.
        let documented = code
            .docs()
            .lines()
            .any(|line| line.trim_start().starts_with("Bad"));
        let covered = CASES.iter().any(|(name, _)| *name == code.name())
            || documented
            || snapshotted_elsewhere(*code)
            || matches!(
                code,
                Code::InputInvalidUtf8 | Code::InputTooManyProblems | Code::InputTooLong
            );
        assert!(covered, "no snapshot case for {code}");
    }
    for (name, _) in CASES {
        assert!(Code::from_name(name).is_some(), "unknown code {name}");
    }
}

/// EPD and PGN codes cannot be shown as one FEN: tests/epd.rs and tests/pgn.rs snapshot them
/// from small files, and tests/suppression.rs the suppression codes, so each must have its
/// snapshot in `snapshots/`.
fn snapshotted_elsewhere(code: Code) -> bool {
    let name = code.name();
    if !(name.starts_with("epd::")
        || name.starts_with("pgn::")
        || name.starts_with("fen::suppression::"))
    {
        return false;
    }
    let snapshot = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("snapshots")
        .join(format!("{}.snap", name.replace("::", "__")));
    assert!(
        snapshot.is_file(),
        "no snapshot {} for {name}",
        snapshot.display()
    );
    true
}

#[test]
fn snapshots_per_code() {
    let settings = support::settings();
    settings.bind(|| {
        for (name, inputs) in CASES {
            let mut body = String::new();
            for input in *inputs {
                let input = expand(input);
                let parse = fenlint::parse(&input);
                assert!(
                    parse.diagnostics().iter().any(|d| d.code().name() == *name),
                    "{input:?} does not produce {name}: {:?}",
                    parse.diagnostics()
                );
                body.push_str(&support::report(&input));
            }
            insta::assert_snapshot!(name.replace("::", "__"), body);
        }
    });
}

#[test]
fn snapshot_invalid_utf8() {
    let bytes = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xff w KQkq - 0 1";
    let diagnostic = fenlint::parse_bytes(bytes).unwrap_err();
    assert_eq!(diagnostic.code(), Code::InputInvalidUtf8);
    assert_eq!(diagnostic.span(), fenlint::Span::new(42, 43));
    let source = String::from_utf8_lossy(bytes).replace('\u{fffd}', "?");
    let body = format!(
        "input: b\"{}\"\n\n{}",
        bytes.escape_ascii(),
        support::render_diagnostics(&source, &[diagnostic])
    );
    support::settings().bind(|| insta::assert_snapshot!("fen__input__invalid_utf8", body));
}

#[test]
fn snapshot_too_many_problems() {
    let rank = "x1".repeat(100);
    let input = format!("{rank}/8/8/8/8/8/8/8 w - - 0 1");
    let parse = fenlint::parse(&input);
    assert_eq!(parse.diagnostics().len(), 65);
    let last = parse.diagnostics().last().unwrap();
    assert_eq!(last.code(), Code::InputTooManyProblems);
    assert_eq!(
        last.message(),
        "36 more problems in this FEN are not reported"
    );
    let body = support::report_diagnostics(&input, std::slice::from_ref(last));
    support::settings().bind(|| insta::assert_snapshot!("fen__input__too_many_problems", body));
}
