//! Whitespace: the separators between fields, and the trivia around the FEN.

use nom::Parser;
use nom::bytes::complete::{take_till1, take_while, take_while1};

use super::cx::PResult;

/// `separator ::= " "`
///
/// Any run of whitespace (by `char::is_whitespace`) separates fields; anything but one space
/// draws `fen::whitespace::separator`.
pub(super) fn separator(input: &str) -> PResult<'_, &str> {
    take_while1(char::is_whitespace).parse(input)
}

/// A field: everything up to the next whitespace.
pub(super) fn field(input: &str) -> PResult<'_, &str> {
    take_till1(char::is_whitespace).parse(input)
}

/// Optional whitespace at the start of `input`.
pub(super) fn whitespace(input: &str) -> PResult<'_, &str> {
    take_while(char::is_whitespace).parse(input)
}

/// The length of the text of `input` up to the first whitespace.
pub(super) fn field_len(input: &str) -> usize {
    input.find(char::is_whitespace).unwrap_or(input.len())
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
