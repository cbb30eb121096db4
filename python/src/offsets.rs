//! Byte offsets into a text as character offsets into the Python `str` of the same text, and
//! as 1-based lines and columns.

use std::ops::Range;

/// The character offsets of a text's bytes: Python indexes a `str` by code point, the library
/// by byte. Bytes that are not UTF-8 count as Python's `errors="replace"` decoding counts them:
/// one character for each maximal invalid sequence (both follow Unicode's "maximal subpart"
/// practice).
pub struct Offsets {
    /// After each character longer than one byte (or invalid sequence longer than one byte):
    /// the byte offset where it ends and the bytes more than characters up to there. Empty for
    /// ASCII text, where the offsets agree.
    extra: Vec<(usize, usize)>,
    /// The byte offset where each line starts, as the library ends lines (`\n`, `\r\n`, `\r`).
    line_starts: Vec<usize>,
}

impl Offsets {
    /// The offsets of `bytes`.
    pub fn new(bytes: &[u8]) -> Offsets {
        let mut extra = Vec::new();
        if !bytes.is_ascii() {
            let (mut at, mut more) = (0usize, 0usize);
            for chunk in bytes.utf8_chunks() {
                let valid = chunk.valid();
                for (index, character) in valid.char_indices() {
                    let len = character.len_utf8();
                    if len > 1 {
                        more += len - 1;
                        extra.push((at + index + len, more));
                    }
                }
                at += valid.len();
                let invalid = chunk.invalid();
                at += invalid.len();
                if invalid.len() > 1 {
                    more += invalid.len() - 1;
                    extra.push((at, more));
                }
            }
        }
        Offsets {
            extra,
            line_starts: fenlint::files::line_starts(bytes),
        }
    }

    /// The character offset of byte offset `byte`.
    pub fn char_of(&self, byte: usize) -> usize {
        let after = self.extra.partition_point(|&(end, _)| end <= byte);
        let more = after
            .checked_sub(1)
            .and_then(|index| self.extra.get(index))
            .map_or(0, |&(_, more)| more);
        byte.saturating_sub(more)
    }

    /// The 1-based line and column (in characters) of byte offset `byte`, as the command's JSON
    /// reports them.
    pub fn line_column(&self, byte: usize) -> (usize, usize) {
        let line = self
            .line_starts
            .partition_point(|&start| start <= byte)
            .max(1);
        let start = self.line_starts.get(line - 1).copied().unwrap_or(0);
        let column = self.char_of(byte).saturating_sub(self.char_of(start)) + 1;
        (line, column)
    }

    /// The 0-based number of the line byte offset `start` is on, and the bytes of the lines from
    /// that one to the one `end` is on, without the last one's line ending (to `end` at least).
    pub fn lines_of(&self, bytes: &[u8], start: usize, end: usize) -> (usize, Range<usize>) {
        let line_of = |offset: usize| {
            self.line_starts
                .partition_point(|&line_start| line_start <= offset)
                .saturating_sub(1)
        };
        let first = line_of(start);
        let last = line_of(end.saturating_sub(1).max(start));
        let from = self.line_starts.get(first).copied().unwrap_or(0);
        let mut to = self
            .line_starts
            .get(last + 1)
            .copied()
            .unwrap_or(bytes.len());
        while to > from && matches!(bytes.get(to - 1), Some(b'\n' | b'\r')) {
            to -= 1;
        }
        (first, from..to.max(end).min(bytes.len()))
    }

    /// As the command shows a finding of a file it reads whole: the 0-based number of the line
    /// before the one `start` is on, and the bytes from there to the end of the line after the
    /// one `end` is on (without its line ending).
    pub fn covering(&self, bytes: &[u8], start: usize, end: usize) -> (usize, Range<usize>) {
        let line_of = |offset: usize| {
            self.line_starts
                .partition_point(|&line_start| line_start <= offset)
                .saturating_sub(1)
        };
        let first = line_of(start).saturating_sub(1);
        let last = line_of(end).saturating_add(1);
        let from = self
            .line_starts
            .get(first)
            .copied()
            .unwrap_or(0)
            .min(bytes.len());
        let mut to = self
            .line_starts
            .get(last.saturating_add(1))
            .map_or(bytes.len(), |&next| next.saturating_sub(1))
            .clamp(from, bytes.len());
        if to > from && bytes.get(to - 1) == Some(&b'\r') {
            to -= 1;
        }
        (first, from..to)
    }
}
