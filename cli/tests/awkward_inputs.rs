//! The command on awkward inputs, each as a user runs it: a comment after a
//! byte-order mark, fixes that undo each other, uncertain fixes, severity flags in any order,
//! `--variant auto` over `fenlint.toml`, three-check counters outside three-check, empty
//! `--fen`, invalid UTF-8 and UTF-16, comments after a FEN, columns, `fmt` on what it cannot
//! format, and the errors of `fenlint.toml`.

#[path = "../../tests/support/mod.rs"]
mod support;

mod common;

use std::path::Path;

use common::{Run, scratch, write};

/// Runs `fenlint` in `dir`.
fn fenlint(dir: &Path, args: &[&str]) -> Run {
    common::fenlint_in(dir, args, None)
}

#[allow(dead_code, reason = "used by some of the tests")]
fn snapshot(name: &str, text: &str) {
    support::settings_at("../../snapshots")
        .bind(|| insta::assert_snapshot!(format!("cli__awkward_input_{name}"), text));
}

/// A comment line right after a byte-order mark is a comment, not a FEN.
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

/// Fixes that could undo each other (`castling::ambiguous` turning `K` into `H`,
/// `castling::mixed_notation` turning it back) settle in one rewrite, with the count of fixes
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

/// `--fix` does not guess where a `;` goes when an operand may be an opcode: the record is
/// left as it is and still reported, with the `;` suggested in the help.
#[test]
fn an_uncertain_epd_fix_is_not_applied() {
    let dir = scratch("epd-semicolon");
    let text = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 xy \"x\"\n";
    let path = write(&dir, "e.epd", text.as_bytes());
    let run = fenlint(&dir, &["check", "--fix", "--format", "json", "e.epd"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert!(!run.stderr.contains("fixed"), "{}", run.stderr);
    // A missing `;` is a warning: python-chess reads the record as it is.
    assert_eq!(run.code, 0);
    let objects = run.json();
    assert_eq!(objects.len(), 1, "{}", run.stdout);
    assert_eq!(objects[0]["code"], "epd::operation::unterminated");
    assert!(objects[0]["fix"].is_null());
    assert!(
        objects[0]["help"]
            .as_str()
            .unwrap()
            .contains("if `xy` starts an operation of its own"),
        "{}",
        run.stdout
    );
}

/// A named code wins over `all` whatever the order of the flags, and of two flags that
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

/// `--variant auto` on the command line wins over `variant` in fenlint.toml.
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

/// An error in fenlint.toml names the file, the line and the column: TOML syntax,
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

/// Three-check counters checked as standard chess or crazyhouse get
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
        explain
            .stdout
            .contains("**Fails (checked as standard chess):**"),
        "{}",
        explain.stdout
    );
}

/// The string of `--fen` is one FEN, never lines or a comment: an empty or blank one is
/// `fen::input::empty`, and `# x` is linted as a FEN (and found to be none).
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
    assert_eq!(run.codes(), ["fen::input::not_a_fen"]);
}

/// The summary of `--fen` counts no files.
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

/// A comment after a board-only FEN is one error, not a cascade.
#[test]
fn a_comment_after_the_board_is_one_error() {
    let dir = scratch("comment-cascade");
    let args = ["check", "--fen", "8/8/8/2K5/4k3/8/8/8 # board only"];
    let run = fenlint(&dir, &args);
    assert_eq!(run.code, 1);
    snapshot("comment_after_board", &run.text(&args));
}

/// The 1-based line and column of each `╭─[file:line:column]` header of the human report.
fn headers(stdout: &str) -> Vec<(u64, u64)> {
    stdout
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("╭─["))
        .map(|header| {
            let mut parts = header.trim_end_matches(']').rsplit(':');
            let column = parts.next().unwrap().parse().unwrap();
            let line = parts.next().unwrap().parse().unwrap();
            (line, column)
        })
        .collect()
}

/// The line and column of each JSON object.
fn json_positions(run: &Run) -> Vec<(u64, u64)> {
    run.json()
        .iter()
        .map(|o| (o["line"].as_u64().unwrap(), o["column"].as_u64().unwrap()))
        .collect()
}

/// The span of `fen::input::invalid_utf8` ends after the bad byte, one column after it
/// starts, in `.fen` lines and in PGN files.
#[test]
fn invalid_utf8_spans_end_after_the_bad_byte() {
    let dir = scratch("utf8-span");
    write(&dir, "u.fen", b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 \xe9 \n");
    // In a PGN file, in a `[FEN]` tag (elsewhere it is Latin-1 text).
    write(
        &dir,
        "u.pgn",
        b"[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 \xe9\"]\n",
    );
    for (file, line, column) in [("u.fen", 1, 31), ("u.pgn", 2, 37)] {
        let run = fenlint(&dir, &["check", "--format", "json", file]);
        let objects = run.json();
        assert_eq!(objects.len(), 1, "{}", run.stdout);
        let object = &objects[0];
        assert_eq!(object["code"], "fen::input::invalid_utf8");
        assert_eq!(
            [
                &object["line"],
                &object["column"],
                &object["end_line"],
                &object["end_column"]
            ],
            [line, column, line, column + 1],
            "{file}: {object}"
        );
        assert_eq!(
            object["byte_end"].as_u64().unwrap(),
            object["byte_start"].as_u64().unwrap() + 1
        );
    }
}

/// One Latin-1 byte in a PGN tag does not stop the file: the bytes are read as Latin-1
/// (one note, at the first), every `[FEN]` tag is linted, and `fmt` formats the rest, keeps the
/// bad bytes and names what it left alone (and `fmt --check` fails on it).
#[test]
fn a_latin1_byte_in_a_pgn_does_not_stop_the_file() {
    let dir = scratch("latin1-pgn");
    let text: &[u8] = b"[Event \"x\"]\n[White \"M\xfcller\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n*\n\n[White \"M\xfcller\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3  w - - 0 1\"]\n\n*\n";
    let path = write(&dir, "l.pgn", text);
    let run = fenlint(&dir, &["check", "--format", "json", "l.pgn"]);
    assert_eq!(
        run.codes(),
        [
            "fen::input::latin1",
            "fen::side_to_move::invalid",
            "fen::whitespace::separator"
        ]
    );
    assert_eq!(json_positions(&run), [(2, 10), (4, 27), (10, 26)]);
    let args = ["check", "l.pgn"];
    let human = fenlint(&dir, &args);
    assert_eq!(human.code, 1);
    assert_eq!(headers(&human.stdout), json_positions(&run));
    snapshot("latin1_pgn", &human.text(&args));
    let check = fenlint(&dir, &["fmt", "--check", "l.pgn"]);
    assert_eq!(check.code, 1, "{}", check.stderr);
    let fmt = fenlint(&dir, &["fmt", "l.pgn"]);
    assert_eq!(fmt.code, 0, "{}", fmt.stderr);
    assert!(
        fmt.stderr
            .contains("l.pgn:4: left as it is: the FEN has errors"),
        "{}",
        fmt.stderr
    );
    assert!(
        fmt.stderr.contains("fenlint: l.pgn: changed 1 FEN"),
        "{}",
        fmt.stderr
    );
    let formatted = std::fs::read(&path).unwrap();
    let expected = String::from_utf8_lossy(text).replace("4K3  w", "4K3 w");
    assert_eq!(String::from_utf8_lossy(&formatted), expected);
    assert_eq!(formatted.iter().filter(|&&b| b == 0xfc).count(), 2);
}

/// The human report's header gives the same line and column (in characters) as the
/// JSON output, after multi-byte characters, bytes that are not UTF-8 and lone `\r`.
#[test]
fn human_headers_and_json_agree_on_lines_and_columns() {
    let dir = scratch("columns");
    write(
        &dir,
        "mb.fen",
        "# é\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 é x\néé 4k3/8/8/8/8/8/8/4K3 x - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 a\rb x\n".as_bytes(),
    );
    write(
        &dir,
        "mb.pgn",
        b"[Event \"\xe9\xe9 \xc3\xa9\"] [FEN \"\xc3\xa94k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\r\n[White \"a\rb\"] [Black \"x\"] [Black \"y\"]\n",
    );
    for file in ["mb.fen", "mb.pgn"] {
        let json = fenlint(&dir, &["check", "--format", "json", file]);
        let human = fenlint(&dir, &["check", file]);
        assert!(!json.stdout.is_empty());
        assert_eq!(
            headers(&human.stdout),
            json_positions(&json),
            "{file}\n{}",
            human.stdout
        );
    }
}

/// A UTF-16 file is one diagnostic that says UTF-16, and `fmt` names it and leaves it.
#[test]
fn a_utf16_file_is_one_diagnostic() {
    let dir = scratch("utf16");
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    let little: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(fen.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let big: Vec<u8> = fen.encode_utf16().flat_map(u16::to_be_bytes).collect();
    write(&dir, "le.fen", &little);
    write(&dir, "be.pgn", &big);
    let args = ["check", "le.fen", "be.pgn"];
    let run = fenlint(&dir, &args);
    assert_eq!(run.code, 1);
    snapshot("utf16", &run.text(&args));
    let fmt = fenlint(&dir, &["fmt", "--check", "le.fen"]);
    assert_eq!(fmt.code, 1);
    assert!(
        fmt.stderr
            .contains("le.fen: left as it is: UTF-16 (little-endian) text, expected UTF-8"),
        "{}",
        fmt.stderr
    );
}

/// `fmt` keeps the byte-order mark, and the walk takes `.fen`, `.epd` and `.pgn` in any
/// case, exactly the files whose extension gives their kind; `.txt` is linted when named only.
#[test]
fn fmt_keeps_the_bom_and_the_walk_matches_extensions_in_any_case() {
    let dir = scratch("bom-walk");
    let path = write(
        &dir,
        "b.fen",
        "\u{feff}4k3/8/8/8/8/8/8/4K3  w - - 0 1\n".as_bytes(),
    );
    let fmt = fenlint(&dir, &["fmt", "b.fen"]);
    assert_eq!(fmt.code, 0, "{}", fmt.stderr);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "\u{feff}4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
    );
    let bad = b"8/8/8/8/8/8/8/8 x - - 0 1\n";
    write(&dir, "walk/A.FEN", bad);
    write(&dir, "walk/b.Epd", b"8/8/8/8/8/8/8/8 x - -\n");
    write(
        &dir,
        "walk/c.PGN",
        b"[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 x - - 0 1\"]\n",
    );
    write(&dir, "walk/notes.txt", bad);
    let walked = fenlint(&dir, &["check", "--format", "json", "walk"]);
    let mut paths: Vec<String> = walked
        .json()
        .iter()
        .map(|o| o["path"].as_str().unwrap().replace('\\', "/"))
        .collect();
    paths.dedup();
    assert_eq!(paths, ["walk/A.FEN", "walk/b.Epd", "walk/c.PGN"]);
    let named = fenlint(&dir, &["check", "--format", "json", "walk/notes.txt"]);
    assert!(
        named
            .codes()
            .contains(&"fen::side_to_move::invalid".to_owned())
    );
}

/// `fmt --check` fails on a position it cannot format (it has errors), as
/// `rustfmt --check` does on a file it cannot parse; plain `fmt` says what it left alone.
#[test]
fn fmt_check_fails_when_it_cannot_check() {
    let dir = scratch("fmt-check");
    let text = "4k3/8/8/8/8/8/8/4K3 w kqKQ - 0 1\n";
    let path = write(&dir, "k.fen", text.as_bytes());
    let check = fenlint(&dir, &["fmt", "--check", "k.fen"]);
    assert_eq!(check.code, 1, "{}", check.stderr);
    assert!(
        check.stderr.contains("k.fen:1: left as it is"),
        "{}",
        check.stderr
    );
    assert!(
        check.stderr.contains("1 position could not be checked"),
        "{}",
        check.stderr
    );
    let fmt = fenlint(&dir, &["fmt", "k.fen"]);
    assert_eq!(fmt.code, 0);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    write(&dir, "ok.fen", b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    assert_eq!(fenlint(&dir, &["fmt", "--check", "ok.fen"]).code, 0);
}

/// A compressed file named `.pgn` is one finding that says what it is; `--fix` and `fmt` leave
/// it as it is, and `fmt` says so.
#[test]
fn a_compressed_file_is_one_finding() {
    let dir = scratch("binary");
    let bytes: &[u8] = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\x48\xcd\n\xc9\xc9\x07\x00";
    let path = write(&dir, "games.pgn", bytes);
    let checked = fenlint(&dir, &["check", "--format", "json", "games.pgn"]);
    assert_eq!(checked.code, 1);
    assert_eq!(checked.codes(), ["fen::input::invalid_utf8"]);
    assert!(
        checked
            .stdout
            .contains("gzip-compressed data, expected text"),
        "{}",
        checked.stdout
    );
    let fixed = fenlint(&dir, &["check", "--fix", "games.pgn"]);
    assert_eq!(fixed.code, 1);
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    let formatted = fenlint(&dir, &["fmt", "games.pgn"]);
    assert!(
        formatted
            .stderr
            .contains("left as it is: gzip-compressed data, expected text"),
        "{}",
        formatted.stderr
    );
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}

/// An endless stream of NUL bytes (`/dev/zero`) read as PGN, as FEN lines or through `fmt` is
/// one finding from its first bytes, read no further: memory stays bounded.
#[cfg(target_os = "linux")]
#[test]
fn an_endless_stream_of_nul_bytes_is_one_finding_read_no_further() {
    let dir = scratch("zeros");
    for args in [
        &["check", "--format", "json", "--kind", "pgn", "/dev/zero"][..],
        &["check", "--format", "json", "/dev/zero"][..],
    ] {
        let checked = fenlint(&dir, args);
        assert_eq!(checked.code, 1, "{args:?}: {}", checked.stderr);
        assert_eq!(checked.codes(), ["fen::input::invalid_utf8"], "{args:?}");
        assert!(
            checked.stdout.contains("a run of NUL bytes"),
            "{args:?}: {}",
            checked.stdout
        );
    }
}

/// A file that `--fix` cannot read is said once, as `check` alone says it, with exit 2.
#[test]
fn a_file_fix_cannot_read_is_said_once() {
    let dir = scratch("fix-missing");
    for args in [
        &["check", "--fix", "missing.fen"][..],
        &["check", "missing.fen"][..],
    ] {
        let run = fenlint(&dir, args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(
            run.stderr.matches("missing.fen").count(),
            1,
            "{args:?}: {}",
            run.stderr
        );
    }
}
