//! `fenlint explain`: a rule's documentation, or the list of rules.

use std::io::{self, Write};

use fenlint::Code;

use crate::selector::Selector;

/// Where fenlint's documentation is.
pub const DOCS_URL: &str = "https://docs.rs/fenlint";

/// The page of `code`'s documentation: its section of the grammar reference (`Code::url`).
pub fn docs_url(code: Code) -> String {
    code.url()
}

/// Prints the documentation of the code `selector` names (the text of its section of the
/// grammar reference, `grammar/README.md`, and where that section is), or the list of the
/// codes under the prefix it names (every code for `all`).
pub fn explain(out: &mut dyn Write, selector: &Selector) -> io::Result<()> {
    let Selector::Code(code) = selector else {
        return list_of(out, |code| selector.matches(code));
    };
    writeln!(out, "{}", code.name())?;
    writeln!(out)?;
    write!(out, "{}", code.explanation())?;
    writeln!(out)?;
    writeln!(out, "{}", code.url())?;
    Ok(())
}

/// Prints every code with its default severity and summary.
pub fn list(out: &mut dyn Write) -> io::Result<()> {
    list_of(out, |_| true)
}

/// Prints the codes `selector` names (one code, those under a prefix, or every code for `all`),
/// each with its default severity and summary.
pub fn list_selected(out: &mut dyn Write, selector: &Selector) -> io::Result<()> {
    list_of(out, |code| selector.matches(code))
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
        let off = if code.is_on_by_default() {
            ""
        } else {
            " (off by default)"
        };
        writeln!(
            out,
            "{:width$}  {:8}  {}{off}",
            code.name(),
            code.default_severity().to_string(),
            code.summary()
        )?;
    }
    Ok(())
}
