//! Parser benchmarks.
//!
//! Run with
//!
//! ```sh
//! cargo bench --bench parse
//! # quicker, less precise:
//! cargo bench --bench parse -- --warm-up-time 1 --measurement-time 3
//! # one group only:
//! cargo bench --bench parse -- valid_fens
//! ```
//!
//! What to read from it:
//!
//! - `valid_fens/<name>/fenlint` against `valid_fens/<name>/shakmaty`: the time to parse one
//!   valid FEN of each dialect with fenlint (lossless tree plus diagnostics) and with shakmaty's
//!   `Fen::from_ascii` (a setup, no tree).
//! - `pipeline/<name>/…`: each stage of the check, fenlint's against shakmaty's, on the same
//!   FENs: parse, parse + position, and fenlint's whole lint (`cargo bench --bench parse --
//!   pipeline`).
//! - `corpora/<corpus>/…`: the same five measures over the first 2,000 lines of each generated
//!   corpus of `../shared/bench` (standard, chess960, crazyhouse, three-check, mixed with 30%
//!   corrupted lines), per FEN (criterion's `thrpt` is FENs per second). The corpora are read
//!   from `$FENLINT_BENCH_DATA`, else `../shared/bench/data`; generate them there with
//!   `python3 gen_corpus.py --scale 0.1` (see that directory's README). Missing corpora are
//!   skipped with a note. `fenlint lint, every code overridden` is the whole lint with a
//!   severity set for every code, as a configuration of many settings (or `--allow all`) makes
//!   it: it should cost what `fenlint lint` costs.
//! - `linear/<input>/6KB` against `linear/<input>/60KB`: criterion prints a throughput for each
//!   (`thrpt`, in MB/s). The parser does the same work per byte at both sizes; a drop of tenfold
//!   would mean quadratic behaviour. Lines longer than `fenlint::MAX_LINE_LEN` (64 KiB) are
//!   parsed only that far (the rest is one error token), so `linear/<input>/10MB` costs what
//!   64 KiB costs: memory and time per line are bounded.
//!
//! Reports are written under `target/criterion/`; a second run compares with the first.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::fen::Fen;

/// Representative valid FENs, one per dialect.
const VALID_FENS: [(&str, &str); 5] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "middlegame",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 3 9",
    ),
    (
        "chess960",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ),
    (
        "crazyhouse",
        "r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1/NNPPbnp b - - 0 16",
    ),
    (
        "three_check",
        "rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2",
    ),
];

fn valid_fens(c: &mut Criterion) {
    let mut group = c.benchmark_group("valid_fens");
    for (name, fen) in VALID_FENS {
        // Both parsers must accept the FEN, or the comparison is meaningless.
        assert!(
            fenlint::parse(fen).diagnostics().is_empty(),
            "fenlint rejects {fen}"
        );
        assert!(
            Fen::from_ascii(fen.as_bytes()).is_ok(),
            "shakmaty rejects {fen}"
        );

        group.bench_with_input(BenchmarkId::new(name, "fenlint"), fen, |b, fen| {
            b.iter(|| fenlint::parse(black_box(fen)));
        });
        group.bench_with_input(BenchmarkId::new(name, "shakmaty"), fen, |b, fen| {
            b.iter(|| Fen::from_ascii(black_box(fen.as_bytes())));
        });
    }
    group.finish();
}

const MB: usize = 1_000_000;

/// `unit` repeated to exactly `len` bytes (`unit` is ASCII).
fn repeated(unit: &str, len: usize) -> String {
    let mut text = unit.repeat(len / unit.len() + 1);
    text.truncate(len);
    text
}

/// Random placement characters: piece letters, digits 0–9, `/` and `~`, but no whitespace, so
/// the whole line is one huge placement field.
fn random_placement(len: usize) -> String {
    const CHARS: &[u8] = b"PNBRQKpnbrqk0123456789/~";
    let mut rng = fastrand::Rng::with_seed(0x00fe_11e7);
    (0..len)
        .map(|_| char::from(CHARS[rng.usize(..CHARS.len())]))
        .collect()
}

/// A named input of a given length.
type Generator = (&'static str, fn(usize) -> String);

fn linear(c: &mut Criterion) {
    let mut group = c.benchmark_group("linear");
    let inputs: [Generator; 3] = [
        // Valid ranks, far too many of them: one placement with ~110 000 ranks per MB.
        ("ranks", |len| repeated("rnbqkbnr/", len)),
        // Alternating invalid character and digit: one error token per two bytes.
        ("x1", |len| repeated("x1", len)),
        ("random_placement", random_placement),
    ];
    for (name, make) in inputs {
        for (label, len, samples) in [
            ("6KB", 6_000, 50),
            ("60KB", 60_000, 20),
            ("10MB", 10 * MB, 10),
        ] {
            let input = make(len);
            group.throughput(Throughput::BytesDecimal(len as u64));
            group.sample_size(samples);
            group.bench_with_input(BenchmarkId::new(name, label), input.as_str(), |b, input| {
                b.iter(|| fenlint::parse(black_box(input)));
            });
        }
    }
    group.finish();
}

/// The stages of the check against shakmaty's, on the same FENs: `parse` (fenlint's lossless
/// tree and syntax diagnostics; shakmaty's `Fen::from_ascii`), `position` (fenlint's
/// `Parse::position` after the parse; shakmaty's `into_position` after `from_ascii`) and
/// `lint` (fenlint's every rule, which shakmaty has no counterpart for; its row is the whole
/// check).
fn pipeline(c: &mut Criterion) {
    use shakmaty::CastlingMode;
    use shakmaty::variant::VariantPosition;
    let mut group = c.benchmark_group("pipeline");
    let validator = fenlint::Validator::new();
    for (name, fen) in VALID_FENS {
        let variant = match name {
            "chess960" => shakmaty::variant::Variant::Chess,
            "crazyhouse" => shakmaty::variant::Variant::Crazyhouse,
            "three_check" => shakmaty::variant::Variant::ThreeCheck,
            _ => shakmaty::variant::Variant::Chess,
        };
        let mode = if name == "chess960" {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        group.bench_with_input(BenchmarkId::new(name, "fenlint parse"), fen, |b, fen| {
            b.iter(|| fenlint::parse(black_box(fen)));
        });
        group.bench_with_input(BenchmarkId::new(name, "fenlint position"), fen, |b, fen| {
            b.iter(|| {
                fenlint::position::Position::from_tree(fenlint::parse(black_box(fen)).tree())
            });
        });
        group.bench_with_input(BenchmarkId::new(name, "fenlint lint"), fen, |b, fen| {
            b.iter(|| validator.lint(black_box(fen)).has_errors());
        });
        group.bench_with_input(BenchmarkId::new(name, "shakmaty parse"), fen, |b, fen| {
            b.iter(|| Fen::from_ascii(black_box(fen.as_bytes())));
        });
        group.bench_with_input(
            BenchmarkId::new(name, "shakmaty position"),
            fen,
            |b, fen| {
                b.iter(|| {
                    Fen::from_ascii(black_box(fen.as_bytes()))
                        .ok()
                        .and_then(|fen| {
                            VariantPosition::from_setup(variant, fen.into_setup(), mode).ok()
                        })
                });
            },
        );
    }
    group.finish();
}

/// The corpora of `../shared/bench` and the shakmaty variant each is read as.
const CORPORA: [(&str, shakmaty::variant::Variant, shakmaty::CastlingMode); 5] = {
    use shakmaty::CastlingMode::{Chess960, Standard};
    use shakmaty::variant::Variant::{Chess, Crazyhouse, ThreeCheck};
    [
        ("standard", Chess, Standard),
        ("chess960", Chess, Chess960),
        ("crazyhouse", Crazyhouse, Standard),
        ("threecheck", ThreeCheck, Standard),
        ("mixed_invalid", Chess, Standard),
    ]
};

/// The stages of [`pipeline`] over whole generated corpora, per FEN.
fn corpora(c: &mut Criterion) {
    use shakmaty::variant::VariantPosition;
    let dir = std::env::var_os("FENLINT_BENCH_DATA").map_or_else(
        || std::path::PathBuf::from("../shared/bench/data"),
        std::path::PathBuf::from,
    );
    let mut group = c.benchmark_group("corpora");
    let validator = fenlint::Validator::new();
    // What a configuration of many settings makes: a severity for every code.
    let overridden = fenlint::Code::ALL
        .iter()
        .fold(validator.clone(), |validator, &code| {
            validator.with_severity(code, fenlint::Severity::Warning)
        });
    for (name, variant, mode) in CORPORA {
        let path = dir.join(format!("{name}.fen"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("corpora: {} not found, skipped", path.display());
            continue;
        };
        let lines: Vec<&str> = text.lines().take(2000).collect();
        group.throughput(Throughput::Elements(lines.len() as u64));
        let each = |b: &mut criterion::Bencher, run: &dyn Fn(&str) -> bool| {
            b.iter(|| lines.iter().filter(|line| run(black_box(line))).count());
        };
        group.bench_function(BenchmarkId::new(name, "fenlint parse"), |b| {
            each(b, &|fen| fenlint::parse(fen).diagnostics().is_empty());
        });
        group.bench_function(BenchmarkId::new(name, "fenlint position"), |b| {
            each(b, &|fen| {
                fenlint::position::Position::from_tree(fenlint::parse(fen).tree()).is_some()
            });
        });
        group.bench_function(BenchmarkId::new(name, "fenlint lint"), |b| {
            each(b, &|fen| validator.lint(fen).has_errors());
        });
        group.bench_function(
            BenchmarkId::new(name, "fenlint lint, every code overridden"),
            |b| {
                each(b, &|fen| overridden.lint(fen).has_errors());
            },
        );
        group.bench_function(BenchmarkId::new(name, "shakmaty parse"), |b| {
            each(b, &|fen| Fen::from_ascii(fen.as_bytes()).is_ok());
        });
        group.bench_function(BenchmarkId::new(name, "shakmaty position"), |b| {
            each(b, &|fen| {
                Fen::from_ascii(fen.as_bytes())
                    .ok()
                    .and_then(|fen| {
                        VariantPosition::from_setup(variant, fen.into_setup(), mode).ok()
                    })
                    .is_some()
            });
        });
    }
    group.finish();
}

criterion_group!(benches, valid_fens, linear, pipeline, corpora);
criterion_main!(benches);
