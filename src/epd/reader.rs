//! Reading the operations of an EPD record from its tree, with their diagnostics.

use super::operands::{
    OperandForm, closed_string, is_integer, is_move_like, is_standard_opcode, known_form,
};
use super::operation::{Operand, Operation};
use crate::Span;
use crate::diagnostics::text::{join_names, shown};
use crate::diagnostics::{Capped, Code, Diagnostic};
pub(super) use crate::parse::is_opcode;
use crate::parse::{is_check_counters, is_opcode_char};
use crate::syntax::{EpdOperation, MoveCounters, SyntaxKind, SyntaxTree};
use crate::validate::{CounterText, Counters};

/// The longest opcode PGN §16.2.4 allows.
pub(super) const MAX_OPCODE_LEN: usize = 15;
/// The longest string operand, in bytes between the quotes (PGN §7: 255 characters).
pub(super) const MAX_STRING_LEN: usize = 255;
/// The recommended longest record, in bytes without the line terminator.
pub const MAX_RECORD_LEN: usize = 1024;

/// The opcode and the operand of `text`, an opcode token written as an assignment
/// (`v=-328`, `id="33"`): a valid opcode, one `=`, and an operand of printable ASCII without
/// `=`, either without `"` or a whole string in quotes.
pub(super) fn assignment(text: &str) -> Option<(&str, &str)> {
    let (name, value) = text.split_once('=')?;
    let valid_name =
        name.starts_with(|c: char| c.is_ascii_alphabetic()) && name.chars().all(is_opcode_char);
    let plain = |text: &str| {
        text.bytes()
            .all(|byte| byte.is_ascii_graphic() && byte != b'=' && byte != b'"')
    };
    let quoted = value
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .is_some_and(plain);
    let valid_value = !value.is_empty() && (plain(value) || quoted);
    (valid_name && valid_value).then_some((name, value))
}

/// Reads the operations of one record and collects their diagnostics.
pub(super) struct Reader<'a> {
    pub(super) text: &'a str,
    pub(super) base: usize,
    pub(super) diagnostics: Capped,
    /// The FEN move counters right after the position (the six-field dialect), if any.
    pub(super) fen_counters: Option<[CounterText<'a>; 2]>,
    /// Whether a move may promote to a king, as in antichess: when only the notation is
    /// checked (`Validator::syntax`), the same in every variant played on a chess board.
    pub(super) king_promotion: bool,
    /// Whether the position's fields were read without a syntax error: a `-` after them is
    /// then no placeholder of a missing field.
    pub(super) position_well_formed: bool,
}

impl<'a> Reader<'a> {
    /// The absolute span of `start..end`, offsets into the record.
    fn span(&self, start: usize, end: usize) -> Span {
        Span::relative_to(self.base, start, end)
    }

    /// The text of `span`, an absolute span inside the record; empty outside it.
    pub(super) fn source_text(&self, span: Span) -> &'a str {
        let start = span.start.saturating_sub(self.base);
        let end = span.end.saturating_sub(self.base);
        self.text.get(start..end).unwrap_or_default()
    }

    pub(super) fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// The first operation named `opcode` before this one, found in `seen`; records this one
    /// when it is the first.
    fn first_of(seen: &mut Opcodes<'a>, operation: &Operation<'a>) -> Option<Span> {
        seen.first_of(operation.opcode, operation.opcode_span)
    }

    pub(super) fn record_too_long(&mut self) {
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

    pub(super) fn fields_missing(&mut self, fields: &str, count: usize) {
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
        let last = trimmed.get(last_start..).unwrap_or_default();
        let diagnostic = Diagnostic::new(
            Code::EpdFieldsMissing,
            format!(
                "EPD record has {count} of 4 position fields, expected also the {}",
                join_names(missing)
            ),
        )
        .primary(span, "the position stops here");
        // Three fields whose last is castling rights: only the en-passant field is missing,
        // and with no double step written, it is `-`.
        let castling = last == "-" || crate::parse::is_castling_letters(last);
        self.report(if count == 3 && castling {
            diagnostic
                .help("An EPD record starts with placement, side to move, castling and en passant; with no en-passant square, write `-`.")
                .with_fix(Span::empty(span.end), " -")
        } else {
            diagnostic.help(format!(
                "An EPD record starts with placement, side to move, castling and en passant; write the missing fields, such as `{}`.",
                example.trim_start()
            ))
        });
    }

    /// Checks the operations, the FEN move counters and the stray `;` of the record's tree,
    /// and returns the operations.
    pub(super) fn operations(&mut self, tree: &SyntaxTree<'a>) -> Vec<Operation<'a>> {
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
        // Whether the last operation goes without its `;`, as in the perft-suite form.
        let last_open = last_node
            .and_then(|at| tree.root().children().nth(at))
            .is_some_and(|node| {
                node.kind() == SyntaxKind::Operation
                    && node
                        .children()
                        .last()
                        .is_none_or(|last| last.kind() != SyntaxKind::Semicolon)
            });
        // The kind and span of the node read last.
        let mut last_read = None;
        for (at, node) in tree.root().children().enumerate() {
            let previous = last_read.replace((node.kind(), node.span()));
            if let Some(counters) = MoveCounters::cast(node) {
                self.fen_counters(counters);
                // `… 0 1; D4 197281`: the `;` after a FEN's counters starts the operations
                // of the perft-suite form when the last of them has none after it; perft
                // tools split such a line at its `;`s.
                if let Some(semicolon) = counters.semicolon()
                    && last_open
                    && tree
                        .root()
                        .children()
                        .skip(at.saturating_add(1))
                        .find(|next| next.kind() != SyntaxKind::Whitespace)
                        .is_some_and(|next| next.kind() == SyntaxKind::Operation)
                {
                    started = true;
                    leading = true;
                    self.leading_semicolon(semicolon.span());
                }
                continue;
            }
            let kind = node.kind();
            if !matches!(kind, SyntaxKind::Semicolon | SyntaxKind::Operation) {
                continue;
            }
            let first = !started;
            started = true;
            // A first `;` written right after the position (`… w K -; bm Kf1;`) is no
            // perft-suite `;`: readers that split the record at whitespace read it as part of
            // the last position field, and reject the record.
            let glued = previous.is_some_and(|(kind, _)| kind != SyntaxKind::Whitespace);
            if kind == SyntaxKind::Semicolon && first && !glued {
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
                // Removing a `;` between two words would join them (`-;D1 20`): a space
                // takes its place there. A `;` that ends the record goes with the blank
                // before it.
                let next = tree.root().children().nth(at.saturating_add(1));
                let joins = next.is_some_and(|next| next.kind() != SyntaxKind::Whitespace);
                let ends = tree
                    .root()
                    .children()
                    .skip(at.saturating_add(1))
                    .all(|next| next.kind() == SyntaxKind::Whitespace);
                let fix = match previous {
                    Some((SyntaxKind::Whitespace, blank)) if ends => (blank.cover(node.span()), ""),
                    _ if glued && joins => (node.span(), " "),
                    _ => (node.span(), ""),
                };
                // Before text that reads as a comment (`… w - -; bad EPD, from a suite`), the
                // `;` may be what marks it as one: removing it would make the comment the
                // record's operations.
                let before_comment = first
                    && tree
                        .root()
                        .children()
                        .skip(at.saturating_add(1))
                        .find(|next| next.kind() != SyntaxKind::Whitespace)
                        .and_then(EpdOperation::cast)
                        .is_some_and(|next| {
                            !next.is_terminated()
                                && reads_as_a_comment(
                                    next.opcode(),
                                    next.operands().map(|operand| operand.is_string()),
                                )
                        });
                self.stray_semicolon(node.span(), first, (!before_comment).then_some(fix));
                continue;
            }
            let Some(operation) = EpdOperation::cast(node) else {
                continue;
            };
            let blank_before = previous
                .filter(|&(kind, _)| kind == SyntaxKind::Whitespace)
                .map(|(_, span)| span);
            let pieces = self.operation(operation, blank_before);
            let count = pieces.len();
            for (index, operation) in pieces.into_iter().enumerate() {
                if let Some(first_span) = Self::first_of(&mut seen, &operation) {
                    self.duplicate_opcode(&operation, first_span);
                }
                // Only the last operation of a node can lack its final `;`: those before it
                // are `epd::operation::unseparated`. In the perft-suite form the last
                // operation ends at the end of the record.
                if index.saturating_add(1) == count {
                    let ends_perft_record = leading && last_node == Some(at);
                    self.check_terminated(&operation, ends_perft_record);
                }
                operations.push(operation);
            }
        }
        operations
    }

    /// A `;` that ends no operation, which a fix removes: `epd::operation::empty` after an
    /// operation (`bm Kd2;; id "a";`), which readers skip, and `epd::opcode::invalid` when no
    /// operation comes before it (`… b - -;`, a record without operations), which python-chess
    /// takes for part of the position and rejects. The fix puts `fix`'s text in place of its
    /// span; without one, the text after the `;` reads as a comment.
    fn stray_semicolon(&mut self, span: Span, first: bool, fix: Option<(Span, &'static str)>) {
        let (code, message, label, help) = if first {
            (
                Code::EpdOpcodeInvalid,
                "`;` before the first operation, expected an operation before it",
                "ends no operation",
                if fix.is_some() {
                    "Remove the stray `;`: an operation is its opcode and operands, then `;` (`… w - - bm Nf3;`); readers that split the record at whitespace take a `;` joined to the en-passant field for part of it (python-chess rejects the record)."
                } else {
                    "The text after the `;` reads as a comment: EPD keeps comments in quotes as the operand of `c0` (`… w - - c0 \"…\";`, PGN §16.2.5); readers that split the record at whitespace take a `;` joined to the en-passant field for part of it (python-chess rejects the record)."
                },
            )
        } else {
            (
                Code::EpdOperationEmpty,
                "empty operation `;`, expected an opcode before it",
                "no opcode",
                "Remove the stray `;`: python-chess and most readers skip it, a reader that keeps to PGN §16.2.4 rejects the record.",
            )
        };
        let diagnostic = Diagnostic::new(code, message)
            .primary(span, label)
            .help(help);
        self.report(match fix {
            Some((at, replacement)) => diagnostic.with_fix(at, replacement),
            None => diagnostic,
        });
    }

    /// `epd::opcode::duplicate` for `operation`, whose opcode an operation at `first_span`
    /// had already.
    fn duplicate_opcode(&mut self, operation: &Operation<'a>, first_span: Span) {
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

    /// `epd::operation::unterminated` for `operation` when it has no `;` and needs one: not
    /// the last operation of a perft-suite record (`ends_perft_record`), which the record's end
    /// ends.
    fn check_terminated(&mut self, operation: &Operation<'a>, ends_perft_record: bool) {
        let unclosed = operation
            .operands
            .last()
            .is_some_and(|operand| operand.string && !closed_string(operand.text));
        // Misplaced three-check counters are one diagnostic, not also an operation
        // without `;`.
        let counters = is_check_counters(operation.opcode);
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
                    _ if reads_as_a_comment(
                        operation.opcode,
                        operation.operands.iter().map(|operand| operand.string),
                    ) => diagnostic.help(format!(
                        "End every operation, the last one included, with `;` (PGN §16.2.4). `{}` reads as a comment rather than an operation: EPD keeps comments in quotes as the operand of `c0` (`c0 \"…\";`, PGN §16.2.5).",
                        shown(&words(operation))
                    )),
                    // An opcode PGN §16.2.5 does not define may as well start a remark
                    // (`Kubbel 1927`): the `;` is suggested, not applied.
                    None if !is_standard_opcode(operation.opcode)
                        && assignment(operation.opcode).is_none() =>
                    {
                        diagnostic.help(format!(
                        "End every operation, the last one included, with `;` (PGN §16.2.4). If `{}` is a remark rather than an operation, EPD keeps it in quotes as the operand of `c0` (`c0 \"…\";`, PGN §16.2.5).",
                        shown(&words(operation))
                    ))
                    }
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
            .help("Perft suites and some test suites write their operations this way (`;D1 20 ;D2 400`), and their tools read it; PGN §16.2.4 ends each operation with `;` (`D1 20; D2 400;`): python-chess reads both forms, a reader that keeps to the standard reads only that one."),
        );
    }

    /// The counters of `hmvc` and `fmvn` (`counters`), and for those missing the FEN move
    /// counters of the six-field dialect; `epd::counter::conflict` where both are written and
    /// differ.
    pub(super) fn with_fen_counters(&mut self, mut counters: Counters<'a>) -> Counters<'a> {
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

    /// Checks one operation node of the tree, whose whitespace before it is `blank_before`,
    /// and returns the operations it holds, each with its opcode and operands checked: none
    /// for a stray `-` alone, and more than one where a `;` is missing between two operations
    /// (`bm Nc3 id "t.1";`, `epd::operation::unseparated`), the opcode that starts each one
    /// taken from the operands of the one before.
    fn operation(
        &mut self,
        view: EpdOperation<'_, 'a>,
        blank_before: Option<Span>,
    ) -> Vec<Operation<'a>> {
        let mut opcode = view.opcode();
        let mut opcode_span = view.opcode_span();
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
        let terminated = view.is_terminated();
        let end = view.span().end;
        let mut rest = operands.as_slice();
        // A `-` where an opcode belongs is no operation: the symbol after it is read as the
        // opcode, as python-chess reads it. A string after it leaves `-` the opcode, which
        // `check_opcode` reports.
        while opcode == "-" {
            match rest.split_first() {
                None => {
                    self.stray_dash(opcode_span, None, blank_before, view.span());
                    return Vec::new();
                }
                Some((next, after)) if !next.string => {
                    self.stray_dash(opcode_span, Some(next), blank_before, view.span());
                    opcode = next.text;
                    opcode_span = next.span;
                    rest = after;
                }
                Some(_) => break,
            }
        }
        self.check_opcode(opcode, opcode_span);
        let mut pieces = Vec::new();
        while let Some(at) = self.next_operation_at(opcode, rest) {
            let (own, from_next) = rest.split_at(at.min(rest.len()));
            let (Some(last), Some((next, after))) = (own.last(), from_next.split_first()) else {
                break;
            };
            let piece = Operation {
                opcode,
                opcode_span,
                operands: own.to_vec(),
                terminated: false,
                span: opcode_span.cover(last.span),
            };
            self.unseparated_operation(&piece, last, next);
            // The operation ends before `next`, as the `;` of the fix ends it.
            self.check_operands(&piece, true);
            pieces.push(piece);
            opcode = next.text;
            opcode_span = next.span;
            rest = after;
        }
        let operation = Operation {
            opcode,
            opcode_span,
            operands: rest.to_vec(),
            terminated,
            span: Span::new(opcode_span.start, end.max(opcode_span.end)),
        };
        self.check_operands(&operation, terminated);
        pieces.push(operation);
        pieces
    }

    /// Where among `operands`, those of `opcode`, a `;` is missing before the next operation:
    /// the index of an operand that is a standard opcode with a known form, with operands of
    /// that form after it (up to the next such opcode), after one operand of `opcode` at least.
    /// Only an operation whose own operands have a form is split: no such word is of that
    /// form, so it cannot be one of its operands.
    fn next_operation_at(&self, opcode: &str, operands: &[Operand<'a>]) -> Option<usize> {
        known_form(opcode)?;
        let starts = |operand: &Operand<'_>| {
            (!operand.string && is_standard_opcode(operand.text))
                .then(|| known_form(operand.text))
                .flatten()
        };
        operands.iter().enumerate().skip(1).find_map(|(at, word)| {
            let form = starts(word)?;
            let after = operands.get(at.saturating_add(1)..).unwrap_or_default();
            let len = after
                .iter()
                .position(|operand| starts(operand).is_some())
                .unwrap_or(after.len());
            let own = after.get(..len).unwrap_or_default();
            self.fits(form, own).then_some(at)
        })
    }

    /// Whether `operands` are what an opcode whose operands have `form` takes.
    fn fits(&self, form: OperandForm, operands: &[Operand<'_>]) -> bool {
        match form {
            OperandForm::Moves { .. } => {
                !operands.is_empty()
                    && operands.iter().all(|operand| {
                        !operand.string && is_move_like(operand.text, self.king_promotion)
                    })
            }
            OperandForm::Integer { signed } => {
                matches!(operands, [operand] if !operand.string && is_integer(operand.text, signed))
            }
            OperandForm::Text => matches!(operands, [operand] if operand.string),
        }
    }

    /// `epd::operation::unseparated` for `operation`, whose last operand `last` a `;` should
    /// follow, and `next`, the opcode of the operation after it; the fix writes the `;`.
    fn unseparated_operation(
        &mut self,
        operation: &Operation<'a>,
        last: &Operand<'a>,
        next: &Operand<'a>,
    ) {
        let (opcode, next_opcode) = (shown(operation.opcode), shown(next.text));
        // python-chess ends a string operand at its closing quote and reads an opcode after
        // it; after a symbol it reads on to the `;`.
        let python_chess = if last.string {
            "python-chess reads the two operations, ending the string at its quote"
        } else {
            "python-chess rejects the record"
        };
        self.report(
            Diagnostic::new(
                Code::EpdOperationUnseparated,
                format!("operation `{opcode}` not ended by `;` before `{next_opcode}`, expected `;` between the two operations"),
            )
            .primary(next.span, format!("the opcode `{next_opcode}`, read as the start of an operation"))
            .secondary(operation.opcode_span, "operation without `;`")
            .help(format!(
                "End every operation with `;` (PGN §16.2.4): `{opcode} {}; {next_opcode} …`. Without it, `{next_opcode}` and its operands read as more operands of `{opcode}`: {python_chess}, and a reader that takes the operands up to the `;` finds no `{next_opcode}` operation.",
                shown(last.text)
            ))
            .with_fix(Span::empty(last.span.end), ";"),
        );
    }

    /// `epd::operation::stray_dash` for a `-` at `dash` where an opcode belongs, in the operation
    /// node `node` with `blank_before` before it; `next`, the symbol after the `-`, is read as
    /// the opcode. The fix removes the `-` when the position's fields read well (a `-` after a
    /// field that is missing holds its place) and what is left reads as operations: an opcode
    /// after it, or nothing.
    fn stray_dash(
        &mut self,
        dash: Span,
        next: Option<&Operand<'a>>,
        blank_before: Option<Span>,
        node: Span,
    ) {
        let diagnostic = Diagnostic::new(
            Code::EpdOperationStrayDash,
            "stray `-` where an operation is expected, expected an opcode such as `bm`",
        )
        .primary(dash, "not an opcode")
        .help("A `-` stands for an empty field of the position, and the four fields end before it: remove it, or if it holds the place of a field that is missing, write that field. python-chess skips a `-` where an opcode is expected; readers that keep to PGN §16.2.4 reject the record.");
        let removed = match next {
            _ if !self.position_well_formed => None,
            Some(next) if is_opcode(next.text) => Some(Span::new(dash.start, next.span.start)),
            Some(_) => None,
            None => Some(blank_before.map_or(node, |blank| blank.cover(node))),
        };
        self.report(match removed {
            Some(span) => diagnostic.with_fix(span, ""),
            None => diagnostic,
        });
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
            let diagnostic = Diagnostic::new(
                Code::EpdOpcodeInvalid,
                format!(
                    "invalid opcode `{}`, expected a letter followed by letters, digits and `_`",
                    shown(opcode)
                ),
            )
            .primary(bad_span, why);
            // A one-character opcode is all the bad character: one label says it.
            let diagnostic = if bad_span == span {
                diagnostic
            } else {
                diagnostic.secondary(span, "opcode")
            };
            self.report(diagnostic.help("Opcodes such as `bm`, `id`, `c0` and `hmvc` start with a letter and use only letters, digits and `_` (PGN §16.2.4)."));
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
    pub(super) fn counters(&mut self, operations: &[Operation<'a>]) -> Counters<'a> {
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

/// The opcodes of a record's operations seen so far, each with the span of its first
/// operation: a few in a list, looked through (a record has a handful, and hashing each cost
/// more than the lint of its position), and from the seventeenth on in a map as well, so that
/// a record of thousands of operations is still checked in linear time.
#[derive(Default)]
pub(super) struct Opcodes<'a> {
    pub(super) few: Vec<(&'a str, Span)>,
    pub(super) many: std::collections::HashMap<&'a str, Span>,
}

/// The opcode and operands of `operation`, one space apart.
fn words(operation: &Operation<'_>) -> String {
    let operands = operation.operands.iter().map(|operand| operand.text);
    std::iter::once(operation.opcode)
        .chain(operands)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether an operation without its `;`, of `opcode` and operands of which `strings` tells
/// which are strings, reads as a comment written after the operations (`CCC post 27.4.2004
/// by Gerd Isenberg`) more likely than as an operation: an opcode that no standard names,
/// then three words or more, none of them in quotes. Where the `;` belongs is then not known
/// (the end, or nowhere, the text moved into a `c0`): it is not added.
fn reads_as_a_comment(opcode: &str, strings: impl Iterator<Item = bool>) -> bool {
    let (words, any_string) = strings.fold((0usize, false), |(words, any), string| {
        (words.saturating_add(1), any || string)
    });
    !is_standard_opcode(opcode) && words >= 3 && !any_string
}

impl<'a> Opcodes<'a> {
    /// How many opcodes are looked through before the map is used.
    const FEW: usize = 16;

    /// The span of the first operation named `opcode`; records `span` as that when it is the
    /// first.
    pub(super) fn first_of(&mut self, opcode: &'a str, span: Span) -> Option<Span> {
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
