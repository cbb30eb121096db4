//! The command on hostile and huge input: nothing lost when a write fails, nothing hangs on a
//! FIFO or a symbolic link loop, nothing quadratic, a closed pipe stops it, and nothing in a
//! file can drive the terminal.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use assert_cmd::Command;
use assert_cmd::cargo::cargo_bin;
use common::{scratch, write};

/// Runs `fenlint` in `dir` with a deadline that only a hang or a quadratic algorithm reaches;
/// returns stdout, stderr and the exit status.
fn run(dir: &Path, args: &[&str]) -> (String, String, i32) {
    let output = Command::cargo_bin("fenlint")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code().unwrap_or(-1),
    )
}

/// Lists a directory's entries, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `fmt` and `check --fix` on a file whose rewrite fails part-way (the file-size limit stops the
/// write, as a full disk would): the original keeps every byte, no temporary file is left, the
/// error names the file and the exit status is 2.
#[cfg(unix)]
#[test]
fn a_failed_rewrite_leaves_the_original_untouched() {
    let dir = scratch("write-failure");
    // 20,000 FENs whose double spaces `fmt` makes single, and 20,000 FENs whose castling
    // letters `--fix` sorts: both rewrites are larger than the limit below.
    let original = "8/8/8/4k3/8/8/8/4K3  w  -  -  0  1\n".repeat(20_000);
    let crlf = "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r\n".repeat(20_000);
    for (name, text, command) in [
        ("pos.fen", original.as_str(), "fmt"),
        ("fix.fen", crlf.as_str(), "check --fix"),
    ] {
        let path = write(&dir, name, text.as_bytes());
        // 200 blocks (100 KiB for `sh`'s 512-byte blocks) is less than either rewrite; SIGXFSZ
        // is ignored so that the write fails with EFBIG instead of killing the process.
        let script = format!(
            "trap '' XFSZ; ulimit -f 200; exec '{}' {command} {name}",
            cargo_bin("fenlint").display()
        );
        let output = std::process::Command::new("sh")
            .arg("-c")
            .arg(&script)
            .current_dir(&dir)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.contains(name),
            "{command}: the error names the file: {stderr}"
        );
        assert_eq!(
            std::fs::read(&path).unwrap(),
            text.as_bytes(),
            "{command}: the original changed"
        );
    }
    assert_eq!(
        entries(&dir),
        ["fix.fen", "pos.fen"],
        "a temporary file was left"
    );
}

#[cfg(unix)]
#[test]
fn a_successful_rewrite_keeps_the_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("permissions");
    let path = write(&dir, "pos.fen", b"8/8/8/4k3/8/8/8/4K3  w - - 0 1\n");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o604)).unwrap();
    let (_, stderr, code) = run(&dir, &["fmt", "pos.fen"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1\n"
    );
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o604);
    assert_eq!(entries(&dir), ["pos.fen"]);
}

/// Directories are walked as ripgrep walks them: hidden directories (`.git/`) and ignored files
/// skipped unless `--no-ignore`, a FIFO skipped with a warning instead of blocking, symbolic
/// links followed only with `-L`, and a link loop reported instead of linted over and over.
#[cfg(unix)]
#[test]
fn walking_skips_hidden_ignored_and_special_files() {
    let dir = scratch("walk");
    let bad = b"4k3/8/8/8/8/8/8/4K3 x - - 0 1\n";
    write(&dir, "tree/sub/a.fen", bad);
    write(&dir, "tree/.git/objects.fen", bad);
    write(&dir, "tree/.hidden/b.fen", bad);
    write(&dir, "tree/build/c.fen", bad);
    write(&dir, "tree/.gitignore", b"build/\n");
    write(&dir, "tree/skipped/d.fen", bad);
    write(&dir, "tree/.fenlintignore", b"skipped/\n");
    write(&dir, "tree/notes.txt", bad);
    let fifo = dir.join("tree/sub/x.fen");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    std::os::unix::fs::symlink("..", dir.join("tree/sub/loop")).unwrap();

    let (stdout, stderr, code) = run(&dir, &["check", "--format", "json", "tree"]);
    assert_eq!(code, 1, "{stderr}");
    let paths: Vec<&str> = stdout
        .lines()
        .map(|line| line.split('"').nth(3).unwrap())
        .collect();
    assert_eq!(paths, ["tree/sub/a.fen"]);
    assert!(
        stderr.contains("tree/sub/x.fen: skipped: not a regular file"),
        "{stderr}"
    );

    // Following links finds the loop and says so; every file is still linted once.
    let (stdout, stderr, code) = run(&dir, &["check", "-L", "--format", "json", "tree"]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stderr.contains("loop"), "{stderr}");

    // `--no-ignore` walks hidden and ignored files too, `.fenlintignore`'s included.
    let (stdout, _, _) = run(&dir, &["check", "--no-ignore", "--format", "json", "tree"]);
    let mut paths: Vec<&str> = stdout
        .lines()
        .map(|line| line.split('"').nth(3).unwrap())
        .collect();
    paths.sort_unstable();
    assert_eq!(
        paths,
        [
            "tree/.git/objects.fen",
            "tree/.hidden/b.fen",
            "tree/build/c.fen",
            "tree/skipped/d.fen",
            "tree/sub/a.fen"
        ]
    );

    // A FIFO named on the command line is read, as a user asked.
    let mut writer = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "printf '8/8/8/8/8/8/8/8 x - - 0 1\\n' > '{}'",
            fifo.display()
        ))
        .spawn()
        .unwrap();
    let (stdout, _, code) = run(&dir, &["check", "--format", "json", "tree/sub/x.fen"]);
    writer.wait().unwrap();
    assert_eq!(code, 1);
    assert!(stdout.contains("side_to_move"), "{stdout}");
}

/// `fenlint check … | head -1`: once the reader is gone, fenlint stops at once (it stops reading
/// its input) and exits quietly with the lint result, not 2.
#[test]
fn a_closed_pipe_stops_the_run_quietly() {
    let mut child = std::process::Command::new(cargo_bin("fenlint"))
        .args(["check", "--format", "json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    // Feed lines from another thread until writing fails (fenlint is gone) or 10 GB, far more
    // than any pipe buffer, have been taken.
    let feeder = std::thread::spawn(move || {
        let lines = b"4k3/8/8/8/8/8/8/4K3 x - - 0 1\n".repeat(10_000);
        (0..34_000).any(|_| stdin.write_all(&lines).is_err())
    });
    // Read the first finding, then hang up.
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).unwrap();
    assert!(first.contains("side_to_move"), "{first}");
    let stopped = feeder.join().unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(stopped, "fenlint kept reading after its output was closed");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// A line that tries to set the terminal's title and clear the screen is shown with visible
/// symbols; a 5 MB line is shown as a window, not in full for each diagnostic.
#[test]
fn source_snippets_cannot_drive_the_terminal_or_flood_it() {
    let dir = scratch("snippets");
    write(
        &dir,
        "inject.fen",
        b"\x1b]0;PWNED\x07\x1b[2J 8/8/8/8/8/8/8/8 w - - 0 1\n",
    );
    let (stdout, _, code) = run(&dir, &["check", "--color", "never", "inject.fen"]);
    assert_eq!(code, 1);
    assert!(
        !stdout.chars().any(|c| c.is_control() && c != '\n'),
        "{stdout:?}"
    );
    assert!(stdout.contains("␛]0;PWNED␇␛[2J"), "{stdout}");

    let long = format!("{} w - - 0 1\n", "8".repeat(5 << 20));
    write(&dir, "long.fen", long.as_bytes());
    let (stdout, _, code) = run(&dir, &["check", "long.fen"]);
    assert_eq!(code, 1);
    assert!(stdout.len() < 20_000, "{} bytes of output", stdout.len());
    assert!(stdout.contains("fen::input::too_long"), "{stdout}");
    assert!(stdout.contains('…'));
}

/// 40,000 games, each with a bad `[FEN]` tag: every one is reported, in time linear in the
/// file (before the line index, the position of each diagnostic rescanned the file: 88 s).
#[test]
fn a_40000_game_pgn_is_linted_in_linear_time() {
    let dir = scratch("pgn");
    let game =
        "[Event \"e\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n1. e4 *\n\n";
    write(&dir, "big.pgn", game.repeat(40_000).as_bytes());
    let (stdout, stderr, code) = run(&dir, &["check", "--format", "json", "big.pgn"]);
    assert_eq!(code, 1, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 40_000);
    // The last game's FEN is on line 6 × 39,999 + 3.
    assert!(
        lines[39_999].contains("\"line\":239997"),
        "{}",
        lines[39_999]
    );

    let (stdout, _, _) = run(&dir, &["check", "big.pgn"]);
    assert!(
        stdout.ends_with("1 file, 40000 FENs: 40000 errors, 0 warnings, 0 advice\n"),
        "{}",
        &stdout[stdout.len().saturating_sub(200)..]
    );
}

/// A line of 80,000 `[]` gives a bounded report, not 80,000 diagnostics.
#[test]
fn diagnostics_per_game_are_capped() {
    let dir = scratch("cap");
    write(&dir, "brackets.pgn", "[]".repeat(80_000).as_bytes());
    let (stdout, _, code) = run(&dir, &["check", "--format", "json", "brackets.pgn"]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 65);
    assert!(
        lines[64].contains("79936 more problems in this game"),
        "{}",
        lines[64]
    );
}

/// An EPD record of 100,000 opcodes (many of them repeated): the command keeps the first 64 KiB
/// of the line and says the rest is too long, in time linear in the line, placing the rest by
/// its bytes (one column a byte past what was kept); the library checks
/// such a record whole in linear time too (`tests/reliability.rs`).
#[test]
fn an_epd_record_of_100000_opcodes_is_read_in_linear_time() {
    let dir = scratch("epd-opcodes");
    let mut record = String::from("4k3/8/8/8/8/8/8/4K3 w - -");
    for index in 0..100_000 {
        record.push_str(&format!(" op{} x;", index % 50_000));
    }
    record.push('\n');
    write(&dir, "ops.epd", record.as_bytes());
    let (stdout, stderr, code) = run(&dir, &["check", "--format", "json", "ops.epd"]);
    assert_eq!(code, 1, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.len() <= 66, "{} reports", lines.len());
    // The record's length is the line's, said once by `fen::input::too_long`, whose span ends
    // at the line's end, in bytes and in columns alike.
    assert!(!stdout.contains("epd::record::too_long"), "{stdout}");
    let too_long: serde_json::Value = lines
        .iter()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|finding| finding["code"] == "fen::input::too_long")
        .unwrap();
    assert_eq!(too_long["byte_end"], record.len() - 1);
    assert_eq!(
        too_long["end_column"].as_u64().unwrap() - too_long["column"].as_u64().unwrap(),
        too_long["byte_end"].as_u64().unwrap() - too_long["byte_start"].as_u64().unwrap(),
    );
}

/// The findings of each file are printed before the next file is read: with a FIFO named after
/// a file, the file's findings arrive while fenlint waits for someone to write to the FIFO.
#[cfg(unix)]
#[test]
fn each_file_is_reported_before_the_next_is_read() {
    let dir = scratch("flush");
    write(&dir, "a.fen", b"4k3/8/8/8/8/8/8/4K3 x - - 0 1\n");
    let fifo = dir.join("later.fen");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let mut child = std::process::Command::new(cargo_bin("fenlint"))
        .current_dir(&dir)
        .args(["check", "--format", "json", "a.fen", "later.fen"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = BufReader::new(stdout).read_line(&mut first);
        let _ = sender.send(first);
    });
    // a.fen's findings arrive while fenlint waits on the FIFO, or never (then the FIFO is opened
    // anyway, so that the test fails instead of hanging).
    let first = receiver.recv_timeout(Duration::from_secs(30));
    drop(std::fs::OpenOptions::new().write(true).open(&fifo).unwrap());
    let first = first.expect("a.fen's findings were not printed before the FIFO was read");
    assert!(first.contains("\"path\":\"a.fen\""), "{first}");
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1));
}

/// The tests leave nothing behind in the temporary folder: a test's folder goes, with what is
/// in it, even a folder the test made unreadable.
#[test]
fn a_scratch_folder_is_removed_with_everything_in_it() {
    let dir = scratch("removed");
    let path = dir.to_path_buf();
    write(&dir, "deep/er/t.fen", b"8/8/8/8/8/8/8/8 w - - 0 1\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.join("deep"), std::fs::Permissions::from_mode(0o000)).unwrap();
    }
    drop(dir);
    assert!(!path.exists(), "{} is left", path.display());
}
