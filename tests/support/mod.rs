//! Helpers shared by the integration tests.
#![allow(dead_code)]

use miette::{GraphicalReportHandler, GraphicalTheme};

/// Renders every diagnostic of `input` the way the snapshots show them: miette's graphical
/// handler, unicode, no colour, 80 columns, no links and no urls (each code's url is checked
/// in `tests/grammar_readme.rs`).
pub fn render(input: &str) -> String {
    let parse = fenlint::parse(input);
    render_diagnostics(input, parse.diagnostics())
}

/// Renders `diagnostics` against `source`.
pub fn render_diagnostics(source: &str, diagnostics: &[fenlint::Diagnostic]) -> String {
    let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .with_links(false)
        .with_urls(false);
    let mut out = String::new();
    for diagnostic in diagnostics {
        let report = miette::Report::new(diagnostic.clone()).with_source_code(source.to_owned());
        handler
            .render_report(&mut out, report.as_ref())
            .expect("rendering into a String cannot fail");
        out.push('\n');
    }
    out
}

/// The input, then its rendered report: the body of a diagnostic snapshot.
pub fn report(input: &str) -> String {
    report_diagnostics(input, fenlint::parse(input).diagnostics())
}

/// The source, then `diagnostics` rendered against it: the body of a diagnostic snapshot.
pub fn report_diagnostics(source: &str, diagnostics: &[fenlint::Diagnostic]) -> String {
    format!(
        "input: {source:?}\n\n{}",
        render_diagnostics(source, diagnostics)
    )
}

/// The code names of `diagnostics`, in order.
pub fn codes(diagnostics: &[fenlint::Diagnostic]) -> Vec<&'static str> {
    diagnostics.iter().map(|d| d.code().name()).collect()
}

/// Each diagnostic's code name with the text of `source` its primary span covers.
pub fn codes_and_spans<'s>(
    source: &'s str,
    diagnostics: &[fenlint::Diagnostic],
) -> Vec<(&'static str, &'s str)> {
    diagnostics
        .iter()
        .map(|d| (d.code().name(), &source[d.span().range()]))
        .collect()
}

/// Binds insta to the top-level `snapshots/` folder, without module prefixes.
pub fn settings() -> insta::Settings {
    settings_at("../snapshots")
}

/// Binds insta to `path` (relative to the test file's folder), without module prefixes: the
/// command's tests in `cli/tests/` use the same top-level folder as `../../snapshots`.
pub fn settings_at(path: &str) -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(path);
    settings.set_prepend_module_to_snapshot(false);
    settings
}
