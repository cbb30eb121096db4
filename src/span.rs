//! Byte spans into the text a FEN was parsed from.

use std::fmt;

/// A half-open range of byte offsets, `start..end`, into the text a FEN was parsed from.
///
/// When a FEN is parsed at a base offset (see [`crate::parse_at`]), every span is an offset into
/// the enclosing text, not into the FEN alone. Character columns and UTF-16 positions are computed
/// only by renderers, from these byte offsets.
///
/// ```
/// use fenlint::Span;
///
/// let span = Span::new(4, 9);
/// assert_eq!(span.len(), 5);
/// assert_eq!(&"8/8/rnbqk w"[span.range()], "rnbqk");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`; `end` is clamped so that it is never before `start`.
    ///
    /// ```
    /// assert_eq!(fenlint::Span::new(3, 1), fenlint::Span::new(3, 3));
    /// ```
    pub const fn new(start: usize, end: usize) -> Span {
        Span {
            start,
            end: if end < start { start } else { end },
        }
    }

    /// The span `start..end` of a piece of text that begins at offset `base` of the source,
    /// saturating rather than overflowing near `usize::MAX`.
    pub(crate) const fn relative_to(base: usize, start: usize, end: usize) -> Span {
        Span::new(base.saturating_add(start), base.saturating_add(end))
    }

    /// An empty span at `offset`, used to point at something that is missing.
    ///
    /// ```
    /// assert!(fenlint::Span::empty(7).is_empty());
    /// ```
    pub const fn empty(offset: usize) -> Span {
        Span {
            start: offset,
            end: offset,
        }
    }

    /// The number of bytes covered.
    ///
    /// ```
    /// assert_eq!(fenlint::Span::new(2, 6).len(), 4);
    /// ```
    pub const fn len(self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span covers no byte.
    ///
    /// ```
    /// assert!(!fenlint::Span::new(0, 1).is_empty());
    /// ```
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The span as a `Range`, for slicing.
    ///
    /// ```
    /// assert_eq!(fenlint::Span::new(1, 3).range(), 1..3);
    /// ```
    pub const fn range(self) -> std::ops::Range<usize> {
        self.start..self.end
    }

    /// The smallest span covering both `self` and `other`.
    ///
    /// ```
    /// use fenlint::Span;
    /// assert_eq!(Span::new(1, 3).cover(Span::new(5, 8)), Span::new(1, 8));
    /// ```
    pub fn cover(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> miette::SourceSpan {
        miette::SourceSpan::new(span.start.into(), span.len())
    }
}
