//! What the lines of a file say about how to read each of its positions.

use std::borrow::Cow;

use super::lines::{is_position_line, lines};
use crate::Validator;
use crate::file_kind::FileKind;

/// What the positions of a file of FEN lines or EPD records say about how to read each of
/// them, beyond what each line says itself.
///
/// A ninth `/` group of piece letters after rank 1 (`…/RNBQKBNR/Qn`) is crazyhouse holdings in
/// a file whose other positions are crazyhouse ones (bracket holdings `[Qn]`, promoted markers
/// `~`, or holdings after a ninth `/` in another position too), and a standard-chess mistake,
/// a rank too many, elsewhere. A reader that has a
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
/// // Holdings after a ninth `/` in two positions, as BPGN and Scidb write them.
/// let slash = b"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R/Pp w KQkq - 0 1\n\
///               r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R/ w KQkq - 0 1\n\
///               rnbqkbnr/ppp1pppp/8/8/8/8/PP1PPPPP/RNBQKBNR/Pp b KQkq - 0 3\n";
/// assert!(FileHints::of(FileKind::Epd, slash).crazyhouse);
/// let validator = fenlint::Validator::new();
/// assert!(hints.apply(&validator).is_in_crazyhouse_file());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct FileHints {
    /// Whether some position's board has bracket holdings or a promoted marker `~`, or two
    /// of the first thousand positions' boards have holdings after a ninth `/`.
    pub crazyhouse: bool,
    /// How many positions were read.
    positions: usize,
    /// How many of them have a ninth `/` group of piece letters.
    slash_holdings: usize,
}

/// How many positions of a file with a ninth `/` group of piece letters (`…/RNBQKBNR/Pp`) make
/// it a crazyhouse file, whose slash groups are holdings: one may be a rank too many, as in
/// any single FEN; a file that writes them again and again writes holdings so (BPGN, Scidb).
const SLASH_HOLDINGS_LINES: usize = 2;

/// How many positions at the start of a file are looked at for holdings after a ninth `/`: a
/// file that writes holdings so shows it in its first positions, and the rest of a long file
/// is not read twice for them.
const SLASH_HOLDINGS_SCOPE: usize = 1000;

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
        // Most files say nothing of crazyhouse anywhere: nothing to read line by line, once
        // past the positions looked at for slash holdings.
        let marked = bytes.iter().any(|&byte| byte == b'[' || byte == b'~');
        let looking = |hints: &FileHints| {
            !hints.crazyhouse && (marked || hints.positions < SLASH_HOLDINGS_SCOPE)
        };
        if !looking(self) {
            return;
        }
        if !(marked || may_have_slash_holdings(bytes)) {
            // Lines not read one by one count as positions read (each may be one).
            let lines = bytes.iter().filter(|&&byte| byte == b'\n').count();
            self.positions = self.positions.saturating_add(lines.max(1));
            return;
        }
        for (_, content, _) in lines(bytes) {
            self.add_line(content);
            if !looking(self) {
                break;
            }
        }
    }

    /// Adds what `line` (one line of the file, without its ending) says.
    pub fn add_line(&mut self, line: &[u8]) {
        if self.crazyhouse || !is_position_line(line) {
            return;
        }
        let board = board_of(line);
        self.positions = self.positions.saturating_add(1);
        if board.iter().any(|&byte| byte == b'[' || byte == b'~') {
            self.crazyhouse = true;
        } else if self.positions <= SLASH_HOLDINGS_SCOPE && has_slash_holdings(board) {
            self.slash_holdings = self.slash_holdings.saturating_add(1);
            self.crazyhouse = self.slash_holdings >= SLASH_HOLDINGS_LINES;
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

/// Whether a line among the first thousand of `bytes`, the start of a file, has a first field
/// with a ninth `/`: a quick test, so that the lines of most files are not read one by one for
/// slash holdings (see [`FileHints::add_line`]); it may say yes where the lines say nothing.
///
/// ```
/// use fenlint::files::may_have_slash_holdings;
/// assert!(may_have_slash_holdings(b"4k3/8/8/8/8/8/8/4K3/Qn w - - 0 1\n"));
/// assert!(!may_have_slash_holdings(b"4k3/8/8/8/8/8/8/4K3 w - - c0 \"1/2\";\n"));
/// ```
pub fn may_have_slash_holdings(bytes: &[u8]) -> bool {
    bytes
        .split(|&byte| byte == b'\n')
        .take(SLASH_HOLDINGS_SCOPE)
        .any(|line| board_of(line).iter().filter(|&&byte| byte == b'/').count() >= 8)
}

/// The first field of the position `line`, its board (after leading whitespace and a
/// byte-order mark).
fn board_of(line: &[u8]) -> &[u8] {
    let line = line.trim_ascii_start();
    let line = line
        .strip_prefix("\u{feff}".as_bytes())
        .map_or(line, <[u8]>::trim_ascii_start);
    let end = line
        .iter()
        .position(u8::is_ascii_whitespace)
        .unwrap_or(line.len());
    line.get(..end).unwrap_or(line)
}

/// Whether `board` is nine `/` groups of which the last holds piece letters only, one or more.
fn has_slash_holdings(board: &[u8]) -> bool {
    let mut groups = board.split(|&byte| byte == b'/');
    let last = groups.next_back().unwrap_or_default();
    groups.count() == 8
        && !last.is_empty()
        && last
            .iter()
            .all(|&byte| crate::Piece::from_letter(char::from(byte)).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One board with a ninth `/` group of piece letters may be a rank too many; two say the
    /// file writes holdings so. Empty groups, other characters and ten groups say nothing.
    #[test]
    fn two_boards_with_slash_holdings_say_crazyhouse() {
        let line = |group: &str| format!("4k3/8/8/8/8/8/8/4K3/{group} w - - 0 1\n");
        for (lines, crazyhouse) in [
            (vec![line("Qn")], false),
            (vec![line("Qn"), line("")], false),
            (vec![line("Qn"), line("Pp")], true),
            (
                vec![line("Qn"), "# a comment\n".to_owned(), line("p")],
                true,
            ),
            (vec![line("Q2"), line("Qn")], false),
            (vec![line("Qn/q"), line("Qn/q")], false),
            (vec![line("Qn").replace(' ', "\t"), line("Pp")], true),
        ] {
            let text = lines.concat();
            assert_eq!(
                FileHints::of(FileKind::Lines, text.as_bytes()).crazyhouse,
                crazyhouse,
                "{text}"
            );
            let mut hints = FileHints::default();
            for line in &lines {
                hints.add_line(line.trim_end().as_bytes());
            }
            assert_eq!(hints.crazyhouse, crazyhouse, "{text}");
        }
    }

    /// Slash holdings are looked for among the first thousand positions of a file (bracket
    /// holdings and `~` everywhere), read whole or batch by batch.
    #[test]
    fn slash_holdings_are_looked_for_at_the_start_of_a_file() {
        let plain = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
        let slash = "4k3/8/8/8/8/8/8/4K3/Qn w - - 0 1\n";
        let bracket = "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1\n";
        for (before, after, crazyhouse) in [
            (10, slash, true),
            (SLASH_HOLDINGS_SCOPE - 2, slash, true),
            (SLASH_HOLDINGS_SCOPE, slash, false),
            (SLASH_HOLDINGS_SCOPE * 3, bracket, true),
        ] {
            let text = [plain.repeat(before), after.repeat(2)].concat();
            let whole = FileHints::of(FileKind::Lines, text.as_bytes());
            assert_eq!(whole.crazyhouse, crazyhouse, "{before}");
            let mut batches = FileHints::default();
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            for batch in lines.chunks(7) {
                batches.add_lines(batch.concat().as_bytes());
            }
            assert_eq!(batches.crazyhouse, crazyhouse, "{before} in batches");
        }
    }

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
