//! The `fenlint` command, run as a user runs it: stdout, stderr and exit status snapshotted for
//! every command, format and kind of input; the JSON output checked field by field.

#[path = "../../tests/support/mod.rs"]
mod support;

mod common;

use std::path::Path;

use assert_cmd::Command;
use common::{scratch, write};

/// Runs `fenlint` in `dir` (so paths print as given) and renders what it did.
fn run(dir: &Path, args: &[&str], stdin: Option<&str>) -> (String, i32) {
    let mut command = Command::cargo_bin("fenlint").unwrap();
    command.current_dir(dir).args(args).env("NO_COLOR", "1");
    if let Some(stdin) = stdin {
        command.write_stdin(stdin);
    }
    let output = command.output().unwrap();
    let code = output.status.code().unwrap_or(-1);
    let text = format!(
        "$ fenlint {}\nexit: {code}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (text, code)
}

fn snapshot(name: &str, text: &str) {
    support::settings_at("../../snapshots")
        .bind(|| insta::assert_snapshot!(format!("cli__{name}"), text));
}

const SAMPLE: &str = "\
# a comment, then a clean FEN, a warning and two broken lines
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
8/8/8/2K5/4k3/8/8/8

rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1
4k3/4R3/8/8/8/8/8/4K3 w - - 0 1
";

#[test]
fn human_output_and_exit_status() {
    let dir = scratch("human");
    write(&dir, "sample.fen", SAMPLE.as_bytes());
    let (text, code) = run(&dir, &["check", "sample.fen"], None);
    assert_eq!(code, 1);
    snapshot("human", &text);
}

#[test]
fn clean_files_exit_zero_and_warnings_do_not_fail() {
    let dir = scratch("clean");
    write(
        &dir,
        "clean.fen",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n8/8/8/2K5/4k3/8/8/8\n",
    );
    let (text, code) = run(&dir, &["check", "clean.fen"], None);
    assert_eq!(code, 0);
    snapshot("clean", &text);
}

#[test]
fn json_lines_follow_the_schema() {
    let dir = scratch("json");
    // A multi-byte character before the problem: columns count characters, bytes do not.
    write(
        &dir,
        "sample.fen",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n# é\n8/8/8/8/8/8/8/8 w QK - 0 1\n".as_bytes(),
    );
    let (text, code) = run(&dir, &["check", "--format", "json", "sample.fen"], None);
    assert_eq!(code, 1);
    let stdout = text.split("--- stdout\n").nth(1).unwrap();
    let stdout = stdout.split("--- stderr\n").next().unwrap();
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(!objects.is_empty());
    let keys = [
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "byte_start",
        "byte_end",
        "severity",
        "code",
        "message",
        "help",
        "fix",
    ];
    for object in &objects {
        let map = object.as_object().unwrap();
        assert_eq!(map.len(), keys.len(), "{object}");
        for key in keys {
            assert!(map.contains_key(key), "{key} missing in {object}");
        }
        assert_eq!(object["path"], "sample.fen");
        assert!(["error", "warning", "advice"].contains(&object["severity"].as_str().unwrap()));
        assert!(object["help"].is_string() || object["help"].is_null());
    }
    let order = objects
        .iter()
        .find(|o| o["code"] == "fen::castling::order")
        .unwrap();
    // Line 3 starts at byte 30 + 5 ("# é\n" is 5 bytes); `QK` is at bytes 18..20 of the line,
    // and the diagnostic points at the misplaced `K` (byte 19) while the fix rewrites both.
    assert_eq!(order["line"], 3);
    assert_eq!(order["byte_start"], 35 + 19);
    assert_eq!(order["byte_end"], 35 + 20);
    assert_eq!(order["column"], 20);
    assert_eq!(order["end_line"], 3);
    assert_eq!(order["end_column"], 21);
    assert_eq!(order["fix"]["replacement"], "KQ");
    assert_eq!(order["fix"]["byte_start"], 35 + 18);
    assert_eq!(order["fix"]["byte_end"], 35 + 20);
    // Keys come in the documented order.
    let first = stdout.lines().next().unwrap();
    let positions: Vec<usize> = keys
        .iter()
        .map(|key| first.find(&format!("\"{key}\":")).unwrap())
        .collect();
    assert!(
        positions.windows(2).all(|pair| pair[0] < pair[1]),
        "{first}"
    );
    // Only JSON on stdout.
    snapshot("json", &text);
}

#[test]
fn github_annotations() {
    let dir = scratch("github");
    write(&dir, "sample.fen", SAMPLE.as_bytes());
    let (text, code) = run(&dir, &["check", "--format", "github", "sample.fen"], None);
    assert_eq!(code, 1);
    snapshot("github", &text);
}

/// A code reported once per file is one finding with the count of the others, or, with
/// `--every-occurrence`, one finding on each line that has it: in every format, FEN lines and
/// PGN files alike.
#[test]
fn every_occurrence_reports_each_line_of_a_code_said_once_per_file() {
    let dir = scratch("every-occurrence");
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 0\n";
    write(&dir, "zero.fen", fen.repeat(3).as_bytes());
    let game = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 0\"]\n\n*\n\n";
    write(&dir, "zero.pgn", game.repeat(3).as_bytes());
    for file in ["zero.fen", "zero.pgn"] {
        for (format, prefix) in [("json", "{"), ("github", "::warning")] {
            let count = |every: bool| {
                let mut args = vec!["check", "--format", format, file];
                if every {
                    args.push("--every-occurrence");
                }
                let (text, code) = run(&dir, &args, None);
                assert_eq!(code, 0, "{text}");
                let findings: Vec<&str> = text
                    .lines()
                    .filter(|line| line.starts_with(prefix))
                    .collect();
                let more = findings
                    .iter()
                    .filter(|line| line.contains("(and 2 more in this file)"))
                    .count();
                (findings.len(), more)
            };
            assert_eq!(count(false), (1, 1), "{file} {format}");
            assert_eq!(count(true), (3, 0), "{file} {format}");
        }
    }
}

#[test]
fn standard_input_and_the_fen_flag() {
    let dir = scratch("stdin");
    let (text, code) = run(&dir, &["check", "-"], Some("8/8/8/8/8/8/8/8 w - - 0 1\n"));
    assert_eq!(code, 1);
    snapshot("stdin", &text);
    let (text, code) = run(
        &dir,
        &[
            "check",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        ],
        None,
    );
    assert_eq!(code, 0);
    snapshot("fen_flag", &text);
}

#[test]
fn severity_flags() {
    let dir = scratch("severity");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0";
    let (_, code) = run(&dir, &["check", "--fen", fen], None);
    assert_eq!(code, 0);
    let (_, code) = run(
        &dir,
        &[
            "check",
            "--deny",
            "fen::fullmove_number::zero",
            "--fen",
            fen,
        ],
        None,
    );
    assert_eq!(code, 1);
    let (text, code) = run(&dir, &["check", "--allow", "all", "--fen", "8/8 x"], None);
    assert_eq!(code, 0);
    assert!(text.contains("0 errors, 0 warnings"), "{text}");
    let (text, code) = run(
        &dir,
        &["check", "--deny", "fen::no_such_rule", "--fen", fen],
        None,
    );
    assert_eq!(code, 2);
    snapshot("unknown_rule", &text);
}

#[test]
fn awkward_files() {
    let dir = scratch("awkward");
    write(
        &dir,
        "crlf.fen",
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\n8/8/8/8/8/8/8/8 x - - 0 1\r\n",
    );
    write(
        &dir,
        "bom.fen",
        "\u{feff}4k3/8/8/8/8/8/8/4K3 w - - 0 1\n".as_bytes(),
    );
    write(
        &dir,
        "latin1.fen",
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 \xe9 - - 0 1\n4k3/8/8/8/8/8/8/4K3 x - - 0 1\n",
    );
    write(&dir, "empty.fen", b"");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    write(&dir.join("sub"), "deep.fen", b"8/8/8/8/8/8/8/7 w - - 0 1\n");
    write(
        &dir.join("sub"),
        "ignored.txt",
        b"not linted when walking\n",
    );
    let (text, code) = run(
        &dir,
        &[
            "check",
            "crlf.fen",
            "bom.fen",
            "latin1.fen",
            "empty.fen",
            "sub",
        ],
        None,
    );
    assert_eq!(code, 1);
    snapshot("awkward", &text);
    let (text, code) = run(&dir, &["check", "missing.fen"], None);
    assert_eq!(code, 2);
    snapshot("missing_file", &text);
}

#[test]
fn explain_and_list() {
    let dir = scratch("explain");
    let (text, code) = run(&dir, &["explain", "fen::castling::no_rook"], None);
    assert_eq!(code, 0);
    snapshot("explain", &text);
    let (text, code) = run(&dir, &["explain", "--list"], None);
    assert_eq!(code, 0);
    let listed = text
        .split("--- stdout\n")
        .nth(1)
        .unwrap()
        .split("--- stderr")
        .next()
        .unwrap();
    assert_eq!(listed.lines().count(), fenlint::Code::ALL.len());
    let (text, code) = run(&dir, &["explain", "fen::nope"], None);
    assert_eq!(code, 2);
    snapshot("explain_unknown", &text);
}

#[test]
fn fix_rewrites_only_what_it_fixes() {
    let dir = scratch("fix");
    let before = "4k3/8/8/8/8/8/8/4K3  w  -  -  0  0 \r\n# keep me: QK  E3\n8/8/44/8/8/8/8/8 W QK E3 0 1;\n\u{feff}\n";
    let path = write(&dir, "broken.fen", before.as_bytes());
    let (text, code) = run(&dir, &["check", "--fix", "broken.fen"], None);
    let after = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        after,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\n# keep me: QK  E3\n8/8/8/8/8/8/8/8 w KQ e3 0 1\n\u{feff}\n"
    );
    // What cannot be fixed is still reported: no kings, castling without them.
    assert_eq!(code, 1);
    snapshot("fix", &text);
    // A second run has nothing left to fix.
    let (text, _) = run(&dir, &["check", "--fix", "broken.fen"], None);
    assert!(!text.contains("fixed"), "{text}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), after);
}

#[test]
fn fmt_rewrites_valid_fens_only() {
    let dir = scratch("fmt");
    let before = "# openings\n rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR  b KQkq e3 0 1\r\nbnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w KQkq - 0 1\n8/8/8/8/8/8/8/8 w - - 0 1\n4k3/8/8/8/8/8/8/4K3[] w - - 0 1\n";
    let path = write(&dir, "book.fen", before.as_bytes());
    // --check changes nothing and says what would change.
    let (text, code) = run(&dir, &["fmt", "--check", "book.fen"], None);
    assert_eq!(code, 1);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    snapshot("fmt_check", &text);
    const STYLE: [&str; 7] = [
        "--to",
        "shredder",
        "--ep",
        "capturable",
        "--holdings",
        "slash",
        "book.fen",
    ];
    let (text, code) = run(&dir, &[&["fmt"][..], &STYLE].concat(), None);
    assert_eq!(code, 0);
    snapshot("fmt", &text);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "# openings\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1\r\nbnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w FCfc - 0 1\n8/8/8/8/8/8/8/8 w - - 0 1\n4k3/8/8/8/8/8/8/4K3/ w - - 0 1\n"
    );
    // Formatting the result again changes nothing; `--check` still fails on the FEN without
    // kings, which it cannot format and so cannot check.
    let (text, code) = run(&dir, &[&["fmt", "--check"][..], &STYLE].concat(), None);
    assert_eq!(code, 1);
    assert!(!text.contains("would change"), "{text}");
    assert!(text.contains("1 position could not be checked"), "{text}");
}

#[test]
fn fmt_names_the_first_positions_it_leaves_and_counts_the_rest() {
    let dir = scratch("fmt-many-errors");
    // An odds book: the a1 rook given away and `KQkq` kept, on every line.
    let line = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - bm e4;\n";
    write(&dir, "odds.epd", line.repeat(25).as_bytes());
    write(
        &dir,
        "few.fen",
        "8/8/8/8/8/8/8/8 w - - 0 1\n".repeat(3).as_bytes(),
    );
    for args in [
        &["fmt", "--check", "odds.epd"][..],
        &["fmt", "--diff", "odds.epd"],
        &["fmt", "odds.epd"],
    ] {
        let (text, code) = run(&dir, args, None);
        let named = text.matches("left as it is: the record has errors").count();
        assert_eq!(named, 10, "{args:?}: {text}");
        assert!(text.contains("odds.epd:10: left as it is"), "{text}");
        assert!(!text.contains("odds.epd:11:"), "{text}");
        assert!(
            text.contains(
                "odds.epd: and 15 more positions left as they are: they have errors (see `fenlint check`)"
            ),
            "{args:?}: {text}"
        );
        // Only `--check` fails on positions it could not check.
        assert_eq!(code, i32::from(args[1] == "--check"), "{text}");
    }
    let (text, _) = run(
        &dir,
        &["fmt", "-", "--stdin-filename", "s.epd"],
        Some(&line.repeat(11)),
    );
    assert!(
        text.contains("s.epd: and 1 more position left as it is: they have errors"),
        "{text}"
    );
    // Up to ten, each is named and nothing is counted.
    let (text, _) = run(&dir, &["fmt", "--check", "few.fen"], None);
    assert_eq!(
        text.matches("left as it is: the FEN has errors").count(),
        3,
        "{text}"
    );
    assert!(!text.contains("more position"), "{text}");
}

#[test]
fn show_draws_the_board() {
    let dir = scratch("show");
    let (text, code) = run(
        &dir,
        &["show", "r3k2r/8/8/8/8/8/4R3/R3K2R w KQkq - 0 1"],
        None,
    );
    assert_eq!(code, 1);
    snapshot("show", &text);
    let slash = "r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1/NNPPbnp b - - 0 16";
    let (text, code) = run(&dir, &["show", "--variant", "crazyhouse", slash], None);
    assert_eq!(code, 0);
    snapshot("show_crazyhouse", &text);
    // Slash holdings are holdings when something says crazyhouse; otherwise a ninth rank.
    let (text, code) = run(&dir, &["show", slash], None);
    assert_eq!(code, 1);
    assert!(text.contains("fen::placement::too_many_ranks"), "{text}");
    let (text, code) = run(&dir, &["show", "8/8/8 w"], None);
    assert_eq!(code, 1);
    assert!(text.contains("no board to show"), "{text}");
}

#[test]
fn pgn_and_epd_files() {
    let dir = scratch("pgn-epd");
    write(
        &dir,
        "games.pgn",
        b"[Event \"One\"]\r\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"Two\"]\r\n[SetUp \"1\"]\r\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\r\n\r\n*\r\n",
    );
    write(
        &dir,
        "suite.epd",
        b"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"WAC.001\";\n4k3/8/8/8/8/8/8/4K3 w - - hmvc 5; fmvn 1\n",
    );
    let (text, code) = run(
        &dir,
        &["check", "--format", "json", "games.pgn", "suite.epd"],
        None,
    );
    assert_eq!(code, 1);
    snapshot("pgn_epd", &text);
    // Spans point into the files: the `x` of the first game's FEN tag.
    let stdout = text.split("--- stdout\n").nth(1).unwrap();
    let side: serde_json::Value = stdout
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|object| object["code"] == "fen::side_to_move::invalid")
        .unwrap();
    let pgn = std::fs::read(dir.join("games.pgn")).unwrap();
    let start = side["byte_start"].as_u64().unwrap() as usize;
    assert_eq!(&pgn[start..start + 1], b"x");
    assert_eq!(
        (side["line"].as_u64(), side["column"].as_u64()),
        (Some(2), Some(51))
    );
    // --fix adds the SetUp tag and the missing `;`, keeping CRLF.
    let (_, code) = run(&dir, &["check", "--fix", "games.pgn", "suite.epd"], None);
    assert_eq!(code, 1);
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    assert!(
        pgn.starts_with("[Event \"One\"]\r\n[SetUp \"1\"]\r\n[FEN "),
        "{pgn}"
    );
    let epd = std::fs::read_to_string(dir.join("suite.epd")).unwrap();
    assert!(epd.ends_with("hmvc 5; fmvn 1;\n"), "{epd}");
}

/// The slips of EPD suites that a fix repairs: a `;` missing between two operations, an
/// annotated move, a comma between moves and a stray `-`; `--fix` writes each record as meant.
#[test]
fn fix_repairs_the_slips_of_epd_suites() {
    let dir = scratch("epd-slips");
    let position = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -";
    let records = [
        r#"bm Nc3 id "t.1";"#,
        r#"bm Bb5! id "t.2";"#,
        r#"bm Nc3, Bb5; id "t.3";"#,
        r#"- bm Nc3; id "t.4";"#,
    ];
    let file: String = records
        .iter()
        .map(|record| format!("{position} {record}\n"))
        .collect();
    write(&dir, "suite.epd", file.as_bytes());
    let (text, code) = run(&dir, &["check", "--format", "json", "suite.epd"], None);
    assert_eq!(code, 1, "{text}");
    let found: Vec<(String, u64)> = text
        .split("--- stdout\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|line| line.starts_with('{'))
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .map(|object| {
            (
                object["code"].as_str().unwrap().to_owned(),
                object["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("epd::operation::unseparated", 1),
        ("epd::operand::invalid", 2),
        ("epd::operation::unseparated", 2),
        ("epd::operand::invalid", 3),
        // A warning, reported once per file: after the file's other diagnostics.
        ("epd::operation::stray_dash", 4),
    ];
    assert_eq!(
        found,
        expected.map(|(code, line)| (code.to_owned(), line)),
        "{text}"
    );
    let (text, code) = run(&dir, &["check", "--fix", "suite.epd"], None);
    assert_eq!(code, 0, "{text}");
    let fixed = std::fs::read_to_string(dir.join("suite.epd")).unwrap();
    let expected: String = [
        r#"bm Nc3; id "t.1";"#,
        r#"bm Bb5; id "t.2";"#,
        r#"bm Nc3 Bb5; id "t.3";"#,
        r#"bm Nc3; id "t.4";"#,
    ]
    .iter()
    .map(|record| format!("{position} {record}\n"))
    .collect();
    assert_eq!(fixed, expected);
}

#[test]
fn settings_from_fenlint_toml() {
    let dir = scratch("config");
    std::fs::create_dir_all(dir.join("positions")).unwrap();
    write(
        &dir,
        "fenlint.toml",
        b"allow = [\"fen::fields::missing\"]\ndeny = [\"fen::fullmove_number::zero\"]\n",
    );
    write(
        &dir.join("positions"),
        "a.fen",
        b"8/8/8/2K5/4k3/8/8/8\n4k3/8/8/8/8/8/8/4K3 w - - 0 0\n",
    );
    // Found upward from the current directory.
    let (text, code) = run(&dir.join("positions"), &["check", "a.fen"], None);
    assert_eq!(code, 1);
    assert!(!text.contains("fen::fields::missing"), "{text}");
    assert!(text.contains("1 error"), "{text}");
    // Flags win over the file.
    let (_, code) = run(
        &dir.join("positions"),
        &["check", "--warn", "fen::fullmove_number::zero", "a.fen"],
        None,
    );
    assert_eq!(code, 0);
    write(&dir, "fenlint.toml", b"colour = \"never\"\n");
    let (text, code) = run(&dir.join("positions"), &["check", "a.fen"], None);
    assert_eq!(code, 2);
    assert!(text.contains("unknown setting `colour`"), "{text}");
}

/// The `[format]` table of fenlint.toml sets the dialect `fmt` writes; a flag wins over it; a
/// value it does not know is an error that names the choices.
#[test]
fn fmt_takes_its_dialect_from_the_format_table() {
    let dir = scratch("format-table");
    write(&dir, "fenlint.toml", b"[format]\ncastling = \"shredder\"\n");
    let fen = b"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n";
    write(&dir, "a.fen", fen);
    let (_, code) = run(&dir, &["fmt", "a.fen"], None);
    assert_eq!(code, 0);
    let formatted = std::fs::read_to_string(dir.join("a.fen")).unwrap();
    assert_eq!(formatted, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1\n");
    let (_, code) = run(&dir, &["fmt", "--to", "xfen", "a.fen"], None);
    assert_eq!(code, 0);
    let formatted = std::fs::read_to_string(dir.join("a.fen")).unwrap();
    assert_eq!(formatted, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n");
    write(&dir, "fenlint.toml", b"[format]\ncastling = \"sideways\"\n");
    let (text, code) = run(&dir, &["fmt", "a.fen"], None);
    assert_eq!(code, 2);
    assert!(
        text.contains("`format.castling` must be one of `fen`, `xfen`, `shredder`"),
        "{text}"
    );
}

#[test]
fn a_ten_megabyte_line_and_many_lines() {
    let dir = scratch("large");
    let mut big = "pP".repeat(5 * 1024 * 1024).into_bytes();
    big.extend_from_slice(b"/8/8/8/8/8/8/8 w - - 0 1\n");
    write(&dir, "huge-line.fen", &big);
    let (text, code) = run(&dir, &["check", "--format", "json", "huge-line.fen"], None);
    assert_eq!(code, 1);
    assert!(
        text.contains("fen::placement::rank_too_long"),
        "{}",
        &text[..500.min(text.len())]
    );
    // Many lines: linted in batches on every core, reported in input order.
    let mut lines = String::new();
    for index in 0..10_000 {
        if index % 1000 == 999 {
            lines.push_str("4k3/8/8/8/8/8/8/4K3 x - - 0 1\n");
        } else {
            lines.push_str("4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
        }
    }
    write(&dir, "many.fen", lines.as_bytes());
    let (text, code) = run(&dir, &["check", "--format", "json", "many.fen"], None);
    assert_eq!(code, 1);
    let stdout = text.split("--- stdout\n").nth(1).unwrap();
    let found: Vec<u64> = stdout
        .lines()
        .take_while(|line| line.starts_with('{'))
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["line"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(found, (1..=10).map(|k| k * 1000).collect::<Vec<u64>>());
}

#[test]
fn fmt_epd_and_pgn_files() {
    let dir = scratch("fmt-epd-pgn");
    let epd = write(
        &dir,
        "suite.epd",
        b"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O; id \"castle\";\n4k3/8/8/8/8/8/8/4K3 x - - id \"broken\";\n",
    );
    let pgn = write(
        &dir,
        "games.pgn",
        b"[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w KQkq - 0 1\"]\n\n1. e4 *\n",
    );
    let (text, code) = run(
        &dir,
        &["fmt", "--to", "shredder", "suite.epd", "games.pgn"],
        None,
    );
    assert_eq!(code, 0, "{text}");
    assert_eq!(
        std::fs::read_to_string(&epd).unwrap(),
        "r3k2r/8/8/8/8/8/8/R3K2R w HAha - bm O-O; id \"castle\";\n4k3/8/8/8/8/8/8/4K3 x - - id \"broken\";\n"
    );
    assert_eq!(
        std::fs::read_to_string(&pgn).unwrap(),
        "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w FCfc - 0 1\"]\n\n1. e4 *\n"
    );
    snapshot("fmt_epd_pgn", &text);
}

/// The README's first command: `fenlint check examples` on the bundled samples.
#[test]
fn the_bundled_examples() {
    // The top of the repository, where the README's commands run.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let (text, code) = run(&root, &["check", "examples"], None);
    assert_eq!(code, 1);
    assert!(text.contains("3 files, 20 FENs"), "{text}");
    snapshot("examples", &text);
}

/// The pre-commit hooks run an executable script of the repository with a subcommand the
/// command has, on the file kinds it lints.
#[test]
fn the_pre_commit_hooks_name_a_script_and_subcommands_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let hooks = std::fs::read_to_string(root.join(".pre-commit-hooks.yaml")).unwrap();
    let entries: Vec<&str> = hooks
        .lines()
        .filter_map(|line| line.trim().strip_prefix("entry: "))
        .collect();
    assert_eq!(entries.len(), 2, "{hooks}");
    for entry in entries {
        let mut words = entry.split_whitespace();
        let script = root.join(words.next().unwrap());
        let text = std::fs::read_to_string(&script).unwrap();
        assert!(
            text.starts_with("#!/usr/bin/env bash"),
            "{}",
            script.display()
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&script).unwrap().permissions().mode();
            assert!(mode & 0o111 != 0, "{} is not executable", script.display());
        }
        let args: Vec<&str> = words.collect();
        Command::cargo_bin("fenlint")
            .unwrap()
            .args(&args)
            .arg("--help")
            .assert()
            .success();
    }
    assert!(hooks.contains(r"files: '(?i)\.(fen|epd|pgn)$'"));
}
