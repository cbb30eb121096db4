//! Printing findings: human (miette reports and a summary), JSON Lines, GitHub annotations,
//! SARIF; or, with `--statistics`, a count per code.

mod sarif;

use std::collections::BTreeMap;
use std::io::{self, Write};

use fenlint::{Code, Severity};
use miette::{GraphicalReportHandler, GraphicalTheme};

use crate::args::Format;
use crate::check::{Finding, Severities, Totals};
use crate::source::{Excerpt, shown_name, visible};
use sarif::SarifLog;

/// How often one code was reported, for `--statistics`.
#[derive(Clone, Copy, Debug)]
struct Tally {
    severity: Severity,
    count: usize,
    fixable: usize,
}

/// How many bytes of JSON lines are kept before they are written: a write this long goes past
/// the output's buffer (of the same size) without a copy, and a stream's findings still come out
/// as soon as they did with every line written at once.
const PENDING_BYTES: usize = 8 * 1024;

/// Prints findings as they come and counts them by severity. JSON lines are written a few
/// kilobytes at a time: whoever reports findings calls [`Printer::write_pending`] when they
/// end (the summary writes them too).
pub struct Printer {
    format: Format,
    handler: GraphicalReportHandler,
    /// Print only errors (the others are still counted).
    quiet: bool,
    /// Count per code instead of printing each finding (`--statistics`).
    statistics: Option<BTreeMap<Code, Tally>>,
    /// The SARIF log, written as the findings come (`--format sarif`).
    sarif: Option<SarifLog>,
    /// JSON lines not yet written: they are written together once there are
    /// [`PENDING_BYTES`], by [`Printer::write_pending`], and before the summary.
    line: Vec<u8>,
    /// The JSON lines' writer, which keeps the path escaped.
    json: fenlint::render::JsonLines,
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
            quiet: false,
            statistics: None,
            sarif: (format == Format::Sarif).then(SarifLog::default),
            line: Vec::new(),
            json: fenlint::render::JsonLines::default(),
            errors: 0,
            warnings: 0,
            advice: 0,
        }
    }

    /// This printer, printing only errors when `quiet` (`--quiet`).
    pub fn quiet(mut self, quiet: bool) -> Printer {
        self.quiet = quiet;
        self
    }

    /// This printer, counting per code instead of printing each finding when `statistics`
    /// (`--statistics`; human and JSON formats).
    pub fn statistics(mut self, statistics: bool) -> Printer {
        self.statistics = statistics.then(BTreeMap::new);
        self
    }

    pub fn finding(&mut self, out: &mut dyn Write, finding: &Finding<'_>) -> io::Result<()> {
        let severity = finding.diagnostic.severity();
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            _ => self.advice += 1,
        }
        if self.quiet && severity != Severity::Error {
            return Ok(());
        }
        if let Some(statistics) = &mut self.statistics {
            let tally = statistics
                .entry(finding.diagnostic.code())
                .or_insert(Tally {
                    severity,
                    count: 0,
                    fixable: 0,
                });
            tally.severity = tally.severity.max(severity);
            // A code reported once per file counts every occurrence the file has.
            let occurrences = finding.diagnostic.more_in_file().saturating_add(1);
            tally.count += occurrences;
            if finding.diagnostic.fix().is_some() {
                tally.fixable += occurrences;
            }
            return Ok(());
        }
        if let Some(sarif) = &mut self.sarif {
            return sarif.add(out, finding);
        }
        match self.format {
            Format::Human => self.human(out, finding),
            Format::Json => {
                self.json.push(&mut self.line, &located(finding));
                if self.line.len() >= PENDING_BYTES {
                    self.write_pending(out)?;
                }
                Ok(())
            }
            Format::Github => github(out, finding),
            Format::Sarif => Ok(()),
        }
    }

    fn human(&self, out: &mut dyn Write, finding: &Finding<'_>) -> io::Result<()> {
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

    /// Whether the findings may come as their JSON lines ([`Printer::json_lines`]): JSON
    /// printed one by one, none left out (`--quiet`) or counted instead (`--statistics`).
    pub fn takes_json_lines(&self) -> bool {
        self.format == Format::Json && !self.quiet && self.statistics.is_none()
    }

    /// Prints findings given as their JSON lines, `text`, with how many of each severity they
    /// are: what [`Printer::finding`] does with each of them in turn.
    pub fn json_lines(
        &mut self,
        out: &mut dyn Write,
        text: &[u8],
        severities: Severities,
    ) -> io::Result<()> {
        self.errors = self.errors.saturating_add(severities.errors);
        self.warnings = self.warnings.saturating_add(severities.warnings);
        self.advice = self.advice.saturating_add(severities.advice);
        if text.len() < PENDING_BYTES {
            self.line.extend_from_slice(text);
            if self.line.len() >= PENDING_BYTES {
                self.write_pending(out)?;
            }
            return Ok(());
        }
        // Written where it is, after the lines before it: a text this long goes past the
        // output's buffer without a copy.
        self.write_pending(out)?;
        out.write_all(text)
    }

    /// Writes the findings not written yet.
    pub fn write_pending(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let written = out.write_all(&self.line);
        self.line.clear();
        written
    }

    /// What is written when the run ends: the findings not written yet, the statistics, the
    /// SARIF log, and the closing summary of the human format.
    pub fn summary(&mut self, out: &mut dyn Write, totals: &Totals) -> io::Result<()> {
        self.write_pending(out)?;
        if let Some(statistics) = self.statistics.take() {
            self.write_statistics(out, statistics)?;
        }
        if let Some(sarif) = self.sarif.take() {
            sarif.finish(out)?;
        }
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

    /// The count per code, most frequent first (then in code order): a table, or one JSON
    /// object per code.
    fn write_statistics(
        &self,
        out: &mut dyn Write,
        statistics: BTreeMap<Code, Tally>,
    ) -> io::Result<()> {
        let mut rows: Vec<(Code, Tally)> = statistics.into_iter().collect();
        rows.sort_by(|(a, x), (b, y)| y.count.cmp(&x.count).then(a.name().cmp(b.name())));
        if self.format == Format::Json {
            for (code, tally) in rows {
                let object = serde_json::json!({
                    "code": code.name(),
                    "severity": tally.severity.to_string(),
                    "count": tally.count,
                    "fixable": tally.fixable,
                    "summary": code.summary(),
                });
                writeln!(out, "{object}")?;
            }
            return Ok(());
        }
        let count_width = rows
            .iter()
            .map(|(_, tally)| tally.count.to_string().len())
            .max()
            .unwrap_or_default();
        let code_width = rows
            .iter()
            .map(|(code, _)| code.name().len())
            .max()
            .unwrap_or_default();
        let any_fixable = rows.iter().any(|(_, tally)| tally.fixable > 0);
        for (code, tally) in &rows {
            let marker = if tally.fixable > 0 { "[*] " } else { "    " };
            writeln!(
                out,
                "{:>count_width$}  {:code_width$}  {:8} {}{}",
                tally.count,
                code.name(),
                tally.severity.to_string(),
                if any_fixable { marker } else { "" },
                code.summary()
            )?;
        }
        if any_fixable {
            writeln!(out, "[*] fixable with `fenlint check --fix`")?;
        }
        if !rows.is_empty() {
            writeln!(out)?;
        }
        Ok(())
    }
}

fn plural<'a>(count: usize, one: &'a str, many: &'a str) -> &'a str {
    if count == 1 { one } else { many }
}

/// A GitHub Actions workflow command: `::error file=…,line=…,col=…::message`. The log shows
/// the file name as a terminal would, so its control characters are made visible.
fn github(out: &mut dyn Write, finding: &Finding<'_>) -> io::Result<()> {
    let path = shown_name(finding.path);
    let mut located = located(finding);
    located.path = &path;
    fenlint::render::github(&mut &mut *out, &located)
}

/// The finding with the lines and columns of its primary span.
#[inline(always)]
pub(crate) fn located<'f>(finding: &'f Finding<'_>) -> fenlint::render::Located<'f> {
    let span = finding.diagnostic.span();
    let at = |offset| line_column(finding.place.position(offset));
    fenlint::render::Located {
        path: finding.path,
        diagnostic: finding.diagnostic,
        start: at(span.start),
        end: at(span.end),
    }
}

/// The 0-based line and column of a 1-based `position`.
#[inline(always)]
pub(crate) fn line_column(position: crate::source::Position) -> fenlint::LineColumn {
    fenlint::LineColumn {
        line: position.line.saturating_sub(1),
        column: position.column.saturating_sub(1),
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
