//! Machine-readable renderings of diagnostics, for any front end: JSON Lines and GitHub Actions
//! workflow commands. (The human rendering is miette's: [`Diagnostic`] implements
//! [`miette::Diagnostic`].)
//!
//! A renderer is given where the diagnostic is: its path and the [`LineColumn`] of the start and
//! end of its primary span (0-based, columns in characters), as a [`LineIndex`](crate::LineIndex)
//! gives them; it prints them 1-based.
//!
//! ```
//! use fenlint::{ColumnUnit, LineIndex, render::Located};
//!
//! let text = "4k3/8/8/8/8/8/8/4K3 x - - 0 1\n";
//! let diagnostic = &fenlint::lint(text.trim_end()).into_diagnostics()[0];
//! let index = LineIndex::new(text);
//! let at = |offset| index.line_column(text, offset, ColumnUnit::Char).unwrap();
//! let located = Located {
//!     path: "a.fen",
//!     diagnostic,
//!     start: at(diagnostic.span().start),
//!     end: at(diagnostic.span().end),
//! };
//! let mut out = Vec::new();
//! fenlint::render::github(&mut out, &located).unwrap();
//! assert_eq!(
//!     String::from_utf8(out).unwrap(),
//!     "::error file=a.fen,line=1,col=21,endLine=1,endColumn=22,\
//!      title=fen%3A%3Aside_to_move%3A%3Ainvalid::invalid side to move `x`, expected `w` or `b`\n"
//! );
//! ```

use std::cell::Cell;
use std::io::{self, Write};

use crate::{Diagnostic, LineColumn, Severity};

/// A diagnostic and where it is.
#[derive(Clone, Copy, Debug)]
pub struct Located<'a> {
    /// The file's path as the user gave it (`-` for standard input).
    pub path: &'a str,
    /// The diagnostic.
    pub diagnostic: &'a Diagnostic,
    /// Where its primary span starts: 0-based line, 0-based character column.
    pub start: LineColumn,
    /// Where its primary span ends.
    pub end: LineColumn,
}

/// One JSON object on one line (JSON Lines), with the keys in this order: `path`, `line`,
/// `column`, `end_line`, `end_column` (1-based, columns in characters), `byte_start`,
/// `byte_end`, `severity`, `code`, `message`, `help` (or `null`) and `fix` (`null`, or an object
/// with `byte_start`, `byte_end` and `replacement`). The text is written straight to `out`.
///
/// ```
/// use fenlint::{LineColumn, render::Located};
/// let parse = fenlint::parse("8/8/8/8/8/8/8/8 w QK - 0 1");
/// let diagnostic = &parse.diagnostics()[0];
/// let located = Located {
///     path: "a.fen",
///     diagnostic,
///     start: LineColumn { line: 0, column: 19 },
///     end: LineColumn { line: 0, column: 20 },
/// };
/// let mut out = Vec::new();
/// fenlint::render::json_line(&mut out, &located).unwrap();
/// let line = String::from_utf8(out).unwrap();
/// assert!(line.starts_with(r#"{"path":"a.fen","line":1,"column":20,"end_line":1,"end_column":21,"#));
/// assert!(line.ends_with("\"fix\":{\"byte_start\":18,\"byte_end\":20,\"replacement\":\"KQ\"}}\n"));
/// ```
pub fn json_line(out: &mut impl Write, located: &Located<'_>) -> io::Result<()> {
    out.write_all(b"{\"path\":\"")?;
    json_body(out, located.path)?;
    json_after_path(out, located)
}

/// A writer of [`json_line`]s that escapes each file's path once, not once a line: for the
/// many diagnostics of a file, written one after the other. Each line is the same as
/// `json_line` writes.
///
/// ```
/// use fenlint::{LineColumn, render::{JsonLines, Located}};
/// let parse = fenlint::parse("8/8/8/8/8/8/8/8 w QK - 0 1");
/// let located = Located {
///     path: "a \"b\".fen",
///     diagnostic: &parse.diagnostics()[0],
///     start: LineColumn { line: 0, column: 19 },
///     end: LineColumn { line: 0, column: 20 },
/// };
/// let (mut lines, mut out, mut one) = (JsonLines::default(), Vec::new(), Vec::new());
/// lines.write(&mut out, &located).unwrap();
/// fenlint::render::json_line(&mut one, &located).unwrap();
/// assert_eq!(out, one);
/// assert!(out.starts_with(br#"{"path":"a \"b\".fen","line":1,"#));
/// ```
#[derive(Debug, Default)]
pub struct JsonLines {
    /// The path of the last line written.
    path: String,
    /// The start of its line up to the path's closing quote: `{"path":"` and the path escaped.
    head: Vec<u8>,
}

impl JsonLines {
    /// Writes the JSON line of `located` to `out`, as [`json_line`] does.
    pub fn write(&mut self, out: &mut impl Write, located: &Located<'_>) -> io::Result<()> {
        if self.head.is_empty() || self.path != located.path {
            self.path.clear();
            self.path.push_str(located.path);
            self.head.clear();
            self.head.extend_from_slice(b"{\"path\":\"");
            json_body(&mut self.head, located.path)?;
        }
        out.write_all(&self.head)?;
        json_after_path(out, located)
    }
}

/// The rest of a [`json_line`] after its path.
fn json_after_path(out: &mut impl Write, located: &Located<'_>) -> io::Result<()> {
    let diagnostic = located.diagnostic;
    let span = diagnostic.span();
    // Each piece is written straight to `out`: the command gives a `Vec` of the line, where a
    // write is a copy.
    let mut digits = itoa::Buffer::new();
    for (key, value) in [
        (&b"\",\"line\":"[..], one_based(located.start.line)),
        (b",\"column\":", one_based(located.start.column)),
        (b",\"end_line\":", one_based(located.end.line)),
        (b",\"end_column\":", one_based(located.end.column)),
        (b",\"byte_start\":", span.start),
        (b",\"byte_end\":", span.end),
    ] {
        out.write_all(key)?;
        out.write_all(digits.format(value).as_bytes())?;
    }
    out.write_all(match diagnostic.severity() {
        Severity::Error => b",\"severity\":\"error\",\"code\":\"",
        Severity::Warning => b",\"severity\":\"warning\",\"code\":\"",
        Severity::Advice => b",\"severity\":\"advice\",\"code\":\"",
    })?;
    out.write_all(diagnostic.code().name().as_bytes())?;
    out.write_all(b"\",\"message\":\"")?;
    json_text(out, diagnostic.message(), diagnostic.fixed_message())?;
    match diagnostic.help_text() {
        Some(help) => {
            out.write_all(b"\",\"help\":\"")?;
            json_text(out, help, diagnostic.fixed_help())?;
            out.write_all(b"\",\"fix\":")?;
        }
        None => out.write_all(b"\",\"help\":null,\"fix\":")?,
    }
    match diagnostic.fix() {
        Some(fix) => {
            out.write_all(b"{\"byte_start\":")?;
            out.write_all(digits.format(fix.span().start).as_bytes())?;
            out.write_all(b",\"byte_end\":")?;
            out.write_all(digits.format(fix.span().end).as_bytes())?;
            out.write_all(b",\"replacement\":\"")?;
            json_text(out, fix.replacement(), fix.fixed_replacement())?;
            out.write_all(b"\"}}\n")
        }
        None => out.write_all(b"null}\n"),
    }
}

fn one_based(value: usize) -> usize {
    value.saturating_add(1)
}

/// `text` as a JSON string (RFC 8259): quotes, backslashes and control characters escaped.
#[cfg(test)]
fn json_string(out: &mut impl Write, text: &str) -> io::Result<()> {
    out.write_all(b"\"")?;
    json_body(out, text)?;
    out.write_all(b"\"")
}

/// `text`, which is `fixed` when it is a fixed text, as the inside of a JSON string: a fixed
/// text found to need no escape is not looked at again.
fn json_text(out: &mut impl Write, text: &str, fixed: Option<&'static str>) -> io::Result<()> {
    if fixed.is_some_and(is_plain_fixed) {
        out.write_all(text.as_bytes())
    } else {
        json_body(out, text)
    }
}

/// Whether the fixed text `text` needs no escape in JSON. The answer for the fixed texts seen
/// last is kept (a fixed text never changes), so that the help texts most diagnostics share are
/// read once.
fn is_plain_fixed(text: &'static str) -> bool {
    // Room for every fixed text of the rules and the parser at once, so that two texts seldom
    // take turns in one slot.
    const SLOTS: usize = 512;
    thread_local! {
        /// The address and length of fixed texts found plain, by a hash of the address.
        static PLAIN: [Cell<(usize, usize)>; SLOTS] =
            const { [const { Cell::new((0, 0)) }; SLOTS] };
    }
    let key = (text.as_ptr() as usize, text.len());
    // Fibonacci hashing: the top bits of the address times 2^64 / φ.
    let hash = ((key.0 ^ key.1) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let slot = (hash >> u64::BITS.wrapping_sub(SLOTS.ilog2())) as usize;
    PLAIN.with(|plain| {
        let Some(slot) = plain.get(slot) else {
            return false;
        };
        if slot.get() == key {
            return true;
        }
        let is_plain = next_escaped(text.as_bytes(), 0).is_none();
        if is_plain {
            slot.set(key);
        }
        is_plain
    })
}

/// `text` as the inside of a JSON string (RFC 8259): quotes, backslashes and control
/// characters escaped.
fn json_body(out: &mut impl Write, text: &str) -> io::Result<()> {
    let bytes = text.as_bytes();
    let mut plain = 0;
    while let Some(at) = next_escaped(bytes, plain) {
        out.write_all(bytes.get(plain..at).unwrap_or_default())?;
        let byte = bytes.get(at).copied().unwrap_or_default();
        let escape: &[u8] = match byte {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            _ => {
                write!(out, "\\u{byte:04x}")?;
                b""
            }
        };
        out.write_all(escape)?;
        plain = at.saturating_add(1);
    }
    out.write_all(bytes.get(plain..).unwrap_or_default())
}

/// Whether JSON escapes `byte` in a string: a quote, a backslash or a control character.
fn is_escaped(byte: u8) -> bool {
    byte < 0x20 || byte == b'"' || byte == b'\\'
}

/// The index of the first byte of `bytes` from `from` on that JSON escapes (see
/// [`is_escaped`]). Sixteen bytes at a time, in a test the compiler makes into vector
/// instructions: almost every message has none. The last window overlaps the one before it
/// (the bytes it reads again are known to need no escape), and text shorter than a window is
/// padded with spaces.
fn next_escaped(bytes: &[u8], from: usize) -> Option<usize> {
    const WINDOW: usize = 16;
    let rest = bytes.get(from..)?;
    let mut start = 0usize;
    while start < rest.len() {
        let at = start.min(rest.len().saturating_sub(WINDOW));
        let window = match rest.get(at..at.saturating_add(WINDOW)) {
            Some(window) => <[u8; WINDOW]>::try_from(window).unwrap_or([b' '; WINDOW]),
            None => {
                let mut padded = [b' '; WINDOW];
                for (slot, &byte) in padded.iter_mut().zip(rest) {
                    *slot = byte;
                }
                padded
            }
        };
        if window
            .iter()
            .fold(false, |found, &byte| found | is_escaped(byte))
        {
            let found = rest.get(at..)?.iter().position(|&byte| is_escaped(byte))?;
            return Some(from.saturating_add(at).saturating_add(found));
        }
        start = at.saturating_add(WINDOW);
    }
    None
}

/// A GitHub Actions workflow command, `::error file=…,line=…,col=…,endLine=…,endColumn=…,
/// title=CODE::message`, which GitHub shows as an annotation on the line (advice becomes a
/// notice).
pub fn github(out: &mut impl Write, located: &Located<'_>) -> io::Result<()> {
    let diagnostic = located.diagnostic;
    let level = match diagnostic.severity() {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "notice",
    };
    writeln!(
        out,
        "::{level} file={},line={},col={},endLine={},endColumn={},title={}::{}",
        escape_property(located.path),
        one_based(located.start.line),
        one_based(located.start.column),
        one_based(located.end.line),
        one_based(located.end.column),
        escape_property(diagnostic.code().name()),
        escape_data(diagnostic.message()),
    )
}

/// Escapes a workflow command's data (`%`, CR, LF).
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow command's property (data escapes plus `:` and `,`).
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn string(text: &str) -> String {
        let mut out = Vec::new();
        json_string(&mut out, text).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn json_lines_write_what_json_line_writes_when_the_path_changes() {
        let parse = crate::parse("8/8/8/8/8/8/8/8 w QK - 0 1");
        let mut lines = JsonLines::default();
        for path in ["a.fen", "a.fen", "b\\\"c\".fen", "", "a.fen", "a.fen"] {
            for diagnostic in parse.diagnostics() {
                let located = Located {
                    path,
                    diagnostic,
                    start: crate::LineColumn { line: 0, column: 0 },
                    end: crate::LineColumn { line: 0, column: 1 },
                };
                let (mut kept, mut one) = (Vec::new(), Vec::new());
                lines.write(&mut kept, &located).unwrap();
                json_line(&mut one, &located).unwrap();
                assert_eq!(String::from_utf8(kept), String::from_utf8(one), "{path}");
            }
        }
    }

    #[test]
    fn json_strings_escape_what_rfc_8259_requires() {
        assert_eq!(string("plain é"), "\"plain é\"");
        assert_eq!(string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(string("\n\r\t\u{8}\u{c}"), r#""\n\r\t\b\f""#);
        assert_eq!(string("\u{0}\u{1b}x\u{1f}"), r#""\u0000\u001bx\u001f""#);
        assert_eq!(string("\u{7f}"), "\"\u{7f}\"");
    }

    #[test]
    fn an_escaped_byte_is_found_at_every_place_of_a_window_and_of_the_tail() {
        for escaped in [b'"', b'\\', 0x00, 0x1f, b'\n'] {
            for len in 1..=40 {
                for at in 0..len {
                    // Bytes just above each limit and non-ASCII bytes around it.
                    let mut bytes: Vec<u8> = (0..len)
                        .map(|i| [b' ', b'#', b']', 0xc3, 0x7f][i % 5])
                        .collect();
                    bytes[at] = escaped;
                    for from in 0..=at {
                        assert_eq!(
                            next_escaped(&bytes, from),
                            Some(at),
                            "{escaped:#x} at {at} of {len} from {from}"
                        );
                    }
                    assert_eq!(next_escaped(&bytes, at + 1), None);
                    // The first of two.
                    if at + 1 < len {
                        bytes[len - 1] = escaped;
                        assert_eq!(next_escaped(&bytes, 0), Some(at));
                    }
                }
            }
        }
    }

    #[test]
    fn json_strings_read_back_as_the_same_text() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..2000 {
            let text: String = (0..rng.usize(0..20))
                .map(|_| match rng.u8(0..4) {
                    0 => char::from(rng.u8(0..0x20)),
                    1 => ['"', '\\', '/', '\u{7f}'][rng.usize(0..4)],
                    2 => rng.char('\u{80}'..'\u{10ffff}'),
                    _ => char::from(rng.u8(0x20..0x7f)),
                })
                .collect();
            let read: String = serde_json::from_str(&string(&text)).unwrap();
            assert_eq!(read, text);
        }
    }
}
