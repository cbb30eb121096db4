//! Typed views over the syntax tree: one per FEN group and variant suffix.

use super::kind::SyntaxKind;
use super::tree::{SyntaxNode, SyntaxTree};
use crate::{Color, File, Piece, Span, Square};

macro_rules! typed_node {
    ($(#[doc = $doc:literal])* $name:ident => $($kind:ident)|+) => {
        $(#[doc = $doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name<'t, 'a>(SyntaxNode<'t, 'a>);

        impl<'t, 'a> $name<'t, 'a> {
            /// The view of `node`, if it has the right kind.
            pub fn cast(node: SyntaxNode<'t, 'a>) -> Option<Self> {
                matches!(node.kind(), $(SyntaxKind::$kind)|+).then_some(Self(node))
            }

            /// The underlying node.
            pub fn syntax(&self) -> SyntaxNode<'t, 'a> {
                self.0
            }

            /// The bytes this group covers.
            pub fn span(&self) -> Span {
                self.0.span()
            }

            /// The text of this group, as written.
            pub fn text(&self) -> &'a str {
                self.0.text()
            }

            /// Whether the group holds text the grammar rejects (an [`SyntaxKind::Error`] token).
            pub fn has_errors(&self) -> bool {
                self.0.children().any(|child| child.kind() == SyntaxKind::Error)
            }
        }
    };
}

typed_node! {
    /// The piece placement: ranks 8 down to 1.
    ///
    /// ```
    /// let tree = fenlint::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").into_tree();
    /// let placement = tree.placement().unwrap();
    /// assert_eq!(placement.ranks().count(), 8);
    /// assert_eq!(placement.ranks().next().unwrap().width(), 8);
    /// ```
    Placement => Placement
}

typed_node! {
    /// One rank: pieces, runs of empty squares and promoted markers, from the a-file.
    ///
    /// ```
    /// use fenlint::syntax::RankItem;
    /// let tree = fenlint::parse("r3Q~2k/8/8/8/8/8/8/4K3 w - - 0 1").into_tree();
    /// let rank = tree.placement().unwrap().ranks().next().unwrap();
    /// let items: Vec<_> = rank.items().collect();
    /// assert!(matches!(items[2], RankItem::Piece { promoted: Some(_), .. }));
    /// assert_eq!(rank.width(), 8);
    /// ```
    Rank => Rank
}

typed_node! {
    /// Crazyhouse holdings, in bracket (`[Qn]`) or slash (`/Qn`) form.
    ///
    /// ```
    /// use fenlint::syntax::HoldingsForm;
    /// let tree = fenlint::parse("8/8/8/8/8/8/8/8[Qn] w").into_tree();
    /// let holdings = tree.holdings().unwrap();
    /// assert_eq!(holdings.form(), HoldingsForm::Bracket);
    /// assert_eq!(holdings.pieces().map(|(piece, _)| piece.letter()).collect::<String>(), "Qn");
    /// ```
    Holdings => Holdings
}

typed_node! {
    /// The side to move.
    ///
    /// ```
    /// let tree = fenlint::parse("8/8/8/8/8/8/8/8 b").into_tree();
    /// assert_eq!(tree.side_to_move().unwrap().color(), Some(fenlint::Color::Black));
    /// ```
    SideToMove => SideToMove
}

typed_node! {
    /// The castling rights.
    ///
    /// ```
    /// use fenlint::syntax::{CastlingNotation, CastlingSide};
    /// let tree = fenlint::parse("8/8/8/8/8/8/8/8 w HAk -").into_tree();
    /// let castling = tree.castling().unwrap();
    /// assert_eq!(castling.notation(), CastlingNotation::XFen);
    /// let sides: Vec<_> = castling.rights().map(|right| right.side()).collect();
    /// assert_eq!(sides[2], CastlingSide::King);
    /// ```
    Castling => Castling
}

typed_node! {
    /// The en-passant target square.
    ///
    /// ```
    /// let tree = fenlint::parse("8/8/8/8/8/8/8/8 w - e3").into_tree();
    /// assert_eq!(tree.en_passant().unwrap().square().unwrap().to_string(), "e3");
    /// ```
    EnPassant => EnPassant
}

typed_node! {
    /// A move counter: the halfmove clock or the fullmove number.
    ///
    /// ```
    /// let tree = fenlint::parse("8/8/8/8/8/8/8/8 w - - 12 40").into_tree();
    /// assert_eq!(tree.halfmove_clock().unwrap().value(), Some(12));
    /// assert_eq!(tree.fullmove_number().unwrap().value(), Some(40));
    /// ```
    Counter => HalfmoveClock | FullmoveNumber
}

typed_node! {
    /// Three-check counters, `W+B` (checks remaining) or `+W+B` (checks given).
    ///
    /// ```
    /// use fenlint::syntax::ChecksForm;
    /// let tree = fenlint::parse("8/8/8/8/8/8/8/8 w - - 1 5 +0+2").into_tree();
    /// let checks = tree.given_checks().unwrap();
    /// assert_eq!(checks.form(), ChecksForm::Given);
    /// assert_eq!((checks.white(), checks.black()), (Some(0), Some(2)));
    /// ```
    CheckCounters => RemainingChecks | GivenChecks
}

impl<'t, 'a> Counter<'t, 'a> {
    /// Whether the counter is a number (digits only), whatever its size.
    pub fn has_number(&self) -> bool {
        self.0.child(SyntaxKind::Number).is_some()
    }

    /// The value; `None` if the text is not a number or does not fit in a `u64`.
    pub fn value(&self) -> Option<u64> {
        let number = self.0.child(SyntaxKind::Number)?;
        digits_value(number.text())
    }
}

/// The value of `text` if it is ASCII digits only and fits in a `u64`.
pub(crate) fn digits_value(text: &str) -> Option<u64> {
    if text.is_empty() {
        return None;
    }
    text.bytes().try_fold(0u64, |value, byte| {
        let digit = byte.checked_sub(b'0').filter(|&digit| digit <= 9)?;
        value.checked_mul(10)?.checked_add(u64::from(digit))
    })
}

impl<'t, 'a> CheckCounters<'t, 'a> {
    /// Whether the counters say checks remaining (`3+3`) or checks given (`+0+0`).
    pub fn form(&self) -> ChecksForm {
        if self.0.kind() == SyntaxKind::GivenChecks {
            ChecksForm::Given
        } else {
            ChecksForm::Remaining
        }
    }

    fn count(&self, index: usize) -> Option<SyntaxNode<'t, 'a>> {
        self.0
            .children()
            .filter(|child| child.kind() == SyntaxKind::CheckCount)
            .nth(index)
    }

    /// White's count, if it is a number.
    pub fn white(&self) -> Option<u32> {
        self.count(0)?.text().parse().ok()
    }

    /// Black's count, if it is a number.
    pub fn black(&self) -> Option<u32> {
        self.count(1)?.text().parse().ok()
    }

    /// The spans of White's and Black's counts, when the counter is well formed.
    pub fn count_spans(&self) -> Option<(Span, Span)> {
        Some((self.count(0)?.span(), self.count(1)?.span()))
    }
}

/// One item of a rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RankItem<'t, 'a> {
    /// A piece on one square; `promoted` is the span of its `~` marker, if any.
    Piece {
        /// The piece.
        piece: Piece,
        /// The piece letter.
        span: Span,
        /// The `~` after the letter.
        promoted: Option<Span>,
    },
    /// A digit: a run of `count` empty squares (0 and 9 are kept as written).
    Empty {
        /// The digit's value.
        count: u8,
        /// The digit.
        span: Span,
    },
    /// Text the grammar does not accept in a rank.
    Error(SyntaxNode<'t, 'a>),
}

impl<'t, 'a> Placement<'t, 'a> {
    /// The number of ranks and of files of a board of any size, as variants on other boards
    /// write it (Capablanca's 10×8, xiangqi's 9×10, shogi's 9×9): every rank describes the same
    /// number of squares, a letter one and a run of digits, read as one number, that many;
    /// `~` and `+` (promoted pieces) describe none. `None` when the ranks differ, or hold
    /// anything else.
    ///
    /// ```
    /// let size = |fen| fenlint::parse(fen).into_tree().placement().unwrap().board_size();
    /// assert_eq!(size("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR"), Some((8, 10)));
    /// assert_eq!(size("8/8/8/8/8/8/8/8"), Some((8, 8)));
    /// assert_eq!(size("8/7/8/8/8/8/8/8"), None);
    /// ```
    pub fn board_size(&self) -> Option<(usize, usize)> {
        let mut size: Option<(usize, usize)> = None;
        for rank in self.ranks() {
            let mut width = 0usize;
            let mut run: Option<usize> = None;
            for byte in rank.syntax().text().bytes() {
                if byte.is_ascii_digit() {
                    let digit = usize::from(byte.wrapping_sub(b'0'));
                    run = Some(run.unwrap_or(0).checked_mul(10)?.checked_add(digit)?);
                    continue;
                }
                width = width.checked_add(run.take().unwrap_or(0))?;
                match byte {
                    b'a'..=b'z' | b'A'..=b'Z' => width = width.checked_add(1)?,
                    b'~' | b'+' => {}
                    _ => return None,
                }
            }
            width = width.checked_add(run.unwrap_or(0))?;
            size = match size {
                None => Some((1, width)),
                Some((ranks, files)) if files == width => Some((ranks.checked_add(1)?, files)),
                Some(_) => return None,
            };
        }
        size
    }

    /// The ranks in the order written: rank 8 first.
    pub fn ranks(&self) -> impl Iterator<Item = Rank<'t, 'a>> + use<'t, 'a> {
        self.0.children().filter_map(Rank::cast)
    }

    /// Each board square of the first eight ranks with the span of the token that describes it:
    /// its piece letter, or the digit of the run of empty squares it belongs to. Squares that no
    /// token reaches (a short rank) are left out.
    ///
    /// ```
    /// let tree = fenlint::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").into_tree();
    /// let squares = tree.placement().unwrap().squares();
    /// let e8 = squares.iter().find(|(square, _)| square.to_string() == "e8").unwrap();
    /// assert_eq!(e8.1, fenlint::Span::new(1, 2));
    /// ```
    pub fn squares(&self) -> Vec<(Square, Span)> {
        let mut squares = Vec::with_capacity(64);
        self.for_each_square(|square, span| squares.push((square, span)));
        squares
    }

    /// Calls `visit` with each square of the first eight ranks and the span of the token that
    /// describes it, as [`Placement::squares`] lists them, without collecting them.
    #[allow(
        clippy::arithmetic_side_effects,
        reason = "`row` is below 8 (`take(8)`)"
    )]
    pub(crate) fn for_each_square(&self, mut visit: impl FnMut(Square, Span)) {
        for (row, rank) in self.ranks().take(8).enumerate() {
            let rank_number = 8 - row as u8;
            let mut file = 0u8;
            for item in rank.items() {
                let (span, width) = match item {
                    RankItem::Piece { span, .. } => (span, 1),
                    RankItem::Empty { span, count } => (span, count),
                    RankItem::Error(node) => (node.span(), 0),
                };
                // Squares past the h-file have no name: stop counting there, whatever the width
                // (a rank may describe thousands of squares).
                for _ in 0..width {
                    if let Some(square) =
                        File::new(file).and_then(|file| Square::new(file, rank_number))
                    {
                        visit(square, span);
                    }
                    file = file.saturating_add(1);
                }
                if file >= 8 {
                    break;
                }
            }
        }
    }
}

impl<'t, 'a> Rank<'t, 'a> {
    /// The pieces, runs of empty squares and errors of the rank, from the a-file: each piece
    /// letter and each digit of the rank's `SQUARES` tokens, with its span.
    ///
    /// ```
    /// use fenlint::syntax::RankItem;
    /// let tree = fenlint::parse("r3k2r/8/8/8/8/8/8/4K3").into_tree();
    /// let rank = tree.placement().unwrap().ranks().next().unwrap();
    /// let spans: Vec<_> = rank.items().filter_map(|item| match item {
    ///     RankItem::Piece { span, .. } | RankItem::Empty { span, .. } => Some(span.start),
    ///     _ => None,
    /// }).collect();
    /// assert_eq!(spans, [0, 1, 2, 3, 4]);
    /// ```
    pub fn items(&self) -> impl Iterator<Item = RankItem<'t, 'a>> + use<'t, 'a> {
        let mut children = self.0.children().peekable();
        // The squares token being read, and the place of its next byte.
        let mut run: Option<(Span, &'a [u8], usize)> = None;
        std::iter::from_fn(move || {
            loop {
                if let Some((span, bytes, at)) = &mut run {
                    let Some(&byte) = bytes.get(*at) else {
                        run = None;
                        continue;
                    };
                    let start = span.start.saturating_add(*at);
                    let letter = Span::new(start, start.saturating_add(1));
                    *at = at.saturating_add(1);
                    if let Some(piece) = Piece::from_letter(char::from(byte)) {
                        // The run's last piece may have a `~`, the token after the run.
                        let promoted = (*at == bytes.len())
                            .then(|| {
                                children.next_if(|next| next.kind() == SyntaxKind::PromotedMarker)
                            })
                            .flatten()
                            .map(|marker| marker.span());
                        return Some(RankItem::Piece {
                            piece,
                            span: letter,
                            promoted,
                        });
                    }
                    return Some(RankItem::Empty {
                        count: byte.wrapping_sub(b'0'),
                        span: letter,
                    });
                }
                let child = children.next()?;
                if child.kind() == SyntaxKind::Squares {
                    run = Some((child.span(), child.text().as_bytes(), 0));
                } else {
                    return Some(RankItem::Error(child));
                }
            }
        })
    }

    /// The number of squares the rank describes (8 when well formed).
    pub fn width(&self) -> usize {
        self.items()
            .map(|item| match item {
                RankItem::Piece { .. } => 1,
                RankItem::Empty { count, .. } => usize::from(count),
                RankItem::Error(_) => 0,
            })
            .sum()
    }
}

/// How the holdings are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HoldingsForm {
    /// `[QRBNPqrbnp]` after rank 1 (also `[]` and `[-]`).
    Bracket,
    /// A ninth `/`-group after rank 1 (BPGN, lichess, Scidb).
    Slash,
}

impl<'t, 'a> Holdings<'t, 'a> {
    /// Bracket or slash form.
    pub fn form(&self) -> HoldingsForm {
        if self.0.child(SyntaxKind::OpenBracket).is_some() {
            HoldingsForm::Bracket
        } else {
            HoldingsForm::Slash
        }
    }

    /// The pieces in hand, as written, with their spans.
    pub fn pieces(&self) -> impl Iterator<Item = (Piece, Span)> + use<'t, 'a> {
        self.0
            .children()
            .filter(|child| child.kind() == SyntaxKind::Piece)
            .filter_map(|child| {
                let piece = Piece::from_letter(child.text().chars().next()?)?;
                Some((piece, child.span()))
            })
    }
}

impl SideToMove<'_, '_> {
    /// The side to move, if the field is `w` or `b`.
    pub fn color(&self) -> Option<Color> {
        let token = self.0.child(SyntaxKind::Color)?;
        Color::from_letter(token.text().chars().next()?)
    }
}

/// Which side of the king a castling right names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CastlingSide {
    /// `K` or `k`: the outermost rook on the h-side (X-FEN), the h-rook (classic).
    King,
    /// `Q` or `q`: the outermost rook on the a-side (X-FEN), the a-rook (classic).
    Queen,
    /// A file letter: the rook on that file (Shredder-FEN, X-FEN inner rook).
    File(File),
}

/// One castling letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingRight {
    letter: char,
    span: Span,
    /// The letter's colour and side, read once from the letter (the castling rules ask for
    /// them again and again).
    color: Color,
    side: CastlingSide,
}

impl CastlingRight {
    /// The castling letter `letter`, written at `span`.
    pub(crate) fn new(letter: char, span: Span) -> CastlingRight {
        CastlingRight {
            letter,
            span,
            color: castling_color(letter),
            side: castling_side(letter),
        }
    }

    /// The letter as written.
    pub fn letter(&self) -> char {
        self.letter
    }

    /// The letter's span.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The side whose right it is: upper case for White.
    pub fn color(&self) -> Color {
        self.color
    }

    /// Kingside, queenside, or a named rook file.
    pub fn side(&self) -> CastlingSide {
        self.side
    }
}

/// The side whose right the castling letter `letter` is: upper case for White.
pub(crate) fn castling_color(letter: char) -> Color {
    if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// Kingside, queenside, or the rook file the castling letter `letter` names.
pub(crate) fn castling_side(letter: char) -> CastlingSide {
    match letter {
        'K' | 'k' => CastlingSide::King,
        'Q' | 'q' => CastlingSide::Queen,
        letter => File::from_letter(letter).map_or(CastlingSide::King, CastlingSide::File),
    }
}

/// Which castling notation a field uses, as far as the text alone tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CastlingNotation {
    /// `-`: no rights.
    NoRights,
    /// Only `K`, `Q`, `k`, `q` (plain FEN, and X-FEN when the outermost rooks are meant).
    Classic,
    /// File letters only (`HAha`): Shredder-FEN.
    Shredder,
    /// `K`/`Q`/`k`/`q` mixed with file letters: X-FEN with an inner rook (or a mix the validator
    /// questions, such as `HQkq`).
    XFen,
}

impl<'t, 'a> Castling<'t, 'a> {
    /// The castling letters, in the order written (errors and dashes left out).
    pub fn rights(&self) -> impl Iterator<Item = CastlingRight> + use<'t, 'a> {
        self.0
            .children()
            .filter(|child| child.kind() == SyntaxKind::CastlingRight)
            .filter_map(|child| {
                Some(CastlingRight::new(
                    child.text().chars().next()?,
                    child.span(),
                ))
            })
    }

    /// Whether the field is `-`.
    pub fn is_none(&self) -> bool {
        self.0.child(SyntaxKind::Dash).is_some() && self.rights().next().is_none()
    }

    /// The notation the letters use.
    pub fn notation(&self) -> CastlingNotation {
        let (mut classic, mut files) = (false, false);
        for right in self.rights() {
            match right.side() {
                CastlingSide::File(_) => files = true,
                _ => classic = true,
            }
        }
        match (classic, files) {
            (false, false) => CastlingNotation::NoRights,
            (true, false) => CastlingNotation::Classic,
            (false, true) => CastlingNotation::Shredder,
            (true, true) => CastlingNotation::XFen,
        }
    }
}

impl EnPassant<'_, '_> {
    /// The target square, if one is given and well formed.
    pub fn square(&self) -> Option<Square> {
        Square::from_name(self.0.child(SyntaxKind::Square)?.text())
    }

    /// Whether the field is `-`.
    pub fn is_none(&self) -> bool {
        self.0.child(SyntaxKind::Dash).is_some()
    }
}

/// How three-check counters are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChecksForm {
    /// `W+B` before the counters: checks remaining (XBoard, HGM, python-chess, shakmaty).
    Remaining,
    /// `+W+B` after the counters: checks given (Scidb, lichess).
    Given,
    /// Both forms in one FEN.
    Both,
}

/// The dialect features a FEN uses, as recognised from its text.
///
/// ```
/// use fenlint::syntax::{CastlingNotation, ChecksForm, HoldingsForm};
/// let tree = fenlint::parse("r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1/NNPPbnp b - - 0 16").into_tree();
/// let dialect = tree.dialect();
/// assert_eq!(dialect.holdings, Some(HoldingsForm::Slash));
/// assert_eq!(dialect.castling, Some(CastlingNotation::NoRights));
/// assert_eq!(dialect.checks, None);
/// assert!(!dialect.promoted_markers);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Dialect {
    /// The castling notation, if there is a castling field.
    pub castling: Option<CastlingNotation>,
    /// The holdings form, if there are holdings.
    pub holdings: Option<HoldingsForm>,
    /// The three-check counter form, if there are counters.
    pub checks: Option<ChecksForm>,
    /// Whether any piece carries a `~` promoted marker.
    pub promoted_markers: bool,
}

impl<'a> SyntaxTree<'a> {
    fn field(&self, kind: SyntaxKind) -> Option<SyntaxNode<'_, 'a>> {
        self.field_node(kind)
    }

    /// The piece placement.
    ///
    /// ```
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8").tree().placement().is_some());
    /// ```
    pub fn placement(&self) -> Option<Placement<'_, 'a>> {
        self.field(SyntaxKind::Placement).and_then(Placement::cast)
    }

    /// The crazyhouse holdings, if any.
    ///
    /// ```
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8/Pp w").tree().holdings().is_some());
    /// ```
    pub fn holdings(&self) -> Option<Holdings<'_, 'a>> {
        self.field(SyntaxKind::Holdings).and_then(Holdings::cast)
    }

    /// The side-to-move field.
    ///
    /// ```
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8").tree().side_to_move().is_none());
    /// ```
    pub fn side_to_move(&self) -> Option<SideToMove<'_, 'a>> {
        self.field(SyntaxKind::SideToMove)
            .and_then(SideToMove::cast)
    }

    /// The castling field.
    ///
    /// ```
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8 w -").tree().castling().unwrap().is_none());
    /// ```
    pub fn castling(&self) -> Option<Castling<'_, 'a>> {
        self.field(SyntaxKind::Castling).and_then(Castling::cast)
    }

    /// The en-passant field.
    ///
    /// ```
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8 w - -").tree().en_passant().unwrap().is_none());
    /// ```
    pub fn en_passant(&self) -> Option<EnPassant<'_, 'a>> {
        self.field(SyntaxKind::EnPassant).and_then(EnPassant::cast)
    }

    /// The three-check `W+B` field before the counters (checks remaining).
    ///
    /// ```
    /// let tree = fenlint::parse("8/8/8/8/8/8/8/8 w - - 3+2 0 1").into_tree();
    /// assert_eq!(tree.remaining_checks().unwrap().black(), Some(2));
    /// ```
    pub fn remaining_checks(&self) -> Option<CheckCounters<'_, 'a>> {
        self.field(SyntaxKind::RemainingChecks)
            .and_then(CheckCounters::cast)
    }

    /// The halfmove clock.
    ///
    /// ```
    /// assert_eq!(fenlint::parse("8/8/8/8/8/8/8/8 w - - 7 9").tree().halfmove_clock().unwrap().value(), Some(7));
    /// ```
    pub fn halfmove_clock(&self) -> Option<Counter<'_, 'a>> {
        self.field(SyntaxKind::HalfmoveClock)
            .and_then(Counter::cast)
    }

    /// The fullmove number.
    ///
    /// ```
    /// assert_eq!(fenlint::parse("8/8/8/8/8/8/8/8 w - - 7 9").tree().fullmove_number().unwrap().value(), Some(9));
    /// ```
    pub fn fullmove_number(&self) -> Option<Counter<'_, 'a>> {
        self.field(SyntaxKind::FullmoveNumber)
            .and_then(Counter::cast)
    }

    /// The three-check `+W+B` suffix after the counters (checks given).
    ///
    /// ```
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8 w - - 0 1 +1+0").tree().given_checks().is_some());
    /// ```
    pub fn given_checks(&self) -> Option<CheckCounters<'_, 'a>> {
        self.field(SyntaxKind::GivenChecks)
            .and_then(CheckCounters::cast)
    }

    /// Text after the last field the grammar knows.
    ///
    /// ```
    /// let tree = fenlint::parse("8/8/8/8/8/8/8/8 w - - 0 1 bm e4;").into_tree();
    /// assert_eq!(tree.extra_fields().unwrap().text(), "bm e4;");
    /// ```
    pub fn extra_fields(&self) -> Option<SyntaxNode<'_, 'a>> {
        self.field(SyntaxKind::ExtraFields)
    }

    /// The dialect features the text uses.
    ///
    /// ```
    /// use fenlint::syntax::{CastlingNotation, ChecksForm};
    /// let tree = fenlint::parse("8/8/8/8/8/8/8/8 w HAha - 3+3 0 1 +0+0").into_tree();
    /// assert_eq!(tree.dialect().castling, Some(CastlingNotation::Shredder));
    /// assert_eq!(tree.dialect().checks, Some(ChecksForm::Both));
    /// ```
    pub fn dialect(&self) -> Dialect {
        let checks = match (
            self.remaining_checks().is_some(),
            self.given_checks().is_some(),
        ) {
            (true, true) => Some(ChecksForm::Both),
            (true, false) => Some(ChecksForm::Remaining),
            (false, true) => Some(ChecksForm::Given),
            (false, false) => None,
        };
        // A `~` right after a piece letter, in a rank (not in the holdings): a promoted marker
        // token, which the parser makes only there (a `~` anywhere else is an error token).
        let promoted_markers = self.placement().is_some_and(|placement| {
            placement
                .syntax()
                .descendants_raw()
                .take_while(|&(_, kind, ..)| kind != SyntaxKind::Holdings)
                .any(|(_, kind, ..)| kind == SyntaxKind::PromotedMarker)
        });
        Dialect {
            castling: self.castling().map(|castling| castling.notation()),
            holdings: self.holdings().map(|holdings| holdings.form()),
            checks,
            promoted_markers,
        }
    }
}

typed_node! {
    /// One operation of an EPD record: its opcode, its operands and the `;` that ends it.
    ///
    /// ```
    /// let tree = fenlint::parse_epd_record("4k3/8/8/8/8/8/8/4K3 w - - pv Ke2 Kd7;").into_tree();
    /// let operation = tree.operations().next().unwrap();
    /// assert_eq!(operation.opcode(), "pv");
    /// assert_eq!(operation.operands().count(), 2);
    /// assert!(operation.is_terminated());
    /// ```
    EpdOperation => Operation
}

impl<'t, 'a> EpdOperation<'t, 'a> {
    fn opcode_node(&self) -> Option<SyntaxNode<'t, 'a>> {
        self.0.child(SyntaxKind::Opcode)
    }

    /// The opcode as written (any text up to whitespace or `;`).
    ///
    /// ```
    /// let tree = fenlint::parse_epd_record("4k3/8/8/8/8/8/8/4K3 w - - 1bm e4;").into_tree();
    /// assert_eq!(tree.operations().next().unwrap().opcode(), "1bm");
    /// ```
    pub fn opcode(&self) -> &'a str {
        self.opcode_node().map_or("", |node| node.text())
    }

    /// Where the opcode is.
    ///
    /// ```
    /// let tree = fenlint::parse_epd_record("8/8/8/8/8/8/8/8 w - - id x;").into_tree();
    /// assert_eq!(tree.operations().next().unwrap().opcode_span(), fenlint::Span::new(22, 24));
    /// ```
    pub fn opcode_span(&self) -> Span {
        self.opcode_node()
            .map_or(Span::empty(self.0.span().start), |node| node.span())
    }

    /// The operands, in order.
    ///
    /// ```
    /// let tree = fenlint::parse_epd_record("8/8/8/8/8/8/8/8 w - - c0 \"a b\" c;").into_tree();
    /// let operands: Vec<_> = tree.operations().next().unwrap().operands().map(|o| o.text()).collect();
    /// assert_eq!(operands, ["\"a b\"", "c"]);
    /// ```
    pub fn operands(&self) -> impl Iterator<Item = EpdOperand<'t, 'a>> + use<'t, 'a> {
        self.0.children().filter_map(EpdOperand::cast)
    }

    /// Whether a `;` ends the operation.
    ///
    /// ```
    /// let tree = fenlint::parse_epd_record("8/8/8/8/8/8/8/8 w - - bm e4").into_tree();
    /// assert!(!tree.operations().next().unwrap().is_terminated());
    /// ```
    pub fn is_terminated(&self) -> bool {
        self.0.child(SyntaxKind::Semicolon).is_some()
    }
}

typed_node! {
    /// One operand of an EPD operation: a symbol (a move, a number, a name) or a string.
    ///
    /// ```
    /// let tree = fenlint::parse_epd_record(r#"8/8/8/8/8/8/8/8 w - - id "x";"#).into_tree();
    /// let operand = tree.operations().next().unwrap().operands().next().unwrap();
    /// assert!(operand.is_string());
    /// assert_eq!(operand.text(), "\"x\"");
    /// ```
    EpdOperand => Operand
}

impl EpdOperand<'_, '_> {
    /// Whether the operand is a string in double quotes (closed or not).
    ///
    /// ```
    /// let tree = fenlint::parse_epd_record("8/8/8/8/8/8/8/8 w - - bm e4;").into_tree();
    /// assert!(!tree.operations().next().unwrap().operands().next().unwrap().is_string());
    /// ```
    pub fn is_string(&self) -> bool {
        self.0.child(SyntaxKind::QuotedString).is_some()
    }
}

typed_node! {
    /// FEN move counters (`0 1`) written where an EPD record's first operation belongs.
    ///
    /// ```
    /// let tree = fenlint::parse_epd_record("8/8/8/8/8/8/8/8 w - - 0 1").into_tree();
    /// let counters = tree.move_counters().unwrap();
    /// assert_eq!(counters.numbers().map(|n| n.text()).collect::<Vec<_>>(), ["0", "1"]);
    /// ```
    MoveCounters => MoveCounters
}

impl<'t, 'a> MoveCounters<'t, 'a> {
    /// The two numbers: the halfmove clock, then the fullmove number.
    ///
    /// ```
    /// let tree = fenlint::parse_epd_record("8/8/8/8/8/8/8/8 w - - 3 9;").into_tree();
    /// assert_eq!(tree.move_counters().unwrap().numbers().count(), 2);
    /// ```
    pub fn numbers(&self) -> impl Iterator<Item = SyntaxNode<'t, 'a>> + use<'t, 'a> {
        self.0
            .children()
            .filter(|child| child.kind() == SyntaxKind::Number)
    }

    /// The `;` that ends the counters, if one does (`… 3 9;`).
    ///
    /// ```
    /// let tree = fenlint::parse_epd_record("8/8/8/8/8/8/8/8 w - - 3 9; D1 5").into_tree();
    /// let semicolon = tree.move_counters().unwrap().semicolon().unwrap();
    /// assert_eq!(semicolon.text(), ";");
    /// ```
    pub fn semicolon(&self) -> Option<SyntaxNode<'t, 'a>> {
        self.0
            .children()
            .find(|child| child.kind() == SyntaxKind::Semicolon)
    }
}

impl<'a> SyntaxTree<'a> {
    /// The operations of an EPD record, in order (none for a FEN).
    ///
    /// ```
    /// let tree = fenlint::parse_epd_record("8/8/8/8/8/8/8/8 w - - bm e4; id \"x\";").into_tree();
    /// assert_eq!(tree.operations().count(), 2);
    /// assert_eq!(fenlint::parse("8/8/8/8/8/8/8/8 w - - 0 1").tree().operations().count(), 0);
    /// ```
    pub fn operations(&self) -> impl Iterator<Item = EpdOperation<'_, 'a>> + '_ {
        self.root().children().filter_map(EpdOperation::cast)
    }

    /// FEN move counters in an EPD record, where its first operation belongs.
    ///
    /// ```
    /// assert!(fenlint::parse_epd_record("8/8/8/8/8/8/8/8 w - - hmvc 0;").tree().move_counters().is_none());
    /// ```
    pub fn move_counters(&self) -> Option<MoveCounters<'_, 'a>> {
        self.root().children().find_map(MoveCounters::cast)
    }
}
