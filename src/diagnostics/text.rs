//! Text in messages: quoted input escaped and shortened, plurals, lists of names.

use super::Text;

/// "character" or "characters", for a message about `text`.
pub(crate) fn characters(text: &str) -> &'static str {
    if text.chars().nth(1).is_some() {
        "characters"
    } else {
        "character"
    }
}

/// The most characters of the input a message shows.
const LIMIT: usize = 24;

/// Text shown in a message: escaped, and shortened when long.
pub(crate) fn shown(text: &str) -> String {
    // Printable ASCII is shown as it is: the usual case, without a look at each character.
    if is_shown_as_is(text) {
        return text.to_owned();
    }
    escaped(text, LIMIT)
}

/// Whether [`shown`] shows `text` as it is: short printable ASCII.
fn is_shown_as_is(text: &str) -> bool {
    text.len() <= LIMIT && text.bytes().all(|byte| (b' '..=b'~').contains(&byte))
}

/// `before`, `text` as [`shown`] shows it and `after`, in one allocation (for the usual text).
pub(crate) fn around_shown(before: &str, text: &str, after: &str) -> String {
    around_shown_plain(before, text, after).0
}

/// [`around_shown`], and whether the text shown needs no escape in a JSON string (see
/// [`push_shown`]): then neither does the message, when `before` and `after` need none.
pub(crate) fn around_shown_plain(before: &str, text: &str, after: &str) -> (String, bool) {
    let mut out = String::with_capacity(
        before
            .len()
            .saturating_add(text.len().min(LIMIT))
            .saturating_add(after.len()),
    );
    out.push_str(before);
    let plain = push_shown(&mut out, text);
    out.push_str(after);
    (out, plain)
}

/// Appends `text` to `out` as [`shown`] shows it; returns whether what it appended needs no
/// escape in a JSON string (printable ASCII shown as it is, without a quote or a backslash),
/// for builders that mark their messages so (see `Diagnostic::plain_message`).
pub(crate) fn push_shown(out: &mut String, text: &str) -> bool {
    if is_shown_as_is(text) {
        out.push_str(text);
        is_json_plain(text)
    } else {
        push_escaped(out, text, LIMIT);
        false
    }
}

/// Whether `text` needs no escape in a JSON string: no quote, backslash or control character.
pub(crate) fn is_json_plain(text: &str) -> bool {
    !text
        .bytes()
        .any(|byte| byte < 0x20 || byte == b'"' || byte == b'\\')
}

/// `table[n]`, or `make()` for an `n` past the table: a text with a small number in it, kept
/// without a copy for the usual numbers.
pub(crate) fn numbered(table: &[&'static str], n: usize, make: impl FnOnce() -> String) -> Text {
    match table.get(n) {
        Some(&text) => Text::Borrowed(text),
        None => Text::Owned(make()),
    }
}

/// `text` with each character escaped as [`shown`] escapes it, cut after `limit` characters.
fn escaped(text: &str, limit: usize) -> String {
    let mut out = String::new();
    push_escaped(&mut out, text, limit);
    out
}

/// Appends [`escaped`]`(text, limit)` to `out`.
fn push_escaped(out: &mut String, text: &str, limit: usize) {
    for (count, c) in text.chars().enumerate() {
        if count == limit {
            out.push('…');
            break;
        }
        // Escape what would be invisible or would disturb the terminal (controls, other
        // whitespace, byte-order marks, direction overrides, combining marks), not quotes.
        if matches!(c, '\'' | '"' | '\\') || is_printable_as_is(c) {
            out.push(c);
        } else {
            out.extend(c.escape_debug());
        }
    }
}

/// Whether `c` is in a block whose characters are all printable, none a combining mark or
/// a space, so that `escape_debug` leaves it as it is: accented Latin letters, dashes and
/// quotation marks, chess and other symbols, which a FEN copied from a web page or a book
/// may hold. Answered by a range test rather than by the Unicode tables `escape_debug`
/// looks through, a few hundred instructions a character (the test below checks that every
/// character of these blocks is left as it is).
fn is_printable_as_is(c: char) -> bool {
    matches!(
        c,
        // Latin-1 after the no-break space and without the soft hyphen, Latin Extended-A and
        // -B, IPA extensions and spacing modifier letters.
        '\u{a1}'..='\u{ac}'
            | '\u{ae}'..='\u{2ff}'
            // Dashes, quotation marks, daggers, bullets and ellipsis.
            | '\u{2010}'..='\u{2027}'
            // Miscellaneous symbols (the chess pieces among them) and dingbats.
            | '\u{2600}'..='\u{27bf}'
    )
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn join_names(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_printable_as_is_are_those_escape_debug_leaves() {
        let mut as_is = 0;
        for c in (0..0x3_0000).filter_map(char::from_u32) {
            if is_printable_as_is(c) {
                as_is += 1;
                assert_eq!(c.escape_debug().to_string(), c.to_string(), "{c:?}");
            }
        }
        assert!(as_is > 1000, "{as_is}");
        for c in [
            '\u{a0}', '\u{ad}', '\u{300}', '\u{200b}', '\u{2028}', '\u{202e}',
        ] {
            assert!(!is_printable_as_is(c), "{c:?}");
        }
        assert_eq!(escaped("♔é—\u{a0}", 24), "♔é—\\u{a0}");
    }

    #[test]
    fn printable_ascii_is_shown_as_the_escaping_loop_shows_it() {
        let mut rng = fastrand::Rng::with_seed(3);
        for _ in 0..5_000 {
            let text: String = (0..rng.usize(0..30))
                .map(|_| match rng.u8(0..8) {
                    0 => char::from(rng.u8(0..0x20)),
                    1 => ['\'', '"', '\\', '\u{7f}', 'é', '\u{301}'][rng.usize(0..6)],
                    _ => char::from(rng.u8(b' '..=b'~')),
                })
                .collect();
            assert_eq!(shown(&text), escaped(&text, 24), "{text:?}");
            assert_eq!(
                around_shown("a `", &text, "` b"),
                format!("a `{}` b", escaped(&text, 24))
            );
        }
        assert_eq!(shown("a b~"), "a b~");
        assert_eq!(shown("a\tb"), "a\\tb");
    }
}
