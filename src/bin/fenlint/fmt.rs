//! `fenlint fmt`: every valid FEN rewritten in canonical form or the chosen dialect; comments,
//! blank lines, line endings and FENs with errors left byte for byte.

use std::io;
use std::path::Path;

use fenlint::Validator;
use fenlint::position::{
    CastlingStyle, ChecksStyle, EnPassantStyle, HoldingsStyle, Position, WriteOptions,
};

use crate::args::{ChecksArg, EpArg, FmtArgs, HoldingsArg, ToArg};
use crate::check::Kind;

/// The writer options the flags ask for.
pub fn options(args: &FmtArgs) -> WriteOptions {
    WriteOptions {
        castling: match args.to {
            ToArg::Fen | ToArg::Xfen => CastlingStyle::XFen,
            ToArg::Shredder => CastlingStyle::Shredder,
        },
        holdings: match args.holdings {
            HoldingsArg::Slash => HoldingsStyle::Slash,
            HoldingsArg::Bracket => HoldingsStyle::Bracket,
        },
        checks: match args.checks {
            ChecksArg::Given => ChecksStyle::Given,
            ChecksArg::Remaining => ChecksStyle::Remaining,
        },
        en_passant: match args.ep {
            EpArg::Always => EnPassantStyle::Always,
            EpArg::Capturable => EnPassantStyle::Capturable,
            EpArg::Legal => EnPassantStyle::Legal,
        },
    }
}

/// What formatting one file did.
#[derive(Default)]
pub struct Outcome {
    /// The formatted file.
    pub text: Vec<u8>,
    /// Lines whose FEN changed.
    pub changed: usize,
    /// Lines left alone because their FEN has errors, with their 1-based numbers.
    pub skipped: Vec<usize>,
}

/// Formats `bytes`, a file of `kind`.
pub fn format(kind: Kind, bytes: &[u8], options: &WriteOptions) -> Outcome {
    match kind {
        Kind::Pgn => match std::str::from_utf8(bytes) {
            Ok(text) => format_pgn(text, options),
            Err(_) => Outcome {
                text: bytes.to_vec(),
                ..Outcome::default()
            },
        },
        Kind::Lines | Kind::Epd => format_lines(kind, bytes, options),
    }
}

/// The canonical text of a FEN without errors, for `variant` (automatic when `None`).
fn canonical(
    fen: &str,
    variant: Option<fenlint::position::Variant>,
    options: &WriteOptions,
) -> Option<String> {
    let validator =
        variant.map_or_else(Validator::new, |variant| Validator::new().variant(variant));
    let lint = validator.lint(fen);
    let position = lint.position().filter(|_| !lint.has_errors())?;
    Some(Position::to_fen(position, options))
}

/// Formats one FEN (or one EPD record's four fields) per line.
fn format_lines(kind: Kind, bytes: &[u8], options: &WriteOptions) -> Outcome {
    let mut outcome = Outcome {
        text: Vec::with_capacity(bytes.len()),
        ..Outcome::default()
    };
    for (number, line) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        let content = line.strip_suffix(b"\n").unwrap_or(line);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        let ending = line.get(content.len()..).unwrap_or_default();
        let trimmed = content.trim_ascii();
        let text = std::str::from_utf8(content).ok();
        let (Some(text), false, false) = (text, trimmed.is_empty(), trimmed.starts_with(b"#"))
        else {
            outcome.text.extend_from_slice(line);
            continue;
        };
        let formatted = match kind {
            Kind::Epd => format_epd(text, options),
            _ => canonical(text, None, options),
        };
        let Some(formatted) = formatted else {
            outcome.skipped.push(number + 1);
            outcome.text.extend_from_slice(line);
            continue;
        };
        if formatted.as_bytes() != content {
            outcome.changed += 1;
        }
        outcome.text.extend_from_slice(formatted.as_bytes());
        outcome.text.extend_from_slice(ending);
    }
    outcome
}

/// An EPD record with its four position fields in canonical form and its operations as
/// written; `None` when the record has errors.
fn format_epd(record: &str, options: &WriteOptions) -> Option<String> {
    let checked = fenlint::epd::check(record, 0, &Validator::new());
    if checked.has_errors() {
        return None;
    }
    let lint = checked.lint()?;
    let position = lint.position()?;
    let start = lint.tree().placement()?.span().start;
    let end = lint.tree().en_passant()?.span().end;
    let fen = Position::to_fen(position, options);
    let fields: Vec<&str> = fen.splitn(5, ' ').take(4).collect();
    Some(format!(
        "{}{}{}",
        record.get(..start)?,
        fields.join(" "),
        record.get(end..)?
    ))
}

/// A PGN file with every `[FEN]` tag value without errors in canonical form.
fn format_pgn(text: &str, options: &WriteOptions) -> Outcome {
    let mut outcome = Outcome::default();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for game in fenlint::pgn::read(text, 0).games() {
        let variant = game
            .tag("Variant")
            .and_then(|tag| fenlint::pgn::variant_of(&tag.unescaped()).ok().flatten());
        for tag in game.tags().iter().filter(|tag| tag.name() == "FEN") {
            let span = tag.value_span();
            let (Some(before), Some(value)) = (text.get(at..span.start), text.get(span.range()))
            else {
                continue;
            };
            let Some(formatted) = canonical(value, variant, options) else {
                let line = text
                    .get(..span.start)
                    .unwrap_or_default()
                    .matches('\n')
                    .count()
                    + 1;
                outcome.skipped.push(line);
                continue;
            };
            out.push_str(before);
            out.push_str(&formatted);
            at = span.end;
            if formatted != value {
                outcome.changed += 1;
            }
        }
    }
    out.push_str(text.get(at..).unwrap_or_default());
    outcome.text = out.into_bytes();
    outcome
}

/// Formats `path` in place (or only checks it); returns the outcome.
pub fn format_file(path: &Path, options: &WriteOptions, check: bool) -> io::Result<Outcome> {
    if path.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    let bytes = std::fs::read(path)?;
    let outcome = format(crate::check::kind_of(path), &bytes, options);
    if !check && outcome.changed > 0 {
        std::fs::write(path, &outcome.text)?;
    }
    Ok(outcome)
}
