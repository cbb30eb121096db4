//! Paths as git sees them: the name a diff gives a file, and the key under which a file named
//! twice (or named and also found by a walk) is read once.

use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

/// `path` as git names it: relative to `cwd` (the current directory) when it is inside it,
/// without `./` and with `.` and `..` segments resolved; otherwise absolute. `-` (standard
/// input) stays as it is.
///
/// A `..` segment is resolved against the file's real directory (symbolic links followed,
/// as the system does when opening the path) when that directory exists, lexically otherwise.
pub fn normalized(path: &Path, cwd: Option<&Path>) -> PathBuf {
    if path.as_os_str() == "-" {
        return path.to_path_buf();
    }
    let has_parent = path.components().any(|c| c == Component::ParentDir);
    if path.is_relative() && !has_parent {
        return path
            .components()
            .filter(|c| *c != Component::CurDir)
            .collect();
    }
    let absolute = match cwd {
        Some(cwd) if path.is_relative() => cwd.join(path),
        _ => path.to_path_buf(),
    };
    let absolute = if has_parent {
        real_parent(&absolute).unwrap_or_else(|| lexical(&absolute))
    } else {
        absolute.components().collect()
    };
    match cwd.and_then(|cwd| absolute.strip_prefix(cwd).ok()) {
        Some(inside) if !inside.as_os_str().is_empty() => inside.to_path_buf(),
        _ => absolute,
    }
}

/// `path` with its directory made real (`..` and links resolved) and its own name kept.
fn real_parent(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?;
    let parent = path.parent()?;
    Some(std::fs::canonicalize(parent).ok()?.join(name))
}

/// `path` with `.` and `..` segments resolved by their text.
fn lexical(path: &Path) -> PathBuf {
    let mut resolved = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                resolved.pop();
            }
            other => resolved.push(other),
        }
    }
    resolved
}

/// The bytes of `path` (on Unix exactly; elsewhere as UTF-8, with `?` for what is not).
fn bytes_of(path: &Path) -> Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Cow::Borrowed(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        match path.to_string_lossy() {
            Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
            Cow::Owned(text) => Cow::Owned(text.into_bytes()),
        }
    }
}

/// The name of `path` after `prefix` (`a/` or `b/`) in a diff header, as `git diff` writes it:
/// [`normalized`], an absolute path without its leading `/` (so that the patch applies from
/// the root, as `git diff --no-index` names such files), `/` between segments, and quoted as
/// git quotes names when it holds a byte that is not plain printable ASCII, a `"` or a `\`,
/// or (unlike git, for `patch`, which ends an unquoted name at a space) a space.
pub fn diff_header(prefix: &str, path: &Path, cwd: Option<&Path>) -> Vec<u8> {
    let normal = normalized(path, cwd);
    let mut name: Vec<u8> = prefix.as_bytes().to_vec();
    let mut first = true;
    for component in normal.components() {
        let segment: Cow<'_, [u8]> = match component {
            Component::Normal(segment) => bytes_of(Path::new(segment)),
            Component::ParentDir => Cow::Borrowed(b".."),
            // The root's `/` is dropped; a Windows drive prefix is kept as a segment.
            Component::Prefix(prefix) => bytes_of(Path::new(prefix.as_os_str())),
            Component::RootDir | Component::CurDir => continue,
        };
        if !first {
            name.push(b'/');
        }
        first = false;
        name.extend_from_slice(&segment);
    }
    quoted(&name)
}

/// `name` as git writes a file name: as it is when every byte is printable ASCII other than
/// `"` and `\` (and, here, a space); otherwise in double quotes, with C escapes for the usual
/// control characters, `\"` and `\\`, and three octal digits for any other byte.
pub fn quoted(name: &[u8]) -> Vec<u8> {
    let plain = |byte: u8| (0x21..0x7f).contains(&byte) && byte != b'"' && byte != b'\\';
    if name.iter().all(|&byte| plain(byte)) {
        return name.to_vec();
    }
    let mut out = Vec::with_capacity(name.len().saturating_add(2));
    out.push(b'"');
    for &byte in name {
        match byte {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\x07' => out.extend_from_slice(b"\\a"),
            b'\x08' => out.extend_from_slice(b"\\b"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\x0b' => out.extend_from_slice(b"\\v"),
            b'\x0c' => out.extend_from_slice(b"\\f"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b' ' => out.push(b' '),
            byte if plain(byte) => out.push(byte),
            byte => {
                out.push(b'\\');
                for shift in [6u32, 3, 0] {
                    out.push(b'0' + ((byte >> shift) & 7));
                }
            }
        }
    }
    out.push(b'"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(path: &str, cwd: &str) -> String {
        String::from_utf8(diff_header("a/", Path::new(path), Some(Path::new(cwd)))).unwrap()
    }

    #[test]
    fn names_are_relative_to_the_current_directory_without_dot_segments() {
        assert_eq!(header("./a.fen", "/w"), "a/a.fen");
        assert_eq!(header("././sub//b.fen", "/w"), "a/sub/b.fen");
        assert_eq!(header("/w/sub/b.fen", "/w"), "a/sub/b.fen");
        assert_eq!(header("/w/./sub/b.fen", "/w"), "a/sub/b.fen");
        // Outside the current directory: absolute, without the root's `/`.
        assert_eq!(header("/elsewhere/b.fen", "/w"), "a/elsewhere/b.fen");
        // `..` is resolved (lexically here: no such directory exists).
        assert_eq!(
            header("../nowhere-such-dir/x/../b.fen", "/nonexistent-w/d"),
            "a/nonexistent-w/nowhere-such-dir/b.fen"
        );
        assert_eq!(header("sub/../b.fen", "/nonexistent-w"), "a/b.fen");
        assert_eq!(header("-", "/w"), "a/-");
    }

    #[test]
    fn names_are_quoted_as_git_quotes_them() {
        assert_eq!(quoted(b"a/plain-name_1.fen"), b"a/plain-name_1.fen");
        assert_eq!(quoted(b"a/with space.fen"), b"\"a/with space.fen\"");
        assert_eq!(quoted(b"a/q\"t\\b.fen"), b"\"a/q\\\"t\\\\b.fen\"");
        assert_eq!(quoted(b"a/t\tn\nr\r.fen"), b"\"a/t\\tn\\nr\\r.fen\"");
        assert_eq!(quoted(b"a/\x1b]0;x\x07.fen"), b"\"a/\\033]0;x\\a.fen\"");
        assert_eq!(quoted("a/é.fen".as_bytes()), b"\"a/\\303\\251.fen\"");
        assert_eq!(quoted(b"a/\x7f\xff"), b"\"a/\\177\\377\"");
    }
}
