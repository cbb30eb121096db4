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

/// A writer of [`json_line`]s for the many diagnostics of a run, written one after the other:
/// it escapes each file's path once, not once a line, and keeps the parts of a line that
/// depend only on the code and severity, or on a fixed help text, ready to copy. Each line is
/// the same as `json_line` writes.
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
/// // Appended to a buffer, which a caller writes out when it likes.
/// let mut buffer = Vec::new();
/// lines.push(&mut buffer, &located);
/// lines.push(&mut buffer, &located);
/// assert_eq!(buffer, [one.as_slice(), one.as_slice()].concat());
/// ```
#[derive(Debug, Default)]
pub struct JsonLines {
    /// The path of the last line written.
    path: String,
    /// The start of its line up to the path's closing quote: `{"path":"` and the path escaped.
    head: Vec<u8>,
    /// For each code and severity, once needed: `","severity":"…","code":"…","message":"`.
    middles: Vec<Vec<u8>>,
    /// Fixed help texts (by address and length, in slots by a hash of the address) with their
    /// part of a line: `","help":"` and the help escaped, then `","fix":`.
    helps: Vec<((usize, usize), Vec<u8>)>,
    /// A line for [`JsonLines::write`].
    line: Vec<u8>,
    /// Where each line's numbers are written, to be copied at once (see [`Numbers`]).
    numbers: NumberRoom,
}

impl JsonLines {
    /// Writes the JSON line of `located` to `out`, as [`json_line`] does.
    pub fn write(&mut self, out: &mut impl Write, located: &Located<'_>) -> io::Result<()> {
        let mut line = std::mem::take(&mut self.line);
        line.clear();
        self.push(&mut line, located);
        let written = out.write_all(&line);
        self.line = line;
        written
    }

    /// Appends the JSON line of `located` to `buffer`: the same bytes as [`JsonLines::write`]
    /// writes, with no write error to report.
    pub fn push(&mut self, buffer: &mut Vec<u8>, located: &Located<'_>) {
        if self.head.is_empty() || self.path != located.path {
            self.path.clear();
            self.path.push_str(located.path);
            self.head.clear();
            self.head.extend_from_slice(b"{\"path\":\"");
            push_escaped(&mut self.head, located.path);
            self.numbers.set_head(&self.head);
        }
        let diagnostic = located.diagnostic;
        let span = diagnostic.span();
        let mut numbers = Numbers::new(&mut self.numbers);
        let line = numbers.push(b"\",\"line\":", one_based(located.start.line));
        numbers.push(b",\"column\":", one_based(located.start.column));
        // Almost every finding ends on the line it starts on: its digits are copied.
        if located.end.line == located.start.line {
            numbers.push_again(b",\"end_line\":", line);
        } else {
            numbers.push(b",\"end_line\":", one_based(located.end.line));
        }
        numbers.push(b",\"end_column\":", one_based(located.end.column));
        let start = numbers.push(b",\"byte_start\":", span.start);
        // A span is a few bytes long: its end is its start's digits counted on.
        numbers.push_more(b",\"byte_end\":", start, span.start, span.end);
        // The start of the line and the numbers, in one copy when the room keeps the start.
        match numbers.written_after_head() {
            Some(written) => buffer.extend_from_slice(written),
            None => {
                buffer.extend_from_slice(&self.head);
                buffer.extend_from_slice(numbers.written());
            }
        }
        buffer.extend_from_slice(self.middle(diagnostic));
        push_text(buffer, diagnostic.message(), diagnostic.fixed_message());
        let fix = diagnostic.fix();
        match (diagnostic.fixed_help(), diagnostic.help_text()) {
            (Some(help), _) => {
                // The kept part ends the line as a line without a fix ends.
                let part = self.help(help);
                if fix.is_none() {
                    buffer.extend_from_slice(part);
                    return;
                }
                let before_fix = part.len().saturating_sub(NO_FIX.len());
                buffer.extend_from_slice(part.get(..before_fix).unwrap_or_default());
            }
            (None, Some(help)) => {
                buffer.extend_from_slice(b"\",\"help\":\"");
                push_escaped(buffer, help);
                buffer.extend_from_slice(b"\",\"fix\":");
            }
            (None, None) => buffer.extend_from_slice(b"\",\"help\":null,\"fix\":"),
        }
        match fix {
            Some(fix) => {
                let mut numbers = Numbers::new(&mut self.numbers);
                numbers.push(b"{\"byte_start\":", fix.span().start);
                numbers.push(b",\"byte_end\":", fix.span().end);
                buffer.extend_from_slice(numbers.written());
                buffer.extend_from_slice(b",\"replacement\":\"");
                push_text(buffer, fix.replacement(), fix.fixed_replacement());
                buffer.extend_from_slice(b"\"}}\n");
            }
            None => buffer.extend_from_slice(NO_FIX),
        }
    }

    /// The part of a line from the severity to the message's opening quote, for the code and
    /// severity of `diagnostic`.
    fn middle(&mut self, diagnostic: &Diagnostic) -> &[u8] {
        let severity = match diagnostic.severity() {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Advice => 2,
        };
        let code = diagnostic.code();
        let slot = (code as usize).wrapping_mul(3).wrapping_add(severity);
        if self.middles.len() <= slot {
            self.middles.resize_with(
                crate::Code::ALL
                    .len()
                    .saturating_mul(3)
                    .max(slot.saturating_add(1)),
                Vec::new,
            );
        }
        match self.middles.get_mut(slot) {
            Some(middle) => {
                if middle.is_empty() {
                    // Made once, at its length: the severity's part, the code and the key after.
                    middle.reserve_exact(code.name().len().saturating_add(48));
                    middle.extend_from_slice(
                        [
                            &b",\"severity\":\"error\",\"code\":\""[..],
                            b",\"severity\":\"warning\",\"code\":\"",
                            b",\"severity\":\"advice\",\"code\":\"",
                        ]
                        .get(severity)
                        .copied()
                        .unwrap_or_default(),
                    );
                    middle.extend_from_slice(code.name().as_bytes());
                    middle.extend_from_slice(b"\",\"message\":\"");
                }
                middle
            }
            None => &[],
        }
    }

    /// The part of a line from the help's key to its end, for the fixed help text `help` and
    /// no fix: the fix's key then [`NO_FIX`] (which a line with a fix leaves out).
    fn help(&mut self, help: &'static str) -> &[u8] {
        // Room for every fixed help text at once, so that two texts seldom take turns in a
        // slot.
        const SLOTS: usize = 256;
        if self.helps.is_empty() {
            self.helps.resize_with(SLOTS, Default::default);
        }
        let key = (help.as_ptr() as usize, help.len());
        // Fibonacci hashing: the top bits of the address times 2^64 / φ.
        let hash = ((key.0 ^ key.1) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (hash >> u64::BITS.wrapping_sub(SLOTS.ilog2())) as usize;
        match self.helps.get_mut(slot) {
            Some((kept, part)) => {
                if *kept != key || part.is_empty() {
                    *kept = key;
                    part.clear();
                    // Room for the keys and the text, which escapes seldom lengthen.
                    part.reserve(help.len().saturating_add(32));
                    part.extend_from_slice(b"\",\"help\":\"");
                    push_escaped(part, help);
                    part.extend_from_slice(b"\",\"fix\":");
                    part.extend_from_slice(NO_FIX);
                }
                part
            }
            None => &[],
        }
    }
}

/// The end of a JSON line without a fix, after the fix's key.
const NO_FIX: &[u8] = b"null}\n";

/// Appends `key` and `value` in decimal to `buffer`.
#[cfg(test)]
fn push_number<const KEY: usize>(buffer: &mut Vec<u8>, key: &[u8; KEY], value: usize) {
    let mut room = NumberRoom::default();
    let mut numbers = Numbers::new(&mut room);
    numbers.push(key, value);
    buffer.extend_from_slice(numbers.written());
}

/// The longest key [`Numbers`] writes.
const KEY_MAX: usize = 16;
/// The most digits of a `usize`.
const DIGITS_MAX: usize = 20;
/// The longest start of a line kept in a [`NumberRoom`] before its numbers.
const HEAD_ROOM: usize = u8::MAX as usize;
/// The room [`Numbers`] writes in: room for the start of a line (at most [`HEAD_ROOM`] bytes)
/// and for a key and its digits at any length a `u8` holds after it (six keys and numbers take
/// at most 216 bytes).
const NUMBERS_ROOM: usize = HEAD_ROOM + 256 + KEY_MAX + DIGITS_MAX;

/// The room a [`JsonLines`] keeps for [`Numbers`]: made once, not once a line. It starts with
/// the start of the lines of the current path (`{"path":"…`) when that is at most
/// [`HEAD_ROOM`] bytes, so that the start and the numbers after it are copied as one.
#[derive(Debug)]
struct NumberRoom {
    bytes: [u8; NUMBERS_ROOM],
    /// The length of the start of a line at the start of `bytes`; 0 when it is not there.
    head: u8,
}

impl Default for NumberRoom {
    fn default() -> NumberRoom {
        NumberRoom {
            bytes: [0; NUMBERS_ROOM],
            head: 0,
        }
    }
}

impl NumberRoom {
    /// Keeps `head`, the start of the lines to come, before the numbers if it fits.
    fn set_head(&mut self, head: &[u8]) {
        self.head = 0;
        if let (Ok(len), Some(room)) = (u8::try_from(head.len()), self.bytes.get_mut(..head.len()))
        {
            room.copy_from_slice(head);
            self.head = len;
        }
    }
}

/// Keys and numbers written one after the other into a [`NumberRoom`], to be copied at once.
/// Each key is copied as an array of a size known when compiling, and each number's digits
/// are written in place: without a loop or a call, and without a bounds check, for the room
/// holds a whole write (a key and 20 digits) at any length a `u8` holds.
struct Numbers<'r> {
    bytes: &'r mut [u8; NUMBERS_ROOM],
    /// Where the numbers start: after the start of a line the room keeps.
    origin: u8,
    /// How many bytes of numbers are written, from `origin`.
    len: u8,
}

/// Where [`Numbers::push`] wrote a number's digits (from the numbers' origin), and how many,
/// for [`Numbers::push_again`].
#[derive(Clone, Copy)]
struct Written {
    at: u8,
    len: u8,
}

impl<'r> Numbers<'r> {
    /// Numbers written in `room`, after the start of a line it keeps.
    fn new(room: &'r mut NumberRoom) -> Numbers<'r> {
        Numbers {
            bytes: &mut room.bytes,
            origin: room.head,
            len: 0,
        }
    }

    /// The index in the room of `offset` from the numbers' origin: below 510, so that a key
    /// and its digits written there are in the room.
    #[inline(always)]
    fn index(&self, offset: u8) -> usize {
        usize::from(self.origin).wrapping_add(usize::from(offset))
    }

    /// Writes `key` and then `value` in decimal; returns where the digits are. (The length
    /// wraps past 255, which six keys and numbers never reach.)
    #[inline(always)]
    fn push<const KEY: usize>(&mut self, key: &[u8; KEY], value: usize) -> Written {
        /// The two digits of every number below 100.
        #[allow(
            clippy::indexing_slicing,
            reason = "worked out when compiling, where an index out of bounds is a build error"
        )]
        const PAIRS: [[u8; 2]; 100] = {
            let mut pairs = [[0u8; 2]; 100];
            let mut value = 0;
            while value < 100 {
                pairs[value] = [b'0' + (value / 10) as u8, b'0' + (value % 10) as u8];
                value += 1;
            }
            pairs
        };
        const { assert!(KEY <= KEY_MAX) };
        let start = self.index(self.len);
        let at = self.len.wrapping_add(KEY as u8);
        let Some((key_slot, digits)) = self
            .bytes
            .get_mut(start..start.wrapping_add(KEY).wrapping_add(DIGITS_MAX))
            .map(|slot| slot.split_at_mut(KEY))
        else {
            return Written { at, len: 0 };
        };
        key_slot.copy_from_slice(key);
        let len = match u32::try_from(value) {
            Ok(small) if small < 10 => {
                if let Some(first) = digits.first_mut() {
                    *first = b'0'.wrapping_add(small as u8);
                }
                1
            }
            Ok(small) if small < 100 => {
                let pair = PAIRS.get(small as usize).copied().unwrap_or_default();
                if let Some(two) = digits.get_mut(..2) {
                    two.copy_from_slice(&pair);
                }
                2
            }
            Ok(small) if small < 100_000_000 => {
                let (eight, count) = eight_digits(small);
                if let Some(slot) = digits.get_mut(..8) {
                    slot.copy_from_slice(&eight);
                }
                count as u8
            }
            _ => {
                let mut formatter = itoa::Buffer::new();
                let text = formatter.format(value).as_bytes();
                if let Some(slot) = digits.get_mut(..text.len()) {
                    slot.copy_from_slice(text);
                }
                text.len() as u8
            }
        };
        self.len = at.wrapping_add(len);
        Written { at, len }
    }

    /// Writes `key` and then the digits written before at `digits`.
    #[inline(always)]
    fn push_again<const KEY: usize>(&mut self, key: &[u8; KEY], digits: Written) {
        const { assert!(KEY <= KEY_MAX) };
        let start = self.index(self.len);
        let from = self.index(digits.at);
        if let Some(key_slot) = self.bytes.get_mut(start..start.wrapping_add(KEY)) {
            key_slot.copy_from_slice(key);
        }
        // The digits, copied as the 20 bytes that may hold them (both ranges are in the array:
        // `from` and `start` are below 510).
        self.bytes
            .copy_within(from..from.wrapping_add(DIGITS_MAX), start.wrapping_add(KEY));
        self.len = self.len.wrapping_add(KEY as u8).wrapping_add(digits.len);
    }

    /// Writes `key` and then `value` in decimal, given the digits of `before` written at
    /// `digits`: when `value` is `before` plus at most 9, those digits are copied and counted
    /// on (without a carry past the first digit), else `value` is written as [`Numbers::push`]
    /// writes it.
    #[inline(always)]
    fn push_more<const KEY: usize>(
        &mut self,
        key: &[u8; KEY],
        digits: Written,
        before: usize,
        value: usize,
    ) {
        let Some(more) = value
            .checked_sub(before)
            .and_then(|more| u8::try_from(more).ok())
            .filter(|&more| more <= 9)
        else {
            self.push(key, value);
            return;
        };
        let start = usize::from(self.len);
        let copied = Written {
            at: self.len.wrapping_add(KEY as u8),
            len: digits.len,
        };
        self.push_again(key, digits);
        let at = self.index(copied.at);
        let Some(copy) = self
            .bytes
            .get_mut(at..at.wrapping_add(usize::from(copied.len)))
        else {
            return;
        };
        // Count on from the last digit, carrying into the ones before it.
        let mut carry = more;
        for digit in copy.iter_mut().rev() {
            let sum = digit.wrapping_sub(b'0').wrapping_add(carry);
            if sum < 10 {
                *digit = b'0'.wrapping_add(sum);
                return;
            }
            *digit = b'0'.wrapping_add(sum.wrapping_sub(10));
            carry = 1;
        }
        // A carry past the first digit (`99` and 1): one more digit, written afresh.
        self.len = u8::try_from(start).unwrap_or(u8::MAX);
        self.push(key, value);
    }

    /// The keys and numbers written.
    fn written(&self) -> &[u8] {
        self.bytes
            .get(usize::from(self.origin)..self.index(self.len))
            .unwrap_or_default()
    }

    /// The start of a line the room keeps, then the keys and numbers written; `None` when the
    /// room keeps none.
    fn written_after_head(&self) -> Option<&[u8]> {
        if self.origin == 0 {
            return None;
        }
        self.bytes.get(..self.index(self.len))
    }
}

/// The decimal digits of `value` (below 10^8) as ASCII, the first at index 0, in an array of
/// eight bytes whose others are to be ignored, and how many there are. All eight are worked
/// out at once in the lanes of a `u64` (a number too small to carry into the next lane is
/// divided by 100 or by 10 as a multiplication and a shift), so that the usual line numbers,
/// columns and offsets take no loop and no call.
fn eight_digits(value: u32) -> ([u8; 8], usize) {
    // Two halves of four digits, the first in the low 32 bits: the low bytes come first.
    let halves = u64::from(value / 10_000) | (u64::from(value % 10_000) << 32);
    // Each half, below 10^4, divided by 100: x * 5243 >> 19 is x / 100 for x < 43,699.
    let hundreds = (halves.wrapping_mul(5243) >> 19) & 0x0000_007F_0000_007F;
    let quarters = hundreds | (halves.wrapping_sub(hundreds.wrapping_mul(100)) << 16);
    // Each quarter, below 100, divided by 10: x * 103 >> 10 is x / 10 for x < 179.
    let tens = (quarters.wrapping_mul(103) >> 10) & 0x000F_000F_000F_000F;
    let digits = tens | (quarters.wrapping_sub(tens.wrapping_mul(10)) << 8);
    // The leading zeros are the low zero bytes; 0 itself has one digit.
    let leading = (digits.trailing_zeros() / 8).min(7);
    let count = 8usize.saturating_sub(leading as usize);
    let shifted = digits.checked_shr(leading.saturating_mul(8)).unwrap_or(0);
    ((shifted | 0x3030_3030_3030_3030).to_le_bytes(), count)
}

/// Appends `text`, which is `fixed` when it is a fixed text, escaped as the inside of a JSON
/// string: a fixed text found to need no escape is not looked at again.
fn push_text(buffer: &mut Vec<u8>, text: &str, fixed: Option<&'static str>) {
    if fixed.is_some_and(is_plain_fixed) {
        buffer.extend_from_slice(text.as_bytes());
    } else {
        push_escaped(buffer, text);
    }
}

/// Appends `text` as the inside of a JSON string, as [`json_body`] writes it.
fn push_escaped(buffer: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    let mut plain = 0;
    while let Some(at) = next_escaped(bytes, plain) {
        buffer.extend_from_slice(bytes.get(plain..at).unwrap_or_default());
        let byte = bytes.get(at).copied().unwrap_or_default();
        push_escape(buffer, byte);
        plain = at.saturating_add(1);
    }
    buffer.extend_from_slice(bytes.get(plain..).unwrap_or_default());
}

/// Appends the JSON escape of `byte` (see [`escape_of`]).
fn push_escape(buffer: &mut Vec<u8>, byte: u8) {
    let (escape, len) = escape_of(byte);
    buffer.extend_from_slice(escape.get(..len).unwrap_or_default());
}

/// The JSON escape of `byte`, one that [`is_escaped`], and its length: `\\"`, `\\\\`, a short
/// escape of a control character, or else `\\u00XX`.
fn escape_of(byte: u8) -> ([u8; 6], usize) {
    let short: &[u8; 2] = match byte {
        b'"' => b"\\\"",
        b'\\' => b"\\\\",
        b'\n' => b"\\n",
        b'\r' => b"\\r",
        b'\t' => b"\\t",
        0x08 => b"\\b",
        0x0c => b"\\f",
        _ => {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            let hex = |nibble: u8| HEX.get(usize::from(nibble)).copied().unwrap_or(b'0');
            return (
                [b'\\', b'u', b'0', b'0', hex(byte >> 4), hex(byte & 0xf)],
                6,
            );
        }
    };
    ([short[0], short[1], 0, 0, 0, 0], 2)
}

/// The rest of a [`json_line`] after its path.
fn json_after_path(out: &mut impl Write, located: &Located<'_>) -> io::Result<()> {
    let diagnostic = located.diagnostic;
    let span = diagnostic.span();
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
    json_body(out, diagnostic.message())?;
    match diagnostic.help_text() {
        Some(help) => {
            out.write_all(b"\",\"help\":\"")?;
            json_body(out, help)?;
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
            json_body(out, fix.replacement())?;
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
        let (escape, len) = escape_of(bytes.get(at).copied().unwrap_or_default());
        out.write_all(escape.get(..len).unwrap_or_default())?;
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
    let has_escaped = |window: &[u8; WINDOW]| {
        window
            .iter()
            .fold(false, |found, &byte| found | is_escaped(byte))
    };
    let found_from = |at: usize| {
        let found = rest.get(at..)?.iter().position(|&byte| is_escaped(byte))?;
        Some(from.saturating_add(at).saturating_add(found))
    };
    let mut windows = rest.chunks_exact(WINDOW);
    for (number, window) in windows.by_ref().enumerate() {
        if <&[u8; WINDOW]>::try_from(window).is_ok_and(has_escaped) {
            return found_from(number.saturating_mul(WINDOW));
        }
    }
    let tail = windows.remainder();
    if tail.is_empty() {
        return None;
    }
    // The last window ends with the text; when the text is shorter than a window, it is padded.
    let last = rest.len().saturating_sub(WINDOW);
    let window = match rest.get(last..) {
        Some(window) if rest.len() >= WINDOW => {
            <[u8; WINDOW]>::try_from(window).unwrap_or([b' '; WINDOW])
        }
        _ => {
            let mut padded = [b' '; WINDOW];
            for (slot, &byte) in padded.iter_mut().zip(tail) {
                *slot = byte;
            }
            padded
        }
    };
    if has_escaped(&window) {
        found_from(rest.len().saturating_sub(tail.len()))
    } else {
        None
    }
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
    // Written part by part, each text escaped as it is written: no string is made.
    let mut digits = itoa::Buffer::new();
    out.write_all(b"::")?;
    out.write_all(level.as_bytes())?;
    out.write_all(b" file=")?;
    write_command_text(out, located.path, Escape::Property)?;
    for (key, value) in [
        (",line=", located.start.line),
        (",col=", located.start.column),
        (",endLine=", located.end.line),
        (",endColumn=", located.end.column),
    ] {
        out.write_all(key.as_bytes())?;
        out.write_all(digits.format(one_based(value)).as_bytes())?;
    }
    out.write_all(b",title=")?;
    write_command_text(out, diagnostic.code().name(), Escape::Property)?;
    out.write_all(b"::")?;
    write_command_text(out, diagnostic.message(), Escape::Data)?;
    out.write_all(b"\n")
}

/// What a workflow command escapes in a text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Escape {
    /// Data: `%`, CR and LF.
    Data,
    /// A property: the data's escapes and `:` and `,`.
    Property,
}

/// Writes `text` into a workflow command, each byte `escape` asks for as `%` and its two hex
/// digits, and the runs between them as they are.
fn write_command_text(out: &mut impl Write, text: &str, escape: Escape) -> io::Result<()> {
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

    /// A workflow command's escapes, written in one pass, are those of `str::replace` one
    /// escape after the other (`%` first, so that no escape is escaped again).
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
        ] {
            for (escape, expected) in [
                (Escape::Data, data(text)),
                (Escape::Property, property(text)),
            ] {
                let mut out = Vec::new();
                write_command_text(&mut out, text, escape).unwrap();
                assert_eq!(String::from_utf8(out).unwrap(), expected, "{text:?}");
            }
        }
    }

    fn string(text: &str) -> String {
        let mut out = Vec::new();
        json_string(&mut out, text).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn json_lines_write_what_json_line_writes_when_the_path_changes() {
        let parse = crate::parse("8/8/8/8/8/8/8/8 w QK - 0 1");
        assert!(parse.diagnostics().iter().any(|d| d.fix().is_some()));
        let mut lines = JsonLines::default();
        // The start of a line, `{"path":"` and the path escaped, is kept before the numbers up
        // to 255 bytes, and copied on its own past that: paths on both sides of the edge.
        let long = |len: usize| "p".repeat(len);
        let paths = [
            "a.fen".to_string(),
            "a.fen".to_string(),
            "b\\\"c\".fen".to_string(),
            String::new(),
            long(245),
            long(246),
            long(247),
            long(1000),
            "a.fen".to_string(),
            format!("{}\"", long(244)),
            format!("{}\"", long(245)),
            "a.fen".to_string(),
        ];
        for path in &paths {
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
    fn a_number_counted_on_from_another_is_written_as_itoa_writes_it() {
        let mut rng = fastrand::Rng::with_seed(7);
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for before in [
            0, 1, 8, 9, 10, 89, 90, 98, 99, 100, 999, 9_999, 99_999_990, 99_999_999,
        ] {
            pairs.extend((0..=12).map(|more| (before, before + more)));
            pairs.push((before, before.saturating_sub(1)));
        }
        pairs.extend([(usize::MAX - 3, usize::MAX), (4_294_967_290, 4_294_967_299)]);
        pairs.extend((0..10_000).map(|_| {
            let before = rng.usize(0..200_000_000);
            (before, before + rng.usize(0..12))
        }));
        let mut room = NumberRoom::default();
        for (before, value) in pairs {
            let mut numbers = Numbers::new(&mut room);
            let digits = numbers.push(b"{\"a\":", before);
            numbers.push_more(b",\"b\":", digits, before, value);
            assert_eq!(
                String::from_utf8(numbers.written().to_vec()).unwrap(),
                format!("{{\"a\":{before},\"b\":{value}"),
                "{before} {value}"
            );
        }
    }

    #[test]
    fn numbers_are_written_as_itoa_writes_them() {
        let mut values: Vec<usize> = vec![0, 1, 9, 10, 99, 100, 101, 999, 1000, 9999, 10_000];
        for digits in 1..=20u32 {
            let power = 10usize.checked_pow(digits);
            values.extend(power.map(|power| power - 1));
            values.extend(power);
            values.extend(power.map(|power| power + 1));
            values.extend(power.map(|power| power / 10 * 7 + 3));
        }
        values.extend([
            99_999_999,
            100_000_000,
            4_294_967_295,
            4_294_967_296,
            usize::MAX,
        ]);
        let mut rng = fastrand::Rng::with_seed(3);
        values.extend((0..10_000).map(|_| rng.usize(0..200_000_000)));
        for value in values {
            let mut buffer = b"x".to_vec();
            push_number(&mut buffer, b",\"k\":", value);
            assert_eq!(
                String::from_utf8(buffer).unwrap(),
                format!("x,\"k\":{value}"),
                "{value}"
            );
        }
    }

    #[test]
    fn json_lines_push_what_json_line_writes_for_every_kind_of_diagnostic() {
        // Fixes, control characters and quotes in messages, help made for one diagnostic,
        // long lines, several codes in one line.
        let fens = [
            "8/8/8/8/8/8/8/8 w QK - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq -  0 1",
            "rnbqkbnr/ppp\"pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pp\u{1}ppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z3 0 1 extra\\",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR b kqKQ e3 -1 0",
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]",
        ];
        let mut rng = fastrand::Rng::with_seed(11);
        // A path whose line start is longer than the room keeps before the numbers.
        let long_path = "long/".repeat(60);
        let mut lines = JsonLines::default();
        let mut pushed = Vec::new();
        let mut written = Vec::new();
        let mut count = 0;
        for (number, fen) in fens.iter().enumerate() {
            for diagnostic in crate::lint(fen).into_diagnostics() {
                for severity in [Severity::Error, Severity::Warning, Severity::Advice] {
                    let diagnostic = diagnostic.clone().with_severity(severity);
                    let mut at = || {
                        let (line_bits, column_bits) = (rng.u32(0..64), rng.u32(0..40));
                        crate::LineColumn {
                            line: rng.usize(0..=usize::MAX >> line_bits),
                            column: rng.usize(0..1 << column_bits),
                        }
                    };
                    let start = at();
                    // Most findings end on the line they start on: the line number is then
                    // written twice from one conversion.
                    let end = match at() {
                        end if rng.bool() => crate::LineColumn {
                            line: start.line,
                            ..end
                        },
                        end => end,
                    };
                    let located = Located {
                        path: ["a.fen", "b\\c\".fen", &long_path][number % 3],
                        diagnostic: &diagnostic,
                        start,
                        end,
                    };
                    lines.push(&mut pushed, &located);
                    json_line(&mut written, &located).unwrap();
                    count += 1;
                }
            }
        }
        assert!(count > 40, "{count}");
        assert_eq!(String::from_utf8(pushed), String::from_utf8(written));
    }

    /// A text of fewer than `most` characters, mixing control characters, the characters JSON
    /// escapes or might, characters beyond ASCII and printable ASCII.
    fn random_text(rng: &mut fastrand::Rng, most: usize) -> String {
        (0..rng.usize(0..most))
            .map(|_| match rng.u8(0..4) {
                0 => char::from(rng.u8(0..0x20)),
                1 => ['"', '\\', '/', '\u{7f}'][rng.usize(0..4)],
                2 => rng.char('\u{80}'..'\u{10ffff}'),
                _ => char::from(rng.u8(0x20..0x7f)),
            })
            .collect()
    }

    #[test]
    fn escaped_text_pushed_is_the_text_written() {
        let mut rng = fastrand::Rng::with_seed(5);
        for _ in 0..2000 {
            let text = random_text(&mut rng, 40);
            let (mut pushed, mut written) = (Vec::new(), Vec::new());
            push_escaped(&mut pushed, &text);
            json_body(&mut written, &text).unwrap();
            assert_eq!(pushed, written, "{text:?}");
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
            let text = random_text(&mut rng, 20);
            let read: String = serde_json::from_str(&string(&text)).unwrap();
            assert_eq!(read, text);
        }
    }
}
