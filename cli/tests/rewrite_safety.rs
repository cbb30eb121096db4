//! What `check --fix` and `fmt` rewrite, and how: through symbolic links, keeping hard links,
//! owners and modes; never a FIFO, a device or a read-only file; cleaning up under a file-size
//! limit; in bounded memory whatever the input.
#![cfg(unix)]

mod common;

use std::io::Write;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{scratch, write};

/// What one run of `fenlint` gave.
struct Run {
    stdout: Vec<u8>,
    stderr: String,
    code: Option<i32>,
}

/// Runs `fenlint` in `dir` with `stdin` on its standard input (none: nothing, closed), and
/// fails the test when it takes longer than `limit` (a run that would block or spin).
fn fenlint_within(dir: &Path, args: &[&str], stdin: Option<&[u8]>, limit: Duration) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fenlint"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = stdin.map(<[u8]>::to_vec);
    let mut pipe = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        if let Some(input) = input {
            let _ = pipe.write_all(&input);
        }
    });
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("fenlint {args:?} did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    Run {
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code(),
    }
}

/// Runs `fenlint` in `dir` with `stdin`, in at most ten seconds.
fn fenlint(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    fenlint_within(dir, args, stdin, Duration::from_secs(10))
}

/// A position that `--fix` and `fmt` both rewrite: two spaces between fields.
const FIXABLE: &str = "4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1\n";
/// [`FIXABLE`], fixed.
const FIXED: &str = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n";

/// The names in `dir`, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The two ways a file is rewritten.
const REWRITES: [&[&str]; 2] = [&["check", "--fix", "-q"], &["fmt"]];

fn with(command: &[&str], more: &[&str]) -> Vec<String> {
    command
        .iter()
        .chain(more)
        .map(|arg| (*arg).to_owned())
        .collect()
}

fn args(owned: &[String]) -> Vec<&str> {
    owned.iter().map(String::as_str).collect()
}

#[test]
fn a_symbolic_link_is_written_through_and_stays_a_link() {
    for (n, command) in REWRITES.iter().enumerate() {
        let dir = scratch(&format!("symlink-{n}"));
        let target = write(&dir, "real/t.fen", FIXABLE.as_bytes());
        std::os::unix::fs::symlink("real/t.fen", dir.join("sl.fen")).unwrap();
        let run = fenlint(&dir, &args(&with(command, &["sl.fen"])), None);
        assert_eq!(run.code, Some(0), "{command:?}: {}", run.stderr);
        let link = std::fs::symlink_metadata(dir.join("sl.fen")).unwrap();
        assert!(link.file_type().is_symlink(), "{command:?}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), FIXED);
        assert_eq!(entries(&dir), ["real", "sl.fen"]);
        assert_eq!(entries(&dir.join("real")), ["t.fen"], "{command:?}");
    }
}

#[test]
fn a_walk_that_follows_links_writes_through_them() {
    for (n, command) in REWRITES.iter().enumerate() {
        let dir = scratch(&format!("walk-{n}"));
        let target = write(&dir, "outside/t.fen", FIXABLE.as_bytes());
        std::fs::create_dir(dir.join("walked")).unwrap();
        std::os::unix::fs::symlink("../outside/t.fen", dir.join("walked/sl.fen")).unwrap();
        let run = fenlint(&dir, &args(&with(command, &["-L", "walked"])), None);
        assert_eq!(run.code, Some(0), "{command:?}: {}", run.stderr);
        let link = std::fs::symlink_metadata(dir.join("walked/sl.fen")).unwrap();
        assert!(link.file_type().is_symlink(), "{command:?}");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), FIXED);
        assert_eq!(entries(&dir.join("outside")), ["t.fen"]);
    }
}

#[test]
fn every_hard_link_sees_the_new_text() {
    for (n, command) in REWRITES.iter().enumerate() {
        let dir = scratch(&format!("hardlink-{n}"));
        let path = write(&dir, "a.fen", FIXABLE.as_bytes());
        std::fs::hard_link(&path, dir.join("b.fen")).unwrap();
        let inode = std::fs::metadata(&path).unwrap().ino();
        let run = fenlint(&dir, &args(&with(command, &["a.fen"])), None);
        assert_eq!(run.code, Some(0), "{command:?}: {}", run.stderr);
        for name in ["a.fen", "b.fen"] {
            let metadata = std::fs::metadata(dir.join(name)).unwrap();
            assert_eq!(
                (metadata.ino(), metadata.nlink()),
                (inode, 2),
                "{command:?}"
            );
            assert_eq!(std::fs::read_to_string(dir.join(name)).unwrap(), FIXED);
        }
        // Neither the temporary file nor the copy of the old text is left.
        assert_eq!(entries(&dir), ["a.fen", "b.fen"], "{command:?}");
    }
}

#[test]
fn a_fifo_is_refused_by_name_and_stays_a_fifo() {
    for (n, command) in REWRITES.iter().enumerate() {
        let dir = scratch(&format!("fifo-{n}"));
        let status = Command::new("mkfifo")
            .arg(dir.join("ff.fen"))
            .status()
            .unwrap();
        assert!(status.success());
        // Nothing writes to the FIFO: a run that opened it would block.
        let run = fenlint(&dir, &args(&with(command, &["ff.fen"])), None);
        assert_eq!(run.code, Some(2), "{command:?}: {}", run.stderr);
        assert!(
            run.stderr
                .contains("ff.fen: not a regular file (a FIFO); only regular files are rewritten"),
            "{command:?}: {}",
            run.stderr
        );
        let metadata = std::fs::symlink_metadata(dir.join("ff.fen")).unwrap();
        assert!(metadata.file_type().is_fifo(), "{command:?}");
        assert_eq!(entries(&dir), ["ff.fen"]);
    }
}

#[test]
fn a_link_to_standard_input_is_refused_and_stays_a_link() {
    for (n, command) in REWRITES.iter().enumerate() {
        let dir = scratch(&format!("stdin-link-{n}"));
        std::os::unix::fs::symlink("/proc/self/fd/0", dir.join("in.fen")).unwrap();
        let run = fenlint(
            &dir,
            &args(&with(command, &["in.fen"])),
            Some(FIXABLE.as_bytes()),
        );
        assert_eq!(run.code, Some(2), "{command:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("in.fen: not a regular file (a FIFO)"),
            "{command:?}: {}",
            run.stderr
        );
        let link = std::fs::symlink_metadata(dir.join("in.fen")).unwrap();
        assert!(link.file_type().is_symlink(), "{command:?}");
    }
}

#[test]
fn a_device_is_refused_without_being_read() {
    let dir = scratch("device");
    for command in REWRITES {
        // `/dev/zero` never ends: reading it to rewrite it would take all the memory there is.
        let run = fenlint_within(
            &dir,
            &args(&with(command, &["/dev/zero"])),
            None,
            Duration::from_secs(5),
        );
        assert_eq!(run.code, Some(2), "{command:?}: {}", run.stderr);
        assert!(
            run.stderr.contains(
                "/dev/zero: not a regular file (a character device); only regular files are rewritten"
            ),
            "{command:?}: {}",
            run.stderr
        );
    }
}

#[test]
fn the_owner_and_group_are_kept() {
    let dir = scratch("owner");
    let probe = write(&dir, "probe", b"");
    if std::fs::metadata(&probe).unwrap().uid() != 0 {
        println!("skipped: giving a file to another user takes root, and this test runs as a user");
        return;
    }
    for (n, command) in REWRITES.iter().enumerate() {
        let name = format!("owned-{n}.fen");
        let path = write(&dir, &name, FIXABLE.as_bytes());
        std::os::unix::fs::chown(&path, Some(1234), Some(2345)).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        let run = fenlint(&dir, &args(&with(command, &[&name])), None);
        assert_eq!(run.code, Some(0), "{command:?}: {}", run.stderr);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), FIXED);
        let metadata = std::fs::metadata(&path).unwrap();
        assert_eq!(
            (metadata.uid(), metadata.gid(), metadata.mode() & 0o7777),
            (1234, 2345, 0o640),
            "{command:?}"
        );
    }
}

#[test]
fn a_read_only_file_is_refused_unless_asked() {
    for (n, command) in REWRITES.iter().enumerate() {
        let dir = scratch(&format!("read-only-{n}"));
        let path = write(&dir, "ro.fen", FIXABLE.as_bytes());
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        let run = fenlint(&dir, &args(&with(command, &["ro.fen"])), None);
        assert_eq!(run.code, Some(2), "{command:?}: {}", run.stderr);
        assert!(
            run.stderr.contains(
                "ro.fen: read-only, not rewritten (`--write-read-only` rewrites it, keeping its mode)"
            ),
            "{command:?}: {}",
            run.stderr
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), FIXABLE);
        assert_eq!(entries(&dir), ["ro.fen"]);

        let run = fenlint(
            &dir,
            &args(&with(command, &["--write-read-only", "ro.fen"])),
            None,
        );
        assert_eq!(run.code, Some(0), "{command:?}: {}", run.stderr);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), FIXED);
        let mode = std::fs::metadata(&path).unwrap().mode();
        assert_eq!(mode & 0o7777, 0o444, "{command:?}");
        assert_eq!(entries(&dir), ["ro.fen"]);

        // Nothing to change is no error, read-only or not.
        let run = fenlint(&dir, &args(&with(command, &["ro.fen"])), None);
        assert_eq!(run.code, Some(0), "{command:?}: {}", run.stderr);
    }
}

#[test]
fn the_write_read_only_flag_is_documented() {
    let dir = scratch("help");
    for subcommand in ["check", "fmt"] {
        let run = fenlint(&dir, &[subcommand, "--help"], None);
        let help = String::from_utf8(run.stdout).unwrap();
        assert!(help.contains("--write-read-only"), "{subcommand}: {help}");
    }
}

/// The size of the blocks `ulimit -f` counts in the shell (512 or 1024 bytes).
fn ulimit_block(dir: &Path) -> u64 {
    let status = Command::new("sh")
        .current_dir(dir)
        .arg("-c")
        .arg("ulimit -f 1; head -c 5000 /dev/zero > probe 2>/dev/null")
        .status()
        .unwrap();
    assert!(!status.success());
    let block = std::fs::metadata(dir.join("probe")).unwrap().len();
    std::fs::remove_file(dir.join("probe")).unwrap();
    block
}

#[test]
fn a_file_size_limit_fails_the_write_cleanly() {
    let dir = scratch("ulimit");
    let block = ulimit_block(&dir);
    // 4-field FENs that `fmt` makes longer; FENs that both make shorter.
    let cases: [(&[&str], &str); 3] = [
        (&["fmt"], "4k3/8/8/8/8/8/8/4K3 w - -\n"),
        (&["fmt"], FIXABLE),
        (&["check", "--fix", "-q"], FIXABLE),
    ];
    for (n, (command, line)) in cases.iter().enumerate() {
        for hard_link in [false, true] {
            let case = dir.join(format!("{n}-{hard_link}"));
            std::fs::create_dir(&case).unwrap();
            // The file is twice the limit: it may be read, but its new text cannot be written.
            let text = line.repeat(usize::try_from(4 * block).unwrap() / line.len());
            let path = write(&case, "big.fen", text.as_bytes());
            if hard_link {
                std::fs::hard_link(&path, case.join("other.fen")).unwrap();
            }
            let limit = 2;
            let fenlint = env!("CARGO_BIN_EXE_fenlint");
            let output = Command::new("sh")
                .current_dir(&case)
                .arg("-c")
                .arg(format!("ulimit -f {limit}; exec \"$0\" \"$@\" >/dev/null"))
                .arg(fenlint)
                .args(*command)
                .arg("big.fen")
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(2),
                "{command:?} {hard_link}: {stderr}"
            );
            assert!(
                stderr.contains("fenlint: big.fen: File too large"),
                "{command:?} {hard_link}: {stderr}"
            );
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
            let mut expected = vec!["big.fen"];
            if hard_link {
                expected.push("other.fen");
            }
            assert_eq!(entries(&case), expected, "{command:?} {hard_link}");
        }
    }
}
