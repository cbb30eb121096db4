//! Text in messages: quoted input escaped and shortened, plurals, lists of names.

/// "character" or "characters", for a message about `text`.
pub(crate) fn characters(text: &str) -> &'static str {
    if text.chars().nth(1).is_some() {
        "characters"
    } else {
        "character"
    }
}

/// Text shown in a message: escaped, and shortened when long.
pub(crate) fn shown(text: &str) -> String {
    const LIMIT: usize = 24;
    // Printable ASCII is shown as it is: the usual case, without a look at each character.
    if text.len() <= LIMIT && text.bytes().all(|byte| (b' '..=b'~').contains(&byte)) {
        return text.to_owned();
    }
    escaped(text, LIMIT)
}

/// `text` with each character escaped as [`shown`] escapes it, cut after `limit` characters.
fn escaped(text: &str, limit: usize) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == limit {
            out.push('…');
            break;
        }
        // Escape what would be invisible or would disturb the terminal (controls, other
        // whitespace, byte-order marks, direction overrides, combining marks), not quotes.
        if matches!(c, '\'' | '"' | '\\') {
            out.push(c);
        } else {
            out.extend(c.escape_debug());
        }
    }
    out
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
        }
        assert_eq!(shown("a b~"), "a b~");
        assert_eq!(shown("a\tb"), "a\\tb");
    }
}
