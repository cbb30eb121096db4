//! The `fenlint` Python package: the library's diagnostics, fixes, formatting and positions,
//! and batch checks over Arrow columns, for Python.
//!
//! Only the library's public API is used; every Python-facing name is documented in
//! `fenlint/__init__.pyi`, which the tests keep in step with this module.

use std::path::PathBuf;

use fenlint::files::FileKind;
use fenlint::position::{
    CastlingStyle, ChecksStyle, EnPassantStyle, HoldingsStyle, Variant, WriteOptions,
};
use fenlint::{Code, Severity, Validator};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

mod batch;
mod diagnostic;
mod offsets;
mod position;
mod text;

use diagnostic::{Diagnostic, Source};
use text::{exact_utf8_of, utf8_of};

/// The variant names `variant=` takes, as the command's `--variant` does.
const VARIANTS: &str =
    "\"auto\", \"standard\", \"chess960\", \"crazyhouse\", \"threecheck\" or \"syntax\"";

/// What a `variant=` argument asks for: a validator, or the variant to read positions as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VariantChoice {
    /// From each FEN's dialect.
    Auto,
    /// One variant.
    Fixed(Variant),
    /// The syntax only, for variants fenlint does not know.
    Syntax,
}

impl VariantChoice {
    /// The choice `name` names, or a `ValueError` that lists the names.
    pub(crate) fn of(name: &str) -> PyResult<VariantChoice> {
        Ok(match name {
            "auto" => VariantChoice::Auto,
            "standard" => VariantChoice::Fixed(Variant::Standard),
            "chess960" => VariantChoice::Fixed(Variant::Chess960),
            "crazyhouse" => VariantChoice::Fixed(Variant::Crazyhouse),
            "threecheck" => VariantChoice::Fixed(Variant::ThreeCheck),
            "syntax" => VariantChoice::Syntax,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "unknown variant {name:?}: expected {VARIANTS}"
                )));
            }
        })
    }

    /// The validator that checks as this choice says, with the default severities.
    pub(crate) fn validator(self) -> Validator {
        match self {
            VariantChoice::Auto => Validator::new(),
            VariantChoice::Fixed(variant) => Validator::new().variant(variant),
            VariantChoice::Syntax => Validator::new().syntax(),
        }
    }

    /// The variant positions are read as (`None`: from the dialect), or a `ValueError` for
    /// `syntax`, which checks positions but cannot read them as any variant.
    fn reading(self, what: &str) -> PyResult<Option<Variant>> {
        match self {
            VariantChoice::Auto => Ok(None),
            VariantChoice::Fixed(variant) => Ok(Some(variant)),
            VariantChoice::Syntax => Err(PyValueError::new_err(format!(
                "variant \"syntax\" checks positions and cannot {what}: choose a variant to read them as"
            ))),
        }
    }
}

/// The name of `variant` as `variant=` takes it.
pub(crate) fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess960 => "chess960",
        Variant::Crazyhouse => "crazyhouse",
        Variant::ThreeCheck => "threecheck",
        _ => "standard",
    }
}

/// One of `choices` (name, value) named by `name`, or a `ValueError` naming the argument and
/// the choices.
fn choose<T: Copy>(argument: &str, name: &str, choices: &[(&str, T)]) -> PyResult<T> {
    choices
        .iter()
        .find(|(choice, _)| *choice == name)
        .map(|&(_, value)| value)
        .ok_or_else(|| {
            let names: Vec<String> = choices.iter().map(|(c, _)| format!("{c:?}")).collect();
            PyValueError::new_err(format!(
                "unknown {argument} {name:?}: expected {}",
                names.join(", ")
            ))
        })
}

/// The writer options of `format()` and `Position.fen()`: each `None` keeps `base`'s.
pub(crate) fn write_options(
    base: WriteOptions,
    castling: Option<&str>,
    holdings: Option<&str>,
    checks: Option<&str>,
    en_passant: Option<&str>,
) -> PyResult<WriteOptions> {
    let mut options = base;
    if let Some(name) = castling {
        options = options.with_castling(choose(
            "castling",
            name,
            &[
                ("fen", CastlingStyle::XFen),
                ("xfen", CastlingStyle::XFen),
                ("shredder", CastlingStyle::Shredder),
            ],
        )?);
    }
    if let Some(name) = holdings {
        options = options.with_holdings(choose(
            "holdings",
            name,
            &[
                ("bracket", HoldingsStyle::Bracket),
                ("slash", HoldingsStyle::Slash),
            ],
        )?);
    }
    if let Some(name) = checks {
        options = options.with_checks(choose(
            "checks",
            name,
            &[
                ("given", ChecksStyle::Given),
                ("remaining", ChecksStyle::Remaining),
            ],
        )?);
    }
    if let Some(name) = en_passant {
        options = options.with_en_passant(choose(
            "en_passant",
            name,
            &[
                ("always", EnPassantStyle::Always),
                ("capturable", EnPassantStyle::Capturable),
                ("legal", EnPassantStyle::Legal),
            ],
        )?);
    }
    Ok(options)
}

/// The diagnostics of one FEN, as `fenlint check --fen` reports them.
fn lint_fen(text: &str, validator: &Validator) -> Vec<fenlint::Diagnostic> {
    fenlint::files::lint_text_line(FileKind::Lines, text, 0, validator)
}

/// Check one FEN and return every problem found, in the order of their spans.
///
/// The whole of `text` is one FEN (as `fenlint check --fen TEXT` reads it); a FEN with problems
/// gives diagnostics, never an exception. `variant` is "auto" (from the FEN's dialect),
/// "standard", "chess960", "crazyhouse", "threecheck" or "syntax" (the syntax only).
#[pyfunction]
#[pyo3(signature = (text, variant = "auto"))]
fn check(text: &Bound<'_, PyString>, variant: &str) -> PyResult<Vec<Diagnostic>> {
    let validator = VariantChoice::of(variant)?.validator();
    let text = utf8_of(text)?;
    let diagnostics = lint_fen(&text, &validator);
    if diagnostics.is_empty() {
        return Ok(Vec::new());
    }
    let source = Source::new(text.as_bytes(), "<fen>".to_owned(), None, false);
    Ok(diagnostics
        .into_iter()
        .map(|diagnostic| Diagnostic::new(diagnostic, &source))
        .collect())
}

/// Whether `text` is a FEN without errors (warnings and advice allowed) in `variant`.
#[pyfunction]
#[pyo3(signature = (text, variant = "auto"))]
fn is_valid(text: &Bound<'_, PyString>, variant: &str) -> PyResult<bool> {
    let validator = VariantChoice::of(variant)?.validator();
    let text = utf8_of(text)?;
    Ok(!lint_fen(&text, &validator)
        .iter()
        .any(|diagnostic| diagnostic.severity() == Severity::Error))
}

/// How many times `fix` lints and fixes at most: overlapping fixes need a second pass and a fix
/// that uncovers another a third; fixes that undo one another stop here.
const FIX_PASSES: usize = 8;

/// `text` with every machine-applicable fix applied, as `fenlint check --fix` writes it; the
/// text unchanged when nothing can be fixed.
#[pyfunction]
#[pyo3(signature = (text, variant = "auto"))]
fn fix(text: &Bound<'_, PyString>, variant: &str) -> PyResult<String> {
    let validator = VariantChoice::of(variant)?.validator();
    let mut current = exact_utf8_of(text, "fix")?.into_owned();
    let mut seen: Vec<String> = Vec::new();
    for _ in 0..FIX_PASSES {
        let diagnostics = lint_fen(&current, &validator);
        let pass = fenlint::files::apply_fixes(
            current.as_bytes(),
            diagnostics.iter().filter_map(fenlint::Diagnostic::fix),
        );
        // Fixes never split a character, so the text stays UTF-8.
        let Ok(next) = String::from_utf8(pass.text) else {
            break;
        };
        if pass.applied == 0 || next == current || seen.contains(&next) {
            break;
        }
        seen.push(std::mem::replace(&mut current, next));
    }
    Ok(current)
}

/// The FEN in canonical form, or in the dialect the options ask for; `None` when it has errors
/// (`check` says which), as `fenlint fmt` leaves such a FEN alone.
///
/// `castling` is "fen" (or "xfen": `KQkq`, a file letter for an inner rook) or "shredder";
/// `holdings` "bracket" or "slash"; `checks` "given" (`+W+B`) or "remaining" (`W+B`);
/// `en_passant` "always" (after every double step), "capturable" or "legal".
#[pyfunction]
#[pyo3(signature = (text, *, castling = "fen", holdings = "bracket", checks = "given", en_passant = "always", variant = "auto"))]
fn format(
    text: &Bound<'_, PyString>,
    castling: &str,
    holdings: &str,
    checks: &str,
    en_passant: &str,
    variant: &str,
) -> PyResult<Option<String>> {
    let variant = VariantChoice::of(variant)?.reading("format them")?;
    let options = write_options(
        WriteOptions::default(),
        Some(castling),
        Some(holdings),
        Some(checks),
        Some(en_passant),
    )?;
    Ok(fenlint::files::canonical_fen(
        &utf8_of(text)?,
        variant,
        &options,
    ))
}

/// The documentation of the code named `code` (such as "fen::castling::order"), as
/// `fenlint explain CODE` prints it: its name, its explanation and where it is documented.
#[pyfunction]
fn explain(code: &str) -> PyResult<String> {
    let found = Code::from_name(code).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown code {code:?}: fenlint.codes() lists every code"
        ))
    })?;
    Ok(format!(
        "{}\n\n{}\n{}\n",
        found.name(),
        found.explanation(),
        found.url()
    ))
}

/// The name of every code fenlint reports, in the order of the documentation.
#[pyfunction]
fn codes() -> Vec<&'static str> {
    Code::ALL.iter().map(|code| code.name()).collect()
}

/// The kind of file `kind` names: "fen" (one FEN per line, `#` comments), "epd" or "pgn".
fn file_kind(kind: &str) -> PyResult<FileKind> {
    choose(
        "kind",
        kind,
        &[
            ("fen", FileKind::Lines),
            ("epd", FileKind::Epd),
            ("pgn", FileKind::Pgn),
        ],
    )
}

/// The diagnostics of a whole file's `bytes`, each with its line and column; `name` names it in
/// reports, `path` is the file's. A code reported once per file is reported at each occurrence
/// when `every_occurrence`, else at its first, with how many more the file has.
fn lint_bytes(
    bytes: &[u8],
    kind: FileKind,
    variant: &str,
    every_occurrence: bool,
    (name, path): (String, Option<String>),
) -> PyResult<Vec<Diagnostic>> {
    let mut validator = VariantChoice::of(variant)?.validator();
    if every_occurrence {
        validator = validator.every_occurrence();
    }
    let diagnostics = fenlint::files::lint_file(kind, bytes, &validator);
    if diagnostics.is_empty() {
        return Ok(Vec::new());
    }
    // The command reports a PGN file, and a file with a lone `\r` ending a line, read whole.
    let whole = kind == FileKind::Pgn || fenlint::files::has_lone_cr(bytes);
    let source = Source::new(bytes, name, path, whole);
    Ok(diagnostics
        .into_iter()
        .map(|diagnostic| Diagnostic::new(diagnostic, &source))
        .collect())
}

/// Check a whole text of FEN lines, EPD records or PGN games, as `fenlint check` checks a file
/// of that kind: every diagnostic carries its line and column. `every_occurrence` reports each
/// occurrence of a code reported once per file, as `fenlint check --every-occurrence` does.
#[pyfunction]
#[pyo3(signature = (text, kind = "fen", variant = "auto", *, every_occurrence = false))]
fn check_text(
    text: &Bound<'_, PyString>,
    kind: &str,
    variant: &str,
    every_occurrence: bool,
) -> PyResult<Vec<Diagnostic>> {
    let kind = file_kind(kind)?;
    let name = ("<text>".to_owned(), None);
    lint_bytes(
        utf8_of(text)?.as_bytes(),
        kind,
        variant,
        every_occurrence,
        name,
    )
}

/// Check a file as `fenlint check --no-config PATH` does: `fenlint.toml` is not read (the
/// file's own suppression comments are); `variant` and `every_occurrence` are the settings. Its kind comes from its extension (`.epd`, `.pgn`,
/// anything else FEN lines) unless `kind` names it. Spans count characters of the file's text
/// decoded as UTF-8 with `errors="replace"`. Raises the `OSError` subclass for the errno
/// (`FileNotFoundError`, `IsADirectoryError`, …) when the file cannot be read.
#[pyfunction]
#[pyo3(signature = (path, kind = None, variant = "auto", *, every_occurrence = false))]
fn check_file(
    py: Python<'_>,
    path: PathBuf,
    kind: Option<&str>,
    variant: &str,
    every_occurrence: bool,
) -> PyResult<Vec<Diagnostic>> {
    let kind = match kind {
        Some(kind) => file_kind(kind)?,
        None => FileKind::of(&path),
    };
    let bytes = py
        .detach(|| std::fs::read(&path))
        .map_err(|error| os_error(&error, &path))?;
    let name = path.display().to_string();
    lint_bytes(
        &bytes,
        kind,
        variant,
        every_occurrence,
        (name.clone(), Some(name)),
    )
}

/// `error` on reading `path` as Python's `OSError` of the same `errno`, which Python makes the
/// subclass for it (`FileNotFoundError`, `IsADirectoryError`, `PermissionError`, …), with the
/// path as its `filename`.
fn os_error(error: &std::io::Error, path: &std::path::Path) -> PyErr {
    let message = error.to_string();
    // The message without the library's " (os error N)".
    let message = message
        .split_once(" (os error")
        .map_or(message.as_str(), |(message, _)| message);
    match error.raw_os_error() {
        Some(errno) => PyOSError::new_err((errno, message.to_owned(), path.as_os_str().to_owned())),
        None => PyOSError::new_err(format!("{}: {message}", path.display())),
    }
}

/// The position `text` describes, or `None` when its placement is not eight ranks of eight
/// squares. Fields with errors (and fields left out) take the defaults `w - - 0 1`; `check`
/// says what is wrong.
#[pyfunction]
#[pyo3(signature = (text, variant = "auto"))]
fn parse(text: &Bound<'_, PyString>, variant: &str) -> PyResult<Option<position::Position>> {
    let variant = VariantChoice::of(variant)?.reading("read a position")?;
    Ok(position::Position::read(&utf8_of(text)?, variant))
}

/// fenlint: the reference linter for chess FEN, EPD and PGN `[FEN]` tags.
#[pymodule]
fn _fenlint(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(check, module)?)?;
    module.add_function(wrap_pyfunction!(is_valid, module)?)?;
    module.add_function(wrap_pyfunction!(fix, module)?)?;
    module.add_function(wrap_pyfunction!(format, module)?)?;
    module.add_function(wrap_pyfunction!(explain, module)?)?;
    module.add_function(wrap_pyfunction!(codes, module)?)?;
    module.add_function(wrap_pyfunction!(check_text, module)?)?;
    module.add_function(wrap_pyfunction!(check_file, module)?)?;
    module.add_function(wrap_pyfunction!(parse, module)?)?;
    module.add_function(wrap_pyfunction!(batch::check_many, module)?)?;
    module.add_class::<Diagnostic>()?;
    module.add_class::<diagnostic::Span>()?;
    module.add_class::<diagnostic::Label>()?;
    module.add_class::<diagnostic::Fix>()?;
    module.add_class::<position::Position>()?;
    module.add_class::<batch::CheckResults>()?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
