//! The parsing context: the input, the tree under construction and the diagnostics so far.

use nom::Offset;

use super::Parse;
use crate::Span;
use crate::diagnostics::text::{characters, push_shown};
use crate::diagnostics::{Diagnostic, MAX_DIAGNOSTICS};
use crate::position::{Bitboard, Board};
use crate::syntax::{SyntaxKind, SyntaxTree, TreeBuilder};

/// The parsing context: the input, the tree under construction and the diagnostics so far.
pub(crate) struct Cx<'a> {
    source: &'a str,
    /// The part of the source whose end the diagnostics refer to (see [`Cx::set_scope`]).
    scope: &'a str,
    base: usize,
    tree: TreeBuilder,
    diagnostics: Vec<Diagnostic>,
    suppressed: usize,
    /// Whether the fast paths for the usual shapes (a plain board, castling letters in order,
    /// plain three-check counters) are taken; tests turn them off to check that the general
    /// productions build the same tree and diagnostics.
    pub(crate) fast_paths: bool,
    /// The board and promoted squares the fast path of the placement production read as it
    /// built the nodes, so
    /// that the position need not walk them again; `None` when the general path built them.
    pub(crate) plain_board: Option<(Board, Bitboard)>,
    /// The fields after the placement, when the fast path for their usual form read them.
    pub(crate) plain_tail: Option<super::PlainTail<'a>>,
    /// The pieces in hand, when the fast path of the holdings read them.
    pub(crate) plain_holdings: Option<crate::position::Holdings>,
}

impl<'a> Cx<'a> {
    #[inline(always)]
    pub(super) fn new(source: &'a str, base: usize) -> Cx<'a> {
        Cx::new_in(source, base, None)
    }

    /// [`Cx::new`], with the tree's nodes written over `nodes` when given (see
    /// [`crate::syntax::Nodes`]).
    pub(super) fn new_in(
        source: &'a str,
        base: usize,
        nodes: Option<crate::syntax::Nodes>,
    ) -> Cx<'a> {
        // Spans are `usize` offsets; a base so large that the FEN's end would overflow is
        // lowered so that every offset fits.
        let base = base.min(usize::MAX.saturating_sub(source.len()));
        Cx {
            source,
            scope: source,
            base,
            tree: TreeBuilder::new_in(base, source.len(), nodes),
            diagnostics: Vec::new(),
            suppressed: 0,
            fast_paths: true,
            plain_board: None,
            plain_tail: None,
            plain_holdings: None,
        }
    }

    /// Makes `text`, a slice of the input, the part whose end the diagnostics refer to: an
    /// empty label there is widened to its last character, and the note on suppressed problems
    /// points there. The position fields of an EPD record and the value of a PGN tag pair are
    /// read with their own text as the scope, so that their diagnostics are those of the same
    /// text parsed as a FEN.
    pub(super) fn set_scope(&mut self, text: &'a str) {
        self.scope = text;
    }

    /// The input, as bytes: offsets (see [`Cx::offset`]) index it.
    #[inline(always)]
    pub(crate) fn source_bytes(&self) -> &'a [u8] {
        self.source.as_bytes()
    }

    /// The absolute span of `text`, a slice of the input.
    pub(crate) fn span(&self, text: &str) -> Span {
        let start = self.base.saturating_add(self.source.offset(text));
        Span::new(start, start.saturating_add(text.len()))
    }

    /// An empty span just after `text`, a slice of the input.
    pub(crate) fn end_of(&self, text: &str) -> Span {
        Span::empty(self.span(text).end)
    }

    /// The offset of `at`, a slice of the input, from the input's start.
    #[inline(always)]
    pub(crate) fn offset(&self, at: &[u8]) -> u32 {
        // A pointer difference within the input, which is at most `MAX_INPUT_LEN` bytes long.
        (at.as_ptr() as usize).wrapping_sub(self.source.as_ptr() as usize) as u32
    }

    /// Appends a token covering `text`, a slice of the input that starts where the previous
    /// token ended.
    #[inline]
    pub(crate) fn token(&mut self, kind: SyntaxKind, text: &str) -> Span {
        self.token_bytes(kind, text.as_bytes(), text.len())
    }

    /// Appends a token covering the first `len` bytes of `at`, a slice of the input that starts
    /// where the previous token ended.
    #[inline(always)]
    pub(crate) fn token_bytes(&mut self, kind: SyntaxKind, at: &[u8], len: usize) -> Span {
        let start = self.offset(at);
        self.tree.token(kind, start, len);
        self.tree.span(start, len)
    }

    /// Appends a one-byte token for each of the first `len` bytes of `at`, a slice of the input
    /// that starts where the previous token ended, of the kind `kind_of` gives for the byte.
    #[inline(always)]
    pub(crate) fn byte_tokens(
        &mut self,
        at: &[u8],
        len: usize,
        kind_of: impl Fn(u8) -> SyntaxKind,
    ) {
        let start = self.offset(at);
        let bytes = at.get(..len).unwrap_or_default();
        self.tree.byte_tokens(start, bytes, kind_of);
    }

    /// The tree under construction, for productions that append nodes by offset.
    #[inline(always)]
    pub(crate) fn tree(&mut self) -> &mut TreeBuilder {
        &mut self.tree
    }

    /// The absolute span of the first `len` bytes of `at`, a slice of the input.
    #[inline]
    pub(crate) fn byte_span(&self, at: &[u8], len: usize) -> Span {
        self.tree.span(self.offset(at), len)
    }

    /// Drops the nodes appended since `mark` (see `TreeBuilder::mark_before`).
    #[inline(always)]
    pub(crate) fn rewind(&mut self, mark: crate::syntax::Mark) {
        self.tree.rewind(mark);
    }

    /// Starts a composite node at `at`, a slice of the input.
    #[inline]
    pub(crate) fn start(&mut self, kind: SyntaxKind, at: &[u8]) -> crate::syntax::Open {
        let start = self.offset(at);
        self.tree.start(kind, start)
    }

    /// Finishes a composite node after the last node appended.
    #[inline]
    pub(crate) fn finish(&mut self, open: crate::syntax::Open) {
        self.tree.finish(open);
    }

    /// Whether the diagnostic about to be built would be dropped (the limit is reached); if so,
    /// it is counted as suppressed. Reporters that can fire once per byte check this first, so
    /// that a huge garbage line does not build millions of messages only to drop them.
    #[inline]
    pub(crate) fn full(&mut self) -> bool {
        let full = self.diagnostics.len() >= MAX_DIAGNOSTICS;
        if full {
            self.suppressed = self.suppressed.saturating_add(1);
        }
        full
    }

    pub(crate) fn report(&mut self, mut diagnostic: Diagnostic) {
        // miette shows no label at an empty span at the very end of the text; point such a
        // label at the last character instead.
        let end = self.span(self.scope).end;
        if diagnostic.has_empty_label_at(end)
            && let Some(last) = self.scope.chars().next_back()
        {
            diagnostic.widen_empty_labels(end, last.len_utf8());
        }
        if self.diagnostics.len() < MAX_DIAGNOSTICS {
            if self.diagnostics.capacity() == 0 {
                // The first diagnostic: room for a few, kept from an earlier FEN or allocated
                // straight rather than through the vector's growth path.
                self.diagnostics = crate::diagnostics::room();
            }
            self.diagnostics.push(diagnostic);
        } else {
            self.suppressed = self.suppressed.saturating_add(1);
        }
    }

    /// The tree and the diagnostics, ordered by position if `ordered`, taken out of the
    /// context. Inlined into its callers and taking the context by reference, so that the
    /// context (over 300 bytes) is not copied to be handed over; the diagnostics are put in
    /// order out of line, when there are any.
    #[inline(always)]
    pub(super) fn finish_tree(&mut self, ordered: bool) -> (SyntaxTree<'a>, Vec<Diagnostic>) {
        if (ordered && !self.diagnostics.is_empty()) || self.suppressed > 0 {
            self.order_diagnostics(ordered);
        }
        (
            self.tree.take_tree(self.source),
            std::mem::take(&mut self.diagnostics),
        )
    }

    /// The parse: [`Cx::finish_tree`] with the diagnostics ordered, and what the fast paths
    /// read, taken out of the context, which is left empty.
    #[inline(always)]
    pub(super) fn finish_parse(&mut self) -> Parse<'a> {
        let (tree, diagnostics) = self.finish_tree(true);
        Parse {
            tree,
            diagnostics,
            plain_board: self.plain_board.take(),
            plain_tail: self.plain_tail.take(),
            plain_holdings: self.plain_holdings.take(),
        }
    }
}

impl<'a> Cx<'a> {
    /// Orders the diagnostics by position (if `ordered`) and adds the note on those
    /// suppressed, if any.
    #[inline(never)]
    fn order_diagnostics(&mut self, ordered: bool) {
        if ordered {
            self.diagnostics.sort_by_key(|diagnostic| diagnostic.span());
        }
        if self.suppressed > 0 {
            let end = Span::empty(self.span(self.scope).end);
            self.diagnostics.push(crate::diagnostics::too_many_problems(
                self.suppressed,
                crate::diagnostics::FEN,
                end,
            ));
        }
    }

    pub(super) fn source_text(&self, span: Span) -> &'a str {
        let start = span.start.saturating_sub(self.base);
        let end = span.end.saturating_sub(self.base);
        self.source.get(start..end).unwrap_or_default()
    }
}

impl Cx<'_> {
    /// Reports `code` for the invalid characters at `span` (unless the report is full): the
    /// message is `before`, "character" or "characters", the text escaped in backquotes, then
    /// `after`; `help` chooses the help from the text.
    #[cold]
    pub(crate) fn report_invalid_characters(
        &mut self,
        span: Span,
        code: crate::Code,
        (before, after): (&'static str, &'static str),
        label: &'static str,
        help: impl FnOnce(&str) -> &'static str,
    ) {
        if self.full() {
            return;
        }
        let text = self.source_text(span);
        let mut message = String::with_capacity(
            before
                .len()
                .saturating_add(after.len())
                .saturating_add(text.len())
                .saturating_add(12),
        );
        for part in [before, characters(text), " `"] {
            message.push_str(part);
        }
        let plain = push_shown(&mut message, text);
        message.push('`');
        message.push_str(after);
        let help = help(text);
        self.report(
            Diagnostic::new(code, message)
                .plain_message_if(plain)
                .primary(span, label)
                .help(help),
        );
    }
}
