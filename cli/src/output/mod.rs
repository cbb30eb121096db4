//! Printing findings: human (miette reports and a summary), JSON Lines, GitHub annotations,
//! SARIF; or, with `--statistics`, a count per code.

mod github;
mod human;
mod json;
mod sarif;

use std::collections::BTreeMap;
use std::io::{self, Write};

use fenlint::{Code, Severity};

use crate::args::Format;
use crate::finding::{Finding, Totals};
use human::Human;
use sarif::SarifLog;

/// How often one code was reported, for `--statistics`.
#[derive(Clone, Copy, Debug)]
struct Tally {
    severity: Severity,
    count: usize,
    fixable: usize,
}

/// Prints findings as they come, in the format asked for, and counts them by severity.
pub struct Printer {
    format: Format,
    human: Human,
    /// Print only errors (the others are still counted).
    quiet: bool,
    /// Count per code instead of printing each finding (`--statistics`).
    statistics: Option<BTreeMap<Code, Tally>>,
    /// The SARIF log, written as the findings come (`--format sarif`).
    sarif: Option<SarifLog>,
    pub errors: usize,
    pub warnings: usize,
    pub advice: usize,
}

impl Printer {
    pub fn new(format: Format, color: bool) -> Printer {
        Printer {
            format,
            human: Human::new(color),
            quiet: false,
            statistics: None,
            sarif: (format == Format::Sarif).then(SarifLog::default),
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

    /// Prints `finding` to `out` (or counts it), and counts it by severity.
    pub fn finding(&mut self, out: &mut impl Write, finding: &Finding<'_>) -> io::Result<()> {
        let severity = finding.diagnostic.severity();
        // A code reported once per file counts every occurrence the file has, in the summary
        // and for `--max-warnings`, as in the statistics.
        let occurrences = finding.diagnostic.more_in_file().saturating_add(1);
        match severity {
            Severity::Error => self.errors += occurrences,
            Severity::Warning => self.warnings += occurrences,
            _ => self.advice += occurrences,
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
            Format::Human => self.human.write(out, finding),
            Format::Json => json::write(out, finding),
            Format::Github => github::write(out, finding),
            Format::Sarif => Ok(()),
        }
    }

    /// What is written when the run ends: the statistics, the SARIF log, and the closing
    /// summary of the human format.
    pub fn summary(&mut self, out: &mut dyn Write, totals: &Totals) -> io::Result<()> {
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
