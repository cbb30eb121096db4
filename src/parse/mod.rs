//! The grammar: one nom 8 combinator per production of `grammar/fen.ebnf`.
//!
//! nom has no error recovery, so the `fen` production splits the line into fields at
//! whitespace (kept as trivia) and runs each field's production on its own text. The productions
//! are tolerant: text they do not accept becomes an [`SyntaxKind::Error`](crate::SyntaxKind::Error) token with a diagnostic,
//! so one pass reports every independent problem and the tree always covers every byte.

/// Defines `$name`, a `static [&str; 94]` of the messages `$before`, one printable ASCII
/// character (`!` plus the index) and `$after`, worked out at compile time: a report on one
/// wrong character, the usual case, then takes its message from the table instead of building
/// it. `$bytes` names the table's bytes.
macro_rules! one_character_messages {
    ($(#[$doc:meta])* $name:ident, $bytes:ident, $before:expr, $after:expr) => {
        /// The bytes of the messages of the table next to it.
        #[allow(
            clippy::indexing_slicing,
            clippy::arithmetic_side_effects,
            reason = "worked out at compile time: the indexes stay within the arrays' lengths, which the build checks"
        )]
        static $bytes: [[u8; $before.len() + 1 + $after.len()]; 94] = {
            let before = $before.as_bytes();
            let after = $after.as_bytes();
            let mut table = [[0u8; $before.len() + 1 + $after.len()]; 94];
            let mut index = 0;
            while index < table.len() {
                let message = &mut table[index];
                let mut at = 0;
                while at < before.len() {
                    message[at] = before[at];
                    at += 1;
                }
                message[at] = b'!' + index as u8;
                let mut from = 0;
                while from < after.len() {
                    message[at + 1 + from] = after[from];
                    from += 1;
                }
                index += 1;
            }
            table
        };

        $(#[$doc])*
        #[allow(
            clippy::indexing_slicing,
            clippy::arithmetic_side_effects,
            reason = "worked out at compile time: the index stays below the arrays' common length"
        )]
        static $name: [&str; 94] = {
            let mut table = [""; 94];
            let mut index = 0;
            while index < table.len() {
                table[index] = match std::str::from_utf8(&$bytes[index]) {
                    Ok(text) => text,
                    Err(_) => "",
                };
                index += 1;
            }
            table
        };
    };
}

/// The message of `one_character_messages!` table `table` for `text`, when it is one printable
/// ASCII character.
#[inline(always)]
pub(crate) fn one_character_message(
    table: &[&'static str; 94],
    text: &str,
) -> Option<&'static str> {
    match text.as_bytes() {
        [byte] => table.get(usize::from(byte.wrapping_sub(b'!'))).copied(),
        _ => None,
    }
}

mod castling;
mod cx;
mod epd;
mod fen;
mod fen_tag;
mod whitespace;

pub(crate) use counters::leading_zero;
pub(crate) use cx::Cx;
pub(crate) use epd::is_check_counters;
pub use fen::MAX_LINE_LEN;
pub(crate) use fen::{fen, line_too_long};
pub(crate) use whitespace::{is_ascii_whitespace, run_len};
mod checks;
mod counters;
mod en_passant;
mod holdings;
mod placement;
mod side_to_move;

use nom::IResult;

use crate::diagnostics::{Code, Diagnostic};
use crate::position::{Bitboard, Board};
use crate::syntax::{MAX_INPUT_LEN, SyntaxTree, TreeBuilder};
use crate::{Severity, Span};

/// The result of parsing one FEN: the lossless syntax tree and every syntax diagnostic.
///
/// Parsing never fails: whatever the input, there is a tree that prints back to it.
///
/// ```
/// let parse = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// assert!(parse.diagnostics().is_empty());
/// assert!(parse.ok().is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct Parse<'a> {
    tree: SyntaxTree<'a>,
    diagnostics: Vec<Diagnostic>,
    /// The board and its promoted squares, when the placement is plain (eight ranks of piece
    /// letters, `~` markers and digits, see `placement::plain_placement`) and was read as its
    /// nodes were built: what [`crate::Position::from_tree`] would read from the tree, worked
    /// out once.
    plain_board: Option<(Board, Bitboard)>,
    /// The fields after the placement, when the fast path read them (see `fen::plain_tail`).
    plain_tail: Option<PlainTail<'a>>,
    /// The pieces in hand, when the fast path of the holdings read them: what
    /// [`crate::Position::from_tree`] would count from the holdings' nodes.
    plain_holdings: Option<crate::position::Holdings>,
}

/// The fields after the piece placement as the fast path for the usual form read them (see
/// `fen::plain_tail`): what [`crate::Position::from_tree`] and the counter rules would read
/// from the tree, worked out once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlainTail<'a> {
    /// The side to move, as the position reads it: White when the field is not `w` or `b`.
    pub(crate) turn: crate::Color,
    /// The castling field as written when it is `-` or castling letters in order without
    /// repeats, each of which is a castling right of the tree; `None` for any other field.
    pub(crate) castling: Option<&'a str>,
    /// Where the castling field starts (an absolute offset, as spans are).
    pub(crate) castling_start: usize,
    /// The en-passant square; `None` for `-`.
    pub(crate) en_passant: Option<crate::Square>,
    /// Where the en-passant field starts (an absolute offset, as spans are): with a square,
    /// the field is the square's two letters.
    pub(crate) en_passant_start: usize,
    /// The halfmove clock as written.
    pub(crate) halfmove_clock: crate::validate::CounterText<'a>,
    /// The fullmove number as written.
    pub(crate) fullmove_number: crate::validate::CounterText<'a>,
    /// The checks given by White and by Black as the three-check counts say (`None` without
    /// counts), when the fast path read them; `None` when they are to be read from the tree.
    pub(crate) checks_given: Option<Option<[u8; 2]>>,
}

/// What the validator reads of a parse, borrowed: the tree and what the fast paths read (see
/// [`Parse`]'s fields), wherever they are kept: in a [`Parse`], or still in the parse context
/// of a file's line, which is validated without moving them out (see [`diagnostics_of_line`]).
#[derive(Clone, Copy)]
pub(crate) struct ParseRead<'p, 'a> {
    pub(crate) tree: &'p SyntaxTree<'a>,
    pub(crate) plain_board: Option<&'p (Board, Bitboard)>,
    pub(crate) plain_tail: Option<&'p PlainTail<'a>>,
    pub(crate) plain_holdings: Option<&'p crate::position::Holdings>,
}

impl<'a> Parse<'a> {
    /// The syntax tree.
    ///
    /// ```
    /// assert_eq!(fenlint::parse("8/8 w").tree().to_string(), "8/8 w");
    /// ```
    pub fn tree(&self) -> &SyntaxTree<'a> {
        &self.tree
    }

    /// What the validator reads of the parse (see [`ParseRead`]).
    pub(crate) fn read(&self) -> ParseRead<'_, 'a> {
        ParseRead {
            tree: &self.tree,
            plain_board: self.plain_board.as_ref(),
            plain_tail: self.plain_tail.as_ref(),
            plain_holdings: self.plain_holdings.as_ref(),
        }
    }

    /// The position the FEN describes, as [`crate::position::Position::from_tree`] reads it
    /// from the tree, but without walking a plain board's nodes again: the parser read that
    /// board as it built them. `None` unless the placement is eight ranks of eight squares.
    ///
    /// ```
    /// use fenlint::{Color, position::Variant};
    /// let parse = fenlint::parse("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    /// let position = parse.position().unwrap();
    /// assert_eq!(position.turn, Color::Black);
    /// assert_eq!(position.variant, Variant::Standard);
    /// assert!(fenlint::parse("8/8 w").position().is_none());
    /// ```
    pub fn position(&self) -> Option<crate::position::Position> {
        crate::position::Position::from_parse(self)
    }

    /// The syntax tree, without the diagnostics.
    ///
    /// ```
    /// let tree = fenlint::parse("8/8 w").into_tree();
    /// assert_eq!(tree.source(), "8/8 w");
    /// ```
    pub fn into_tree(self) -> SyntaxTree<'a> {
        self.tree
    }

    /// Every syntax diagnostic, ordered by position.
    ///
    /// ```
    /// let parse = fenlint::parse("8/8/8/8/8/8/8/8 w - - 0 1");
    /// assert!(parse.diagnostics().is_empty());
    /// ```
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Takes the diagnostics out, leaving none, for the validator, which reports them with
    /// its own.
    pub(crate) fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diagnostics)
    }

    /// The tree and the diagnostics.
    ///
    /// ```
    /// let (tree, diagnostics) = fenlint::parse("8/8/8/8/8/8/8/9 w").into_parts();
    /// assert_eq!(tree.source(), "8/8/8/8/8/8/8/9 w");
    /// assert_eq!(diagnostics.len(), 2);
    /// ```
    pub fn into_parts(self) -> (SyntaxTree<'a>, Vec<Diagnostic>) {
        (self.tree, self.diagnostics)
    }

    /// Whether any diagnostic has error severity.
    ///
    /// ```
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8 x").has_errors());
    /// assert!(!fenlint::parse("8/8/8/8/8/8/8/8  w - - 0 1").has_errors());
    /// ```
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|diagnostic| diagnostic.severity() == Severity::Error)
    }

    /// The tree if no diagnostic is an error (warnings are allowed), otherwise the diagnostics.
    ///
    /// ```
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8 w - - 0 1").ok().is_ok());
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8 w - - -1 1").ok().is_err());
    /// ```
    pub fn ok(self) -> Result<SyntaxTree<'a>, Vec<Diagnostic>> {
        if self.has_errors() {
            Err(self.diagnostics)
        } else {
            Ok(self.tree)
        }
    }
}

/// Parses one FEN whose spans start at 0.
///
/// ```
/// let parse = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// assert_eq!(parse.tree().castling().unwrap().text(), "KQkq");
/// ```
pub fn parse(input: &str) -> Parse<'_> {
    parse_at(input, 0)
}

/// Parses one FEN that starts at byte offset `base` of a larger text (a line of a file, a PGN
/// tag value), so that every span is an offset into that text.
///
/// ```
/// let line = r#"[FEN "8/8/8/8/8/8/8/8 x - - 0 1"]"#;
/// let parse = fenlint::parse_at(&line[6..30], 6);
/// let span = parse.diagnostics()[0].span();
/// assert_eq!(&line[span.range()], "x");
/// ```
pub fn parse_at(input: &str, base: usize) -> Parse<'_> {
    parse_fen_at(input, base)
}

/// The diagnostics of `input` (a file's line) at offset `base`, as `validator` lints it:
/// parsed as [`parse_at`] parses it, then validated with what the validator reads of the
/// parse borrowed where the parse built it (see [`ParseRead`]), not moved out first, and the
/// parser's diagnostics in the order they were found: the validator orders them with the
/// rules' (by span, in a stable sort: the order of both sorts at once is that of the parser's
/// sorted first).
#[inline(always)]
pub(crate) fn diagnostics_of_line(
    input: &str,
    base: usize,
    validator: &crate::Validator,
) -> Vec<Diagnostic> {
    if input.len() > MAX_INPUT_LEN {
        let mut parse = too_long(input, base);
        let found = parse.take_diagnostics();
        return validator.diagnostics_of(parse.read(), found);
    }
    // Nothing is left in the context to drop once its tree and diagnostics are taken: made
    // undroppable where it is built.
    let mut cx = std::mem::ManuallyDrop::new(Cx::new(input, base));
    fen(&mut cx, input);
    let (tree, found) = cx.finish_tree(false);
    let read = ParseRead {
        tree: &tree,
        plain_board: cx.plain_board.as_ref(),
        plain_tail: cx.plain_tail.as_ref(),
        plain_holdings: cx.plain_holdings.as_ref(),
    };
    validator.diagnostics_of(read, found)
}

/// [`diagnostics_of_line`], the tree built over `nodes` (the array of the last line's tree,
/// kept by the caller), which it gets back: no thread-local look for a spare array, none to
/// give it back to.
#[inline(always)]
pub(crate) fn diagnostics_of_line_in(
    input: &str,
    base: usize,
    validator: &crate::Validator,
    nodes: &mut crate::syntax::Nodes,
) -> Vec<Diagnostic> {
    if input.len() > MAX_INPUT_LEN {
        return diagnostics_of_line(input, base, validator);
    }
    let mut cx = std::mem::ManuallyDrop::new(Cx::new_in(input, base, Some(std::mem::take(nodes))));
    fen(&mut cx, input);
    // The tree's node array goes back to the caller: nothing is left in the tree to drop.
    let (tree, found) = cx.finish_tree(false);
    let mut tree = std::mem::ManuallyDrop::new(tree);
    let read = ParseRead {
        tree: &tree,
        plain_board: cx.plain_board.as_ref(),
        plain_tail: cx.plain_tail.as_ref(),
        plain_holdings: cx.plain_holdings.as_ref(),
    };
    let diagnostics = validator.diagnostics_of(read, found);
    *nodes = tree.take_nodes();
    diagnostics
}

/// [`parse_at`].
#[inline(always)]
fn parse_fen_at(input: &str, base: usize) -> Parse<'_> {
    if input.len() > MAX_INPUT_LEN {
        return too_long(input, base);
    }
    // Nothing is left in the context to drop once `finish_parse` took its vectors: made
    // undroppable where it is built, so that there is nothing to forget after.
    let mut cx = std::mem::ManuallyDrop::new(Cx::new(input, base));
    fen(&mut cx, input);
    cx.finish_parse()
}

/// Parses one EPD record (PGN §16.2) whose spans start at 0: the position fields, as a FEN's,
/// then the operations, all in one lossless tree rooted at [`SyntaxKind::EpdRecord`].
///
/// The diagnostics are those of the position fields, without `fen::fields::missing` (four
/// fields are the EPD form); the checks of the operations, of the number of fields and of the
/// `hmvc`/`fmvn` counters are [`crate::epd::check`]'s.
///
/// [`SyntaxKind::EpdRecord`]: crate::SyntaxKind::EpdRecord
///
/// ```
/// let record = r#"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id "x \"y\"";"#;
/// let parse = fenlint::parse_epd_record(record);
/// assert!(parse.diagnostics().is_empty());
/// assert_eq!(parse.tree().to_string(), record);
/// assert_eq!(parse.tree().en_passant().unwrap().text(), "-");
/// let opcodes: Vec<_> = parse.tree().operations().map(|op| op.opcode()).collect();
/// assert_eq!(opcodes, ["bm", "id"]);
/// ```
pub fn parse_epd_record(input: &str) -> Parse<'_> {
    parse_epd_record_at(input, 0)
}

/// [`parse_epd_record`] for a record that starts at byte offset `base` of a larger text (a line
/// of an EPD file), so that every span is an offset into that text.
///
/// ```
/// let parse = fenlint::parse_epd_record_at("8/8/8/8/8/8/8/8 x - - c0 \"a\";", 50);
/// assert_eq!(parse.diagnostics()[0].span(), fenlint::Span::new(66, 67));
/// let operation = parse.tree().operations().next().unwrap();
/// assert_eq!(operation.span(), fenlint::Span::new(72, 79));
/// ```
pub fn parse_epd_record_at(input: &str, base: usize) -> Parse<'_> {
    epd_record_at(input, base).0
}

/// [`parse_epd_record_at`], with the number of position fields the record has (up to four).
pub(crate) fn epd_record_at(input: &str, base: usize) -> (Parse<'_>, usize) {
    if input.len() > MAX_INPUT_LEN {
        return (too_long(input, base), 4);
    }
    let mut cx = Cx::new(input, base);
    let count = epd::epd_record(&mut cx, input);
    let mut parse = cx.finish_parse();
    // Four fields are the EPD form: the FEN's counters are operations here.
    parse
        .diagnostics
        .retain(|diagnostic| diagnostic.code() != Code::FieldsMissing);
    (parse, count)
}

/// Parses one PGN tag pair that carries a FEN, `[FEN "…"]` (PGN §9.7.1), whose spans start
/// at 0: the tokens of the tag pair around the FEN's fields, all in one lossless tree rooted at
/// [`SyntaxKind::FenTagPair`].
///
/// The diagnostics of the value are those [`parse_at`] gives for the value alone; text that
/// does not fit the shape of the tag pair draws `pgn::tag::malformed`.
///
/// [`SyntaxKind::FenTagPair`]: crate::SyntaxKind::FenTagPair
///
/// ```
/// let pair = r#"[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]"#;
/// let parse = fenlint::parse_fen_tag_pair(pair);
/// assert!(parse.diagnostics().is_empty());
/// assert_eq!(parse.tree().to_string(), pair);
/// assert_eq!(parse.tree().fullmove_number().unwrap().value(), Some(1));
/// ```
pub fn parse_fen_tag_pair(input: &str) -> Parse<'_> {
    parse_fen_tag_pair_at(input, 0)
}

/// [`parse_fen_tag_pair`] for a tag pair that starts at byte offset `base` of a larger text (a
/// PGN file), so that every span is an offset into that text.
///
/// ```
/// let parse = fenlint::parse_fen_tag_pair_at("[FEN \"8/8/8/8/8/8/8/8 x - - 0 1\"]", 100);
/// assert_eq!(parse.diagnostics()[0].code().name(), "fen::side_to_move::invalid");
/// assert_eq!(parse.diagnostics()[0].span(), fenlint::Span::new(122, 123));
/// let bad = fenlint::parse_fen_tag_pair("[Event \"x\"]");
/// assert_eq!(bad.diagnostics()[0].code().name(), "pgn::tag::malformed");
/// ```
pub fn parse_fen_tag_pair_at(input: &str, base: usize) -> Parse<'_> {
    if input.len() > MAX_INPUT_LEN {
        return too_long(input, base);
    }
    let mut cx = Cx::new(input, base);
    fen_tag::fen_tag_pair(&mut cx, input);
    cx.finish_parse()
}

/// Parses one FEN given as bytes; text that is not UTF-8 gives a `fen::input::invalid_utf8`
/// diagnostic at the first bad byte instead of a tree.
///
/// ```
/// let error = fenlint::parse_bytes(b"8/8/8/8/8/8/8/\xff w").unwrap_err();
/// assert_eq!(error.code().name(), "fen::input::invalid_utf8");
/// assert_eq!(error.span(), fenlint::Span::new(14, 15));
/// assert!(fenlint::parse_bytes(b"8/8 w").is_ok());
/// ```
pub fn parse_bytes(input: &[u8]) -> Result<Parse<'_>, Diagnostic> {
    parse_bytes_at(input, 0)
}

/// [`parse_bytes`] for a FEN that starts at byte offset `base` of a larger text.
///
/// ```
/// let error = fenlint::parse_bytes_at(b"\xc3(", 100).unwrap_err();
/// assert_eq!(error.span(), fenlint::Span::new(100, 101));
/// ```
pub fn parse_bytes_at(input: &[u8], base: usize) -> Result<Parse<'_>, Diagnostic> {
    match std::str::from_utf8(input) {
        Ok(text) => Ok(parse_at(text, base)),
        Err(error) => {
            let start = error.valid_up_to();
            let len = error
                .error_len()
                .unwrap_or(input.len().saturating_sub(start));
            let bad = input
                .get(start..start.saturating_add(len))
                .unwrap_or_default();
            let shown: Vec<String> = bad.iter().map(|byte| format!("\\x{byte:02X}")).collect();
            let at = base.saturating_add(start);
            let span = Span::new(at, at.saturating_add(len));
            Err(Diagnostic::new(
                Code::InputInvalidUtf8,
                format!(
                    "invalid UTF-8 `{}` at byte {at}, expected UTF-8 text",
                    shown.concat(),
                ),
            )
            .primary(span, "not UTF-8")
            .help("FEN is ASCII text; re-save the file as UTF-8 or ASCII."))
        }
    }
}

/// Input longer than [`MAX_INPUT_LEN`] bytes is no FEN: one error token, one diagnostic.
#[cold]
fn too_long(input: &str, base: usize) -> Parse<'_> {
    let tree = TreeBuilder::oversized(input, base);
    let span = tree.root().span();
    let diagnostic = Diagnostic::new(
        Code::InputTooLong,
        format!(
            "input of {} bytes, expected at most {MAX_INPUT_LEN} bytes for one FEN",
            input.len()
        ),
    )
    .primary(span, "too long to be a FEN")
    .help("A FEN is under a hundred bytes; check that the input is split into lines.");
    Parse {
        tree,
        diagnostics: vec![diagnostic],
        plain_board: None,
        plain_tail: None,
        plain_holdings: None,
    }
}

/// One byte that satisfies `accept`: the building block of the one-character productions,
/// which read bytes because every character they accept is ASCII.
#[inline(always)]
pub(crate) fn one_byte(input: &[u8], accept: impl Fn(u8) -> bool) -> IResult<&[u8], u8> {
    match input.split_first() {
        Some((&byte, rest)) if accept(byte) => Ok((rest, byte)),
        _ => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Char,
        ))),
    }
}

/// Checks that `table` holds, for each printable ASCII character but the space, the message
/// `around_shown` builds from `before`, the character and `after`.
#[cfg(test)]
fn assert_one_character_messages(table: &[&'static str; 94], before: &str, after: &str) {
    for byte in b'!'..=b'~' {
        let text = char::from(byte).to_string();
        assert_eq!(
            one_character_message(table, &text),
            Some(crate::diagnostics::text::around_shown(before, &text, after).as_str()),
            "{byte}"
        );
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::*;

    /// Parses with the fast paths turned off: the general productions only.
    fn parse_general(input: &str) -> Parse<'_> {
        let mut cx = Cx::new(input, 0);
        cx.fast_paths = false;
        fen(&mut cx, input);
        cx.finish_parse()
    }

    /// The fast paths are an optimisation only: for valid FENs of every dialect and for seeded
    /// one- and two-byte mutations of them, they build the same tree and report the same
    /// diagnostics as the general productions, and the board the fast path reads as it goes is
    /// the board the position reads from the tree.
    #[test]
    fn fast_paths_build_what_the_general_productions_build() {
        const SEEDS: [&str; 19] = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 3 9",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1/NNPPbnp b - - 0 16",
            "rkn2Q~N1/pppq4/5P2/8/1P1P1n2/5B1P/PPPN1PpP/R3K1R1/RBBBPPq b Q - 0 43",
            "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 3",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] b - - 0 1",
            "r3k2r/ppp2ppp/2n5/3q4/3P4/2N5/PPP1Q~PPP/R3K2R[Bnp] w KQkq - 0 12",
            "4k3/8/8/8/8/8/8/4K3[-]  w - -",
            "rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            // The longest plain board (135 bytes, all the board's fast path reads), whose
            // mutations are one byte longer or shorter.
            "Q~Q~Q~Q~Q~Q~Q~Q~/q~q~q~q~q~q~q~q~/N~N~N~N~N~N~N~N~/n~n~n~n~n~n~n~n~/B~B~B~B~B~B~B~B~/b~b~b~b~b~b~b~b~/R~R~R~R~R~R~R~R~/r~r~r~r~r~r~r~r~ w - - 0 1",
            // A placement that does not start the tree (after leading whitespace), so that the
            // fast paths' blocks start further on.
            "  r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            // Ranks that leave the board's fast path at the last rank and after it.
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1R w KQkq - 0 1 extra",
            // Fields after the placement that the usual forms do not take, read by the fast
            // path for simple fields (`fen::simple_tail`): wrong in every field, missing
            // fields, and words that start other text.
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkqq e5 -1 0",
            "8/8/8/4k3/8/8/8/4K3 W KQ",
            "4k3/8/8/8/8/8/8/4K3 white to move",
        ];
        const ALPHABET: &[u8] = b"pnbrqkPNBRQK0123456789/~[]-+ \twbKQkqAHahe#;";
        let check = |input: &str| {
            let (fast, general) = (parse(input), parse_general(input));
            assert_eq!(fast.tree().dump(), general.tree().dump(), "{input:?}");
            assert_eq!(fast.diagnostics(), general.diagnostics(), "{input:?}");
            assert_eq!(general.read().plain_board, None, "{input:?}");
            assert_eq!(general.read().plain_tail, None, "{input:?}");
            assert_eq!(general.read().plain_holdings, None, "{input:?}");
            // Kept pieces in hand are what the position counts from the tree, when there is a
            // position (the holdings may follow a board that is not eight by eight).
            if let (Some(holdings), Some(position)) = (
                fast.read().plain_holdings,
                crate::position::Position::from_tree(fast.tree()),
            ) {
                assert_eq!(Some(*holdings), position.holdings, "{input:?}");
            }
            if let Some(tail) = fast.read().plain_tail {
                let tree = fast.tree();
                // The side to move as the position reads it: White's when the field is not
                // a colour.
                let side = tree.side_to_move().and_then(|side| side.color());
                assert_eq!(tail.turn, side.unwrap_or(crate::Color::White), "{input:?}");
                if let Some(letters) = tail.castling {
                    let castling = tree.castling().map(|field| field.syntax().text());
                    assert_eq!(Some(letters), castling, "{input:?}");
                    let start = tree.castling().map(|field| field.span().start);
                    assert_eq!(Some(tail.castling_start), start, "{input:?}");
                    let from_text =
                        crate::validate::CastlingLetters::of_text(letters, tail.castling_start);
                    let from_tree = crate::validate::CastlingLetters::of(tree);
                    assert!(from_text.iter().eq(from_tree.iter()), "{input:?}");
                }
                assert_eq!(
                    crate::position::Position::from_parse(&fast),
                    crate::position::Position::from_tree(fast.tree()),
                    "{input:?}"
                );
                let en_passant = tree.en_passant().and_then(|field| field.square());
                assert_eq!(tail.en_passant, en_passant, "{input:?}");
                if tail.en_passant.is_some() {
                    let span = tree.en_passant().map(|field| field.span());
                    let start = tail.en_passant_start;
                    assert_eq!(span, Some(Span::new(start, start + 2)), "{input:?}");
                }
                let halfmove_clock = tree
                    .halfmove_clock()
                    .map(crate::validate::CounterText::from);
                assert_eq!(Some(tail.halfmove_clock), halfmove_clock, "{input:?}");
                let fullmove_number = tree
                    .fullmove_number()
                    .map(crate::validate::CounterText::from);
                assert_eq!(Some(tail.fullmove_number), fullmove_number, "{input:?}");
            }
            if let Some(board) = fast.read().plain_board {
                let from_tree = crate::position::Position::from_tree(fast.tree())
                    .map(|position| (position.board, position.promoted));
                assert_eq!(Some(board), from_tree.as_ref(), "{input:?}");
            }
        };
        let mut rng = fastrand::Rng::with_seed(0x5eed);
        for seed in SEEDS {
            check(seed);
            for _ in 0..2500 {
                let mut bytes = seed.as_bytes().to_vec();
                for _ in 0..rng.usize(1..=2) {
                    let at = rng.usize(..=bytes.len());
                    let byte = ALPHABET[rng.usize(..ALPHABET.len())];
                    match rng.u8(..3) {
                        0 if at < bytes.len() => bytes[at] = byte,
                        1 if at < bytes.len() => {
                            bytes.remove(at);
                        }
                        _ => bytes.insert(at, byte),
                    }
                }
                check(std::str::from_utf8(&bytes).unwrap());
            }
        }
    }

    /// The path for input over 4 GiB, exercised on a short input (allocating 4 GiB in a test is
    /// not an option): one error token covering everything, one diagnostic.
    #[test]
    fn input_too_long_is_one_error_token() {
        let input = "8/8/8/8/8/8/8/8 w - - 0 1";
        let parse = too_long(input, 10);
        assert_eq!(parse.tree().to_string(), input);
        assert_eq!(parse.tree().root().span(), Span::new(10, 10 + input.len()));
        let tokens: Vec<_> = parse.tree().tokens().collect();
        assert_eq!(tokens.len(), 1);
        assert_eq!(tokens[0].kind(), crate::SyntaxKind::Error);
        assert_eq!(tokens[0].text(), input);
        let [diagnostic] = parse.diagnostics() else {
            panic!("{:?}", parse.diagnostics())
        };
        assert_eq!(diagnostic.code(), Code::InputTooLong);
        assert_eq!(diagnostic.span(), Span::new(10, 10 + input.len()));
    }

    #[test]
    fn base_offsets_near_the_end_of_usize_do_not_overflow() {
        // The base is lowered so that the FEN's last byte ends at `usize::MAX`.
        let parse = parse_at("8/8 x", usize::MAX - 2);
        assert_eq!(parse.tree().to_string(), "8/8 x");
        assert_eq!(parse.tree().base(), usize::MAX - 5);
        assert_eq!(parse.tree().root().span().end, usize::MAX);
        let side = parse
            .diagnostics()
            .iter()
            .find(|d| d.code() == Code::SideToMoveInvalid)
            .map(Diagnostic::span);
        assert_eq!(side, Some(Span::new(usize::MAX - 1, usize::MAX)));
    }
}
