//! Lints FEN files with the library and prints miette reports: the library's main job, until the
//! `fenlint` command arrives.
//!
//! ```text
//! cargo run --example check -- examples/positions.fen
//! ```
//!
//! Every non-blank line that does not start with `#` is one FEN; spans are byte offsets into the
//! file, so the reports show the file's own lines.

use std::process::ExitCode;

use miette::{GraphicalReportHandler, GraphicalTheme, NamedSource};

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let paths = if paths.is_empty() {
        vec!["examples/positions.fen".to_owned()]
    } else {
        paths
    };
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor());
    let (mut fens, mut errors, mut warnings) = (0, 0, 0);
    for path in &paths {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(error) => {
                eprintln!("{path}: {error}");
                return ExitCode::from(2);
            }
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let mut diagnostics = Vec::new();
        let mut offset = 0;
        for line in bytes.split_inclusive(|&b| b == b'\n') {
            let content = line.strip_suffix(b"\n").unwrap_or(line);
            let content = content.strip_suffix(b"\r").unwrap_or(content);
            let trimmed = content.trim_ascii_start();
            if !trimmed.is_empty() && !trimmed.starts_with(b"#") {
                fens += 1;
                match fenlint::parse_bytes_at(content, offset) {
                    Ok(parse) => diagnostics.extend(parse.diagnostics().iter().cloned()),
                    Err(diagnostic) => diagnostics.push(diagnostic),
                }
            }
            offset += line.len();
        }
        for diagnostic in diagnostics {
            match diagnostic.severity() {
                fenlint::Severity::Error => errors += 1,
                fenlint::Severity::Warning => warnings += 1,
                fenlint::Severity::Advice => {}
            }
            let report = miette::Report::new(diagnostic)
                .with_source_code(NamedSource::new(path, text.clone()));
            let mut out = String::new();
            if handler.render_report(&mut out, report.as_ref()).is_ok() {
                println!("{out}");
            }
        }
    }
    println!(
        "{} file(s), {fens} FEN(s): {errors} error(s), {warnings} warning(s)",
        paths.len()
    );
    if errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
