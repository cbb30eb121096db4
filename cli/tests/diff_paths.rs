//! `--diff` applies: `git apply --check` and `patch -p1 --dry-run` take the diff of files found
//! by a walk (`./a.fen`), named by an absolute path (inside the current directory or outside
//! it), with a space or a quote in their name, or named twice; and applying it gives what
//! `--fix` and `fmt` write.

mod common;

use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::time::Duration;

use assert_cmd::Command;
use common::{scratch, write};

/// Runs `fenlint` in `dir`; returns stdout (as bytes), stderr and the exit status.
fn fenlint(dir: &Path, args: &[&str]) -> (Vec<u8>, String, i32) {
    let output = Command::cargo_bin("fenlint")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    (
        output.stdout,
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code().unwrap_or(-1),
    )
}

/// Whether `program --version` runs.
fn have(program: &str) -> bool {
    Process::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Runs `program args` in `dir` with `patch` on its standard input; panics with its output
/// unless it succeeds. Git looks for no repository above `dir`.
fn apply(dir: &Path, program: &str, args: &[&str], patch: &[u8]) {
    use std::io::Write;
    let mut child = Process::new(program)
        .current_dir(dir)
        .args(args)
        .env("GIT_CEILING_DIRECTORIES", dir.parent().unwrap_or(dir))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(patch).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{program} {args:?} in {}:\n{}{}\n--- the patch\n{}",
        dir.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(patch)
    );
}

/// Checks that `patch` applies in `dir` with both tools (each as it is available).
fn applies(dir: &Path, patch: &[u8]) {
    if have("git") {
        apply(dir, "git", &["apply", "--check", "-"], patch);
    } else {
        eprintln!("SKIPPED: git apply --check (git is not installed)");
    }
    if have("patch") {
        apply(dir, "patch", &["-p1", "--dry-run", "--batch"], patch);
    } else {
        eprintln!("SKIPPED: patch -p1 --dry-run (patch is not installed)");
    }
}

/// The headers of `patch`: its `---` and `+++` lines.
fn headers(patch: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(patch)
        .lines()
        .filter(|line| line.starts_with("--- ") || line.starts_with("+++ "))
        .map(str::to_owned)
        .collect()
}

/// A castling order error, which `--fix` fixes.
const UNFIXED: &[u8] = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1\n";
/// A valid position that `fmt --to shredder` rewrites.
const UNFORMATTED: &[u8] = b"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n";

#[test]
fn walked_spaced_and_quoted_paths_apply() {
    let dir = scratch("walked");
    write(&dir, "a.fen", UNFIXED);
    write(&dir, "sub dir/with space.fen", UNFIXED);
    write(&dir, "sub dir/q\"uote\\d.fen", UNFIXED);
    write(&dir, "é.fen", UNFIXED);
    let (patch, stderr, code) = fenlint(&dir, &["check", "--diff", "."]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(
        headers(&patch),
        [
            "--- a/a.fen",
            "+++ b/a.fen",
            "--- \"a/sub dir/q\\\"uote\\\\d.fen\"",
            "+++ \"b/sub dir/q\\\"uote\\\\d.fen\"",
            "--- \"a/sub dir/with space.fen\"",
            "+++ \"b/sub dir/with space.fen\"",
            "--- \"a/\\303\\251.fen\"",
            "+++ \"b/\\303\\251.fen\"",
        ]
    );
    applies(&dir, &patch);

    // Applied for real, the diff gives what `--fix` writes.
    if have("patch") {
        let copy = scratch("walked-copy");
        for name in [
            "a.fen",
            "sub dir/with space.fen",
            "sub dir/q\"uote\\d.fen",
            "é.fen",
        ] {
            write(&copy, name, UNFIXED);
        }
        apply(&copy, "patch", &["-p1", "--batch", "--quiet"], &patch);
        let (_, stderr, code) = fenlint(&dir, &["check", "--fix", "."]);
        assert_eq!(code, 0, "{stderr}");
        for name in [
            "a.fen",
            "sub dir/with space.fen",
            "sub dir/q\"uote\\d.fen",
            "é.fen",
        ] {
            assert_eq!(
                std::fs::read(copy.join(name)).unwrap(),
                std::fs::read(dir.join(name)).unwrap(),
                "{name}"
            );
        }
    }

    // `fmt --diff` names files the same way.
    let dir = scratch("walked-fmt");
    write(&dir, "sub dir/with space.fen", UNFORMATTED);
    let (patch, stderr, code) = fenlint(&dir, &["fmt", "--diff", "--to", "shredder", "."]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(
        headers(&patch),
        [
            "--- \"a/sub dir/with space.fen\"",
            "+++ \"b/sub dir/with space.fen\""
        ]
    );
    applies(&dir, &patch);
}

#[test]
fn absolute_paths_apply_from_where_they_are() {
    let dir = scratch("absolute");
    let inside = write(&dir, "work/in side.fen", UNFIXED);
    let outside = write(&dir, "other/out.fen", UNFIXED);
    let work = dir.join("work");
    let (patch, stderr, code) = fenlint(
        &work,
        &[
            "check",
            "--diff",
            inside.to_str().unwrap(),
            outside.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "{stderr}");
    // Inside the current directory: relative to it. Outside: the absolute path without its
    // leading `/`, as `git diff --no-index` names it, which applies from the root.
    let real = std::fs::canonicalize(&outside).unwrap();
    let rooted = real.to_str().unwrap().trim_start_matches('/');
    assert_eq!(
        headers(&patch),
        [
            "--- \"a/in side.fen\"".to_owned(),
            "+++ \"b/in side.fen\"".to_owned(),
            format!("--- a/{rooted}"),
            format!("+++ b/{rooted}"),
        ]
    );
    let (first, second) = split_at_second_file(&patch);
    applies(&work, first);
    applies(Path::new("/"), second);

    // A relative path that climbs out with `..` is named the same way.
    let (patch, stderr, code) = fenlint(
        &work,
        &[
            "fmt",
            "--diff",
            "--to",
            "shredder",
            "../other/../other/out.fen",
        ],
    );
    assert_eq!(code, 0, "nothing to format: {stderr}");
    assert!(patch.is_empty());
    write(&dir, "other/fmt.fen", UNFORMATTED);
    let (patch, stderr, code) = fenlint(
        &work,
        &["fmt", "--diff", "--to", "shredder", "../other/./fmt.fen"],
    );
    assert_eq!(code, 1, "{stderr}");
    let real = std::fs::canonicalize(dir.join("other/fmt.fen")).unwrap();
    let rooted = real.to_str().unwrap().trim_start_matches('/');
    assert_eq!(
        headers(&patch),
        [format!("--- a/{rooted}"), format!("+++ b/{rooted}")]
    );
    applies(Path::new("/"), &patch);
}

/// `patch` cut where its second file's `---` line starts.
fn split_at_second_file(patch: &[u8]) -> (&[u8], &[u8]) {
    let second = patch
        .windows(5)
        .enumerate()
        .filter(|(at, window)| *window == b"\n--- " && *at > 0)
        .map(|(at, _)| at + 1)
        .next()
        .expect("a second file");
    patch.split_at(second)
}

#[test]
fn a_file_named_twice_gets_one_diff() {
    let dir = scratch("twice");
    let path = write(&dir, "a.fen", UNFIXED);
    let absolute = path.to_str().unwrap();
    let (patch, stderr, code) = fenlint(
        &dir,
        &["check", "--diff", "a.fen", "./a.fen", absolute, "."],
    );
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(headers(&patch), ["--- a/a.fen", "+++ b/a.fen"]);
    assert_eq!(stderr.matches("would fix").count(), 1, "{stderr}");
    applies(&dir, &patch);

    // The same for `fmt --diff`, and for the report of `check` and `fmt`.
    write(&dir, "b.fen", UNFORMATTED);
    let (patch, stderr, code) = fenlint(
        &dir,
        &["fmt", "--diff", "--to", "shredder", "b.fen", "./b.fen"],
    );
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(headers(&patch), ["--- a/b.fen", "+++ b/b.fen"]);
    let (report, _, code) = fenlint(&dir, &["check", "a.fen", "./a.fen"]);
    assert_eq!(code, 1);
    assert!(
        String::from_utf8_lossy(&report).contains("1 file, 1 FEN"),
        "{}",
        String::from_utf8_lossy(&report)
    );

    // A link to the file is the same file: one diff, under the name that came first.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("a.fen", dir.join("link.fen")).unwrap();
        std::fs::hard_link(dir.join("a.fen"), dir.join("hard.fen")).unwrap();
        let (patch, stderr, code) =
            fenlint(&dir, &["check", "--diff", "a.fen", "link.fen", "hard.fen"]);
        assert_eq!(code, 1, "{stderr}");
        assert_eq!(headers(&patch), ["--- a/a.fen", "+++ b/a.fen"]);
        applies(&dir, &patch);
    }
}
