//! What the lines of a file say about how to read each of its positions.

use std::borrow::Cow;

use super::lines::{is_position_line, lines};
use crate::Validator;
use crate::file_kind::FileKind;

/// What the positions of a file of FEN lines or EPD records say about how to read each of
/// them, beyond what each line says itself.
///
/// A ninth `/` group of piece letters after rank 1 (`…/RNBQKBNR/Qn`) is crazyhouse holdings in
/// a file whose other positions are crazyhouse ones (bracket holdings `[Qn]`, or promoted
/// markers `~`), and a standard-chess mistake, a rank too many, elsewhere. A reader that has a
/// whole file finds its hints with [`FileHints::of`]; one that reads a line at a time adds each
/// line with [`FileHints::add_line`] (and so knows only what the lines read so far say). PGN
/// games say their variant in their `[Variant]` tag, and have no hints.
///
/// ```
/// use fenlint::files::{FileHints, FileKind};
/// let text = b"r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] b KQkq - 0 1\n\
///              rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1\n";
/// let hints = FileHints::of(FileKind::Lines, text);
/// assert!(hints.crazyhouse);
/// let standard = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1\n";
/// assert!(!FileHints::of(FileKind::Lines, standard).crazyhouse);
/// let validator = fenlint::Validator::new();
/// assert!(hints.apply(&validator).is_in_crazyhouse_file());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct FileHints {
    /// Whether some position's board has bracket holdings or a promoted marker `~`.
    pub crazyhouse: bool,
}

impl FileHints {
    /// The hints of the whole text of a file of `kind`.
    pub fn of(kind: FileKind, bytes: &[u8]) -> FileHints {
        let mut hints = FileHints::default();
        if kind != FileKind::Pgn {
            hints.add_lines(bytes);
        }
        hints
    }

    /// Adds what the lines of `bytes` (whole lines of the file) say.
    pub fn add_lines(&mut self, bytes: &[u8]) {
        // Most files hold neither character anywhere: nothing to read line by line.
        if self.crazyhouse || !bytes.iter().any(|&byte| byte == b'[' || byte == b'~') {
            return;
        }
        for (_, content, _) in lines(bytes) {
            self.add_line(content);
            if self.crazyhouse {
                break;
            }
        }
    }

    /// Adds what `line` (one line of the file, without its ending) says.
    pub fn add_line(&mut self, line: &[u8]) {
        if !self.crazyhouse && is_position_line(line) {
            self.crazyhouse = board_says_crazyhouse(line);
        }
    }

    /// `validator`, reading the file's positions as these hints say (see
    /// [`Validator::in_crazyhouse_file`]): a copy only when the hints change it.
    pub fn apply(self, validator: &Validator) -> Cow<'_, Validator> {
        if self.crazyhouse && !validator.is_in_crazyhouse_file() {
            Cow::Owned(validator.clone().in_crazyhouse_file())
        } else {
            Cow::Borrowed(validator)
        }
    }
}

/// Whether the first field of the position `line`, its board, has bracket holdings or a
/// promoted marker.
fn board_says_crazyhouse(line: &[u8]) -> bool {
    let line = line.trim_ascii_start();
    let line = line
        .strip_prefix("\u{feff}".as_bytes())
        .map_or(line, <[u8]>::trim_ascii_start);
    line.iter()
        .take_while(|byte| !byte.is_ascii_whitespace())
        .any(|&byte| byte == b'[' || byte == b'~')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_board_of_a_position_line_says_crazyhouse() {
        for (line, crazyhouse) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
                true,
            ),
            ("  \u{feff} 4k3/8/8/8/8/8/8/4KQ~2/ w - - 0 1", true),
            ("4k3/8/8/8/8/8/8/4K3/Q w - - 0 1", false),
            // A comment, and brackets after the board: an EPD string, a Seirawan castling field.
            ("# crazyhouse [Qn] ~", false),
            ("4k3/8/8/8/8/8/8/4K3 w - - id \"[x] ~\";", false),
            ("", false),
        ] {
            let mut hints = FileHints::default();
            hints.add_line(line.as_bytes());
            assert_eq!(hints.crazyhouse, crazyhouse, "{line}");
            assert_eq!(
                FileHints::of(FileKind::Epd, line.as_bytes()).crazyhouse,
                crazyhouse,
                "{line}"
            );
            // A PGN file says its variant in its tags.
            assert!(!FileHints::of(FileKind::Pgn, line.as_bytes()).crazyhouse);
        }
    }
}
