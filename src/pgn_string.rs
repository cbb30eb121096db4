//! PGN strings (PGN §7): text between double quotes in which `\"` and `\\` are the only
//! escapes. PGN tag values and EPD string operands are written this way.

use std::borrow::Cow;

/// The text of a PGN string token between its quotes, with `\"` and `\\` unescaped (the
/// standard's only escapes); EPD string operands use the same convention.
pub(crate) fn unescape(inner: &str) -> Cow<'_, str> {
    if !inner.contains('\\') {
        return Cow::Borrowed(inner);
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some(next @ ('"' | '\\'))) => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}
