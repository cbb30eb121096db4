//! The fuzz targets' seven properties (`tests/support/properties.rs`) on seeded, bounded inputs,
//! so that `cargo test` on stable checks them too; and every input a fuzzer found that broke a
//! property (`tests/fuzz_regressions/<target>/`), replayed.

#[path = "support/properties.rs"]
mod properties;

/// Inputs for a property: seeded random bytes of varied length, some near-FEN text and the
/// bundled examples, `cases` in all.
fn inputs(seed: u64, cases: usize) -> Vec<Vec<u8>> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut inputs: Vec<Vec<u8>> = ["positions.fen", "suite.epd", "games.pgn"]
        .iter()
        .map(|name| {
            std::fs::read(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("examples")
                    .join(name),
            )
            .unwrap()
        })
        .collect();
    while inputs.len() < cases {
        let len = match rng.u8(0..4) {
            0 => rng.usize(0..8),
            1 => rng.usize(8..64),
            2 => rng.usize(64..256),
            _ => rng.usize(256..2048),
        };
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.u8(..)).collect();
        if rng.bool() {
            // Mostly printable, so that the text reaches past the first field.
            const PRINTABLE: &[u8] = b" /-+~[]12345678KQkqPpNnBbRrHhAaew0\n\";";
            for byte in &mut bytes {
                *byte = PRINTABLE[usize::from(*byte) % PRINTABLE.len()];
            }
        }
        inputs.push(bytes);
    }
    inputs
}

/// Runs `property` on every input of `seed`, then on every saved regression of `target`.
fn check(target: &str, seed: u64, cases: usize, property: fn(&[u8])) {
    for input in inputs(seed, cases) {
        property(&input);
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_regressions")
        .join(target);
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_none() {
                property(&std::fs::read(&path).unwrap());
            }
        }
    }
}

#[test]
fn any_bytes_parse_and_lint_losslessly_in_every_variant() {
    check("parse_lint", 1, 3_000, properties::parse_lint);
}

#[test]
fn every_dialect_written_reads_back_as_the_same_position() {
    check("writer_roundtrip", 2, 3_000, properties::writer_roundtrip);
}

#[test]
fn formatting_is_idempotent_and_keeps_positions() {
    check("fmt_idempotent", 3, 2_000, properties::fmt_idempotent);
}

#[test]
fn fixing_converges() {
    check("fix_converges", 4, 2_000, properties::fix_converges);
}

#[test]
fn fixing_and_formatting_do_not_undo_each_other() {
    check("fix_fmt_agree", 7, 600, properties::fix_fmt_agree);
}

/// The fixes and the formatter agree on the castling letters they write: the cases that
/// undid each other, each as a `.fen` line.
#[test]
fn fixing_and_formatting_agree_on_castling_letters() {
    for line in [
        "4k3/8/8/8/8/8/8/1R1RK2R w KQ - 0 1",
        "4k3/8/8/8/8/8/8/1R1RK2R w KB - 0 1",
        "1k6/8/8/8/8/8/8/RKR4R w KCQ - 0 1",
        "4k3/8/8/8/8/8/8/R2RK3 w Q - 0 1",
        "rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w KQkq - 6 5",
        "nqrbknbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNBBQR w KQkq - 0 2",
    ] {
        // The file kind byte 0 (`.fen`), then an odd byte: the file as it is.
        let mut bytes = vec![0, 1];
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        properties::fix_fmt_agree(&bytes);
    }
}

#[test]
fn any_text_reads_as_epd_records_without_panic() {
    check("epd", 5, 3_000, properties::epd);
}

#[test]
fn any_text_reads_as_pgn_without_panic() {
    check("pgn", 6, 3_000, properties::pgn);
}

/// The generators reach the interesting inputs: positions without errors (for the writer
/// property) and fixable problems (for the fix property) are common, not rare.
#[test]
fn the_generators_reach_valid_positions_and_fixable_problems() {
    let cases = inputs(2, 500);
    let valid = cases
        .iter()
        .filter(|bytes| {
            let lint = fenlint::lint(&properties::near_fen(bytes)).has_errors();
            !lint
        })
        .count();
    assert!(valid > 50, "only {valid} of 500 near-FENs are valid");
    let fixable = inputs(4, 500)
        .iter()
        .filter(|bytes| {
            let (kind, text) = properties::file_of(bytes);
            fenlint::files::fix_file(kind, &text, &fenlint::Validator::new()).applied > 0
        })
        .count();
    assert!(fixable > 20, "only {fixable} of 500 files have fixes");
}
