//! `fenlint fmt`: every valid FEN rewritten in canonical form or the chosen dialect; comments,
//! blank lines, line endings and FENs with errors left byte for byte.

use std::io;
use std::path::Path;

use fenlint::Validator;
use fenlint::position::{
    CastlingStyle, ChecksStyle, EnPassantStyle, HoldingsStyle, Position, WriteOptions,
};

use crate::args::{ChecksArg, EpArg, FmtArgs, HoldingsArg, ToArg};

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

/// Formats the lines of `bytes`.
pub fn format(bytes: &[u8], options: &WriteOptions) -> Outcome {
    let validator = Validator::new();
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
        let lint = validator.lint(text);
        let position = lint.position().filter(|_| !lint.has_errors());
        let Some(position) = position else {
            outcome.skipped.push(number + 1);
            outcome.text.extend_from_slice(line);
            continue;
        };
        let formatted = Position::to_fen(position, options);
        if formatted.as_bytes() != content {
            outcome.changed += 1;
        }
        outcome.text.extend_from_slice(formatted.as_bytes());
        outcome.text.extend_from_slice(ending);
    }
    outcome
}

/// Formats `path` in place (or only checks it); returns the outcome.
pub fn format_file(path: &Path, options: &WriteOptions, check: bool) -> io::Result<Outcome> {
    if path.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    let bytes = std::fs::read(path)?;
    let outcome = format(&bytes, options);
    if !check && outcome.changed > 0 {
        std::fs::write(path, &outcome.text)?;
    }
    Ok(outcome)
}
