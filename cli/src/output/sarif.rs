//! `--format sarif`: one SARIF 2.1.0 log, as GitHub code scanning reads it, built with
//! `serde-sarif` and written as the run goes: the log's head, then each result as it comes
//! (serialized on its own), then the tail, which holds the driver and its rules. So the memory
//! a run takes does not grow with the number of results.
//!
//! Regions count columns in UTF-16 code units (SARIF's default `columnKind`, said explicitly in
//! the run) and give the byte offset and length too; a result's fix, when it has one, replaces
//! a byte region. Results of standard input and `--fen` have no file, so no location.

use std::io::{self, Write};
use std::path::{Component, Path};

use fenlint::{Code, ColumnUnit, Severity, Span};
use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};
use serde_sarif::sarif;

use crate::finding::Finding;

/// What a path segment of a relative URI may not hold as it is (RFC 3986 `pchar`, less what
/// would be read as a delimiter).
const SEGMENT: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'/')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// The JSON schema of SARIF 2.1.0, as GitHub's documentation names it.
const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// A log being written: the head once, each result as it is added, the tail at the end.
#[derive(Default)]
pub struct SarifLog {
    /// The codes reported so far, in the order they first came: the driver's rules, into which
    /// each result's `ruleIndex` points.
    codes: Vec<Code>,
    /// Whether the head is written.
    started: bool,
    /// How many results are written.
    written: usize,
    /// The JSON of the result being written, kept from result to result.
    json: Vec<u8>,
}

/// How far the results are indented in the log: they are items of the array `results` of the
/// run, an item of `runs` of the log, two spaces a level as `serde_json`'s pretty printer does.
const RESULT_INDENT: &[u8] = b"        ";

/// Where the results go in the log, as `serde_json` writes an empty `results`.
const RESULTS: &str = "\"results\": []";

impl SarifLog {
    /// Writes `finding` as a result (after the log's head, the first time).
    pub fn add(&mut self, out: &mut dyn Write, finding: &Finding<'_>) -> io::Result<()> {
        self.start(out)?;
        let code = finding.diagnostic.code();
        let index = match self.codes.iter().position(|&known| known == code) {
            Some(index) => index,
            None => {
                self.codes.push(code);
                self.codes.len().saturating_sub(1)
            }
        };
        let mut result = result(finding);
        result.rule_index = i64::try_from(index).ok();
        self.json.clear();
        serde_json::to_writer_pretty(&mut self.json, &result).map_err(io::Error::other)?;
        out.write_all(if self.written == 0 { b"\n" } else { b",\n" })?;
        // The result's lines, each indented to its place in the log (a line break in a JSON
        // text is always between tokens: inside a string it is escaped).
        for (number, line) in self.json.split(|&byte| byte == b'\n').enumerate() {
            if number > 0 {
                out.write_all(b"\n")?;
            }
            out.write_all(RESULT_INDENT)?;
            out.write_all(line)?;
        }
        self.written = self.written.saturating_add(1);
        Ok(())
    }

    /// Writes the head of the log, unless it is written already.
    fn start(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.started {
            return Ok(());
        }
        let (head, _) = skeleton(&[])?;
        out.write_all(head.as_bytes())?;
        self.started = true;
        Ok(())
    }

    /// Ends the log: the end of the results, then the driver, whose rules are the codes
    /// reported, in the order they first came.
    pub fn finish(mut self, out: &mut dyn Write) -> io::Result<()> {
        self.start(out)?;
        if self.written > 0 {
            out.write_all(b"\n      ")?;
        }
        let (_, tail) = skeleton(&self.codes)?;
        out.write_all(tail.as_bytes())?;
        writeln!(out)?;
        out.flush()
    }
}

/// The log with no results and the rules of `codes`, cut where its results go: the text
/// before the first result (up to and with the `[` of `results`) and the text after the last
/// one (from its `]` on). The log is written by `serde_json`, so the head and the tail are its
/// text, not made by hand.
fn skeleton(codes: &[Code]) -> io::Result<(String, String)> {
    let rules: Vec<sarif::ReportingDescriptor> = codes.iter().map(|&code| rule(code)).collect();
    let driver = sarif::ToolComponent::builder()
        .name("fenlint")
        .version(env!("CARGO_PKG_VERSION"))
        .information_uri(crate::explain::DOCS_URL)
        .rules(rules)
        .build();
    let run = sarif::Run::builder()
        .tool(sarif::Tool::from(driver))
        .column_kind(serde_json::json!("utf16CodeUnits"))
        .results(Vec::new())
        .build();
    let log = sarif::Sarif::builder()
        .schema(SCHEMA)
        .version(serde_json::json!("2.1.0"))
        .runs(vec![run])
        .build();
    let text = serde_json::to_string_pretty(&log).map_err(io::Error::other)?;
    // The first `"results": []` is the run's: nothing before it in the log holds that text
    // (the schema's address and the column kind), and the driver comes after it.
    let at = text
        .find(RESULTS)
        .ok_or_else(|| io::Error::other("the SARIF log has no results"))?;
    let open = at.saturating_add(RESULTS.len()).saturating_sub(1);
    let head = text.get(..open).unwrap_or_default().to_owned();
    let tail = text.get(open..).unwrap_or_default().to_owned();
    Ok((head, tail))
}

/// The result of `finding`, without its `ruleIndex`.
fn result(finding: &Finding<'_>) -> sarif::Result {
    let diagnostic = finding.diagnostic;
    let artifact = artifact_uri(finding.path);
    let location = |span: Span, message: Option<&str>| {
        let artifact = artifact.clone()?;
        let physical = sarif::PhysicalLocation::builder()
            .artifact_location(sarif::ArtifactLocation::builder().uri(artifact).build())
            .region(region(finding, span))
            .build();
        let location = sarif::Location::builder().physical_location(physical);
        Some(match message.filter(|text| !text.is_empty()) {
            Some(text) => location.message(sarif::Message::from(text)).build(),
            None => location.build(),
        })
    };
    let mut text = diagnostic.message().to_owned();
    if let Some(help) = diagnostic.help_text() {
        text.push_str("\nhelp: ");
        text.push_str(help);
    }
    let primary: Vec<sarif::Location> = location(diagnostic.span(), None).into_iter().collect();
    let related: Vec<sarif::Location> = diagnostic
        .labels()
        .iter()
        .filter(|label| !label.is_primary())
        .filter_map(|label| location(label.span(), Some(label.text())))
        .collect();
    let fixes: Vec<sarif::Fix> = diagnostic
        .fix()
        .zip(artifact.clone())
        .map(|(fix, uri)| {
            let replacement = sarif::Replacement::builder()
                .deleted_region(byte_region(fix.span()))
                .inserted_content(
                    sarif::ArtifactContent::builder()
                        .text(fix.replacement())
                        .build(),
                )
                .build();
            sarif::Fix::builder()
                .description(sarif::Message::from(
                    diagnostic.help_text().unwrap_or("apply the fix"),
                ))
                .artifact_changes(vec![
                    sarif::ArtifactChange::builder()
                        .artifact_location(sarif::ArtifactLocation::builder().uri(uri).build())
                        .replacements(vec![replacement])
                        .build(),
                ])
                .build()
        })
        .into_iter()
        .collect();
    let mut result = sarif::Result::builder()
        .rule_id(diagnostic.code().name())
        .level(level(diagnostic.severity()))
        .message(sarif::Message::from(text.as_str()))
        .build();
    result.locations = (!primary.is_empty()).then_some(primary);
    result.related_locations = (!related.is_empty()).then_some(related);
    result.fixes = (!fixes.is_empty()).then_some(fixes);
    result
}

/// The SARIF level of `severity`.
fn level(severity: Severity) -> sarif::ResultLevel {
    match severity {
        Severity::Error => sarif::ResultLevel::Error,
        Severity::Warning => sarif::ResultLevel::Warning,
        _ => sarif::ResultLevel::Note,
    }
}

/// The rule of `code`: its summary, its documentation, its default level and its page.
fn rule(code: Code) -> sarif::ReportingDescriptor {
    let docs: Vec<&str> = code.docs().lines().map(str::trim).skip(1).collect();
    let full = docs.join("\n").trim().to_owned();
    let default_level = match level(code.default_severity()) {
        sarif::ResultLevel::Error => "error",
        sarif::ResultLevel::Warning => "warning",
        _ => "note",
    };
    let rule = sarif::ReportingDescriptor::builder()
        .id(code.name())
        .short_description(sarif::MultiformatMessageString::from(
            &code.summary().to_owned(),
        ))
        .default_configuration(if code.is_on_by_default() {
            sarif::ReportingConfiguration::builder()
                .level(serde_json::json!(default_level))
                .build()
        } else {
            // A code off by default is reported only when asked for.
            sarif::ReportingConfiguration::builder()
                .level(serde_json::json!(default_level))
                .enabled(false)
                .build()
        })
        .help_uri(crate::explain::docs_url(code));
    if full.is_empty() {
        rule.build()
    } else {
        let mut rule = rule.build();
        rule.full_description = Some(sarif::MultiformatMessageString::from(&full));
        rule
    }
}

/// The region of `span` in `finding`'s file: 1-based lines, columns in UTF-16 code units (the
/// end column is the one after the region), and the bytes.
fn region(finding: &Finding, span: Span) -> sarif::Region {
    let start = finding.place.position_in(span.start, ColumnUnit::Utf16);
    let end = finding.place.position_in(span.end, ColumnUnit::Utf16);
    let number = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    let mut region = byte_region(span);
    region.start_line = Some(number(start.line));
    region.start_column = Some(number(start.column));
    region.end_line = Some(number(end.line));
    region.end_column = Some(number(end.column));
    region
}

/// The region of the bytes of `span`.
fn byte_region(span: Span) -> sarif::Region {
    let number = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    sarif::Region::builder()
        .byte_offset(number(span.start))
        .byte_length(number(span.end.saturating_sub(span.start)))
        .build()
}

/// The URI of the file `path` as given on the command line: a relative reference for a
/// relative path (`./` dropped, each segment percent-encoded), a `file:` URL for an absolute
/// one, `None` for standard input and `--fen`, which are no file.
pub fn artifact_uri(path: &str) -> Option<String> {
    if path == "-" || path == "--fen" {
        return None;
    }
    let path = Path::new(path);
    if path.is_absolute() {
        return url::Url::from_file_path(path).ok().map(String::from);
    }
    let mut segments = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => segments.push("..".to_owned()),
            Component::Normal(name) => {
                segments.push(utf8_percent_encode(&name.to_string_lossy(), SEGMENT).to_string());
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    // A first segment with a `:` would read as a scheme.
    if segments.first().is_some_and(|first| first.contains(':')) {
        segments.insert(0, ".".to_owned());
    }
    (!segments.is_empty()).then(|| segments.join("/"))
}

#[cfg(test)]
mod tests {
    use super::artifact_uri;

    #[test]
    fn paths_become_relative_uris() {
        assert_eq!(artifact_uri("./a b/c.fen").as_deref(), Some("a%20b/c.fen"));
        assert_eq!(artifact_uri("../x#1.pgn").as_deref(), Some("../x%231.pgn"));
        assert_eq!(artifact_uri("c:d.fen").as_deref(), Some("./c:d.fen"));
        assert_eq!(
            artifact_uri("/tmp/é.fen").as_deref(),
            Some("file:///tmp/%C3%A9.fen")
        );
        assert_eq!(artifact_uri("-"), None);
        assert_eq!(artifact_uri("--fen"), None);
    }
}
