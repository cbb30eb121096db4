//! Allocation budget of the parser: a valid FEN costs one heap allocation, the flat node array of
//! the syntax tree; validating a clean FEN adds none, whatever the board holds.
//! Diagnostics allocate (messages, labels, help), so only inputs that draw none are held to
//! this budget.
//!
//! `allocation_counter` replaces the global allocator in this test binary and counts per thread,
//! so these tests may run in parallel with each other.

use std::hint::black_box;

use allocation_counter::AllocationInfo;

/// Representative valid FENs, one per dialect (the ones in `benches/parse.rs`).
const VALID_FENS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 3 9",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1/NNPPbnp b - - 0 16",
    "rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2",
];

/// The allocations made by parsing `fen` and dropping the result.
fn allocations(fen: &str) -> AllocationInfo {
    allocation_counter::measure(|| {
        let parse = fenlint::parse(black_box(fen));
        black_box(&parse);
    })
}

#[test]
fn valid_fen_allocates_only_the_node_array() {
    for fen in VALID_FENS {
        assert!(
            fenlint::parse(fen).diagnostics().is_empty(),
            "not a clean FEN: {fen}"
        );
        let info = allocations(fen);
        assert_eq!(info.count_total, 1, "allocations parsing {fen}: {info:?}");
        assert_eq!(info.count_current, 0, "leak parsing {fen}: {info:?}");
    }
}

#[test]
fn clean_fen_lints_with_the_node_array_alone() {
    use fenlint::Validator;
    use fenlint::position::Variant;
    let variants = [
        Variant::Standard,
        Variant::Standard,
        Variant::Chess960,
        Variant::Crazyhouse,
        Variant::ThreeCheck,
    ];
    for (fen, variant) in VALID_FENS.into_iter().zip(variants) {
        let validator = Validator::new().variant(variant);
        let lint = validator.lint(fen);
        assert!(
            lint.diagnostics().is_empty(),
            "{fen}: {:?}",
            lint.diagnostics()
        );
        drop(lint);
        let info = allocation_counter::measure(|| {
            black_box(validator.lint(black_box(fen)));
        });
        assert_eq!(info.count_total, 1, "allocations linting {fen}: {info:?}");
        assert_eq!(info.count_current, 0, "leak linting {fen}: {info:?}");
    }
}

#[test]
fn parse_at_allocates_only_the_node_array() {
    let line = format!("[FEN \"{}\"]", VALID_FENS[0]);
    let fen = &line[6..line.len() - 2];
    let info = allocation_counter::measure(|| {
        let parse = fenlint::parse_at(black_box(fen), 6);
        black_box(&parse);
    });
    assert_eq!(info.count_total, 1);
}

/// A placement-only FEN draws one `fen::fields::missing` warning, and that diagnostic allocates
/// (its message, label and help), so the budget is not one allocation. What is held fixed is that
/// nothing is allocated per rank, square or piece: a full board costs the same as an empty one.
#[test]
fn placement_only_fen_allocates_nothing_per_piece() {
    let full = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let empty = "8/8/8/8/8/8/8/8";
    for fen in [full, empty] {
        let codes: Vec<_> = fenlint::parse(fen)
            .diagnostics()
            .iter()
            .map(|diagnostic| diagnostic.code().name())
            .collect();
        assert_eq!(codes, ["fen::fields::missing"], "{fen}");
    }
    // Warm the thread's spare node array, so that both measurements reuse it.
    black_box(fenlint::parse(full));
    let (full, empty) = (allocations(full), allocations(empty));
    assert_eq!(
        full.count_total, empty.count_total,
        "{full:?} against {empty:?}"
    );
    assert_eq!(full.count_current, 0, "{full:?}");
}

/// Fixing a file holds its text a few times over (the text, the pass being made) and one
/// line's diagnostics, not every diagnostic of the file: a file with a fix on every line peaks
/// at a small multiple of its size, however many lines it has.
#[test]
fn fixing_a_file_holds_one_lines_diagnostics_at_a_time() {
    use fenlint::Validator;
    use fenlint::files::{FileKind, fix_file};
    // Castling rights without their rooks, and an irregular separator: two fixes a line.
    let text = "8/8/8/4k3/8/8/8/4K3  w KQkq - 0 1\n".repeat(20_000);
    let validator = Validator::new();
    let mut fixed = None;
    let info = allocation_counter::measure(|| {
        fixed = Some(fix_file(FileKind::Lines, text.as_bytes(), &validator));
    });
    let fixed = fixed.unwrap();
    assert_eq!(fixed.applied, 40_000);
    assert!(fixed.converged);
    let peak = usize::try_from(info.bytes_max).unwrap();
    assert!(
        peak < 5 * text.len(),
        "fixing {} bytes peaked at {peak} bytes",
        text.len()
    );
}
