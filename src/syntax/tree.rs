//! The lossless syntax tree: a flat, pre-order array of nodes over the borrowed input.

use std::fmt;

use super::kind::SyntaxKind;
use crate::Span;

/// One node in the flat array, 12 bytes. `start` is the offset from the tree's base (the parser
/// builds nodes for at most [`MAX_INPUT_LEN`] bytes, so it fits in a `u32`). A node's end is not
/// stored: it is where the node after it (or after its subtree) starts, or the end of the input.
/// For a composite node, `next` is the index one past its last descendant, so the children of a
/// node are found by hopping from one `next` to the following; for a token it means nothing
/// (the next node follows) and is never read: it may be left from an earlier tree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) start: u32,
    pub(crate) next: u32,
    pub(crate) kind: SyntaxKind,
}

/// The longest input the parser builds a full tree for; longer input becomes one error token
/// with `fen::input::too_long`.
pub(crate) const MAX_INPUT_LEN: usize = u32::MAX as usize;

/// The lossless syntax tree of one FEN.
///
/// The tree borrows its text and stores its nodes in one flat array (no allocation per node):
/// every byte of the input, separators, whitespace and unrecognised text included, is covered by
/// exactly one token, so `tree.to_string()` gives the input back for every input, valid or not.
///
/// Spans are byte offsets into the enclosing text when the FEN was parsed with
/// [`crate::parse_at`].
///
/// ```
/// let input = "8/8/8/2K5/4k3/8/8/8  w - -";
/// let parse = fenlint::parse(input);
/// assert_eq!(parse.tree().to_string(), input);
/// assert_eq!(parse.tree().placement().unwrap().ranks().count(), 8);
/// ```
#[derive(Clone)]
pub struct SyntaxTree<'a> {
    pub(crate) source: &'a str,
    pub(crate) base: usize,
    /// The nodes, in pre-order.
    nodes: Vec<Node>,
    /// The index of the first root child of each kind of [`FIELDS`] (0, the root's own index,
    /// when there is none), found once when the tree is built, so that asking for a field does
    /// not search the root's children.
    fields: [u32; FIELDS.len()],
}

/// The fields (root children) whose place the tree keeps.
const FIELDS: [SyntaxKind; 10] = [
    SyntaxKind::Placement,
    SyntaxKind::Holdings,
    SyntaxKind::SideToMove,
    SyntaxKind::Castling,
    SyntaxKind::EnPassant,
    SyntaxKind::RemainingChecks,
    SyntaxKind::HalfmoveClock,
    SyntaxKind::FullmoveNumber,
    SyntaxKind::GivenChecks,
    SyntaxKind::ExtraFields,
];

/// Where each of [`FIELDS`] is among the root's children, found by walking them.
fn find_fields(nodes: &[Node]) -> [u32; FIELDS.len()] {
    let mut fields = [0u32; FIELDS.len()];
    let end = nodes.first().map_or(0, |root| root.next as usize);
    let mut index = 1usize;
    while index < end {
        let Some(node) = nodes.get(index) else {
            break;
        };
        if let Some(slot) = field_slot(node.kind).and_then(|slot| fields.get_mut(slot))
            && *slot == 0
        {
            *slot = u32::try_from(index).unwrap_or(0);
        }
        index = if node.kind.is_token() {
            index.saturating_add(1)
        } else {
            (node.next as usize).max(index.saturating_add(1))
        };
    }
    fields
}

/// The place of `kind` in [`FIELDS`].
fn field_slot(kind: SyntaxKind) -> Option<usize> {
    Some(match kind {
        SyntaxKind::Placement => 0,
        SyntaxKind::Holdings => 1,
        SyntaxKind::SideToMove => 2,
        SyntaxKind::Castling => 3,
        SyntaxKind::EnPassant => 4,
        SyntaxKind::RemainingChecks => 5,
        SyntaxKind::HalfmoveClock => 6,
        SyntaxKind::FullmoveNumber => 7,
        SyntaxKind::GivenChecks => 8,
        SyntaxKind::ExtraFields => 9,
        _ => return None,
    })
}

impl<'a> SyntaxTree<'a> {
    /// The nodes of the tree, in pre-order.
    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The first root child of `kind` (one of the fields), without searching.
    pub(crate) fn field_node(&self, kind: SyntaxKind) -> Option<SyntaxNode<'_, 'a>> {
        let slot = field_slot(kind)?;
        let index = *self.fields.get(slot)? as usize;
        (index != 0).then_some(SyntaxNode { tree: self, index })
    }

    /// The text the tree covers (the FEN alone, without the enclosing text).
    ///
    /// ```
    /// assert_eq!(fenlint::parse(" 8/8 ").tree().source(), " 8/8 ");
    /// ```
    pub fn source(&self) -> &'a str {
        self.source
    }

    /// The offset of the FEN's first byte in the enclosing text (0 for [`crate::parse()`]).
    ///
    /// ```
    /// assert_eq!(fenlint::parse_at("8/8", 40).tree().base(), 40);
    /// ```
    pub fn base(&self) -> usize {
        self.base
    }

    /// The root node, of kind [`SyntaxKind::Fen`] (or [`SyntaxKind::EpdRecord`] for
    /// [`crate::parse_epd_record`]).
    ///
    /// ```
    /// use fenlint::SyntaxKind;
    /// assert_eq!(fenlint::parse("8/8 w").tree().root().kind(), SyntaxKind::Fen);
    /// assert_eq!(fenlint::parse_epd_record("8/8 w").tree().root().kind(), SyntaxKind::EpdRecord);
    /// ```
    pub fn root(&self) -> SyntaxNode<'_, 'a> {
        SyntaxNode {
            tree: self,
            index: 0,
        }
    }

    /// The text of `span`, a span of this tree; empty when the span is outside the tree.
    ///
    /// ```
    /// let parse = fenlint::parse_at("8/8 w", 10);
    /// assert_eq!(parse.tree().text(fenlint::Span::new(14, 15)), "w");
    /// ```
    pub fn text(&self, span: Span) -> &'a str {
        let start = span.start.wrapping_sub(self.base);
        let end = span.end.wrapping_sub(self.base);
        self.source.get(start..end).unwrap_or_default()
    }

    /// Every token, in input order. Their texts, concatenated, are the input.
    ///
    /// ```
    /// let tree = fenlint::parse("8/8 w").into_tree();
    /// let text: String = tree.tokens().map(|token| token.text()).collect();
    /// assert_eq!(text, "8/8 w");
    /// ```
    pub fn tokens(&self) -> impl Iterator<Item = SyntaxNode<'_, 'a>> + '_ {
        (0..self.nodes.len())
            .map(move |index| SyntaxNode { tree: self, index })
            .filter(|node| node.kind().is_token())
    }

    /// An indented dump of the tree, one node per line as `KIND@start..end "text"`, for tests and
    /// for readers of the grammar.
    ///
    /// ```
    /// let dump = fenlint::parse("8 w").tree().dump();
    /// assert!(dump.contains("SIDE_TO_MOVE@2..3"));
    /// ```
    pub fn dump(&self) -> String {
        let mut out = String::new();
        self.root().dump_into(&mut out, 0);
        out
    }
}

impl fmt::Display for SyntaxTree<'_> {
    /// Prints the tokens in order, which reproduces the input exactly.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.tokens()
            .try_for_each(|token| f.write_str(token.text()))
    }
}

impl fmt::Debug for SyntaxTree<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.dump())
    }
}

/// A node of a [`SyntaxTree`]: its kind, span, text and children.
///
/// ```
/// let tree = fenlint::parse("8/8 w").into_tree();
/// let kinds: Vec<_> = tree.root().children().map(|node| node.kind().name()).collect();
/// assert_eq!(kinds, ["PLACEMENT", "WHITESPACE", "SIDE_TO_MOVE"]);
/// ```
#[derive(Clone, Copy)]
pub struct SyntaxNode<'t, 'a> {
    tree: &'t SyntaxTree<'a>,
    index: usize,
}

/// Two nodes are equal when they are the same node of the same tree (not when their text is).
///
/// ```
/// let tree = fenlint::parse("8/8/8/8/8/8/8/8 w - - 0 1").into_tree();
/// let first = tree.root().children().next().unwrap();
/// assert_eq!(first, tree.root().children().next().unwrap());
/// assert_ne!(first, tree.root());
/// ```
impl PartialEq for SyntaxNode<'_, '_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.tree, other.tree) && self.index == other.index
    }
}

impl Eq for SyntaxNode<'_, '_> {}

impl std::hash::Hash for SyntaxNode<'_, '_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash(self.tree, state);
        self.index.hash(state);
    }
}

impl<'t, 'a> SyntaxNode<'t, 'a> {
    fn node(&self) -> Node {
        self.tree.nodes().get(self.index).copied().unwrap_or(Node {
            start: 0,
            next: 0,
            kind: SyntaxKind::Error,
        })
    }

    /// The index one past this node's subtree.
    fn subtree_end(&self, node: Node) -> usize {
        if node.kind.is_token() {
            self.index.saturating_add(1)
        } else {
            (node.next as usize).max(self.index.saturating_add(1))
        }
    }

    /// The nodes below this one, as a slice of the flat array, with the index of the first and
    /// the start of whatever follows the subtree (the end of the last token), for passes that
    /// read a whole group at once.
    pub(crate) fn raw_subtree(&self) -> (&'t [Node], usize, usize) {
        let first = self.index.saturating_add(1);
        let end = self.subtree_end(self.node());
        let stop = self
            .tree
            .nodes()
            .get(end)
            .map_or(self.tree.source.len(), |next| next.start as usize);
        (
            self.tree.nodes().get(first..end).unwrap_or_default(),
            first,
            stop,
        )
    }

    /// Every node below this one, in order: for each, its index, kind, start and end (offsets
    /// into the source; a composite node's end is that of its subtree), and the index one past
    /// its subtree. One pass over the flat array, for the stages that read a whole group at
    /// once (the board).
    pub(crate) fn descendants_raw(
        &self,
    ) -> impl Iterator<Item = (usize, SyntaxKind, usize, usize, usize)> + use<'t, 'a> {
        let tree = self.tree;
        let end = self.subtree_end(self.node());
        (self.index.saturating_add(1)..end).map(move |index| {
            let node = tree.nodes().get(index).copied().unwrap_or(Node {
                start: 0,
                next: 0,
                kind: SyntaxKind::Error,
            });
            let after = if node.kind.is_token() {
                index.saturating_add(1)
            } else {
                (node.next as usize).max(index.saturating_add(1))
            };
            let stop = tree
                .nodes()
                .get(after)
                .map_or(tree.source.len(), |next| next.start as usize);
            (index, node.kind, node.start as usize, stop, after)
        })
    }

    /// What this node is.
    ///
    /// ```
    /// assert_eq!(fenlint::parse("x").tree().root().kind(), fenlint::SyntaxKind::Fen);
    /// ```
    pub fn kind(&self) -> SyntaxKind {
        self.node().kind
    }

    /// The bytes this node covers, as offsets into the enclosing text.
    ///
    /// ```
    /// let tree = fenlint::parse_at("8/8 w", 100).into_tree();
    /// assert_eq!(tree.root().span(), fenlint::Span::new(100, 105));
    /// ```
    pub fn span(&self) -> Span {
        let node = self.node();
        let end = self
            .tree
            .nodes()
            .get(self.subtree_end(node))
            .map_or(self.tree.source.len(), |after| after.start as usize);
        Span::relative_to(self.tree.base, node.start as usize, end)
    }

    /// The text this node covers.
    ///
    /// ```
    /// let tree = fenlint::parse("8/8 w").into_tree();
    /// assert_eq!(tree.root().children().last().unwrap().text(), "w");
    /// ```
    pub fn text(&self) -> &'a str {
        self.tree.text(self.span())
    }

    /// The tree this node belongs to.
    ///
    /// ```
    /// let tree = fenlint::parse("8").into_tree();
    /// assert_eq!(tree.root().tree().source(), "8");
    /// ```
    pub fn tree(&self) -> &'t SyntaxTree<'a> {
        self.tree
    }

    /// The direct children, in input order (none for a token).
    ///
    /// ```
    /// let tree = fenlint::parse("8/8").into_tree();
    /// let placement = tree.root().children().next().unwrap();
    /// assert_eq!(placement.children().count(), 3);
    /// ```
    pub fn children(&self) -> impl Iterator<Item = SyntaxNode<'t, 'a>> + use<'t, 'a> {
        let tree = self.tree;
        let node = self.node();
        let end = if node.kind.is_token() {
            0
        } else {
            node.next as usize
        };
        let mut index = self.index.saturating_add(1);
        std::iter::from_fn(move || {
            if index >= end {
                return None;
            }
            let child = SyntaxNode { tree, index };
            index = child.subtree_end(child.node());
            Some(child)
        })
    }

    /// The first direct child of the given kind.
    ///
    /// ```
    /// use fenlint::SyntaxKind;
    /// let tree = fenlint::parse("8 w").into_tree();
    /// assert!(tree.root().child(SyntaxKind::SideToMove).is_some());
    /// ```
    pub fn child(&self, kind: SyntaxKind) -> Option<SyntaxNode<'t, 'a>> {
        self.children().find(|child| child.kind() == kind)
    }

    fn dump_into(&self, out: &mut String, depth: usize) {
        use std::fmt::Write as _;
        let span = self.span();
        for _ in 0..depth {
            out.push_str("  ");
        }
        let _ = write!(out, "{}@{}..{}", self.kind().name(), span.start, span.end);
        if self.kind().is_token() {
            let _ = write!(out, " {:?}", self.text());
        }
        out.push('\n');
        for child in self.children() {
            child.dump_into(out, depth.saturating_add(1));
        }
    }
}

impl fmt::Debug for SyntaxNode<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}@{} {:?}",
            self.kind().name(),
            self.span(),
            self.text()
        )
    }
}

/// Builds a [`SyntaxTree`] in pre-order: the parser starts a composite node, appends its
/// children, and finishes it; tokens are appended in input order, each starting where the last
/// ended (debug builds check this, and the round-trip tests check that every byte is covered).
pub(crate) struct TreeBuilder {
    nodes: Vec<Node>,
    base: usize,
    /// Offset of the end of the last token, to check contiguity in debug builds.
    #[cfg(debug_assertions)]
    end: u32,
}

/// A composite node that has been started and not yet finished: its place, and the builder's
/// state before it, to go back to with [`TreeBuilder::abandon`].
#[must_use]
pub(crate) struct Open {
    index: usize,
    #[cfg(debug_assertions)]
    end: u32,
}

impl TreeBuilder {
    /// A builder for input of `input_len` bytes (at most [`MAX_INPUT_LEN`]) at offset `base`.
    pub(crate) fn new(base: usize, input_len: usize) -> TreeBuilder {
        // A FEN has fewer nodes than bytes, plus a few: one allocation for almost every line
        // (the vector grows for the input that has more).
        let capacity = input_len.saturating_add(24).min(512);
        TreeBuilder {
            nodes: Vec::with_capacity(capacity),
            base,
            #[cfg(debug_assertions)]
            end: 0,
        }
    }

    fn next_index(&self) -> u32 {
        u32::try_from(self.nodes.len()).unwrap_or(u32::MAX)
    }

    /// Starts a composite node at offset `start`.
    pub(crate) fn start(&mut self, kind: SyntaxKind, start: u32) -> Open {
        let open = Open {
            index: self.nodes.len(),
            #[cfg(debug_assertions)]
            end: self.end,
        };
        self.nodes.push(Node {
            start,
            next: 0,
            kind,
        });
        open
    }

    /// Drops the node `open` and everything appended since it was started.
    pub(crate) fn abandon(&mut self, open: Open) {
        self.nodes.truncate(open.index);
        #[cfg(debug_assertions)]
        {
            self.end = open.end;
        }
    }

    /// Finishes a composite node after the last node appended.
    pub(crate) fn finish(&mut self, open: Open) {
        let next = self.next_index();
        if let Some(node) = self.nodes.get_mut(open.index) {
            node.next = next;
        }
    }

    /// Appends a token of `len` bytes at offset `start`; empty tokens are not stored.
    pub(crate) fn token(&mut self, kind: SyntaxKind, start: u32, len: usize) {
        #[cfg(debug_assertions)]
        {
            debug_assert_eq!(start, self.end, "tokens must be contiguous");
            self.end = start.wrapping_add(u32::try_from(len).unwrap_or(u32::MAX));
        }
        if len > 0 {
            self.nodes.push(Node {
                start,
                next: 0,
                kind,
            });
        }
    }

    /// The absolute span of `len` bytes at offset `start`.
    pub(crate) fn span(&self, start: u32, len: usize) -> Span {
        // The parser lowers the base so that `base + input length` fits in a `usize`, and
        // `start + len` is within the input: neither sum wraps.
        let start = self.base.wrapping_add(start as usize);
        Span {
            start,
            end: start.wrapping_add(len),
        }
    }

    /// The tree built, over `source`.
    pub(crate) fn finish_tree(self, source: &str) -> SyntaxTree<'_> {
        SyntaxTree {
            source,
            base: self.base,
            fields: find_fields(&self.nodes),
            nodes: self.nodes,
        }
    }

    /// The tree of input longer than [`MAX_INPUT_LEN`]: the root and one error token, both at
    /// offset 0, so both end at the end of the input.
    pub(crate) fn oversized(source: &str, base: usize) -> SyntaxTree<'_> {
        let node = |kind, next| Node {
            start: 0,
            next,
            kind,
        };
        SyntaxTree {
            source,
            base,
            nodes: vec![node(SyntaxKind::Fen, 2), node(SyntaxKind::Error, 0)],
            fields: [0; FIELDS.len()],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_has_its_own_slot() {
        for (slot, &kind) in FIELDS.iter().enumerate() {
            assert_eq!(field_slot(kind), Some(slot), "{kind:?}");
        }
        assert_eq!(field_slot(SyntaxKind::Rank), None);
    }
}
