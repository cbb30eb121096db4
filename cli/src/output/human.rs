//! `--format human`: each finding as miette draws it, on an excerpt of its source.

use std::io::{self, Write};

use miette::{GraphicalReportHandler, GraphicalTheme};

use crate::finding::Finding;
use crate::source::{Excerpt, visible};

/// Draws findings as miette's graphical handler does, in colour or not.
pub struct Human {
    handler: GraphicalReportHandler,
}

impl Human {
    pub fn new(color: bool) -> Human {
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        Human {
            handler: GraphicalReportHandler::new_themed(theme).with_links(false),
        }
    }

    /// Writes the report of `finding`, and a blank line after it.
    pub fn write(&self, out: &mut dyn Write, finding: &Finding<'_>) -> io::Result<()> {
        let shown = Shown::new(finding);
        let mut text = String::new();
        if self.handler.render_report(&mut text, &shown).is_err() {
            text = format!(
                "{}: {}\n",
                finding.diagnostic.code(),
                visible(finding.diagnostic.message())
            );
        }
        writeln!(out, "{text}")
    }
}

/// A finding as the human report shows it: its diagnostic, with the labels moved onto an
/// [`Excerpt`] of the source (a window of a long line, control characters made visible).
struct Shown<'a> {
    diagnostic: &'a fenlint::Diagnostic,
    excerpt: Excerpt,
    labels: Vec<miette::LabeledSpan>,
}

impl<'a> Shown<'a> {
    fn new(finding: &'a Finding<'_>) -> Shown<'a> {
        let excerpt = Excerpt::new(finding.place.snippet(), finding.diagnostic);
        let labels = excerpt.labels(finding.diagnostic);
        Shown {
            diagnostic: finding.diagnostic,
            excerpt,
            labels,
        }
    }
}

impl std::fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.diagnostic, f)
    }
}

impl std::fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self.diagnostic, f)
    }
}

impl std::error::Error for Shown<'_> {}

impl miette::Diagnostic for Shown<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        miette::Diagnostic::code(self.diagnostic)
    }

    fn severity(&self) -> Option<miette::Severity> {
        miette::Diagnostic::severity(self.diagnostic)
    }

    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        miette::Diagnostic::help(self.diagnostic)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.excerpt)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().cloned()))
    }
}
