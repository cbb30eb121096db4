//! The command on the awkward inputs of issue 12, each as the user ran it: a comment after a
//! byte-order mark, fixes that undo each other, uncertain fixes, severity flags in any order,
//! `--variant auto` over `fenlint.toml`, three-check counters outside three-check, empty
//! `--fen`, invalid UTF-8 and UTF-16, comments after a FEN, columns, `fmt` on what it cannot
//! format, and the errors of `fenlint.toml`.

#[path = "../../tests/support/mod.rs"]
mod support;

mod common;

use std::path::Path;

use assert_cmd::Command;
use common::{scratch, write};
use serde_json::Value;

/// What one run of `fenlint` gave.
struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

#[allow(dead_code, reason = "helpers the tests below use in part")]
impl Run {
    /// The run as the snapshots show it.
    fn text(&self, args: &[&str]) -> String {
        format!(
            "$ fenlint {}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
            args.join(" "),
            self.code,
            self.stdout,
            self.stderr
        )
    }

    /// The JSON objects on stdout.
    fn json(&self) -> Vec<Value> {
        self.stdout
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    /// The codes of the JSON objects on stdout.
    fn codes(&self) -> Vec<String> {
        self.json()
            .iter()
            .map(|object| object["code"].as_str().unwrap().to_owned())
            .collect()
    }
}

/// Runs `fenlint` in `dir`.
fn fenlint(dir: &Path, args: &[&str]) -> Run {
    let output = Command::cargo_bin("fenlint")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    }
}

#[allow(dead_code, reason = "used by some of the tests")]
fn snapshot(name: &str, text: &str) {
    support::settings_at("../../snapshots")
        .bind(|| insta::assert_snapshot!(format!("cli__issue12_{name}"), text));
}

/// Bug 1: A comment line right after a byte-order mark is a comment, not a FEN.
#[test]
fn a_comment_after_a_byte_order_mark_is_a_comment() {
    let dir = scratch("bom-comment");
    write(
        &dir,
        "c.fen",
        b"\xef\xbb\xbf# header\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    let run = fenlint(&dir, &["check", "c.fen"]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout
            .contains("1 file, 1 FEN: 0 errors, 0 warnings, 0 advice"),
        "{}",
        run.stdout
    );
}

/// Bug 2: Fixes that used to undo each other (`castling::ambiguous` turned `K` into `H`,
/// `castling::mixed_notation` turned it back) settle in one rewrite, with the count of fixes
/// that stayed; a second run has nothing to fix.
#[test]
fn fixes_settle_and_are_counted_once() {
    let dir = scratch("fix-loop");
    let path = write(
        &dir,
        "f.fen",
        b"1r1k2rr/ppppppp1/8/8/8/8/PPPPPPP1/1R1K2RR w KQkq - 0 1\n",
    );
    let first = fenlint(&dir, &["check", "--fix", "f.fen"]);
    assert!(
        first.stderr.contains("f.fen: fixed 2 problems"),
        "{}",
        first.stderr
    );
    assert!(!first.stderr.contains("did not settle"), "{}", first.stderr);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "1r1k2rr/ppppppp1/8/8/8/8/PPPPPPP1/1R1K2RR w HQhq - 0 1\n"
    );
    let second = fenlint(&dir, &["check", "--fix", "f.fen"]);
    assert!(!second.stderr.contains("fixed"), "{}", second.stderr);
}

/// Bug 3: `--fix` does not guess where a `;` goes when an operand may be an opcode: the record is
/// left as it is and still reported, with the `;` suggested in the help.
#[test]
fn an_uncertain_epd_fix_is_not_applied() {
    let dir = scratch("epd-semicolon");
    let text = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 id \"x\"\n";
    let path = write(&dir, "e.epd", text.as_bytes());
    let run = fenlint(&dir, &["check", "--fix", "--format", "json", "e.epd"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert!(!run.stderr.contains("fixed"), "{}", run.stderr);
    assert_eq!(run.code, 1);
    let objects = run.json();
    assert_eq!(objects.len(), 1, "{}", run.stdout);
    assert_eq!(objects[0]["code"], "epd::operation::unterminated");
    assert!(objects[0]["fix"].is_null());
    assert!(
        objects[0]["help"]
            .as_str()
            .unwrap()
            .contains("if `id` starts an operation of its own"),
        "{}",
        run.stdout
    );
}

/// Bug 4: a named code wins over `all` whatever the order of the flags, and of two flags that
/// name the same code the later wins, as in ruff.
#[test]
fn a_named_code_wins_over_all_and_a_later_flag_over_an_earlier_one() {
    let dir = scratch("severity-order");
    let board_only = "8/8/8/2K5/4k3/8/8/8";
    for args in [
        ["--deny", "all", "--allow", "fen::fields::missing"],
        ["--allow", "fen::fields::missing", "--deny", "all"],
        [
            "--deny",
            "fen::fields::missing",
            "--allow",
            "fen::fields::missing",
        ],
    ] {
        let run = fenlint(
            &dir,
            &[
                &["check", "--format", "json"][..],
                &args,
                &["--fen", board_only],
            ]
            .concat(),
        );
        assert_eq!(run.code, 0, "{args:?}: {}", run.stdout);
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
    }
    let run = fenlint(
        &dir,
        &[
            "check",
            "--format",
            "json",
            "--allow",
            "fen::fields::missing",
            "--deny",
            "fen::fields::missing",
            "--fen",
            board_only,
        ],
    );
    assert_eq!(run.code, 1);
    assert_eq!(run.json()[0]["severity"], "error");
    // The flags win over fenlint.toml, `all` included.
    write(&dir, "fenlint.toml", b"deny = [\"fen::fields::missing\"]\n");
    let run = fenlint(&dir, &["check", "--allow", "all", "--fen", board_only]);
    assert_eq!(run.code, 0, "{}", run.stdout);
}

/// Bug 5: `--variant auto` on the command line wins over `variant` in fenlint.toml.
#[test]
fn variant_auto_overrides_the_config() {
    let dir = scratch("variant-auto");
    write(&dir, "fenlint.toml", b"variant = \"standard\"\n");
    let crazyhouse = "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1";
    let from_config = fenlint(&dir, &["check", "--format", "json", "--fen", crazyhouse]);
    assert_eq!(from_config.codes(), ["fen::holdings::not_crazyhouse"]);
    let auto = fenlint(
        &dir,
        &[
            "check",
            "--format",
            "json",
            "--variant",
            "auto",
            "--fen",
            crazyhouse,
        ],
    );
    assert!(auto.stdout.is_empty(), "{}", auto.stdout);
}

/// Bug 14: an error in fenlint.toml names the file, the line and the column: TOML syntax,
/// unknown codes and variants, unknown settings.
#[test]
fn config_errors_say_where_they_are() {
    let dir = scratch("config-errors");
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    for (toml, expected) in [
        (
            "variant = \"standard\"\ndeny = [1\n",
            "fenlint.toml:2:10: unclosed array, expected `]`",
        ),
        (
            "allow = [\"fen::kings::missing\",\n    \"fen::nope\"]\n",
            "fenlint.toml:2:5: no rule `fen::nope`",
        ),
        (
            "variant = \"sideways\"\n",
            "fenlint.toml:1:11: unknown variant `sideways`",
        ),
        (
            "[format]\ncastling = \"x\"\n",
            "fenlint.toml:2:12: `format.castling` must be one of",
        ),
        (
            "colour = \"never\"\n",
            "fenlint.toml:1:1: unknown setting `colour`",
        ),
    ] {
        write(&dir, "fenlint.toml", toml.as_bytes());
        let run = fenlint(&dir, &["check", "--fen", fen]);
        assert_eq!(run.code, 2, "{toml}");
        assert!(run.stderr.contains(expected), "{toml}: {}", run.stderr);
    }
}

/// Bug 6: three-check counters checked as standard chess or crazyhouse get
/// `fen::checks::not_three_check`, as holdings outside crazyhouse get
/// `fen::holdings::not_crazyhouse`; `show` names the variant it checked as.
#[test]
fn three_check_counters_outside_three_check_are_reported() {
    let dir = scratch("not-three-check");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
    for variant in ["standard", "crazyhouse", "chess960"] {
        let run = fenlint(
            &dir,
            &[
                "check",
                "--format",
                "json",
                "--variant",
                variant,
                "--fen",
                fen,
            ],
        );
        assert_eq!(run.codes(), ["fen::checks::not_three_check"], "{variant}");
        assert_eq!(run.json()[0]["severity"], "warning");
        assert!(
            run.json()[0]["message"]
                .as_str()
                .unwrap()
                .contains(&format!("in a {variant} position")),
            "{}",
            run.stdout
        );
    }
    let three_check = fenlint(&dir, &["check", "--format", "json", "--fen", fen]);
    assert!(three_check.stdout.is_empty(), "{}", three_check.stdout);
    let show = fenlint(&dir, &["show", "--variant", "standard", fen]);
    assert!(show.stdout.contains("move 1 · Standard"), "{}", show.stdout);
    assert!(
        show.stdout.contains("fen::checks::not_three_check"),
        "{}",
        show.stdout
    );
    let explain = fenlint(&dir, &["explain", "fen::checks::not_three_check"]);
    assert_eq!(explain.code, 0);
    assert!(
        explain.stdout.contains("Bad (checked as standard chess)"),
        "{}",
        explain.stdout
    );
}

/// Bug 7: the string of `--fen` is one FEN, never lines or a comment: an empty or blank one is
/// `fen::input::empty`, and `# x` is linted as a FEN.
#[test]
fn the_fen_flag_is_always_one_fen() {
    let dir = scratch("fen-flag");
    for fen in ["", "   "] {
        let run = fenlint(&dir, &["check", "--format", "json", "--fen", fen]);
        assert_eq!(run.code, 1, "{fen:?}");
        assert_eq!(run.codes(), ["fen::input::empty"], "{fen:?}");
    }
    let run = fenlint(&dir, &["check", "--format", "json", "--fen", "# x"]);
    assert_eq!(run.code, 1);
    assert_eq!(run.codes()[0], "fen::placement::invalid_character");
}

/// Bug 12: the summary of `--fen` counts no files.
#[test]
fn the_summary_of_the_fen_flag_counts_no_files() {
    let dir = scratch("fen-summary");
    let run = fenlint(&dir, &["check", "--fen", "8 w - - 0 1"]);
    assert!(
        run.stdout.contains("found 1 rank, expected 8"),
        "{}",
        run.stdout
    );
    let summary = run.stdout.lines().last().unwrap();
    assert_eq!(summary, "1 FEN: 1 error, 0 warnings, 0 advice");
}

/// Bug 10: a comment after a board-only FEN is one error, not a cascade.
#[test]
fn a_comment_after_the_board_is_one_error() {
    let dir = scratch("comment-cascade");
    let args = ["check", "--fen", "8/8/8/2K5/4k3/8/8/8 # board only"];
    let run = fenlint(&dir, &args);
    assert_eq!(run.code, 1);
    snapshot("comment_after_board", &run.text(&args));
}
