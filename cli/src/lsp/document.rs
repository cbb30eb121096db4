//! An open document: its text, version and kind, positions in the negotiated encoding, and
//! the last lint the worker sent for it.

use std::sync::Arc;

use fenlint::files::FileKind;
use fenlint::{ColumnUnit, LineColumn, LineIndex, Span};
use lsp_types::{Position, Range, TextDocumentContentChangeEvent, Uri};

/// What the worker found in one version of a document.
#[derive(Debug, Default)]
pub struct Linted {
    /// The version linted.
    pub version: i32,
    /// The diagnostics, with spans into that version's text.
    pub diagnostics: Vec<fenlint::Diagnostic>,
}

/// An open document.
#[derive(Debug)]
pub struct Document {
    pub uri: Uri,
    /// The text; shared with the worker while it lints.
    pub text: Arc<str>,
    pub version: i32,
    pub kind: FileKind,
    /// Line starts of `text`, built when the text changes.
    pub index: LineIndex,
    /// The last lint of this document the worker sent, if it was of the current version.
    pub linted: Option<Linted>,
}

impl Document {
    pub fn new(uri: Uri, language_id: &str, version: i32, text: String) -> Document {
        let kind = kind_of(&uri, language_id);
        let index = LineIndex::new(&text);
        Document {
            uri,
            text: Arc::from(text),
            version,
            kind,
            index,
            linted: None,
        }
    }

    /// The lint of the current version, if the worker has sent it.
    pub fn current_lint(&self) -> Option<&Linted> {
        self.linted
            .as_ref()
            .filter(|linted| linted.version == self.version)
    }

    /// Applies the changes of one `didChange`, in order; a range that does not fit the text is
    /// an error and leaves the text as the changes before it left it.
    pub fn apply(
        &mut self,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        unit: ColumnUnit,
    ) -> Result<(), String> {
        let mut text = String::from(&*self.text);
        let mut index = None::<LineIndex>;
        let mut outcome = Ok(());
        for change in changes {
            match change.range {
                None => {
                    text = change.text;
                    index = None;
                }
                Some(range) => {
                    let lines = index.get_or_insert_with(|| LineIndex::new(&text));
                    let (Some(start), Some(end)) = (
                        offset_in(&text, lines, range.start, unit),
                        offset_in(&text, lines, range.end, unit),
                    ) else {
                        outcome = Err(format!(
                            "change at {}:{}-{}:{} is outside the document",
                            range.start.line,
                            range.start.character,
                            range.end.line,
                            range.end.character
                        ));
                        break;
                    };
                    if start > end {
                        outcome = Err("change range ends before it starts".to_owned());
                        break;
                    }
                    text.replace_range(start..end, &change.text);
                    index = None;
                }
            }
        }
        self.index = index.unwrap_or_else(|| LineIndex::new(&text));
        self.text = Arc::from(text);
        self.version = version;
        self.linted = None;
        outcome
    }

    /// The LSP range of `span`.
    pub fn range(&self, span: Span, unit: ColumnUnit) -> Range {
        range_in(&self.text, &self.index, span, unit)
    }

    /// The byte offset of an LSP position, if it is inside the document.
    pub fn offset(&self, position: Position, unit: ColumnUnit) -> Option<usize> {
        offset_in(&self.text, &self.index, position, unit)
    }
}

/// The kind of a document: from the language id the client gives, or else from the path's
/// extension.
fn kind_of(uri: &Uri, language_id: &str) -> FileKind {
    match language_id {
        "fen" => FileKind::Lines,
        "epd" => FileKind::Epd,
        "pgn" => FileKind::Pgn,
        _ => FileKind::of(std::path::Path::new(uri.path().as_str())),
    }
}

/// The byte offset of an LSP position in `text`. A line past the end gives `None`; a
/// character past the end of its line gives the end of the line (as the protocol asks).
pub fn offset_in(
    text: &str,
    index: &LineIndex,
    position: Position,
    unit: ColumnUnit,
) -> Option<usize> {
    let line = usize::try_from(position.line).ok()?;
    let column = usize::try_from(position.character).ok()?;
    if line == index.line_count() && column == 0 {
        return Some(text.len()); // The position just past a final line ending.
    }
    index.offset(text, LineColumn { line, column }, unit)
}

/// The LSP range of `span` in `text`; an offset that is not a position of the text (which
/// spans from the linter never are) is clamped to the end.
pub fn range_in(text: &str, index: &LineIndex, span: Span, unit: ColumnUnit) -> Range {
    let position = |offset: usize| {
        let at = index
            .line_column(text, offset.min(text.len()), unit)
            .unwrap_or_default();
        Position {
            line: u32::try_from(at.line).unwrap_or(u32::MAX),
            character: u32::try_from(at.column).unwrap_or(u32::MAX),
        }
    };
    Range {
        start: position(span.start),
        end: position(span.end.max(span.start)),
    }
}
