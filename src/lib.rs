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
//! # The pipeline
//!
//! Data flows one way, and no stage reads the text again once the tree holds it.
//!
//! 1. **Grammar.** [`parse()`] / [`parse_at`] run the `nom` grammar of `grammar/fen.ebnf` (one
//!    function per production) and never fail: see [`Parse`]. [`parse_epd_record`] reads an EPD
//!    record into the same kind of tree, the position fields followed by the operations.
//! 2. **Tree.** The [`SyntaxTree`] covers every byte; the typed views of [`syntax`] read values
//!    out of it.
//!
//!    ```
//!    let tree = fenlint::parse("4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1").into_tree();
//!    assert_eq!(tree.holdings().unwrap().text(), "[Qn]");
//!    assert_eq!(tree.dialect().holdings, Some(fenlint::syntax::HoldingsForm::Bracket));
//!    ```
//! 3. **Position.** [`position::Position::from_tree`] builds the board and the rest, and
//!    [`position::Position::to_fen`] writes it back in any dialect.
//!
//!    ```
//!    use fenlint::position::{Position, WriteOptions};
//!    let tree = fenlint::parse("4k3/8/8/8/8/8/8/R3K2R w QK - 0 1").into_tree();
//!    let position = Position::from_tree(&tree).unwrap();
//!    assert_eq!(position.to_fen(&WriteOptions::default()), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
//!    ```
//! 4. **Validation.** A [`Validator`] runs the rules (one file each under
//!    `src/validate/rules/`), with the severities and variant you choose; [`lint`] uses the
//!    defaults.
//!
//!    ```
//!    use fenlint::{Code, Validator};
//!    let lint = Validator::new().allow(Code::KingsMissing).lint("8/8/8/8/8/8/8/8 w - - 0 1");
//!    assert!(lint.diagnostics().is_empty());
//!    ```
//! 5. **Diagnostics.** Each [`Diagnostic`] has a [`Code`] (whose [`Code::docs`] explain it), a
//!    [`Severity`], labelled [`Span`]s, help and maybe a [`Fix`]; it implements
//!    [`miette::Diagnostic`] for rendering; the front ends (the command) print the other
//!    formats.
//! 6. **Files and front ends.** [`files`] lints, fixes and formats whole `.fen`, `.epd` and
//!    `.pgn` files ([`epd`] and [`pgn`] read the records and games), and [`LineIndex`] turns
//!    offsets into lines and columns in bytes, UTF-16 units or characters.
//!
//!    ```
//!    use fenlint::files::{FileKind, fix_file};
//!    let fixed = fix_file(FileKind::Lines, b"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n", &fenlint::Validator::new());
//!    assert_eq!(fixed.text, b"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n");
//!    ```
//!
//! The `fenlint` command is a separate package (`cli/` in the repository), built on this
//! library alone.

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
mod file_kind;
pub mod files;
#[doc = include_str!("../grammar/README.md")]
pub mod grammar {}
mod line_index;
mod parse;
pub mod pgn;
mod pgn_string;
pub mod position;
mod span;
pub mod suppression;
pub mod syntax;
mod types;
pub mod validate;

pub use diagnostics::{Code, Diagnostic, Fix, Label, Severity, WithSource};
pub use line_index::{ColumnUnit, LineColumn, LineIndex};
pub use parse::{
    MAX_LINE_LEN, Parse, parse, parse_at, parse_bytes, parse_bytes_at, parse_epd_record,
    parse_epd_record_at, parse_fen_tag_pair, parse_fen_tag_pair_at,
};
pub use span::Span;
pub use syntax::{SyntaxKind, SyntaxNode, SyntaxTree};
pub use types::{Color, File, Piece, Role, Square};
pub use validate::{Lint, Validator, lint};

/// The README's examples, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The examples of the documentation site's library page, run as doctests.
#[doc = include_str!("../docs/src/library.md")]
#[cfg(doctest)]
pub struct LibraryPageDoctests;
