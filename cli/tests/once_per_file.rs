//! Codes reported once per file (`fenlint::Code::once_per_file`): `fenlint check` reports the
//! first occurrence in each file, at the end of the file's findings, its message ending with
//! how many more the file has, in every output format and however the file is read.

#[path = "../../tests/support/mod.rs"]
mod support;

mod common;

use common::{Run, scratch, write};
use std::path::Path;

const ZERO: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 0";
const NO_KING: &str = "8/8/8/8/8/8/8/4K3 w - - 0 1";

fn run(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    common::fenlint_in(dir, args, stdin)
}

/// `lines` lines, each a fullmove number 0, and every hundredth line a position without a
/// Black king as well.
fn problems(lines: usize) -> String {
    (0..lines)
        .map(|at| {
            if at % 100 == 50 {
                format!("{NO_KING}\n")
            } else {
                format!("{ZERO}\n")
            }
        })
        .collect()
}

#[test]
fn json_from_a_file_and_a_stream_over_many_batches() {
    let dir = scratch("json");
    let text = problems(3000);
    write(&dir, "problems.fen", text.as_bytes());
    for (args, stdin) in [
        (vec!["check", "--format", "json", "problems.fen"], None),
        (
            vec!["check", "--format", "json", "-"],
            Some(text.as_bytes()),
        ),
    ] {
        let run = run(&dir, &args, stdin);
        assert_eq!(run.code, 1, "{}", run.stderr);
        let codes = run.codes();
        assert_eq!(
            codes
                .iter()
                .filter(|code| *code == "fen::kings::missing")
                .count(),
            30
        );
        let zero: Vec<_> = run
            .json()
            .into_iter()
            .filter(|object| object["code"] == "fen::fullmove_number::zero")
            .collect();
        assert_eq!(zero.len(), 1, "{args:?}");
        assert_eq!(zero[0]["line"], 1);
        assert_eq!(
            zero[0]["message"],
            "fullmove number 0, expected 1 or more (and 2969 more in this file)"
        );
        // Reported when the file's lines end, after the others.
        assert_eq!(
            codes.last().map(String::as_str),
            Some("fen::fullmove_number::zero")
        );
    }
}

#[test]
fn statistics_count_every_occurrence() {
    let dir = scratch("statistics");
    write(&dir, "problems.fen", problems(3000).as_bytes());
    let run = run(
        &dir,
        &["check", "--statistics", "--format", "json", "problems.fen"],
        None,
    );
    let rows = run.json();
    let zero = rows
        .iter()
        .find(|row| row["code"] == "fen::fullmove_number::zero")
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert_eq!(zero["count"], 2970);
    assert_eq!(zero["fixable"], 2970);
}

#[test]
fn every_format_and_the_exit_status() {
    let dir = scratch("formats");
    write(
        &dir,
        "a.fen",
        format!("{ZERO}\n{ZERO}\n# note\n{ZERO}\n").as_bytes(),
    );
    write(&dir, "b.fen", format!("{ZERO}\n").as_bytes());
    let human = run(&dir, &["check", "a.fen", "b.fen"], None);
    // A warning: exit 0, counted once per file.
    assert_eq!(human.code, 0, "{}", human.stderr);
    support::settings_at("../../snapshots").bind(|| {
        insta::assert_snapshot!(
            "once_per_file__human",
            human.text(&["check", "a.fen", "b.fen"])
        )
    });
    let github = run(
        &dir,
        &["check", "--format", "github", "a.fen", "b.fen"],
        None,
    );
    let annotations: Vec<&str> = github.stdout.lines().collect();
    assert_eq!(annotations.len(), 2, "{}", github.stdout);
    assert!(annotations[0].starts_with("::warning file=a.fen,line=1,"));
    assert!(annotations[0].ends_with("(and 2 more in this file)"));
    assert!(annotations[1].ends_with("fullmove number 0, expected 1 or more"));
    let sarif = run(
        &dir,
        &["check", "--format", "sarif", "a.fen", "b.fen"],
        None,
    );
    let log: serde_json::Value = serde_json::from_str(&sarif.stdout).unwrap();
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    assert!(
        results[0]["message"]["text"]
            .as_str()
            .unwrap()
            .starts_with("fullmove number 0, expected 1 or more (and 2 more in this file)")
    );
    // Its severity counts as any other's, and the summary and `--max-warnings` count each of
    // its occurrences, as the statistics do.
    let denied = run(
        &dir,
        &["check", "--deny", "fen::fullmove_number::zero", "a.fen"],
        None,
    );
    assert_eq!(denied.code, 1);
    assert!(denied.stdout.contains("3 errors"), "{}", denied.stdout);
    let budget = |most: &str| {
        run(
            &dir,
            &["check", "--format", "json", "--max-warnings", most, "a.fen"],
            None,
        )
        .code
    };
    assert_eq!((budget("2"), budget("3")), (1, 0));
    let allowed = run(
        &dir,
        &["check", "--allow", "fen::fullmove_number::zero", "a.fen"],
        None,
    );
    assert!(!allowed.stdout.contains("fullmove"), "{}", allowed.stdout);
}

#[test]
fn pgn_files_and_fixes() {
    let dir = scratch("pgn");
    let game = format!("[SetUp \"1\"]\n[FEN \"{ZERO}\"]\n\n*\n\n");
    write(&dir, "games.pgn", game.repeat(3).as_bytes());
    let run_pgn = run(&dir, &["check", "--format", "json", "games.pgn"], None);
    let json = run_pgn.json();
    assert_eq!(json.len(), 1, "{}", run_pgn.stdout);
    assert!(
        json[0]["message"]
            .as_str()
            .unwrap()
            .ends_with("(and 2 more in this file)")
    );
    // `--fix` fixes them all, not only the one reported.
    write(&dir, "fix.fen", format!("{ZERO}\n{ZERO}\n").as_bytes());
    let fixed = run(&dir, &["check", "--fix", "fix.fen"], None);
    assert_eq!(fixed.code, 0, "{}", fixed.stderr);
    let text = std::fs::read_to_string(dir.join("fix.fen")).unwrap();
    assert_eq!(text, "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n".repeat(2));
}
