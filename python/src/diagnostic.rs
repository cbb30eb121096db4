//! `Diagnostic`, `Span`, `Label` and `Fix`: the library's diagnostics as Python objects, with
//! character offsets into the Python string beside the byte offsets, and the report the command
//! prints.

use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::Arc;

use fenlint::diagnostics::ShownText;
use miette::{GraphicalReportHandler, GraphicalTheme};
use pyo3::prelude::*;

use crate::offsets::Offsets;

/// The text diagnostics point into, shared by all of them: its bytes (for the report), its name
/// (a file's path) and its offsets.
pub struct Source {
    bytes: Arc<[u8]>,
    /// The name reports give it: `<fen>` for one FEN, `<text>` for a text, a file's path.
    name: String,
    /// The file's path, for a file.
    path: Option<String>,
    offsets: Offsets,
    /// Whether reports show the lines around a finding's too, as the command does for a file it
    /// reads whole (a PGN file, or one with a lone `\r` ending a line, shown as a `\n`).
    whole: bool,
}

impl Source {
    /// The source of `bytes`, named `name` in reports, read from the file `path` if any; `whole`
    /// when it is a file the command reads whole.
    pub fn new(bytes: &[u8], name: String, path: Option<String>, whole: bool) -> Arc<Source> {
        let shown: Arc<[u8]> = if whole && fenlint::files::has_lone_cr(bytes) {
            let mut shown = bytes.to_vec();
            for (at, byte) in shown.iter_mut().enumerate() {
                if *byte == b'\r' && bytes.get(at + 1) != Some(&b'\n') {
                    *byte = b'\n';
                }
            }
            Arc::from(shown)
        } else {
            Arc::from(bytes)
        };
        Arc::new(Source {
            bytes: shown,
            name,
            path,
            offsets: Offsets::new(bytes),
            whole,
        })
    }

    /// The span of byte offsets `span`.
    fn span(&self, span: fenlint::Span) -> Span {
        Span {
            start: self.offsets.char_of(span.start),
            end: self.offsets.char_of(span.end),
            byte_start: span.start,
            byte_end: span.end,
        }
    }
}

/// A [`Source`] as miette reads it for one finding: as the command's report shows it, the lines
/// its labels are on and no others (with a line around them for a file read whole; a window
/// around the primary label of lines over 400 bytes), under the source's name, with control
/// characters shown as visible symbols (so that printing a report cannot drive the terminal),
/// and with the header's column in characters (as the command's report and its JSON give it),
/// not in bytes.
struct SourceView<'s> {
    source: &'s Source,
    /// The 0-based number of the first line shown.
    first_line: usize,
    /// The bytes shown, from the source.
    window: Range<usize>,
    /// The window as a report shows it (see [`ShownText::around`]); the labels point into it.
    shown: ShownText,
}

impl<'s> SourceView<'s> {
    /// The view of `source` for `diagnostic`.
    fn new(source: &'s Source, diagnostic: &fenlint::Diagnostic) -> SourceView<'s> {
        let spans = diagnostic.labels().iter().map(fenlint::Label::span);
        let start = spans.clone().map(|span| span.start).min().unwrap_or(0);
        let end = spans.map(|span| span.end).max().unwrap_or(start);
        let bytes = source.bytes.as_ref();
        let (first_line, window) = if source.whole {
            source.offsets.covering(bytes, start, end)
        } else {
            source.offsets.lines_of(bytes, start, end)
        };
        let lines = bytes.get(window.clone()).unwrap_or_default();
        let primary = diagnostic.span();
        let label =
            primary.start.saturating_sub(window.start)..primary.end.saturating_sub(window.start);
        let shown = ShownText::around(lines, label);
        let before = lines.get(..shown.start()).unwrap_or_default();
        SourceView {
            source,
            first_line: first_line
                .saturating_add(before.iter().filter(|&&byte| byte == b'\n').count()),
            shown,
            window,
        }
    }

    /// The offset in the shown text of `offset`, a byte offset of the source (see
    /// [`ShownText::shown_offset`]).
    fn shown_offset(&self, offset: usize, up: bool) -> usize {
        self.shown
            .shown_offset(offset.saturating_sub(self.window.start), up)
    }
}

impl miette::SourceCode for SourceView<'_> {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        self.shown.span_contents(
            span,
            context_lines_before,
            context_lines_after,
            self.source.name.clone(),
            self.first_line,
            |offset| {
                let (_, column) = self
                    .source
                    .offsets
                    .line_column(self.window.start.saturating_add(offset));
                column
            },
        )
    }
}

/// Where something is in the text: `start` and `end` count characters of the Python string
/// (so that `text[span.start:span.end]` is the part named), `byte_start` and `byte_end` bytes
/// of its UTF-8 encoding (as the command's JSON reports them).
#[pyclass(module = "fenlint", frozen, eq, hash, get_all)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// The first character.
    pub start: usize,
    /// The character after the last.
    pub end: usize,
    /// The first byte.
    pub byte_start: usize,
    /// The byte after the last.
    pub byte_end: usize,
}

#[pymethods]
impl Span {
    fn __repr__(&self) -> String {
        format!(
            "Span(start={}, end={}, byte_start={}, byte_end={})",
            self.start, self.end, self.byte_start, self.byte_end
        )
    }

    fn __len__(&self) -> usize {
        self.end.saturating_sub(self.start)
    }
}

/// A labelled part of the text: what the report underlines, with its caption.
#[pyclass(module = "fenlint", frozen, eq, hash, get_all)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Label {
    /// Where it is.
    pub span: Span,
    /// The caption.
    pub text: String,
    /// Whether it is the diagnostic's primary label (where the problem is).
    pub primary: bool,
}

#[pymethods]
impl Label {
    fn __repr__(&self) -> String {
        format!(
            "Label(span={}, text={:?}, primary={})",
            self.span.__repr__(),
            self.text,
            if self.primary { "True" } else { "False" }
        )
    }
}

/// A machine-applicable fix: replace the text of `span` with `replacement`.
#[pyclass(module = "fenlint", frozen, eq, hash, get_all)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fix {
    /// What to replace.
    pub span: Span,
    /// The text to put there.
    pub replacement: String,
}

#[pymethods]
impl Fix {
    fn __repr__(&self) -> String {
        format!(
            "Fix(span={}, replacement={:?})",
            self.span.__repr__(),
            self.replacement
        )
    }
}

/// One problem found: its code, severity, message, help, where it is, and maybe a fix.
///
/// `str(diagnostic)` is the report `fenlint check` prints for it, without colour;
/// `diagnostic.report(color=True)` colours it. As in the command's report, a line over 400
/// bytes is shown as a window around the problem, and control characters as visible symbols.
#[pyclass(module = "fenlint", frozen)]
pub struct Diagnostic {
    inner: fenlint::Diagnostic,
    source: Arc<Source>,
    span: Span,
    /// The 1-based line and column of the start and of the end of `span`.
    start: (usize, usize),
    end: (usize, usize),
}

impl Diagnostic {
    /// `inner`, whose spans are byte offsets into `source`.
    pub fn new(inner: fenlint::Diagnostic, source: &Arc<Source>) -> Diagnostic {
        let byte_span = inner.span();
        Diagnostic {
            span: source.span(byte_span),
            start: source.offsets.line_column(byte_span.start),
            end: source.offsets.line_column(byte_span.end),
            inner,
            source: Arc::clone(source),
        }
    }

    /// What makes two diagnostics equal: the same finding (code, severity, message, help,
    /// labels and fix) in the same text under the same name.
    fn identity(&self) -> impl PartialEq + '_ {
        (
            (
                self.inner.code(),
                self.inner.severity(),
                self.inner.message(),
            ),
            (
                self.inner.help_text(),
                self.inner.labels(),
                self.inner.fix(),
            ),
            (&*self.source.bytes, &self.source.name, self.span),
        )
    }

    /// The report, coloured when `color`.
    fn render(&self, color: bool) -> String {
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let handler = GraphicalReportHandler::new_themed(theme).with_links(false);
        let source = SourceView::new(&self.source, &self.inner);
        let shown = self
            .inner
            .with_source(&source)
            .with_labels_moved(|offset, up| source.shown_offset(offset, up));
        let mut text = String::new();
        if handler.render_report(&mut text, &shown).is_err() {
            text = format!("{}: {}\n", self.inner.code(), self.inner.message());
        }
        text
    }
}

#[pymethods]
impl Diagnostic {
    /// The code, such as "fen::castling::order" (`fenlint.explain(code)` documents it).
    #[getter]
    fn code(&self) -> &'static str {
        self.inner.code().name()
    }

    /// "error", "warning" or "advice".
    #[getter]
    fn severity(&self) -> &'static str {
        self.inner.severity().name()
    }

    /// What is wrong, in one line.
    #[getter]
    fn message(&self) -> &str {
        self.inner.message()
    }

    /// How to put it right, if there is advice.
    #[getter]
    fn help(&self) -> Option<&str> {
        self.inner.help_text()
    }

    /// Where the problem is (the primary label's span).
    #[getter]
    fn span(&self) -> Span {
        self.span
    }

    /// Every labelled part of the text, the primary one among them.
    #[getter]
    fn labels(&self) -> Vec<Label> {
        self.inner
            .labels()
            .iter()
            .map(|label| Label {
                span: self.source.span(label.span()),
                text: label.text().to_owned(),
                primary: label.is_primary(),
            })
            .collect()
    }

    /// The fix, when one is unambiguous.
    #[getter]
    fn fix(&self) -> Option<Fix> {
        self.inner.fix().map(|fix| Fix {
            span: self.source.span(fix.span()),
            replacement: fix.replacement().to_owned(),
        })
    }

    /// The 1-based line of the span's start.
    #[getter]
    fn line(&self) -> usize {
        self.start.0
    }

    /// The 1-based column (in characters) of the span's start.
    #[getter]
    fn column(&self) -> usize {
        self.start.1
    }

    /// The 1-based line of the span's end.
    #[getter]
    fn end_line(&self) -> usize {
        self.end.0
    }

    /// The 1-based column (in characters) of the span's end.
    #[getter]
    fn end_column(&self) -> usize {
        self.end.1
    }

    /// The file's path for `check_file`, else `None`.
    #[getter]
    fn path(&self) -> Option<&str> {
        self.source.path.as_deref()
    }

    /// For a code reported once per file: how many more times the file has it.
    #[getter]
    fn more_in_file(&self) -> usize {
        self.inner.more_in_file()
    }

    /// The report `fenlint check` prints for this diagnostic; coloured (ANSI) when `color`.
    #[pyo3(signature = (color = false))]
    fn report(&self, color: bool) -> String {
        self.render(color)
    }

    fn __str__(&self) -> String {
        self.render(false)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Diagnostic>()
            .is_ok_and(|other| self.identity() == other.get().identity())
    }

    /// A hash of the code, the message and the span: equal diagnostics hash alike.
    fn __hash__(&self) -> u64 {
        let mut hasher = std::hash::DefaultHasher::new();
        (self.inner.code().name(), self.inner.message(), self.span).hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Diagnostic {} {} at {}..{}: {:?}>",
            self.inner.severity(),
            self.inner.code().name(),
            self.span.start,
            self.span.end,
            self.inner.message()
        )
    }
}
