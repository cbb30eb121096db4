//! `fenlint explain`: a rule's documentation, or the list of rules.

use std::io::{self, Write};

use fenlint::Code;

/// Where fenlint's documentation is.
pub const DOCS_URL: &str = "https://docs.rs/fenlint";

/// The page of `code`'s documentation.
pub fn docs_url(code: Code) -> String {
    format!("{DOCS_URL}/latest/fenlint/enum.Code.html#variant.{code:?}")
}

/// Prints the documentation of `name`; `Ok(false)` when there is no such code.
pub fn explain(out: &mut dyn Write, name: &str) -> io::Result<bool> {
    let Some(code) = Code::from_name(name) else {
        return Ok(false);
    };
    writeln!(out, "{} ({})", code.name(), code.default_severity())?;
    writeln!(out)?;
    for line in code.docs().lines() {
        writeln!(out, "{}", line.strip_prefix(' ').unwrap_or(line))?;
    }
    Ok(true)
}

/// Prints every code with its default severity and summary.
pub fn list(out: &mut dyn Write) -> io::Result<()> {
    let width = Code::ALL
        .iter()
        .map(|code| code.name().len())
        .max()
        .unwrap_or_default();
    for code in Code::ALL {
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
