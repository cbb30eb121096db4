//! Perft scripts: files of move-generator tests written as `id NAME`, `epd POSITION` and
//! `perft DEPTH NODES` lines, as python-chess's and shakmaty's perft tests, scalachess's test
//! suites and the Dorpsgek test format keep them:
//!
//! ```text
//! id kiwipete
//! epd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -
//! perft 1 48
//! perft 2 2039
//! ```
//!
//! The position of an `epd` line is an EPD record (its four fields, or a FEN's six); the `id`
//! and `perft` lines hold no position.

use crate::{Code, Diagnostic, Span};

/// The keyword of a perft script's position line.
const POSITION_KEYWORD: &[u8] = b"epd";

/// The offset of the position in `line` when it is a perft script's `epd POSITION` line: the
/// keyword at the start of the line, whitespace, and a first field that is a board (it holds a
/// `/`).
///
/// ```
/// use fenlint::files::perft_script_position;
/// assert_eq!(perft_script_position(b"epd 4k3/8/8/8/8/8/8/4K3 w - -"), Some(4));
/// assert_eq!(perft_script_position(b"epd hmvc 0;"), None);
/// assert_eq!(perft_script_position(b"4k3/8/8/8/8/8/8/4K3 w - - epd 1;"), None);
/// ```
pub fn perft_script_position(line: &[u8]) -> Option<usize> {
    let after = line.strip_prefix(POSITION_KEYWORD)?;
    let blank = after
        .iter()
        .take_while(|byte| byte.is_ascii_whitespace())
        .count();
    let position = after.get(blank..)?;
    let board = position
        .iter()
        .take_while(|byte| !byte.is_ascii_whitespace())
        .any(|&byte| byte == b'/');
    (blank > 0 && board).then(|| POSITION_KEYWORD.len().saturating_add(blank))
}

/// Whether `line` is one of a perft script's lines that hold no position: `id NAME` (or `id`
/// alone), or `perft DEPTH NODES` with both numbers written in digits.
///
/// ```
/// use fenlint::files::is_perft_script_directive;
/// assert!(is_perft_script_directive(b"id gentest-1"));
/// assert!(is_perft_script_directive(b"perft 3 8902"));
/// assert!(!is_perft_script_directive(b"perft three"));
/// assert!(!is_perft_script_directive(b"identity"));
/// ```
pub fn is_perft_script_directive(line: &[u8]) -> bool {
    let number = |word: &[u8]| word.iter().all(u8::is_ascii_digit);
    match line {
        [b'i', b'd', rest @ ..] => rest.first().is_none_or(u8::is_ascii_whitespace),
        [b'p', b'e', b'r', b'f', b't', rest @ ..]
            if rest.first().is_some_and(u8::is_ascii_whitespace) =>
        {
            let mut words = rest
                .split(u8::is_ascii_whitespace)
                .filter(|word| !word.is_empty());
            matches!(
                (words.next(), words.next(), words.next()),
                (Some(depth), Some(nodes), None) if number(depth) && number(nodes)
            )
        }
        _ => false,
    }
}

/// `fen::input::perft_script` at `keyword`, the `epd` of a perft script's position line.
pub(super) fn perft_script(keyword: Span) -> Diagnostic {
    Diagnostic::new(
        Code::InputPerftScript,
        "`epd` before the position: a perft script, whose positions are read after their keyword",
    )
    .primary(keyword, "perft-script keyword")
    .help("Perft scripts write `id NAME`, `epd POSITION` and `perft DEPTH NODES` lines (python-chess's and shakmaty's perft tests, scalachess's test suites, the Dorpsgek test format): the position after `epd` is checked as an EPD record, and the `id` and `perft` lines are skipped. A reader of FEN or EPD files needs the position alone on its line.")
}
