//! `fenlint explain`: a rule's documentation, or the list of rules.

use std::io::{self, Write};

use fenlint::Code;

/// Prints the documentation of `name`, the text of its section of the grammar reference
/// (`grammar/README.md`), and where that section is; `Ok(false)` when there is no such code.
pub fn explain(out: &mut dyn Write, name: &str) -> io::Result<bool> {
    let Some(code) = Code::from_name(name) else {
        return Ok(false);
    };
    writeln!(out, "{}", code.name())?;
    writeln!(out)?;
    write!(out, "{}", code.explanation())?;
    writeln!(out)?;
    writeln!(out, "{}", code.url())?;
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
