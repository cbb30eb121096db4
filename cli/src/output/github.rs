//! `--format github`: GitHub Actions workflow commands, `::error file=…,line=…,col=…,
//! endLine=…,endColumn=…,title=CODE::message`, which GitHub shows as annotations on the lines
//! (advice becomes a notice).

use std::io::{self, Write};

use fenlint::Severity;

use crate::finding::Finding;
use crate::source::shown_name;

/// Writes the workflow command of `finding`. The log shows the file name as a terminal would,
/// so its control characters are made visible.
pub fn write(out: &mut dyn Write, finding: &Finding<'_>) -> io::Result<()> {
    let diagnostic = finding.diagnostic;
    let level = match diagnostic.severity() {
        Severity::Error => "error",
        Severity::Warning => "warning",
        _ => "notice",
    };
    let span = diagnostic.span();
    let start = finding.place.position(span.start);
    let end = finding.place.position(span.end);
    write!(out, "::{level} file=")?;
    write_text(out, &shown_name(finding.path), Escape::Property)?;
    write!(
        out,
        ",line={},col={},endLine={},endColumn={},title=",
        start.line, start.column, end.line, end.column
    )?;
    write_text(out, diagnostic.code().name(), Escape::Property)?;
    out.write_all(b"::")?;
    write_text(out, diagnostic.message(), Escape::Data)?;
    out.write_all(b"\n")
}

/// What a workflow command escapes in a text. (Not `percent_encoding`'s sets: it encodes every
/// byte past ASCII too, where the runner reads UTF-8 as it is.)
#[derive(Clone, Copy, PartialEq, Eq)]
enum Escape {
    /// Data (the message): `%`, CR and LF.
    Data,
    /// A property (the file, the title): the data's escapes and `:` and `,`.
    Property,
}

/// Writes `text` into a workflow command, each byte `escape` asks for as `%` and its two hex
/// digits, the runs between them as they are.
fn write_text(out: &mut dyn Write, text: &str, escape: Escape) -> io::Result<()> {
    let bytes = text.as_bytes();
    let mut from = 0;
    for (at, &byte) in bytes.iter().enumerate() {
        let escaped: &[u8] = match byte {
            b'%' => b"%25",
            b'\r' => b"%0D",
            b'\n' => b"%0A",
            b':' if escape == Escape::Property => b"%3A",
            b',' if escape == Escape::Property => b"%2C",
            _ => continue,
        };
        out.write_all(bytes.get(from..at).unwrap_or_default())?;
        out.write_all(escaped)?;
        from = at.saturating_add(1);
    }
    out.write_all(bytes.get(from..).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The escapes are those of `str::replace` one escape after the other (`%` first, so that
    /// no escape is escaped again), and every other character is written as it is.
    #[test]
    fn workflow_command_texts_are_escaped_as_the_replacements_escape_them() {
        let data = |text: &str| {
            text.replace('%', "%25")
                .replace('\r', "%0D")
                .replace('\n', "%0A")
        };
        let property = |text: &str| data(text).replace(':', "%3A").replace(',', "%2C");
        for text in [
            "",
            "plain",
            "fen::castling::order",
            "100% done, 50%",
            "a\r\nb\nc\r",
            "%%::,,",
            "dir:1,2/é ü %0A.fen",
            "::error::",
            "tab\there \u{7f} \u{1b}[31m",
        ] {
            for (escape, expected) in [
                (Escape::Data, data(text)),
                (Escape::Property, property(text)),
            ] {
                let mut out = Vec::new();
                write_text(&mut out, text, escape).unwrap();
                assert_eq!(String::from_utf8(out).unwrap(), expected, "{text:?}");
            }
        }
    }
}
