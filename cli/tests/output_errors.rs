//! One policy for standard output in every subcommand: when the reader has gone away (a closed
//! pipe), the run ends quietly with its result so far; any other write error (`/dev/full`) is
//! said on stderr, naming standard output, and exits 2. Never a panic.
#![cfg(unix)]

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use common::{scratch, write};

/// Where standard output goes.
#[derive(Clone, Copy, Debug)]
enum Out {
    /// A pipe whose reading end is closed before the command starts.
    ClosedPipe,
    /// `/dev/full`: every write fails with "No space left on device".
    Full,
}

impl Out {
    /// The output, for a child process's standard output or error.
    fn stdio(self) -> Stdio {
        match self {
            Out::ClosedPipe => {
                let (reader, writer) = std::io::pipe().unwrap();
                drop(reader);
                Stdio::from(writer)
            }
            Out::Full => Stdio::from(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            ),
        }
    }
}

/// Runs `fenlint` in `dir` with `stdin` on its standard input and its output sent to `out`;
/// returns its exit status and stderr.
fn fenlint(dir: &Path, args: &[&str], stdin: &[u8], out: Out) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fenlint"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(out.stdio())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let _ = pipe.write_all(stdin);
    drop(pipe);
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A file of many positions with errors, whose report is longer than a pipe holds.
fn errors(dir: &Path) {
    write(dir, "errors.fen", "8/8 w\n".repeat(3000).as_bytes());
    write(
        dir,
        "fixable.fen",
        "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n".repeat(3000).as_bytes(),
    );
    write(
        dir,
        "spaced.fen",
        "4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1\n"
            .repeat(3000)
            .as_bytes(),
    );
}

/// Each command, what it reads on stdin, and its exit status when its output is thrown away.
const COMMANDS: &[(&[&str], &str, i32)] = &[
    (&["completions", "bash"], "", 0),
    (&["completions", "zsh"], "", 0),
    (&["completions", "fish"], "", 0),
    (&["explain", "--list"], "", 0),
    (&["explain", "fen::castling::order"], "", 0),
    (&["explain", "fen::castling"], "", 0),
    (&["show", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"], "", 0),
    (&["show", "4k3/8/8/8/8/8/8/4K3 w - e3 0 1"], "", 1),
    (&["man"], "", 0),
    (&["--help"], "", 0),
    (&["--version"], "", 0),
    (&["check", "--help"], "", 0),
    (&["check", "errors.fen"], "", 1),
    (&["check", "--format", "json", "errors.fen"], "", 1),
    (&["check", "--format", "github", "errors.fen"], "", 1),
    (&["check", "--format", "sarif", "errors.fen"], "", 1),
    (&["check", "--statistics", "errors.fen"], "", 1),
    (&["check", "--fen", "8/8 w"], "", 1),
    (&["check", "--diff", "fixable.fen"], "", 1),
    (&["fmt", "--diff", "spaced.fen"], "", 1),
    (&["fmt", "-"], "4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1\n", 0),
];

#[test]
fn a_closed_pipe_ends_the_run_quietly_with_its_result() {
    let dir = scratch("closed");
    errors(&dir);
    for (args, stdin, status) in COMMANDS {
        let (code, stderr) = fenlint(&dir, args, stdin.as_bytes(), Out::ClosedPipe);
        assert_eq!(code, Some(*status), "{args:?}: {stderr}");
        // Nothing is said about the pipe (what goes to stderr anyway, such as `--diff`'s
        // count of fixes, still does).
        assert!(!stderr.contains("cannot write"), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_full_disk_is_said_and_exits_2() {
    let dir = scratch("full");
    errors(&dir);
    for (args, stdin, _) in COMMANDS {
        let (code, stderr) = fenlint(&dir, args, stdin.as_bytes(), Out::Full);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(
            stderr
                .lines()
                .filter(|line| line.starts_with(
                    "fenlint: cannot write to standard output: No space left on device"
                ))
                .count(),
            1,
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn fixed_standard_input_whose_reader_went_away_is_still_reported() {
    let dir = scratch("fix-stdin");
    let input = "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n8/8 w\n";
    let (code, stderr) = fenlint(
        &dir,
        &["check", "--fix", "-"],
        input.as_bytes(),
        Out::ClosedPipe,
    );
    // What is left after the fixes is reported on stderr, and fails the run.
    assert_eq!(code, Some(1), "{stderr}");
    assert!(!stderr.contains("cannot write"), "{stderr}");
    assert!(stderr.contains("fen::"), "{stderr}");
    let (code, stderr) = fenlint(&dir, &["check", "--fix", "-"], input.as_bytes(), Out::Full);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("\nfenlint: cannot write to standard output: No space left on device"),
        "{stderr}"
    );
}

/// Runs `fenlint` in `dir` with nothing on standard input; returns its exit status, stdout and
/// stderr.
fn fenlint_captured(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_fenlint"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_control_character_in_a_file_name_never_reaches_the_terminal() {
    let dir = scratch("escapes");
    // A name that would set the terminal's title.
    let evil = "fix\x1b]0;pwned\x07.fen";
    let spaced = "4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1\n";
    let broken = "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n";
    std::fs::create_dir(dir.join("walked")).unwrap();
    let fifo = format!("walked/{evil}");
    assert!(
        Command::new("mkfifo")
            .arg(dir.join(&fifo))
            .status()
            .unwrap()
            .success()
    );
    // Each run, the text of the file named `evil` for it, and a piece of what it says.
    let cases: Vec<(Vec<&str>, &str, &str)> = vec![
        // `--fix`'s count of fixes.
        (
            vec!["check", "--fix", evil],
            broken,
            "fenlint: fix␛]0;pwned␇.fen: fixed 1 problem",
        ),
        // `fmt`'s note on what it left as it is, and its count of changes on stdout.
        (
            vec!["fmt", evil],
            broken,
            "fenlint: fix␛]0;pwned␇.fen:1: left as it is",
        ),
        (
            vec!["fmt", evil],
            spaced,
            "fenlint: fix␛]0;pwned␇.fen: changed 1 FEN",
        ),
        // An I/O error.
        (
            vec!["check", "missing\x1b[2J.fen"],
            "",
            "fenlint: missing␛[2J.fen: ",
        ),
        // GitHub annotations.
        (
            vec!["check", "--format", "github", evil],
            broken,
            "::error file=fix␛]0;pwned␇.fen,line=1",
        ),
        // The walk's warning about a FIFO.
        (vec!["check", "walked"], "", "fix␛]0;pwned␇.fen"),
        // A refused rewrite.
        (
            vec!["check", "--fix", &fifo],
            "",
            "fenlint: walked/fix␛]0;pwned␇.fen: not a regular file",
        ),
    ];
    for (args, text, expected) in cases {
        if !text.is_empty() {
            write(&dir, evil, text.as_bytes());
        }
        let (_, stdout, stderr) = fenlint_captured(&dir, &args);
        let all = format!("{stdout}{stderr}");
        assert!(all.contains(expected), "{args:?}: {all}");
        assert!(!all.contains(['\x1b', '\x07']), "{args:?}: {all:?}");
    }
}

/// Standard error follows the same policy: what cannot be said there (`2>/dev/full`) makes the
/// run exit 2, and a closed pipe there changes nothing; never a panic.
#[test]
fn standard_error_that_cannot_be_written_is_trouble_not_a_panic() {
    let dir = scratch("stderr");
    errors(&dir);
    for (args, closed_status) in [
        (&["check", "--fix", "missing.fen"][..], 2),
        (&["explain", "no::such::code"][..], 2),
        (&["fmt", "missing.fen"][..], 2),
        (&["check", "--diff", "fixable.fen"][..], 1),
    ] {
        for (stderr, status) in [(Out::Full, 2), (Out::ClosedPipe, closed_status)] {
            let output = Command::new(env!("CARGO_BIN_EXE_fenlint"))
                .current_dir(&dir)
                .args(args)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(stderr.stdio())
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(status), "{args:?} {stderr:?}");
        }
    }
}
