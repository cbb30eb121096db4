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

mod legality;
mod operand_checks;
mod operands;
mod operation;
mod reader;

use crate::diagnostics::{Capped, Code, Diagnostic, EPD_RECORD, limit};
use crate::validate::{Lint, Validator};
use crate::{Severity, Span, SyntaxKind};
pub use operation::{Operand, Operation};
pub use reader::MAX_RECORD_LEN;
use reader::Reader;
#[cfg(test)]
use reader::{Opcodes, assignment};

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
        position_well_formed: true,
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
    reader.position_well_formed = !parse.has_errors();
    let not_a_fen = parse
        .diagnostics()
        .iter()
        .any(|diagnostic| diagnostic.code() == Code::InputNotAFen);
    // A line that is no position at all is said to be so, not counted in fields.
    if count < 4 && !not_a_fen {
        // The position is the record up to its operations, if any follow.
        let operations = parse
            .tree()
            .root()
            .children()
            .find(|node| matches!(node.kind(), SyntaxKind::Operation | SyntaxKind::Semicolon))
            .map_or(line.len(), |node| {
                node.span().start.saturating_sub(reader.base)
            });
        reader.fields_missing(line.get(..operations).unwrap_or(line), count);
    }
    let operations = reader.operations(parse.tree());
    let counters = reader.counters(&operations);
    let counters = reader.with_fen_counters(counters);
    let lint = validator.lint_parse_with_counters(parse, counters);
    // The moves are read in the position when it has no errors (else what is legal in it
    // means nothing).
    if !lint.has_errors()
        && let Some(position) = lint.position()
    {
        for diagnostic in legality::illegal_moves(&operations, position, reader.king_promotion) {
            reader.report(diagnostic);
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Repeated opcodes are found as a map alone finds them, before and past the list's size.
    #[test]
    fn an_assignment_is_an_opcode_and_one_operand_around_one_equals_sign() {
        assert_eq!(assignment("v=-328"), Some(("v", "-328")));
        assert_eq!(assignment("eval_2=+0.5"), Some(("eval_2", "+0.5")));
        assert_eq!(assignment("id=\"33\""), Some(("id", "\"33\"")));
        for text in [
            "2nd=x",
            "v=",
            "=5",
            "a=b=c",
            "v=\"x",
            "v=x\"",
            "v=\"",
            "v=\"a\"b\"",
            "v=é",
            "bm",
        ] {
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
