//! Every code's documented examples (`Code::bad_example`, `Code::good_example`), which its
//! section of `grammar/README.md` and `fenlint explain` show: every code has both, the bad one
//! draws the code and the good one does not.

use fenlint::files::{self, FileKind};
use fenlint::position::Variant;
use fenlint::{Code, Validator};

/// The bytes an example stands for: `\n` is a line feed, `\u{…}` a character, `\xHH` a byte,
/// `⟨N × text⟩` the text written N times (see `Code::explanation`).
fn example_bytes(example: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut rest = example;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("\\n") {
            out.push(b'\n');
            rest = after;
        } else if let Some(after) = rest.strip_prefix("\\u{") {
            let (hex, after) = after.split_once('}').unwrap();
            let c = char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap();
            out.extend_from_slice(c.to_string().as_bytes());
            rest = after;
        } else if let Some(after) = rest.strip_prefix("\\x") {
            out.push(u8::from_str_radix(&after[..2], 16).unwrap());
            rest = &after[2..];
        } else if let Some(after) = rest.strip_prefix('⟨') {
            let (repeat, after) = after.split_once('⟩').unwrap();
            let (count, text) = repeat.split_once(" × ").unwrap();
            out.extend_from_slice(text.repeat(count.parse().unwrap()).as_bytes());
            rest = after;
        } else {
            let mut buffer = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The codes `example` draws, read as the input `code`'s examples are: an EPD record for an
/// `epd::` code, a PGN file for a `pgn::` code, a file of FEN lines for a suppression code
/// (suppression comments belong to files) or when the docs say so, an EPD record when the docs say so, otherwise a FEN (through the file reader when it is
/// not UTF-8); checked as standard chess when the docs say so.
fn codes_of(code: Code, example: &str) -> Vec<&'static str> {
    let as_standard = code
        .docs()
        .lines()
        .any(|line| line.trim_start().starts_with("Bad (checked as standard"));
    let validator = if as_standard {
        Validator::new().variant(Variant::Standard)
    } else {
        Validator::new()
    };
    // A code off by default is drawn when asked for.
    let validator = if code.is_on_by_default() {
        validator
    } else {
        validator.with_severity(code, code.default_severity())
    };
    let as_epd = code
        .docs()
        .lines()
        .any(|line| line.trim_start().starts_with("Bad (an EPD record"));
    let as_file = code
        .docs()
        .lines()
        .any(|line| line.trim_start().starts_with("Bad (a file of lines"));
    let bytes = example_bytes(example);
    let name = code.name();
    let diagnostics = if as_file {
        files::lint_file(FileKind::Lines, &bytes, &validator)
    } else if name.starts_with("epd::") || as_epd {
        files::lint_file(FileKind::Epd, &bytes, &validator)
    } else if name.starts_with("pgn::") {
        files::lint_file(FileKind::Pgn, &bytes, &validator)
    } else if name.starts_with("fen::suppression::") {
        files::lint_file(FileKind::Lines, &bytes, &validator)
    } else {
        match std::str::from_utf8(&bytes) {
            Ok(text) => validator.lint(text).diagnostics().to_vec(),
            Err(_) => files::lint_file(FileKind::Lines, &bytes, &validator),
        }
    };
    diagnostics.iter().map(|d| d.code().name()).collect()
}

#[test]
fn every_code_has_a_bad_and_a_good_example() {
    for code in Code::ALL {
        assert!(code.bad_example().is_some(), "{code} has no `Bad:` example");
        assert!(
            code.good_example().is_some(),
            "{code} has no `Good:` example"
        );
        let explanation = code.explanation();
        assert!(explanation.contains("- **Fails"), "{code}: {explanation}");
        assert!(
            explanation.contains("- **Passes:**"),
            "{code}: {explanation}"
        );
    }
}

#[test]
fn bad_examples_draw_their_code_and_good_ones_do_not() {
    for code in Code::ALL {
        let (Some(bad), Some(good)) = (code.bad_example(), code.good_example()) else {
            panic!("{code} lacks an example");
        };
        let drawn = codes_of(*code, bad);
        assert!(
            drawn.contains(&code.name()),
            "{code}: the bad example {bad:?} draws {drawn:?}"
        );
        let drawn = codes_of(*code, good);
        assert!(
            !drawn.contains(&code.name()),
            "{code}: the good example {good:?} draws {drawn:?}"
        );
    }
}

#[test]
fn the_example_escapes() {
    assert_eq!(example_bytes("a\\nb"), b"a\nb");
    assert_eq!(example_bytes("\\u{feff}x"), "\u{feff}x".as_bytes());
    assert_eq!(example_bytes("K\\xe9"), b"K\xe9");
    assert_eq!(example_bytes("c0 \"⟨3 × x⟩\";"), b"c0 \"xxx\";");
}
