//! Where a diagnostic is: a piece of a file (whole lines), with its byte offset and line number,
//! to turn byte spans into lines and columns, and what the human report shows of it.

use std::fmt;
use std::sync::Arc;

use fenlint::diagnostics::{ShownText, picture};
use fenlint::{ColumnUnit, Diagnostic, LineIndex};
use miette::{MietteError, SourceCode, SourceSpan, SpanContents};

/// Whole lines of a file, from byte `offset` on, starting on line `line` (0-based).
///
/// `text` is the lines' bytes read as UTF-8, each invalid sequence shown as one U+FFFD. Where
/// that made the text longer than the bytes, `breaks` holds the pairs of (offset in the bytes,
/// offset in `text`) from which the two advance together again, so that a byte offset of the
/// file still finds its character, and counts as one column however many bytes it has.
#[derive(Clone, Debug)]
pub struct Snippet {
    pub name: Arc<str>,
    pub text: Arc<str>,
    pub offset: usize,
    pub line: usize,
    pub breaks: Arc<[(usize, usize)]>,
    /// Whether `text` is one line of ASCII (no `\n`, no breaks), where a column is a byte
    /// offset: the usual FEN line, whose positions need no look at the text.
    plain: bool,
}

/// The text of `bytes` with each invalid UTF-8 sequence shown as U+FFFD, and the breaks of a
/// [`Snippet`] of it.
pub fn decode(bytes: &[u8]) -> (Arc<str>, Arc<[(usize, usize)]>) {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (text.into(), no_breaks());
    }
    let mut text = String::with_capacity(bytes.len().saturating_add(16));
    let mut breaks = Vec::new();
    let mut at = 0usize;
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        at = at.saturating_add(chunk.valid().len());
        if !chunk.invalid().is_empty() {
            text.push(char::REPLACEMENT_CHARACTER);
            at = at.saturating_add(chunk.invalid().len());
            breaks.push((at, text.len()));
        }
    }
    (text.into(), breaks.into())
}

/// The breaks of text that was valid UTF-8: none, shared rather than allocated for each
/// snippet.
fn no_breaks() -> Arc<[(usize, usize)]> {
    static NONE: std::sync::LazyLock<Arc<[(usize, usize)]>> =
        std::sync::LazyLock::new(|| Arc::from([]));
    Arc::clone(&NONE)
}

/// A 1-based line and column (columns count characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl Snippet {
    /// Whole lines `bytes` of the file `name`, from byte `offset` on, starting on line `line`.
    pub fn new(name: &Arc<str>, bytes: &[u8], offset: usize, line: usize) -> Snippet {
        let (text, breaks) = decode(bytes);
        let plain = breaks.is_empty() && text.is_ascii() && memchr::memchr(b'\n', bytes).is_none();
        Snippet {
            name: Arc::clone(name),
            text,
            offset,
            line,
            breaks,
            plain,
        }
    }

    /// The offset in `text` of byte `offset` of the file, clamped to the snippet; a byte inside
    /// an invalid sequence moves to the start of its U+FFFD.
    pub fn text_offset(&self, offset: usize) -> usize {
        let local = offset.saturating_sub(self.offset);
        let at = self.breaks.partition_point(|&(byte, _)| byte <= local);
        let (byte, text) = at
            .checked_sub(1)
            .and_then(|at| self.breaks.get(at))
            .copied()
            .unwrap_or((0, 0));
        let mut shown = text.saturating_add(local.saturating_sub(byte));
        // Inside an invalid sequence (the next break is still ahead): its U+FFFD.
        if let Some(&(next_byte, next_text)) = self.breaks.get(at)
            && local < next_byte
        {
            shown = shown.min(next_text.saturating_sub(3).max(text));
        }
        let mut shown = shown.min(self.text.len());
        while !self.text.is_char_boundary(shown) {
            shown = shown.saturating_sub(1);
        }
        shown
    }

    /// The offset in the file of `shown`, an offset in `text`.
    pub fn file_offset(&self, shown: usize) -> usize {
        let at = self.breaks.partition_point(|&(_, text)| text <= shown);
        let (byte, text) = at
            .checked_sub(1)
            .and_then(|at| self.breaks.get(at))
            .copied()
            .unwrap_or((0, 0));
        self.offset
            .saturating_add(byte)
            .saturating_add(shown.saturating_sub(text))
    }

    /// The line and column of byte `offset` of the file (see [`Snippet::position_in`]).
    pub fn position(&self, offset: usize) -> Position {
        self.position_in(offset, ColumnUnit::Char)
    }

    /// The line and column of byte `offset` of the file, the column counted in `unit` (SARIF
    /// counts UTF-16 code units). Past the end of the snippet, which is where a line too long
    /// to keep was cut, the column goes on one a byte, as the unread text is not known (its
    /// characters are one byte each in the usual case, a run of ASCII).
    pub fn position_in(&self, offset: usize, unit: ColumnUnit) -> Position {
        let end = self.file_offset(self.text.len());
        let mut position = self.position_within(offset.min(end), unit);
        position.column = position.column.saturating_add(offset.saturating_sub(end));
        position
    }

    /// [`Snippet::position_in`] for `offset` within the snippet.
    fn position_within(&self, offset: usize, unit: ColumnUnit) -> Position {
        if self.plain {
            let local = offset.saturating_sub(self.offset).min(self.text.len());
            return Position {
                line: self.line.saturating_add(1),
                column: local.saturating_add(1),
            };
        }
        let local = self.text_offset(offset);
        let before = self.text.get(..local).unwrap_or_default();
        // A snippet of one line (every FEN and EPD line) needs no index. As in the index, a
        // `\r` before the line's `\n` is part of the line ending, not of the columns.
        if memchr::memchr(b'\n', before.as_bytes()).is_none() {
            let rest = self.text.get(local..).unwrap_or_default();
            let before = if rest.starts_with('\n') {
                before.strip_suffix('\r').unwrap_or(before)
            } else {
                before
            };
            let column = if before.is_ascii() {
                before.len()
            } else {
                match unit {
                    ColumnUnit::Utf8 => before.len(),
                    ColumnUnit::Utf16 => before.encode_utf16().count(),
                    _ => before.chars().count(),
                }
            };
            return Position {
                line: self.line.saturating_add(1),
                column: column.saturating_add(1),
            };
        }
        let index = LineIndex::new(&self.text);
        let at = index
            .line_column(&self.text, local, unit)
            .unwrap_or_default();
        Position {
            line: self.line.saturating_add(at.line).saturating_add(1),
            column: at.column.saturating_add(1),
        }
    }
}

/// One line of a file, borrowed where it was read, made into a [`Snippet`] (a copy of its text)
/// only when that is asked for: a finding on a line of ASCII needs none to be placed.
pub struct LineSnippet<'a> {
    name: &'a Arc<str>,
    bytes: &'a [u8],
    offset: usize,
    line: usize,
    /// Whether the line is ASCII (it has no `\n`), as [`Snippet`]'s `plain`.
    plain: bool,
    made: std::cell::OnceCell<Snippet>,
}

impl<'a> LineSnippet<'a> {
    /// The line `bytes` of the file `name`, at byte `offset`, 0-based line number `line`.
    /// `bytes` hold no `\n`, as a line read from a file up to its line ending: only whether
    /// they are ASCII is looked at, on each line with a finding.
    pub fn new(name: &'a Arc<str>, bytes: &'a [u8], offset: usize, line: usize) -> LineSnippet<'a> {
        debug_assert!(
            memchr::memchr(b'\n', bytes).is_none(),
            "a line holds no `\\n`"
        );
        LineSnippet {
            name,
            bytes,
            offset,
            line,
            plain: bytes.is_ascii(),
            made: std::cell::OnceCell::new(),
        }
    }

    /// The line as a [`Snippet`], made the first time it is asked for.
    pub fn snippet(&self) -> &Snippet {
        self.made
            .get_or_init(|| Snippet::new(self.name, self.bytes, self.offset, self.line))
    }
}

/// Where a finding is shown: a [`Snippet`], or a [`LineSnippet`] not yet made into one.
#[derive(Clone, Copy)]
pub enum Place<'a> {
    Snippet(&'a Snippet),
    Line(&'a LineSnippet<'a>),
}

impl<'a> Place<'a> {
    /// The snippet (made now if it was not).
    pub fn snippet(&self) -> &'a Snippet {
        match *self {
            Place::Snippet(snippet) => snippet,
            Place::Line(line) => line.snippet(),
        }
    }

    /// As [`Snippet::position`].
    pub fn position(&self, offset: usize) -> Position {
        self.position_in(offset, ColumnUnit::Char)
    }

    /// As [`Snippet::position_in`]; a line of ASCII is placed without being made a snippet.
    pub fn position_in(&self, offset: usize, unit: ColumnUnit) -> Position {
        match *self {
            Place::Line(line) if line.plain => ascii_position(line.line, line.offset, offset),
            _ => self.snippet().position_in(offset, unit),
        }
    }
}

/// The position of byte `offset` of a file on its line `line` (0-based), which is ASCII and
/// starts at byte `line_offset`: the column is the offset in the line, one a byte, also past the
/// end of what was kept of a line cut for its length (see [`Snippet::position_in`]).
pub fn ascii_position(line: usize, line_offset: usize, offset: usize) -> Position {
    Position {
        line: line.saturating_add(1),
        column: offset.saturating_sub(line_offset).saturating_add(1),
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// What the human report shows of a snippet: all of it when it is short, a window around the
/// primary label when it is long (the cut ends marked `…`), with control characters shown as
/// visible symbols (`␛` for ESC) so that nothing in a file can drive the terminal (see
/// [`ShownText::around`]).
///
/// Labels are moved from file offsets to offsets in the shown text; the report's header gives
/// the line and the character column in the file.
pub struct Excerpt {
    name: String,
    /// The snippet's text as the report shows it.
    shown: ShownText,
    /// The snippet the excerpt shows.
    snippet: Snippet,
    /// The 0-based line of the file the shown text starts on.
    first_line: usize,
}

impl Excerpt {
    /// The excerpt of `snippet` for `diagnostic`.
    pub fn new(snippet: &Snippet, diagnostic: &Diagnostic) -> Excerpt {
        let source = snippet.text.as_ref();
        let primary = diagnostic.span();
        let label = snippet.text_offset(primary.start)..snippet.text_offset(primary.end);
        let shown = ShownText::around(source.as_bytes(), label);
        let before = source.get(..shown.start()).unwrap_or_default();
        Excerpt {
            name: shown_name(&snippet.name).into_owned(),
            first_line: snippet.line.saturating_add(before.matches('\n').count()),
            shown,
            snippet: snippet.clone(),
        }
    }

    /// The offset in the shown text of byte `offset` of the file, clamped to what is shown; an
    /// offset inside a character (of a line that was not UTF-8, where one bad byte became
    /// U+FFFD) moves to the character's start, or with `up` to its end.
    pub fn shown_offset(&self, offset: usize, up: bool) -> usize {
        self.shown
            .shown_offset(self.snippet.text_offset(offset), up)
    }
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        // The gutter shows the file's line numbers; the header the character column in the file.
        self.shown.span_contents(
            span,
            context_lines_before,
            context_lines_after,
            self.name.clone(),
            self.first_line,
            |offset| {
                self.snippet
                    .position(self.snippet.file_offset(offset))
                    .column
            },
        )
    }
}

/// A file name (or a message that holds one) as the command prints it, wherever it does: with
/// every control character shown visibly (see [`visible`]), so that no name can drive the
/// terminal or forge a line; borrowed when nothing in it needs showing otherwise.
pub fn shown_name(name: &str) -> std::borrow::Cow<'_, str> {
    if name
        .chars()
        .any(|c| matches!(c, '\t' | '\n' | '\r') || picture(c).is_some())
    {
        std::borrow::Cow::Owned(visible(name))
    } else {
        std::borrow::Cow::Borrowed(name)
    }
}

/// `text` with every control character shown visibly (for file names).
pub fn visible(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        match (c, picture(c)) {
            ('\t' | '\n' | '\r', _) => shown.push_str(&c.escape_default().to_string()),
            (_, Some(symbol)) => shown.push_str(&symbol),
            (_, None) => shown.push(c),
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snippet(text: &str) -> Snippet {
        Snippet::new(&"t.fen".into(), text.as_bytes(), 100, 4)
    }

    #[test]
    fn a_line_is_placed_as_its_snippet_places_it_and_made_a_snippet_only_when_asked() {
        let name: Arc<str> = "t.fen".into();
        let lines: [&[u8]; 5] = [
            b"8/8/8/8/8/8/8/8 w - - 0 1",
            b"",
            b"8/8 \xc3\xa9 w",
            b"8/8 \xfc w \xe2\x82",
            b"8/8 w\r",
        ];
        for bytes in lines {
            let line = LineSnippet::new(&name, bytes, 100, 4);
            let made = Snippet::new(&name, bytes, 100, 4);
            for offset in 90..=100 + bytes.len() + 2 {
                for unit in [ColumnUnit::Char, ColumnUnit::Utf8, ColumnUnit::Utf16] {
                    assert_eq!(
                        Place::Line(&line).position_in(offset, unit),
                        made.position_in(offset, unit),
                        "{bytes:?} {offset}"
                    );
                }
            }
            // An ASCII line is placed without its text being copied.
            assert_eq!(
                line.made.get().is_some(),
                !bytes.is_ascii() || bytes.contains(&b'\n')
            );
            assert_eq!(Place::Line(&line).snippet().text, made.text);
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_are_one_column_each_and_offsets_after_them_hold() {
        // `\xfc` (one byte) is shown as U+FFFD (three bytes); `x` after it is byte 7 of the
        // file's line and column 8.
        let bytes = b"[W \"M\xfcx\"] y";
        let snippet = Snippet::new(&"t.pgn".into(), bytes, 100, 0);
        assert_eq!(&*snippet.text, "[W \"M\u{fffd}x\"] y");
        let column = |offset: usize| snippet.position(100 + offset).column;
        assert_eq!((column(5), column(6), column(7)), (6, 7, 8));
        assert_eq!(column(11), 12); // `y`
        assert_eq!(snippet.file_offset(snippet.text_offset(111)), 111);
        // A three-byte sequence cut short is one U+FFFD, one column.
        let snippet = Snippet::new(&"t.fen".into(), b"a\xe2\x82b", 0, 0);
        assert_eq!(&*snippet.text, "a\u{fffd}b");
        assert_eq!(snippet.position(2).column, 2);
        assert_eq!(snippet.position(3).column, 3);
    }

    #[test]
    fn positions_agree_with_the_line_index() {
        for text in [
            "8/8 é x",
            "[A \"é\"]\r\n[FEN \"x\"]\r\n",
            "a\r\nb",
            "😀\nab\r\n",
            "8/8 w x",
            "",
        ] {
            let snippet = snippet(text);
            let index = LineIndex::new(text);
            for local in (0..=text.len()).filter(|&at| text.is_char_boundary(at)) {
                let at = index.line_column(text, local, ColumnUnit::Char).unwrap();
                assert_eq!(
                    snippet.position(100 + local),
                    Position {
                        line: 5 + at.line,
                        column: at.column + 1
                    },
                    "{text:?} at {local}"
                );
            }
        }
    }

    #[test]
    fn a_plain_line_has_the_positions_the_general_path_finds() {
        for text in [
            "8/8 w x",
            "a\rb\r",
            "",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        ] {
            let plain = snippet(text);
            assert!(plain.plain, "{text:?}");
            let general = Snippet {
                plain: false,
                ..plain.clone()
            };
            for offset in 0..text.len() + 120 {
                for unit in [ColumnUnit::Char, ColumnUnit::Utf16, ColumnUnit::Utf8] {
                    assert_eq!(
                        plain.position_in(offset, unit),
                        general.position_in(offset, unit),
                        "{text:?} at {offset}"
                    );
                }
            }
        }
        assert!(!snippet("a\nb").plain);
        assert!(!snippet("é").plain);
    }

    #[test]
    fn control_characters_are_shown_as_symbols_and_labels_follow() {
        let text = "\u{1b}]0;PWNED\u{7}\u{1b}[2J 8/8 x";
        let diagnostic = fenlint::parse(text).diagnostics()[0].clone();
        let shifted = snippet(text);
        let excerpt = Excerpt::new(&shifted, &diagnostic);
        assert!(
            !excerpt.shown.as_str().chars().any(|c| c.is_control()),
            "{:?}",
            excerpt.shown.as_str()
        );
        assert!(excerpt.shown.as_str().starts_with("␛]0;PWNED␇␛[2J"));
        // A label at file offset 100 + k lands on the same character in the shown text.
        let x = text.find('x').unwrap();
        assert_eq!(
            excerpt.shown_offset(100 + x, false),
            excerpt.shown.as_str().find('x').unwrap()
        );
        assert_eq!(
            excerpt.snippet.file_offset(
                excerpt
                    .shown
                    .offset_of(excerpt.shown.as_str().find('x').unwrap())
            ),
            100 + x
        );
    }

    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_primary_label() {
        let text = format!("{} x {}", "8".repeat(10_000), "8".repeat(10_000));
        let at = text.find('x').unwrap();
        let diagnostic = fenlint::parse(&text)
            .diagnostics()
            .iter()
            .find(|d| d.span().start <= at + 100)
            .cloned()
            .unwrap_or_else(|| fenlint::parse(&text).diagnostics()[0].clone());
        let excerpt = Excerpt::new(&snippet(&text), &diagnostic);
        assert!(
            excerpt.shown.as_str().len() < 400,
            "{}",
            excerpt.shown.as_str().len()
        );
    }
}
