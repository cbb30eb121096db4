//! EPD records (PGN standard §16.2): the first four fields of a FEN, then operations such as
//! `bm Bb5;` and `id "WAC.001";`.
//!
//! [`check`] reads one record (one line of an EPD file), lints its position with the
//! [`Validator`] and checks the operations; every span is an absolute byte offset into the file,
//! given the record's offset `base`.
//!
//! The record is read into one lossless tree with [`crate::parse_epd_record`] (the position
//! fields, then the operations), and the operations are checked from its nodes. The move
//! counters of an EPD record are the `hmvc` (halfmove clock) and `fmvn` (fullmove number)
//! operations: their operands replace the FEN's own counters in the [`Validator`]'s check, so
//! the validator's counter rules (`fen::halfmove_clock::exceeds_plies`,
//! `fen::en_passant::halfmove_not_zero`, `fen::fullmove_number::zero`, …) see them and point at
//! the operands. `fen::fields::missing` is never reported: four fields are the EPD form, and
//! fewer are `epd::fields::missing`.
//!
//! A three-check record carries its check counters as a fifth field, right after the en-passant
//! field and before the operations, as python-chess writes and reads three-check EPD: `3+3`
//! (checks remaining) or, the same place, `+0+0` (checks given). They are part of the position
//! the validator checks; elsewhere among the operations they are an `epd::opcode::invalid` that
//! says where they belong.
//!
//! ```
//! let line = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 bm e4;";
//! let record = fenlint::epd::check(line, 0, &fenlint::Validator::new());
//! assert!(record.diagnostics().is_empty());
//! let position = record.lint().unwrap().position().unwrap();
//! assert_eq!(position.checks_given, Some([1, 0]));
//! ```
//!
//! ```
//! let line = r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id "WAC.001";"#;
//! let record = fenlint::epd::check(line, 0, &fenlint::Validator::new());
//! assert!(record.diagnostics().is_empty());
//! let opcodes: Vec<_> = record.operations().iter().map(|op| op.opcode()).collect();
//! assert_eq!(opcodes, ["bm", "id"]);
//! assert_eq!(record.operations()[1].operands()[0].value(), "WAC.001");
//! ```

use std::borrow::Cow;

use crate::diagnostics::text::{join_names, shown};
use crate::diagnostics::{Capped, Code, Diagnostic, EPD_RECORD, limit};
use crate::parse::is_check_counters;
use crate::syntax::{EpdOperation, MoveCounters, SyntaxKind, SyntaxTree};
use crate::validate::{CounterText, Counters, Lint, Validator};
use crate::{Severity, Span};

/// The longest opcode PGN §16.2.4 allows.
const MAX_OPCODE_LEN: usize = 15;
/// The longest string operand, in bytes between the quotes (PGN §7: 255 characters).
const MAX_STRING_LEN: usize = 255;
/// The recommended longest record, in bytes without the line terminator.
pub const MAX_RECORD_LEN: usize = 1024;

/// One EPD record, read and checked: the lint of its four position fields, its operations, and
/// every diagnostic.
///
/// ```
/// let record = fenlint::epd::check("4k3/8/8/8/8/8/8/4K3 w - - hmvc 0; fmvn 0;", 0, &fenlint::Validator::new());
/// let codes: Vec<_> = record.diagnostics().iter().map(|d| d.code().name()).collect();
/// assert_eq!(codes, ["fen::fullmove_number::zero"]);
/// ```
#[derive(Clone, Debug)]
pub struct Record<'a> {
    lint: Option<Lint<'a>>,
    operations: Vec<Operation<'a>>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Record<'a> {
    /// The lint of the four position fields (`None` for a blank line).
    ///
    /// ```
    /// let record = fenlint::epd::check("4k3/8/8/8/8/8/8/4K3 w - - hmvc 3;", 0, &fenlint::Validator::new());
    /// assert_eq!(record.lint().unwrap().position().unwrap().halfmove_clock, 3);
    /// ```
    pub fn lint(&self) -> Option<&Lint<'a>> {
        self.lint.as_ref()
    }

    /// The operations, in order.
    ///
    /// ```
    /// let record = fenlint::epd::check("4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\" b;", 0, &fenlint::Validator::new());
    /// assert_eq!(record.operations()[0].operands().len(), 2);
    /// ```
    pub fn operations(&self) -> &[Operation<'a>] {
        &self.operations
    }

    /// Every diagnostic, of the position and of the operations, with the severities in force,
    /// ordered by span.
    ///
    /// ```
    /// let record = fenlint::epd::check("4k3/8/8/8/8/8/8/4K3 w - - bm Ke2", 0, &fenlint::Validator::new());
    /// assert_eq!(record.diagnostics()[0].code().name(), "epd::operation::unterminated");
    /// ```
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The diagnostics, without the rest.
    ///
    /// ```
    /// let record = fenlint::epd::check("4k3/8/8/8/8/8/8/4K3 w - -", 0, &fenlint::Validator::new());
    /// assert!(record.into_diagnostics().is_empty());
    /// ```
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }

    /// Whether any diagnostic has error severity.
    ///
    /// ```
    /// assert!(fenlint::epd::check("4k3/8/8/8/8/8/8/4K3 w - - 1bm e4;", 0, &fenlint::Validator::new()).has_errors());
    /// ```
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|diagnostic| diagnostic.severity() == Severity::Error)
    }
}

/// One operation: an opcode, its operands, and whether a `;` closes it.
///
/// ```
/// let line = "4k3/8/8/8/8/8/8/4K3 w - - pv Ke2 Kd7;";
/// let record = fenlint::epd::check(line, 0, &fenlint::Validator::new());
/// let op = &record.operations()[0];
/// assert_eq!((op.opcode(), &line[op.opcode_span().range()]), ("pv", "pv"));
/// assert!(op.is_terminated());
/// assert_eq!(&line[op.span().range()], "pv Ke2 Kd7;");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation<'a> {
    opcode: &'a str,
    opcode_span: Span,
    operands: Vec<Operand<'a>>,
    terminated: bool,
    span: Span,
}

impl<'a> Operation<'a> {
    /// The opcode as written.
    pub fn opcode(&self) -> &'a str {
        self.opcode
    }

    /// Where the opcode is.
    pub fn opcode_span(&self) -> Span {
        self.opcode_span
    }

    /// The operands, in order.
    pub fn operands(&self) -> &[Operand<'a>] {
        &self.operands
    }

    /// Whether a `;` closes the operation.
    pub fn is_terminated(&self) -> bool {
        self.terminated
    }

    /// The whole operation, from the opcode to the `;` (or the last operand).
    pub fn span(&self) -> Span {
        self.span
    }
}

/// One operand: an unquoted token (a move, a number, a name) or a string in double quotes.
///
/// ```
/// let line = r#"4k3/8/8/8/8/8/8/4K3 w - - c0 "say \"hi\"";"#;
/// let record = fenlint::epd::check(line, 0, &fenlint::Validator::new());
/// let operand = &record.operations()[0].operands()[0];
/// assert!(operand.is_string());
/// assert_eq!(operand.text(), r#""say \"hi\"""#);
/// assert_eq!(operand.value(), r#"say "hi""#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operand<'a> {
    text: &'a str,
    span: Span,
    string: bool,
}

impl<'a> Operand<'a> {
    /// The operand as written, with the quotes of a string.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Where the operand is.
    pub fn span(&self) -> Span {
        self.span
    }

    /// Whether the operand is a string in double quotes.
    pub fn is_string(&self) -> bool {
        self.string
    }

    /// The value: a token as written, a string without its quotes and with `\"` and `\\`
    /// unescaped.
    pub fn value(&self) -> Cow<'a, str> {
        if !self.string {
            return Cow::Borrowed(self.text);
        }
        let inner = self.text.strip_prefix('"').unwrap_or(self.text);
        let inner = inner.strip_suffix('"').unwrap_or(inner);
        crate::pgn_string::unescape(inner)
    }
}

/// Lints one EPD record: the diagnostics of [`check`].
///
/// ```
/// let line = "4k3/8/8/8/8/8/8/4K3 b - e3 hmvc 4; fmvn 20;";
/// let diagnostics = fenlint::epd::lint_epd(line, 100, &fenlint::Validator::new());
/// let d = diagnostics.iter().find(|d| d.code().name() == "fen::en_passant::halfmove_not_zero").unwrap();
/// assert_eq!(d.span(), fenlint::Span::new(132, 133));
/// ```
pub fn lint_epd(line: &str, base: usize, validator: &Validator) -> Vec<Diagnostic> {
    check(line, base, validator).into_diagnostics()
}

/// Reads and checks one EPD record that starts at byte offset `base` of its file.
///
/// `line` may end with its line terminator (`\n` or `\r\n`), which is not part of the record.
/// A blank line is no record: it has no diagnostics. Severity overrides of `validator` apply to
/// the `epd::` codes too.
///
/// ```
/// let line = "4k3/8/8/8/8/8/8/4K3 w - - hmvc 30; fmvn 10;\r\n";
/// let record = fenlint::epd::check(line, 0, &fenlint::Validator::new());
/// let d = &record.diagnostics()[0];
/// assert_eq!(d.code().name(), "fen::halfmove_clock::exceeds_plies");
/// assert_eq!(&line[d.span().range()], "30");
/// ```
pub fn check<'a>(line: &'a str, base: usize, validator: &Validator) -> Record<'a> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    let mut reader = Reader {
        text: line,
        base: base.min(usize::MAX.saturating_sub(line.len())),
        diagnostics: Capped::default(),
        fen_counters: None,
        king_promotion: validator.is_syntax_only(),
    };
    if line.trim().is_empty() {
        return Record {
            lint: None,
            operations: Vec::new(),
            diagnostics: Vec::new(),
        };
    }
    if line.len() > MAX_RECORD_LEN {
        reader.record_too_long();
    }

    let (parse, count) = crate::parse::epd_record_at(line, reader.base);
    if count < 4 {
        // A record of fewer than four fields is all position.
        reader.fields_missing(line, count);
    }
    let operations = reader.operations(parse.tree());
    let counters = reader.counters(&operations);
    let counters = reader.with_fen_counters(counters);
    let lint = validator.lint_parse_with_counters(parse, counters);

    let mut diagnostics: Vec<Diagnostic> = lint
        .diagnostics()
        .iter()
        .filter(|diagnostic| diagnostic.code() != Code::FieldsMissing)
        .cloned()
        .collect();
    let suppressed = reader.diagnostics.suppressed;
    diagnostics.extend(
        reader
            .diagnostics
            .diagnostics
            .into_iter()
            .filter_map(|diagnostic| {
                let severity = validator.severity_of(diagnostic.code())?;
                Some(diagnostic.with_severity(severity))
            }),
    );
    let end = Span::empty(reader.base.saturating_add(line.len()));
    limit(&mut diagnostics, suppressed, EPD_RECORD, end);
    Record {
        lint: Some(lint),
        operations,
        diagnostics,
    }
}

/// Whether `text` could be an opcode: a letter, then letters, digits and `_`.
fn is_opcode(text: &str) -> bool {
    text.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) && text.chars().all(is_opcode_char)
}

/// Whether `c` may appear in an opcode after its first letter.
fn is_opcode_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The opcode and the operand of `text`, an opcode token written as an assignment
/// (`v=-328`): a valid opcode, one `=`, and an operand of printable ASCII without `=` or `"`.
fn assignment(text: &str) -> Option<(&str, &str)> {
    let (name, value) = text.split_once('=')?;
    let valid_name =
        name.starts_with(|c: char| c.is_ascii_alphabetic()) && name.chars().all(is_opcode_char);
    let valid_value = !value.is_empty()
        && value
            .bytes()
            .all(|byte| byte.is_ascii_graphic() && byte != b'=' && byte != b'"');
    (valid_name && valid_value).then_some((name, value))
}

/// Reads the operations of one record and collects their diagnostics.
struct Reader<'a> {
    text: &'a str,
    base: usize,
    diagnostics: Capped,
    /// The FEN move counters right after the position (the six-field dialect), if any.
    fen_counters: Option<[CounterText<'a>; 2]>,
    /// Whether a move may promote to a king, as in antichess: when only the notation is
    /// checked (`Validator::syntax`), the same in every variant played on a chess board.
    king_promotion: bool,
}

impl<'a> Reader<'a> {
    /// The absolute span of `start..end`, offsets into the record.
    fn span(&self, start: usize, end: usize) -> Span {
        Span::relative_to(self.base, start, end)
    }

    fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// The first operation named `opcode` before this one, found in `seen`; records this one
    /// when it is the first.
    fn first_of(seen: &mut Opcodes<'a>, operation: &Operation<'a>) -> Option<Span> {
        seen.first_of(operation.opcode, operation.opcode_span)
    }

    fn record_too_long(&mut self) {
        let mut cut = MAX_RECORD_LEN;
        while !self.text.is_char_boundary(cut) {
            cut = cut.saturating_sub(1);
        }
        let span = self.span(cut, self.text.len());
        self.report(
            Diagnostic::new(
                Code::EpdRecordTooLong,
                format!(
                    "EPD record of {} bytes, expected at most {MAX_RECORD_LEN}",
                    self.text.len()
                ),
            )
            .primary(span, format!("beyond byte {MAX_RECORD_LEN}"))
            .help("Some EPD readers use fixed buffers; shorten long comments or split the data."),
        );
    }

    fn fields_missing(&mut self, fields: &str, count: usize) {
        const NAMES: [&str; 4] = ["piece placement", "side to move", "castling", "en passant"];
        let missing = NAMES.get(count..).unwrap_or_default();
        let trimmed = fields.trim_end();
        let last_start = trimmed
            .char_indices()
            .rev()
            .find(|&(_, c)| c.is_whitespace())
            .map_or(0, |(at, c)| at.saturating_add(c.len_utf8()));
        let span = self.span(last_start, trimmed.len());
        let example = [" w", " -", " -"]
            .get(count.saturating_sub(1)..)
            .unwrap_or_default()
            .concat();
        self.report(
            Diagnostic::new(
                Code::EpdFieldsMissing,
                format!(
                    "EPD record has {count} of 4 position fields, expected also the {}",
                    join_names(missing)
                ),
            )
            .primary(span, "the position stops here")
            .help(format!(
                "An EPD record starts with placement, side to move, castling and en passant; write the missing fields, such as `{}`.",
                example.trim_start()
            )),
        );
    }

    /// Checks the operations, the FEN move counters and the stray `;` of the record's tree,
    /// and returns the operations.
    fn operations(&mut self, tree: &SyntaxTree<'a>) -> Vec<Operation<'a>> {
        let mut operations: Vec<Operation<'a>> = Vec::new();
        let mut seen = Opcodes::default();
        // Whether an operation or a `;` has been read yet, and whether the record writes its
        // operations after their `;` (`;D1 20 ;D2 400`, as perft suites do).
        let mut started = false;
        let mut leading = false;
        // The last child but trailing whitespace: the last operation, which in the perft-suite
        // form ends at the end of the record.
        let last_node = tree
            .root()
            .children()
            .enumerate()
            .filter(|(_, node)| node.kind() != SyntaxKind::Whitespace)
            .last()
            .map(|(at, _)| at);
        for (at, node) in tree.root().children().enumerate() {
            if let Some(counters) = MoveCounters::cast(node) {
                self.fen_counters(counters);
                continue;
            }
            let kind = node.kind();
            if !matches!(kind, SyntaxKind::Semicolon | SyntaxKind::Operation) {
                continue;
            }
            let first = !started;
            started = true;
            if kind == SyntaxKind::Semicolon && first {
                let next = tree
                    .root()
                    .children()
                    .skip(at.saturating_add(1))
                    .find(|next| next.kind() != SyntaxKind::Whitespace);
                if next.is_some_and(|next| next.kind() == SyntaxKind::Operation) {
                    leading = true;
                    self.leading_semicolon(node.span());
                    continue;
                }
            }
            if kind == SyntaxKind::Semicolon {
                let span = node.span();
                self.report(
                    Diagnostic::new(
                        Code::EpdOpcodeInvalid,
                        "empty operation `;`, expected an opcode before it",
                    )
                    .primary(span, "no opcode")
                    .help("Remove the stray `;`.")
                    .with_fix(span, ""),
                );
                continue;
            }
            let Some(operation) = EpdOperation::cast(node) else {
                continue;
            };
            let operation = self.operation(operation);
            if let Some(first_span) = Self::first_of(&mut seen, &operation) {
                self.report(
                    Diagnostic::new(
                        Code::EpdOpcodeDuplicate,
                        format!("opcode `{}` twice in one record, expected it at most once", shown(operation.opcode)),
                    )
                    .primary(operation.opcode_span, "repeated here")
                    .secondary(first_span, "first here")
                    .help("Each opcode appears at most once per record (PGN §16.2.4); merge the operands into one operation or remove one."),
                );
            }
            let unclosed = operation
                .operands
                .last()
                .is_some_and(|operand| operand.string && !closed_string(operand.text));
            // Misplaced three-check counters are one diagnostic, not also an operation
            // without `;`.
            let counters = is_check_counters(operation.opcode);
            // In the perft-suite form the last operation ends at the end of the record.
            let ends_perft_record = leading && last_node == Some(at);
            // Text whose opcode is invalid (`[1.0] -154` after the counters of tuning data, the
            // lines of a file in another format) is no operation to end: its opcode's error
            // says what is wrong, and no `;` is added to it.
            let opcode = is_opcode(operation.opcode) || assignment(operation.opcode).is_some();
            if !(operation.terminated || unclosed || counters || ends_perft_record || !opcode) {
                let last = operation
                    .operands
                    .last()
                    .map_or(operation.opcode_span, |operand| operand.span);
                let diagnostic = Diagnostic::new(
                    Code::EpdOperationUnterminated,
                    format!(
                        "operation `{}` without `;`, expected `;` after its last operand",
                        shown(operation.opcode)
                    ),
                )
                .primary(last, "`;` missing after this");
                // When no operand after the first could be an opcode, the `;` can only go at
                // the end. Otherwise an operand may start an operation of its own
                // (`bm O-O id "x"` is `bm O-O; id "x";`, or `bm` with three operands): only
                // the writer knows, so the `;` is suggested, not applied.
                let opcode_like = operation
                    .operands
                    .iter()
                    .skip(1)
                    .find(|operand| !operand.string && is_opcode(operand.text));
                let diagnostic = match opcode_like {
                    None => diagnostic
                        .help("End every operation, the last one included, with `;` (PGN §16.2.4).")
                        .with_fix(Span::empty(last.end), ";"),
                    Some(operand) => diagnostic.help(format!(
                        "End every operation, the last one included, with `;` (PGN §16.2.4); if `{}` starts an operation of its own, put a `;` before it too.",
                        shown(operand.text)
                    )),
                };
                self.report(diagnostic);
            }
            operations.push(operation);
        }
        operations
    }

    /// A FEN's move counters (`0 1`) right after the four fields, the six-field dialect of
    /// opening books and test suites: kept as the record's counters, with one
    /// `epd::fields::move_counters` note (no fix: `fmt --epd-counters operations` converts a
    /// whole file) and `fen::counter::leading_zero` for a counter written with one.
    fn fen_counters(&mut self, counters: MoveCounters<'_, 'a>) {
        let mut numbers = counters.numbers();
        let (Some(first), Some(second)) = (numbers.next(), numbers.next()) else {
            return;
        };
        let span = first.span().cover(second.span());
        let (halfmove, fullmove) = (
            CounterText::new(first.text(), first.span()),
            CounterText::new(second.text(), second.span()),
        );
        self.fen_counters = Some([halfmove, fullmove]);
        let (first_text, second_text) = (first.text(), second.text());
        self.report(
            Diagnostic::new(
                Code::EpdFieldsMoveCounters,
                format!(
                    "EPD record written as a six-field FEN: `{first_text} {second_text}` read as the halfmove clock and fullmove number"
                ),
            )
            .primary(span, "FEN move counters")
            .help(format!(
                "PGN §16.2 writes them as operations, `hmvc {first_text}; fmvn {second_text};`; `fenlint fmt --epd-counters operations` converts a file. cutechess reads the four fields of either form, fastchess takes the six-field line as a FEN, and python-chess's EPD reader accepts only the operations."
            )),
        );
        for (number, name) in [(first, "halfmove clock"), (second, "fullmove number")] {
            if let Some(diagnostic) = crate::parse::leading_zero(number.span(), number.text(), name)
            {
                self.report(diagnostic);
            }
        }
    }

    /// The `;` before the first operation of a record in the perft-suite form.
    fn leading_semicolon(&mut self, span: Span) {
        self.report(
            Diagnostic::new(
                Code::EpdOperationLeadingSemicolon,
                "operations written after their `;`, expected each ended by `;`",
            )
            .primary(span, "`;` before the first operation")
            .help("Perft suites and some test suites write their operations this way (`;D1 20 ;D2 400`), and their tools read it; PGN §16.2.4 ends each operation with `;` (`D1 20; D2 400;`), which other EPD readers expect."),
        );
    }

    /// The counters of `hmvc` and `fmvn` (`counters`), and for those missing the FEN move
    /// counters of the six-field dialect; `epd::counter::conflict` where both are written and
    /// differ.
    fn with_fen_counters(&mut self, mut counters: Counters<'a>) -> Counters<'a> {
        let Some([halfmove, fullmove]) = self.fen_counters.take() else {
            return counters;
        };
        for (slot, fen, opcode) in [
            (&mut counters.halfmove_clock, halfmove, "hmvc"),
            (&mut counters.fullmove_number, fullmove, "fmvn"),
        ] {
            match slot {
                None => *slot = Some(fen),
                Some(operation) => {
                    let same = match (operation.value(), fen.value()) {
                        (Some(a), Some(b)) => a == b,
                        _ => operation.text() == fen.text(),
                    };
                    if !same {
                        self.diagnostics.push(
                            Diagnostic::new(
                                Code::EpdCounterConflict,
                                format!(
                                    "`{opcode} {}` and the FEN counter `{}` disagree, expected one value",
                                    shown(operation.text()),
                                    shown(fen.text())
                                ),
                            )
                            .primary(operation.span(), format!("`{opcode}` says {}", shown(operation.text())))
                            .secondary(fen.span(), format!("the FEN counter says {}", shown(fen.text())))
                            .help(format!("Keep one of the two: remove the FEN counters or the `{opcode}` operation, and the value that is wrong with it.")),
                        );
                    }
                }
            }
        }
        counters
    }

    /// Checks one operation of the tree: its opcode and its string operands.
    fn operation(&mut self, view: EpdOperation<'_, 'a>) -> Operation<'a> {
        let opcode = view.opcode();
        let opcode_span = view.opcode_span();
        self.check_opcode(opcode, opcode_span);
        let operands: Vec<Operand<'a>> = view
            .operands()
            .map(|operand| Operand {
                text: operand.text(),
                span: operand.span(),
                string: operand.is_string(),
            })
            .collect();
        for operand in operands.iter().filter(|operand| operand.string) {
            self.check_string(operand);
        }
        // An operand right after a closed string, with no blank between them.
        for pair in operands.windows(2) {
            if let [before, after] = pair
                && before.string
                && closed_string(before.text)
                && after.span.start == before.span.end
            {
                self.report(
                    Diagnostic::new(
                        Code::EpdOperandUnseparated,
                        format!("operand `{}` right after the string `{}`, expected a blank between them", shown(after.text), shown(before.text)),
                    )
                    .primary(Span::empty(after.span.start), "no blank here")
                    .secondary(after.span, "read as an operand of its own")
                    .help("Separate operands with a space (PGN §16.2.4); other readers take the two as one operand or reject the record.")
                    .with_fix(Span::empty(after.span.start), " "),
                );
            }
        }
        let operation = Operation {
            opcode,
            opcode_span,
            operands,
            terminated: view.is_terminated(),
            span: view.span(),
        };
        self.check_operands(&operation);
        operation
    }

    /// Checks the operands of the opcodes whose operands have a fixed form (PGN §16.2.5, and
    /// the perft suites' `D1`, `D2`, …): one integer, or moves in SAN. `hmvc` and `fmvn` are
    /// [`Reader::counters`]'.
    fn check_operands(&mut self, operation: &Operation<'a>) {
        let opcode = operation.opcode;
        match operand_form(opcode) {
            Some(OperandForm::Integer { signed }) => match operation.operands.as_slice() {
                [operand] if !operand.string && is_integer(operand.text, signed) => {}
                [operand] => {
                    let expected = if signed {
                        "a whole number, with a sign or without"
                    } else {
                        "a whole number of zero or more"
                    };
                    self.report(
                        Diagnostic::new(
                            Code::EpdOperandInvalid,
                            format!(
                                "operand `{}` of `{}`, expected {expected}",
                                shown(operand.text),
                                shown(opcode)
                            ),
                        )
                        .primary(operand.span, "not a whole number")
                        .secondary(operation.opcode_span, operand_meaning(opcode))
                        .help(format!(
                            "`{}` takes one integer, such as `{} {};` (PGN §16.2.5).",
                            shown(opcode),
                            shown(opcode),
                            if signed { "-35" } else { "12" }
                        )),
                    );
                }
                [] => self.report(
                    Diagnostic::new(
                        Code::EpdOperandInvalid,
                        format!(
                            "`{}` without an operand, expected one integer",
                            shown(opcode)
                        ),
                    )
                    .primary(operation.opcode_span, "no operand")
                    .help(format!(
                        "Write the {} after the opcode, or remove the operation.",
                        operand_meaning(opcode)
                    )),
                ),
                [first, .., last] => {
                    let count = operation.operands.len();
                    self.report(
                        Diagnostic::new(
                            Code::EpdOperandInvalid,
                            format!(
                                "`{}` with {count} operands, expected one integer",
                                shown(opcode)
                            ),
                        )
                        .primary(first.span.cover(last.span), format!("{count} operands"))
                        .secondary(operation.opcode_span, operand_meaning(opcode))
                        .help(format!(
                            "`{}` takes one operand; is a `;` missing after `{}`?",
                            shown(opcode),
                            shown(first.text)
                        )),
                    );
                }
            },
            Some(OperandForm::Moves { mate_count }) => {
                if operation.operands.is_empty() {
                    self.report(
                        Diagnostic::new(
                            Code::EpdOperandInvalid,
                            format!("`{}` without an operand, expected at least one move", shown(opcode)),
                        )
                        .primary(operation.opcode_span, "no move")
                        .help(format!("Write the moves in SAN after the opcode, such as `{} Nf3;`, or remove the operation.", shown(opcode))),
                    );
                }
                for (at, operand) in operation.operands.iter().enumerate() {
                    if !operand.string && is_san(operand.text, self.king_promotion) {
                        continue;
                    }
                    let before = at.checked_sub(1).and_then(|at| operation.operands.get(at));
                    if let Some(before) = before.filter(|before| {
                        matches!(operand.text, "+" | "#")
                            && !before.string
                            && is_san(before.text, self.king_promotion)
                            && !before.text.ends_with(['+', '#'])
                    }) {
                        self.detached_check_sign(opcode, before, operand);
                        continue;
                    }
                    // Without its `;`, the operation may run into the next one (`bm Kd2 id
                    // "x"`): what follows an operand that could be an opcode is left to
                    // `epd::operation::unterminated`.
                    if !operation.terminated && !operand.string && is_opcode(operand.text) {
                        break;
                    }
                    if mate_count && !operand.string && is_mate_count(operand.text) {
                        self.report(
                            Diagnostic::new(
                                Code::EpdOperandMateCount,
                                format!("`{} {}` names a mate distance, not a move: read as mate in {}", shown(opcode), shown(operand.text), shown(operand.text.trim_start_matches('#'))),
                            )
                            .primary(operand.span, "mate distance")
                            .help("Mate-finding suites write `bm #N` for \"mate in N\"; other EPD readers expect a move in SAN here, and `dm N;` for the distance."),
                        );
                        continue;
                    }
                    self.report(
                        Diagnostic::new(
                            Code::EpdOperandInvalid,
                            format!("operand `{}` of `{}`, expected a move in SAN", shown(operand.text), shown(opcode)),
                        )
                        .primary(operand.span, "not a move in SAN")
                        .secondary(operation.opcode_span, operand_meaning(opcode))
                        .help("Write moves in standard algebraic notation (PGN §8.2.3): `Nf3`, `exd5`, `O-O`, `e8=Q+`; not coordinates such as `g1f3` or `Ng1-f3`."),
                    );
                }
            }
            None => {}
        }
    }

    /// `epd::operand::invalid` for a check or mate sign written apart from the move before it
    /// (`bm Qd1 + ;`), with the fix that joins them (`bm Qd1+;`).
    fn detached_check_sign(&mut self, opcode: &str, mov: &Operand<'_>, sign: &Operand<'_>) {
        let (what, text) = if sign.text == "#" {
            ("mate", "#")
        } else {
            ("check", "+")
        };
        self.report(
            Diagnostic::new(
                Code::EpdOperandInvalid,
                format!(
                    "{what} sign `{text}` of `{}` apart from the move `{}`, expected it joined to the move",
                    shown(opcode),
                    shown(mov.text)
                ),
            )
            .primary(sign.span, format!("{what} sign"))
            .secondary(mov.span, "the move it belongs to")
            .help(format!(
                "In SAN the sign is part of the move (PGN §8.2.3): write `{}{text}`; a `{text}` on its own reads as another move.",
                shown(mov.text),
            ))
            .with_fix(Span::new(mov.span.end, sign.span.end), text),
        );
    }

    fn check_opcode(&mut self, opcode: &str, span: Span) {
        let starts_with_letter = opcode
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic());
        if let Some((offset, bad)) = opcode
            .char_indices()
            .find(|&(offset, c)| !(is_opcode_char(c) && (offset > 0 || starts_with_letter)))
        {
            let at = span.start.saturating_add(offset);
            let bad_span = Span::new(at, at.saturating_add(bad.len_utf8()));
            if is_check_counters(opcode) {
                self.misplaced_check_counters(opcode, span);
                return;
            }
            if let Some((name, value)) = assignment(opcode) {
                self.assignment(name, value, span);
                return;
            }
            let why = if offset == 0 {
                "an opcode starts with a letter"
            } else {
                "not a letter, digit or `_`"
            };
            self.report(
                Diagnostic::new(
                    Code::EpdOpcodeInvalid,
                    format!("invalid opcode `{}`, expected a letter followed by letters, digits and `_`", shown(opcode)),
                )
                .primary(bad_span, why)
                .secondary(span, "opcode")
                .help("Opcodes such as `bm`, `id`, `c0` and `hmvc` start with a letter and use only letters, digits and `_` (PGN §16.2.4)."),
            );
        } else if opcode.len() > MAX_OPCODE_LEN {
            self.report(
                Diagnostic::new(
                    Code::EpdOpcodeTooLong,
                    format!(
                        "opcode `{}` of {} characters, expected at most {MAX_OPCODE_LEN}",
                        shown(opcode),
                        opcode.len()
                    ),
                )
                .primary(span, format!("{} characters", opcode.len()))
                .help("PGN §16.2.4 limits opcodes to 15 characters; use a shorter name."),
            );
        }
    }

    /// `epd::operation::assignment` for the opcode `name=value` at `span`.
    fn assignment(&mut self, name: &str, value: &str, span: Span) {
        let equals = span.start.saturating_add(name.len());
        self.report(
            Diagnostic::new(
                Code::EpdOperationAssignment,
                format!(
                    "operation `{}` written as an assignment, expected `{} {}`",
                    shown(&[name, "=", value].concat()),
                    shown(name),
                    shown(value)
                ),
            )
            .primary(Span::new(equals, equals.saturating_add(1)), "`=` between opcode and operand")
            .help("An EPD operation is its opcode and its operands separated by spaces, ended by `;` (PGN §16.2.4); readers that know only those reject or skip `name=value`.")
            .with_fix(span, [name, " ", value].concat()),
        );
    }

    /// Three-check counters among the operations (after FEN move counters or after an
    /// operation), where an opcode is expected: they belong right after the en-passant field.
    fn misplaced_check_counters(&mut self, counters: &str, span: Span) {
        self.report(
            Diagnostic::new(
                Code::EpdOpcodeInvalid,
                format!(
                    "three-check counters `{}` among the operations, expected them right after the en-passant field",
                    shown(counters)
                ),
            )
            .primary(span, "not an opcode")
            .help("A three-check EPD record carries its checks as a fifth field, before the operations: write `… - 3+3 bm e4;` (checks remaining) or `… - +0+0 bm e4;` (checks given)."),
        );
    }

    fn check_string(&mut self, operand: &Operand<'a>) {
        if !closed_string(operand.text) {
            let quote = Span::new(operand.span.start, operand.span.start.saturating_add(1));
            self.report(
                Diagnostic::new(
                    Code::EpdOperandUnclosedString,
                    format!("unclosed string `{}`, expected a closing `\"`", shown(operand.text)),
                )
                .primary(quote, "this string is never closed")
                .help("Close the string with `\"` and end the operation with `;`; write a quote inside a string as `\\\"`."),
            );
            return;
        }
        let len = operand.text.len().saturating_sub(2);
        if len > MAX_STRING_LEN {
            self.report(
                Diagnostic::new(
                    Code::EpdOperandStringTooLong,
                    format!("string operand of {len} bytes, expected at most {MAX_STRING_LEN}"),
                )
                .primary(operand.span, format!("{len} bytes"))
                .help("PGN strings hold at most 255 characters (§7); shorten the text."),
            );
        }
    }

    /// Checks the operands of the `hmvc` and `fmvn` operations and returns those that are
    /// numbers, for the validator.
    fn counters(&mut self, operations: &[Operation<'a>]) -> Counters<'a> {
        let mut counters = Counters::default();
        for operation in operations.iter() {
            let (slot, name) = match operation.opcode {
                "hmvc" => (&mut counters.halfmove_clock, "halfmove clock"),
                "fmvn" => (&mut counters.fullmove_number, "fullmove number"),
                _ => continue,
            };
            if slot.is_some() {
                // A duplicate opcode: the first one counts (and the duplicate is reported).
                continue;
            }
            match operation.operands.as_slice() {
                [operand]
                    if !operand.string
                        && CounterText::new(operand.text, operand.span).has_number() =>
                {
                    *slot = Some(CounterText::new(operand.text, operand.span));
                    if let Some(diagnostic) =
                        crate::parse::leading_zero(operand.span, operand.text, name)
                    {
                        self.report(diagnostic);
                    }
                }
                [operand] => {
                    let kind = if operand.text.starts_with('-') {
                        "negative"
                    } else {
                        "invalid"
                    };
                    self.report(
                        Diagnostic::new(
                            Code::EpdCounterInvalid,
                            format!("{kind} {name} `{}` in `{}`, expected a whole number of zero or more", shown(operand.text), operation.opcode),
                        )
                        .primary(operand.span, "not a whole number")
                        .secondary(operation.opcode_span, name)
                        .help(format!("`{}` takes one operand: digits only, such as `{}`.", operation.opcode, if operation.opcode == "hmvc" { "0" } else { "1" })),
                    );
                }
                [] => {
                    self.report(
                        Diagnostic::new(
                            Code::EpdCounterInvalid,
                            format!(
                                "`{}` without an operand, expected the {name}",
                                operation.opcode
                            ),
                        )
                        .primary(operation.opcode_span, "no operand")
                        .help(format!(
                            "Write the {name} after the opcode, such as `{} {};`.",
                            operation.opcode,
                            if operation.opcode == "hmvc" { "0" } else { "1" }
                        )),
                    );
                }
                [first, .., last] => {
                    let span = first.span.cover(last.span);
                    let count = operation.operands.len();
                    self.report(
                        Diagnostic::new(
                            Code::EpdCounterInvalid,
                            format!(
                                "`{}` with {count} operands, expected one number",
                                operation.opcode
                            ),
                        )
                        .primary(span, format!("{count} operands"))
                        .secondary(operation.opcode_span, name)
                        .help(format!(
                            "`{}` takes one operand; is a `;` missing after `{}`?",
                            operation.opcode,
                            shown(first.text)
                        )),
                    );
                }
            }
        }
        counters
    }
}

/// The form of the operands of an opcode whose operands have one.
#[derive(Clone, Copy)]
enum OperandForm {
    /// One integer, which may have a sign when `signed`.
    Integer { signed: bool },
    /// Moves in SAN; `#N` too (a mate distance) when `mate_count`.
    Moves { mate_count: bool },
}

/// The form of `opcode`'s operands (PGN §16.2.5; `D1`, `D2`, … the node counts of perft
/// suites); `None` for an opcode whose operands are free.
///
/// Only the syntax of `bm` and `am` moves is checked here. Whether each move is legal in the
/// record's position needs the position's legal moves: generate them from the
/// [`crate::position::Position`] the lint has built (after its own checks pass), write each
/// in SAN with its disambiguation and check suffix, and compare the operand with them.
fn operand_form(opcode: &str) -> Option<OperandForm> {
    match opcode {
        "acd" | "acn" | "acs" | "rc" => Some(OperandForm::Integer { signed: false }),
        // A negative `dm` is the side to move getting mated, as tablebase-derived suites write
        // it and python-chess reads it.
        "ce" | "dm" => Some(OperandForm::Integer { signed: true }),
        "bm" => Some(OperandForm::Moves { mate_count: true }),
        "am" => Some(OperandForm::Moves { mate_count: false }),
        _ if is_perft_depth(opcode) => Some(OperandForm::Integer { signed: false }),
        _ => None,
    }
}

/// What the operand of `opcode` means, for a label.
fn operand_meaning(opcode: &str) -> &'static str {
    match opcode {
        "acd" => "analysis depth",
        "acn" => "nodes analysed",
        "acs" => "seconds of analysis",
        "dm" => "moves to mate",
        "rc" => "repetition count",
        "ce" => "evaluation in centipawns",
        "bm" => "best moves",
        "am" => "moves to avoid",
        _ => "perft node count",
    }
}

/// Whether `opcode` is a perft depth: `D` and a number (`D1`, `D12`).
fn is_perft_depth(opcode: &str) -> bool {
    opcode
        .strip_prefix('D')
        .is_some_and(|depth| !depth.is_empty() && depth.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether `text` is a decimal integer: digits, after a `+` or `-` when `signed`.
fn is_integer(text: &str, signed: bool) -> bool {
    let digits = if signed {
        text.strip_prefix(['+', '-']).unwrap_or(text)
    } else {
        text
    };
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `text` is a mate distance as mate-finding suites write it in `bm`: `#` and a
/// number from 1 (`#3`).
fn is_mate_count(text: &str) -> bool {
    text.strip_prefix('#').is_some_and(|count| {
        count.starts_with(|c: char| matches!(c, '1'..='9'))
            && count.bytes().all(|b| b.is_ascii_digit())
    })
}

/// Whether `text` is a move in SAN (PGN §8.2.3), by its syntax alone: castling (`O-O`,
/// `O-O-O`), a piece move (`Nf3`, `Nbd2`, `R1e2`, `Qh4xe1`), or a pawn move (`e4`, `exd5`,
/// `e8=Q`, and `e8=K` with `king_promotion`), each with an optional `+` or `#`.
fn is_san(text: &str, king_promotion: bool) -> bool {
    let body = text.strip_suffix(['+', '#']).unwrap_or(text);
    if body == "O-O" || body == "O-O-O" {
        return true;
    }
    let bytes = body.as_bytes();
    let file = |b: &u8| (b'a'..=b'h').contains(b);
    let rank = |b: &u8| (b'1'..=b'8').contains(b);
    match bytes {
        [b'K' | b'Q' | b'R' | b'B' | b'N', rest @ ..] => {
            // Optional file, optional rank, optional `x`, then the target square.
            let Some((before, [to_file, to_rank])) = rest.split_last_chunk::<2>() else {
                return false;
            };
            let square = file(to_file) && rank(to_rank);
            let before = before.strip_suffix(b"x").unwrap_or(before);
            let from_ok = match before {
                [] => true,
                [f] => file(f) || rank(f),
                [f, r] => file(f) && rank(r),
                _ => false,
            };
            square && from_ok
        }
        _ => {
            // A pawn: `e4`, `exd5`, with `=Q` on the last rank.
            let (body, promotion) = match bytes {
                [head @ .., b'=', b'Q' | b'R' | b'B' | b'N'] => (head, true),
                [head @ .., b'=', b'K'] if king_promotion => (head, true),
                _ => (bytes, false),
            };
            let target_rank = match body {
                [f, r] if file(f) && rank(r) => *r,
                [f, b'x', g, r] if file(f) && file(g) && f.abs_diff(*g) == 1 && rank(r) => *r,
                _ => return false,
            };
            promotion == matches!(target_rank, b'1' | b'8')
        }
    }
}

/// Whether a string operand (starting with `"`) ends with its closing quote.
fn closed_string(text: &str) -> bool {
    let Some(inner) = text.strip_prefix('"') else {
        return false;
    };
    let Some(body) = inner.strip_suffix('"') else {
        return false;
    };
    // The final quote is not escaped: an even number of backslashes precede it.
    let backslashes = body.bytes().rev().take_while(|&b| b == b'\\').count();
    backslashes % 2 == 0
}

/// The opcodes of a record's operations seen so far, each with the span of its first
/// operation: a few in a list, looked through (a record has a handful, and hashing each cost
/// more than the lint of its position), and from the seventeenth on in a map as well, so that
/// a record of thousands of operations is still checked in linear time.
#[derive(Default)]
struct Opcodes<'a> {
    few: Vec<(&'a str, Span)>,
    many: std::collections::HashMap<&'a str, Span>,
}

impl<'a> Opcodes<'a> {
    /// How many opcodes are looked through before the map is used.
    const FEW: usize = 16;

    /// The span of the first operation named `opcode`; records `span` as that when it is the
    /// first.
    fn first_of(&mut self, opcode: &'a str, span: Span) -> Option<Span> {
        if self.few.len() < Self::FEW {
            if let Some(&(_, first)) = self.few.iter().find(|(seen, _)| *seen == opcode) {
                return Some(first);
            }
            self.few.push((opcode, span));
            if self.few.len() == Self::FEW {
                self.many.extend(self.few.iter().copied());
            }
            return None;
        }
        match self.many.entry(opcode) {
            std::collections::hash_map::Entry::Occupied(first) => Some(*first.get()),
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(span);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Repeated opcodes are found as a map alone finds them, before and past the list's size.
    #[test]
    fn an_assignment_is_an_opcode_and_one_operand_around_one_equals_sign() {
        assert_eq!(assignment("v=-328"), Some(("v", "-328")));
        assert_eq!(assignment("eval_2=+0.5"), Some(("eval_2", "+0.5")));
        for text in ["2nd=x", "v=", "=5", "a=b=c", "v=\"x\"", "v=é", "bm"] {
            assert_eq!(assignment(text), None, "{text}");
        }
        // Anything else stays an invalid opcode.
        let record = check("4k3/8/8/8/8/8/8/4K3 w - - v=-3=2;", 0, &Validator::new());
        let codes: Vec<&str> = record
            .diagnostics()
            .iter()
            .map(|d| d.code().name())
            .collect();
        assert_eq!(codes, ["epd::opcode::invalid"]);
    }

    #[test]
    fn opcodes_seen_are_found_as_a_map_finds_them() {
        let names: Vec<String> = (0..60).map(|n| format!("op{}", n % 23)).collect();
        let mut seen = Opcodes::default();
        let mut map = std::collections::HashMap::new();
        for (at, name) in names.iter().enumerate() {
            let span = Span::new(at, at + 1);
            let expected = match map.entry(name.as_str()) {
                std::collections::hash_map::Entry::Occupied(first) => Some(*first.get()),
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert(span);
                    None
                }
            };
            assert_eq!(seen.first_of(name, span), expected, "{at} {name}");
        }
        assert_eq!(seen.many.len(), 23, "the map took over past the list");
    }
}
