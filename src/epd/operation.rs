//! The operations of an EPD record and their operands, as [`super::check`] gives them.

use std::borrow::Cow;

use crate::Span;

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
    pub(super) opcode: &'a str,
    pub(super) opcode_span: Span,
    pub(super) operands: Vec<Operand<'a>>,
    pub(super) terminated: bool,
    pub(super) span: Span,
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
    pub(super) text: &'a str,
    pub(super) span: Span,
    pub(super) string: bool,
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
