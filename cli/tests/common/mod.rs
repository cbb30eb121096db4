//! Helpers shared by the command's tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A fresh directory for one test's files, named after the test binary and `name`; it is
/// removed, with everything in it, when the test is done with it.
pub fn scratch(name: &str) -> Scratch {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|exe| {
            exe.file_stem()
                .map(|stem| stem.to_string_lossy().into_owned())
        })
        .unwrap_or_default();
    let dir = std::env::temp_dir().join(format!("fenlint-{binary}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A test's directory (see [`scratch`]), removed when dropped.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // A test may leave a folder it cannot list (to test that); open it up first.
        #[cfg(unix)]
        for entry in walk(&self.0) {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&entry, std::fs::Permissions::from_mode(0o755));
        }
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The folders under `dir` (itself included), not following links.
#[cfg(unix)]
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut found = vec![dir.to_path_buf()];
    let mut index = 0;
    while let Some(next) = found.get(index).cloned() {
        index += 1;
        let Ok(entries) = std::fs::read_dir(&next) else {
            continue;
        };
        for entry in entries.flatten() {
            if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                found.push(entry.path());
            }
        }
    }
    found
}

/// Writes `bytes` to `name` in `dir` (creating folders on the way) and returns its path.
pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Runs `fenlint ARGS` in `dir` (so paths print as given), without colour, with `stdin` as its
/// standard input (none when `None`), and gives what it did.
pub fn fenlint_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut command = assert_cmd::Command::cargo_bin("fenlint").unwrap();
    command.current_dir(dir).args(args).env("NO_COLOR", "1");
    if let Some(stdin) = stdin {
        command.write_stdin(stdin);
    }
    let output = command.output().unwrap();
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().unwrap_or(-1),
    }
}

/// What one run of `fenlint` gave.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

impl Run {
    /// The run as the snapshots show it.
    pub fn text(&self, args: &[&str]) -> String {
        format!(
            "$ fenlint {}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
            args.join(" "),
            self.code,
            self.stdout,
            self.stderr
        )
    }

    /// The JSON objects on stdout, one per line.
    pub fn json(&self) -> Vec<serde_json::Value> {
        self.stdout
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    /// The codes of the JSON objects on stdout.
    pub fn codes(&self) -> Vec<String> {
        self.json()
            .iter()
            .map(|object| object["code"].as_str().unwrap().to_owned())
            .collect()
    }
}
