//! End to end with a real editor: headless Neovim, its built-in LSP client attached to
//! `fenlint lsp` through the plugin in `editors/neovim/`, on a sample file. The script
//! `tests/neovim/e2e.lua` reads back the diagnostics Neovim stored, applies the quick fix and
//! saves the file.
//!
//! Without `nvim` on the PATH the test says so on stderr and skips, unless
//! `FENLINT_REQUIRE_NEOVIM=1` (which `.ci/run` sets once it has installed Neovim): then a missing
//! editor fails the test.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs Neovim on `file` with `e2e.lua` (with `FENLINT_FIX_ALL` when `fix_all`); the report
/// it wrote, or `None` when Neovim is not installed.
fn neovim(test: &str, file: &Path, fix_all: bool) -> Option<serde_json::Value> {
    let version = Command::new("nvim").arg("--version").output().ok();
    let Some(version) = version.filter(|output| output.status.success()) else {
        assert!(
            std::env::var_os("FENLINT_REQUIRE_NEOVIM").is_none(),
            "FENLINT_REQUIRE_NEOVIM is set but `nvim` cannot be run"
        );
        eprintln!(
            "SKIPPED {test}: `nvim` is not installed (`apt-get install neovim`; .ci/run installs it)"
        );
        return None;
    };
    eprintln!(
        "{}",
        String::from_utf8_lossy(&version.stdout)
            .lines()
            .next()
            .unwrap_or("")
    );
    let dir = file.parent().unwrap();
    let out = dir.join("report.json");
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let plugin = manifest.join("../editors/neovim");
    let script = manifest.join("tests/neovim/e2e.lua");
    let mut command = Command::new("nvim");
    command
        .args(["--headless", "-u", "NONE", "-i", "NONE", "--cmd"])
        .arg(format!("set runtimepath^={}", plugin.display()))
        .arg("-c")
        .arg(format!("luafile {}", script.display()))
        .env("FENLINT_BIN", assert_cmd::cargo::cargo_bin("fenlint"))
        .env("FENLINT_FILE", file)
        .env("FENLINT_OUT", &out)
        .env("HOME", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    if fix_all {
        command.env("FENLINT_FIX_ALL", "1");
    }
    let mut child = command.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(90);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("Neovim did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&out).expect("the script wrote its report")).unwrap();
    assert_eq!(report["errors"], serde_json::json!([]), "{report:#}");
    Some(report)
}

#[test]
fn neovim_shows_the_diagnostics_and_applies_a_quick_fix() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sample.fen");
    std::fs::write(&file, "# sample\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n").unwrap();
    let Some(report) = neovim(
        "neovim_shows_the_diagnostics_and_applies_a_quick_fix",
        &file,
        false,
    ) else {
        return;
    };
    assert_eq!(report["filetype"], "fen", "{report:#}");
    let diagnostic = &report["diagnostics"][0];
    assert_eq!(diagnostic["code"], "fen::castling::order", "{report:#}");
    assert_eq!(diagnostic["source"], "fenlint");
    assert_eq!(diagnostic["lnum"], 1);
    assert_eq!(diagnostic["col"], 25, "the `K` after `Q`");
    assert_eq!(
        report["action"],
        "Replace `QK` with `KQ` (fen::castling::order)"
    );
    let fixed = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert_eq!(report["lines"], serde_json::json!(["# sample", fixed]));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        format!("# sample\n{fixed}\n"),
        "Neovim saved the fixed file"
    );
}

/// A CRLF file (Neovim's `fileformat=dos`): a quick fix, "fix all" and formatting (in the
/// dialect of `fenlint.toml`) leave it with CRLF line endings and the same lines, on disk.
#[test]
fn neovim_keeps_the_crlf_lines_of_a_file_through_fix_all_and_formatting() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("fenlint.toml"),
        "[format]\ncastling = \"shredder\"\n",
    )
    .unwrap();
    let file = dir.path().join("crlf.fen");
    std::fs::write(
        &file,
        "# sample\r\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r\n4k3/8/8/8/8/8/8/R3K2R  w QK - 0 1\r\n",
    )
    .unwrap();
    let Some(report) = neovim(
        "neovim_keeps_the_crlf_lines_of_a_file_through_fix_all_and_formatting",
        &file,
        true,
    ) else {
        return;
    };
    assert_eq!(report["fileformat"], "dos", "{report:#}");
    assert_eq!(
        report["fix_all"], "Fix all fenlint problems in this file",
        "{report:#}"
    );
    let done = "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1";
    assert_eq!(
        report["lines"],
        serde_json::json!(["# sample", done, done]),
        "{report:#}"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        format!("# sample\r\n{done}\r\n{done}\r\n"),
        "Neovim saved the file with its CRLF lines"
    );
}

/// The plugin's file-type detection takes the extensions in any case, as the command does
/// (`.FEN`, `.Epd`, `.PGN`).
#[test]
fn neovim_detects_the_extensions_in_any_case() {
    let runs = Command::new("nvim")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    if !runs {
        assert!(
            std::env::var_os("FENLINT_REQUIRE_NEOVIM").is_none(),
            "FENLINT_REQUIRE_NEOVIM is set but `nvim` cannot be run"
        );
        eprintln!("SKIPPED neovim_detects_the_extensions_in_any_case: `nvim` is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let plugin = Path::new(env!("CARGO_MANIFEST_DIR")).join("../editors/neovim");
    for (name, filetype) in [
        ("a.fen", "fen"),
        ("b.FEN", "fen"),
        ("c.Fen", "fen"),
        ("d.EPD", "epd"),
        ("e.ePd", "epd"),
        ("f.PGN", "pgn"),
        ("g.Pgn", "pgn"),
    ] {
        let file = dir.path().join(name);
        std::fs::write(&file, "").unwrap();
        let out = dir.path().join("filetype");
        let status = Command::new("nvim")
            .args(["--headless", "-u", "NONE", "-i", "NONE", "--cmd"])
            .arg(format!("set runtimepath^={}", plugin.display()))
            .args(["--cmd", "filetype on", "-c"])
            .arg(format!("call writefile([&filetype], '{}')", out.display()))
            .args(["-c", "qa!"])
            .arg(&file)
            .env("HOME", dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        let found = std::fs::read_to_string(&out).unwrap();
        assert_eq!(found.trim(), filetype, "{name}");
    }
}
