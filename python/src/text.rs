//! A Python `str` read as the UTF-8 text the library checks.

use std::borrow::Cow;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The UTF-8 of `text`. A lone surrogate (what `errors="surrogateescape"` decoding or
/// `os.fsdecode` leaves for a byte that is not UTF-8) has no UTF-8 form: it is read as U+FFFD,
/// the replacement character, which is one character and three bytes as the surrogate is in
/// Python's `surrogatepass` encoding, so that spans still index the Python string and the
/// replacement character is reported where the surrogate stands.
pub fn utf8_of<'a>(text: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    if let Ok(utf8) = text.to_cow() {
        return Ok(utf8);
    }
    let encoded = text.call_method1("encode", ("utf-8", "surrogatepass"))?;
    let bytes = encoded.cast::<PyBytes>()?.as_bytes();
    Ok(Cow::Owned(surrogates_replaced(bytes)))
}

/// `bytes`, UTF-8 but for surrogates encoded as three bytes each (`ED A0 80` to `ED BF BF`),
/// with each surrogate replaced by U+FFFD (`EF BF BD`).
fn surrogates_replaced(bytes: &[u8]) -> String {
    let mut replaced = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while let Some((&first, after)) = rest.split_first() {
        match after {
            [0xA0..=0xBF, 0x80..=0xBF, tail @ ..] if first == 0xED => {
                replaced.extend_from_slice("\u{FFFD}".as_bytes());
                rest = tail;
            }
            _ => {
                replaced.push(first);
                rest = after;
            }
        }
    }
    String::from_utf8(replaced)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

/// The UTF-8 of `text` for a function that gives text back (`fix`): a lone surrogate is a
/// `ValueError`, as the text given back could not hold it.
pub fn exact_utf8_of<'a>(text: &'a Bound<'_, PyString>, function: &str) -> PyResult<Cow<'a, str>> {
    if let Ok(utf8) = text.to_cow() {
        return Ok(utf8);
    }
    let encoded = text.call_method1("encode", ("utf-8", "surrogatepass"))?;
    let index = first_surrogate(encoded.cast::<PyBytes>()?.as_bytes());
    Err(PyValueError::new_err(format!(
        "{function}: the text has a lone surrogate at index {index}, which has no UTF-8 form (decode the bytes it came from with errors=\"replace\", or remove it); check() reports where it stands"
    )))
}

/// The character index of the first surrogate in `bytes` (see [`surrogates_replaced`]).
fn first_surrogate(bytes: &[u8]) -> usize {
    let mut characters = 0usize;
    for (at, &byte) in bytes.iter().enumerate() {
        if byte == 0xED && matches!(bytes.get(at + 1), Some(0xA0..=0xBF)) {
            break;
        }
        // Every byte but a continuation byte starts a character.
        if !matches!(byte, 0x80..=0xBF) {
            characters += 1;
        }
    }
    characters
}

#[cfg(test)]
mod tests {
    use super::surrogates_replaced;

    #[test]
    fn each_encoded_surrogate_is_one_replacement_character() {
        // U+DCFF as `surrogatepass` encodes it, between ASCII and a two-byte character.
        let bytes = b"8/\xED\xB3\xBF\xC3\xA9 w";
        let replaced = surrogates_replaced(bytes);
        assert_eq!(replaced, "8/\u{FFFD}\u{e9} w");
        assert_eq!(replaced.len(), bytes.len());
        // A character that is no surrogate stays.
        assert_eq!(surrogates_replaced("\u{D7FF}".as_bytes()), "\u{D7FF}");
        assert_eq!(
            super::first_surrogate(b"\xC3\xA9\xEF\xBF\xBDa\xED\xB3\xBF"),
            3
        );
    }
}
