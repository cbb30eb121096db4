//! `fenlint check`, with its default settings, on files that follow the conventions real files
//! use (`tests/realworld/`, see its README): what a user sees is snapshotted per file.

#[path = "../../tests/support/mod.rs"]
mod support;

use std::path::Path;

use assert_cmd::Command;

/// The folder of composed real-world files.
fn folder() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/realworld"))
}

/// `fenlint check NAME` and `fenlint fmt --check NAME` run in the folder, as the snapshot
/// shows them.
fn report(name: &str) -> String {
    let mut text = String::new();
    for args in [vec!["check", name], vec!["fmt", "--check", name]] {
        let output = Command::cargo_bin("fenlint")
            .unwrap()
            .current_dir(folder())
            .args(&args)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        text.push_str(&format!(
            "$ fenlint {}\nexit: {}\n--- stdout\n{}--- stderr\n{}\n",
            args.join(" "),
            output.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    text
}

#[test]
fn every_composed_file_is_reported_as_its_snapshot_shows() {
    let mut names: Vec<String> = std::fs::read_dir(folder())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| {
            let name = name.to_ascii_lowercase();
            [".fen", ".epd", ".pgn"]
                .iter()
                .any(|kind| name.ends_with(kind))
        })
        .collect();
    names.sort();
    assert!(
        !names.is_empty(),
        "no composed files in {}",
        folder().display()
    );
    for name in names {
        support::settings_at("../../snapshots")
            .bind(|| insta::assert_snapshot!(format!("realworld__{name}"), report(&name)));
    }
}
