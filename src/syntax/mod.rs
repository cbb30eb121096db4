//! The lossless syntax tree and its typed accessors.
//!
//! [`SyntaxTree`] is a flat array of [`SyntaxNode`]s over the borrowed input. The typed views in
//! this module ([`Placement`], [`Castling`], …) read values out of it, so later stages never parse
//! text again.

mod ast;
mod kind;
mod tree;

pub(crate) use ast::digits_value;
pub use ast::{
    Castling, CastlingNotation, CastlingRight, CastlingSide, CheckCounters, ChecksForm, Counter,
    Dialect, EnPassant, EpdOperand, EpdOperation, Holdings, HoldingsForm, MoveCounters, Placement,
    Rank, RankItem, SideToMove,
};
pub use kind::SyntaxKind;
pub(crate) use tree::{MAX_INPUT_LEN, Open, TreeBuilder};
pub use tree::{SyntaxNode, SyntaxTree};
