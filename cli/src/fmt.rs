//! `fenlint fmt`: every valid FEN rewritten in canonical form or the chosen dialect (by
//! [`fenlint::files::format_file`]); the file replaced crash-safely.

use std::io;
use std::path::Path;

use fenlint::files::{self, FileKind, Formatted};
use fenlint::position::{CastlingStyle, ChecksStyle, EnPassantStyle, HoldingsStyle, WriteOptions};

use crate::args::{ChecksArg, EpArg, FmtArgs, HoldingsArg, ToArg};

/// The writer options the flags ask for.
pub fn options(args: &FmtArgs) -> WriteOptions {
    WriteOptions::default()
        .with_castling(match args.to {
            ToArg::Fen | ToArg::Xfen => CastlingStyle::XFen,
            ToArg::Shredder => CastlingStyle::Shredder,
        })
        .with_holdings(match args.holdings {
            HoldingsArg::Slash => HoldingsStyle::Slash,
            HoldingsArg::Bracket => HoldingsStyle::Bracket,
        })
        .with_checks(match args.checks {
            ChecksArg::Given => ChecksStyle::Given,
            ChecksArg::Remaining => ChecksStyle::Remaining,
        })
        .with_en_passant(match args.ep {
            EpArg::Always => EnPassantStyle::Always,
            EpArg::Capturable => EnPassantStyle::Capturable,
            EpArg::Legal => EnPassantStyle::Legal,
        })
}

/// Formats `path` in place, crash-safely (or only checks it); returns the outcome.
pub fn format_file(path: &Path, options: &WriteOptions, check: bool) -> io::Result<Formatted> {
    if path.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    let bytes = std::fs::read(path)?;
    let outcome = files::format_file(FileKind::of(path), &bytes, options);
    if !check && outcome.changed > 0 && outcome.text != bytes {
        crate::write::replace(path, &outcome.text)?;
    }
    Ok(outcome)
}
