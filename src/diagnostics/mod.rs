//! Diagnostics: what is wrong, where, how bad, and how to fix it.
//!
//! Every problem fenlint finds is a [`Diagnostic`] that implements [`miette::Diagnostic`], so any
//! miette handler renders it with the source line and the labelled span. The library never
//! renders: it hands out typed diagnostics, and [`ShownText`], the source as a report shows
//! it, for the front ends that print them.

mod code;
mod severity;
mod shown;
pub(crate) mod text;

use std::fmt;

pub use code::Code;
pub use severity::Severity;
pub use shown::{ShownText, picture};

use crate::Span;

/// A labelled span of a diagnostic: the primary label marks the fault, secondary labels the
/// cause or context.
///
/// ```
/// let parse = fenlint::parse("8/8/8/8/8/8/8/7 w - - 0 1");
/// let label = &parse.diagnostics()[0].labels()[0];
/// assert!(label.is_primary());
/// assert_eq!(label.span(), fenlint::Span::new(14, 15));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    span: Span,
    text: Text,
    primary: bool,
}

impl Label {
    /// Where the label points.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The text shown at the label.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether this is the primary label (the fault itself).
    pub fn is_primary(&self) -> bool {
        self.primary
    }
}

/// A machine-applicable fix: replace the text of `span` with `replacement`.
///
/// Fixes are given only when they are unambiguous, such as sorting castling letters.
///
/// ```
/// let parse = fenlint::parse("8/8/8/8/8/8/8/8 w QK - 0 1");
/// let fix = parse.diagnostics()[0].fix().unwrap();
/// assert_eq!(fix.replacement(), "KQ");
/// assert_eq!(fix.apply("8/8/8/8/8/8/8/8 w QK - 0 1", 0).unwrap(), "8/8/8/8/8/8/8/8 w KQ - 0 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    span: Span,
    replacement: Text,
}

impl Fix {
    /// A fix that inserts `text` at byte `offset`.
    pub(crate) fn insert(offset: usize, text: impl Into<Text>) -> Fix {
        Fix {
            span: Span::empty(offset),
            replacement: text.into(),
        }
    }

    /// The text to replace.
    pub fn span(&self) -> Span {
        self.span
    }

    /// What to write instead.
    pub fn replacement(&self) -> &str {
        &self.replacement
    }

    /// Applies the fix to `text`, whose first byte is at offset `base` of the enclosing text.
    /// Returns `None` when the span is not inside `text`.
    pub fn apply(&self, text: &str, base: usize) -> Option<String> {
        let start = self.span.start.checked_sub(base)?;
        let end = self.span.end.checked_sub(base)?;
        let before = text.get(..start)?;
        let after = text.get(end..)?;
        Some([before, &self.replacement, after].concat())
    }
}

/// The labels of a diagnostic. Almost every diagnostic has one, which is kept in place rather
/// than in a vector of its own: one allocation less for each diagnostic.
#[derive(Clone, Default)]
enum Labels {
    #[default]
    None,
    One([Label; 1]),
    Many(Vec<Label>),
}

impl Labels {
    fn as_slice(&self) -> &[Label] {
        match self {
            Labels::None => &[],
            Labels::One(labels) => labels,
            Labels::Many(labels) => labels,
        }
    }

    fn as_mut_slice(&mut self) -> &mut [Label] {
        match self {
            Labels::None => &mut [],
            Labels::One(labels) => labels,
            Labels::Many(labels) => labels,
        }
    }

    fn is_empty(&self) -> bool {
        matches!(self, Labels::None)
    }

    /// Adds `label` after the others: in place for the first (most diagnostics have one),
    /// else out of line.
    fn push(&mut self, label: Label) {
        if let Labels::None = self {
            *self = Labels::One([label]);
        } else {
            self.push_more(label);
        }
    }

    /// [`Labels::push`] for a diagnostic that has a label already.
    fn push_more(&mut self, label: Label) {
        *self = match std::mem::take(self) {
            Labels::None => Labels::One([label]),
            Labels::One([first]) => {
                // Room for two more: a diagnostic with two labels often has a third (the
                // pieces that give check, the kings of a colour), and growing costs a copy.
                let mut labels = Vec::with_capacity(4);
                labels.push(first);
                labels.push(label);
                Labels::Many(labels)
            }
            Labels::Many(mut labels) => {
                labels.push(label);
                Labels::Many(labels)
            }
        };
    }
}

impl PartialEq for Labels {
    fn eq(&self, other: &Labels) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Labels {}

/// As the vector of labels it stands for.
impl fmt::Debug for Labels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A diagnostic's text: most messages are made for the problem, but most help texts and many
/// labels are fixed sentences, which are kept without a copy.
pub(crate) type Text = std::borrow::Cow<'static, str>;

/// One problem found in a FEN: a stable code, a severity, a message saying what was found and
/// what was expected, labelled spans, help text and, where unambiguous, a fix.
///
/// It implements [`miette::Diagnostic`]; attach the source text to render it:
///
/// ```
/// let input = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
/// let parse = fenlint::parse(input);
/// let diagnostic = &parse.diagnostics()[0];
/// assert_eq!(diagnostic.code().name(), "fen::side_to_move::invalid");
/// assert_eq!(diagnostic.message(), "invalid side to move `x`, expected `w` or `b`");
///
/// let report = miette::Report::new(diagnostic.clone()).with_source_code(input.to_owned());
/// assert!(format!("{report:?}").contains("side_to_move"));
/// ```
#[derive(Clone, Debug)]
pub struct Diagnostic {
    code: Code,
    severity: Severity,
    /// For the first diagnostic in a file of a code reported once per file: how many more the
    /// file has (see [`Diagnostic::more_in_file`]); 0 otherwise.
    more_in_file: u32,
    message: Text,
    labels: Labels,
    help: Option<Text>,
    /// Boxed, so that a diagnostic stays small: most have no fix.
    fix: Option<Box<Fix>>,
}

impl Diagnostic {
    /// A diagnostic with the code's default severity and no labels, help or fix.
    pub(crate) fn new(code: Code, message: impl Into<Text>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.default_severity(),
            more_in_file: 0,
            message: message.into(),
            labels: Labels::None,
            help: None,
            fix: None,
        }
    }

    pub(crate) fn primary(mut self, span: Span, text: impl Into<Text>) -> Diagnostic {
        self.labels.push(Label {
            span,
            text: text.into(),
            primary: true,
        });
        self
    }

    pub(crate) fn secondary(mut self, span: Span, text: impl Into<Text>) -> Diagnostic {
        self.labels.push(Label {
            span,
            text: text.into(),
            primary: false,
        });
        self
    }

    pub(crate) fn help(mut self, help: impl Into<Text>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub(crate) fn with_fix(mut self, span: Span, replacement: impl Into<Text>) -> Diagnostic {
        self.fix = Some(Box::new(Fix {
            span,
            replacement: replacement.into(),
        }));
        self
    }

    /// Takes the fix back: the text it was made for turned out not to be what it seemed.
    pub(crate) fn drop_fix(&mut self) {
        self.fix = None;
    }

    /// Moves labels with an empty span at `end` onto the `width` bytes before it.
    /// Whether a label of the diagnostic is the empty span at `end`.
    pub(crate) fn has_empty_label_at(&self, end: usize) -> bool {
        self.labels
            .as_slice()
            .iter()
            .any(|label| label.span == Span::empty(end))
    }

    pub(crate) fn widen_empty_labels(&mut self, end: usize, width: usize) {
        for label in self.labels.as_mut_slice() {
            if label.span == Span::empty(end) {
                label.span = Span::new(end.saturating_sub(width), end);
            }
        }
    }

    /// The same diagnostic with another severity, for users who override a code's default.
    ///
    /// ```
    /// use fenlint::Severity;
    /// let parse = fenlint::parse("8/8/8/8/8/8/8/8  w - - 0 1");
    /// let diagnostic = parse.diagnostics()[0].clone().with_severity(Severity::Error);
    /// assert_eq!(diagnostic.severity(), Severity::Error);
    /// ```
    pub fn with_severity(mut self, severity: Severity) -> Diagnostic {
        self.severity = severity;
        self
    }

    /// The same diagnostic, the first in a file of a code reported
    /// [once per file](Code::once_per_file), saying in its message that the file has `more`
    /// of them, which are not reported: `… (and 12 more in this file)`. Unchanged when `more`
    /// is 0.
    pub(crate) fn with_more_in_file(mut self, more: usize) -> Diagnostic {
        if more > 0 {
            self.more_in_file = u32::try_from(more).unwrap_or(u32::MAX);
            let mut message = std::mem::take(&mut self.message).into_owned();
            message.push_str(" (and ");
            message.push_str(itoa::Buffer::new().format(more));
            message.push_str(" more in this file)");
            // The words and digits added need no JSON escape either.
            self.message = Text::Owned(message);
        }
        self
    }

    /// [`Diagnostic::with_severity`] in place.
    pub(crate) fn set_severity(&mut self, severity: Severity) {
        self.severity = severity;
    }

    /// The stable code, such as `fen::castling::order`.
    pub fn code(&self) -> Code {
        self.code
    }

    /// How serious the problem is.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// What was found and what was expected, in one lower-case line.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The labelled spans; the primary label comes first.
    pub fn labels(&self) -> &[Label] {
        self.labels.as_slice()
    }

    /// The labels a report draws: every label but a secondary one that starts before the
    /// primary label and runs over it (the opcode around its bad character, the tag pair around
    /// its fault), which miette cannot draw apart from the primary: it draws the inner arrow
    /// past the outer label's end. [`Diagnostic::labels`] and the JSON output keep every label.
    fn drawn_labels(&self) -> impl Iterator<Item = &Label> {
        let primary = self.span();
        self.labels().iter().filter(move |label| {
            label.primary || !(label.span.start < primary.start && primary.end <= label.span.end)
        })
    }

    /// The span of the primary label (an empty span at 0 if there is no label).
    pub fn span(&self) -> Span {
        match &self.labels {
            Labels::None => Span::empty(0),
            Labels::One([first]) => first.span,
            Labels::Many(labels) => labels.first().map_or(Span::empty(0), Label::span),
        }
    }

    /// How to fix it, as a full sentence.
    pub fn help_text(&self) -> Option<&str> {
        self.help.as_deref()
    }

    /// For the first diagnostic in a file of a code [reported once per
    /// file](Code::once_per_file), as [`crate::files::lint_file`] and
    /// [`crate::files::OncePerFile`] give it: how many more of its code the file has, which are
    /// not reported (its message ends with the same count); 0 for any other diagnostic.
    ///
    /// ```
    /// use fenlint::files::{FileKind, lint_file};
    /// let text = b"4k3/8/8/8/8/8/8/4K3 w - - 0 0\n4k3/8/8/8/8/8/8/4K3 w - - 0 0\n";
    /// let diagnostics = lint_file(FileKind::Lines, text, &fenlint::Validator::new());
    /// assert_eq!(diagnostics[0].more_in_file(), 1);
    /// ```
    pub fn more_in_file(&self) -> usize {
        usize::try_from(self.more_in_file).unwrap_or(usize::MAX)
    }

    /// The machine-applicable fix, when the fix is unambiguous.
    pub fn fix(&self) -> Option<&Fix> {
        self.fix.as_deref()
    }
}

/// What a diagnostic says.
impl PartialEq for Diagnostic {
    fn eq(&self, other: &Diagnostic) -> bool {
        self.code == other.code
            && self.severity == other.severity
            && self.more_in_file == other.more_in_file
            && self.message == other.message
            && self.labels == other.labels
            && self.help == other.help
            && self.fix == other.fix
    }
}

impl Eq for Diagnostic {}

/// The most diagnostics reported for one FEN, one EPD record or one PGN game; further problems
/// are only counted, so that a huge garbage line cannot flood the output or the memory.
pub(crate) const MAX_DIAGNOSTICS: usize = 64;

/// What a cap on diagnostics applies to: its name and its name with an article.
pub(crate) type Unit = (&'static str, &'static str);

/// One FEN.
pub(crate) const FEN: Unit = ("FEN", "a FEN");
/// One EPD record.
pub(crate) const EPD_RECORD: Unit = ("EPD record", "an EPD record");
/// One PGN game.
pub(crate) const PGN_GAME: Unit = ("game", "a PGN game");

/// `fen::input::too_many_problems` for `count` problems of one `unit` that are not reported,
/// at `at`.
pub(crate) fn too_many_problems(count: usize, (what, a_what): Unit, at: Span) -> Diagnostic {
    Diagnostic::new(
        Code::InputTooManyProblems,
        format!("{count} more problems in this {what} are not reported"),
    )
    .primary(at, "")
    .help(format!(
        "Fix the problems above first; this input may not be {a_what} at all."
    ))
}

/// Room for the diagnostics of one FEN: the vector that [`give_back`] kept on this thread
/// from an earlier FEN, or else a new one with room for a few. Taken at a FEN's first
/// diagnostic, so that a file's lines share one allocation instead of making and freeing one
/// each.
pub(crate) fn room() -> Vec<Diagnostic> {
    match SPARE.try_with(std::cell::Cell::take) {
        Ok(spare) if spare.capacity() > 0 => spare,
        _ => Vec::with_capacity(FIRST_DIAGNOSTICS),
    }
}

/// Keeps the room of `diagnostics`, emptied, for the next FEN's [`room`] on this thread, if it
/// is small.
pub(crate) fn give_back(mut diagnostics: Vec<Diagnostic>) {
    if diagnostics.capacity() == 0 || diagnostics.capacity() > MAX_KEPT_DIAGNOSTICS {
        return;
    }
    diagnostics.clear();
    // When the thread is being torn down the vector is simply dropped.
    let _ = SPARE.try_with(|spare| spare.set(diagnostics));
}

/// The room made for diagnostics at the first: what the vector's growth would make.
const FIRST_DIAGNOSTICS: usize = 4;
/// The most room [`give_back`] keeps: a FEN's worth of problems, not a garbage line's.
const MAX_KEPT_DIAGNOSTICS: usize = 64;

thread_local! {
    /// The vector [`give_back`] kept for [`room`].
    static SPARE: std::cell::Cell<Vec<Diagnostic>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Diagnostics collected up to [`MAX_DIAGNOSTICS`]; the rest are counted.
#[derive(Debug, Default)]
pub(crate) struct Capped {
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) suppressed: usize,
}

impl Capped {
    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        if self.diagnostics.len() < MAX_DIAGNOSTICS {
            self.diagnostics.push(diagnostic);
        } else {
            self.suppressed = self.suppressed.saturating_add(1);
        }
    }
}

/// Sorts `diagnostics` by span and keeps the first [`MAX_DIAGNOSTICS`]; the rest, and
/// `suppressed` counted before, become one `fen::input::too_many_problems` at `end`.
pub(crate) fn limit(diagnostics: &mut Vec<Diagnostic>, suppressed: usize, unit: Unit, end: Span) {
    diagnostics.sort_by_key(Diagnostic::span);
    let dropped = diagnostics.len().saturating_sub(MAX_DIAGNOSTICS);
    diagnostics.truncate(MAX_DIAGNOSTICS);
    let count = dropped.saturating_add(suppressed);
    if count > 0 {
        diagnostics.push(too_many_problems(count, unit, end));
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code.name()))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(self.severity.into())
    }

    /// The code's section of the grammar reference ([`Code::url`]).
    fn url<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code.url()))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display + 'a>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.drawn_labels().map(|label| {
            let text = Some(label.text.to_string()).filter(|text| !text.is_empty());
            if label.primary {
                miette::LabeledSpan::new_primary_with_span(text, label.span)
            } else {
                miette::LabeledSpan::new_with_span(text, label.span)
            }
        })))
    }
}

impl Diagnostic {
    /// This diagnostic over `source`, the text its spans point into: what a miette report
    /// handler needs to print the source lines under the message. `with_labels` replaces the
    /// labels, for a front end that shows a window of the text with the spans moved into it.
    ///
    /// ```
    /// use miette::{GraphicalReportHandler, GraphicalTheme};
    /// let fen = "8/8/8/8/8/8/8/8 x - - 0 1";
    /// let parse = fenlint::parse(fen);
    /// let source = miette::NamedSource::new("--fen", fen.to_owned());
    /// let mut report = String::new();
    /// GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
    ///     .render_report(&mut report, &parse.diagnostics()[0].with_source(&source))
    ///     .unwrap();
    /// assert!(report.contains("8/8/8/8/8/8/8/8 x - - 0 1"));
    /// assert!(report.contains("invalid side to move `x`"));
    /// ```
    pub fn with_source<'a>(&'a self, source: &'a dyn miette::SourceCode) -> WithSource<'a> {
        WithSource {
            diagnostic: self,
            source,
            labels: None,
        }
    }
}

/// A [`Diagnostic`] over the text its spans point into (see [`Diagnostic::with_source`]).
pub struct WithSource<'a> {
    diagnostic: &'a Diagnostic,
    source: &'a dyn miette::SourceCode,
    labels: Option<Vec<miette::LabeledSpan>>,
}

impl WithSource<'_> {
    /// The same, with `labels` shown instead of the diagnostic's own.
    pub fn with_labels(mut self, labels: Vec<miette::LabeledSpan>) -> Self {
        self.labels = Some(labels);
        self
    }

    /// The same, with the diagnostic's labels moved into the text a front end shows (a window
    /// of the source, or the source as [`ShownText`] shows it): `place` gives the offset in the
    /// shown text of an offset of the source, the start of a label's span (`false`) or its end
    /// (`true`).
    ///
    /// ```
    /// use fenlint::diagnostics::ShownText;
    /// use miette::{GraphicalReportHandler, GraphicalTheme};
    /// let fen = "8/8/8/8/8/8/8/8\u{1b}[2J x - - 0 1";
    /// let shown = ShownText::new(fen.as_bytes());
    /// let parse = fenlint::parse(fen);
    /// let diagnostic = &parse.diagnostics()[0];
    /// let source = miette::NamedSource::new("--fen", shown.as_str().to_owned());
    /// let report = diagnostic
    ///     .with_source(&source)
    ///     .with_labels_moved(|offset, up| shown.shown_offset(offset, up));
    /// let mut text = String::new();
    /// GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
    ///     .render_report(&mut text, &report)
    ///     .unwrap();
    /// assert!(text.contains("8/8/8/8/8/8/8/8␛[2J x"));
    /// assert!(!text.contains('\u{1b}'));
    /// ```
    pub fn with_labels_moved(self, place: impl Fn(usize, bool) -> usize) -> Self {
        let labels = self
            .diagnostic
            .drawn_labels()
            .map(|label| {
                let start = place(label.span().start, false);
                let end = place(label.span().end, true).max(start);
                let text = Some(label.text().to_owned()).filter(|text| !text.is_empty());
                let span = miette::SourceSpan::new(start.into(), end.saturating_sub(start));
                if label.is_primary() {
                    miette::LabeledSpan::new_primary_with_span(text, span)
                } else {
                    miette::LabeledSpan::new_with_span(text, span)
                }
            })
            .collect();
        self.with_labels(labels)
    }
}

impl fmt::Debug for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.diagnostic, f)
    }
}

impl fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.diagnostic, f)
    }
}

impl std::error::Error for WithSource<'_> {}

/// The diagnostic's code, severity, help and labels (or those given), over the source.
impl miette::Diagnostic for WithSource<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        miette::Diagnostic::code(self.diagnostic)
    }

    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(self.diagnostic)
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        miette::Diagnostic::help(self.diagnostic)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        match &self.labels {
            Some(labels) if labels.is_empty() => None,
            Some(labels) => Some(Box::new(labels.iter().cloned())),
            None => miette::Diagnostic::labels(self.diagnostic),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagnostic_stays_small_and_keeps_its_labels_in_order() {
        // Returned by value in `Result`s: clippy's `result_large_err` allows 128 bytes.
        assert!(std::mem::size_of::<Diagnostic>() <= 128);
        let mut diagnostic = Diagnostic::new(Code::InputEmpty, "m");
        for at in 0..4 {
            assert_eq!(diagnostic.labels().len(), at);
            diagnostic = diagnostic.secondary(Span::empty(at), format!("{at}"));
        }
        let texts: Vec<&str> = diagnostic.labels().iter().map(Label::text).collect();
        assert_eq!(texts, ["0", "1", "2", "3"]);
        assert_eq!(
            format!("{:?}", diagnostic.labels()),
            format!("{:?}", diagnostic.labels().to_vec())
        );
    }
}
