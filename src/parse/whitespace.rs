//! Whitespace: the separators between fields, and the trivia around the FEN.

use nom::IResult;

/// `separator ::= " "`
///
/// Any run of whitespace separates fields; anything but one space draws
/// `fen::whitespace::separator`.
pub(super) fn separator(input: &str) -> IResult<&str, &str> {
    // One space before a field, the usual case, without the general scan.
    let len = match input.as_bytes() {
        [b' ', next, ..] if next.is_ascii() && !is_ascii_whitespace(*next) => 1,
        _ => whitespace_len(input),
    };
    split_nonempty(input, len, nom::error::ErrorKind::Space)
}

/// A field: everything up to the next whitespace.
pub(super) fn field(input: &str) -> IResult<&str, &str> {
    split_nonempty(
        input,
        run_len(input, |_| false),
        nom::error::ErrorKind::TakeTill1,
    )
}

/// The length of the run at the start of `input` that ends at the first byte for which `stop`
/// holds or at the first whitespace character (ASCII or not). `stop` sees ASCII bytes only.
#[inline]
pub(crate) fn run_len(input: &str, stop: impl Fn(u8) -> bool) -> usize {
    let bytes = input.as_bytes();
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        if byte.is_ascii() {
            if stop(byte) || is_ascii_whitespace(byte) {
                return index;
            }
            index = index.saturating_add(1);
        } else {
            match input.get(index..).and_then(|tail| tail.chars().next()) {
                Some(c) if !c.is_whitespace() => index = index.saturating_add(c.len_utf8()),
                _ => return index,
            }
        }
    }
    input.len()
}

/// Optional whitespace at the start of `input`: `(rest, whitespace)`.
pub(super) fn whitespace(input: &str) -> (&str, &str) {
    // None, the usual case, without the general scan.
    let len = match input.as_bytes().first() {
        Some(&byte) if byte.is_ascii() && !is_ascii_whitespace(byte) => 0,
        _ => whitespace_len(input),
    };
    let (head, rest) = input.split_at_checked(len).unwrap_or(("", input));
    (rest, head)
}

/// Splits off the first `len` bytes, failing with `kind` when there are none.
pub(super) fn split_nonempty(
    input: &str,
    len: usize,
    kind: nom::error::ErrorKind,
) -> IResult<&str, &str> {
    match input.split_at_checked(len) {
        Some((head, rest)) if !head.is_empty() => Ok((rest, head)),
        _ => Err(nom::Err::Error(nom::error::Error::new(input, kind))),
    }
}

/// The length in bytes of the run of whitespace characters (by `char::is_whitespace`) at the
/// start of `input`.
#[inline]
pub(super) fn whitespace_len(input: &str) -> usize {
    let bytes = input.as_bytes();
    let mut len = 0;
    while let Some(&byte) = bytes.get(len) {
        if byte.is_ascii() {
            if !is_ascii_whitespace(byte) {
                break;
            }
            len = len.saturating_add(1);
        } else {
            match input.get(len..).and_then(|tail| tail.chars().next()) {
                Some(c) if c.is_whitespace() => len = len.saturating_add(c.len_utf8()),
                _ => break,
            }
        }
    }
    len
}

/// `char::is_whitespace` for an ASCII byte: `u8::is_ascii_whitespace` plus the vertical tab.
#[inline]
pub(crate) fn is_ascii_whitespace(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Describes a run of whitespace in words, for the separator label.
pub(super) fn describe_whitespace(sep: &str) -> String {
    if sep.chars().all(|c| c == ' ') {
        let mut count = itoa::Buffer::new();
        [count.format(sep.len()), " spaces"].concat()
    } else if sep.contains('\t') {
        "tab".to_owned()
    } else {
        "not an ASCII space".to_owned()
    }
}
