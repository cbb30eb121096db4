//! The text-only decisions of the grammar, one test each; `grammar/README.md`
//! ("Decisions") states each of them. A syntax code follows from the text alone; the codes here
//! are what fires, with the text each primary label covers.

use fenlint::{Code, Validator};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// The syntax diagnostics of `input`: code and the text of the primary span.
fn syntax(input: &str) -> Vec<(&'static str, String)> {
    fenlint::parse(input)
        .diagnostics()
        .iter()
        .map(|d| (d.code().name(), input[d.span().range()].to_owned()))
        .collect()
}

/// Every diagnostic of the whole lint of `input`.
fn lint(input: &str) -> Vec<(&'static str, String)> {
    Validator::new()
        .lint(input)
        .diagnostics()
        .iter()
        .map(|d| (d.code().name(), input[d.span().range()].to_owned()))
        .collect()
}

fn pairs(expected: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
    expected.iter().map(|&(c, t)| (c, t.to_owned())).collect()
}

/// `… w AQ …`: whether `A` and `Q` name one rook depends on the board, so it is the rule
/// `fen::castling::same_rook`, never the syntax code `fen::castling::duplicate`, which is the
/// same letter twice.
#[test]
fn two_letters_for_one_rook_are_a_rule_and_the_same_letter_twice_is_syntax() {
    let rook_on_a1 = "4k3/8/8/8/8/8/8/R3K3 w AQ - 0 1";
    assert_eq!(syntax(rook_on_a1), []);
    assert_eq!(
        lint(rook_on_a1),
        pairs(&[
            ("fen::castling::mixed_notation", "A"),
            ("fen::castling::same_rook", "Q")
        ])
    );
    // Without the rook the letters name nothing: the rule that says so, not a duplicate.
    let no_rook = "4k3/8/8/8/8/8/8/4K3 w AQ - 0 1";
    let codes: Vec<_> = lint(no_rook).into_iter().map(|(c, _)| c).collect();
    assert!(codes.contains(&"fen::castling::no_rook"), "{codes:?}");
    assert!(
        !codes.contains(&"fen::castling::duplicate")
            && !codes.contains(&"fen::castling::same_rook")
    );
    // The same letter twice is syntax, whatever the board.
    assert_eq!(
        syntax("4k3/8/8/8/8/8/8/4K3 w QQ - 0 1"),
        pairs(&[("fen::castling::duplicate", "Q")])
    );
    assert!(!Code::CastlingDuplicate.is_rule());
    assert!(Code::CastlingSameRook.is_rule());
}

/// `--`: a second `-` is a misplaced dash (a `-` stands alone, once), not a duplicate right.
#[test]
fn a_double_dash_is_a_misplaced_dash() {
    let input = format!("{START} w -- - 0 1");
    assert_eq!(
        syntax(&input),
        pairs(&[("fen::castling::misplaced_dash", "-")])
    );
    let fixed = fenlint::parse(&input).diagnostics()[0]
        .fix()
        .unwrap()
        .apply(&input, 0)
        .unwrap();
    assert_eq!(fixed, format!("{START} w - - 0 1"));
}

/// `+5` as the halfmove clock is an invalid halfmove clock; a field that starts with `+` is
/// the given checks only in the `+W+B` shape or after the fullmove number.
#[test]
fn a_signed_counter_is_an_invalid_counter_not_a_three_check_counter() {
    assert_eq!(
        syntax(&format!("{START} w KQkq - +5 1")),
        pairs(&[("fen::halfmove_clock::invalid", "+5")])
    );
    assert_eq!(
        syntax(&format!("{START} w KQkq - 0 +1")),
        pairs(&[("fen::fullmove_number::invalid", "+1")])
    );
    // After the fullmove number, a `+` field is a (broken) given-checks counter.
    let codes: Vec<_> = syntax(&format!("{START} w KQkq - 0 1 +5"))
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    assert_eq!(codes, ["fen::checks::invalid"]);
    // `+0+2` in the halfmove slot is the given checks with the counters missing: they are
    // missing after the en passant field, the last of the six given.
    assert_eq!(
        syntax(&format!("{START} w KQkq - +0+2")),
        pairs(&[("fen::fields::missing", "-")])
    );
    // `3+3` after the en passant field is the remaining checks in their place: the counters
    // are missing after them, and the message counts them.
    assert_eq!(
        syntax(&format!("{START} w KQkq - 1+1")),
        pairs(&[("fen::fields::missing", "1+1")])
    );
    let input = format!("{START} w KQkq - 1+1");
    let parse = fenlint::parse(&input);
    assert_eq!(
        parse.diagnostics()[0].message(),
        "FEN has 4 of 6 fields and three-check counters, expected also the halfmove clock and fullmove number"
    );
}

/// `…RNBQKBNR[ ] w …`: whitespace inside bracket holdings that the next word closes is one
/// invalid character in the holdings, not six errors for fields out of step.
#[test]
fn whitespace_inside_bracket_holdings_is_one_invalid_character() {
    let input = format!("{START}[ ] w KQkq - 0 1");
    assert_eq!(
        syntax(&input),
        pairs(&[("fen::holdings::invalid_character", " ")])
    );
    assert_eq!(lint(&input).len(), 1, "{:?}", lint(&input));
    let input = format!("{START}[Q p] w KQkq - 0 1");
    assert_eq!(
        syntax(&input),
        pairs(&[("fen::holdings::invalid_character", " ")])
    );
    // Not when the next word does not close the holdings.
    let codes: Vec<_> = syntax(&format!("{START}[Q w KQkq - 0 1"))
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    assert_eq!(codes[0], "fen::holdings::unclosed");
}

/// One whitespace set: Unicode White_Space (Rust's `char::is_whitespace`), for separators and
/// for leading and trailing whitespace; everything else is a character of a field.
#[test]
fn the_whitespace_set_is_unicode_white_space() {
    let white_space: Vec<char> = (0..=0x10ffff_u32)
        .filter_map(char::from_u32)
        .filter(|c| c.is_whitespace())
        .collect();
    // The set the grammar, the README and `explain` state.
    let stated: Vec<char> = [
        0x9, 0xa, 0xb, 0xc, 0xd, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
        0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
    ]
    .into_iter()
    .map(|c| char::from_u32(c).unwrap())
    .collect();
    assert_eq!(white_space, stated);
    let grammar =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/fen.ebnf")).unwrap();
    assert!(grammar.contains(
        "whitespace_char ::= [#x9-#xD#x20#x85#xA0#x1680#x2000-#x200A#x2028#x2029#x202F#x205F#x3000]"
    ));
    assert!(
        Code::WhitespaceSeparator
            .docs()
            .contains("Unicode White_Space")
    );
    for c in stated {
        let input = format!("{START}{c}w KQkq - 0 1");
        let expected = if c == ' ' {
            vec![]
        } else {
            vec!["fen::whitespace::separator"]
        };
        let codes: Vec<_> = syntax(&input).into_iter().map(|(c, _)| c).collect();
        assert_eq!(codes, expected, "U+{:04X}", c as u32);
        let codes: Vec<_> = syntax(&format!("{c}{START} w KQkq - 0 1"))
            .into_iter()
            .map(|(c, _)| c)
            .collect();
        assert_eq!(codes, ["fen::whitespace::leading"], "U+{:04X}", c as u32);
        let codes: Vec<_> = syntax(&format!("{START} w KQkq - 0 1{c}"))
            .into_iter()
            .map(|(c, _)| c)
            .collect();
        assert_eq!(codes, ["fen::whitespace::trailing"], "U+{:04X}", c as u32);
    }
    // Not whitespace: part of the field they stand in.
    for c in ['\u{200b}', '\u{1f}', '\u{feff}', '\u{180e}'] {
        let codes: Vec<_> = syntax(&format!("{START} w{c}KQkq - 0 1"))
            .into_iter()
            .map(|(c, _)| c)
            .collect();
        assert_eq!(codes[0], "fen::side_to_move::invalid", "U+{:04X}", c as u32);
    }
}

/// Leading zeros in the counters (`00`, `01`) are the warning `fen::counter::leading_zero`,
/// with a fix; the value is read.
#[test]
fn leading_zeros_in_counters_are_a_warning() {
    let input = format!("{START} w KQkq - 00 01");
    assert_eq!(
        syntax(&input),
        pairs(&[
            ("fen::counter::leading_zero", "00"),
            ("fen::counter::leading_zero", "01")
        ])
    );
    assert_eq!(
        Code::CounterLeadingZero.default_severity(),
        fenlint::Severity::Warning
    );
    let parse = fenlint::parse(&input);
    assert_eq!(parse.tree().fullmove_number().unwrap().text(), "01");
    let fixed = fenlint::files::fix_file(
        fenlint::files::FileKind::Lines,
        input.as_bytes(),
        &Validator::new(),
    );
    assert_eq!(
        String::from_utf8(fixed.text).unwrap(),
        format!("{START} w KQkq - 0 1")
    );
    assert_eq!(syntax(&format!("{START} w KQkq - 0 10")), []);
}

/// The counters' limit is 4294967295 (2^32 - 1), the rule `fen::counter::overflow`; the syntax
/// accepts any number of digits.
#[test]
fn counters_above_u32_overflow() {
    let at_limit = "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295";
    assert!(
        !lint(at_limit)
            .iter()
            .any(|(c, _)| *c == "fen::counter::overflow")
    );
    let over = "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967296";
    assert_eq!(syntax(over), []);
    assert!(lint(over).contains(&("fen::counter::overflow", "4294967296".to_owned())));
    let twenty = "4k3/8/8/8/8/8/8/4K3 w - - 0 12345678901234567890";
    assert!(lint(twenty).contains(&("fen::counter::overflow", "12345678901234567890".to_owned())));
    assert!(Code::CounterOverflow.docs().contains("4294967295"));
}

/// An EPD record written as a six-field FEN (opening books, test suites) is a dialect: its
/// counters are read as the FEN's, with a note of its own code, not an error.
#[test]
fn fen_counters_in_an_epd_record_are_a_dialect() {
    let line = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let diagnostics = fenlint::epd::lint_epd(line, 0, &Validator::new());
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].code(), Code::EpdFieldsMoveCounters);
    assert_eq!(diagnostics[0].severity(), fenlint::Severity::Advice);
    assert!(diagnostics[0].message().contains("six-field FEN"));
}

/// Three-check counters in an EPD record are a fifth field right after the en-passant field, in
/// either form; anywhere else they are an `epd::opcode::invalid` saying where they belong.
#[test]
fn three_check_counters_in_an_epd_record_come_after_the_en_passant_field() {
    let validator = Validator::new();
    for line in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 bm e4;",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +0+0 bm e4;",
    ] {
        assert!(
            fenlint::epd::lint_epd(line, 0, &validator).is_empty(),
            "{line}"
        );
    }
    for line in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; +0+0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0",
    ] {
        let diagnostics = fenlint::epd::lint_epd(line, 0, &validator);
        let invalid = diagnostics
            .iter()
            .find(|d| d.code().name() == "epd::opcode::invalid")
            .unwrap_or_else(|| panic!("{line}: {:?}", diagnostics));
        assert!(
            invalid
                .message()
                .contains("expected them right after the en-passant field"),
            "{}",
            invalid.message()
        );
        assert_eq!(&line[invalid.span().range()], "+0+0");
        // One diagnostic for the counters, not also an operation without `;`.
        assert!(
            diagnostics
                .iter()
                .all(|d| d.code().name() != "epd::operation::unterminated"),
            "{line}: {diagnostics:?}"
        );
    }
}

/// Words before a board (`position fen …`, `3check …`, `1. …`): one `fen::input::text_before`
/// on the words, and the FEN after them read as a FEN, with its own problems and nothing more.
#[test]
fn words_before_a_board_are_one_problem_and_the_fen_is_read_after_them() {
    let fen = format!("{START} w KQkq - 0 1");
    for (words, fixed) in [("position fen", true), ("3check", false), ("1.", false)] {
        let input = format!("{words} {fen}");
        assert_eq!(
            lint(&input),
            pairs(&[("fen::input::text_before", words)]),
            "{input}"
        );
        let lint = Validator::new().lint(&input);
        let fix = lint.diagnostics()[0].fix();
        match fixed {
            true => assert_eq!(fix.unwrap().apply(&input, 0).unwrap(), fen),
            false => assert!(fix.is_none(), "{input}"),
        }
    }
    // With moves after the FEN, the command's position is not the FEN's: no fix, and the moves
    // are extra text.
    let input = format!("position fen {fen} moves e2e4");
    assert_eq!(
        lint(&input),
        pairs(&[
            ("fen::input::text_before", "position fen"),
            ("fen::fields::unexpected", "moves e2e4"),
        ])
    );
    assert!(
        Validator::new().lint(&input).diagnostics()[0]
            .fix()
            .is_none()
    );
    // The FEN's own problems are still reported.
    assert_eq!(
        lint("3check 4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        pairs(&[
            ("fen::input::text_before", "3check"),
            ("fen::side_to_move::invalid", "x"),
        ])
    );
    // Not words before a board: a first field with a `/`, or a board too far along.
    for input in [
        "8/8 w - - 0 1 4k3/8/8/8/8/8/8/4K3",
        "a b c d 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        assert!(
            lint(input)
                .iter()
                .all(|(code, _)| *code != "fen::input::text_before"),
            "{input}"
        );
    }
    // UCI's `position startpos` is the start position's name, as `startpos` is.
    assert_eq!(
        syntax("position startpos"),
        pairs(&[("fen::input::uci_startpos", "position startpos")])
    );
}
