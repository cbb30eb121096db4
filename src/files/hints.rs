//! What the lines of a file say about how to read each of its positions.

use std::borrow::Cow;

use super::lines::{is_position_line, lines};
use super::perft_script::perft_script_position;
use crate::file_kind::FileKind;
use crate::{Role, Validator};

/// What the positions of a file of FEN lines or EPD records say about how to read each of
/// them, beyond what each line says itself.
///
/// A ninth `/` group of piece letters after rank 1 (`…/RNBQKBNR/Qn`, or a bare `/` for none) is
/// crazyhouse holdings in a file whose other positions are crazyhouse ones (bracket holdings
/// `[Qn]`, promoted markers `~`, or holdings after a ninth `/` in another position too), and a
/// standard-chess mistake, a rank too many, elsewhere. Likewise X-FEN's `K` or `Q` for an inner
/// rook, the king on the e-file and the corner empty (`…/1RBQKBNR w KQkq`), is a Chess960 right in
/// a file whose other positions say Chess960 by their castling rights (a king off the e-file with
/// its rights, or file letters), and standard chess's stale right elsewhere. A reader that has a
/// whole file finds its hints with [`FileHints::of`]; one that reads a line at a time adds each
/// line with [`FileHints::add_line`] (and so knows only what the lines read so far say). PGN games
/// say their variant in their `[Variant]` tag, and have no hints.
///
/// ```
/// use fenlint::files::{FileHints, FileKind};
/// let text = b"r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] b KQkq - 0 1\n\
///              rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1\n";
/// let hints = FileHints::of(FileKind::Lines, text);
/// assert!(hints.crazyhouse);
/// let standard = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1\n";
/// assert!(!FileHints::of(FileKind::Lines, standard).crazyhouse);
/// // Holdings after a ninth `/` in two positions, as BPGN, Scidb and lichess write them.
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
    /// Whether one of the first thousand positions says Chess960 by its castling rights, read
    /// alone (see [`Validator::in_chess960_file`]).
    pub chess960: bool,
    /// How many positions were read.
    positions: usize,
    /// How many of them have a ninth `/` group of piece letters (or an empty one).
    slash_holdings: usize,
    /// Whether one of those groups holds a piece letter. A bare `/` after rank 1 in every
    /// position is as likely a writer's mistake in a file of standard positions as lichess's
    /// empty holdings: only beside holdings that hold pieces does it say crazyhouse.
    slash_pieces: bool,
}

/// How many positions of a file with a ninth `/` group of piece letters (`…/RNBQKBNR/Pp`) make
/// it a crazyhouse file, whose slash groups are holdings: one may be a rank too many, as in
/// any single FEN; a file that writes them again and again writes holdings so (BPGN, Scidb).
const SLASH_HOLDINGS_LINES: usize = 2;

/// How many positions at the start of a file are looked at for holdings after a ninth `/`: a
/// file that writes holdings so shows it in its first positions, and the rest of a long file
/// is not read twice for them.
const SLASH_HOLDINGS_SCOPE: usize = 1000;

/// How many positions at the start of a file are looked at for castling rights that say
/// Chess960: a file of Chess960 positions shows it in its first ones (756 of the 960 start
/// positions have the king off the e-file).
const CHESS960_SCOPE: usize = 1000;

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
        // Most files say nothing of crazyhouse anywhere, nor of Chess960 at their start:
        // nothing to read line by line, once past the positions looked at for slash holdings
        // and Chess960 castling.
        let marked = bytes.iter().any(|&byte| byte == b'[' || byte == b'~');
        let looking = |hints: &FileHints| {
            (!hints.crazyhouse && (marked || hints.positions < SLASH_HOLDINGS_SCOPE))
                || !hints.chess960_settled()
        };
        if !looking(self) {
            return;
        }
        let chess960 = !self.chess960_settled() && may_say_chess960(bytes);
        if !(marked || chess960 || may_have_slash_holdings(bytes)) {
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
        if (self.crazyhouse && self.chess960_settled()) || !is_position_line(line) {
            return;
        }
        let line = position_of(line);
        let board = board_of(line);
        self.positions = self.positions.saturating_add(1);
        if !self.crazyhouse {
            if board.iter().any(|&byte| byte == b'[' || byte == b'~') {
                self.crazyhouse = true;
            } else if self.positions <= SLASH_HOLDINGS_SCOPE
                && let Some(group) = slash_holdings(board)
            {
                self.slash_holdings = self.slash_holdings.saturating_add(1);
                self.slash_pieces |= !group.is_empty();
                self.crazyhouse = self.slash_holdings >= SLASH_HOLDINGS_LINES && self.slash_pieces;
            }
        }
        if self.positions <= CHESS960_SCOPE && !self.chess960 && says_chess960(line) {
            self.chess960 = true;
        }
    }

    /// Whether what the file says of Chess960 is known: it says so, or the positions looked at
    /// for it have been read.
    pub fn chess960_settled(&self) -> bool {
        self.chess960 || self.positions >= CHESS960_SCOPE
    }

    /// `validator`, reading the file's positions as these hints say (see
    /// [`Validator::in_crazyhouse_file`] and [`Validator::in_chess960_file`]): a copy only when
    /// the hints change it.
    pub fn apply(self, validator: &Validator) -> Cow<'_, Validator> {
        let crazyhouse = self.crazyhouse && !validator.is_in_crazyhouse_file();
        let chess960 = self.chess960 && !validator.is_in_chess960_file();
        if !(crazyhouse || chess960) {
            return Cow::Borrowed(validator);
        }
        let mut hinted = validator.clone();
        if crazyhouse {
            hinted = hinted.in_crazyhouse_file();
        }
        if chess960 {
            hinted = hinted.in_chess960_file();
        }
        Cow::Owned(hinted)
    }
}

/// Whether a line among the first thousand of `bytes`, the start of a file, may say Chess960
/// by its castling rights (see [`FileHints::chess960`]): a quick test on the bytes, so that the
/// lines of most files are not parsed for it; it may say yes where the lines say nothing.
///
/// ```
/// use fenlint::files::may_say_chess960;
/// assert!(may_say_chess960(b"rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1\n"));
/// assert!(may_say_chess960(b"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1\n"));
/// assert!(!may_say_chess960(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
/// ```
pub fn may_say_chess960(bytes: &[u8]) -> bool {
    bytes
        .split(|&byte| byte == b'\n')
        .take(CHESS960_SCOPE)
        .any(|line| line_may_say_chess960(position_of(line)))
}

/// The position of `line`: all of it, or what follows the keyword of a perft script's `epd`
/// line.
fn position_of(line: &[u8]) -> &[u8] {
    perft_script_position(line)
        .and_then(|at| line.get(at..))
        .unwrap_or(line)
}

/// Whether the position `line` may say Chess960 by its castling rights: a file letter among
/// them, or a classic letter of a colour whose king stands on its back rank off the e-file or
/// whose corner on that side holds another piece than its rook (the two marks of a Chess960
/// back rank that [`says_chess960`] weighs).
fn line_may_say_chess960(line: &[u8]) -> bool {
    let mut fields = line
        .split(u8::is_ascii_whitespace)
        .filter(|f| !f.is_empty());
    let (Some(board), _, Some(castling)) = (fields.next(), fields.next(), fields.next()) else {
        return false;
    };
    let mut ranks = board.split(|&byte| byte == b'/');
    let (black, white) = (ranks.next(), ranks.nth(6));
    let marked = |rank: Option<&[u8]>, king: u8, rook: u8, (kingside, queenside): (u8, u8)| {
        let Some(squares) = rank.and_then(rank_squares) else {
            return false;
        };
        let side = |letter: u8, corner: Option<&u8>| {
            castling.contains(&letter)
                && corner.is_some_and(|&piece| piece != b' ' && piece != rook)
        };
        let king_off_e = squares
            .iter()
            .position(|&piece| piece == king)
            .is_some_and(|file| file != 4);
        ((castling.contains(&kingside) || castling.contains(&queenside)) && king_off_e)
            || side(kingside, squares.last())
            || side(queenside, squares.first())
    };
    castling
        .iter()
        .any(|&byte| matches!(byte, b'A'..=b'H' | b'a'..=b'h'))
        || marked(white, b'K', b'R', (b'K', b'Q'))
        || marked(black, b'k', b'r', (b'k', b'q'))
}

/// The eight squares of `rank`, the text of one rank, a-file first: a piece's letter, or a
/// space for an empty square; `None` when the text is no rank of eight squares.
fn rank_squares(rank: &[u8]) -> Option<[u8; 8]> {
    let mut squares = [b' '; 8];
    let mut file = 0usize;
    for &byte in rank {
        match byte {
            b'1'..=b'8' => file = file.checked_add(usize::from(byte.saturating_sub(b'0')))?,
            b'~' => {}
            _ => {
                *squares.get_mut(file)? = byte;
                file = file.checked_add(1)?;
            }
        }
    }
    (file == 8).then_some(squares)
}

/// Whether the position `line` says Chess960 by its castling rights, read alone: its castling
/// follows Chess960's rules as [`crate::position::Position::from_tree`] reads it.
fn says_chess960(line: &[u8]) -> bool {
    if !line_may_say_chess960(line) {
        return false;
    }
    let Ok(text) = std::str::from_utf8(line) else {
        return false;
    };
    let tree = crate::parse(text).into_tree();
    crate::position::Position::from_tree(&tree).is_some_and(|position| position.chess960)
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
        .any(|line| {
            board_of(position_of(line))
                .iter()
                .filter(|&&byte| byte == b'/')
                .count()
                >= 8
        })
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

/// The ninth `/` group of `board`, when it has nine and the last holds letters of pieces that
/// can be held only, or nothing: lichess writes empty holdings so (`…/RNBQKBNR/ w KQkq - 0 1`).
/// A king is never held, and a ninth group with one is a rank written twice
/// (`…/RNBQKBNR/RNBQKBNR`), which says nothing about the file.
fn slash_holdings(board: &[u8]) -> Option<&[u8]> {
    let mut groups = board.split(|&byte| byte == b'/');
    let last = groups.next_back().unwrap_or_default();
    let holdable = |byte: &u8| {
        crate::Piece::from_letter(char::from(*byte)).is_some_and(|piece| piece.role != Role::King)
    };
    (groups.count() == 8 && last.iter().all(holdable)).then_some(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One board with a ninth `/` group of piece letters may be a rank too many; two say the
    /// file writes holdings so, empty ones (a bare `/`, as lichess writes them) among them
    /// when one holds pieces. Empty groups alone, other characters and ten groups say nothing.
    #[test]
    fn two_boards_with_slash_holdings_say_crazyhouse() {
        let line = |group: &str| format!("4k3/8/8/8/8/8/8/4K3/{group} w - - 0 1\n");
        for (lines, crazyhouse) in [
            (vec![line("Qn")], false),
            (vec![line("")], false),
            (vec![line("Qn"), line("")], true),
            (vec![line(""), line("")], false),
            (vec![line(""), line(""), line("q")], true),
            (vec![line(""), line("RNBQKBNR")], false),
            (vec![line("Kq"), line("Qn")], false),
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

    /// A position whose castling rights say Chess960 read alone (a king off the e-file with
    /// its rights, a file letter, a corner that holds another piece than its rook) makes the
    /// file a Chess960 one, in which `K`/`Q` for an inner rook beside an empty corner is the
    /// inner rook's right; a file of standard positions says nothing, and neither does a
    /// position past the first thousand.
    #[test]
    fn castling_rights_that_say_chess960_make_a_chess960_file() {
        let ambiguous = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1RBQKBNR w KQkq - 0 1\n";
        let standard = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n";
        for (line, chess960) in [
            (
                "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1\n",
                true,
            ),
            (
                "bbrkqnrn/pppppppp/8/8/8/8/PPPPPPPP/BBRKQNRN w GCgc - 0 1\n",
                true,
            ),
            (
                "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w KQkq - 0 1\n",
                true,
            ),
            (standard, false),
            (ambiguous, false),
            // A king off the e-file without rights, and rights whose rooks are gone.
            ("4k3/8/8/8/8/8/8/6K1 w - - 0 1\n", false),
            ("4k3/8/8/8/8/8/8/6K1 w K - 0 1\n", false),
        ] {
            let text = [line, ambiguous].concat();
            let hints = FileHints::of(FileKind::Lines, text.as_bytes());
            assert_eq!(hints.chess960, chess960, "{line}");
            let mut by_line = FileHints::default();
            for line in text.lines() {
                by_line.add_line(line.as_bytes());
            }
            assert_eq!(by_line.chess960, chess960, "{line}");
            let plain = Validator::new();
            let validator = hints.apply(&plain);
            let codes: Vec<_> = validator
                .lint(ambiguous.trim_end())
                .diagnostics()
                .iter()
                .map(|d| d.code())
                .collect();
            let expected: &[crate::Code] = if chess960 {
                &[]
            } else {
                &[crate::Code::CastlingNoRook]
            };
            assert_eq!(codes, expected, "{line}");
        }
        let late = [
            standard.repeat(CHESS960_SCOPE),
            "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1\n".to_owned(),
        ]
        .concat();
        assert!(!FileHints::of(FileKind::Lines, late.as_bytes()).chess960);
        assert!(
            FileHints::of(
                FileKind::Epd,
                late.as_bytes()[CHESS960_SCOPE * standard.len()..].as_ref()
            )
            .chess960
        );
    }
}
