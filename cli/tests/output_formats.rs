//! What the command prints and where: the SARIF log, written as the run goes (its results those
//! of the JSON lines, each pointing at its rule); `fmt` and `check` agreeing under
//! the same settings; what bare `check`, `check - -`, `explain --list PREFIX` and `fmt`'s
//! counts do.

mod common;

use std::path::Path;
use std::time::Duration;

use assert_cmd::Command;
use common::{Run, scratch, write};
use serde_json::Value;

/// Runs `fenlint` in `dir` with `stdin` as standard input.
fn fenlint_with(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let output = Command::cargo_bin("fenlint")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .write_stdin(stdin)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    }
}

fn fenlint(dir: &Path, args: &[&str]) -> Run {
    fenlint_with(dir, args, b"")
}

/// Findings of many codes and severities, some with fixes and related labels, in FEN, EPD and
/// PGN files.
fn varied(dir: &Path) {
    write(
        dir,
        "a.fen",
        b"4k3/8/8/8/8/8/8/4K3 w - -\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n4k3/8/8/8/8/8/8/4K3 x - - 0 1\n\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b kqKQ e3 0 1\n8/8/8/8/8/8/8/8 w - - 0 1\n\
4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    write(
        dir,
        "b.epd",
        b"4k3/8/8/8/8/8/8/4K3 w - - hmvc x; id \"a\";\n",
    );
    write(
        dir,
        "c.pgn",
        b"[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4KK2 w Q - 0 1\"]\n\n*\n",
    );
}

#[test]
fn sarif_results_are_the_json_lines_and_point_at_their_rules() {
    let dir = scratch("sarif-json");
    varied(&dir);
    let json = fenlint(&dir, &["check", "--format", "json", "."]);
    let sarif = fenlint(&dir, &["check", "--format", "sarif", "."]);
    assert_eq!((json.code, sarif.code), (1, 1), "{}", sarif.stderr);
    let lines = json.json();
    let log: Value = serde_json::from_str(&sarif.stdout).expect("one JSON text");
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    let results = run["results"].as_array().unwrap();
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert!(lines.len() > 8, "{}", json.stdout);
    assert_eq!(results.len(), lines.len());
    for (result, line) in results.iter().zip(&lines) {
        assert_eq!(result["ruleId"], line["code"]);
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], line["code"], "{result}");
        let text = result["message"]["text"].as_str().unwrap();
        assert!(
            text.starts_with(line["message"].as_str().unwrap()),
            "{text}"
        );
        let region = &result["locations"][0]["physicalLocation"]["region"];
        assert_eq!(region["startLine"], line["line"]);
        assert_eq!(region["byteOffset"], line["byte_start"]);
        assert_eq!(result["fixes"].is_array(), !line["fix"].is_null());
    }
    // Each code reported is a rule, once, in the order the codes first came.
    let mut first_seen: Vec<&Value> = Vec::new();
    for line in &lines {
        if !first_seen.contains(&&line["code"]) {
            first_seen.push(&line["code"]);
        }
    }
    let ids: Vec<&Value> = rules.iter().map(|rule| &rule["id"]).collect();
    assert_eq!(ids, first_seen);

    // The text is laid out as one pretty-printed log: the results indented in place.
    assert!(
        sarif
            .stdout
            .starts_with("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"),
        "{}",
        sarif.stdout
    );
    assert!(
        sarif
            .stdout
            .contains("\n      \"results\": [\n        {\n          \"")
    );
    assert!(sarif.stdout.ends_with("\n  \"version\": \"2.1.0\"\n}\n"));
    let pretty = serde_json::to_string_pretty(&log).unwrap();
    assert_eq!(sarif.stdout, format!("{pretty}\n"));

    // A run with nothing to report is a log with no results and no rules.
    let clean = fenlint(&dir, &["check", "--format", "sarif", "--allow", "all", "."]);
    assert_eq!(clean.code, 0, "{}", clean.stderr);
    let log: Value = serde_json::from_str(&clean.stdout).unwrap();
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
    assert_eq!(
        log["runs"][0]["tool"]["driver"]["rules"],
        serde_json::json!([])
    );
    let pretty = serde_json::to_string_pretty(&log).unwrap();
    assert_eq!(clean.stdout, format!("{pretty}\n"));
}

/// A castling order error (fixable) and, on the second line, a double space (a warning).
const CASTLING: &[u8] = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1\n";

#[test]
fn fmt_and_check_agree_under_the_same_settings() {
    let dir = scratch("agree");
    write(&dir, "fenlint.toml", b"allow = [\"fen::castling\"]\n");
    write(&dir, "a.fen", CASTLING);
    let check = fenlint(&dir, &["check", "a.fen"]);
    assert_eq!(check.code, 0, "{}", check.stdout);
    assert!(
        check.stdout.contains("0 errors, 0 warnings"),
        "{}",
        check.stdout
    );
    // `fmt --check` has nothing to point at: the position is left as it is, and clean.
    for args in [
        &["fmt", "--check", "a.fen"][..],
        &["fmt", "--check", "--diff", "a.fen"],
        &["fmt", "--check", "-"],
        &["fmt", "a.fen"],
    ] {
        let fmt = fenlint_with(&dir, args, CASTLING);
        assert_eq!(fmt.code, 0, "{args:?}: {}", fmt.stderr);
        assert_eq!(fmt.stderr, "", "{args:?}");
    }
    assert_eq!(std::fs::read(dir.join("a.fen")).unwrap(), CASTLING);
    // Without the settings, both fail on it.
    let fmt = fenlint(&dir, &["fmt", "--check", "--no-config", "a.fen"]);
    assert_eq!(fmt.code, 1);
    assert!(
        fmt.stderr
            .contains("a.fen:1: left as it is: the FEN has errors (see `fenlint check`)"),
        "{}",
        fmt.stderr
    );
    assert_eq!(fenlint(&dir, &["check", "--no-config", "a.fen"]).code, 1);
    // A suppression comment silences it for both; a warning is no error for either.
    let mut suppressed = b"# fenlint: allow fen::castling::order\n".to_vec();
    suppressed.extend_from_slice(CASTLING);
    write(&dir, "b.fen", &suppressed);
    write(&dir, "warn/fenlint.toml", b"warn = [\"fen::castling\"]\n");
    write(&dir, "warn/c.fen", CASTLING);
    // `check` finds no error in `file` under `settings`, and `fmt --check` nothing to say.
    let both_clean = |file: &str, settings: &[&str]| {
        let mut args = vec!["check", file];
        args.extend_from_slice(settings);
        assert_eq!(fenlint(&dir, &args).code, 0, "{file}");
        args[0] = "fmt";
        args.insert(1, "--check");
        let fmt = fenlint(&dir, &args);
        assert_eq!((fmt.code, fmt.stderr.as_str()), (0, ""), "{file}");
    };
    for (file, settings) in [("b.fen", &["--no-config"][..]), ("warn/c.fen", &[])] {
        both_clean(file, settings);
    }
    // So do EPD records and PGN `[FEN]` tags (a game's brace comment silencing it too).
    write(
        &dir,
        "e.epd",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - id \"x\";\n",
    );
    write(
        &dir,
        "g.pgn",
        b"[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1\"]\n\n*\n",
    );
    write(
        &dir,
        "h.pgn",
        b"{ fenlint: allow fen::castling::order }\n[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1\"]\n\n*\n",
    );
    for (file, settings) in [
        ("e.epd", &[][..]),
        ("g.pgn", &[]),
        ("h.pgn", &["--no-config"]),
    ] {
        both_clean(file, settings);
        let strict = fenlint(&dir, &["fmt", "--check", "--no-config", file]);
        if file != "h.pgn" {
            assert_eq!(strict.code, 1, "{file}: {}", strict.stderr);
        }
    }
    // An error the settings keep still fails both.
    write(&dir, "d.fen", b"4k3/8/8/8/8/8/8/4K3 x - - 0 1\n");
    assert_eq!(fenlint(&dir, &["check", "d.fen"]).code, 1);
    assert_eq!(fenlint(&dir, &["fmt", "--check", "d.fen"]).code, 1);
}

#[test]
fn bare_check_lints_the_current_directory() {
    let dir = scratch("bare");
    write(&dir, "a.fen", b"4k3/8/8/8/8/8/8/4K3 x - - 0 1\n");
    write(&dir, "sub/b.epd", b"4k3/8/8/8/8/8/8/4K3 w - -\n");
    // Whatever standard input holds: no path is the current directory, as ruff has it.
    let run = fenlint_with(
        &dir,
        &["check", "--format", "json"],
        b"8/8/8/8/8/8/8/8 w - - 0 1\n",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let paths: Vec<String> = run
        .json()
        .iter()
        .map(|object| object["path"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(paths, ["a.fen"]);
    let human = fenlint(&dir, &["check"]);
    assert!(
        human
            .stdout
            .ends_with("2 files, 2 FENs: 1 error, 0 warnings, 0 advice\n"),
        "{}",
        human.stdout
    );
    // `-` reads standard input, and so does `--stdin-filename` without a path.
    let stdin = fenlint_with(&dir, &["check", "-"], b"8/8/8/8/8/8/8/8 w - - 0 1\n");
    assert!(stdin.stdout.contains("1 file, 1 FEN"), "{}", stdin.stdout);
    let named = fenlint_with(
        &dir,
        &["check", "--format", "json", "--stdin-filename", "x.fen"],
        b"8/8/8/8/8/8/8/8 w - - 0 1\n",
    );
    assert_eq!(named.json()[0]["path"], "x.fen");
    // Standard input named twice is read once.
    let twice = fenlint_with(&dir, &["check", "-", "-"], b"8/8/8/8/8/8/8/8 w - - 0 1\n");
    assert!(twice.stdout.contains("1 file, 1 FEN:"), "{}", twice.stdout);
}

#[test]
fn fix_and_diff_both_refuse_a_fen_string() {
    let dir = scratch("fix-fen");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1";
    for flag in ["--fix", "--diff"] {
        let run = fenlint(&dir, &["check", flag, "--fen", fen]);
        assert_eq!(run.code, 2, "{flag}: {}", run.stdout);
        assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
        assert_eq!(run.stdout, "");
    }
}

#[test]
fn fmt_says_what_it_changed_on_stderr_as_fix_does() {
    let dir = scratch("fmt-count");
    write(
        &dir,
        "a.fen",
        b"4k3/8/8/8/8/8/8/4K3  w - - 0 1\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n",
    );
    write(&dir, "b.fen", b"4k3/8/8/8/8/8/8/4K3  w - - 0 1\n");
    let check = fenlint(&dir, &["fmt", "--check", "a.fen", "b.fen"]);
    assert_eq!(check.code, 1);
    assert_eq!(check.stdout, "");
    assert_eq!(
        check.stderr,
        "fenlint: a.fen: would change 2 FENs\nfenlint: b.fen: would change 1 FEN\n"
    );
    let fmt = fenlint(&dir, &["fmt", "a.fen"]);
    assert_eq!((fmt.code, fmt.stdout.as_str()), (0, ""));
    assert_eq!(fmt.stderr, "fenlint: a.fen: changed 2 FENs\n");
    // Standard input too, its text on stdout and the count on stderr.
    let spaced = "4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";
    let check = fenlint_with(&dir, &["fmt", "--check", "-"], spaced.as_bytes());
    assert_eq!((check.code, check.stdout.as_str()), (1, ""));
    assert_eq!(check.stderr, "fenlint: -: would change 1 FEN\n");
    let fmt = fenlint_with(&dir, &["fmt", "-"], spaced.as_bytes());
    assert_eq!(
        (fmt.code, fmt.stdout.as_str()),
        (0, "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")
    );
    assert_eq!(fmt.stderr, "fenlint: -: changed 1 FEN\n");
    // As `check --fix` says what it fixed.
    write(&dir, "c.fen", CASTLING);
    let fix = fenlint(&dir, &["check", "--fix", "c.fen"]);
    assert!(
        fix.stderr.contains("fenlint: c.fen: fixed 1 problem"),
        "{}",
        fix.stderr
    );
}

#[test]
fn explain_list_takes_a_prefix_and_fmt_help_names_only_its_flags() {
    let dir = scratch("explain-list");
    let all = fenlint(&dir, &["explain", "--list"]);
    let castling = fenlint(&dir, &["explain", "--list", "fen::castling"]);
    assert_eq!(castling.code, 0, "{}", castling.stderr);
    let names: Vec<&str> = castling
        .stdout
        .lines()
        .map(|line| line.split_whitespace().next().unwrap())
        .collect();
    assert!(names.len() > 3, "{}", castling.stdout);
    assert!(
        names.iter().all(|name| name.starts_with("fen::castling::")),
        "{names:?}"
    );
    assert!(all.stdout.lines().count() > names.len());
    // `explain` without a code lists every code, as `--list` does.
    let bare = fenlint(&dir, &["explain"]);
    assert_eq!(
        (bare.code, &bare.stdout),
        (0, &all.stdout),
        "{}",
        bare.stderr
    );
    // The listing of a prefix is the one `explain PREFIX` prints.
    let explain = fenlint(&dir, &["explain", "fen::castling"]);
    assert_eq!(explain.stdout, castling.stdout);
    let one = fenlint(&dir, &["explain", "--list", "FEN::Castling::Order"]);
    assert_eq!(one.stdout.lines().count(), 1, "{}", one.stdout);
    assert!(
        one.stdout.starts_with("fen::castling::order  error"),
        "{}",
        one.stdout
    );
    let unknown = fenlint(&dir, &["explain", "--list", "fen::castle"]);
    assert_eq!(unknown.code, 2);

    let help = fenlint(&dir, &["fmt", "--help"]);
    assert_eq!(help.code, 0);
    assert!(!help.stdout.contains("--fen"), "{}", help.stdout);
}

/// JSON Lines escape what RFC 8259 asks and nothing more: in a file name and in the texts, a
/// quote, a backslash and each control character (the short escapes where JSON has one, else
/// `\u00XX`); DEL and every character past ASCII (U+2028 too) are written as they are. The
/// library shows the control characters of the input in its messages as `\u{…}`, so those
/// messages hold backslashes. Each line reads back as the same texts.
#[test]
fn json_lines_escape_quotes_backslashes_and_control_characters_only() {
    let dir = scratch("json_escapes");
    let name = "a\"b\\c\u{1}\u{1f}\t\u{7f}é\u{2028}.fen";
    write(
        &dir,
        name,
        "8/8/8/4k3/8/8/8/4K3 \" - - 0 1\n\
         8/8/8/4k3/8/8/8/4K3 w - - 0 1 \\\u{1}é\u{2028}\n\
         8/8/8/4k3/8/8/8/4K3 \u{7f} - - 0 1\n\
         8/8/8/4k3/8/8/8/4K3 w - - 0 1 \t\u{1b}\n"
            .as_bytes(),
    );
    let run = fenlint(&dir, &["check", "--format", "json", "--", name]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let path = r#"a\"b\\c\u0001\u001f\t"#.to_owned() + "\u{7f}é\u{2028}.fen";
    let unexpected = r#""code":"fen::fields::unexpected","message":"unexpected text"#;
    let extra = r#""help":"Remove the extra text; comments do not belong in a FEN.","fix":null}"#;
    let expected = [
        format!(
            r#"{{"path":"{path}","line":1,"column":21,"end_line":1,"end_column":30,"byte_start":20,"byte_end":29,"severity":"error",{unexpected} `\" - - 0 1` after the piece placement, expected the end of the FEN",{extra}"#
        ),
        format!(
            r#"{{"path":"{path}","line":2,"column":31,"end_line":2,"end_column":34,"byte_start":60,"byte_end":64,"severity":"error",{unexpected} `\\\\u{{1}}é` after the fullmove number, expected the end of the FEN",{extra}"#
        ),
        format!(
            r#"{{"path":"{path}","line":3,"column":21,"end_line":3,"end_column":22,"byte_start":88,"byte_end":89,"severity":"error","code":"fen::side_to_move::invalid","message":"invalid side to move `\\u{{7f}}`, expected `w` or `b`","help":"The second field is `w` when White is to move and `b` when Black is to move.","fix":null}}"#
        ),
        format!(
            r#"{{"path":"{path}","line":4,"column":32,"end_line":4,"end_column":33,"byte_start":129,"byte_end":130,"severity":"error",{unexpected} `\\u{{1b}}` after the fullmove number, expected the end of the FEN",{extra}"#
        ),
        // Reported once per file: after the file's other diagnostics, in the order first seen.
        format!(
            r#"{{"path":"{path}","line":1,"column":1,"end_line":1,"end_column":20,"byte_start":0,"byte_end":19,"severity":"warning","code":"fen::fields::missing","message":"FEN has 1 of 6 fields, expected also the side to move, castling, en passant, halfmove clock and fullmove number","help":"Readers assume defaults for missing fields; write them out, such as `w - - 0 1`, so that every tool reads the same position.","fix":null}}"#
        ),
        format!(
            r#"{{"path":"{path}","line":2,"column":34,"end_line":2,"end_column":35,"byte_start":64,"byte_end":67,"severity":"warning","code":"fen::whitespace::trailing","message":"whitespace `\\u{{2028}}` after the FEN, expected none","help":"Remove the whitespace after the last field.","fix":{{"byte_start":64,"byte_end":67,"replacement":""}}}}"#
        ),
        format!(
            r#"{{"path":"{path}","line":4,"column":30,"end_line":4,"end_column":32,"byte_start":127,"byte_end":129,"severity":"warning","code":"fen::whitespace::separator","message":"irregular separator ` \\t`, expected one space","help":"Separate the fields with exactly one ASCII space (PGN §16.1.3).","fix":{{"byte_start":127,"byte_end":129,"replacement":" "}}}}"#
        ),
    ];
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines, expected);
    for line in lines {
        let value: Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["path"], name);
    }
    let message = |line: &str| serde_json::from_str::<Value>(line).unwrap()["message"].clone();
    assert_eq!(
        message(&expected[0]),
        "unexpected text `\" - - 0 1` after the piece placement, expected the end of the FEN"
    );
    assert_eq!(
        message(&expected[1]),
        "unexpected text `\\\\u{1}é` after the fullmove number, expected the end of the FEN"
    );
}
