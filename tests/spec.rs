//! The requirements of the grammar issue, one test each: recovery, messages that are right where
//! other tools are wrong, fixes, bytes and huge input.

use fenlint::{Code, Severity, Span};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn codes(input: &str) -> Vec<&'static str> {
    fenlint::parse(input)
        .diagnostics()
        .iter()
        .map(|d| d.code().name())
        .collect()
}

#[test]
fn one_pass_reports_every_independent_problem() {
    let input = "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - -1 1";
    assert_eq!(
        codes(input),
        [
            "fen::placement::rank_too_long",
            "fen::side_to_move::invalid",
            "fen::halfmove_clock::invalid",
        ]
    );
    // A broken group does not hide the groups after it, nor its own other ranks.
    let input = "rnbqkbnr/ppppXppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQxk E3 0 1.5";
    assert_eq!(
        codes(input),
        [
            "fen::placement::invalid_character",
            "fen::placement::rank_too_short",
            "fen::castling::invalid_character",
            "fen::en_passant::uppercase",
            "fen::fullmove_number::invalid",
        ]
    );
}

#[test]
fn a_seven_square_rank_has_too_few_squares() {
    let parse = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1");
    let [diagnostic] = parse.diagnostics() else {
        panic!("{:?}", parse.diagnostics())
    };
    assert_eq!(diagnostic.code(), Code::RankTooShort);
    assert!(
        diagnostic
            .message()
            .starts_with("too few squares: rank 2 `PPPPPPP` has 7")
    );
    assert_eq!(diagnostic.span(), Span::new(26, 33));
}

#[test]
fn a_nine_is_a_digit_out_of_range_not_an_invalid_character() {
    let parse = fenlint::parse("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let [diagnostic] = parse.diagnostics() else {
        panic!("{:?}", parse.diagnostics())
    };
    assert_eq!(diagnostic.code(), Code::PlacementDigitOutOfRange);
    assert_eq!(diagnostic.span(), Span::new(18, 19));
    assert!(diagnostic.message().contains("digit `9` out of range"));
}

#[test]
fn a_double_space_is_a_whitespace_warning_not_a_field_count_error() {
    let parse = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1");
    let [diagnostic] = parse.diagnostics() else {
        panic!("{:?}", parse.diagnostics())
    };
    assert_eq!(diagnostic.code(), Code::WhitespaceSeparator);
    assert_eq!(diagnostic.severity(), Severity::Warning);
    assert_eq!(diagnostic.span(), Span::new(43, 45));
    assert!(!parse.has_errors());
    assert_eq!(parse.tree().side_to_move().unwrap().text(), "w");
}

#[test]
fn a_bad_three_check_counter_is_blamed_on_the_counter() {
    let remaining = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4+0 0 1");
    let [diagnostic] = remaining.diagnostics() else {
        panic!("{:?}", remaining.diagnostics())
    };
    assert_eq!(diagnostic.code(), Code::ChecksCountOutOfRange);
    assert_eq!(diagnostic.span(), Span::new(53, 54));
    assert_eq!(remaining.tree().halfmove_clock().unwrap().value(), Some(0));

    let given = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +x+0");
    let [diagnostic] = given.diagnostics() else {
        panic!("{:?}", given.diagnostics())
    };
    assert_eq!(diagnostic.code(), Code::ChecksInvalid);
    assert_eq!(diagnostic.span(), Span::new(58, 59));
}

#[test]
fn missing_counters_and_adjacent_digits_are_warnings() {
    for input in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1\r\n",
    ] {
        let parse = fenlint::parse(input);
        assert!(!parse.diagnostics().is_empty(), "{input:?}");
        assert!(!parse.has_errors(), "{input:?}: {:?}", parse.diagnostics());
        assert_eq!(parse.tree().to_string(), input);
    }
}

/// Every fix, applied, removes the diagnostic it belongs to and introduces no other.
#[test]
fn fixes_repair_what_they_claim() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKqk - 0 1",
            "fen::castling::order",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E6 0 1",
            "fen::en_passant::uppercase",
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "fen::placement::adjacent_digits",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1",
            "fen::whitespace::separator",
        ),
        (
            " rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "fen::whitespace::leading",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ",
            "fen::whitespace::trailing",
        ),
        (
            "\u{feff}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "fen::input::byte_order_mark",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqq - 0 1",
            "fen::castling::duplicate",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
            "fen::side_to_move::invalid",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;",
            "fen::fullmove_number::invalid",
        ),
    ];
    for (input, code) in cases {
        let parse = fenlint::parse(input);
        let [diagnostic] = parse.diagnostics() else {
            panic!("{input:?}: {:?}", parse.diagnostics())
        };
        assert_eq!(diagnostic.code().name(), code);
        let fixed = diagnostic.fix().unwrap().apply(input, 0).unwrap();
        let expected = if code == "fen::en_passant::uppercase" {
            START.replace(" - ", " e6 ")
        } else {
            START.to_owned()
        };
        assert_eq!(fixed, expected, "{code}");
        assert!(fenlint::parse(&fixed).diagnostics().is_empty());
    }
    let unclosed = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qp w KQkq - 0 1";
    let parse = fenlint::parse(unclosed);
    let fixed = parse.diagnostics()[0]
        .fix()
        .unwrap()
        .apply(unclosed, 0)
        .unwrap();
    assert_eq!(
        fixed,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qp] w KQkq - 0 1"
    );
    assert!(fenlint::parse(&fixed).diagnostics().is_empty());
}

#[test]
fn ambiguous_problems_get_no_fix() {
    for input in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKxk - 0 1",
    ] {
        let parse = fenlint::parse(input);
        assert!(parse.has_errors());
        for diagnostic in parse.diagnostics() {
            assert!(diagnostic.fix().is_none(), "{input:?}: {diagnostic:?}");
        }
    }
}

#[test]
fn bytes_that_are_not_utf8_give_a_diagnostic_at_the_byte() {
    let error = fenlint::parse_bytes_at(b"8/8/8/8/8/8/8/8 \xe2\x82 - - 0 1", 7).unwrap_err();
    assert_eq!(error.code(), Code::InputInvalidUtf8);
    assert_eq!(error.span(), Span::new(23, 25));
    assert_eq!(error.severity(), Severity::Error);
    assert!(
        fenlint::parse_bytes(START.as_bytes())
            .unwrap()
            .diagnostics()
            .is_empty()
    );
}

#[test]
fn a_ten_megabyte_line_is_kept_whole_but_parsed_only_for_its_first_64_kib() {
    let rank = "pP".repeat(5 * 1024 * 1024);
    let input = format!("{rank}/8/8/8/8/8/8/8 w - - 0 1");
    let parse = fenlint::parse(&input);
    // Lossless: every byte is in the tree.
    assert_eq!(parse.tree().to_string(), input);
    // Bounded: the first 64 KiB become tokens, the rest one error token.
    let tokens = parse.tree().tokens().count();
    assert!(tokens <= fenlint::MAX_LINE_LEN + 1, "{tokens} tokens");
    let last = parse.tree().tokens().last().unwrap();
    assert_eq!(last.kind(), fenlint::SyntaxKind::Error);
    assert_eq!(
        last.span(),
        fenlint::Span::new(fenlint::MAX_LINE_LEN, input.len())
    );
    let codes = codes(&input);
    assert!(
        codes.contains(&"fen::placement::rank_too_long"),
        "{codes:?}"
    );
    assert_eq!(codes.last(), Some(&"fen::input::too_long"));

    // A cut in the middle of a character is moved back to its start.
    let wide = format!(
        "{}é{}",
        "8".repeat(fenlint::MAX_LINE_LEN - 1),
        "8".repeat(100)
    );
    let parse = fenlint::parse(&wide);
    assert_eq!(parse.tree().to_string(), wide);
    let last = parse.tree().tokens().last().unwrap();
    assert_eq!(last.span().start, fenlint::MAX_LINE_LEN - 1);

    let garbage = "x/".repeat(5 * 1024 * 1024);
    let parse = fenlint::parse(&garbage);
    assert_eq!(parse.tree().to_string(), garbage);
    assert!(parse.diagnostics().len() <= 66);
    assert!(
        parse
            .diagnostics()
            .iter()
            .any(|diagnostic| diagnostic.code() == Code::InputTooManyProblems)
    );
}
