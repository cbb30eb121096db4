//! Whole-file benchmarks: the cost per game of a PGN file, at 1,000, 10,000 and 100,000 games.
//!
//! Run with
//!
//! ```sh
//! cargo bench --bench files
//! ```
//!
//! Each game has one `[FEN]` tag with an error, so every game gives a diagnostic whose line and
//! column are worked out, as every front end does. Criterion prints a throughput in games per
//! second (`thrpt`, `Kelem/s`): it is the same at every size when the cost is linear. (Before the
//! line index, each diagnostic's position rescanned the file from its start: 40,000 games took
//! 88 s in the command.)

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use fenlint::files::{FileKind, lint_file};
use fenlint::{ColumnUnit, LineIndex, Validator};

/// A PGN file of `games` games, each with one bad `[FEN]` tag.
fn pgn(games: usize) -> String {
    "[Event \"e\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n1. e4 *\n\n"
        .repeat(games)
}

/// Lints the file and places every diagnostic by line and column.
fn lint_and_place(text: &str, validator: &Validator) -> usize {
    let diagnostics = lint_file(FileKind::Pgn, text.as_bytes(), validator);
    let index = LineIndex::new(text);
    diagnostics
        .iter()
        .filter_map(|d| index.line_column(text, d.span().start, ColumnUnit::Char))
        .map(|at| at.line)
        .sum()
}

fn pgn_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("pgn_games");
    let validator = Validator::new();
    for (games, samples) in [(1_000, 30), (10_000, 10), (100_000, 10)] {
        let text = pgn(games);
        group.throughput(Throughput::Elements(games as u64));
        group.sample_size(samples);
        group.bench_with_input(
            BenchmarkId::from_parameter(games),
            text.as_str(),
            |b, text| b.iter(|| lint_and_place(black_box(text), &validator)),
        );
    }
    group.finish();
}

criterion_group!(benches, pgn_games);
criterion_main!(benches);
