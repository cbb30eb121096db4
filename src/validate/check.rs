//! What a rule sees ([`Check`]): the tree, the position, the variant, the castling letters and
//! the counters, each read once for every rule that asks; and where it reports.

use super::castling_letters::{CastlingLetters, Summary};
use crate::position::{Position, Variant};
use crate::syntax::SyntaxTree;
use crate::{Diagnostic, Span, Square};

/// A move counter as written, and where: the FEN's own halfmove clock or fullmove number, or
/// one written elsewhere, such as the operand of an EPD `hmvc` or `fmvn` operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CounterText<'a> {
    text: &'a str,
    span: Span,
    /// Whether `text` is digits only, and their value if it fits in a `u64`: read once, when
    /// the counter is found, for every rule that asks.
    number: Option<Option<u64>>,
}

impl<'a> CounterText<'a> {
    /// The counter `text`, found at `span`.
    pub(crate) fn new(text: &'a str, span: Span) -> CounterText<'a> {
        let digits = !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
        let number = digits.then(|| crate::syntax::digits_value(text));
        CounterText { text, span, number }
    }

    /// The counter as written.
    pub(crate) fn text(&self) -> &'a str {
        self.text
    }

    /// Where the counter is.
    pub(crate) fn span(&self) -> Span {
        self.span
    }

    /// Whether the counter is a number (digits only), whatever its size.
    pub(crate) fn has_number(&self) -> bool {
        self.number.is_some()
    }

    /// The value; `None` if the text is not a number or does not fit in a `u64`.
    pub(crate) fn value(&self) -> Option<u64> {
        self.number.flatten()
    }

    /// The value as [`Position`] keeps it: `default` when not a number, `u64::MAX` when too
    /// large.
    pub(crate) fn position_value(&self, default: u64) -> u64 {
        if self.has_number() {
            self.value().unwrap_or(u64::MAX)
        } else {
            default
        }
    }
}

impl<'a> From<crate::syntax::Counter<'_, 'a>> for CounterText<'a> {
    fn from(counter: crate::syntax::Counter<'_, 'a>) -> CounterText<'a> {
        CounterText::new(counter.text(), counter.span())
    }
}

/// Move counters that replace a FEN's own (see [`Validator::lint_parse_with_counters`]);
/// `None` keeps the FEN's counter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters<'a> {
    /// The halfmove clock.
    pub(crate) halfmove_clock: Option<CounterText<'a>>,
    /// The fullmove number.
    pub(crate) fullmove_number: Option<CounterText<'a>>,
}

/// What a rule sees: the tree, the position and the variant, and where to report.
pub(crate) struct Check<'t, 'a> {
    pub(crate) tree: &'t SyntaxTree<'a>,
    pub(crate) position: &'t Position,
    pub(crate) variant: Variant,
    /// Whether castling follows Chess960's rules (the king anywhere on its back rank) rather
    /// than the standard ones (king on e1/e8, rooks in the corners).
    pub(crate) chess960_castling: bool,
    /// Move counters given with the FEN, which replace its own (see
    /// [`Check::halfmove_clock`]).
    pub(crate) given_counters: Counters<'t>,
    /// The castling letters, each once, read from the tree once for all the castling rules.
    pub(crate) castling: &'t CastlingLetters,
    /// Whether the castling field has any castling letter (the castling rules have nothing to
    /// check otherwise).
    pub(crate) has_castling_rights: bool,
    /// What the castling rules ask first, found once (empty without castling letters).
    pub(crate) castling_summary: Summary,
    /// Whether the counters are the usual ones, which no counter rule reports (see
    /// `rules::counters::usual`): found once the counters are known, `false` until then.
    pub(crate) usual_counters: bool,
    /// The king of the side to move and the pieces that check it, worked out by the first
    /// check rule that asks (three of them do).
    pub(crate) checkers: std::cell::Cell<Option<Option<(Square, crate::position::Bitboard)>>>,
    /// Each colour's king square (White, Black), when it has exactly one king
    /// ([`crate::position::Board::king_of`]): found once for the rules that ask.
    kings: [Option<Square>; 2],
    /// The en-passant square and the span of its field, read from the tree by the first
    /// en-passant rule that asks (five of them do).
    pub(crate) en_passant: std::cell::OnceCell<Option<(Square, Span)>>,
    /// Whether the tree's slash holdings (a ninth `/` group) are read as a rank too many, not
    /// as holdings: nothing said crazyhouse (see [`Validator::lint_parse`]).
    pub(crate) slash_group: bool,
    /// Whether the variant was given ([`Validator::variant`]) rather than read from the FEN's
    /// text, so that a fix which removes the text's sign of a variant leaves it as it is.
    pub(crate) variant_given: bool,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl<'t, 'a> Check<'t, 'a> {
    /// The context of the rules for `position`. Inlined into the validator, where the context
    /// is kept: built in place rather than returned from a call.
    pub(crate) fn new(
        tree: &'t SyntaxTree<'a>,
        position: &'t Position,
        variant: Variant,
        castling: &'t CastlingLetters,
    ) -> Check<'t, 'a> {
        let kings = [
            position.board.king_of(crate::Color::White),
            position.board.king_of(crate::Color::Black),
        ];
        // Chess960's castling rules hold in Chess960, and in the other variants when the
        // castling letters tell them (crazyhouse or three-check from a Chess960 start); a FEN
        // checked as standard chess keeps the standard rules.
        let chess960_castling = match variant {
            Variant::Chess960 => true,
            Variant::Standard => false,
            _ => position.chess960,
        };
        let castling_summary = if castling.is_empty() {
            Summary::default()
        } else {
            Summary::of(&position.board, kings, !chess960_castling, castling)
        };
        Check {
            tree,
            position,
            variant,
            chess960_castling,
            given_counters: Counters::default(),
            castling,
            has_castling_rights: !castling.is_empty(),
            castling_summary,
            kings,
            usual_counters: false,
            checkers: std::cell::Cell::new(None),
            en_passant: std::cell::OnceCell::new(),
            slash_group: false,
            variant_given: false,
            diagnostics: Vec::new(),
        }
    }

    /// The square of `color`'s king, when it has exactly one: what
    /// [`crate::position::Board::king_of`] says, found once.
    pub(crate) fn king(&self, color: crate::Color) -> Option<Square> {
        let [white, black] = self.kings;
        match color {
            crate::Color::White => white,
            crate::Color::Black => black,
        }
    }

    /// The span of the token that describes `square` (a piece letter, or the digit of the run
    /// of empty squares it belongs to). Read from the tree when a rule reports, not before:
    /// most FENs have nothing to report.
    pub(crate) fn square_span(&self, square: Square) -> Span {
        crate::position::square_token_span(self.tree, square)
            .unwrap_or(Span::empty(self.tree.base()))
    }

    /// The halfmove clock the rules check, as written: the one given with the FEN, else its
    /// own. Read when a rule asks: the position holds its value, which is all that the rules
    /// need until they report, and usual counters draw no report (see
    /// [`Check::usual_counters`]).
    pub(crate) fn halfmove_clock(&self) -> Option<CounterText<'t>> {
        self.given_counters
            .halfmove_clock
            .or_else(|| self.tree.halfmove_clock().map(CounterText::from))
    }

    /// The fullmove number the rules check, as written (see [`Check::halfmove_clock`]).
    pub(crate) fn fullmove_number(&self) -> Option<CounterText<'t>> {
        self.given_counters
            .fullmove_number
            .or_else(|| self.tree.fullmove_number().map(CounterText::from))
    }

    /// The span of the placement.
    pub(crate) fn placement_span(&self) -> Span {
        self.tree
            .placement()
            .map_or(self.tree.root().span(), |placement| placement.span())
    }

    pub(crate) fn report(&mut self, diagnostic: Diagnostic) {
        if self.diagnostics.capacity() == 0 {
            self.diagnostics = crate::diagnostics::room();
        }
        self.diagnostics.push(diagnostic);
    }
}
