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
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == LIMIT {
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
