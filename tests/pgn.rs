//! PGN files: every `pgn::` code on a small file (pass and fail), FEN diagnostics with spans into
//! the file, games split at tags after movetext, comments skipped, and one snapshot per code.

mod support;

use support::{codes, codes_and_spans};

use fenlint::position::Variant;
use fenlint::{Code, Diagnostic, Severity, Validator};

fn lint(text: &str) -> Vec<Diagnostic> {
    fenlint::pgn::lint_pgn(text, 0, &Validator::new())
}

/// `(code, file that draws it, the text its primary span covers, file that does not)`.
const CASES: &[(&str, &str, &str, &str)] = &[
    (
        "pgn::tag::malformed",
        "[Event \"Casual]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n",
        "]",
        "[Event \"Casual\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n",
    ),
    (
        "pgn::tag::unescaped_quote",
        "[Annotator \"Lopez \"Battle Royale\"\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n",
        "\"",
        "[Annotator \"Lopez \\\"Battle Royale\\\"\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n",
    ),
    (
        "pgn::tag::duplicate",
        "[White \"A\"]\n[White \"B\"]\n\n1. e4 *\n",
        "White",
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n",
    ),
    (
        "pgn::setup::missing",
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n\n[Event \"?\"]\n[FEN \"4k3/8/8/8/8/8/8/3K4 w - - 0 1\"]\n\n1. Kc2 *\n",
        "FEN",
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n\n[Event \"?\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3K4 w - - 0 1\"]\n\n1. Kc2 *\n",
    ),
    (
        "pgn::setup::without_fen",
        "[Event \"?\"]\n[SetUp \"1\"]\n\n1. e4 *\n",
        "[SetUp \"1\"]",
        "[Event \"?\"]\n[SetUp \"0\"]\n\n1. e4 *\n",
    ),
    (
        "pgn::variant::unknown",
        "[Variant \"Atomic\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n",
        "Atomic",
        "[Variant \"Three-check\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 +0+0\"]\n\n*\n",
    ),
    (
        "pgn::comment::unclosed",
        "[Event \"?\"]\n\n1. e4 { a comment that never ends\n\n[Event \"next\"]\n",
        "{",
        "[Event \"?\"]\n\n1. e4 { a comment } *\n\n[Event \"next\"]\n",
    ),
];

#[test]
fn every_case_draws_its_code_at_its_span_and_its_pass_case_does_not() {
    for &(name, bad, covered, good) in CASES {
        assert!(Code::from_name(name).is_some(), "unknown code {name}");
        let diagnostics = lint(bad);
        let found = diagnostics
            .iter()
            .find(|d| d.code().name() == name)
            .unwrap_or_else(|| panic!("{bad:?} does not draw {name}: {:?}", codes(&diagnostics)));
        assert_eq!(&bad[found.span().range()], covered, "{name}");
        let diagnostics = lint(good);
        assert!(
            diagnostics.is_empty(),
            "{good:?}: {:?}",
            codes(&diagnostics)
        );
    }
}

#[test]
fn fen_diagnostics_point_into_the_file_per_game() {
    let file = "[Event \"one\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 0\"]\n\n1. Kd2 Kd7 *\n\n\
                [Event \"two\"]\n[SetUp \"1\"]\n[FEN \"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1-0\n";
    let diagnostics = lint(file);
    let found = codes_and_spans(file, &diagnostics);
    assert_eq!(
        found,
        [
            ("fen::fullmove_number::zero", "0"),
            ("fen::check::opposite", "k"),
        ]
    );
    let second_game = file.find("[Event \"two\"]").unwrap();
    assert!(diagnostics[1].span().start > second_game);
    let pgn = fenlint::pgn::read(file, 0);
    assert_eq!(pgn.games().len(), 2);
    assert_eq!(pgn.games()[1].tag("Event").unwrap().value(), "two");
}

#[test]
fn spans_are_offsets_from_the_base() {
    let file = "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 x - - 0 1\"]\n*\n";
    let base = 5000;
    let diagnostics = fenlint::pgn::lint_pgn(file, base, &Validator::new());
    let side = diagnostics
        .iter()
        .find(|d| d.code() == Code::SideToMoveInvalid)
        .unwrap();
    let range = side.span().start - base..side.span().end - base;
    assert_eq!(&file[range], "x");
}

#[test]
fn setup_and_fen_belong_to_their_own_game() {
    // The second game's FEN does not borrow the first game's SetUp.
    let file = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n\n\
                [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    let diagnostics = lint(file);
    assert_eq!(codes(&diagnostics), ["pgn::setup::missing"]);
    assert!(diagnostics[0].span().start > file.find("\n\n*").unwrap());
}

#[test]
fn setup_zero_with_a_fen_is_fixed_to_one() {
    let file = "[SetUp \"0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    let diagnostics = lint(file);
    assert_eq!(codes(&diagnostics), ["pgn::setup::missing"]);
    assert_eq!(&file[diagnostics[0].span().range()], "0");
    let fixed = diagnostics[0].fix().unwrap().apply(file, 0).unwrap();
    assert!(lint(&fixed).is_empty(), "{fixed}");
}

#[test]
fn fixes_repair_what_they_claim() {
    for file in [
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3K4 w - - 0 1\"]\n\n*\n\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n",
        "[SetUp \"1\"]\r\n[FEN \"4k3/8/8/8/8/8/8/3K4 w - - 0 1\"]\r\n\r\n*\r\n\r\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\r\n\r\n*\r\n",
        // The value's closing quote escaped: the fix removes the backslash.
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\\\" ]\n\n*\n",
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\\\"]\n\n*\n",
        "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n\n*\n",
        // In another tag the backslash is the writer's, left unescaped: the fix escapes it.
        "[Event \"Cup \\\"]\n\n*\n",
        "[SetUp \"1\"]\r\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1]\r\n\r\n*\r\n",
    ] {
        let diagnostics = lint(file);
        let [diagnostic] = diagnostics.as_slice() else {
            panic!("{file:?}: {:?}", codes(&diagnostics));
        };
        let fixed = diagnostic.fix().unwrap().apply(file, 0).unwrap();
        assert!(lint(&fixed).is_empty(), "{fixed:?}");
        // An inserted line keeps the file's line ending.
        if file.contains("\r\n") {
            assert!(!fixed.replace("\r\n", "").contains('\n'), "{fixed:?}");
        }
        if file.starts_with("[Event") {
            assert_eq!(fixed, "[Event \"Cup \\\\\"]\n\n*\n");
            let pgn = fenlint::pgn::read(&fixed, 0);
            assert_eq!(pgn.games()[0].tag("Event").unwrap().unescaped(), "Cup \\");
        }
    }
}

#[test]
fn brackets_in_comments_and_strings_are_not_tags() {
    let file = "[Event \"a ] b\"]\n[Site \"say \\\"[FEN]\\\"\"]\n\n\
                1. e4 {[FEN \"x\"]} 1... e5 ; [FEN \"y\"]\n%[FEN \"z\"]\n2. Nf3 *\n";
    let diagnostics = lint(file);
    assert!(diagnostics.is_empty(), "{:?}", codes(&diagnostics));
    let pgn = fenlint::pgn::read(file, 0);
    assert_eq!(pgn.games().len(), 1);
    let tags = pgn.games()[0].tags();
    assert_eq!(tags.len(), 2);
    assert_eq!(tags[0].value(), "a ] b");
    assert_eq!(tags[1].unescaped(), "say \"[FEN]\"");
}

#[test]
fn the_variant_tag_chooses_the_variant() {
    // Castling with the rook on g1: wrong in standard chess, fine in Chess960.
    let fen = "[SetUp \"1\"]\n[FEN \"rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1\"]\n\n*\n";
    for (variant, clean) in [
        ("Standard", false),
        ("Chess", false),
        ("Chess960", true),
        ("Fischerandom", true),
        ("Fischer Random", true),
        ("From Position", true),
    ] {
        let file = format!("[Variant \"{variant}\"]\n{fen}");
        let diagnostics = lint(&file);
        assert_eq!(
            diagnostics.is_empty(),
            clean,
            "{variant}: {:?}",
            codes(&diagnostics)
        );
    }
    for (name, variant) in [
        ("Crazyhouse", Variant::Crazyhouse),
        ("Three-check", Variant::ThreeCheck),
        ("Threecheck", Variant::ThreeCheck),
        ("3-check", Variant::ThreeCheck),
    ] {
        assert_eq!(fenlint::pgn::variant_of(name), Ok(Some(variant)));
    }
    // Holdings are fine in a crazyhouse game and a warning when it says standard.
    let holdings = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1\"]\n\n*\n";
    assert!(lint(&format!("[Variant \"Crazyhouse\"]\n{holdings}")).is_empty());
    assert_eq!(
        codes(&lint(&format!("[Variant \"Standard\"]\n{holdings}"))),
        ["fen::holdings::not_crazyhouse"]
    );
}

#[test]
fn byte_order_mark_and_crlf() {
    let file = "\u{feff}[Event \"?\"]\r\n[SetUp \"1\"]\r\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\r\n\r\n1. Kd2 *\r\n\r\n\
                [Event \"?\"]\r\n[FEN \"4k3/8/8/8/8/8/8/4K3 w KQ - 0 1\"]\r\n\r\n*\r\n";
    let diagnostics = lint(file);
    let found = codes_and_spans(file, &diagnostics);
    assert_eq!(
        found,
        [
            ("pgn::setup::missing", "FEN"),
            ("fen::castling::no_rook", "K"),
            ("fen::castling::no_rook", "Q"),
        ]
    );
    assert_eq!(
        diagnostics[0].fix().unwrap().replacement(),
        "[SetUp \"1\"]\r\n"
    );
    let body = support::report_diagnostics(file, &diagnostics);
    support::settings().bind(|| insta::assert_snapshot!("pgn__bom_crlf", body));
}

#[test]
fn severity_overrides_apply_to_pgn_codes() {
    let file = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3K4 w - - 0 1\"]\n\n*\n\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    let validator = Validator::new().with_severity(Code::PgnSetupMissing, Severity::Error);
    let diagnostics = fenlint::pgn::lint_pgn(file, 0, &validator);
    assert_eq!(diagnostics[0].severity(), Severity::Error);
    let validator = Validator::new().allow(Code::PgnSetupMissing);
    assert!(fenlint::pgn::lint_pgn(file, 0, &validator).is_empty());
}

/// Seeded mutations of a small PGN file: no panic, and every span lies on character boundaries
/// inside the file.
#[test]
fn mutations_do_not_panic_and_spans_stay_in_the_file() {
    const ALPHABET: &[&str] = &[
        "[", "]", "\"", "\\", "{", "}", ";", "%", "\n", "\r\n", " ", "é", "FEN", "SetUp", "*",
    ];
    let seed = "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 {c} Kd7 ; c\n*\n\n[Variant \"Atomic\"]\n1-0\n";
    let mut rng = fastrand::Rng::with_seed(0x9a9);
    for _ in 0..3000 {
        let mut text = seed.to_owned();
        for _ in 0..rng.usize(1..=3) {
            let mut at = rng.usize(..=text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let piece = ALPHABET[rng.usize(..ALPHABET.len())];
            if rng.bool() {
                text.insert_str(at, piece);
            } else {
                let mut end = (at + 1).min(text.len());
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                text.replace_range(at..end, "");
            }
        }
        for d in lint(&text) {
            for label in d.labels() {
                assert!(text.get(label.span().range()).is_some(), "{text:?}: {d:?}");
            }
        }
    }
}

#[test]
fn snapshots_per_code() {
    let pgn_codes: Vec<_> = Code::ALL
        .iter()
        .filter(|code| code.name().starts_with("pgn::"))
        .map(|code| code.name())
        .collect();
    let mut covered: Vec<_> = CASES.iter().map(|(name, ..)| *name).collect();
    covered.sort_unstable();
    let mut expected = pgn_codes.clone();
    expected.sort_unstable();
    assert_eq!(covered, expected, "every pgn:: code has one snapshot case");
    support::settings().bind(|| {
        for &(name, file, _, _) in CASES {
            let diagnostics = lint(file);
            let body = support::report_diagnostics(file, &diagnostics);
            insta::assert_snapshot!(name.replace("::", "__"), body);
        }
    });
}

/// Under a variant fenlint does not know, a game's FEN is checked for its syntax only: what a
/// chess reading would say (unknown piece letters, castling letters, holdings, Horde's pawns)
/// is left out, the board's shape is not, and the variant is said once per file.
#[test]
fn unknown_variants_are_checked_for_syntax_only() {
    let file = "[Variant \"Seirawan\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1\"]\n\n*\n\n\
                [Variant \"Horde\"]\n[FEN \"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\"]\n\n*\n\n\
                [Variant \"Sittuyin\"]\n[FEN \"8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1\"]\n\n*\n\n\
                [Variant \"Atomic\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN x KQkq - 0 1\"]\n\n*\n";
    let diagnostics = fenlint::files::lint_file(
        fenlint::files::FileKind::Pgn,
        file.as_bytes(),
        &Validator::new(),
    );
    assert_eq!(
        codes(&diagnostics),
        [
            "pgn::variant::unknown",
            "fen::placement::rank_too_short",
            "fen::side_to_move::invalid"
        ]
    );
    assert!(
        diagnostics[0]
            .message()
            .ends_with("(and 3 more in this file)")
    );
    // A game without a position draws nothing; King of the Hill's positions are standard
    // chess's, checked as such.
    let games = "[Variant \"Antichess\"]\n\n1. e3 b5 *\n\n\
                 [Variant \"King of the Hill\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w Q - 0 1\"]\n\n*\n";
    let diagnostics = fenlint::files::lint_file(
        fenlint::files::FileKind::Pgn,
        games.as_bytes(),
        &Validator::new(),
    );
    assert_eq!(codes(&diagnostics), ["fen::castling::no_rook"]);
    // `fmt` leaves them as written: they have no canonical form as chess.
    let formatted = fenlint::files::format_file(
        fenlint::files::FileKind::Pgn,
        file.as_bytes(),
        &fenlint::position::WriteOptions::default(),
    );
    assert_eq!(formatted.text, file.as_bytes());
    assert_eq!((formatted.changed, formatted.skipped.len()), (0, 0));
    // The known variants are still checked by their rules.
    let chess = "[Variant \"Standard\"]\n[FEN \"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\"]\n\n*\n";
    assert!(codes(&lint(chess)).contains(&"fen::pawns::too_many"));
}

/// A lone CR ends a line in a PGN file too: `;` comments and `%` lines end there.
#[test]
fn lone_carriage_returns_end_lines() {
    let file = "% escaped\r[SetUp \"1\"]\r[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\r\r1. Kd2 ; a comment\r*\r\r[SetUp \"1\"]\r[FEN \"4k3/8/8/8/8/8/8/4K3 w QK - 0 1\"]\r\r*\r";
    let diagnostics = lint(file);
    let found = codes(&diagnostics);
    assert!(found.contains(&"fen::side_to_move::invalid"), "{found:?}");
    assert!(found.contains(&"fen::castling::order"), "{found:?}");
}

/// A game of tags without moves (as fishtest writes one) ends at the blank line after its
/// tags: the next tag section is a game of its own, as python-chess reads it, not a repeat of
/// every tag.
#[test]
fn a_game_without_moves_ends_at_the_blank_line_after_its_tags() {
    for file in [
        "[Event \"a\"]\n[Result \"*\"]\n\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. e4 *\n",
        "[Event \"a\"]\r\n[Result \"*\"]\r\n\r\n[Event \"b\"]\r\n[Result \"*\"]\r\n\r\n1. e4 *\r\n",
        "[Event \"a\"]\r[Result \"*\"]\r\r[Event \"b\"]\r[Result \"*\"]\r\r1. e4 *\r",
    ] {
        assert!(lint(file).is_empty(), "{file:?}: {:?}", codes(&lint(file)));
        assert_eq!(fenlint::pgn::read(file, 0).games().len(), 2, "{file:?}");
    }
    // Without a blank line the tags are one section, and a repeated tag is said.
    let file = "[Event \"a\"]\n[Event \"b\"]\n\n1. e4 *\n";
    assert_eq!(codes(&lint(file)), ["pgn::tag::duplicate"]);
}

/// A tag pair whose name goes on with a character no tag name has is said to be so, at that
/// character; one without the quotes of its value, that the value is expected there.
#[test]
fn a_malformed_tag_says_which_part_is_wrong() {
    for (text, at, expected) in [
        (
            "[Foo? \"True\"]\n",
            "?",
            "a tag name of letters, digits and `_` only",
        ),
        (
            "[Bar-Baz \"1\"]\n",
            "-",
            "a tag name of letters, digits and `_` only",
        ),
        ("[Event Casual]\n", "C", "a value in double quotes"),
        ("[Event]\n", "]", "a value in double quotes"),
    ] {
        let diagnostics = lint(text);
        let malformed = diagnostics
            .iter()
            .find(|d| d.code().name() == "pgn::tag::malformed")
            .unwrap_or_else(|| panic!("{text:?}: {:?}", codes(&diagnostics)));
        assert!(
            malformed
                .message()
                .ends_with(&format!("expected {expected}")),
            "{text:?}: {}",
            malformed.message()
        );
        assert_eq!(&text[malformed.span().range()], at, "{text:?}");
    }
}

/// A tag written three times is one report that says so, on its second occurrence, with the
/// first and the third labelled; a name repeated thousands of times labels a few of them.
#[test]
fn a_tag_repeated_is_one_report_with_the_count() {
    let file =
        "[Preamble \"a\"]\n[Preamble \"b\"]\n[Preamble \"c\"]\n[Event \"x\"]\n[Event \"y\"]\n\n*\n";
    let found = lint(file);
    assert_eq!(
        codes(&found),
        ["pgn::tag::duplicate", "pgn::tag::duplicate"]
    );
    assert_eq!(
        found[0].message(),
        "tag `Preamble` 3 times in one game, expected it at most once"
    );
    assert_eq!(found[0].labels().len(), 3);
    assert_eq!(&file[found[0].span().range()], "Preamble");
    assert_eq!(
        found[0].span().start,
        file.find("[Preamble \"b\"").unwrap() + 1
    );
    assert_eq!(
        found[1].message(),
        "tag `Event` twice in one game, expected it at most once"
    );
    let many = "[Preamble \"a\"]\n".repeat(5_000) + "\n*\n";
    let found = lint(&many);
    assert_eq!(found.len(), 1);
    assert!(found[0].message().contains("5000 times"));
    assert!(found[0].labels().len() <= 10);
}

/// `[SetUp "1"]` with a `fen` tag in another case: the tag is named, and the fix writes `FEN`,
/// whose value is then linted.
#[test]
fn a_fen_tag_in_another_case_is_named_and_fixed() {
    let file = "[SetUp \"1\"]\n[fen \"4k3/8/8/8/8/8/8/4K3 w - - 0 0\"]\n\n*\n";
    let found = lint(file);
    assert_eq!(codes(&found), ["pgn::setup::without_fen"]);
    assert_eq!(found[0].labels().len(), 2);
    let fixed = found[0].fix().unwrap().apply(file, 0).unwrap();
    assert!(fixed.contains("[FEN \"4k3"), "{fixed}");
    assert_eq!(codes(&lint(&fixed)), ["fen::fullmove_number::zero"]);
}

/// A tag value with quotes that no `\` escapes is read up to the last quote of its line, as
/// python-chess reads it: one warning, on the first inner quote, with the others and the
/// closing one labelled, and a fix that escapes each; the game's other tags are read as they
/// would be without it, so its `FEN` is checked and its `SetUp` finds it.
#[test]
fn a_tag_value_with_unescaped_quotes_is_read_up_to_the_last_quote() {
    let file = "[Annotator \"Lopez \"Battle Royale\"\"]\n[SetUp \"1\"]\n\
                [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 0\"]\n\n*\n";
    let pgn = fenlint::pgn::read(file, 0);
    let game = &pgn.games()[0];
    assert_eq!(game.tags().len(), 3);
    let annotator = game.tag("Annotator").unwrap();
    assert_eq!(annotator.value(), "Lopez \"Battle Royale\"");
    assert_eq!(
        &file[annotator.span().range()],
        file.lines().next().unwrap()
    );

    let found = lint(file);
    assert_eq!(
        codes(&found),
        ["pgn::tag::unescaped_quote", "fen::fullmove_number::zero"]
    );
    let quote = &found[0];
    assert_eq!(quote.severity(), Severity::Warning);
    assert_eq!(
        quote.message(),
        "2 unescaped `\"` inside the value of tag `Annotator`, expected `\\\"` for each"
    );
    let labelled: Vec<(usize, bool)> = quote
        .labels()
        .iter()
        .map(|label| (label.span().start, label.is_primary()))
        .collect();
    assert_eq!(labelled, [(18, true), (32, false), (33, false)]);
    assert!(quote.help_text().unwrap().contains("PGN §8.1"));

    let fixed = quote.fix().unwrap().apply(file, 0).unwrap();
    assert_eq!(
        fixed.lines().next().unwrap(),
        "[Annotator \"Lopez \\\"Battle Royale\\\"\"]"
    );
    assert_eq!(codes(&lint(&fixed)), ["fen::fullmove_number::zero"]);
    let pgn = fenlint::pgn::read(&fixed, 0);
    let annotator = pgn.games()[0].tag("Annotator").unwrap();
    assert_eq!(annotator.unescaped(), "Lopez \"Battle Royale\"");

    // One quote: the message says it in the singular.
    let found = lint("[Event \"He said \"hi\"]\n\n*\n");
    assert_eq!(codes(&found), ["pgn::tag::unescaped_quote"]);
    assert_eq!(
        found[0].message(),
        "unescaped `\"` inside the value of tag `Event`, expected `\\\"`"
    );
    // An escaped quote and an escaped backslash are kept as they are by the fix.
    let file = "[Event \"a \\\" b \\\\\"c\"]\n\n*\n";
    let found = lint(file);
    assert_eq!(codes(&found), ["pgn::tag::unescaped_quote"]);
    let fixed = found[0].fix().unwrap().apply(file, 0).unwrap();
    assert_eq!(fixed, "[Event \"a \\\" b \\\\\\\"c\"]\n\n*\n");
    assert!(lint(&fixed).is_empty(), "{fixed}");
}

/// The `Variant` and `SetUp` tags with quotes inside their values, and the tags after one, are
/// read as the value up to the last quote gives them.
#[test]
fn the_tags_of_a_game_with_an_unescaped_quote_keep_working() {
    let file = "[Event \"Blitz \"B\"\"]\n[Variant \"Atomic\"]\n[SetUp \"1\"]\n\
                [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    assert_eq!(
        codes(&lint(file)),
        ["pgn::tag::unescaped_quote", "pgn::variant::unknown"]
    );
    let file = "[Variant \"Crazy \"house\"\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    let found = lint(file);
    assert_eq!(
        codes(&found),
        ["pgn::variant::unknown", "pgn::tag::unescaped_quote"]
    );
    assert!(
        found[0].message().contains("`Crazy \"house\"`"),
        "{}",
        found[0].message()
    );
    let file = "[SetUp \"1\"\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    assert_eq!(
        codes(&lint(file)),
        ["pgn::setup::missing", "pgn::tag::unescaped_quote"]
    );
}

/// Where the line allows another reading of a value with an inner quote, or a tag value
/// cannot hold one, the tag pair stays `pgn::tag::malformed`, at what follows the first inner
/// quote, and its value is not read.
#[test]
fn an_inner_quote_the_line_does_not_settle_stays_malformed() {
    for (file, at) in [
        // Another tag pair before it on the line, whose value python-chess runs into this one.
        ("[White \"A\"] [Annotator \"Lopez \"Owl\"\"]\n\n*\n", "O"),
        // Text after the `]`.
        ("[Annotator \"Lopez \"Owl\"\"] ; said\n\n*\n", "O"),
        // An inner quote followed by `]`, where the tag pair could end as well.
        ("[Annotator \"Lopez \"Owl\"] x\"]\n\n*\n", "O"),
        // The last quote escaped: nothing closes the value.
        ("[Annotator \"Lopez \"Owl\\\"]\n\n*\n", "O"),
        // A FEN holds no quote: the tag is malformed, and not missing for `SetUp`.
        (
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 \"x\"\"]\n\n*\n",
            "x",
        ),
        (
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\"]\n\n*\n",
            "\"",
        ),
    ] {
        let found = lint(file);
        assert_eq!(codes(&found), ["pgn::tag::malformed"], "{file:?}");
        assert_eq!(found[0].severity(), Severity::Error);
        assert_eq!(&file[found[0].span().range()], at, "{file:?}");
        assert!(
            fenlint::pgn::read(file, 0).games()[0]
                .tags()
                .iter()
                .all(|tag| !tag.value().contains('"')),
            "{file:?}"
        );
    }
}

/// In a whole file the warning is reported once, with the count, and `--fix` escapes the quotes
/// of every game.
#[test]
fn unescaped_quotes_are_reported_once_per_file_and_fixed_in_every_game() {
    let game = "[Annotator \"Lopez \"Owl\"\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n\n";
    let file = game.repeat(3);
    let found = fenlint::files::lint_file(
        fenlint::files::FileKind::Pgn,
        file.as_bytes(),
        &Validator::new(),
    );
    assert_eq!(codes(&found), ["pgn::tag::unescaped_quote"]);
    assert!(found[0].message().ends_with("(and 2 more in this file)"));
    let fixed = fenlint::files::fix_file(
        fenlint::files::FileKind::Pgn,
        file.as_bytes(),
        &Validator::new(),
    );
    assert!(fixed.converged);
    assert_eq!(fixed.applied, 3);
    let text = String::from_utf8(fixed.text).unwrap();
    assert_eq!(
        text.matches("[Annotator \"Lopez \\\"Owl\\\"\"]\n").count(),
        3
    );
    assert!(lint(&text).is_empty(), "{text}");
}
