//! An open document: its text, version and kind, its lines as the protocol counts them,
//! positions in the negotiated encoding, and the last lint the worker sent for it.

use std::sync::Arc;

use fenlint::files::FileKind;
use fenlint::{ColumnUnit, LineIndex, Span};
use lsp_types::{Position, Range, TextDocumentContentChangeEvent, Uri};

/// What the worker found in one text of a document.
#[derive(Debug)]
pub struct Linted {
    /// The text linted: the very allocation, so that a lint is matched to its text and never to
    /// another text the client gave the same version number (a document closed and opened
    /// again, a client that reuses or lowers versions).
    pub text: Arc<str>,
    /// The diagnostics published (at most [`super::features::MAX_PUBLISHED`]), with spans into
    /// that text; quick fixes and hover are offered for these.
    pub diagnostics: Vec<fenlint::Diagnostic>,
}

/// An open document.
#[derive(Debug)]
pub struct Document {
    pub uri: Uri,
    /// The text; shared with the worker while it lints.
    pub text: Arc<str>,
    pub version: i32,
    pub kind: FileKind,
    /// Where the lines of `text` start, built when the text changes.
    pub lines: Lines,
    /// The last lint of this document the worker sent, if it was of the current text.
    pub linted: Option<Linted>,
    /// Whether a change did not fit the text: the editor's text is then no longer known, so
    /// nothing is linted or answered until a change gives the whole text again.
    pub lost: bool,
}

impl Document {
    /// The document `uri` as opened, read as the kind its language id names, else the kind
    /// the settings' `[extensions]` give it (`named`), else the kind of its extension.
    pub fn new(
        uri: Uri,
        (language_id, named): (&str, Option<FileKind>),
        version: i32,
        text: String,
    ) -> Document {
        let kind = kind_of(&uri, language_id, named);
        let lines = Lines::new(&text);
        Document {
            uri,
            text: Arc::from(text),
            version,
            kind,
            lines,
            linted: None,
            lost: false,
        }
    }

    /// The lint of the current text, if the worker has sent it.
    pub fn current_lint(&self) -> Option<&Linted> {
        self.linted
            .as_ref()
            .filter(|linted| Arc::ptr_eq(&linted.text, &self.text))
    }

    /// Applies the changes of one `didChange`, in order, all or none: a range that does not
    /// fit the text is an error that leaves the document as it was and marks it lost. A lost
    /// document takes only changes that give its whole text again (those from the last such
    /// change on are applied); `Ok(false)` when it stays lost.
    pub fn apply(
        &mut self,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        unit: ColumnUnit,
    ) -> Result<bool, String> {
        let mut changes = changes;
        if self.lost {
            let Some(whole) = changes.iter().rposition(|change| change.range.is_none()) else {
                return Ok(false);
            };
            changes.drain(..whole);
        }
        let mut text = String::from(&*self.text);
        let mut lines = None::<Lines>;
        for change in changes {
            let Some(range) = change.range else {
                text = change.text;
                lines = None;
                continue;
            };
            let index = lines.get_or_insert_with(|| Lines::new(&text));
            let (Some(start), Some(end)) = (
                index.offset(&text, range.start, unit),
                index.offset(&text, range.end, unit),
            ) else {
                self.lost = true;
                return Err(format!(
                    "change at {}:{}-{}:{} is outside the document",
                    range.start.line, range.start.character, range.end.line, range.end.character
                ));
            };
            if start > end {
                self.lost = true;
                return Err("change range ends before it starts".to_owned());
            }
            text.replace_range(start..end, &change.text);
            lines = None;
        }
        self.lines = lines.unwrap_or_else(|| Lines::new(&text));
        self.text = Arc::from(text);
        self.version = version;
        self.linted = None;
        self.lost = false;
        Ok(true)
    }

    /// The LSP range of `span`.
    pub fn range(&self, span: Span, unit: ColumnUnit) -> Range {
        Range {
            start: self.lines.position(&self.text, span.start, unit),
            end: self
                .lines
                .position(&self.text, span.end.max(span.start), unit),
        }
    }

    /// The byte offset of an LSP position, if its line is in the document.
    pub fn offset(&self, position: Position, unit: ColumnUnit) -> Option<usize> {
        self.lines.offset(&self.text, position, unit)
    }
}

/// The kind of a document: from the language id the client gives, or else the kind `named` by
/// the settings, or else from the path's extension.
fn kind_of(uri: &Uri, language_id: &str, named: Option<FileKind>) -> FileKind {
    match language_id {
        "fen" => FileKind::Lines,
        "epd" => FileKind::Epd,
        "pgn" => FileKind::Pgn,
        _ => named.unwrap_or_else(|| FileKind::of(std::path::Path::new(uri.path().as_str()))),
    }
}

/// The lines of a text as the protocol counts them: a line ends at `\r\n`, `\n` or a lone
/// `\r`, so a position names the same place for the server as for the editor whatever the
/// document's line endings. The index does not keep the text: pass the same text to each
/// query (another text gives meaningless, but never panicking, answers).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lines {
    /// The library's index, which ends lines where the protocol does.
    index: LineIndex,
}

impl Lines {
    pub fn new(text: &str) -> Lines {
        Lines {
            index: LineIndex::new(text),
        }
    }

    /// The number of lines: one more than the number of line endings.
    pub fn line_count(&self) -> usize {
        self.index.line_count()
    }

    /// The 0-based line that holds byte `offset` (the last line for an offset past the end).
    pub fn line_of(&self, offset: usize) -> usize {
        self.index.line_of(offset)
    }

    /// The byte range of line `line` of `text` with its line ending, or `None` when there is
    /// no such line.
    pub fn line_with_ending(&self, text: &str, line: usize) -> Option<std::ops::Range<usize>> {
        self.index.line_with_ending(text, line)
    }

    /// The byte range of line `line` of `text` without its line ending, or `None` when there
    /// is no such line.
    pub fn line_range(&self, text: &str, line: usize) -> Option<std::ops::Range<usize>> {
        self.index.line_range(text, line)
    }

    /// The position of byte `offset` of `text`, columns counted in `unit`. An offset inside a
    /// line ending is the end of its line, one inside a character that character's start, one
    /// past the end of the text the end.
    pub fn position(&self, text: &str, offset: usize, unit: ColumnUnit) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset = offset.saturating_sub(1);
        }
        let line = self.line_of(offset);
        let column = self
            .line_range(text, line)
            .and_then(|range| text.get(range.start..offset.clamp(range.start, range.end)))
            .map_or(0, |before| {
                if unit == ColumnUnit::Utf8 || self.index.is_ascii(line) {
                    before.len()
                } else if unit == ColumnUnit::Utf16 {
                    before.chars().map(char::len_utf16).sum()
                } else {
                    before.chars().count()
                }
            });
        Position {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            character: u32::try_from(column).unwrap_or(u32::MAX),
        }
    }

    /// The byte offset of `position` in `text`, or `None` when its line is past the last. As
    /// the protocol asks, a column past the end of its line is the end of the line; a column
    /// inside a character (between the two halves of a UTF-16 surrogate pair, or inside a
    /// UTF-8 sequence) is that character's start. The start of the line after the last is the
    /// end of the text, as some clients write the end of a whole-document range.
    pub fn offset(&self, text: &str, position: Position, unit: ColumnUnit) -> Option<usize> {
        let line = usize::try_from(position.line).ok()?;
        let column = usize::try_from(position.character).unwrap_or(usize::MAX);
        if line == self.line_count() && column == 0 {
            return Some(text.len());
        }
        let range = self.line_range(text, line)?;
        let content = text.get(range.clone())?;
        if unit == ColumnUnit::Utf8 || self.index.is_ascii(line) {
            let mut column = column.min(content.len());
            while !content.is_char_boundary(column) {
                column = column.saturating_sub(1);
            }
            return Some(range.start.saturating_add(column));
        }
        let mut counted = 0usize;
        for (at, c) in content.char_indices() {
            counted = counted.saturating_add(match unit {
                ColumnUnit::Utf16 => c.len_utf16(),
                _ => 1,
            });
            if counted > column {
                return Some(range.start.saturating_add(at));
            }
        }
        Some(range.end)
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::*;

    fn at(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn lines_end_at_crlf_lf_and_a_lone_cr() {
        let text = "a\r\nb\nc\rd\r\r\n";
        let lines = Lines::new(text);
        assert_eq!(lines.line_count(), 6);
        let contents: Vec<&str> = (0..lines.line_count())
            .map(|line| &text[lines.line_range(text, line).unwrap()])
            .collect();
        assert_eq!(contents, ["a", "b", "c", "d", "", ""]);
        let with_endings: Vec<&str> = (0..lines.line_count())
            .map(|line| &text[lines.line_with_ending(text, line).unwrap()])
            .collect();
        assert_eq!(with_endings, ["a\r\n", "b\n", "c\r", "d\r", "\r\n", ""]);
        // Inside `\r\n` is the end of the line; past the text, its end.
        assert_eq!(lines.position(text, 2, ColumnUnit::Utf16), at(0, 1));
        assert_eq!(lines.position(text, 99, ColumnUnit::Utf16), at(5, 0));
        assert_eq!(lines.offset(text, at(3, 0), ColumnUnit::Utf16), Some(7));
        assert_eq!(
            lines.offset(text, at(6, 0), ColumnUnit::Utf16),
            Some(text.len())
        );
        assert_eq!(lines.offset(text, at(6, 1), ColumnUnit::Utf16), None);
        assert_eq!(lines.offset(text, at(7, 0), ColumnUnit::Utf16), None);
    }

    #[test]
    fn positions_inside_a_character_are_clamped_to_its_start() {
        let text = "x😀y\r\né";
        let lines = Lines::new(text);
        // UTF-16: the emoji is columns 1 and 2; column 2 is between its surrogates.
        assert_eq!(lines.offset(text, at(0, 1), ColumnUnit::Utf16), Some(1));
        assert_eq!(lines.offset(text, at(0, 2), ColumnUnit::Utf16), Some(1));
        assert_eq!(lines.offset(text, at(0, 3), ColumnUnit::Utf16), Some(5));
        assert_eq!(lines.offset(text, at(0, 9), ColumnUnit::Utf16), Some(6));
        // UTF-8: inside the bytes of `é`.
        assert_eq!(lines.offset(text, at(1, 1), ColumnUnit::Utf8), Some(8));
        assert_eq!(lines.offset(text, at(1, 2), ColumnUnit::Utf8), Some(10));
        assert_eq!(lines.position(text, 3, ColumnUnit::Utf16), at(0, 1));
        assert_eq!(lines.position(text, 5, ColumnUnit::Utf16), at(0, 3));
        assert_eq!(lines.position(text, 5, ColumnUnit::Char), at(0, 2));
    }
}
