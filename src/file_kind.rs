//! What a file holds, told from its name: FEN lines, EPD records or PGN games.

use std::path::Path;

/// How a file is read.
///
/// ```
/// use fenlint::files::FileKind;
/// assert_eq!(FileKind::of(std::path::Path::new("games.PGN")), FileKind::Pgn);
/// assert_eq!(FileKind::of(std::path::Path::new("suite.epd")), FileKind::Epd);
/// assert_eq!(FileKind::of(std::path::Path::new("positions.txt")), FileKind::Lines);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FileKind {
    /// One FEN per non-blank line; `#` starts a comment line (`.fen`, `.txt`, anything else).
    Lines,
    /// One EPD record per non-blank line (`.epd`).
    Epd,
    /// A PGN file: every `[FEN "..."]` tag (`.pgn`).
    Pgn,
}

impl FileKind {
    /// The kind of a file, from its extension (case-insensitive); [`FileKind::Lines`] for any
    /// other extension or none (`.txt` included): a file named explicitly is read whatever its
    /// name.
    pub fn of(path: &Path) -> FileKind {
        FileKind::of_extension(path).unwrap_or(FileKind::Lines)
    }

    /// The kind of a file whose extension says it holds positions, case-insensitively: `.fen`,
    /// `.epd` or `.pgn`; `None` for any other. These are the files a directory walk picks up:
    /// a generic extension such as `.txt` is read as FEN lines when named, never when walked.
    ///
    /// ```
    /// use fenlint::files::FileKind;
    /// use std::path::Path;
    /// assert_eq!(FileKind::of_extension(Path::new("BOOK.FEN")), Some(FileKind::Lines));
    /// assert_eq!(FileKind::of_extension(Path::new("notes.txt")), None);
    /// ```
    pub fn of_extension(path: &Path) -> Option<FileKind> {
        let ext = path.extension()?.to_str()?;
        if ext.eq_ignore_ascii_case("fen") {
            Some(FileKind::Lines)
        } else if ext.eq_ignore_ascii_case("epd") {
            Some(FileKind::Epd)
        } else if ext.eq_ignore_ascii_case("pgn") {
            Some(FileKind::Pgn)
        } else {
            None
        }
    }
}
