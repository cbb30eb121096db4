//! What `check --fix` and `fmt` rewrite, and how: through symbolic links, keeping hard links,
//! owners and modes; never a FIFO, a device or a read-only file; cleaning up under a file-size
//! limit or an interrupt; in bounded memory whatever the input.
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
    // Both outputs are read as they come, so that a long one does not block the run.
    let drain = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("fenlint {args:?} did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    feeder.join().unwrap();
    Run {
        stdout: stdout.join().unwrap(),
        stderr: String::from_utf8_lossy(&stderr.join().unwrap()).into_owned(),
        code: status.code(),
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

/// Runs `fenlint` in `dir` and sends it `signal` (a name for `kill -s`) as soon as its temporary
/// file appears there, that is while it rewrites a file; returns how it ended.
fn interrupted_while_rewriting(
    dir: &Path,
    args: &[&str],
    signal: &str,
) -> std::process::ExitStatus {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fenlint"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("fenlint {args:?} ended ({status}) before its rewrite was seen");
        }
        if entries(dir)
            .iter()
            .any(|name| name.starts_with(".fenlint-"))
        {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no rewrite began"
        );
    }
    let killed = Command::new("kill")
        .args(["-s", signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    child.wait().unwrap()
}

#[test]
fn an_interrupt_lets_the_file_being_rewritten_be_finished() {
    use std::os::unix::process::ExitStatusExt;
    // Large enough that writing and syncing the new text takes a while.
    let lines = 100_000;
    let mut cases = Vec::new();
    for command in REWRITES {
        for hard_link in [false, true] {
            cases.push((command, hard_link, "INT", 2));
        }
    }
    cases.push((REWRITES[0], false, "TERM", 15));
    cases.push((REWRITES[0], false, "HUP", 1));
    for (n, (command, hard_link, signal, number)) in cases.into_iter().enumerate() {
        let dir = scratch(&format!("interrupt-{n}"));
        write(&dir, "big.fen", FIXABLE.repeat(lines).as_bytes());
        let mut names = vec!["big.fen"];
        if hard_link {
            std::fs::hard_link(dir.join("big.fen"), dir.join("link.fen")).unwrap();
            names.push("link.fen");
        }
        let what = format!("{command:?}, SIG{signal}, hard link: {hard_link}");
        let status = interrupted_while_rewriting(&dir, &args(&with(command, &["big.fen"])), signal);
        // The signal still ends the command, as it would have...
        assert_eq!(status.signal(), Some(number), "{what}: {status}");
        // ...once the file was rewritten whole, with nothing left beside it.
        assert_eq!(entries(&dir), names, "{what}");
        for name in &names {
            let text = std::fs::read_to_string(dir.join(name)).unwrap();
            assert!(
                text == FIXED.repeat(lines),
                "{what}: {name} is not the new text"
            );
        }
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
                stderr.contains("fenlint: big.fen: not rewritten, left as it was: File too large"),
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

/// The peak memory (resident set) of a run of `fenlint` in `dir`, in bytes, with `stdin` fed
/// `feed` (none: nothing), sampled from `/proc` until it ends; and how it ended.
fn peak_memory(dir: &Path, args: &[&str], feed: Option<(u8, usize)>) -> (u64, Run) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fenlint"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        if let Some((byte, megabytes)) = feed {
            let chunk = vec![byte; 1 << 20];
            for _ in 0..megabytes {
                if pipe.write_all(&chunk).is_err() {
                    break;
                }
            }
        }
    });
    let status = format!("/proc/{}/status", child.id());
    let started = Instant::now();
    let mut peak = 0u64;
    while child.try_wait().unwrap().is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "fenlint {args:?} did not end"
        );
        if let Ok(text) = std::fs::read_to_string(&status)
            && let Some(line) = text.lines().find(|line| line.starts_with("VmHWM:"))
        {
            let kilobytes: u64 = line
                .split_whitespace()
                .nth(1)
                .and_then(|number| number.parse().ok())
                .unwrap_or(0);
            peak = peak.max(kilobytes * 1024);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    feeder.join().unwrap();
    let output = child.wait_with_output().unwrap();
    let run = Run {
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code(),
    };
    (peak, run)
}

/// The most memory a run over an input with a line of hundreds of megabytes may take: a small
/// part of that line.
const BOUNDED: u64 = 128 << 20;

#[test]
fn a_stream_without_line_breaks_is_read_in_bounded_memory() {
    if !Path::new("/proc/self/status").exists() {
        println!("skipped: the peak memory of a process is read from /proc, which is not here");
        return;
    }
    let dir = scratch("zeros");
    // 256 MiB of the digit `8` (as `head -c 256M /dev/zero | tr '\0' 8` gives them): one line
    // that could be a rank's, read up to the limit of a line. (A stream of NUL bytes is binary
    // data, one finding from its first bytes.)
    for args in [
        &["fmt", "-"][..],
        &["fmt", "--check", "-"],
        &["check", "--fix", "-"],
        &["check", "-"],
        &["fmt", "--diff", "-"],
        &["check", "--diff", "-"],
    ] {
        let (peak, run) = peak_memory(&dir, args, Some((b'8', 256)));
        assert!(peak < BOUNDED, "{args:?}: {} MiB at the peak", peak >> 20);
        assert!(
            run.code.is_some_and(|code| code < 2),
            "{args:?}: {}",
            run.stderr
        );
        if args[0] == "fmt" {
            assert!(
                run.stderr.contains(
                    "fenlint: -:1: left as it is: longer than 64 KiB, the limit of a line"
                ),
                "{args:?}: {}",
                run.stderr
            );
        }
    }
    // `show` reads its FEN a line at a time too, and says why it shows nothing.
    let (peak, run) = peak_memory(&dir, &["show"], Some((b'8', 256)));
    assert!(peak < BOUNDED, "show: {} MiB at the peak", peak >> 20);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "fenlint: the FEN on line 1 of standard input is longer than 64 KiB, the limit of a line"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn a_huge_line_is_copied_through_and_the_rest_is_rewritten() {
    let dir = scratch("huge-line");
    let mut text = FIXABLE.as_bytes().to_vec();
    text.extend_from_slice(b"4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1 ");
    text.resize(text.len() + (96 << 20), b'x');
    text.extend_from_slice(b"\r\n# kept\n");
    text.extend_from_slice(FIXABLE.as_bytes());
    text.extend_from_slice(&[b'y'; 70_000]);
    let mut fixed = FIXED.as_bytes().to_vec();
    fixed.extend_from_slice(
        text.get(FIXABLE.len()..text.len() - FIXABLE.len() - 70_000)
            .unwrap(),
    );
    fixed.extend_from_slice(FIXED.as_bytes());
    fixed.extend_from_slice(&[b'y'; 70_000]);
    for (n, command) in REWRITES.iter().enumerate() {
        let name = format!("huge-{n}.fen");
        let path = write(&dir, &name, &text);
        let (peak, run) = peak_memory(&dir, &args(&with(command, &[&name])), None);
        // `check` reports the long line (`fen::input::too_long`), an error.
        let status = if command[0] == "check" { 1 } else { 0 };
        assert_eq!(run.code, Some(status), "{command:?}: {}", run.stderr);
        if Path::new("/proc/self/status").exists() {
            // Far below the line's size, of which a whole copy would be 96 MiB.
            assert!(peak < BOUNDED / 4, "{command:?}: {} MiB", peak >> 20);
        }
        for line in [2, 5] {
            assert!(
                run.stderr.contains(&format!(
                    "{name}:{line}: left as it is: longer than 64 KiB, the limit of a line"
                )),
                "{command:?}: {}",
                run.stderr
            );
        }
        assert!(std::fs::read(&path).unwrap() == fixed, "{command:?}");
        std::fs::remove_file(&path).unwrap();
        assert!(entries(&dir).is_empty(), "{command:?}");
    }
}

/// `--diff` holds no long line either: a line of 96 MiB around the changes is in the diff as
/// it is in the file, as context, and the run takes a small part of it.
#[test]
fn a_diff_shows_a_huge_line_as_it_is_in_bounded_memory() {
    let dir = scratch("huge-diff");
    let mut text = FIXABLE.as_bytes().to_vec();
    text.extend_from_slice(b"# ");
    text.resize(text.len() + (96 << 20), b'x');
    text.extend_from_slice(b"\n");
    text.extend_from_slice(FIXABLE.as_bytes());
    write(&dir, "huge.fen", &text);
    for command in [&["check", "--diff"][..], &["fmt", "--diff"]] {
        let (peak, run) = peak_memory(&dir, &args(&with(command, &["huge.fen"])), None);
        assert_eq!(run.code, Some(1), "{command:?}: {}", run.stderr);
        if Path::new("/proc/self/status").exists() {
            assert!(peak < BOUNDED / 4, "{command:?}: {} MiB", peak >> 20);
        }
    }
    // The diff itself: each long line as it is, its line ending (`\r\n`, or none at the end
    // of the input) kept, for a file and for standard input.
    // Two long lines that hold positions, which are said to be left as they are.
    let long = format!("{}{}", FIXABLE.trim_end(), "x".repeat(70_000));
    let text = format!("{FIXABLE}{long}\r\n# kept\n{FIXABLE}{long}");
    let hunk = format!(
        "@@ -1,5 +1,5 @@\n-{FIXABLE}+{FIXED} {long}\r\n # kept\n-{FIXABLE}+{FIXED} {long}\n\\ No newline at end of file\n"
    );
    write(&dir, "long.fen", text.as_bytes());
    for command in [&["check", "--diff"][..], &["fmt", "--diff"]] {
        for input in ["long.fen", "-"] {
            let stdin = (input == "-").then_some(text.as_bytes());
            let run = fenlint(&dir, &args(&with(command, &[input])), stdin);
            assert_eq!(run.code, Some(1), "{command:?} {input}: {}", run.stderr);
            let diff = String::from_utf8(run.stdout).unwrap();
            let hunks = diff.find("@@").map_or("", |at| &diff[at..]);
            assert!(hunks == hunk, "{command:?} {input}: {:?}", diff.get(..300));
            for line in [2, 5] {
                assert!(
                    run.stderr.contains(&format!(
                        "{input}:{line}: left as it is: longer than 64 KiB, the limit of a line"
                    )),
                    "{command:?} {input}: {}",
                    run.stderr
                );
            }
        }
    }
}

#[test]
fn a_pgn_file_with_a_huge_line_is_left_as_it_is_whole() {
    let dir = scratch("huge-pgn");
    let mut text =
        b"[Event \"a\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R  w KQ - 0 1\"]\n\n1. Kf1 {".to_vec();
    text.resize(text.len() + 100_000, b'z');
    text.extend_from_slice(
        b"} *\n\n[Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\"]\n\n*\n",
    );
    for (n, command) in REWRITES.iter().enumerate() {
        let name = format!("huge-{n}.pgn");
        let path = write(&dir, &name, &text);
        let run = fenlint(&dir, &args(&with(command, &[&name])), None);
        assert!(
            run.code.is_some_and(|code| code < 2),
            "{command:?}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains(&format!(
                "{name}: left as it is: line 4 is longer than 64 KiB, the limit of a line, and a PGN file's games cannot be told apart without it"
            )),
            "{command:?}: {}",
            run.stderr
        );
        assert!(std::fs::read(&path).unwrap() == text, "{command:?}");
    }
    let run = fenlint(
        &dir,
        &["fmt", "--stdin-filename", "in.pgn", "-"],
        Some(&text),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout == text);
}

/// A line whose first field is no board (a row of a table, a line of prose) is no FEN: `--fix`
/// leaves its whitespace as it is, while a FEN's tab between fields is made a space.
#[test]
fn fix_leaves_the_whitespace_of_lines_that_are_no_fens() {
    let dir = scratch("not-fens");
    let table = "eco\tname\tpgn\nA00\tAmar Opening\t1. Nh3 \n";
    write(&dir, "openings.txt", table.as_bytes());
    let fen = write(&dir, "t.fen", b"4k3/8/8/8/8/8/8/4K3\tw - - 0 1 \n");
    let run = fenlint(&dir, &["check", "--fix", "openings.txt", "t.fen"], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.join("openings.txt")).unwrap(),
        table
    );
    assert_eq!(
        std::fs::read_to_string(fen).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
    );
}
