//! The grammar: one nom 8 parser per production of `grammar/fen.ebnf`, named after it, built
//! from nom's combinators and the crate's own ([`cx::token`], [`cx::node`], [`cx::recover`]).
//!
//! The `fen` production splits the line into fields at whitespace (kept as trivia), the
//! synchronisation points of its error recovery, and runs each field's production on its own
//! text. The productions are tolerant: text they do not accept becomes an
//! [`SyntaxKind::Error`](crate::SyntaxKind::Error) token with a diagnostic (through
//! [`cx::recover`]), so one pass reports every independent problem and the tree always covers
//! every byte. Parsing builds the tree and the syntax diagnostics, nothing else: the position is
//! read from the tree afterwards (`crate::position`).

mod before_fen;
mod castling;
mod cx;
mod epd;
mod fen;
mod fen_tag;
mod opcode;
mod whitespace;

pub(crate) use castling::is_castling_letters;
pub(crate) use counters::leading_zero;
pub(crate) use cx::Cx;
pub(crate) use epd::is_check_counters;
pub use fen::MAX_LINE_LEN;
pub(crate) use fen::{fen, line_too_long};
pub(crate) use opcode::{is_opcode, is_opcode_char};
mod checks;
mod counters;
mod en_passant;
mod holdings;
mod placement;
mod side_to_move;

use crate::diagnostics::{Code, Diagnostic};
use nom::Parser;

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

/// [`parse_at`].
fn parse_fen_at(input: &str, base: usize) -> Parse<'_> {
    if input.len() > MAX_INPUT_LEN {
        return too_long(input, base);
    }
    let cx = Cx::new(input, base);
    let _ = fen(&cx).parse(input);
    parse_of(cx)
}

/// The parse that `cx` has built.
fn parse_of(cx: Cx<'_>) -> Parse<'_> {
    let (tree, diagnostics) = cx.into_parts();
    Parse { tree, diagnostics }
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
    let cx = Cx::new(input, base);
    let count = epd::epd_record(&cx, input);
    let mut parse = parse_of(cx);
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
    let cx = Cx::new(input, base);
    fen_tag::fen_tag_pair(&cx, input);
    parse_of(cx)
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
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::*;

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
