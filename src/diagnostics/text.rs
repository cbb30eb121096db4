//! Text in messages: quoted input escaped and shortened, plurals, lists of names.

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
    let mut out = String::new();
    push_shown(&mut out, text);
    out
}

/// `before`, `text` as [`shown`] shows it and `after`.
pub(crate) fn around_shown(before: &str, text: &str, after: &str) -> String {
    let mut out = before.to_owned();
    push_shown(&mut out, text);
    out.push_str(after);
    out
}

/// Appends `text` to `out` as [`shown`] shows it: each character escaped if it would be
/// invisible or would disturb the terminal, cut after [`LIMIT`] characters.
pub(crate) fn push_shown(out: &mut String, text: &str) {
    for (count, c) in text.chars().enumerate() {
        if count == LIMIT {
            out.push('…');
            break;
        }
        // Controls, other whitespace, byte-order marks, direction overrides and combining
        // marks are escaped; quotes are not.
        if matches!(c, '\'' | '"' | '\\') {
            out.push(c);
        } else {
            out.extend(c.escape_debug());
        }
    }
}

/// The name and code point of `text` when it is one character that looks like the
/// hyphen-minus `-` (a dash, hyphen or minus sign that word processors and web pages put in its
/// place), such as `("an en dash", "U+2013")`.
pub(crate) fn dash_look_alike(text: &str) -> Option<(&'static str, &'static str)> {
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    Some(match c {
        '\u{2010}' => ("a hyphen", "U+2010"),
        '\u{2011}' => ("a non-breaking hyphen", "U+2011"),
        '\u{2012}' => ("a figure dash", "U+2012"),
        '\u{2013}' => ("an en dash", "U+2013"),
        '\u{2014}' => ("an em dash", "U+2014"),
        '\u{2015}' => ("a horizontal bar", "U+2015"),
        '\u{2212}' => ("a minus sign", "U+2212"),
        '\u{fe63}' => ("a small hyphen-minus", "U+FE63"),
        '\u{ff0d}' => ("a full-width hyphen-minus", "U+FF0D"),
        _ => return None,
    })
}

/// The help for a dash look-alike ([`dash_look_alike`]) where FEN writes `-`.
pub(crate) fn dash_look_alike_help((name, code_point): (&str, &str)) -> String {
    format!(
        "`-` here is the ASCII hyphen-minus; the character written is {name} ({code_point}), which looks the same but is another character, often put in by a word processor or a web page."
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
    fn printable_characters_are_shown_invisible_ones_escaped() {
        assert_eq!(shown("♔é—\u{a0}"), "♔é—\\u{a0}");
        for c in ['\u{ad}', '\u{300}', '\u{200b}', '\u{2028}', '\u{202e}'] {
            assert!(shown(&c.to_string()).starts_with("\\u{"), "{c:?}");
        }
    }

    #[test]
    fn dashes_that_look_like_the_hyphen_minus_are_named() {
        assert_eq!(dash_look_alike("\u{2013}"), Some(("an en dash", "U+2013")));
        assert_eq!(
            dash_look_alike("\u{2212}"),
            Some(("a minus sign", "U+2212"))
        );
        assert_eq!(dash_look_alike("-"), None);
        assert_eq!(dash_look_alike("\u{2013}\u{2013}"), None);
        assert_eq!(dash_look_alike(""), None);
    }

    #[test]
    fn printable_ascii_is_shown_as_it_is_and_long_text_is_cut() {
        assert_eq!(shown("a b~"), "a b~");
        assert_eq!(shown("a\tb"), "a\\tb");
        assert_eq!(around_shown("a `", "x\"y", "` b"), "a `x\"y` b");
        assert_eq!(shown(&"p".repeat(30)), format!("{}…", "p".repeat(24)));
    }
}
