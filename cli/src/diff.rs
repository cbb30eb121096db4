//! `--diff`: what `check --fix` and `fmt` would change, as a unified diff.

use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

use similar::TextDiff;

use crate::bounded::Elided;

/// Lines of context around each change, as `diff -u` and `git diff` show.
const CONTEXT_LINES: usize = 3;

/// How long the search for the smallest diff of a file may take. Finding it takes time that
/// grows with the square of the lines changed (every line of a file `fmt` converts); past this,
/// the lines not yet compared are written as changed as they are: the diff still applies, it
/// may only be longer than it needs to be.
const DIFF_TIME: Duration = Duration::from_secs(1);

/// Writes to `out` the unified diff from `old` to `new` of the file `path`, with the
/// `--- a/NAME` and `+++ b/NAME` headers that `git apply` and `patch -p1` read, NAME as git
/// writes it (see [`crate::paths::diff_header`]: relative to `cwd` when inside it, quoted when
/// it has to be); nothing when the two are the same. Returns whether there was a difference.
///
/// The lines are compared and written as bytes, so that nothing is lost: a byte-order mark, a
/// `\r` before the `\n` and bytes that are not UTF-8 appear in the diff as they are in the
/// file, and a last line without its `\n` is followed by `\ No newline at end of file`.
///
/// When `old` and `new` were made from an input read with its long lines elided, `long` is
/// that input: each hunk is written with its long lines back in place of their markers (a long
/// line is never changed, so it is only ever context), a hunk at a time, so that no long line
/// is held in memory.
pub fn write_unified(
    out: &mut dyn Write,
    path: &Path,
    cwd: Option<&Path>,
    old: &[u8],
    new: &[u8],
    mut long: Option<&mut Elided>,
) -> io::Result<bool> {
    if old == new {
        return Ok(false);
    }
    let diff = TextDiff::configure()
        .timeout(DIFF_TIME)
        .diff_lines(old, new);
    let mut unified = diff.unified_diff();
    unified.context_radius(CONTEXT_LINES);
    let mut hunks = unified.iter_hunks().peekable();
    if hunks.peek().is_none() {
        return Ok(false);
    }
    let mut header = b"--- ".to_vec();
    header.extend(crate::paths::diff_header("a/", path, cwd));
    header.extend_from_slice(b"\n+++ ");
    header.extend(crate::paths::diff_header("b/", path, cwd));
    header.push(b'\n');
    out.write_all(&header)?;
    // Each hunk writes its lines as bytes (its `Display` would replace bytes that are not
    // UTF-8).
    let mut written = Vec::new();
    for hunk in hunks {
        match long.as_deref_mut() {
            Some(elided) => {
                written.clear();
                hunk.to_writer(&mut written)?;
                elided.write_diff(&written, out)?;
            }
            None => hunk.to_writer(&mut *out)?,
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(old: &[u8], new: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        write_unified(&mut out, Path::new("./x.fen"), None, old, new, None).unwrap();
        out
    }

    #[test]
    fn no_change_writes_nothing() {
        assert!(diff(b"a\nb\n", b"a\nb\n").is_empty());
    }

    #[test]
    fn bytes_are_kept_as_they_are() {
        let old = b"\xef\xbb\xbf# x\r\n\xe9\r\nw QK\r\nend";
        let new = b"\xef\xbb\xbf# x\r\n\xe9\r\nw KQ\r\nend";
        assert_eq!(
            diff(old, new),
            b"--- a/x.fen\n+++ b/x.fen\n@@ -1,4 +1,4 @@\n \xef\xbb\xbf# x\r\n \xe9\r\n-w QK\r\n+w KQ\r\n end\n\\ No newline at end of file\n"
        );
    }
}
