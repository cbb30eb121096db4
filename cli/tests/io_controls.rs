//! The command's input and output controls: `--diff` for `check --fix` and `fmt`, standard
//! input to standard output (`fmt -`, `check --fix -`), and `--stdin-filename`.

#[path = "../../tests/support/mod.rs"]
mod support;

mod common;

use std::path::Path;

use assert_cmd::Command;
use common::{scratch, write};
use serde_json::Value;

/// What one run of `fenlint` gave.
struct Run {
    stdout: Vec<u8>,
    stderr: String,
    code: i32,
}

impl Run {
    /// The run as the snapshots show it: a `\r` is shown as `␍`, bytes that are not UTF-8 as
    /// `\xNN`, and a missing newline at the end is said, so that a snapshot says which bytes
    /// came out.
    fn text(&self, args: &[&str]) -> String {
        let mut stdout = visible(&self.stdout);
        if !stdout.is_empty() && !stdout.ends_with('\n') {
            stdout.push_str("\n[no newline at the end]\n");
        }
        format!(
            "$ fenlint {}\nexit: {}\n--- stdout\n{stdout}--- stderr\n{}",
            args.join(" "),
            self.code,
            self.stderr
        )
    }

    /// The JSON objects of `text`, one a line.
    fn json(text: &str) -> Vec<Value> {
        text.lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }
}

/// `bytes` with `\r` as `␍` and each byte that is not UTF-8 as `\xNN`.
fn visible(bytes: &[u8]) -> String {
    let mut text = String::new();
    for chunk in bytes.utf8_chunks() {
        text.push_str(&chunk.valid().replace('\r', "␍"));
        for byte in chunk.invalid() {
            text.push_str(&format!("\\x{byte:02x}"));
        }
    }
    text
}

/// Runs `fenlint` in `dir` with `stdin` on its standard input.
fn fenlint(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let output = Command::cargo_bin("fenlint")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .write_stdin(stdin)
        .output()
        .unwrap();
    Run {
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    }
}

fn snapshot(name: &str, text: &str) {
    support::settings_at("../../snapshots")
        .bind(|| insta::assert_snapshot!(format!("cli__io_{name}"), text));
}

/// A file with everything awkward: a byte-order mark, CRLF line endings, a line that is not
/// UTF-8, a castling field to fix (`QK`) and no newline at the end.
const AWKWARD: &[u8] = b"\xef\xbb\xbf# positions\r\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r\n# M\xfcller\r\n\xe9 not a FEN\r\n8/8/8/4k3/8/8/8/4K3 w - - 0 1\r\n4k3/8/8/8/8/8/8/R3K2R b QK - 0 1";

/// `AWKWARD` with its two fixes applied.
const AWKWARD_FIXED: &[u8] = b"\xef\xbb\xbf# positions\r\n4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\r\n# M\xfcller\r\n\xe9 not a FEN\r\n8/8/8/4k3/8/8/8/4K3 w - - 0 1\r\n4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1";

/// Applies `patch` to the files of `dir` with `git apply`, as a user would.
fn git_apply(dir: &Path, patch: &[u8]) {
    let patch_path = write(dir, "fixes.patch", patch);
    let status = std::process::Command::new("git")
        .current_dir(dir)
        .args(["apply", "--whitespace=nowarn"])
        .arg(&patch_path)
        .status()
        .unwrap();
    assert!(status.success(), "git apply failed");
    std::fs::remove_file(patch_path).unwrap();
}

#[test]
fn check_fix_diff_prints_a_diff_that_applies_and_writes_nothing() {
    let dir = scratch("fix-diff");
    let awkward = write(&dir, "awkward.fen", AWKWARD);
    let clean = write(&dir, "clean.fen", b"8/8/8/4k3/8/8/8/4K3 w - - 0 1\n");
    let args = ["check", "--fix", "--diff", "awkward.fen", "clean.fen"];
    let run = fenlint(&dir, &args, b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    snapshot("check_fix_diff", &run.text(&args));
    // Nothing written.
    assert_eq!(std::fs::read(&awkward).unwrap(), AWKWARD);
    // The diff keeps every byte: applied, it gives what `--fix` writes.
    git_apply(&dir, &run.stdout);
    assert_eq!(std::fs::read(&awkward).unwrap(), AWKWARD_FIXED);
    assert_eq!(
        std::fs::read(&clean).unwrap(),
        b"8/8/8/4k3/8/8/8/4K3 w - - 0 1\n"
    );
    // Nothing left to fix: no diff, exit 0.
    let again = fenlint(&dir, &args, b"");
    assert_eq!((again.code, again.stdout.as_slice()), (0, b"".as_slice()));
    assert_eq!(
        again.stderr,
        "fenlint: awkward.fen:4: left as it is: not UTF-8 (see `fenlint check`)\n"
    );
}

#[test]
fn diff_implies_fix_and_reports_nothing_else() {
    let dir = scratch("diff-alone");
    write(&dir, "f.fen", b"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n8/8 w\n");
    let run = fenlint(&dir, &["check", "--diff", "f.fen"], b"");
    assert_eq!(run.code, 1);
    // Only the diff on stdout: the error left on line 2 is not reported.
    assert_eq!(
        visible(&run.stdout),
        "--- a/f.fen\n+++ b/f.fen\n@@ -1,2 +1,2 @@\n-4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n+4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n 8/8 w\n"
    );
    assert_eq!(run.stderr, "fenlint: f.fen: would fix 1 problem\n");
}

#[test]
fn diff_of_a_utf16_file_is_none_and_says_why() {
    let dir = scratch("diff-utf16");
    let utf16: Vec<u8> = "\u{feff}8/8/8/8/8/8/8/8 w QK - 0 1\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    write(&dir, "u.fen", &utf16);
    let check = fenlint(&dir, &["check", "--fix", "--diff", "u.fen"], b"");
    let fmt = fenlint(&dir, &["fmt", "--diff", "u.fen"], b"");
    for run in [&check, &fmt] {
        assert_eq!((run.code, run.stdout.as_slice()), (0, b"".as_slice()));
        assert_eq!(
            run.stderr,
            "fenlint: u.fen: left as it is: UTF-16 (little-endian) text, expected UTF-8 (see `fenlint check`)\n"
        );
    }
}

#[test]
fn fmt_diff_prints_a_diff_and_writes_nothing() {
    let dir = scratch("fmt-diff");
    let original = b"\xef\xbb\xbf4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1\r\n\xe9\r\n8/8 w\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let path = write(&dir, "f.fen", original);
    let args = ["fmt", "--diff", "f.fen"];
    let run = fenlint(&dir, &args, b"");
    assert_eq!(run.code, 1);
    snapshot("fmt_diff", &run.text(&args));
    assert_eq!(std::fs::read(&path).unwrap(), original);
    git_apply(&dir, &run.stdout);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"\xef\xbb\xbf4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\r\n\xe9\r\n8/8 w\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    // Formatted now: no diff and exit 0, although two lines could not be formatted...
    let again = fenlint(&dir, &args, b"");
    assert_eq!((again.code, again.stdout.as_slice()), (0, b"".as_slice()));
    // ...which `--check` does not let pass.
    let checked = fenlint(&dir, &["fmt", "--check", "--diff", "f.fen"], b"");
    assert_eq!(
        (checked.code, checked.stdout.as_slice()),
        (1, b"".as_slice())
    );
    assert!(
        checked
            .stderr
            .ends_with("2 positions could not be checked\n"),
        "{}",
        checked.stderr
    );
}

#[test]
fn fmt_check_diff_prints_the_diff_and_fails() {
    let dir = scratch("fmt-check-diff");
    write(&dir, "a.fen", b"4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1\n");
    write(&dir, "b.epd", b"4k3/8/8/8/8/8/8/4K3  w - - id \"b\";\n");
    let args = ["fmt", "--check", "--diff", "a.fen", "b.epd"];
    let run = fenlint(&dir, &args, b"");
    assert_eq!(run.code, 1);
    snapshot("fmt_check_diff", &run.text(&args));
}

#[test]
fn fmt_stdin_writes_the_formatted_text_to_stdout_keeping_every_other_byte() {
    let dir = scratch("fmt-stdin");
    let input = b"\xef\xbb\xbf4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1\r\n# \xfc\r\n\xe9\r\n8/8 w\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let args = ["fmt", "-"];
    let run = fenlint(&dir, &args, input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        b"\xef\xbb\xbf4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\r\n# \xfc\r\n\xe9\r\n8/8 w\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    snapshot("fmt_stdin", &run.text(&args));
    // `--check` prints nothing on stdout and fails on what it could not check.
    let checked = fenlint(&dir, &["fmt", "--check", "-"], input);
    assert_eq!(
        (checked.code, checked.stdout.as_slice()),
        (1, b"".as_slice())
    );
    // `--diff` gives the diff under the name `-`.
    let diff = fenlint(
        &dir,
        &["fmt", "--diff", "-"],
        b"4k3/8/8/8/8/8/8/4K3  w - - 0 1\n",
    );
    assert_eq!(diff.code, 1);
    assert_eq!(
        visible(&diff.stdout),
        "--- a/-\n+++ b/-\n@@ -1 +1 @@\n-4k3/8/8/8/8/8/8/4K3  w - - 0 1\n+4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
    );
    // Standard input is the only input of `fmt`.
    let both = fenlint(&dir, &["fmt", "-", "x.fen"], b"");
    assert_eq!(both.code, 2);
    assert!(
        both.stderr.contains("must be the only input"),
        "{}",
        both.stderr
    );
}

#[test]
fn check_fix_stdin_writes_the_fixed_text_to_stdout_and_the_report_to_stderr() {
    let dir = scratch("fix-stdin");
    let args = ["check", "--fix", "-"];
    let run = fenlint(&dir, &args, AWKWARD);
    // The line that is not UTF-8 is an error that stays.
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, AWKWARD_FIXED);
    snapshot("check_fix_stdin", &run.text(&args));
    // Nothing left: exit 0.
    let clean = fenlint(
        &dir,
        &["check", "--fix", "-"],
        b"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n",
    );
    assert_eq!(clean.code, 0, "{}", clean.stderr);
    assert_eq!(clean.stdout, b"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n");
    assert_eq!(
        clean.stderr,
        "fenlint: -: fixed 1 problem\n1 file, 1 FEN: 0 errors, 0 warnings, 0 advice\n"
    );
    // JSON goes to stderr too: stdout holds the text alone.
    let json = fenlint(&dir, &["check", "--fix", "--format", "json", "-"], AWKWARD);
    assert_eq!(json.stdout, AWKWARD_FIXED);
    let reported = Run::json(
        json.stderr
            .lines()
            .skip(1)
            .collect::<Vec<_>>()
            .join("\n")
            .as_str(),
    );
    assert_eq!(reported.len(), 1);
    assert_eq!(reported[0]["code"], "fen::input::invalid_utf8");
    assert_eq!(reported[0]["line"], 4);
    // `--diff` on standard input: the diff, and exit 1 for a change.
    let diff = fenlint(
        &dir,
        &["check", "--diff", "-"],
        b"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n",
    );
    assert_eq!(diff.code, 1);
    assert!(visible(&diff.stdout).starts_with("--- a/-\n+++ b/-\n"));
    // Standard input and a file cannot both be fixed.
    let both = fenlint(&dir, &["check", "--fix", "-", "x.fen"], b"");
    assert_eq!((both.code, both.stdout.as_slice()), (2, b"".as_slice()));
}

/// Two games; the second lacks the `[SetUp "1"]` the first has.
const GAME: &[u8] = b"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n\n[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\"]\n\n1. Kd2 *\n";

#[test]
fn stdin_filename_picks_the_kind_and_names_the_input() {
    let dir = scratch("stdin-filename");
    // Without a name, standard input is FEN lines: the PGN is a pile of errors.
    let unnamed = fenlint(&dir, &["check", "--format", "json", "-"], GAME);
    assert!(Run::json(&String::from_utf8_lossy(&unnamed.stdout)).len() > 2);
    let args = ["check", "-", "--stdin-filename", "games.PGN"];
    let run = fenlint(&dir, &args, GAME);
    assert_eq!(run.code, 1);
    snapshot("stdin_filename_pgn", &run.text(&args));
    let json = fenlint(
        &dir,
        &["check", "--format", "json", "--stdin-filename", "games.pgn"],
        GAME,
    );
    let reported = Run::json(&String::from_utf8_lossy(&json.stdout));
    let found: Vec<(&str, &str)> = reported
        .iter()
        .map(|d| (d["path"].as_str().unwrap(), d["code"].as_str().unwrap()))
        .collect();
    assert_eq!(
        found,
        [
            ("games.pgn", "pgn::setup::missing"),
            ("games.pgn", "fen::castling::order")
        ]
    );
    // An EPD record, named `.epd`: its operations are read as such.
    let epd = fenlint(
        &dir,
        &["check", "--format", "json", "--stdin-filename", "suite.epd"],
        b"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";\n",
    );
    assert_eq!((epd.code, epd.stdout.as_slice()), (0, b"".as_slice()));
    // Fixing and formatting read the name too.
    let fixed = fenlint(&dir, &["check", "--fix", "--stdin-filename", "g.pgn"], GAME);
    assert_eq!(
        fixed.stdout,
        b"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n\n[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n\n1. Kd2 *\n"
    );
    assert!(
        fixed
            .stderr
            .starts_with("fenlint: g.pgn: fixed 2 problems\n"),
        "{}",
        fixed.stderr
    );
    let formatted = fenlint(
        &dir,
        &["fmt", "-", "--stdin-filename", "g.pgn", "--to", "shredder"],
        b"[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"]\n",
    );
    assert_eq!(
        formatted.stdout,
        b"[FEN \"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1\"]\n"
    );
}

#[test]
fn stdin_filename_picks_the_config_of_that_path() {
    let dir = scratch("stdin-config");
    write(
        &dir,
        "sub/fenlint.toml",
        b"allow = [\"pgn::setup::missing\"]\n[format]\ncastling = \"shredder\"\n",
    );
    let codes = |args: &[&str]| -> Vec<String> {
        let run = fenlint(&dir, args, GAME);
        Run::json(&String::from_utf8_lossy(&run.stdout))
            .iter()
            .map(|d| d["code"].as_str().unwrap().to_owned())
            .collect()
    };
    // In the current directory there is no fenlint.toml.
    assert_eq!(
        codes(&["check", "--format", "json", "--stdin-filename", "games.pgn"]),
        ["pgn::setup::missing", "fen::castling::order"]
    );
    // A file in `sub/` gets `sub/fenlint.toml`.
    assert_eq!(
        codes(&[
            "check",
            "--format",
            "json",
            "--stdin-filename",
            "sub/games.pgn"
        ]),
        ["fen::castling::order"]
    );
    let formatted = fenlint(
        &dir,
        &["fmt", "-", "--stdin-filename", "sub/a.fen"],
        b"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n",
    );
    assert_eq!(formatted.stdout, b"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1\n");
}

#[test]
fn help_names_the_flags() {
    let dir = scratch("help");
    for command in ["check", "fmt"] {
        let run = fenlint(&dir, &[command, "--help"], b"");
        let help = String::from_utf8_lossy(&run.stdout);
        assert_eq!(run.code, 0);
        for flag in ["--diff", "--stdin-filename <NAME>", "unified diff"] {
            assert!(
                help.contains(flag),
                "{command} --help lacks {flag}:\n{help}"
            );
        }
    }
}
