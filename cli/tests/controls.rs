//! The linter's controls: exit status (`--exit-zero`, `--max-warnings`), what is
//! printed (`--quiet`, `--statistics`), `--format sarif`, rule selection by prefix and case,
//! where the configuration comes from, `show` from standard input and in colour, and the
//! generated shell completions and man page.

#[path = "../../tests/support/mod.rs"]
mod support;

mod common;

use std::path::Path;

use assert_cmd::Command;
use common::{Run, scratch, write};
use serde_json::Value;

/// Runs `fenlint` in `dir` with `stdin` as standard input and `env` set.
fn fenlint_with(dir: &Path, args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Run {
    let mut command = Command::cargo_bin("fenlint").unwrap();
    command
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .write_stdin(stdin);
    for (key, value) in env {
        command.env(key, value);
    }
    let output = command.output().unwrap();
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    }
}

/// Runs `fenlint` in `dir`.
fn fenlint(dir: &Path, args: &[&str]) -> Run {
    fenlint_with(dir, args, "", &[])
}

fn snapshot(name: &str, text: &str) {
    support::settings_at("../../snapshots")
        .bind(|| insta::assert_snapshot!(format!("cli__controls_{name}"), text));
}

/// Two warnings (`fields::missing`, `whitespace::separator`), two errors (`side_to_move`,
/// `castling::order`) and one advice (`en_passant::not_capturable`).
const MIXED: &[u8] = b"4k3/8/8/8/8/8/8/4K3 w - -
4k3/8/8/8/8/8/8/4K3  w - - 0 1
4k3/8/8/8/8/8/8/4K3 x - - 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b kqKQ e3 0 1
";

/// Two warnings and nothing else.
const WARNINGS: &[u8] = b"4k3/8/8/8/8/8/8/4K3 w - -\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";

#[test]
fn exit_zero_passes_errors_but_not_trouble() {
    let dir = scratch("exit-zero");
    write(&dir, "mixed.fen", MIXED);
    assert_eq!(fenlint(&dir, &["check", "mixed.fen"]).code, 1);
    let run = fenlint(&dir, &["check", "--exit-zero", "mixed.fen"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The report is the same: only the status changes.
    assert!(
        run.stdout.contains("2 errors, 2 warnings, 1 advice"),
        "{}",
        run.stdout
    );
    // A file that cannot be read is still trouble.
    let run = fenlint(&dir, &["check", "--exit-zero", "mixed.fen", "missing.fen"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn max_warnings_fails_past_the_limit() {
    let dir = scratch("max-warnings");
    write(&dir, "w.fen", WARNINGS);
    // Warnings alone pass, and so do as many as allowed.
    assert_eq!(fenlint(&dir, &["check", "w.fen"]).code, 0);
    assert_eq!(
        fenlint(&dir, &["check", "--max-warnings", "2", "w.fen"]).code,
        0
    );
    let args = ["check", "--max-warnings", "1", "--format", "json", "w.fen"];
    let run = fenlint(&dir, &args);
    assert_eq!(run.code, 1);
    assert_eq!(run.codes().len(), 2);
    snapshot("max_warnings", &run.text(&args));
    // `--quiet` hides the warnings but they still count.
    let run = fenlint(&dir, &["check", "--quiet", "--max-warnings", "1", "w.fen"]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(!run.stdout.contains("fields::missing"), "{}", run.stdout);
    // `--exit-zero` wins.
    let run = fenlint(
        &dir,
        &["check", "--exit-zero", "--max-warnings", "0", "w.fen"],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    // Not a number: a usage error.
    assert_eq!(
        fenlint(&dir, &["check", "--max-warnings", "x", "w.fen"]).code,
        2
    );
}

#[test]
fn quiet_prints_only_errors_and_the_whole_summary() {
    let dir = scratch("quiet");
    write(&dir, "mixed.fen", MIXED);
    let args = ["check", "--quiet", "mixed.fen"];
    let run = fenlint(&dir, &args);
    assert_eq!(run.code, 1);
    snapshot("quiet", &run.text(&args));
    let run = fenlint(&dir, &["check", "-q", "--format", "json", "mixed.fen"]);
    assert_eq!(
        run.codes(),
        ["fen::side_to_move::invalid", "fen::castling::order"]
    );
    let run = fenlint(&dir, &["check", "-q", "--format", "github", "mixed.fen"]);
    assert_eq!(run.stdout.lines().count(), 2, "{}", run.stdout);
    assert!(run.stdout.lines().all(|line| line.starts_with("::error ")));
}

#[test]
fn statistics_count_each_code() {
    let dir = scratch("statistics");
    write(&dir, "mixed.fen", MIXED);
    write(&dir, "more.fen", b"4k3/8/8/8/8/8/8/4K3 w - -\n");
    let args = ["check", "--statistics", "mixed.fen", "more.fen"];
    let run = fenlint(&dir, &args);
    assert_eq!(run.code, 1);
    snapshot("statistics", &run.text(&args));
    let run = fenlint(
        &dir,
        &[
            "check",
            "--statistics",
            "--format",
            "json",
            "mixed.fen",
            "more.fen",
        ],
    );
    let rows = run.json();
    assert_eq!(rows.len(), 5, "{}", run.stdout);
    assert_eq!(rows[0]["code"], "fen::fields::missing");
    assert_eq!(rows[0]["count"], 2);
    assert_eq!(rows[0]["severity"], "warning");
    let order = rows
        .iter()
        .find(|row| row["code"] == "fen::castling::order")
        .unwrap();
    assert_eq!(
        (order["count"].as_u64(), order["fixable"].as_u64()),
        (Some(1), Some(1))
    );
    // With `--quiet`, only the errors' rows.
    let run = fenlint(
        &dir,
        &[
            "check",
            "--statistics",
            "-q",
            "--format",
            "json",
            "mixed.fen",
        ],
    );
    assert_eq!(
        run.codes(),
        ["fen::castling::order", "fen::side_to_move::invalid"]
    );
    // A table has no place in annotations or a SARIF log.
    let run = fenlint(
        &dir,
        &["check", "--statistics", "--format", "github", "mixed.fen"],
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--statistics"), "{}", run.stderr);
}

/// The required shape of a SARIF 2.1.0 log, as the specification (§3.13 on) and its schema
/// require, and as GitHub code scanning reads it; every failure is named.
fn sarif_problems(log: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let mut need = |ok: bool, what: String| {
        if !ok {
            problems.push(what);
        }
    };
    need(
        log["version"] == "2.1.0",
        "version must be \"2.1.0\"".into(),
    );
    let Some(runs) = log["runs"].as_array() else {
        return vec!["runs must be an array".into()];
    };
    for (r, run) in runs.iter().enumerate() {
        let driver = &run["tool"]["driver"];
        need(
            driver["name"].is_string(),
            format!("runs[{r}].tool.driver.name"),
        );
        let rules = driver["rules"].as_array().cloned().unwrap_or_default();
        for (i, rule) in rules.iter().enumerate() {
            need(rule["id"].is_string(), format!("rules[{i}].id"));
            for key in ["shortDescription", "fullDescription"] {
                if !rule[key].is_null() {
                    need(
                        rule[key]["text"].is_string(),
                        format!("rules[{i}].{key}.text"),
                    );
                }
            }
            let level = &rule["defaultConfiguration"]["level"];
            need(
                level.is_null()
                    || ["none", "note", "warning", "error"].contains(&level.as_str().unwrap_or("")),
                format!("rules[{i}].defaultConfiguration.level {level}"),
            );
        }
        need(
            run["columnKind"].is_null()
                || ["utf16CodeUnits", "unicodeCodePoints"]
                    .contains(&run["columnKind"].as_str().unwrap_or("")),
            format!("runs[{r}].columnKind"),
        );
        let results = run["results"].as_array().cloned().unwrap_or_default();
        for (i, result) in results.iter().enumerate() {
            need(
                result["message"]["text"].is_string(),
                format!("results[{i}].message.text"),
            );
            let level = result["level"].as_str().unwrap_or("warning");
            need(
                ["none", "note", "warning", "error"].contains(&level),
                format!("results[{i}].level {level}"),
            );
            if let Some(index) = result["ruleIndex"].as_u64() {
                need(
                    rules.get(index as usize).map(|rule| &rule["id"]) == Some(&result["ruleId"]),
                    format!("results[{i}].ruleIndex names another rule"),
                );
            }
            let locations = result["locations"].as_array().cloned().unwrap_or_default();
            let related = result["relatedLocations"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            for location in locations.iter().chain(&related) {
                let physical = &location["physicalLocation"];
                need(
                    physical["artifactLocation"]["uri"].is_string()
                        || physical["address"].is_object(),
                    format!(
                        "results[{i}]: a physicalLocation needs an artifactLocation or address"
                    ),
                );
                let region = &physical["region"];
                let positive = |key: &str| {
                    region[key].is_null() || region[key].as_i64().is_some_and(|n| n >= 1)
                };
                let not_negative = |key: &str| {
                    region[key].is_null() || region[key].as_i64().is_some_and(|n| n >= 0)
                };
                for key in ["startLine", "startColumn", "endLine", "endColumn"] {
                    need(
                        positive(key),
                        format!("results[{i}].region.{key} must be 1 or more"),
                    );
                }
                for key in ["byteOffset", "byteLength", "charOffset", "charLength"] {
                    need(
                        not_negative(key),
                        format!("results[{i}].region.{key} must be 0 or more"),
                    );
                }
                need(
                    region["startLine"].is_number()
                        || region["byteOffset"].is_number()
                        || region["charOffset"].is_number(),
                    format!("results[{i}].region needs startLine, charOffset or byteOffset"),
                );
                let start = (region["startLine"].as_i64(), region["startColumn"].as_i64());
                let end = (region["endLine"].as_i64(), region["endColumn"].as_i64());
                if end.0.is_some() {
                    need(
                        end >= start,
                        format!("results[{i}].region ends before it starts"),
                    );
                }
            }
            for fix in result["fixes"].as_array().cloned().unwrap_or_default() {
                let changes = fix["artifactChanges"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                need(
                    !changes.is_empty(),
                    format!("results[{i}].fixes[].artifactChanges"),
                );
                for change in changes {
                    need(
                        change["artifactLocation"].is_object(),
                        "artifactChange.artifactLocation".into(),
                    );
                    need(
                        change["replacements"].is_array(),
                        "artifactChange.replacements".into(),
                    );
                    for replacement in change["replacements"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default()
                    {
                        need(
                            replacement["deletedRegion"].is_object(),
                            "replacement.deletedRegion".into(),
                        );
                    }
                }
            }
        }
    }
    problems
}

#[test]
fn sarif_checker_catches_what_it_checks() {
    // The checker itself: a log missing what is required fails it.
    let bad = serde_json::json!({
        "version": "2.0",
        "runs": [{"tool": {"driver": {}}, "results": [{
            "level": "fatal",
            "message": {},
            "locations": [{"physicalLocation": {"region": {"startLine": 0}}}]
        }]}]
    });
    let problems = sarif_problems(&bad);
    assert_eq!(problems.len(), 6, "{problems:#?}");
}

#[test]
fn sarif_for_code_scanning() {
    let dir = scratch("sarif");
    write(&dir, "sub dir/mixed.fen", MIXED);
    // One four-byte character (two UTF-16 code units, one column for a terminal) before the
    // bad FEN on the same line.
    write(
        &dir,
        "games.pgn",
        "[Event \"𝄞\"] [FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"] [SetUp \"1\"]\n\n*\n".as_bytes(),
    );
    let args = [
        "check",
        "--format",
        "sarif",
        "sub dir/mixed.fen",
        "games.pgn",
    ];
    let run = fenlint(&dir, &args);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let log: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(sarif_problems(&log), Vec::<String>::new());
    snapshot("sarif", &run.text(&args));

    let run_ = &log["runs"][0];
    let driver = &run_["tool"]["driver"];
    assert_eq!(driver["name"], "fenlint");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    assert!(
        driver["informationUri"]
            .as_str()
            .unwrap()
            .starts_with("https://")
    );
    let rule = driver["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|rule| rule["id"] == "fen::castling::order")
        .unwrap();
    assert_eq!(
        rule["shortDescription"]["text"],
        "castling letters out of order"
    );
    assert!(
        rule["fullDescription"]["text"]
            .as_str()
            .unwrap()
            .contains("White's")
    );
    assert_eq!(rule["defaultConfiguration"]["level"], "error");
    assert_eq!(
        rule["helpUri"],
        fenlint::Code::CastlingOrder.url(),
        "the rule's section of the grammar reference"
    );

    let results = run_["results"].as_array().unwrap();
    let levels: Vec<&str> = results
        .iter()
        .map(|r| r["level"].as_str().unwrap())
        .collect();
    // The warnings on missing fields and on separators are reported once per file, after
    // the file's other diagnostics.
    assert_eq!(
        levels,
        ["error", "error", "warning", "warning", "note", "error"]
    );
    let uri = |result: &Value| {
        result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(uri(&results[0]), "sub%20dir/mixed.fen");
    // The castling fix: bytes 48..52 of line 4, which starts at byte 87.
    let order = results
        .iter()
        .find(|r| r["ruleId"] == "fen::castling::order")
        .unwrap();
    let replacement = &order["fixes"][0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(replacement["insertedContent"]["text"], "KQkq");
    assert_eq!(replacement["deletedRegion"]["byteLength"], 4);
    // The PGN's side to move: `x` is the 21st character of the FEN, after `[Event "𝄞"] [FEN "`
    // (18 characters, 19 UTF-16 code units, 21 bytes).
    let side = results.last().unwrap();
    assert_eq!(uri(side), "games.pgn");
    let region = &side["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 1);
    assert_eq!(region["startColumn"], 19 + 21);
    assert_eq!(region["endLine"], 1);
    assert_eq!(region["endColumn"], 19 + 22);
    assert_eq!(region["byteOffset"], 21 + 20);
    assert_eq!(region["byteLength"], 1);
    // JSON counts characters: one column less.
    let json = fenlint(&dir, &["check", "--format", "json", "games.pgn"]);
    assert_eq!(json.json()[0]["column"], 18 + 21);

    // A clean run is a log with no results.
    write(&dir, "clean.fen", b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    let run = fenlint(&dir, &["check", "--format", "sarif", "clean.fen"]);
    assert_eq!(run.code, 0);
    let log: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(sarif_problems(&log), Vec::<String>::new());
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
}

/// A castling order error (fixable), two castling rights without rooks, a missing-fields
/// warning, and an EPD record with an unknown opcode.
const CASTLING: &[u8] = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1
4k3/8/8/8/8/8/8/4K3 w KQ - 0 1
4k3/8/8/8/8/8/8/4K3 w - -
";

/// The severity of each code `fenlint check --format json` reports for `args`.
fn severities(dir: &Path, args: &[&str]) -> Vec<(String, String)> {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let run = fenlint(dir, &all);
    assert_ne!(run.code, 2, "{}", run.stderr);
    run.json()
        .iter()
        .map(|object| {
            (
                object["code"].as_str().unwrap().to_owned(),
                object["severity"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(code, severity)| ((*code).to_owned(), (*severity).to_owned()))
        .collect()
}

#[test]
fn selection_by_prefix_in_any_case_most_specific_first() {
    let dir = scratch("prefix");
    write(&dir, "c.fen", CASTLING);
    let order = "fen::castling::order";
    let no_rook = "fen::castling::no_rook";
    let missing = "fen::fields::missing";
    // A prefix takes its whole group, in any case.
    assert_eq!(
        severities(&dir, &["--allow", "FEN::Castling", "c.fen"]),
        pairs(&[(missing, "warning")])
    );
    assert_eq!(
        severities(&dir, &["--warn", "fen::castling", "c.fen"]),
        pairs(&[
            (order, "warning"),
            (no_rook, "warning"),
            (no_rook, "warning"),
            (missing, "warning")
        ])
    );
    // Whole segments only: `fen::cast` is no prefix.
    let run = fenlint(&dir, &["check", "--allow", "fen::cast", "c.fen"]);
    assert_eq!(run.code, 2);
    // A named code beats a prefix, whatever the order.
    for args in [
        ["--deny", order, "--allow", "fen::castling", "c.fen"],
        ["--allow", "fen::castling", "--deny", order, "c.fen"],
    ] {
        assert_eq!(
            severities(&dir, &args),
            pairs(&[(order, "error"), (missing, "warning")]),
            "{args:?}"
        );
    }
    // A longer prefix beats a shorter one, and a prefix beats `all`, whatever the order.
    for args in [
        ["--allow", "fen", "--deny", "fen::fields", "c.fen"],
        ["--deny", "fen::fields", "--allow", "fen", "c.fen"],
        ["--deny", "fen::fields", "--allow", "all", "c.fen"],
    ] {
        assert_eq!(
            severities(&dir, &args),
            pairs(&[(missing, "error")]),
            "{args:?}"
        );
    }
    // At equal specificity the later flag wins.
    assert_eq!(
        severities(
            &dir,
            &["--allow", "fen::fields", "--warn", "FEN::FIELDS", "c.fen"]
        ),
        severities(&dir, &["c.fen"])
    );
    assert!(
        !severities(
            &dir,
            &["--warn", "fen::fields", "--allow", "fen::fields", "c.fen"]
        )
        .iter()
        .any(|(code, _)| code == missing)
    );
    // Codes in any case.
    assert_eq!(
        severities(
            &dir,
            &[
                "--allow",
                "FEN::CASTLING::NO_ROOK",
                "--deny",
                "Fen::Fields::Missing",
                "c.fen"
            ]
        ),
        pairs(&[(order, "error"), (missing, "error")])
    );
}

#[test]
fn fenlint_toml_takes_prefixes_and_flags_still_win() {
    let dir = scratch("prefix-toml");
    write(&dir, "c.fen", CASTLING);
    write(
        &dir,
        "fenlint.toml",
        b"warn = [\"FEN::Castling\"]\nallow = [\"fen::castling::order\"]\n",
    );
    let order = "fen::castling::order";
    let no_rook = "fen::castling::no_rook";
    let missing = "fen::fields::missing";
    assert_eq!(
        severities(&dir, &["c.fen"]),
        pairs(&[
            (no_rook, "warning"),
            (no_rook, "warning"),
            (missing, "warning")
        ])
    );
    // A flag's prefix beats the file's named code: the flags are a layer above the file.
    assert_eq!(
        severities(&dir, &["--deny", "fen::castling", "c.fen"]),
        pairs(&[
            (order, "error"),
            (no_rook, "error"),
            (no_rook, "error"),
            (missing, "warning")
        ])
    );
}

#[test]
fn unknown_codes_get_a_did_you_mean_everywhere() {
    let dir = scratch("did-you-mean");
    write(&dir, "c.fen", CASTLING);
    let mut text = String::new();
    for args in [
        &["check", "--deny", "fen::castling::ordr", "c.fen"][..],
        &["check", "--allow", "castling::order", "c.fen"],
        &["check", "--warn", "fen::castlin", "c.fen"],
        &["check", "--warn", "nothing::like::it", "c.fen"],
        &["explain", "fen::castling::ordr"],
    ] {
        let run = fenlint(&dir, args);
        assert_eq!(run.code, 2, "{args:?}");
        text.push_str(&run.text(args));
    }
    let toml = scratch("did-you-mean-toml");
    write(&toml, "c.fen", CASTLING);
    write(
        &toml,
        "fenlint.toml",
        b"variant = \"auto\"\ndeny = [\n  \"fen::castling::ordr\",\n]\n",
    );
    let args = ["check", "c.fen"];
    let run = fenlint(&toml, &args);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(
            "fenlint.toml:3:3: no rule `fen::castling::ordr`; did you mean `fen::castling::order`?"
        ),
        "{}",
        run.stderr
    );
    snapshot("did_you_mean", &text);
}

#[test]
fn explain_takes_any_case_and_prefixes() {
    let dir = scratch("explain");
    let lower = fenlint(&dir, &["explain", "fen::castling::order"]);
    let upper = fenlint(&dir, &["explain", "FEN::Castling::ORDER"]);
    assert_eq!(upper.code, 0);
    assert_eq!(lower.stdout, upper.stdout);
    let args = ["explain", "fen::Castling"];
    let run = fenlint(&dir, &args);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout.lines().count(), 12, "{}", run.stdout);
    assert!(
        run.stdout
            .lines()
            .all(|line| line.starts_with("fen::castling::"))
    );
    snapshot("explain_prefix", &run.text(&args));
}

/// A FEN without its counters: `fen::fields::missing`, a warning by default.
const SHORT: &[u8] = b"4k3/8/8/8/8/8/8/4K3 w - -\n";

#[test]
fn each_file_takes_its_nearest_fenlint_toml() {
    let root = scratch("nearest");
    write(
        &root,
        "fenlint.toml",
        b"allow = [\"fen::fields::missing\"]\n",
    );
    write(&root, "a/x.fen", SHORT);
    write(
        &root,
        "b/fenlint.toml",
        b"deny = [\"fen::fields::missing\"]\n",
    );
    write(&root, "b/x.fen", SHORT);
    write(&root, "b/c/x.fen", SHORT);
    let expected = pairs(&[
        ("fen::fields::missing", "error"),
        ("fen::fields::missing", "error"),
    ]);
    // From the root, from inside `b`, and from a directory with no fenlint.toml at all: each
    // file's own nearest settings, wherever the command runs.
    assert_eq!(
        severities(&root, &["a/x.fen", "b/x.fen", "b/c/x.fen"]),
        expected
    );
    assert_eq!(
        severities(&root.join("b"), &["../a/x.fen", "x.fen", "c"]),
        expected
    );
    let elsewhere = scratch("nearest-elsewhere");
    let absolute: Vec<String> = ["a/x.fen", "b"]
        .iter()
        .map(|path| root.join(path).display().to_string())
        .collect();
    assert_eq!(
        severities(&elsewhere, &[absolute[0].as_str(), absolute[1].as_str()]),
        expected
    );
    // The walk of the root: the same.
    assert_eq!(severities(&root, &["."]), expected);
    // Standard input and `--fen` take the current directory's.
    let run = fenlint_with(
        &root.join("b"),
        &["check", "--format", "json", "-"],
        "4k3/8/8/8/8/8/8/4K3 w - -\n",
        &[],
    );
    assert_eq!(run.json()[0]["severity"], "error");
    let run = fenlint(
        &root.join("a"),
        &["check", "--fen", "4k3/8/8/8/8/8/8/4K3 w - -"],
    );
    assert!(
        run.stdout.contains("0 errors, 0 warnings"),
        "{}",
        run.stdout
    );
}

#[test]
fn config_flag_and_no_config() {
    let root = scratch("config-flag");
    write(
        &root,
        "fenlint.toml",
        b"allow = [\"fen::fields::missing\"]\n",
    );
    write(
        &root,
        "sub/fenlint.toml",
        b"allow = [\"fen::fields::missing\"]\n",
    );
    write(&root, "sub/x.fen", SHORT);
    write(&root, "strict.toml", b"deny = [\"FEN::fields\"]\n");
    assert_eq!(severities(&root, &["sub/x.fen"]), pairs(&[]));
    // `--config PATH` for every file, whatever its directory holds.
    assert_eq!(
        severities(&root, &["--config", "strict.toml", "sub/x.fen"]),
        pairs(&[("fen::fields::missing", "error")])
    );
    // `--no-config`: the defaults.
    assert_eq!(
        severities(&root, &["--no-config", "sub/x.fen"]),
        pairs(&[("fen::fields::missing", "warning")])
    );
    let mut text = String::new();
    for args in [
        &["check", "--config", "missing.toml", "sub/x.fen"][..],
        &[
            "check",
            "--config",
            "strict.toml",
            "--no-config",
            "sub/x.fen",
        ],
    ] {
        let run = fenlint(&root, args);
        assert_eq!(run.code, 2, "{args:?}");
        text.push_str(&run.text(args));
    }
    snapshot("config_flag_errors", &text);
}

#[test]
fn a_bad_fenlint_toml_stops_its_files_only_and_is_said_once() {
    let root = scratch("bad-nearest");
    write(&root, "good/x.fen", b"4k3/8/8/8/8/8/8/4K3 x - - 0 1\n");
    write(&root, "bad/fenlint.toml", b"deny = [\"fen::nope\"]\n");
    write(&root, "bad/x.fen", SHORT);
    write(&root, "bad/y.fen", SHORT);
    let run = fenlint(
        &root,
        &[
            "check",
            "--format",
            "json",
            "good/x.fen",
            "bad/x.fen",
            "bad/y.fen",
        ],
    );
    assert_eq!(run.code, 2);
    assert_eq!(run.codes(), ["fen::side_to_move::invalid"]);
    assert_eq!(
        run.stderr.matches("no rule `fen::nope`").count(),
        1,
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("fenlint.toml:1:9"), "{}", run.stderr);
    // `--fen` in that directory: nothing linted under settings that are wrong.
    let run = fenlint(
        &root.join("bad"),
        &["check", "--format", "json", "--fen", "8/8 w"],
    );
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
}

#[test]
fn fmt_takes_each_files_variant_and_dialect() {
    let root = scratch("fmt-config");
    // Chess960 castling rights with the king on c1, and a double space to format away.
    let chess960 = b"1rk3r1/8/8/8/8/8/8/1RK3R1  w GBgb - 0 1\n";
    write(&root, "standard/fenlint.toml", b"variant = \"standard\"\n");
    write(&root, "standard/x.fen", chess960);
    write(
        &root,
        "shredder/fenlint.toml",
        b"[format]\ncastling = \"shredder\"\n",
    );
    write(
        &root,
        "shredder/x.fen",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    write(&root, "auto/x.fen", chess960);
    let args = ["fmt", "--check", "auto", "shredder", "standard"];
    let run = fenlint(&root, &args);
    assert_eq!(run.code, 1);
    snapshot("fmt_config", &run.text(&args));
    // `--variant` wins over the file (X-FEN writes the outer rooks' rights as `KQkq`).
    let run = fenlint(&root, &["fmt", "--variant", "chess960", "standard/x.fen"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        std::fs::read_to_string(root.join("standard/x.fen")).unwrap(),
        "1rk3r1/8/8/8/8/8/8/1RK3R1 w KQkq - 0 1\n"
    );
    // `--no-config` forgets the dialect, `--config` names another.
    let run = fenlint(&root, &["fmt", "--check", "--no-config", "shredder"]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    let run = fenlint(
        &root,
        &[
            "fmt",
            "--check",
            "--config",
            "shredder/fenlint.toml",
            "auto",
        ],
    );
    assert_eq!(run.code, 1, "{}", run.stdout);
}

#[test]
fn show_reads_standard_input() {
    let dir = scratch("show-stdin");
    let fen = "r3k2r/8/8/8/8/8/4R3/R3K2R w KQkq - 0 1";
    let named = fenlint(&dir, &["show", fen]);
    for args in [&["show"][..], &["show", "-"]] {
        let run = fenlint_with(&dir, args, &format!("# a comment\r\n\r\n{fen}\r\n"), &[]);
        assert_eq!(run.code, 1, "{}", run.stderr);
        // The same report, its source named as standard input rather than the argument.
        assert!(named.stdout.contains("[FEN:1:"), "{}", named.stdout);
        assert_eq!(run.stdout, named.stdout.replace("[FEN:1:", "[-:1:"));
        assert!(run.stderr.is_empty(), "{}", run.stderr);
    }
    let mut text = String::new();
    for (args, input) in [
        (
            &["show", "-"][..],
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8 w\n8/8 w\n",
        ),
        (&["show"], "# nothing but a comment\n"),
    ] {
        let run = fenlint_with(&dir, args, input, &[]);
        text.push_str(&format!("stdin: {input:?}\n"));
        text.push_str(&run.text(args));
    }
    snapshot("show_stdin", &text);
}

#[test]
fn show_in_colour() {
    let dir = scratch("show-color");
    let fen = "r3k2r/8/8/8/8/8/4R3/R3K2R w KQkq - 0 1";
    // `always` colours even with NO_COLOR set (it is `auto` that respects it) and when the
    // output is not a terminal: the checked square and the report.
    let run = fenlint_with(
        &dir,
        &["show", "--color", "always", fen],
        "",
        &[("NO_COLOR", "1")],
    );
    assert_eq!(run.code, 1);
    let marked = run
        .stdout
        .lines()
        .find(|line| line.contains("[k]"))
        .unwrap();
    assert!(marked.contains("\u{1b}["), "{marked:?}");
    let report = run.stdout.split("fen::").nth(1).unwrap();
    assert!(report.contains("\u{1b}["), "{report:?}");
    // `never`, and `auto` when the output is not a terminal: no escape at all.
    for choice in ["never", "auto"] {
        let run = fenlint_with(&dir, &["show", "--color", choice, fen], "", &[]);
        assert!(!run.stdout.contains('\u{1b}'), "{choice}: {}", run.stdout);
        assert!(run.stdout.contains("[k]"));
    }
}

/// The subcommands with options, and the long options each `--help` lists.
fn subcommands_and_flags(dir: &Path) -> Vec<(String, Vec<String>)> {
    ["check", "explain", "fmt", "show", "completions", "man"]
        .iter()
        .map(|name| {
            let help = fenlint(dir, &[name, "--help"]).stdout;
            let flags: Vec<String> = help
                .split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == ']' || c == '=')
                .filter(|word| word.starts_with("--") && word.len() > 2)
                .map(str::to_owned)
                .collect();
            assert!(flags.contains(&"--help".to_owned()), "{name}: {help}");
            ((*name).to_owned(), flags)
        })
        .collect()
}

#[test]
fn completions_know_every_subcommand_and_flag() {
    let dir = scratch("completions");
    let all = subcommands_and_flags(&dir);
    assert!(
        all[0].1.contains(&"--max-warnings".to_owned()),
        "{:?}",
        all[0]
    );
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = fenlint(&dir, &["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        for (subcommand, flags) in &all {
            assert!(
                run.stdout.contains(subcommand.as_str()),
                "{shell}: {subcommand}"
            );
            for flag in flags {
                // fish names a long option without its dashes (`-l max-warnings`).
                let bare = flag.trim_start_matches('-');
                assert!(
                    run.stdout.contains(flag.as_str())
                        || (shell == "fish" && run.stdout.contains(&format!("-l {bare}"))),
                    "{shell}: {subcommand} {flag}"
                );
            }
        }
    }
    // The values of an option are completed too.
    let bash = fenlint(&dir, &["completions", "bash"]).stdout;
    assert!(bash.contains("human json github sarif"), "{bash}");
    let run = fenlint(&dir, &["completions", "tcsh"]);
    assert_eq!(run.code, 2);
}

#[test]
fn man_pages_for_the_command_and_each_subcommand() {
    let dir = scratch("man");
    let args = ["man"];
    let run = fenlint(&dir, &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for section in [
        ".TH fenlint 1",
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH OPTIONS",
        ".SH SUBCOMMANDS",
    ] {
        assert!(run.stdout.contains(section), "{section}");
    }
    for (subcommand, _) in subcommands_and_flags(&dir) {
        assert!(
            run.stdout.contains(&format!("fenlint\\-{subcommand}(1)")),
            "{subcommand}"
        );
    }
    snapshot("man", &run.text(&args));
    // Each subcommand's page has every option its `--help` lists (roff escapes `-`).
    for (subcommand, flags) in subcommands_and_flags(&dir) {
        let run = fenlint(&dir, &["man", &subcommand]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(
            run.stdout.contains(&format!(".TH fenlint-{subcommand} 1")),
            "{}",
            run.stdout
        );
        assert!(run.stdout.contains(".SH NAME") && run.stdout.contains(".SH SYNOPSIS"));
        assert!(
            run.stdout
                .contains(&format!("\\fBfenlint {subcommand}\\fR")),
            "{}",
            run.stdout
        );
        for flag in flags {
            let escaped = flag.replace('-', "\\-");
            assert!(run.stdout.contains(&escaped), "{subcommand}: {flag}");
        }
    }
    let run = fenlint(&dir, &["man", "nope"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("expected one of check, explain"),
        "{}",
        run.stderr
    );
}
