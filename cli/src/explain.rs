//! `fenlint explain`: a rule's documentation, or the list of rules.

use std::io::{self, Write};

use fenlint::Code;

use crate::selector::Selector;

/// Where fenlint's documentation is.
pub const DOCS_URL: &str = "https://docs.rs/fenlint";

/// The page of `code`'s documentation.
pub fn docs_url(code: Code) -> String {
    format!("{DOCS_URL}/latest/fenlint/enum.Code.html#variant.{code:?}")
}

/// Prints the documentation of the code `selector` names, or the list of the codes under the
/// prefix it names (every code for `all`).
pub fn explain(out: &mut dyn Write, selector: &Selector) -> io::Result<()> {
    let Selector::Code(code) = selector else {
        return list_of(out, |code| selector.matches(code));
    };
    writeln!(out, "{} ({})", code.name(), code.default_severity())?;
    writeln!(out)?;
    for line in code.docs().lines() {
        writeln!(out, "{}", line.strip_prefix(' ').unwrap_or(line))?;
    }
    Ok(())
}

/// Prints every code with its default severity and summary.
pub fn list(out: &mut dyn Write) -> io::Result<()> {
    list_of(out, |_| true)
}

/// Prints the codes `wanted` keeps, each with its default severity and summary.
fn list_of(out: &mut dyn Write, wanted: impl Fn(Code) -> bool) -> io::Result<()> {
    let codes: Vec<Code> = Code::ALL
        .iter()
        .copied()
        .filter(|&code| wanted(code))
        .collect();
    let width = codes
        .iter()
        .map(|code| code.name().len())
        .max()
        .unwrap_or_default();
    for code in codes {
        writeln!(
            out,
            "{:width$}  {:8}  {}",
            code.name(),
            code.default_severity().to_string(),
            code.summary()
        )?;
    }
    Ok(())
}
