//! Where a diagnostic is: a piece of a file (a line, or the whole file), with its byte offset and
//! line number, to turn byte spans into lines and columns and to show the source in reports.

use std::fmt;
use std::sync::Arc as Rc;

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// Text of a file from byte `offset` on, starting on line `line` (0-based).
#[derive(Clone, Debug)]
pub struct Snippet {
    pub name: Rc<str>,
    pub text: Rc<str>,
    pub offset: usize,
    pub line: usize,
}

/// A 1-based line and column (columns count characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl Snippet {
    /// The line and column of byte `offset` of the file (clamped to the snippet).
    pub fn position(&self, offset: usize) -> Position {
        let local = offset.saturating_sub(self.offset).min(self.text.len());
        let before = self.text.get(..local).unwrap_or_default();
        let lines = before.matches('\n').count();
        let line_start = before.rfind('\n').map_or(0, |at| at + 1);
        let column = before.get(line_start..).unwrap_or_default().chars().count() + 1;
        Position {
            line: self.line + lines + 1,
            column,
        }
    }
}

impl SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let local = SourceSpan::new(span.offset().saturating_sub(self.offset).into(), span.len());
        let contents =
            self.text
                .as_ref()
                .read_span(&local, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            contents.data(),
            SourceSpan::new(
                (contents.span().offset() + self.offset).into(),
                contents.span().len(),
            ),
            contents.line() + self.line,
            contents.column(),
            contents.line_count(),
        )))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}
