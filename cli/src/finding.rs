//! What linting hands on to the output: each finding, and the totals of the run.

use fenlint::Diagnostic;

use crate::source::{Place, Snippet};

/// One diagnostic and where it is. All three are borrowed: a finding is reported as soon as it
/// is made; the findings of a line share its place, which copies the line's text into a
/// snippet only for a format that shows it; and a batch's diagnostics stay in the batch, to be
/// dropped on the thread that lints it next rather than on the one that reports them.
pub struct Finding<'a> {
    pub path: &'a str,
    pub diagnostic: &'a Diagnostic,
    pub place: Place<'a>,
}

impl<'a> Finding<'a> {
    /// `diagnostic` in the file `path`, on the lines of `snippet`.
    pub fn new(path: &'a str, diagnostic: &'a Diagnostic, snippet: &'a Snippet) -> Finding<'a> {
        Finding::on(path, diagnostic, Place::Snippet(snippet))
    }

    /// `diagnostic` in the file `path`, shown on `place`.
    pub fn on(path: &'a str, diagnostic: &'a Diagnostic, place: Place<'a>) -> Finding<'a> {
        Finding {
            path,
            diagnostic,
            place,
        }
    }
}

/// What was linted: how many files (`None` for `--fen`, which reads none) and FENs, and the
/// notes on the last file, printed once its findings are out.
pub struct Totals {
    pub files: Option<usize>,
    pub fens: usize,
    pub notes: Vec<String>,
}

impl Default for Totals {
    fn default() -> Totals {
        Totals {
            files: Some(0),
            fens: 0,
            notes: Vec::new(),
        }
    }
}
