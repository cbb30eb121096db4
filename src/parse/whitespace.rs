//! Whitespace: the separators between fields, and the trivia around the FEN.

use super::cx::PResult;

/// `separator ::= " "`
///
/// Any run of whitespace (by `char::is_whitespace`) separates fields; anything but one space
/// draws `fen::whitespace::separator`.
pub(super) fn separator(input: &str) -> PResult<'_, &str> {
    at_least_one(input, whitespace_len(input))
}

/// A field: everything up to the next whitespace.
pub(super) fn field(input: &str) -> PResult<'_, &str> {
    at_least_one(input, field_len(input))
}

/// Optional whitespace at the start of `input`.
pub(super) fn whitespace(input: &str) -> PResult<'_, &str> {
    let (text, rest) = input
        .split_at_checked(whitespace_len(input))
        .unwrap_or(("", input));
    Ok((rest, text))
}

/// The first `len` bytes of `input` (a character boundary) and the rest, or a failure when
/// `len` is 0.
fn at_least_one(input: &str, len: usize) -> PResult<'_, &str> {
    match input.split_at_checked(len) {
        Some((text, rest)) if len > 0 => Ok((rest, text)),
        _ => Err(nom::Err::Error(())),
    }
}

/// The length of the text of `input` up to the first whitespace.
pub(super) fn field_len(input: &str) -> usize {
    chars_while(input, |c| !c.is_whitespace())
}

/// The length of the whitespace at the start of `input`.
fn whitespace_len(input: &str) -> usize {
    chars_while(input, char::is_whitespace)
}

/// The length of the characters at the start of `text` for which `accept` holds. Fields and
/// separators are ASCII all but always: ASCII bytes are tested as they are, and only from the
/// first other byte on are characters decoded.
fn chars_while(text: &str, accept: impl Fn(char) -> bool) -> usize {
    let ascii = text
        .bytes()
        .position(|byte| !byte.is_ascii() || !accept(char::from(byte)))
        .unwrap_or(text.len());
    match text.get(ascii..) {
        Some(rest) if rest.as_bytes().first().is_some_and(|byte| !byte.is_ascii()) => rest
            .char_indices()
            .find(|&(_, c)| !accept(c))
            .map_or(text.len(), |(at, _)| ascii.saturating_add(at)),
        _ => ascii,
    }
}

/// Describes a run of whitespace in words, for the separator label.
pub(super) fn describe_whitespace(sep: &str) -> String {
    if sep.chars().all(|c| c == ' ') {
        format!("{} spaces", sep.len())
    } else if sep.contains('\t') {
        "tab".to_owned()
    } else {
        "not an ASCII space".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whitespace is `char::is_whitespace`, ASCII or not, wherever it is in the run.
    #[test]
    fn runs_end_at_the_first_character_of_the_other_kind() {
        for (text, field, space) in [
            ("w - -", 1, 0),
            (" \t\x0b\x0c\r\nx", 0, 6),
            ("KQkq\u{3000}-", 4, 0),
            ("\u{3000} \u{a0}x", 0, 6),
            ("é8\u{2003}", 3, 0),
            ("   ", 0, 3),
            ("", 0, 0),
        ] {
            assert_eq!(field_len(text), field, "{text:?}");
            assert_eq!(whitespace_len(text), space, "{text:?}");
            assert_eq!(separator(text).is_ok(), space > 0, "{text:?}");
            assert_eq!(
                super::field(text).map(|(_, f)| f.len()).ok(),
                (field > 0).then_some(field)
            );
        }
    }
}
