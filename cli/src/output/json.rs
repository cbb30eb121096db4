//! `--format json`: JSON Lines, one object a finding, written by `serde_json` straight into the
//! output.
//!
//! The keys, in this order: `path`, `line`, `column`, `end_line`, `end_column` (1-based, the
//! columns in characters, the end the place after the primary span), `byte_start`, `byte_end`,
//! `severity`, `code`, `message`, `help` (or `null`) and `fix` (`null`, or an object with
//! `byte_start`, `byte_end` and `replacement`).

use std::io::{self, Write};

use serde::Serialize;

use crate::finding::Finding;

/// One finding as its JSON line holds it.
#[derive(Serialize)]
struct Line<'a> {
    path: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    byte_start: usize,
    byte_end: usize,
    severity: &'static str,
    code: &'static str,
    message: &'a str,
    help: Option<&'a str>,
    fix: Option<Fix<'a>>,
}

/// A finding's fix: the bytes it replaces and what it writes there.
#[derive(Serialize)]
struct Fix<'a> {
    byte_start: usize,
    byte_end: usize,
    replacement: &'a str,
}

/// Writes the JSON line of `finding`, its `\n` included. Generic over the output, so that
/// `serde_json`'s many small writes go straight into its buffer.
pub fn write(out: &mut impl Write, finding: &Finding<'_>) -> io::Result<()> {
    let diagnostic = finding.diagnostic;
    let span = diagnostic.span();
    let start = finding.place.position(span.start);
    let end = finding.place.position(span.end);
    let line = Line {
        path: finding.path,
        line: start.line,
        column: start.column,
        end_line: end.line,
        end_column: end.column,
        byte_start: span.start,
        byte_end: span.end,
        severity: diagnostic.severity().name(),
        code: diagnostic.code().name(),
        message: diagnostic.message(),
        help: diagnostic.help_text(),
        fix: diagnostic.fix().map(|fix| Fix {
            byte_start: fix.span().start,
            byte_end: fix.span().end,
            replacement: fix.replacement(),
        }),
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")
}
