//! Suppression comments through the command: `check` on files and standard input (read line by
//! line, in batches) gives what the library's whole-file lint gives, and `--fix` leaves the
//! silenced problems alone.

#[path = "../../tests/support/mod.rs"]
mod support;

mod common;

use std::path::Path;

use assert_cmd::Command;
use common::{scratch, write};
use fenlint::Validator;
use fenlint::files::{FileKind, lint_file};

fn fenlint(dir: &Path, args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let output = Command::cargo_bin("fenlint")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code().unwrap_or(-1),
    )
}

/// `(code, byte_start)` of each JSON diagnostic, sorted.
fn json_codes(stdout: &str) -> Vec<(String, u64)> {
    let mut found: Vec<(String, u64)> = stdout
        .lines()
        .map(|line| {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            (
                object["code"].as_str().unwrap().to_owned(),
                object["byte_start"].as_u64().unwrap(),
            )
        })
        .collect();
    found.sort();
    found
}

/// What the library's whole-file lint gives, as `json_codes` does.
fn library_codes(kind: FileKind, bytes: &[u8]) -> Vec<(String, u64)> {
    let mut found: Vec<(String, u64)> = lint_file(kind, bytes, &Validator::new())
        .iter()
        .map(|d| (d.code().name().to_owned(), d.span().start as u64))
        .collect();
    found.sort();
    found
}

const FILE: &str = "\
# fenlint: allow fen::castling::order, fen::nope
4k3/8/8/8/8/8/8/R3K2R w QK - 0 1
4k3/8/8/8/8/8/8/R3K2R w QK - 0 1
# fenlint: allow fen::kings::missing

8/8/8/4k3/8/8/8/4K3
# fenlint: allow-file fen::fields::missing, fen::check::opposite
";

#[test]
fn check_reports_what_suppressions_leave_and_their_own_problems() {
    let dir = scratch("check");
    write(&dir, "s.fen", FILE.as_bytes());
    let args = ["check", "s.fen"];
    let (stdout, stderr, code) = fenlint(&dir, &args, b"");
    assert_eq!(code, 1);
    let text = format!(
        "$ fenlint {}\nexit: {code}\n--- stdout\n{stdout}--- stderr\n{stderr}",
        args.join(" ")
    );
    support::settings_at("../../snapshots")
        .bind(|| insta::assert_snapshot!("cli__suppression", text));
    // The file read line by line, and standard input, give what the whole-file lint gives.
    let expected = library_codes(FileKind::Lines, FILE.as_bytes());
    assert_eq!(expected.len(), 4, "{expected:?}");
    let (from_file, _, _) = fenlint(&dir, &["check", "--format", "json", "s.fen"], b"");
    assert_eq!(json_codes(&from_file), expected);
    let (from_stdin, _, _) = fenlint(&dir, &["check", "--format", "json", "-"], FILE.as_bytes());
    assert_eq!(json_codes(&from_stdin), expected);
}

#[test]
fn a_suppression_applies_across_the_batches_of_a_large_file() {
    let dir = scratch("batches");
    // The command reads 1024 lines at a time: the comment ends a batch, its position starts
    // the next, and an `allow-file` comes after them all, also silencing the first line.
    let mut text = "8/8/8/4k3/8/8/8/4K3\n".to_owned();
    text.push_str(&"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n".repeat(4094));
    text.push_str("# fenlint: allow fen::castling::order\n");
    text.push_str("4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n");
    text.push_str("8/8/8/4k3/8/8/8/4K3\n");
    text.push_str("# fenlint: allow-file fen::fields::missing\n");
    write(&dir, "big.fen", text.as_bytes());
    let (stdout, stderr, code) = fenlint(&dir, &["check", "big.fen"], b"");
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.ends_with("1 file, 4097 FENs: 0 errors, 0 warnings, 0 advice\n"),
        "{stdout}"
    );
}

#[test]
fn an_allow_file_at_the_end_of_a_file_of_megabytes_silences_its_first_line() {
    let dir = scratch("megabytes");
    // Large enough that the first pass runs on a thread of its own while the first batches
    // are linted: their findings wait for it.
    let mut text = "8/8/8/4k3/8/8/8/4K3\n".to_owned();
    text.push_str(&"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n".repeat(40_000));
    assert!(text.len() > 1 << 20);
    text.push_str("# fenlint: allow-file fen::fields::missing\n");
    write(&dir, "huge.fen", text.as_bytes());
    let (stdout, stderr, code) = fenlint(&dir, &["check", "huge.fen"], b"");
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.ends_with("1 file, 40001 FENs: 0 errors, 0 warnings, 0 advice\n"),
        "{stdout}"
    );
    // Without the comment, the first line's problem is reported.
    let cut = text.len() - "# fenlint: allow-file fen::fields::missing\n".len();
    write(&dir, "huge.fen", &text.as_bytes()[..cut]);
    let (stdout, _, code) = fenlint(&dir, &["check", "--format", "json", "huge.fen"], b"");
    assert_eq!(code, 0, "a warning");
    assert_eq!(
        json_codes(&stdout),
        [("fen::fields::missing".to_owned(), 0)]
    );
}

/// Standard input longer than the 16 MiB read before linting starts is linted as it comes, so
/// an `allow-file` comment at its end cannot take back what was reported: `check -` says so on
/// stderr, naming the comment's line, while `check --fix -` (which reads it whole), the same
/// text in a file, and standard input redirected from that file silence the first line and
/// say nothing of it.
#[test]
fn a_late_allow_file_in_a_long_stream_says_it_applies_from_its_line_on() {
    let dir = scratch("late-allow-file");
    let mut text = "8/8/8/4k3/8/8/8/4K3\n".to_owned();
    // Comment lines, dropped as they are read, past the 16 MiB.
    let padding = format!("# {}\n", "x".repeat(1000));
    let lines = (17 << 20) / padding.len();
    text.push_str(&padding.repeat(lines));
    text.push_str("# fenlint: allow-file fen::fields::missing, fen::castling::order\n");
    let (stdout, stderr, code) =
        fenlint(&dir, &["check", "--format", "json", "-"], text.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let codes = |stdout: &str| -> Vec<String> {
        json_codes(stdout)
            .into_iter()
            .map(|(code, _)| code)
            .collect()
    };
    // The first line's problem was reported before the comment came, which then silences
    // nothing (and `fen::castling::order` never had anything to silence).
    assert_eq!(
        codes(&stdout),
        [
            "fen::fields::missing",
            "fen::suppression::unused",
            "fen::suppression::unused"
        ]
    );
    assert_eq!(
        stderr,
        format!(
            "fenlint: warning: -:{}: `allow-file fen::fields::missing` comes after findings of it \
             were reported: an input read as it comes (a stream longer than 16 MiB) is linted as \
             it is read, so the comment applies from its line on (name the file instead, or put \
             the comment before the positions)\n",
            lines + 2
        )
    );
    // Read whole, it silences the first line, and nothing is said.
    let (stdout, stderr, code) = fenlint(
        &dir,
        &["check", "--fix", "--format", "json", "-"],
        text.as_bytes(),
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, text);
    assert_eq!(codes(&stderr), ["fen::suppression::unused"]);
    write(&dir, "long.fen", text.as_bytes());
    let (stdout, stderr, _) = fenlint(&dir, &["check", "--format", "json", "long.fen"], b"");
    assert_eq!(codes(&stdout), ["fen::suppression::unused"]);
    assert_eq!(stderr, "");
    // Standard input that is that file (`check - < long.fen`) is read as the file is.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_fenlint"))
        .current_dir(&dir)
        .args(["check", "--format", "json", "-"])
        .stdin(std::fs::File::open(dir.join("long.fen")).unwrap())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(codes(&stdout), ["fen::suppression::unused"]);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    // At the top of the stream, it silences everything after it, and nothing is said.
    let mut first = "# fenlint: allow-file fen::fields::missing\n".to_owned();
    first.push_str(&text);
    let (stdout, stderr, _) = fenlint(&dir, &["check", "--format", "json", "-"], first.as_bytes());
    // (The one at the end now has nothing left to silence.)
    assert_eq!(
        codes(&stdout),
        ["fen::suppression::unused", "fen::suppression::unused"]
    );
    assert_eq!(stderr, "");
}

#[test]
fn fix_leaves_silenced_problems_alone_and_epd_and_pgn_files_read_their_comments() {
    let dir = scratch("fix");
    let path = write(&dir, "s.fen", FILE.as_bytes());
    let (_, stderr, _) = fenlint(&dir, &["check", "--fix", "s.fen"], b"");
    assert!(stderr.contains("s.fen: fixed 1 problem\n"), "{stderr}");
    let fixed = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        fixed.lines().take(3).collect::<Vec<_>>(),
        [
            "# fenlint: allow fen::castling::order, fen::nope",
            "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1",
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        ]
    );
    let epd = "# fenlint: allow epd::operation::unterminated\n4k3/8/8/8/8/8/8/4K3 w - - bm Kd2\n";
    write(&dir, "s.epd", epd.as_bytes());
    let (stdout, _, code) = fenlint(&dir, &["check", "--format", "json", "s.epd"], b"");
    assert_eq!((stdout.as_str(), code), ("", 0));
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3K4 w - - 0 1\"]\n\n*\n\n{ fenlint: allow pgn::setup::missing }\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n";
    let (stdout, _, code) = fenlint(
        &dir,
        &["check", "--format", "json", "--stdin-filename", "g.pgn"],
        pgn.as_bytes(),
    );
    assert_eq!((stdout.as_str(), code), ("", 0));
}

#[test]
fn check_help_describes_suppression_comments() {
    let dir = scratch("help");
    let (stdout, _, code) = fenlint(&dir, &["check", "--help"], b"");
    assert_eq!(code, 0);
    for text in [
        "# fenlint: allow CODE",
        "allow-file",
        "fen::suppression::unused",
    ] {
        assert!(
            stdout.contains(text),
            "check --help lacks {text}:\n{stdout}"
        );
    }
}
