//! `--format sarif`: one SARIF 2.1.0 log, as GitHub code scanning reads it, built with
//! `serde-sarif` and written when the run ends.
//!
//! Regions count columns in UTF-16 code units (SARIF's default `columnKind`, said explicitly in
//! the run) and give the byte offset and length too; a result's fix, when it has one, replaces
//! a byte region. Results of standard input and `--fen` have no file, so no location.

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::path::{Component, Path};

use fenlint::{Code, ColumnUnit, Severity, Span};
use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};
use serde_sarif::sarif;

use crate::check::Finding;

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

/// The results of a run, kept until the log is written.
#[derive(Default)]
pub struct SarifLog {
    results: Vec<(Code, sarif::Result)>,
}

impl SarifLog {
    /// Adds `finding` as a result.
    pub fn add(&mut self, finding: &Finding<'_>) {
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
        self.results.push((diagnostic.code(), result));
    }

    /// Writes the log: one run, its driver's rules being the codes reported, in registry order.
    pub fn write(self, out: &mut dyn Write) -> io::Result<()> {
        let codes: Vec<Code> = self
            .results
            .iter()
            .map(|(code, _)| *code)
            .collect::<BTreeSet<Code>>()
            .into_iter()
            .collect();
        let rules: Vec<sarif::ReportingDescriptor> = codes.iter().map(|&code| rule(code)).collect();
        let results: Vec<sarif::Result> = self
            .results
            .into_iter()
            .map(|(code, mut result)| {
                result.rule_index = codes
                    .binary_search(&code)
                    .ok()
                    .and_then(|index| i64::try_from(index).ok());
                result
            })
            .collect();
        let driver = sarif::ToolComponent::builder()
            .name("fenlint")
            .version(env!("CARGO_PKG_VERSION"))
            .information_uri(crate::explain::DOCS_URL)
            .rules(rules)
            .build();
        let run = sarif::Run::builder()
            .tool(sarif::Tool::from(driver))
            .column_kind(serde_json::json!("utf16CodeUnits"))
            .results(results)
            .build();
        let log = sarif::Sarif::builder()
            .schema(SCHEMA)
            .version(serde_json::json!("2.1.0"))
            .runs(vec![run])
            .build();
        // The serializer writes a few bytes at a time: into a buffer of its own, whose writes
        // are inlined, rather than each through `out`'s dynamic call.
        let mut buffered = io::BufWriter::with_capacity(64 * 1024, &mut *out);
        serde_json::to_writer_pretty(&mut buffered, &log).map_err(io::Error::other)?;
        writeln!(buffered)?;
        buffered.flush()
    }
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
