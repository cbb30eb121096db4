//! fenlint: the reference grammar, lossless syntax tree and linter for chess position notation
//! (FEN, X-FEN, Shredder-FEN, Chess960, Crazyhouse and Three-Check).
//!
//! [`parse()`] turns any text into a [`SyntaxTree`] that covers every byte of it, plus a
//! [`Diagnostic`] for every problem found, each with a stable [`Code`], a [`Severity`], a
//! labelled [`Span`], help text and, where the fix is unambiguous, a [`Fix`].
//!
//! ```
//! let input = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1";
//! let parse = fenlint::parse(input);
//!
//! // The tree is lossless: printing it gives the input back.
//! assert_eq!(parse.tree().to_string(), input);
//!
//! // Each problem has a code, a message, a span and, here, a fix.
//! let diagnostic = &parse.diagnostics()[0];
//! assert_eq!(diagnostic.code().name(), "fen::castling::order");
//! assert_eq!(diagnostic.message(), "castling rights `QKkq` out of order, expected `KQkq`");
//! assert_eq!(diagnostic.fix().unwrap().replacement(), "KQkq");
//! ```
//!
//! The layout follows the data: [`mod@parse`] (the nom grammar, one function per production of
//! `grammar/fen.ebnf`) builds the [`syntax`] tree and reports [`diagnostics`].

#![forbid(unsafe_code)]
#![deny(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

pub mod diagnostics;
pub mod epd;
pub mod files;
mod line_index;
pub mod parse;
pub mod pgn;
mod pgn_string;
pub mod position;
pub mod render;
mod span;
pub mod syntax;
mod types;
pub mod validate;

pub use diagnostics::{Code, Diagnostic, Fix, Label, Severity};
pub use line_index::{ColumnUnit, LineColumn, LineIndex};
pub use parse::{MAX_LINE_LEN, Parse, parse, parse_at, parse_bytes, parse_bytes_at};
pub use span::Span;
pub use syntax::{SyntaxKind, SyntaxNode, SyntaxTree};
pub use types::{Color, File, Piece, Role, Square};
pub use validate::{Lint, Validator, lint};

/// The README's examples, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
