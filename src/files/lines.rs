//! The lines of a file: which hold a position, where each starts, and their endings.

use super::perft_script::is_perft_script_directive;

/// Whether a line (without its line ending) of a [`FileKind::Lines`](crate::files::FileKind::Lines) or [`FileKind::Epd`](crate::files::FileKind::Epd) file
/// holds a position: not blank, not a comment, which starts with `#` or `%` (as the test
/// suites of python-chess and others write their headers; no FEN starts with either), and not
/// one of a perft script's `id` and `perft` lines ([`is_perft_script_directive`]). A
/// byte-order mark at the start of the line is not part of either: a mark alone is blank, and a
/// mark before `#` starts a comment.
///
/// ```
/// use fenlint::files::is_position_line;
/// assert!(is_position_line(b"8/8/8/8/8/8/8/8 w - - 0 1"));
/// assert!(!is_position_line(b"  # a comment"));
/// assert!(!is_position_line(b"% Giveaway puzzles"));
/// assert!(!is_position_line("\u{feff}# a comment after a byte-order mark".as_bytes()));
/// assert!(!is_position_line(b" \t"));
/// assert!(!is_position_line(b"perft 1 20"));
/// ```
pub fn is_position_line(line: &[u8]) -> bool {
    // The usual line starts with a piece letter or a digit: nothing to skip, no comment.
    if line.first().is_some_and(u8::is_ascii_alphanumeric) {
        return !is_perft_script_directive(line);
    }
    let trimmed = line.trim_ascii_start();
    let trimmed = trimmed
        .strip_prefix("\u{feff}".as_bytes())
        .map_or(trimmed, <[u8]>::trim_ascii_start);
    !trimmed.is_empty()
        && !trimmed.starts_with(b"#")
        && !trimmed.starts_with(b"%")
        && !is_perft_script_directive(trimmed)
}

/// The lines of `bytes` as every reader of whole files here reads them, with their byte
/// offsets: each line's content without its ending, and the whole line with its ending. A line
/// ends with `\n`, `\r\n` or a `\r` alone (the line ending of classic Mac OS, which some old
/// suites still have).
///
/// ```
/// let lines: Vec<_> = fenlint::files::lines(b"a\rb\r\nc").collect();
/// assert_eq!(lines, [(0, &b"a"[..], &b"a\r"[..]), (2, b"b", b"b\r\n"), (5, b"c", b"c")]);
/// ```
pub fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, &[u8], &[u8])> {
    let mut start = 0usize;
    std::iter::from_fn(move || {
        let rest = bytes.get(start..).filter(|rest| !rest.is_empty())?;
        let len = line_len(rest);
        let line = rest.get(..len).unwrap_or(rest);
        let content = line.strip_suffix(b"\n").unwrap_or(line);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        let at = start;
        start = start.saturating_add(len);
        Some((at, content, line))
    })
}

/// The length of the first line of `bytes` with its ending (`\n`, `\r\n` or a lone `\r`), or
/// of all of `bytes` when it has no line ending.
pub(crate) fn line_len(bytes: &[u8]) -> usize {
    let Some(at) = bytes
        .iter()
        .position(|&byte| byte == b'\n' || byte == b'\r')
    else {
        return bytes.len();
    };
    let crlf = bytes.get(at) == Some(&b'\r') && bytes.get(at.saturating_add(1)) == Some(&b'\n');
    at.saturating_add(if crlf { 2 } else { 1 })
}

/// Whether `bytes` has a line that ends with a `\r` alone (not before `\n`): such a file's
/// lines are not found by splitting at `\n`. A `\r` at the very end counts.
///
/// ```
/// assert!(fenlint::files::has_lone_cr(b"# a\r4k3/8/8/8/8/8/8/4K3 w - - 0 1\r"));
/// assert!(!fenlint::files::has_lone_cr(b"# a\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\n"));
/// ```
pub fn has_lone_cr(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .enumerate()
        .any(|(at, &byte)| byte == b'\r' && bytes.get(at.saturating_add(1)) != Some(&b'\n'))
}

/// The byte offset where each line of `bytes` starts (the first is 0), with the line endings
/// of [`lines`]: `\n`, `\r\n` and a lone `\r`.
///
/// ```
/// assert_eq!(fenlint::files::line_starts(b"a\rb\r\nc\nd"), [0, 2, 5, 7]);
/// ```
pub fn line_starts(bytes: &[u8]) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(
        lines(bytes)
            .map(|(at, _, line)| at.saturating_add(line.len()))
            .filter(|&end| end < bytes.len() || bytes.ends_with(b"\n") || bytes.ends_with(b"\r")),
    );
    starts.dedup();
    starts
}
