//! EPD records: every `epd::` code on a small file (pass and fail), spans checked against the
//! file text, the hmvc/fmvn counters seen by the validator, and one snapshot per code.

mod support;

use support::{codes, codes_and_spans};

use fenlint::files::{self, FileKind};
use fenlint::{Code, Diagnostic, Severity, Span, Validator};

const KIWI: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
const WAC: &str =
    r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id "WAC.001";"#;

/// Lints a whole EPD file the way the command-line tool does: line by line, each line at its
/// offset in the file.
fn lint_file(text: &str, validator: &Validator) -> Vec<Diagnostic> {
    let mut base = 0;
    let mut diagnostics = Vec::new();
    for line in text.split_inclusive('\n') {
        diagnostics.extend(fenlint::epd::lint_epd(line, base, validator));
        base += line.len();
    }
    diagnostics
}

/// `(code, file that draws it, the text its primary span covers, file that does not)`.
const CASES: &[(&str, &str, &str, &str)] = &[
    (
        "epd::fields::missing",
        "4k3/8/8/8/8/8/8/4K3 w\n",
        "w",
        "4k3/8/8/8/8/8/8/4K3 w - -\n",
    ),
    (
        "epd::fields::move_counters",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
        "0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;\n",
    ),
    (
        "epd::opcode::invalid",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; 2nd \"x\";\n",
        "2",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; c2 \"x\";\n",
    ),
    (
        "epd::opcode::too_long",
        "4k3/8/8/8/8/8/8/4K3 w - - supercalifragilistic 1;\n",
        "supercalifragilistic",
        "4k3/8/8/8/8/8/8/4K3 w - - supercalifragil 1;\n",
    ),
    (
        "epd::opcode::duplicate",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\"; bm Ke2;\n",
        "bm",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 Ke2; id \"a\";\n",
    ),
    (
        "epd::operation::unterminated",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\"\n",
        "\"a\"",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\";\n",
    ),
    (
        "epd::operation::unseparated",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 id \"a\";\n",
        "id",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\";\n",
    ),
    (
        "epd::operand::illegal_move",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Qg3;\n",
        "Qg3",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Nf3;\n",
    ),
    (
        "epd::operation::stray_dash",
        "4k3/8/8/8/8/8/8/4K3 w - - - bm Kd2;\n",
        "-",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\n",
    ),
    (
        "epd::operation::assignment",
        "4k3/8/8/8/8/8/8/4K3 w - - v=-328;\n",
        "=",
        "4k3/8/8/8/8/8/8/4K3 w - - v -328;\n",
    ),
    (
        "epd::operand::unclosed_string",
        "4k3/8/8/8/8/8/8/4K3 w - - id \"WAC.001;\n",
        "\"",
        "4k3/8/8/8/8/8/8/4K3 w - - id \"WAC.001\";\n",
    ),
    (
        "epd::counter::invalid",
        "4k3/8/8/8/8/8/8/4K3 w - - hmvc -1; fmvn 1;\n",
        "-1",
        "4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;\n",
    ),
    (
        "epd::counter::conflict",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 hmvc 5;\n",
        "5",
        "4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;\n",
    ),
    (
        "epd::operand::invalid",
        "4k3/8/8/8/8/8/8/4K3 w - - acd -3;\n",
        "-3",
        "4k3/8/8/8/8/8/8/4K3 w - - acd 3;\n",
    ),
    (
        "epd::operand::mate_count",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #1;\n",
        "#1",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; dm 1;\n",
    ),
    (
        "epd::operand::coordinate_move",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Ke1-d2 e1d2;\n",
        "Ke1-d2",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\n",
    ),
    (
        "epd::operand::san_spelling",
        "2k5/P7/8/8/8/8/8/4K3 w - - bm a8q+;\n",
        "a8q+",
        "2k5/P7/8/8/8/8/8/4K3 w - - bm a8=Q+;\n",
    ),
    (
        "epd::operand::unseparated",
        "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\"b;\n",
        "",
        "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\" b;\n",
    ),
    (
        "epd::operand::unquoted",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id WAC.001;\n",
        "WAC.001",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"WAC.001\";\n",
    ),
    (
        "epd::operation::leading_semicolon",
        "4k3/8/8/8/8/8/8/4K3 w - - ;D1 5 ;D2 25\n",
        ";",
        "4k3/8/8/8/8/8/8/4K3 w - - D1 5; D2 25;\n",
    ),
    (
        "epd::operation::empty",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;; id \"a\";\n",
        ";",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\";\n",
    ),
];

#[test]
fn every_case_draws_its_code_at_its_span_and_its_pass_case_does_not() {
    let validator = Validator::new();
    for &(name, bad, covered, good) in CASES {
        assert!(Code::from_name(name).is_some(), "unknown code {name}");
        let diagnostics = lint_file(bad, &validator);
        let found = diagnostics
            .iter()
            .find(|d| d.code().name() == name)
            .unwrap_or_else(|| panic!("{bad:?} does not draw {name}: {:?}", codes(&diagnostics)));
        assert_eq!(&bad[found.span().range()], covered, "{name}");
        let diagnostics = lint_file(good, &validator);
        assert!(
            diagnostics.is_empty(),
            "{good:?}: {:?}",
            codes(&diagnostics)
        );
    }
}

/// The long-input codes, whose fixtures are built rather than written out.
fn long_cases() -> Vec<(&'static str, String, String)> {
    let string = format!("4k3/8/8/8/8/8/8/4K3 w - - c0 \"{}\";\n", "x".repeat(256));
    let short = format!("4k3/8/8/8/8/8/8/4K3 w - - c0 \"{}\";\n", "x".repeat(255));
    let record = format!(
        "4k3/8/8/8/8/8/8/4K3 w - - {}\n",
        (0..10)
            .map(|i| format!("c{i} \"{}\";", "y".repeat(100)))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let fits = format!("4k3/8/8/8/8/8/8/4K3 w - - c0 \"{}\";\n", "y".repeat(992));
    assert_eq!(fits.len(), 1025, "1024 bytes and a newline");
    vec![
        ("epd::operand::string_too_long", string, short),
        ("epd::record::too_long", record, fits),
    ]
}

#[test]
fn long_strings_and_records_are_warnings() {
    let validator = Validator::new();
    for (name, bad, good) in long_cases() {
        let diagnostics = lint_file(&bad, &validator);
        let found = diagnostics
            .iter()
            .find(|d| d.code().name() == name)
            .unwrap_or_else(|| panic!("{name} not drawn: {:?}", codes(&diagnostics)));
        assert_eq!(found.severity(), Severity::Warning);
        assert!(
            !lint_file(&good, &validator)
                .iter()
                .any(|d| d.code().name() == name)
        );
    }
    let (_, string, _) = &long_cases()[0];
    let diagnostics = lint_file(string, &validator);
    assert_eq!(diagnostics[0].span(), Span::new(29, 29 + 258));
}

#[test]
fn a_valid_record_has_typed_operations() {
    let record = fenlint::epd::check(WAC, 0, &Validator::new());
    assert!(
        record.diagnostics().is_empty(),
        "{:?}",
        codes(record.diagnostics())
    );
    let ops = record.operations();
    assert_eq!(ops.len(), 2);
    assert_eq!(&WAC[ops[0].span().range()], "bm Bb5;");
    assert_eq!(&WAC[ops[1].operands()[0].span().range()], "\"WAC.001\"");
    assert_eq!(ops[1].operands()[0].value(), "WAC.001");
    let position = record.lint().unwrap().position().unwrap();
    assert_eq!((position.halfmove_clock, position.fullmove_number), (0, 1));
}

#[test]
fn four_fields_are_the_epd_form_not_missing_fields() {
    let validator = Validator::new();
    assert!(fenlint::epd::lint_epd(KIWI, 0, &validator).is_empty());
    // The same text as a FEN is missing its counters.
    assert_eq!(
        codes(fenlint::lint(KIWI).diagnostics()),
        ["fen::fields::missing"]
    );
}

#[test]
fn hmvc_and_fmvn_are_the_counters_the_validator_checks() {
    let validator = Validator::new();
    let file = "4k3/8/8/8/8/8/8/4K3 w - - hmvc 30; fmvn 10;\n\
                4k3/8/8/8/4P3/8/8/4K3 b - e3 hmvc 5; fmvn 20;\n\
                4k3/8/8/8/8/8/8/4K3 w - - fmvn 0;\n\
                4k3/8/8/8/8/8/8/4K3 w - - hmvc 120; fmvn 99;\n\
                4k3/8/8/8/8/8/8/4K3 w - - hmvc 99999999999;\n";
    let diagnostics = lint_file(file, &validator);
    let found = codes_and_spans(file, &diagnostics);
    assert_eq!(
        found,
        [
            ("fen::halfmove_clock::exceeds_plies", "30"),
            ("fen::en_passant::not_capturable", "e3"),
            ("fen::en_passant::halfmove_not_zero", "5"),
            ("fen::fullmove_number::zero", "0"),
            ("fen::halfmove_clock::fifty_moves", "120"),
            ("fen::counter::overflow", "99999999999"),
        ]
    );
    // The secondary label of exceeds_plies points at the fmvn operand.
    assert_eq!(&file[diagnostics[0].labels()[1].span().range()], "10");
    // The fix of fullmove zero rewrites the operand.
    let zero = &diagnostics[3];
    let fixed = zero.fix().unwrap().apply(file, 0).unwrap();
    assert!(fixed.contains("4K3 w - - fmvn 1;"));
    // Without the operations, the counters take their defaults and nothing fires.
    assert!(
        lint_file("4k3/8/8/8/4P3/8/8/4K3 b - e3\n", &validator)
            .iter()
            .all(|d| d.code() == Code::EnPassantNotCapturable)
    );
}

#[test]
fn counter_operands_that_are_not_numbers_are_not_passed_on() {
    let validator = Validator::new();
    for (line, covered) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - hmvc x;", "x"),
        ("4k3/8/8/8/8/8/8/4K3 w - - hmvc \"3\";", "\"3\""),
        ("4k3/8/8/8/8/8/8/4K3 w - - fmvn;", "fmvn"),
        ("4k3/8/8/8/8/8/8/4K3 w - - hmvc 0 fmv 1;", "0 fmv 1"),
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        assert_eq!(codes(&diagnostics), ["epd::counter::invalid"], "{line}");
        assert_eq!(&line[diagnostics[0].span().range()], covered);
    }
}

/// Six-field records (opening books, test suites) are a dialect: the counters are the
/// record's own, checked by the counter rules, with one note and no fix (`fmt --epd-counters`
/// converts a file).
#[test]
fn fen_counters_after_the_fields_are_the_records_counters() {
    let line = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 bm Kd2;";
    let record = fenlint::epd::check(line, 0, &Validator::new());
    let diagnostics = record.diagnostics();
    assert_eq!(codes(diagnostics), ["epd::fields::move_counters"]);
    assert_eq!(diagnostics[0].severity(), Severity::Advice);
    assert_eq!(&line[diagnostics[0].span().range()], "0 1");
    assert!(diagnostics[0].fix().is_none());
    let position = record.lint().unwrap().position().unwrap();
    assert_eq!((position.halfmove_clock, position.fullmove_number), (0, 1));
    // The rules see them: a clock above the plies played.
    let line = "4k3/8/8/8/8/8/8/4K3 w - - 7 1";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &Validator::new());
    let exceeds = diagnostics
        .iter()
        .find(|d| d.code().name() == "fen::halfmove_clock::exceeds_plies")
        .unwrap();
    assert_eq!(&line[exceeds.span().range()], "7");
    // Written twice: the same value is no conflict, another one is, and the operation counts.
    let same = fenlint::epd::lint_epd(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 hmvc 0; fmvn 1;",
        0,
        &Validator::new(),
    );
    assert_eq!(codes(&same), ["epd::fields::move_counters"]);
    let line = "4k3/8/8/8/8/8/8/4K3 w - - 0 3 fmvn 2;";
    let record = fenlint::epd::check(line, 0, &Validator::new());
    let conflict = record
        .diagnostics()
        .iter()
        .find(|d| d.code().name() == "epd::counter::conflict")
        .unwrap();
    assert_eq!(conflict.severity(), Severity::Error);
    assert_eq!(&line[conflict.span().range()], "2");
    assert_eq!(&line[conflict.labels()[1].span().range()], "3");
    assert!(conflict.fix().is_none());
    assert_eq!(
        record.lint().unwrap().position().unwrap().fullmove_number,
        2
    );
    // A leading zero is a FEN counter's warning here too.
    let zero = fenlint::epd::lint_epd("4k3/8/8/8/8/8/8/4K3 w - - 00 1", 0, &Validator::new());
    assert!(codes(&zero).contains(&"fen::counter::leading_zero"));
    // They are fields of the FEN: one space before each, as between the other fields; the
    // whitespace between operations is free.
    let line = "4k3/8/8/8/8/8/8/4K3 w - -  0\t1  bm Kd2;";
    let record = fenlint::epd::check(line, 0, &Validator::new());
    let separators: Vec<(&str, Option<&str>)> = record
        .diagnostics()
        .iter()
        .filter(|d| d.code() == Code::WhitespaceSeparator)
        .map(|d| {
            (
                &line[d.span().range()],
                d.fix().map(|fix| fix.replacement()),
            )
        })
        .collect();
    assert_eq!(separators, [("  ", Some(" ")), ("\t", Some(" "))]);
    let spaced = fenlint::epd::lint_epd("4k3/8/8/8/8/8/8/4K3 w - -  bm Kd2;", 0, &Validator::new());
    assert!(!codes(&spaced).contains(&"fen::whitespace::separator"));
}

/// A `;` written right after the last position field (`… b - -;`, as some variant books end a
/// record without operations, or `… w K -; bm Kf1;` before them) ends the fields: the
/// en-passant square is read, and the stray `;` is the error (python-chess rejects the record,
/// whose en-passant field it reads as `-;`), not the perft suites' `;` before each operation.
/// The fix removes it, puts a space in its place where it stands between two words, and takes
/// the blank before a `;` that ends the record with it.
#[test]
fn a_semicolon_right_after_the_fields_is_a_stray_semicolon() {
    for (line, fixed) in [
        (
            "4k3/8/8/8/8/8/8/4K2R w K -; bm Kf1;",
            "4k3/8/8/8/8/8/8/4K2R w K - bm Kf1;",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K -;bm Kf1;",
            "4k3/8/8/8/8/8/8/4K2R w K - bm Kf1;",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K -;D1 20 ;D2 400;",
            "4k3/8/8/8/8/8/8/4K2R w K - D1 20 ;D2 400;",
        ),
        ("4k3/8/8/8/8/8/8/4K3 b - - ;", "4k3/8/8/8/8/8/8/4K3 b - -"),
        ("4k3/8/8/8/8/8/8/4K3 b - -;", "4k3/8/8/8/8/8/8/4K3 b - -"),
        (
            "4k3/8/8/8/4P3/8/8/4K3 b - e3;",
            "4k3/8/8/8/4P3/8/8/4K3 b - e3",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3[] b - -;",
            "4k3/8/8/8/8/8/8/4K3[] b - -",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 b - - 3+3;",
            "4k3/8/8/8/8/8/8/4K3 b - - 3+3",
        ),
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &Validator::new());
        let errors: Vec<&str> = diagnostics
            .iter()
            .filter(|d| d.severity() == Severity::Error)
            .map(|d| d.code().name())
            .collect();
        assert_eq!(errors, ["epd::opcode::invalid"], "{line}");
        let stray = diagnostics
            .iter()
            .find(|d| d.severity() == Severity::Error)
            .unwrap();
        assert_eq!(&line[stray.span().range()], ";", "{line}");
        assert_eq!(
            stray.message(),
            "`;` before the first operation, expected an operation before it"
        );
        let fix = stray.fix().unwrap();
        let mut text = line.to_owned();
        text.replace_range(fix.span().range(), fix.replacement());
        assert_eq!(text, fixed);
        assert!(
            fenlint::epd::lint_epd(&text, 0, &Validator::new())
                .iter()
                .all(|d| d.severity() != Severity::Error)
        );
    }
}

/// A `;` right after the fields before words that read as a comment (`… w - -; bad EPD, from
/// a suite`) stays an error, but without a fix: the `;` may be what marks the words as a
/// comment, and removing it would make them the record's operations. The help says where EPD
/// keeps comments. Before an operation that does not read as one, the fix stays.
#[test]
fn a_semicolon_before_a_comment_is_not_removed() {
    let validator = Validator::new();
    let line = "4k3/8/8/8/8/8/8/4K3 w - -; bad record, from a suite";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(
        codes(&diagnostics),
        ["epd::opcode::invalid", "epd::operation::unterminated"]
    );
    assert!(diagnostics.iter().all(|d| d.fix().is_none()));
    let help = diagnostics[0].help_text().unwrap();
    assert!(
        help.contains("reads as a comment") && help.contains("`c0"),
        "{help}"
    );
    for line in [
        "4k3/8/8/8/8/8/8/4K3 w - -; bad record; from a suite",
        "4k3/8/8/8/8/8/8/4K3 w - -; id \"a\" b c",
        "4k3/8/8/8/8/8/8/4K3 w - -; xyz \"a\" b c",
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        let stray = diagnostics
            .iter()
            .find(|d| d.code().name() == "epd::opcode::invalid")
            .unwrap();
        assert!(stray.fix().is_some(), "{line}");
    }
}

/// Perft suites write operations after their `;`: one advice for the record (a dialect, not a
/// mistake), none for the `;` before the first operation or the last one's missing `;`, and
/// each `Dn` takes a count.
#[test]
fn perft_operations_after_their_semicolon_are_one_advice() {
    let validator = Validator::new();
    let line = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400 ;D3 8902";
    let record = fenlint::epd::check(line, 0, &validator);
    assert_eq!(
        codes(record.diagnostics()),
        ["epd::operation::leading_semicolon"]
    );
    assert_eq!(record.diagnostics()[0].severity(), Severity::Advice);
    let opcodes: Vec<_> = record.operations().iter().map(|op| op.opcode()).collect();
    assert_eq!(opcodes, ["D1", "D2", "D3"]);
    let bad = "4k3/8/8/8/8/8/8/4K3 w - - ;D1 5 ;D2 2x5";
    let diagnostics = fenlint::epd::lint_epd(bad, 0, &validator);
    assert_eq!(
        codes(&diagnostics),
        ["epd::operation::leading_semicolon", "epd::operand::invalid"]
    );
    assert_eq!(&bad[diagnostics[1].span().range()], "2x5");
    // A `;` before an operation elsewhere is still a stray one.
    let stray = fenlint::epd::lint_epd(
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; ;id \"x\";",
        0,
        &validator,
    );
    assert_eq!(codes(&stray), ["epd::operation::empty"]);
    // Two `;` in a row, as some writers put one between operations and one after each.
    let line = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;; id \"a\";";
    let double = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(codes(&double), ["epd::operation::empty"]);
    let fix = double[0].fix().unwrap();
    assert_eq!(
        fix.apply(line, 0).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\";"
    );
}

/// The operands of the standard opcodes: integers (signed for `ce`) and moves in SAN, with
/// the mate suites' `bm #N` as a dialect.
/// Promotion to a king is a move of antichess: read when only the notation is checked, not in
/// chess.
#[test]
fn promotion_to_a_king_is_a_move_when_only_the_notation_is_checked() {
    let line = "8/P7/8/8/8/5k2/8/7b w - - bm a8=K; max_dtm 6;";
    let syntax = fenlint::epd::lint_epd(line, 0, &Validator::new().syntax());
    assert_eq!(codes(&syntax), Vec::<&str>::new());
    let chess = fenlint::epd::lint_epd(line, 0, &Validator::new());
    // An antichess position has no White king; the move is the other finding.
    assert_eq!(
        codes(&chess),
        ["fen::kings::missing", "epd::operand::invalid"]
    );
    let chess = &chess[1..];
    assert_eq!(
        chess[0].message(),
        "operand `a8=K` of `bm` promotes a pawn to a king, expected a promotion to a queen, rook, bishop or knight"
    );
    let at = line.find("=K").unwrap() + 1;
    assert_eq!(chess[0].span(), fenlint::Span::new(at, at + 1));
}

/// Text after the fields whose opcode is invalid (tuning data's `[1.0] -154`, the lines of a
/// file in another format) draws its opcode's error, and no `;` is added to it: fixing such a
/// file changes nothing.
#[test]
fn text_with_an_invalid_opcode_gets_no_semicolon() {
    let text = "8/2N2kp1/8/8/8/8/8/4K3 b - - 0 38 [1.0] -154\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n";
    let diagnostics = lint_file(text, &Validator::new());
    assert!(codes(&diagnostics).contains(&"epd::opcode::invalid"));
    assert!(!codes(&diagnostics).contains(&"epd::operation::unterminated"));
    let fixed = files::fix_file(FileKind::Epd, text.as_bytes(), &Validator::new());
    assert_eq!(fixed.text, text.as_bytes());
    // A valid opcode without its `;` still gets it.
    let record = fenlint::epd::lint_epd("8/8/8/8/8/8/8/8 w - - bm Kd2", 0, &Validator::new());
    assert!(codes(&record).contains(&"epd::operation::unterminated"));
}

/// A check or mate sign written apart from its move (`bm Qd1 + ;`, seen in classic suites) is
/// one error with the fix that joins it; a sign after a move that has one, or alone, is not.
#[test]
fn a_check_sign_apart_from_its_move_is_joined_by_the_fix() {
    let line = "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1 + Qd2 #; id \"x\";";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &Validator::new());
    let signs: Vec<(&str, &str, String)> = diagnostics
        .iter()
        .map(|d| {
            let fix = d.fix().unwrap();
            let mut fixed = line.to_owned();
            fixed.replace_range(fix.span().range(), fix.replacement());
            (d.code().name(), &line[d.span().range()], fixed)
        })
        .collect();
    assert_eq!(
        signs,
        [
            (
                "epd::operand::invalid",
                "+",
                line.replacen("Qd1 +", "Qd1+", 1)
            ),
            (
                "epd::operand::invalid",
                "#",
                line.replacen("Qd2 #", "Qd2#", 1)
            ),
        ]
    );
    assert!(
        diagnostics[0]
            .message()
            .starts_with("check sign `+` of `bm` apart from the move `Qd1`")
    );
    for line in [
        "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+ +;",
        "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm +;",
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &Validator::new());
        assert_eq!(codes(&diagnostics), ["epd::operand::invalid"], "{line}");
        assert!(
            diagnostics[0].message().starts_with("operand `+`"),
            "{line}"
        );
        assert!(diagnostics[0].fix().is_none(), "{line}");
    }
}

#[test]
fn operands_of_the_standard_opcodes_are_checked() {
    let validator = Validator::new();
    for (line, covered) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - ce +M1;", "+M1"),
        ("4k3/8/8/8/8/8/8/4K3 w - - acd -3;", "-3"),
        ("4k3/8/8/8/8/8/8/4K3 w - - dm x;", "x"),
        ("4k3/8/8/8/8/8/8/4K3 w - - rc \"2\";", "\"2\""),
        ("4k3/8/8/8/8/8/8/4K3 w - - acs;", "acs"),
        ("4k3/8/8/8/8/8/8/4K3 w - - acn 1 2;", "1 2"),
        ("4k3/8/8/8/8/8/8/4K3 w - - bm bm Kd2;", "bm"),
        ("4k3/8/8/8/8/8/8/4K3 w - - bm Ke1-e1;", "Ke1-e1"),
        ("4k3/8/8/8/8/8/8/4K3 w - - am e1d9;", "e1d9"),
        ("4k3/8/8/8/8/8/8/4K3 w - - bm e8X;", "e8X"),
        ("4k3/8/8/8/8/8/8/4K3 w - - bm e7=Q;", "e7=Q"),
        ("4k3/8/8/8/8/8/8/4K3 w - - bm exe5;", "exe5"),
        ("4k3/8/8/8/8/8/8/4K3 w - - am #2;", "#2"),
        ("4k3/8/8/8/8/8/8/4K3 w - - bm;", "bm"),
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        assert_eq!(codes(&diagnostics), ["epd::operand::invalid"], "{line}");
        assert_eq!(&line[diagnostics[0].span().range()], covered, "{line}");
    }
    let good = "7k/4P2p/8/3p4/4P2Q/1N3N2/8/R3KN2 w Q - bm exd5 e8=Q+ Ng1 Nbd2 N1d2 Qh4xh7# O-O-O+; am Kd2; ce +12; acd 0; acn 100; acs 3; dm 2; rc 1; D12 5;";
    let mated = "7K/k7/8/Pp6/8/8/8/8 w - - dm -15;";
    assert_eq!(
        codes(&fenlint::epd::lint_epd(good, 0, &validator)),
        [] as [&str; 0]
    );
    assert_eq!(
        codes(&fenlint::epd::lint_epd(mated, 0, &validator)),
        [] as [&str; 0],
        "a negative `dm`: the side to move is mated"
    );
    let mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #1;";
    let diagnostics = fenlint::epd::lint_epd(mate, 0, &validator);
    assert_eq!(codes(&diagnostics), ["epd::operand::mate_count"]);
    assert_eq!(diagnostics[0].severity(), Severity::Advice);
}

/// Decision (grammar/README.md, "Three-check counters in an EPD record"): the checks are a
/// fifth field right after the en-passant field, in either form, and the validator reads them.
#[test]
fn three_check_counters_after_the_en_passant_field_are_read() {
    let validator = Validator::new();
    for (line, given) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 bm e4;",
            [0, 0],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +0+0 bm e4;",
            [0, 0],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 hmvc 0; fmvn 9;",
            [1, 2],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +1+2",
            [1, 2],
        ),
    ] {
        let record = fenlint::epd::check(line, 0, &validator);
        assert!(
            record.diagnostics().is_empty(),
            "{line}: {:?}",
            codes(record.diagnostics())
        );
        let position = record.lint().unwrap().position().unwrap();
        assert_eq!(position.checks_given, Some(given), "{line}");
        assert_eq!(
            position.variant,
            fenlint::position::Variant::ThreeCheck,
            "{line}"
        );
    }
    let line = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 hmvc 0; fmvn 4;";
    let record = fenlint::epd::check(line, 0, &validator);
    assert_eq!(record.operations()[0].opcode(), "hmvc");
    assert_eq!(
        record.lint().unwrap().position().unwrap().fullmove_number,
        4
    );
}

/// Malformed counters in the checks place get the FEN's checks codes at their bytes; counters
/// anywhere else among the operations are an `epd::opcode::invalid` that says where they go.
#[test]
fn three_check_counters_elsewhere_say_where_they_belong() {
    let validator = Validator::new();
    let line = "4k3/8/8/8/8/8/8/4K3 w - - 4+3 bm Kd2;";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(codes(&diagnostics), ["fen::checks::count_out_of_range"]);
    assert_eq!(&line[diagnostics[0].span().range()], "4");

    // The same diagnostic at the same bytes as in the FEN with counters.
    let line = "4k3/8/8/8/8/8/8/4K3 w - - 3+ bm Kd2;";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 3+ 0 1";
    let in_fen = validator.lint(fen).diagnostics().to_vec();
    assert_eq!(codes(&diagnostics), ["fen::checks::invalid"]);
    assert_eq!(codes(&diagnostics), codes(&in_fen));
    assert_eq!(diagnostics[0].message(), in_fen[0].message());
    // The FEN points after the `+`, at the space where a count is missing; the record's
    // position ends there, so its label covers the `+` itself.
    assert_eq!(in_fen[0].span(), Span::empty(28));
    assert_eq!(&line[diagnostics[0].span().range()], "+");

    for (line, counters) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; +0+0", "+0+0"),
        ("4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1; 3+3;", "3+3"),
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        let found = diagnostics
            .iter()
            .find(|d| d.code().name() == "epd::opcode::invalid")
            .unwrap_or_else(|| panic!("{line}: {:?}", codes(&diagnostics)));
        assert_eq!(
            found.message(),
            format!(
                "three-check counters `{counters}` among the operations, expected them right after the en-passant field"
            )
        );
        assert_eq!(&line[found.span().range()], counters);
    }

    // FEN counters after the check counters are still the FEN's counters, read as a
    // six-field FEN's.
    let line = "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(codes(&diagnostics), ["epd::fields::move_counters"]);
    assert_eq!(&line[diagnostics[0].span().range()], "0 1");
}

/// Decision (grammar/README.md): leading zeros in `hmvc` and `fmvn` draw the warning
/// `fen::counter::leading_zero`, as in a FEN, and the value is read.
#[test]
fn leading_zeros_in_counter_operands_are_a_warning() {
    let line = "4k3/8/8/8/8/8/8/4K3 w - - hmvc 00; fmvn 012;";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &Validator::new());
    assert_eq!(
        codes(&diagnostics),
        ["fen::counter::leading_zero", "fen::counter::leading_zero"]
    );
    assert_eq!(&line[diagnostics[1].span().range()], "012");
    let fixed = fenlint::files::fix_file(
        fenlint::files::FileKind::Epd,
        line.as_bytes(),
        &Validator::new(),
    );
    assert_eq!(fixed.text, b"4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 12;");
}

#[test]
fn fixes_repair_what_they_claim() {
    let validator = Validator::new();
    for line in [
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\"",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;;",
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        let [diagnostic] = diagnostics.as_slice() else {
            panic!("{line}: {:?}", codes(&diagnostics));
        };
        let fixed = diagnostic.fix().unwrap().apply(line, 0).unwrap();
        assert!(
            fenlint::epd::lint_epd(&fixed, 0, &validator).is_empty(),
            "{fixed}"
        );
    }
}

#[test]
fn text_operands_without_quotes_are_put_in_quotes_where_that_is_what_was_meant() {
    let validator = Validator::new();
    for (line, covered, fixed) in [
        (
            "4k3/8/8/8/8/8/8/4K3 w - - c0 mate in  two;",
            "mate in  two",
            Some("4k3/8/8/8/8/8/8/4K3 w - - c0 \"mate in  two\";"),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - v3 Najdorf;",
            "Najdorf",
            Some("4k3/8/8/8/8/8/8/4K3 w - - v3 \"Najdorf\";"),
        ),
        // What the quotes would enclose is unclear: no fix.
        ("4k3/8/8/8/8/8/8/4K3 w - - id a\"b;", "a\"b", None),
        ("4k3/8/8/8/8/8/8/4K3 w - - id a\\b;", "a\\b", None),
        // A `;` forgotten before an opcode whose operands do not follow it, more likely than
        // an id of two words.
        (
            "4k3/8/8/8/8/8/8/4K3 w - - id WAC.003 bm;",
            "WAC.003 bm",
            None,
        ),
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        assert_eq!(codes(&diagnostics), ["epd::operand::unquoted"], "{line}");
        let [diagnostic] = diagnostics.as_slice() else {
            unreachable!()
        };
        assert_eq!(&line[diagnostic.span().range()], covered, "{line}");
        assert_eq!(diagnostic.severity(), Severity::Warning);
        let applied = diagnostic.fix().map(|fix| fix.apply(line, 0).unwrap());
        assert_eq!(applied.as_deref(), fixed, "{line}");
        if let Some(applied) = applied {
            assert!(fenlint::epd::lint_epd(&applied, 0, &validator).is_empty());
        }
    }
    // python-chess reads a bare number as a number, and a bare word as a move it rejects:
    // the help says which.
    for (line, says) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - c0 8;", "reads it as a number"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - c0 -0.5 1e3;",
            "reads it as a number",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - c0 8 pieces;",
            "rejects the record",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - c0 inf;", "rejects the record"),
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        let help = diagnostics.first().and_then(Diagnostic::help_text);
        assert!(
            help.is_some_and(|help| help.contains(says)),
            "{line}: {help:?}"
        );
    }
    // A quoted string, even with a symbol after it, or an opcode whose operands are free.
    for line in [
        "4k3/8/8/8/8/8/8/4K3 w - - id \"a\" b; c0 \"x\"; noop a b; eco B90; c10 x;",
        "4k3/8/8/8/8/8/8/4K3 w - - id;",
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        assert!(
            !codes(&diagnostics).contains(&"epd::operand::unquoted"),
            "{line}: {:?}",
            codes(&diagnostics)
        );
    }
}

#[test]
fn an_uncertain_semicolon_is_suggested_not_applied() {
    let validator = Validator::new();
    // `xy` may start an operation of its own: `;` after `"x"` would make `xy` and `"x"`
    // operands of `bm`.
    let line = "4k3/8/8/8/8/8/8/4K2R w K - bm O-O xy \"x\"";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(codes(&diagnostics), ["epd::operation::unterminated"]);
    assert!(diagnostics[0].fix().is_none());
    let help = diagnostics[0].help_text().unwrap();
    assert!(
        help.contains("if `xy` starts an operation of its own"),
        "{help}"
    );
    // A standard opcode followed by an operand of its form does start one
    // (`epd::operation::unseparated`), and the `;` after it ends the record.
    let line = "4k3/8/8/8/8/8/8/4K2R w K - bm O-O id \"x\"";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(
        codes(&diagnostics),
        [
            "epd::operation::unseparated",
            "epd::operation::unterminated"
        ]
    );
    let mut fixed = line.to_owned();
    for diagnostic in diagnostics.iter().rev() {
        fixed = diagnostic.fix().unwrap().apply(&fixed, 0).unwrap();
    }
    assert_eq!(fixed, "4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id \"x\";");
    // Operands that cannot be opcodes (moves with `-` or `+`, strings, numbers): the `;` can only
    // go at the end.
    for line in [
        "4k3/8/8/8/8/8/8/R3K2R w KQ - bm O-O O-O-O",
        "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\" \"b\"",
        "4k3/8/8/8/8/8/8/4K3 w - - noop Kd2 Ke7+ 3",
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        assert_eq!(
            codes(&diagnostics),
            ["epd::operation::unterminated"],
            "{line}"
        );
        assert!(diagnostics[0].fix().is_some(), "{line}");
    }
}

/// Words after the last operation that an unknown opcode starts, three or more without quotes,
/// read as a comment: no `;` is added (the fix would make the comment an operation), and the
/// help says where EPD keeps comments. Fewer words after an unknown opcode (`Kubbel 1927`) may
/// be a remark too: the `;` is suggested, not applied. A standard opcode keeps the fix.
#[test]
fn a_comment_after_the_operations_is_not_made_an_operation() {
    let validator = Validator::new();
    let line = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"z.1\"; CCC post 27.4.2004 by Gerd Isenberg";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(codes(&diagnostics), ["epd::operation::unterminated"]);
    assert!(diagnostics[0].fix().is_none());
    let help = diagnostics[0].help_text().unwrap();
    assert!(
        help.contains("reads as a comment") && help.contains("`c0"),
        "{help}"
    );
    assert!(!help.contains("starts an operation of its own"), "{help}");
    for (line, fixed) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - acd 1 2 3", true),
        ("4k3/8/8/8/8/8/8/4K3 w - - id \"a\"; c0 \"b\"", true),
        ("4k3/8/8/8/8/8/8/4K3 w - - xyz 1 2", false),
        ("4k3/8/8/8/8/8/8/4K3 w - - id \"z.25\"; Kubbel 1927", false),
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        let unterminated = diagnostics
            .iter()
            .find(|d| d.code().name() == "epd::operation::unterminated")
            .unwrap();
        assert_eq!(unterminated.fix().is_some(), fixed, "{line}");
        if !fixed {
            let help = unterminated.help_text().unwrap();
            assert!(help.contains("`c0"), "{line}: {help}");
        }
    }
}

/// The last operand of an operation without its `;` is checked as it is with the `;`, so that
/// the fix that adds the `;` brings up nothing new.
#[test]
fn the_last_operand_of_an_unterminated_operation_is_checked() {
    let validator = Validator::new();
    for (line, code) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - bm Zz9", "epd::operand::invalid"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 Zz9",
            "epd::operand::invalid",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - acd x1", "epd::operand::invalid"),
        (
            "2k5/P7/8/8/8/8/8/4K3 w - - bm a8q",
            "epd::operand::san_spelling",
        ),
    ] {
        let unterminated = codes(&fenlint::epd::lint_epd(line, 0, &validator));
        assert!(unterminated.contains(&code), "{line}: {unterminated:?}");
        let terminated = codes(&fenlint::epd::lint_epd(&format!("{line};"), 0, &validator));
        assert_eq!(terminated, [code], "{line}");
    }
}

#[test]
fn byte_order_mark_and_crlf() {
    let file =
        "\u{feff}4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\r\n4k3/8/8/8/8/8/8/4K3 x - - id \"b\"\r\n\r\n";
    let diagnostics = lint_file(file, &Validator::new());
    let found = codes_and_spans(file, &diagnostics);
    // The `\r` is part of the line terminator: no trailing whitespace, and the missing `;` is
    // inserted before it.
    assert_eq!(
        found,
        [
            ("fen::input::byte_order_mark", "\u{feff}"),
            ("fen::side_to_move::invalid", "x"),
            ("epd::operation::unterminated", "\"b\""),
        ]
    );
    let fixed = diagnostics[2].fix().unwrap().apply(file, 0).unwrap();
    assert!(fixed.contains("id \"b\";\r\n"));
    let body = support::report_diagnostics(file, &diagnostics);
    support::settings().bind(|| insta::assert_snapshot!("epd__bom_crlf", body));
}

#[test]
fn severity_overrides_apply_to_epd_codes() {
    let line = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2";
    let validator =
        Validator::new().with_severity(Code::EpdOperationUnterminated, Severity::Advice);
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(diagnostics[0].severity(), Severity::Advice);
    let validator = Validator::new().allow(Code::EpdOperationUnterminated);
    assert!(fenlint::epd::lint_epd(line, 0, &validator).is_empty());
}

#[test]
fn blank_lines_are_no_records() {
    for line in ["", "\n", "  \r\n"] {
        assert!(fenlint::epd::lint_epd(line, 7, &Validator::new()).is_empty());
    }
}

/// Seeded mutations of valid records: no panic, and every span lies on character boundaries
/// inside the line.
#[test]
fn mutations_do_not_panic_and_spans_stay_in_the_line() {
    const ALPHABET: &[&str] = &[
        ";", "\"", "\\", " ", "\t", "a", "1", "-", "é", "\u{feff}", "hmvc", "fmvn", "\r", "_",
    ];
    let mut rng = fastrand::Rng::with_seed(0xe9d);
    let validator = Validator::new();
    for seed in [
        WAC,
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 hmvc 0; fmvn 20; c0 \"a \\\"b\\\"\";",
    ] {
        for _ in 0..3000 {
            let mut line = seed.to_owned();
            for _ in 0..rng.usize(1..=3) {
                let mut at = rng.usize(..=line.len());
                while !line.is_char_boundary(at) {
                    at -= 1;
                }
                let piece = ALPHABET[rng.usize(..ALPHABET.len())];
                if rng.bool() {
                    line.insert_str(at, piece);
                } else {
                    let mut end = (at + 1).min(line.len());
                    while !line.is_char_boundary(end) {
                        end += 1;
                    }
                    line.replace_range(at..end, "");
                }
            }
            let base = 1000;
            for d in fenlint::epd::lint_epd(&line, base, &validator) {
                for label in d.labels() {
                    let span = label.span();
                    assert!(
                        span.start >= base && span.end <= base + line.len(),
                        "{line:?}: {d:?}"
                    );
                    assert!(
                        line.get(span.start - base..span.end - base).is_some(),
                        "{line:?}: {d:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn snapshots_per_code() {
    let validator = Validator::new();
    let mut cases: Vec<(&str, String)> = CASES
        .iter()
        .map(|&(name, bad, _, _)| (name, bad.to_owned()))
        .collect();
    for (name, bad, _) in long_cases() {
        cases.push((name, bad));
    }
    let epd_codes: Vec<_> = Code::ALL
        .iter()
        .filter(|code| code.name().starts_with("epd::"))
        .map(|code| code.name())
        .collect();
    let mut covered: Vec<_> = cases.iter().map(|(name, _)| *name).collect();
    covered.sort_unstable();
    let mut expected = epd_codes.clone();
    expected.sort_unstable();
    assert_eq!(covered, expected, "every epd:: code has one snapshot case");
    support::settings().bind(|| {
        for (name, file) in &cases {
            let diagnostics = lint_file(file, &validator);
            assert!(diagnostics.iter().any(|d| d.code().name() == *name));
            let body = support::report_diagnostics(file, &diagnostics);
            insta::assert_snapshot!(name.replace("::", "__"), body);
        }
    });
}

/// `fmt` writes six-field counters as `hmvc`/`fmvn` operations, and back, keeping everything
/// else of the record; a record that cannot be converted (one operation only) is left as it is.
#[test]
fn formatting_converts_the_counters_either_way() {
    use fenlint::files::{FileKind, format_file};
    use fenlint::position::{EpdCountersStyle, WriteOptions};
    let fen_form = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 3 9 bm Kd2; id \"x\";\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 hmvc 0;\n";
    let operations = format_file(
        FileKind::Epd,
        fen_form.as_bytes(),
        &WriteOptions::default().with_epd_counters(EpdCountersStyle::Operations),
    );
    let written = String::from_utf8(operations.text).unwrap();
    assert_eq!(
        written,
        "4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;\n4k3/8/8/8/8/8/8/4K3 w - - hmvc 3; fmvn 9; bm Kd2; id \"x\";\r\n4k3/8/8/8/8/8/8/4K3 w - - fmvn 1; hmvc 0;\n"
    );
    assert_eq!(operations.changed, 3);
    // The new records have no finding at all, and converting back gives the first two again.
    for record in written.lines() {
        assert_eq!(
            codes(&fenlint::epd::lint_epd(record, 0, &Validator::new())),
            [] as [&str; 0],
            "{record}"
        );
    }
    let back = format_file(
        FileKind::Epd,
        written.as_bytes(),
        &WriteOptions::default().with_epd_counters(EpdCountersStyle::Fen),
    );
    let back = String::from_utf8(back.text).unwrap();
    assert_eq!(
        back,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 3 9 bm Kd2; id \"x\";\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
    );
    // Operations after the counters' operations, and a record with one counter only.
    let mixed = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; hmvc 2; id \"y\"; fmvn 7;\n4k3/8/8/8/8/8/8/4K3 w - - hmvc 2; bm Kd2;\n";
    let fen = format_file(
        FileKind::Epd,
        mixed.as_bytes(),
        &WriteOptions::default().with_epd_counters(EpdCountersStyle::Fen),
    );
    assert_eq!(
        String::from_utf8(fen.text).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 2 7 bm Kd2; id \"y\";\n4k3/8/8/8/8/8/8/4K3 w - - hmvc 2; bm Kd2;\n"
    );
    // As written by default.
    let kept = format_file(FileKind::Epd, fen_form.as_bytes(), &WriteOptions::default());
    assert_eq!(kept.text, fen_form.as_bytes());
    // The counters as a FEN's, as the fields before them: their blanks and leading zeros go
    // (which `check` warns about), the blank before the operations stays.
    let irregular =
        "4k3/8/8/8/8/8/8/4K3  w - -  00\t1  bm Kd2;\n4k3/8/8/8/8/8/8/4K3 w - - 3+3 0  1\n";
    // A `;` right after the counters stays where it is.
    let odds = "4k3/8/8/8/8/8/8/4K3 w - -  0 1; D1 5\n";
    let formatted_odds = format_file(FileKind::Epd, odds.as_bytes(), &WriteOptions::default());
    assert_eq!(
        String::from_utf8(formatted_odds.text).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1; D1 5\n"
    );
    let formatted = format_file(
        FileKind::Epd,
        irregular.as_bytes(),
        &WriteOptions::default(),
    );
    let formatted = String::from_utf8(formatted.text).unwrap();
    assert_eq!(
        formatted,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1  bm Kd2;\n4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1\n"
    );
    assert!(
        lint_file(&formatted, &Validator::new())
            .iter()
            .all(|d| d.code().name() == "epd::fields::move_counters"),
        "{:?}",
        codes(&lint_file(&formatted, &Validator::new()))
    );
}

/// Bytes that are not UTF-8 after an EPD record's position are Latin-1 text: one note, and the
/// rest of the record linted; in the position they stay an error.
#[test]
fn latin1_text_in_operations_is_a_note() {
    use fenlint::files::{FileKind, lint_file as lint};
    let text = b"4k3/8/8/8/8/8/8/4K3 w - - c0 \"H\xe1se\"; bm Kd2\n4k3/8/8/8/8/8/8/4K3 w - - c0 \"Fran\xe7ois\";\n4k3/8/8/8/8/8/8/4K\xe9 w - - c0 \"x\";\n";
    let diagnostics = lint(FileKind::Epd, text, &Validator::new());
    assert_eq!(
        codes(&diagnostics),
        [
            "fen::input::latin1",
            "epd::operation::unterminated",
            "fen::input::invalid_utf8"
        ]
    );
    assert_eq!(&text[diagnostics[0].span().range()], b"\xe1");
    assert!(
        diagnostics[0]
            .message()
            .ends_with("(and 1 more in this file)"),
        "{}",
        diagnostics[0].message()
    );
    assert_eq!(diagnostics[2].severity(), Severity::Error);
    assert_eq!(&text[diagnostics[2].span().range()], b"\xe9");
    // `fmt` formats the position of a record with Latin-1 text and keeps every byte after it.
    let formatted = fenlint::files::format_file(
        FileKind::Epd,
        b"4k3/8/8/8/8/8/8/R3K2R  w KQ - c0 \"H\xe1se\";\n",
        &fenlint::position::WriteOptions::default(),
    );
    assert_eq!(
        formatted.text,
        b"4k3/8/8/8/8/8/8/R3K2R w KQ - c0 \"H\xe1se\";\n"
    );
    assert_eq!((formatted.changed, formatted.not_utf8), (1, false));
}

/// A lone CR ends a line: every record of a file with classic Mac OS line endings is read, and
/// fixes keep the CRs.
#[test]
fn lone_carriage_returns_end_records() {
    use fenlint::files::{FileKind, fix_file, lint_file as lint};
    let text = b"# a\r4k3/8/8/8/8/8/8/4K3 w - - bm Kd2\r4k3/8/8/8/8/8/8/4K3 x - - id \"b\";\r";
    let diagnostics = lint(FileKind::Epd, text, &Validator::new());
    assert_eq!(
        codes(&diagnostics),
        ["epd::operation::unterminated", "fen::side_to_move::invalid"]
    );
    let fixed = fix_file(FileKind::Epd, text, &Validator::new());
    assert_eq!(
        fixed.text,
        b"# a\r4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\r4k3/8/8/8/8/8/8/4K3 x - - id \"b\";\r"
    );
    let fen = b"# a\r4k3/8/8/8/8/8/8/4K3 w QK - 0 1\r";
    let diagnostics = lint(FileKind::Lines, fen, &Validator::new());
    assert!(codes(&diagnostics).contains(&"fen::castling::order"));
    let index = fenlint::LineIndex::new(std::str::from_utf8(fen).unwrap());
    assert_eq!(index.line_of(diagnostics[0].span().start), 1);
}

/// Words before an EPD record's position (`1. …`) are one `fen::input::text_before`, and the
/// four position fields are counted after them.
#[test]
fn words_before_a_record_are_one_problem() {
    let validator = Validator::new();
    let line = "1. rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"a\";";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(codes(&diagnostics), ["fen::input::text_before"]);
}

/// Three-check counters of an EPD record sit right after the en-passant field, and `fmt` writes
/// them there as checks remaining, the form EPD readers take, from either form and whatever
/// form FENs are written in; the rest of the record is kept.
#[test]
fn formatting_writes_the_check_counters_of_a_record_as_checks_remaining() {
    use fenlint::files::{FileKind, format_file};
    use fenlint::position::{ChecksStyle, WriteOptions};
    let board = "rnbqkbnr/1p1ppppp/p7/2p1N3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq -";
    let text = format!("{board} +1+0 id \"x\";\n{board} 2+3 1 3\n{board} +1+0 hmvc 2;\n");
    for checks in [ChecksStyle::Given, ChecksStyle::Remaining] {
        let formatted = format_file(
            FileKind::Epd,
            text.as_bytes(),
            &WriteOptions::default().with_checks(checks),
        );
        assert_eq!(
            String::from_utf8(formatted.text).unwrap(),
            format!("{board} 2+3 id \"x\";\n{board} 2+3 1 3\n{board} 2+3 hmvc 2;\n"),
            "{checks:?}"
        );
        assert_eq!(formatted.changed, 2);
    }
}

/// The fix of each diagnostic of `line` applied, from the last to the first (the fixes of one
/// record do not overlap), and the record then linted again.
fn fixed(line: &str, diagnostics: &[Diagnostic]) -> String {
    let mut fixed = line.to_owned();
    for diagnostic in diagnostics.iter().rev() {
        if let Some(fix) = diagnostic.fix() {
            fixed = fix.apply(&fixed, 0).unwrap();
        }
    }
    fixed
}

/// A `;` missing between two operations: one error at the opcode that starts the second, a
/// fix that writes the `;` after the first one's last operand, and the rest read as the
/// operations meant, so that their own problems are found.
#[test]
fn a_semicolon_missing_between_operations_is_one_error_and_the_rest_is_read() {
    let validator = Validator::new();
    let line = r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Nc3 id "t.1";"#;
    let record = fenlint::epd::check(line, 0, &validator);
    let diagnostics = record.diagnostics();
    assert_eq!(
        codes_and_spans(line, diagnostics),
        [("epd::operation::unseparated", "id")]
    );
    let [diagnostic] = diagnostics else {
        unreachable!()
    };
    assert_eq!(diagnostic.severity(), Severity::Error);
    assert_eq!(
        diagnostic.message(),
        "operation `bm` not ended by `;` before `id`, expected `;` between the two operations"
    );
    assert_eq!(&line[diagnostic.labels()[1].span().range()], "bm");
    let help = diagnostic.help_text().unwrap();
    assert!(help.contains("`bm Nc3; id …`"), "{help}");
    let fix = diagnostic.fix().unwrap();
    assert_eq!(fix.span(), Span::empty(line.find(" id").unwrap()));
    assert_eq!(fixed(line, diagnostics), line.replace("Nc3 id", "Nc3; id"));
    // Read as the two operations.
    let operations: Vec<_> = record
        .operations()
        .iter()
        .map(|op| {
            let operands: Vec<_> = op.operands().iter().map(|o| o.text()).collect();
            (
                op.opcode(),
                operands,
                op.is_terminated(),
                &line[op.span().range()],
            )
        })
        .collect();
    assert_eq!(
        operations,
        [
            ("bm", vec!["Nc3"], false, "bm Nc3"),
            ("id", vec!["\"t.1\""], true, "id \"t.1\";"),
        ]
    );

    // The operations after the split are checked as operations: a duplicate `id`, an
    // operand of the wrong form, the counters, a chain of them.
    for (line, expected, fixed_line) in [
        (
            r#"4k3/8/8/8/8/8/8/4K3 w - - id "a"; bm Kd2 id "b";"#,
            &[
                ("epd::operation::unseparated", "id"),
                ("epd::opcode::duplicate", "id"),
            ][..],
            r#"4k3/8/8/8/8/8/8/4K3 w - - id "a"; bm Kd2; id "b";"#,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - hmvc 0 fmvn 1;",
            &[("epd::operation::unseparated", "fmvn")][..],
            "4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 1;",
        ),
        (
            r#"4k3/8/8/8/8/8/8/4K3 w - - acd 5 ce -30 pv Kd2 Ke7 c0 "x";"#,
            &[
                ("epd::operation::unseparated", "ce"),
                ("epd::operation::unseparated", "pv"),
                ("epd::operation::unseparated", "c0"),
            ][..],
            r#"4k3/8/8/8/8/8/8/4K3 w - - acd 5; ce -30; pv Kd2 Ke7; c0 "x";"#,
        ),
        (
            // A move of `bm` before the split is still checked.
            r#"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 foo dm 3;"#,
            &[
                ("epd::operand::invalid", "foo"),
                ("epd::operation::unseparated", "dm"),
            ][..],
            r#"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 foo; dm 3;"#,
        ),
        (
            // The quotes and the `;` of an unquoted `id` run into the next operation.
            "4k3/8/8/8/8/8/8/4K3 w - - id WAC.003 bm Kd2;",
            &[
                ("epd::operand::unquoted", "WAC.003"),
                ("epd::operation::unseparated", "bm"),
            ][..],
            r#"4k3/8/8/8/8/8/8/4K3 w - - id "WAC.003"; bm Kd2;"#,
        ),
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        let mut found = codes_and_spans(line, &diagnostics);
        found.sort_unstable();
        let mut expected = expected.to_vec();
        expected.sort_unstable();
        assert_eq!(found, expected, "{line}");
        let fixed_text = fixed(line, &diagnostics);
        assert_eq!(fixed_text, fixed_line, "{line}");
        let left: Vec<_> = fenlint::epd::lint_epd(&fixed_text, 0, &validator)
            .iter()
            .map(|d| d.code().name())
            .filter(|name| *name == "epd::operation::unseparated")
            .collect();
        assert!(left.is_empty(), "{fixed_text}");
    }

    // No split where the word after the opcode is no operand of that opcode's form, where the
    // operation's own operands are free, or right after the opcode.
    for line in [
        r#"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 id Ke2;"#,
        r#"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 acd x;"#,
        r#"4k3/8/8/8/8/8/8/4K3 w - - noop bm Kd2;"#,
        r#"4k3/8/8/8/8/8/8/4K3 w - - bm bm Kd2;"#,
        r#"4k3/8/8/8/8/8/8/4K3 w - - c0 "bm Kd2 id x";"#,
        r#"4k3/8/8/8/8/8/8/4K3 w - - D1 5 D2 25;"#,
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        assert!(
            !codes(&diagnostics).contains(&"epd::operation::unseparated"),
            "{line}: {:?}",
            codes(&diagnostics)
        );
    }
}

/// A move in SAN with a suffix annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`) is an invalid
/// operand whose message names the annotation, and whose fix removes it.
#[test]
fn an_annotated_move_is_named_and_its_annotation_removed() {
    let validator = Validator::new();
    let line = r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5! Nc3?! d4!!; am Qe2?? Bc4?; id "t.2";"#;
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(
        codes_and_spans(line, &diagnostics),
        [
            ("epd::operand::invalid", "!"),
            ("epd::operand::invalid", "?!"),
            ("epd::operand::invalid", "!!"),
            ("epd::operand::invalid", "??"),
            ("epd::operand::invalid", "?"),
        ]
    );
    assert_eq!(
        diagnostics[0].message(),
        "move `Bb5!` of `bm` with the annotation `!`, expected the move alone in SAN, `Bb5`"
    );
    assert_eq!(&line[diagnostics[0].labels()[1].span().range()], "Bb5");
    let help = diagnostics[0].help_text().unwrap();
    assert!(help.contains("PGN §8.2.3.8"), "{help}");
    let fixed_text = fixed(line, &diagnostics);
    assert_eq!(
        fixed_text,
        r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Nc3 d4; am Qe2 Bc4; id "t.2";"#
    );
    assert!(fenlint::epd::lint_epd(&fixed_text, 0, &validator).is_empty());
    // After a check sign, and with `e4!?`; not after what is no move, nor a sign alone.
    let line = "4k3/8/8/8/8/8/4P3/4K3 w - - bm e4!? Kd2+!;";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(
        codes_and_spans(line, &diagnostics),
        [
            ("epd::operand::invalid", "!?"),
            ("epd::operand::invalid", "!"),
        ]
    );
    for line in [
        "4k3/8/8/8/8/8/4P3/4K3 w - - bm Ke9!;",
        "4k3/8/8/8/8/8/4P3/4K3 w - - bm e4!!!;",
        "4k3/8/8/8/8/8/4P3/4K3 w - - bm !;",
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        assert_eq!(codes(&diagnostics), ["epd::operand::invalid"], "{line}");
        assert!(diagnostics[0].fix().is_none(), "{line}");
        assert!(
            diagnostics[0].message().contains("expected a move in SAN"),
            "{line}"
        );
    }
}

/// Commas between moves: an invalid operand whose message says so, and whose fix separates
/// the moves with spaces alone.
#[test]
fn commas_between_moves_are_named_and_removed() {
    let validator = Validator::new();
    for (line, covered, fixed_line) in [
        (
            r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Nc3, Bb5; id "t.3";"#,
            &[","][..],
            r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Nc3 Bb5; id "t.3";"#,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - am Kd2,Ke2,Kf2;",
            &[","][..],
            "4k3/8/8/8/8/8/8/4K3 w - - am Kd2 Ke2 Kf2;",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 , Ke2;",
            &[","][..],
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 Ke2;",
        ),
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        let found = codes_and_spans(line, &diagnostics);
        let expected: Vec<_> = covered
            .iter()
            .map(|covered| ("epd::operand::invalid", *covered))
            .collect();
        assert_eq!(found, expected, "{line}");
        assert!(
            diagnostics[0]
                .message()
                .ends_with("expected moves separated by spaces"),
            "{line}"
        );
        let fixed_text = fixed(line, &diagnostics);
        assert_eq!(fixed_text, fixed_line, "{line}");
        assert!(fenlint::epd::lint_epd(&fixed_text, 0, &validator).is_empty());
    }
    let line = r#"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2, Ke2;"#;
    let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
    assert_eq!(
        diagnostics[0].message(),
        "comma in the operand `Kd2,` of `bm`, expected moves separated by spaces"
    );
    // A comma with what is no move, or alone at the start: the operand is invalid, no fix.
    for line in [
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2,x;",
        "4k3/8/8/8/8/8/8/4K3 w - - bm , Kd2;",
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        assert_eq!(codes(&diagnostics), ["epd::operand::invalid"], "{line}");
        assert!(diagnostics[0].fix().is_none(), "{line}");
    }
}

/// A `-` where an operation is expected (python-chess skips it): one warning on the `-` alone,
/// a fix that removes it when the four fields read well and an opcode or nothing follows, and
/// the operation after it read.
#[test]
fn a_stray_dash_before_the_operations_is_one_warning_on_the_dash() {
    let validator = Validator::new();
    let line =
        r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - - bm Nc3; id "t.4";"#;
    let record = fenlint::epd::check(line, 0, &validator);
    let diagnostics = record.diagnostics();
    assert_eq!(
        codes_and_spans(line, diagnostics),
        [("epd::operation::stray_dash", "-")]
    );
    assert_eq!(diagnostics[0].labels().len(), 1, "one label, on the `-`");
    assert_eq!(diagnostics[0].severity(), Severity::Warning);
    assert_eq!(
        diagnostics[0].message(),
        "stray `-` where an operation is expected, expected an opcode such as `bm`"
    );
    let opcodes: Vec<_> = record.operations().iter().map(|op| op.opcode()).collect();
    assert_eq!(opcodes, ["bm", "id"]);
    assert_eq!(&line[record.operations()[0].span().range()], "bm Nc3;");
    assert_eq!(fixed(line, diagnostics), line.replace("- - bm", "- bm"));
    for (line, fixed_line) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - -", "4k3/8/8/8/8/8/8/4K3 w - -"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - -; bm Kd2;",
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; - id \"a\";",
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a\";",
        ),
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        assert_eq!(
            codes_and_spans(line, &diagnostics),
            [("epd::operation::stray_dash", "-")],
            "{line}"
        );
        let fixed_text = fixed(line, &diagnostics);
        assert_eq!(fixed_text, fixed_line, "{line}");
        assert!(fenlint::epd::lint_epd(&fixed_text, 0, &validator).is_empty());
    }
    // No fix when the `-` may hold the place of a field (the fields do not read well, or a
    // number follows it).
    for line in [
        "4k3/8/8/8/8/8/8/4K3 x - - - bm Kd2;",
        "4k3/8/8/8/8/8/8/4K3 w - - - 1 bm Kd2;",
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        let dash = diagnostics
            .iter()
            .find(|d| d.message().starts_with("stray `-`"))
            .unwrap_or_else(|| panic!("{line}: {:?}", codes(&diagnostics)));
        assert!(dash.fix().is_none(), "{line}");
    }
    // Any other one-character opcode has one label too.
    let diagnostics = fenlint::epd::lint_epd("4k3/8/8/8/8/8/8/4K3 w - - 2 \"x\";", 0, &validator);
    assert_eq!(codes(&diagnostics), ["epd::opcode::invalid"]);
    assert_eq!(diagnostics[0].labels().len(), 1);
}

/// The moves of `pv` (a variation), `pm` and `sm` are SAN as those of `bm` are: a truncated
/// variation (`pv Kd2 R`) is `epd::operand::invalid` on the operand that is no move.
#[test]
fn variation_and_predicted_moves_are_moves_in_san() {
    let validator = Validator::new();
    for (record, operand) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; pv Kd2 R;", "R"),
        ("4k3/8/8/8/8/8/8/4K3 w - - pm Be;", "Be"),
        ("4k3/8/8/8/8/8/8/4K3 w - - sm e2-e4x;", "e2-e4x"),
    ] {
        let found = lint_file(record, &validator);
        let codes: Vec<_> = found.iter().map(|d| d.code().name()).collect();
        assert_eq!(codes, ["epd::operand::invalid"], "{record}");
        let start = record.rfind(operand).unwrap();
        assert_eq!(
            found[0].span().range(),
            start..start + operand.len(),
            "{record}"
        );
    }
    let fine = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; pv Kd2 Kd7 Ke3; pm Kf2; sm Kd2;";
    assert!(lint_file(fine, &validator).is_empty(), "{fine}");
}

/// A string operand written as an assignment (`id="33";`) is `epd::operation::assignment`, as a
/// plain one is, with the fix that writes `id "33"`; a string cut by a blank stays an invalid
/// opcode.
#[test]
fn a_string_written_as_an_assignment_is_an_assignment() {
    let validator = Validator::new();
    let record = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id=\"33\";";
    let found = lint_file(record, &validator);
    let codes: Vec<_> = found.iter().map(|d| d.code().name()).collect();
    assert_eq!(codes, ["epd::operation::assignment"]);
    let fixed = found[0].fix().unwrap().apply(record, 0).unwrap();
    assert_eq!(fixed, "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"33\";");
    assert!(lint_file(&fixed, &validator).is_empty());
    let cut = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id=\"a b\";";
    let codes: Vec<_> = lint_file(cut, &validator)
        .iter()
        .map(|d| d.code().name())
        .collect();
    assert!(codes.contains(&"epd::opcode::invalid"), "{codes:?}");
}

#[test]
fn operations_where_a_position_field_belongs_say_which_field_is_missing() {
    let validator = Validator::new();
    for (record, missing, fixed) in [
        // The en-passant field left out after castling rights: its fix writes `-`.
        (
            "4k3/8/8/8/8/8/8/2K5 w - bm Kc2; id \"x\";\n",
            "-",
            Some("4k3/8/8/8/8/8/8/2K5 w - - bm Kc2; id \"x\";\n"),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq am O-O;\n",
            "KQkq",
            Some("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - am O-O;\n"),
        ),
        // Castling and en passant both left out: the rights are unknown, so no fix.
        ("4k3/8/8/8/8/8/8/2K5 w bm Kc2;\n", "w", None),
    ] {
        let diagnostics = lint_file(record, &validator);
        assert_eq!(
            codes_and_spans(record, &diagnostics),
            [("epd::fields::missing", missing)],
            "{record}"
        );
        let fix = diagnostics[0]
            .fix()
            .map(|fix| fix.apply(record, 0).unwrap());
        assert_eq!(fix.as_deref(), fixed, "{record}");
    }
    // A field that could be castling rights or a square is read as the field it stands for.
    let record = "4k3/8/8/8/8/8/8/4K3 w - e6 bm Kd2;\n";
    assert_eq!(
        codes(&lint_file(record, &validator)),
        ["fen::en_passant::no_pawn"]
    );
}

/// A perft suite's record whose operations follow their `;` (`… 0 1 ;D1 20 ;D2 400`) gets its
/// counters' operations in that style, so that no `;` is left without an operation, and the
/// record reads back with the same counters and node counts.
#[test]
fn counters_join_operations_written_after_their_semicolon_in_their_style() {
    use fenlint::files::{FileKind, format_file};
    use fenlint::position::{EpdCountersStyle, WriteOptions};
    let suite = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n";
    let operations = format_file(
        FileKind::Epd,
        suite.as_bytes(),
        &WriteOptions::default().with_epd_counters(EpdCountersStyle::Operations),
    );
    let written = String::from_utf8(operations.text).unwrap();
    assert_eq!(
        written,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;hmvc 0 ;fmvn 1 ;D1 20 ;D2 400\n"
    );
    // The suite's own note, and nothing else: no empty operation, no operation left open.
    let record = fenlint::epd::check(written.trim_end(), 0, &Validator::new());
    assert_eq!(
        codes(record.diagnostics()),
        ["epd::operation::leading_semicolon"]
    );
    let opcodes: Vec<_> = record.operations().iter().map(|op| op.opcode()).collect();
    assert_eq!(opcodes, ["hmvc", "fmvn", "D1", "D2"]);
    let back = format_file(
        FileKind::Epd,
        written.as_bytes(),
        &WriteOptions::default().with_epd_counters(EpdCountersStyle::Fen),
    );
    assert_eq!(String::from_utf8(back.text).unwrap(), suite);
}

/// The moves of `bm`, `am`, `pm` and `sm` are read in the position, and those of `pv` one after
/// another: a move no piece of the side to move can play, or that two can, is
/// `epd::operand::illegal_move`, as python-chess rejects it; a variation after its first such
/// move or an operand that is no move, a position with errors and a record read for its
/// notation alone (a king promotion allowed) are not read.
#[test]
fn moves_are_read_in_the_position() {
    let validator = Validator::new();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    for (operations, illegal) in [
        ("bm Nf3 e4; am g4; pm c4; sm d4; pv e4 e5 Nf3;", vec![]),
        ("bm Qg3;", vec!["Qg3"]),
        ("am O-O; bm e4;", vec!["O-O"]),
        ("pv Nf6 e4;", vec!["Nf6"]),
        // Each move of a variation is played in the position the moves before it leave.
        ("pv e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O;", vec![]),
        ("pv e4 e5 e5;", vec!["e5"]),
        ("pv e4 Nf6 Nf3 Nxe4 Nxe4;", vec!["Nxe4"]),
        ("pv e4 d5 exd5 Qxd5 Nc3 Qa5 O-O;", vec!["O-O"]),
        ("pv e4 f5 exf5 g5 fxg6 Nf6 gxh7 Rg8 hxg8=Q Nxg8;", vec![]),
        // Only the first illegal move: the variation's position after it is not known.
        ("pv e4 e4 e4;", vec!["e4"]),
        ("sm Ke2;", vec!["Ke2"]),
    ] {
        let record = format!("{start} {operations}");
        let diagnostics = fenlint::epd::lint_epd(&record, 0, &validator);
        let found: Vec<&str> = diagnostics
            .iter()
            .filter(|d| d.code().name() == "epd::operand::illegal_move")
            .map(|d| &record[d.span().range()])
            .collect();
        assert_eq!(found, illegal, "{record}");
        assert_eq!(
            diagnostics.len(),
            illegal.len(),
            "{record}: {diagnostics:?}"
        );
    }
    // A move of the side not to move says so.
    let record = format!("{start} bm e5;");
    let diagnostics = fenlint::epd::lint_epd(&record, 0, &validator);
    assert_eq!(codes(&diagnostics), ["epd::operand::illegal_move"]);
    assert!(
        diagnostics[0]
            .help_text()
            .unwrap()
            .contains("Black could play"),
        "{:?}",
        diagnostics[0].help_text()
    );
    // A later move of a variation says after which moves it is read.
    let record = format!("{start} pv e4 e5 e5;");
    let diagnostics = fenlint::epd::lint_epd(&record, 0, &validator);
    assert_eq!(
        diagnostics[0].message(),
        "move `e5` of `pv` is no legal move of White after `e4 e5`, expected a move White can play"
    );
    // An operand that is no move in SAN (a move number) ends the reading of a variation: it
    // has its own diagnostic, and the moves after it are not read.
    let record = format!("{start} pv e4 2. Qh5 Qxf7;");
    assert_eq!(
        codes(&fenlint::epd::lint_epd(&record, 0, &validator)),
        ["epd::operand::invalid"]
    );
    // Two knights that can go to e4.
    let record = "4k3/8/8/8/8/2N3N1/8/4K3 w - - bm Ne4; am Nce4;";
    let diagnostics = fenlint::epd::lint_epd(record, 0, &validator);
    assert_eq!(
        codes_and_spans(record, &diagnostics),
        [("epd::operand::illegal_move", "Ne4")]
    );
    assert!(
        diagnostics[0]
            .message()
            .contains("fits 2 legal moves of White")
    );
    // A position with errors: its moves are not read.
    let record = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - bm Qg3;";
    let codes_found = codes(&fenlint::epd::lint_epd(record, 0, &validator));
    assert!(
        !codes_found.contains(&"epd::operand::illegal_move"),
        "{codes_found:?}"
    );
    // Read for its notation alone, as an unknown variant is.
    let syntax = Validator::new().syntax();
    let record = format!("{start} bm Qg3;");
    assert!(fenlint::epd::lint_epd(&record, 0, &syntax).is_empty());
}

/// An en-passant `-` with the halfmove clock run into it, in a record of the six-field
/// dialect (`… w - -1 12 ; bm Nf6+;`, as in a classic test suite), is one error whose fix puts
/// the space back; the counters after it are the record's, not an invalid opcode.
#[test]
fn a_dash_run_into_the_halfmove_clock_is_one_error_and_the_counters_are_read() {
    let line = "1rbq1rk1/p1b1nppp/1p2p3/8/1B1pN3/P2B4/1P3PPP/2RQ1R1K w - -1 12 ; bm Nf6+;";
    let parse = fenlint::parse_epd_record(line);
    assert_eq!(parse.tree().to_string(), line);
    let diagnostics = fenlint::epd::lint_epd(line, 0, &Validator::new());
    assert_eq!(
        codes(&diagnostics),
        [
            "fen::en_passant::invalid",
            "epd::fields::move_counters",
            "epd::operation::leading_semicolon"
        ]
    );
    let fix = diagnostics[0].fix().unwrap();
    assert_eq!(
        fix.apply(line, 0).unwrap(),
        "1rbq1rk1/p1b1nppp/1p2p3/8/1B1pN3/P2B4/1P3PPP/2RQ1R1K w - - 1 12 ; bm Nf6+;"
    );
    // A clock of two digits may be a mistyped space: no reading is sure.
    let unsure = "4k3/8/8/8/8/8/8/4K3 w - -10 12 ; bm Kd2;";
    let diagnostics = fenlint::epd::lint_epd(unsure, 0, &Validator::new());
    assert!(codes(&diagnostics).contains(&"fen::en_passant::invalid"));
    assert!(!codes(&diagnostics).contains(&"epd::fields::move_counters"));
}
