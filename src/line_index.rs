//! Lines and columns: byte offsets turned into the positions people and editors read.
//!
//! Every span in fenlint is a byte offset. A front end shows positions as lines and columns,
//! and the column unit depends on who reads it: a terminal user counts characters, an editor
//! speaking the Language Server Protocol counts UTF-16 code units (or UTF-8 bytes, if it says
//! so). [`LineIndex`] does every one of these conversions from one table of line starts, built
//! once per text, so that converting each diagnostic costs a binary search and a walk along one
//! line, never a rescan of the text before it.

use std::fmt;

/// What a column counts.
///
/// ```
/// use fenlint::{ColumnUnit, LineIndex};
///
/// let text = "é♞x";
/// let index = LineIndex::new(text);
/// let x = text.find('x').unwrap();
/// assert_eq!(index.line_column(text, x, ColumnUnit::Utf8).unwrap().column, 5);
/// assert_eq!(index.line_column(text, x, ColumnUnit::Utf16).unwrap().column, 2);
/// assert_eq!(index.line_column(text, x, ColumnUnit::Char).unwrap().column, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ColumnUnit {
    /// Bytes of UTF-8 (the LSP encoding `utf-8`).
    Utf8,
    /// UTF-16 code units (the LSP default, `utf-16`): two for a character outside the Basic
    /// Multilingual Plane, such as an emoji.
    Utf16,
    /// Unicode scalar values (characters; the LSP encoding `utf-32`), as a terminal user counts.
    Char,
}

/// A 0-based line and column; what the column counts is given by a [`ColumnUnit`].
///
/// Its `Display` is the 1-based `line:column` people read.
///
/// ```
/// let position = fenlint::LineColumn { line: 0, column: 4 };
/// assert_eq!(position.to_string(), "1:5");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineColumn {
    /// The 0-based line.
    pub line: usize,
    /// The 0-based column, in the unit asked for.
    pub column: usize,
}

impl fmt::Display for LineColumn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}",
            self.line.saturating_add(1),
            self.column.saturating_add(1)
        )
    }
}

/// The start of every line of a text, for turning byte offsets into lines and columns and back.
///
/// Lines end after `\n`, or after a `\r` that no `\n` follows (the line ending of classic Mac
/// OS, as the Language Server Protocol counts it too); a `\r` before `\n` belongs to the
/// line's ending, not to its columns, so CRLF text gives the same positions as LF text. The index does not keep the text: pass the
/// same text to each query (a different text gives meaningless, but never panicking, answers).
///
/// ```
/// use fenlint::{ColumnUnit, LineColumn, LineIndex};
///
/// let text = "8/8/8/8/8/8/8/8 w - - 0 1\r\n4k3/8/8/8/8/8/8/4K3 x - - 0 1\n";
/// let index = LineIndex::new(text);
/// let x = text.find('x').unwrap();
/// let position = index.line_column(text, x, ColumnUnit::Char).unwrap();
/// assert_eq!(position, LineColumn { line: 1, column: 20 });
/// assert_eq!(index.offset(text, position, ColumnUnit::Char), Some(x));
/// assert_eq!(index.line_count(), 3);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineIndex {
    /// The byte offset where each line starts; the first is 0.
    starts: Vec<usize>,
    /// For each line, whether it is all ASCII (so every column unit is a byte).
    ascii: Vec<bool>,
}

impl LineIndex {
    /// Indexes `text` in one pass.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        let mut ascii = Vec::new();
        let mut start = 0usize;
        let bytes = text.as_bytes();
        while let Some(rest) = bytes.get(start..).filter(|rest| !rest.is_empty()) {
            let len = crate::files::line_len(rest);
            let line = rest.get(..len).unwrap_or(rest);
            ascii.push(line.is_ascii());
            start = start.saturating_add(len);
            if line.ends_with(b"\n") || line.ends_with(b"\r") {
                starts.push(start);
            }
        }
        // The last line (empty when the text ends with a newline) is ASCII when it is empty.
        ascii.resize(starts.len(), true);
        LineIndex { starts, ascii }
    }

    /// The number of lines: one more than the number of line endings.
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line that holds byte `offset` (the last line for an offset past the end).
    ///
    /// ```
    /// let index = fenlint::LineIndex::new("a\nb\n");
    /// assert_eq!(index.line_of(0), 0);
    /// assert_eq!(index.line_of(2), 1);
    /// assert_eq!(index.line_of(4), 2);
    /// ```
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1)
    }

    /// The byte range of line `line` of `text`, without its line ending (`\n` or `\r\n`), or
    /// `None` when there is no such line.
    ///
    /// ```
    /// let text = "a\r\nbc\n";
    /// let index = fenlint::LineIndex::new(text);
    /// assert_eq!(index.line_range(text, 1), Some(3..5));
    /// assert_eq!(&text[index.line_range(text, 0).unwrap()], "a");
    /// assert_eq!(index.line_range(text, 3), None);
    /// ```
    pub fn line_range(&self, text: &str, line: usize) -> Option<std::ops::Range<usize>> {
        let start = *self.starts.get(line)?;
        let end = self
            .starts
            .get(line.saturating_add(1))
            .map_or(text.len(), |&next| next.saturating_sub(1));
        let content = text.get(start..end.max(start))?;
        let content = content.strip_suffix('\r').unwrap_or(content);
        Some(start..start.saturating_add(content.len()))
    }

    /// The byte range of line `line` of `text` with its line ending, or `None` when there is
    /// no such line.
    ///
    /// ```
    /// let text = "a\r\nb\rc";
    /// let index = fenlint::LineIndex::new(text);
    /// assert_eq!(index.line_with_ending(text, 0), Some(0..3));
    /// assert_eq!(index.line_with_ending(text, 1), Some(3..5));
    /// assert_eq!(index.line_with_ending(text, 2), Some(5..6));
    /// assert_eq!(index.line_with_ending(text, 3), None);
    /// ```
    pub fn line_with_ending(&self, text: &str, line: usize) -> Option<std::ops::Range<usize>> {
        let start = *self.starts.get(line)?;
        let end = self
            .starts
            .get(line.saturating_add(1))
            .map_or(text.len(), |&next| next.min(text.len()));
        Some(start.min(end)..end)
    }

    /// Whether line `line` is all ASCII, so that a column is a byte in every unit (`false`
    /// for a line past the last).
    ///
    /// ```
    /// let index = fenlint::LineIndex::new("abc\nd\u{e9}\n");
    /// assert!(index.is_ascii(0));
    /// assert!(!index.is_ascii(1));
    /// assert!(index.is_ascii(2));
    /// ```
    pub fn is_ascii(&self, line: usize) -> bool {
        self.ascii.get(line) == Some(&true)
    }

    /// The line and column of byte `offset` of `text`, with columns in `unit`.
    ///
    /// An offset inside a line ending counts as the end of the line's content; an offset past
    /// the end of `text`, or inside a character, gives `None`.
    pub fn line_column(&self, text: &str, offset: usize, unit: ColumnUnit) -> Option<LineColumn> {
        if offset > text.len() || !text.is_char_boundary(offset) {
            return None;
        }
        let line = self.line_of(offset);
        let range = self.line_range(text, line)?;
        let end = offset.min(range.end);
        let before = text.get(range.start..end)?;
        let ascii = self.ascii.get(line).copied().unwrap_or(false);
        let column = if ascii || unit == ColumnUnit::Utf8 {
            before.len()
        } else if unit == ColumnUnit::Utf16 {
            before.chars().map(char::len_utf16).sum()
        } else {
            before.chars().count()
        };
        Some(LineColumn { line, column })
    }

    /// The byte offset of `position` in `text`, columns counted in `unit`.
    ///
    /// A column past the end of its line gives the end of the line's content (as the Language
    /// Server Protocol asks); a column inside a character, or a line past the last, gives `None`.
    ///
    /// ```
    /// use fenlint::{ColumnUnit, LineColumn, LineIndex};
    /// let text = "😀x\nab";
    /// let index = LineIndex::new(text);
    /// let at = |line, column| LineColumn { line, column };
    /// assert_eq!(index.offset(text, at(0, 2), ColumnUnit::Utf16), Some(4));
    /// assert_eq!(index.offset(text, at(0, 1), ColumnUnit::Utf16), None);
    /// assert_eq!(index.offset(text, at(1, 9), ColumnUnit::Char), Some(8));
    /// ```
    pub fn offset(&self, text: &str, position: LineColumn, unit: ColumnUnit) -> Option<usize> {
        let range = self.line_range(text, position.line)?;
        let content = text.get(range.clone())?;
        let ascii = self.ascii.get(position.line).copied().unwrap_or(false);
        if ascii || unit == ColumnUnit::Utf8 {
            let column = position.column.min(content.len());
            return content
                .is_char_boundary(column)
                .then(|| range.start.saturating_add(column));
        }
        let mut counted = 0usize;
        for (at, c) in content.char_indices() {
            if counted == position.column {
                return Some(range.start.saturating_add(at));
            }
            if counted > position.column {
                return None;
            }
            counted = counted.saturating_add(match unit {
                ColumnUnit::Utf16 => c.len_utf16(),
                _ => 1,
            });
        }
        (position.column >= counted).then_some(range.end)
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::*;

    fn all(text: &str, unit: ColumnUnit) -> Vec<Option<LineColumn>> {
        let index = LineIndex::new(text);
        (0..=text.len().saturating_add(1))
            .map(|offset| index.line_column(text, offset, unit))
            .collect()
    }

    /// The slow, obviously right answer: count from the start.
    fn naive(text: &str, offset: usize, unit: ColumnUnit) -> Option<LineColumn> {
        if offset > text.len() || !text.is_char_boundary(offset) {
            return None;
        }
        // Lone `\r`s are line endings as `\n`s are.
        let unified = text.replace("\r\n", "\n\u{0}").replace('\r', "\n");
        let unified = unified.replace("\n\u{0}", "\r\n");
        let before = &unified[..offset];
        let line = before.matches('\n').count();
        let start = before.rfind('\n').map_or(0, |at| at + 1);
        let mut content = &unified[start..];
        if let Some(end) = content.find('\n') {
            content = &content[..end];
        }
        let content = content.strip_suffix('\r').unwrap_or(content);
        let upto = &content[..(offset - start).min(content.len())];
        let column = match unit {
            ColumnUnit::Utf8 => upto.len(),
            ColumnUnit::Utf16 => upto.encode_utf16().count(),
            ColumnUnit::Char => upto.chars().count(),
        };
        Some(LineColumn { line, column })
    }

    #[test]
    fn agrees_with_counting_from_the_start() {
        let texts = [
            "",
            "\n",
            "\r\n",
            "abc",
            "8/8 w\r\nx😀y\n\né♞ z\r\n\r",
            "😀\n😀😀\r\nab",
            "# a\r4k3 w\r\r\né\rx\r",
        ];
        for text in texts {
            for unit in [ColumnUnit::Utf8, ColumnUnit::Utf16, ColumnUnit::Char] {
                let expected: Vec<_> = (0..=text.len() + 1)
                    .map(|offset| naive(text, offset, unit))
                    .collect();
                assert_eq!(all(text, unit), expected, "{text:?} {unit:?}");
            }
        }
    }

    #[test]
    fn offsets_round_trip_in_every_unit() {
        let text = "a😀b\r\n♞\nxyz";
        let index = LineIndex::new(text);
        for unit in [ColumnUnit::Utf8, ColumnUnit::Utf16, ColumnUnit::Char] {
            for (offset, _) in text.char_indices() {
                let Some(position) = index.line_column(text, offset, unit) else {
                    panic!("no position for {offset}");
                };
                let back = index.offset(text, position, unit);
                // Offsets inside `\r\n` map to the end of the line's content.
                let content_end = index
                    .line_range(text, position.line)
                    .map_or(offset, |range| offset.min(range.end));
                assert_eq!(back, Some(content_end), "{offset} {unit:?}");
            }
        }
    }

    #[test]
    fn utf16_columns_after_an_emoji() {
        let text = "😀 8/8";
        let index = LineIndex::new(text);
        let eight = text.find('8').unwrap();
        let position = index.line_column(text, eight, ColumnUnit::Utf16).unwrap();
        assert_eq!(position, LineColumn { line: 0, column: 3 });
        assert_eq!(index.offset(text, position, ColumnUnit::Utf16), Some(eight));
    }

    #[test]
    fn offsets_inside_characters_or_past_the_end_have_no_position() {
        let text = "é";
        let index = LineIndex::new(text);
        assert_eq!(index.line_column(text, 1, ColumnUnit::Char), None);
        assert_eq!(index.line_column(text, 3, ColumnUnit::Char), None);
        assert_eq!(
            index.offset(text, LineColumn { line: 5, column: 0 }, ColumnUnit::Char),
            None
        );
    }
}
