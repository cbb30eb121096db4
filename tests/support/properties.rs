//! The seven properties that the fuzz targets (`fuzz/fuzz_targets/`) search for counterexamples
//! and that `tests/properties.rs` checks on seeded inputs: one implementation, two drivers.
//!
//! Each function takes raw bytes (as a fuzzer gives them) and panics with a message naming the
//! property when the library breaks it.
#![allow(dead_code, clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use fenlint::files::{self, FileKind};
use fenlint::position::{
    CastlingStyle, ChecksStyle, EnPassantStyle, HoldingsStyle, Position, Variant, WriteOptions,
};
use fenlint::{Diagnostic, Severity, Validator};

/// Valid FENs of every dialect, which the generators mutate.
pub const SEEDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 3 9",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R/Pp w KQkq - 0 5",
    "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/8/PPP1PPPP/RNBQKBNR[Nb~] w KQkq - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 2",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +1+0",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 5 40",
    "8/8/8/2K5/4k3/8/8/8",
];

/// Bytes the mutations insert: FEN characters, separators, and troublemakers.
const ALPHABET: &[&str] = &[
    "/", " ", "-", "+", "~", "[", "]", "1", "3", "8", "9", "0", "K", "Q", "k", "q", "P", "p", "N",
    "B", "R", "H", "A", "h", "a", "e3", "e6", "w", "b", "\t", "\r", "\n", "\u{feff}", "é", "😀",
    "\u{0}", "\u{1b}", "\"", ";", "hmvc ", "fmvn ", "[FEN \"", "\"]", "{", "}",
];

/// A near-FEN built from `bytes`: a seed with a few insertions, deletions and replacements, as
/// the bytes choose them.
pub fn near_fen(bytes: &[u8]) -> String {
    let mut choose = bytes.iter().copied();
    let mut next = move |bound: usize| usize::from(choose.next().unwrap_or(0)) % bound.max(1);
    let mut text = SEEDS[next(SEEDS.len())].to_owned();
    for _ in 0..next(5) {
        let mut at = next(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        match next(3) {
            0 => text.insert_str(at, ALPHABET[next(ALPHABET.len())]),
            1 => {
                let mut end = (at + 1 + next(3)).min(text.len());
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                text.replace_range(at..end, "");
            }
            _ => {
                let mut end = (at + 1).min(text.len());
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                text.replace_range(at..end, ALPHABET[next(ALPHABET.len())]);
            }
        }
    }
    text
}

/// Every validator a property runs: the automatic variant and each variant forced.
fn validators() -> [Validator; 5] {
    [
        Validator::new(),
        Validator::new().variant(Variant::Standard),
        Validator::new().variant(Variant::Chess960),
        Validator::new().variant(Variant::Crazyhouse),
        Validator::new().variant(Variant::ThreeCheck),
    ]
}

/// Every dialect the writer writes.
pub fn write_options() -> Vec<WriteOptions> {
    let mut all = Vec::new();
    for castling in [CastlingStyle::XFen, CastlingStyle::Shredder] {
        for holdings in [HoldingsStyle::Bracket, HoldingsStyle::Slash] {
            for checks in [ChecksStyle::Given, ChecksStyle::Remaining] {
                for en_passant in [
                    EnPassantStyle::Always,
                    EnPassantStyle::Capturable,
                    EnPassantStyle::Legal,
                ] {
                    all.push(
                        WriteOptions::default()
                            .with_castling(castling)
                            .with_holdings(holdings)
                            .with_checks(checks)
                            .with_en_passant(en_passant),
                    );
                }
            }
        }
    }
    all
}

/// Checks that every label and fix span of `diagnostics` lies inside `text` (which starts at
/// offset `base` of the enclosing text) on character boundaries.
fn assert_spans_inside(what: &str, text: &str, base: usize, diagnostics: &[Diagnostic]) {
    let inside = |offset: usize| {
        offset
            .checked_sub(base)
            .is_some_and(|local| local <= text.len() && text.is_char_boundary(local))
    };
    for diagnostic in diagnostics {
        let spans = diagnostic
            .labels()
            .iter()
            .map(|label| label.span())
            .chain(diagnostic.fix().map(|fix| fix.span()));
        for span in spans {
            assert!(
                span.start <= span.end && inside(span.start) && inside(span.end),
                "{what}: span {span} of {} outside {text:?} at base {base}",
                diagnostic.code()
            );
        }
    }
}

/// Property 1: any bytes, parsed and linted in every variant, at offset 0 and at a base: no
/// panic; the tree prints the input back; its tokens are contiguous and cover the input; every
/// span lies inside the input on character boundaries; the typed views and the writer work.
pub fn parse_lint(bytes: &[u8]) {
    let text = match fenlint::parse_bytes(bytes) {
        Ok(parse) => parse.tree().source(),
        Err(diagnostic) => {
            let span = diagnostic.span();
            assert!(
                span.start < span.end && span.end <= bytes.len(),
                "invalid_utf8 span {span}"
            );
            return;
        }
    };
    for base in [0, 1_000_003] {
        let parse = fenlint::parse_at(text, base);
        let tree = parse.tree();
        assert_eq!(
            tree.to_string(),
            text,
            "the tree does not print the input back"
        );
        let mut at = base;
        for token in tree.tokens() {
            let span = token.span();
            assert_eq!(span.start, at, "tokens not contiguous in {text:?}");
            assert!(span.end > span.start, "empty token in {text:?}");
            at = span.end;
        }
        assert_eq!(at, base + text.len(), "tokens do not cover {text:?}");
        if let Some(placement) = tree.placement() {
            assert!(placement.squares().len() <= 64);
        }
        let _ = tree.dialect();
        for validator in validators() {
            let lint = validator.lint_parse(fenlint::parse_at(text, base));
            assert_spans_inside("lint", text, base, lint.diagnostics());
            if let Some(position) = lint.position() {
                for options in write_options().iter().step_by(5) {
                    let _ = position.to_fen(options);
                }
            }
        }
    }
}

/// What the writer promises to keep of `position` in `options`' dialect: everything but the
/// variant and whether castling follows Chess960's rules (both inferred by the reader from the
/// notation; the castling rooks are kept) and, unless every en-passant square is written, the
/// en-passant square.
fn kept(position: &Position, options: &WriteOptions) -> Position {
    let mut kept = position.clone();
    kept.variant = Variant::Standard;
    kept.chess960 = false;
    if options.en_passant != EnPassantStyle::Always {
        kept.en_passant = None;
    }
    kept
}

/// Property 2: every error-free position (read from a near-FEN), written in every dialect and
/// read back in its variant, is the same position, with no error.
pub fn writer_roundtrip(bytes: &[u8]) {
    let fen = near_fen(bytes);
    let lint = fenlint::lint(&fen);
    let Some(position) = lint.position().filter(|_| !lint.has_errors()) else {
        return;
    };
    let validator = Validator::new().variant(position.variant);
    for options in write_options() {
        let written = position.to_fen(&options);
        let read = validator.lint(&written);
        let errors: Vec<&str> = read
            .diagnostics()
            .iter()
            .filter(|d| d.severity() == Severity::Error)
            .map(|d| d.code().name())
            .collect();
        assert!(
            errors.is_empty(),
            "{fen:?} written as {written:?} ({options:?}) reads with errors {errors:?}"
        );
        let Some(back) = read.position() else {
            panic!("{written:?} has no position");
        };
        assert_eq!(
            kept(back, &options),
            kept(position, &options),
            "{fen:?} written as {written:?} ({options:?}) reads back as another position"
        );
    }
}

/// The file kind a byte chooses.
fn kind_of(byte: u8) -> FileKind {
    match byte % 3 {
        0 => FileKind::Lines,
        1 => FileKind::Epd,
        _ => FileKind::Pgn,
    }
}

/// A file built from `bytes`: its kind, then near-FEN lines (or the rest of the bytes as they
/// are, when the second byte is odd).
pub fn file_of(bytes: &[u8]) -> (FileKind, Vec<u8>) {
    let Some((&kind, rest)) = bytes.split_first() else {
        return (FileKind::Lines, Vec::new());
    };
    let kind = kind_of(kind);
    if rest.first().is_some_and(|byte| byte % 2 == 1) {
        return (kind, rest.get(1..).unwrap_or_default().to_vec());
    }
    let mut text = String::new();
    for chunk in rest.chunks(6) {
        let line = near_fen(chunk);
        match kind {
            FileKind::Pgn => text.push_str(&format!("[SetUp \"1\"]\n[FEN \"{line}\"]\n\n*\n\n")),
            FileKind::Epd => {
                let fields: Vec<&str> = line.splitn(5, ' ').take(4).collect();
                text.push_str(&fields.join(" "));
                text.push_str(" id \"x\";\n");
            }
            _ => {
                text.push_str(&line);
                text.push('\n');
            }
        }
    }
    (kind, text.into_bytes())
}

/// Property 3: formatting is idempotent (a second pass changes nothing) and keeps every
/// position it rewrites.
pub fn fmt_idempotent(bytes: &[u8]) {
    let (kind, text) = file_of(bytes);
    let options = WriteOptions::default();
    let once = files::format_file(kind, &text, &options);
    let twice = files::format_file(kind, &once.text, &options);
    assert_eq!(
        String::from_utf8_lossy(&twice.text),
        String::from_utf8_lossy(&once.text),
        "formatting twice changes the text"
    );
    assert_eq!(twice.changed, 0, "formatting twice changes positions");
    if kind != FileKind::Lines {
        return;
    }
    // Lines end with `\n`, `\r\n` or a lone `\r`, as the file reader reads them.
    let lines = |text: &[u8]| -> Vec<String> {
        String::from_utf8_lossy(text)
            .replace("\r\n", "\n")
            .replace('\r', "\n")
            .split('\n')
            .map(str::to_owned)
            .collect()
    };
    // Each position read as in its file: with what the file's other lines say.
    let reader = |text: &[u8]| {
        files::FileHints::of(kind, text)
            .apply(&fenlint::Validator::new())
            .into_owned()
    };
    let (old_reader, new_reader) = (reader(&text), reader(&once.text));
    for (before, after) in lines(&text).iter().zip(lines(&once.text)) {
        if before == &after {
            continue;
        }
        // The record of each line, as the file reader reads it: without its line break and the
        // NUL bytes that may end it (`fen::input::trailing_nul`).
        let record = |line: &'_ str| {
            line.trim_end_matches('\r')
                .trim_end_matches('\0')
                .to_owned()
        };
        let (before, after) = (record(before), record(&after));
        let (before, after) = (before.as_str(), after.as_str());
        let old = old_reader.lint(before);
        let new = new_reader.lint(after);
        assert_eq!(
            new.position().map(|p| kept(p, &options)),
            old.position().map(|p| kept(p, &options)),
            "formatting {before:?} as {after:?} changes the position"
        );
        assert!(
            !new.has_errors(),
            "formatting {before:?} gives errors: {after:?}"
        );
    }
}

/// Property 4: applying every machine-applicable fix converges: fixing the result again finds
/// nothing to fix (the fixed diagnostics are gone and the fixes do not undo one another).
pub fn fix_converges(bytes: &[u8]) {
    let (kind, text) = file_of(bytes);
    let validator = Validator::new();
    let once = files::fix_file(kind, &text, &validator);
    let twice = files::fix_file(kind, &once.text, &validator);
    assert_eq!(
        twice.applied,
        0,
        "fixing {:?} (giving {:?}) leaves fixable problems: {:?}",
        String::from_utf8_lossy(&text),
        String::from_utf8_lossy(&once.text),
        files::lint_file(kind, &once.text, &validator)
            .iter()
            .filter(|d| d.fix().is_some())
            .map(|d| d.code().name())
            .collect::<Vec<_>>()
    );
}

/// Property 7: `check --fix` and `fmt` do not undo each other, read as the automatic variant or
/// as standard chess or Chess960 forced: a file fixed and then formatted leaves `--fix` nothing
/// to change, and so does a file formatted, fixed and formatted again. (A fix that `fmt`
/// reverts, as `KB` for `KQ` with rooks on b1 and d1, fails the first.)
pub fn fix_fmt_agree(bytes: &[u8]) {
    let (kind, text) = file_of(bytes);
    let options = WriteOptions::default();
    for variant in [None, Some(Variant::Standard), Some(Variant::Chess960)] {
        let validator = variant.map_or_else(Validator::new, |v| Validator::new().variant(v));
        let formatted = files::format_file_as(kind, &text, &options, variant).text;
        for start in [&text, &formatted] {
            let fixed = files::fix_file(kind, start, &validator);
            if !fixed.converged {
                continue; // `fix_converges` says why.
            }
            let formatted = files::format_file_as(kind, &fixed.text, &options, variant).text;
            let again = files::fix_file(kind, &formatted, &validator);
            assert_eq!(
                again.applied,
                0,
                "{variant:?}: fixing {:?} gives {:?}, formatting that gives {:?}, which --fix changes to {:?}",
                String::from_utf8_lossy(start),
                String::from_utf8_lossy(&fixed.text),
                String::from_utf8_lossy(&formatted),
                String::from_utf8_lossy(&again.text),
            );
        }
    }
}

/// Property 5: any text, read as EPD records at a base offset: no panic, every span inside the
/// record on character boundaries, and the record's tree lossless (each line, and the whole text
/// as one record).
pub fn epd(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let mut base = 17;
    for line in text.split_inclusive('\n') {
        let record = fenlint::epd::check(line, base, &Validator::new());
        assert_spans_inside("epd", line, base, record.diagnostics());
        for operation in record.operations() {
            let _ = (operation.opcode(), operation.operands().len());
        }
        assert_lossless_epd(line, base);
        base += line.len();
    }
    // The whole text as one record, line breaks and all.
    assert_lossless_epd(&text, 0);
}

/// The EPD tree of `record` at `base` is lossless: it prints `record` back, its tokens tile
/// it in order with spans that give their text, and each operation's span gives its text.
fn assert_lossless_epd(record: &str, base: usize) {
    let parse = fenlint::parse_epd_record_at(record, base);
    let tree = parse.tree();
    assert_eq!(tree.to_string(), record, "epd tree");
    assert_eq!(tree.root().kind(), fenlint::SyntaxKind::EpdRecord);
    let mut at = base;
    for token in tree.tokens() {
        let span = token.span();
        assert_eq!(span.start, at, "epd tokens are contiguous");
        assert_eq!(
            record.get(span.start - base..span.end - base),
            Some(token.text())
        );
        at = span.end;
    }
    assert_eq!(at, base + record.len(), "epd tokens cover the record");
    for operation in tree.operations() {
        let span = operation.span();
        assert_eq!(
            record.get(span.start - base..span.end - base),
            Some(operation.text())
        );
        assert!(operation.text().starts_with(operation.opcode()));
    }
}

/// Property 6: any text, read as a PGN file at a base offset: no panic, every span inside the
/// file on character boundaries, every tag's spans inside it, and every `FEN` tag pair's tree
/// lossless with the diagnostics of its value; any text read as a tag pair is lossless too.
pub fn pgn(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let base = 29;
    let diagnostics = fenlint::pgn::lint_pgn(&text, base, &Validator::new());
    assert_spans_inside("pgn", &text, base, &diagnostics);
    for game in fenlint::pgn::read(&text, base).games() {
        for tag in game.tags() {
            let span = tag.value_span();
            assert_eq!(
                text.get(span.start - base..span.end - base),
                Some(tag.value()),
                "tag value span"
            );
            if tag.name() == "FEN" {
                // The tag pair's tree is lossless, and its diagnostics are the value's.
                let pair = &text[tag.span().start - base..tag.span().end - base];
                let parse = fenlint::parse_fen_tag_pair_at(pair, tag.span().start);
                assert_eq!(parse.tree().to_string(), pair, "tag pair tree");
                let value = fenlint::parse_at(tag.value(), span.start);
                assert_eq!(
                    parse.diagnostics(),
                    value.diagnostics(),
                    "tag pair diagnostics"
                );
            }
        }
    }
    // Any text as a tag pair: lossless, every token where its span says.
    let parse = fenlint::parse_fen_tag_pair_at(&text, base);
    assert_eq!(parse.tree().to_string(), text, "tag pair tree of any text");
    for token in parse.tree().tokens() {
        let span = token.span();
        assert_eq!(
            text.get(span.start - base..span.end - base),
            Some(token.text())
        );
    }
}
