//! Printing findings: human (miette reports and a summary), JSON Lines, GitHub annotations.

use std::io::{self, Write};

use fenlint::Severity;
use miette::{GraphicalReportHandler, GraphicalTheme};

use crate::args::Format;
use crate::check::{Finding, Totals};
use crate::source::{Excerpt, visible};

/// Prints findings as they come and counts them by severity.
pub struct Printer {
    format: Format,
    handler: GraphicalReportHandler,
    pub errors: usize,
    pub warnings: usize,
    pub advice: usize,
}

impl Printer {
    pub fn new(format: Format, color: bool) -> Printer {
        let theme = if color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        Printer {
            format,
            handler: GraphicalReportHandler::new_themed(theme).with_links(false),
            errors: 0,
            warnings: 0,
            advice: 0,
        }
    }

    pub fn finding(&mut self, out: &mut dyn Write, finding: &Finding) -> io::Result<()> {
        match finding.diagnostic.severity() {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            _ => self.advice += 1,
        }
        match self.format {
            Format::Human => self.human(out, finding),
            Format::Json => json_line(out, finding),
            Format::Github => github(out, finding),
        }
    }

    fn human(&self, out: &mut dyn Write, finding: &Finding) -> io::Result<()> {
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

    /// The closing summary of the human format.
    pub fn summary(&self, out: &mut dyn Write, totals: &Totals) -> io::Result<()> {
        if self.format != Format::Human {
            return Ok(());
        }
        if let Some(files) = totals.files {
            write!(out, "{files} {}, ", plural(files, "file", "files"))?;
        }
        writeln!(
            out,
            "{} {}: {} {}, {} {}, {} advice",
            totals.fens,
            plural(totals.fens, "FEN", "FENs"),
            self.errors,
            plural(self.errors, "error", "errors"),
            self.warnings,
            plural(self.warnings, "warning", "warnings"),
            self.advice,
        )
    }
}

fn plural<'a>(count: usize, one: &'a str, many: &'a str) -> &'a str {
    if count == 1 { one } else { many }
}

/// One JSON object per line, with the documented fields (see the README).
fn json_line(out: &mut dyn Write, finding: &Finding) -> io::Result<()> {
    fenlint::render::json_line(&mut &mut *out, &located(finding))
}

/// A GitHub Actions workflow command: `::error file=…,line=…,col=…::message`.
fn github(out: &mut dyn Write, finding: &Finding) -> io::Result<()> {
    fenlint::render::github(&mut &mut *out, &located(finding))
}

/// The finding with the lines and columns of its primary span.
fn located(finding: &Finding) -> fenlint::render::Located<'_> {
    let span = finding.diagnostic.span();
    let at = |offset| {
        let position = finding.snippet.position(offset);
        fenlint::LineColumn {
            line: position.line.saturating_sub(1),
            column: position.column.saturating_sub(1),
        }
    };
    fenlint::render::Located {
        path: &finding.path,
        diagnostic: &finding.diagnostic,
        start: at(span.start),
        end: at(span.end),
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
    fn new(finding: &'a Finding) -> Shown<'a> {
        let excerpt = Excerpt::new(&finding.snippet, &finding.diagnostic);
        let labels = excerpt.labels(&finding.diagnostic);
        Shown {
            diagnostic: &finding.diagnostic,
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
