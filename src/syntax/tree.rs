//! The lossless syntax tree: a flat, pre-order array of nodes over the borrowed input.

use std::fmt;

use super::SyntaxKind;
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

impl Node {
    /// What a slot holds before it is filled (see [`TreeBuilder::slots`]).
    const UNUSED: Node = Node {
        start: 0,
        next: 0,
        kind: SyntaxKind::Fen,
    };
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
pub struct SyntaxTree<'a> {
    pub(crate) source: &'a str,
    pub(crate) base: usize,
    /// The node array: the tree's nodes are the first `len`; the rest is room kept for the
    /// next tree built on this thread (see [`spare`]), whose stale nodes are never read.
    buffer: Vec<Node>,
    /// How many nodes of `buffer` are the tree's.
    len: usize,
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

/// Where each of [`FIELDS`] is among the root's children, found by walking them: what
/// [`TreeBuilder`] notes as the nodes are started, which debug builds check against it.
#[cfg(debug_assertions)]
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

impl Clone for SyntaxTree<'_> {
    fn clone(&self) -> Self {
        SyntaxTree {
            source: self.source,
            base: self.base,
            buffer: self.nodes().to_vec(),
            len: self.len,
            fields: self.fields,
        }
    }
}

impl<'a> SyntaxTree<'a> {
    /// The nodes of the tree, in pre-order.
    #[inline(always)]
    pub(crate) fn nodes(&self) -> &[Node] {
        self.buffer.get(..self.len).unwrap_or_default()
    }

    /// The first root child of `kind` (one of the fields), without searching.
    pub(crate) fn field_node(&self, kind: SyntaxKind) -> Option<SyntaxNode<'_, 'a>> {
        let slot = field_slot(kind)?;
        let index = *self.fields.get(slot)? as usize;
        (index != 0).then_some(SyntaxNode { tree: self, index })
    }
}

/// The node array of the last tree dropped on this thread, kept for the next parse: parsing
/// one FEN after another (the linter's loop) then allocates nothing. One buffer per thread, and
/// only a small one, is kept. The buffer keeps its length (its nodes stale), so that the next
/// builder writes its nodes over them without filling the room first.
mod spare {
    use std::cell::Cell;

    use super::Node;

    /// The largest buffer kept, in nodes (48 KiB).
    const MAX_KEPT: usize = 4096;

    thread_local! {
        static SPARE: Cell<Vec<Node>> = const { Cell::new(Vec::new()) };
    }

    /// A node array at least `capacity` nodes long, whose nodes are stale: room to write
    /// nodes over.
    #[inline]
    pub(super) fn take(capacity: usize) -> Vec<Node> {
        super::room_for(SPARE.try_with(Cell::take).unwrap_or_default(), capacity)
    }

    /// Keeps `nodes` for the next parse on this thread, if it is small (and not the empty
    /// array of a tree whose nodes were taken back, see [`super::SyntaxTree::take_nodes`]).
    #[inline]
    pub(super) fn give_back(nodes: Vec<Node>) {
        if nodes.capacity() > 0 && nodes.capacity() <= MAX_KEPT {
            // When the thread is being torn down the buffer is simply dropped.
            let _ = SPARE.try_with(|spare| spare.set(nodes));
        }
    }
}

/// The node array goes back to the thread for the next parse (see `spare`); inlined where a
/// tree is dropped, once per FEN.
impl Drop for SyntaxTree<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        spare::give_back(std::mem::take(&mut self.buffer));
    }
}

impl<'a> SyntaxTree<'a> {
    /// The tree's node array, taken back by the caller that handed it to the builder (see
    /// [`Nodes`]); the tree is then empty, with nothing left to drop.
    pub(crate) fn take_nodes(&mut self) -> Nodes {
        self.len = 0;
        Nodes(std::mem::take(&mut self.buffer))
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
        (0..self.len)
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

/// Builds the flat node array. Tokens are appended in input order at the offsets the parser
/// gives; in debug builds the builder checks that each token starts where the previous ended,
/// and the round-trip tests check that every byte is covered.
///
/// The nodes are written over a buffer of stale nodes (see [`spare`]): the first `len` are the
/// tree's, and a node is appended by overwriting the next one, or by growing the buffer when it
/// is full.
pub(crate) struct TreeBuilder {
    nodes: Vec<Node>,
    /// How many nodes of `nodes` are the tree's; never more than `nodes.len()`.
    len: usize,
    base: usize,
    /// How many composite nodes are open: a node started at depth 1 is a root child.
    depth: u32,
    /// The first root child of each kind of [`FIELDS`], noted as it is started (see
    /// [`SyntaxTree::fields`]).
    fields: [u32; FIELDS.len()],
    /// Offset of the end of the last token, to check contiguity in debug builds.
    #[cfg(debug_assertions)]
    end: u32,
}

/// The state of a [`TreeBuilder`], to go back to.
#[derive(Clone, Copy)]
pub(crate) struct Mark {
    len: usize,
    depth: u32,
    #[cfg(debug_assertions)]
    end: u32,
}

/// Room for nodes after the last one of a [`TreeBuilder`], filled in order by index (see
/// [`TreeBuilder::slots`]). Each method returns `None` when the room is used up.
pub(crate) struct Slots<'b> {
    nodes: &'b mut [Node],
    /// The builder's fields, for the root children the slots hold (see [`Slots::field`]).
    fields: &'b mut [u32; FIELDS.len()],
    /// The index in the tree of the first slot.
    first: u32,
    /// How many slots are filled.
    used: usize,
}

/// How many of a [`Slots`]' nodes were filled, for [`TreeBuilder::keep`].
#[derive(Clone, Copy)]
pub(crate) struct Filled {
    first: u32,
    used: usize,
}

impl Slots<'_> {
    /// Fills the next slot with a token of kind `kind` at offset `start`.
    #[inline(always)]
    pub(crate) fn token(&mut self, kind: SyntaxKind, start: u32) -> Option<()> {
        *self.nodes.get_mut(self.used)? = Node {
            start,
            next: 0,
            kind,
        };
        self.used = self.used.wrapping_add(1);
        Some(())
    }

    /// Fills the next slot with the start of a composite node of kind `kind` at offset `start`;
    /// returns its slot, for [`Slots::finish`].
    #[inline(always)]
    pub(crate) fn start(&mut self, kind: SyntaxKind, start: u32) -> Option<usize> {
        let slot = self.used;
        self.token(kind, start)?;
        Some(slot)
    }

    /// Finishes the composite node started in `slot` after the last slot filled.
    #[inline(always)]
    pub(crate) fn finish(&mut self, slot: usize) {
        let next = self.first.wrapping_add(self.used as u32);
        if let Some(node) = self.nodes.get_mut(slot) {
            node.next = next;
        }
    }

    /// Fills the next slots with a whole field at offset `start`, as a root child (the slots
    /// follow the builder at depth 1): a composite node of kind `kind` holding `tokens` tokens,
    /// the one at `offset` from the field's start of the kind `kind_of(offset)`; the last token
    /// runs to the end of the field. The field is noted as [`TreeBuilder::start`] notes the root
    /// children it starts.
    #[inline(always)]
    pub(crate) fn field(
        &mut self,
        kind: SyntaxKind,
        start: u32,
        tokens: u32,
        kind_of: impl Fn(u32) -> SyntaxKind,
    ) -> Option<()> {
        let slot = self.start(kind, start)?;
        note_field(self.fields, kind, self.first.wrapping_add(slot as u32));
        for offset in 0..tokens {
            self.token(kind_of(offset), start.wrapping_add(offset))?;
        }
        self.finish(slot);
        Some(())
    }

    /// How many slots are filled, to keep with [`TreeBuilder::keep`].
    pub(crate) fn filled(&self) -> Filled {
        Filled {
            first: self.first,
            used: self.used,
        }
    }
}

/// How many nodes a [`Block`] holds.
pub(crate) const BLOCK_LEN: usize = 256;

/// Room for [`BLOCK_LEN`] nodes after the last one of a [`TreeBuilder`] (see
/// [`TreeBuilder::block`]), filled in order like [`Slots`] but indexed by a `u8`, so that
/// writing a node needs no bounds check and cannot fail: for the fast paths' tight loops, which
/// bound the nodes they write themselves. A 256th node would wrap around over the first one
/// (a wrong tree, never a panic), so a user writes at most 255.
pub(crate) struct Block<'b> {
    nodes: &'b mut [Node; BLOCK_LEN],
    /// The builder's fields, for the root children the block holds (see [`Block::field`]).
    fields: &'b mut [u32; FIELDS.len()],
    /// The index in the tree of the first node of the block.
    first: u32,
    /// How many nodes are filled.
    used: u8,
    /// How many composite nodes of the builder are open: the nodes the block starts at depth 1
    /// are root children (see [`Block::start_child`]).
    depth: u32,
}

impl Block<'_> {
    /// Fills the next node with a token of kind `kind` at offset `start`. A token's `next` is
    /// never read (see [`Node`]), so the stale one is left: one store fewer per token.
    #[inline(always)]
    pub(crate) fn token(&mut self, kind: SyntaxKind, start: u32) {
        // Always in range: a `u8` indexes 256 nodes.
        if let Some(node) = self.nodes.get_mut(usize::from(self.used)) {
            node.start = start;
            node.kind = kind;
        }
        self.used = self.used.wrapping_add(1);
    }

    /// Fills the next node with the start of a composite node of kind `kind` at offset
    /// `start`; returns its place, for [`Block::finish`].
    #[inline(always)]
    pub(crate) fn start(&mut self, kind: SyntaxKind, start: u32) -> u8 {
        let slot = self.used;
        self.token(kind, start);
        slot
    }

    /// [`Block::start`] for a composite node that is a child of the last node the builder
    /// started: noted as a field if it is a root child, as [`TreeBuilder::start`] notes it.
    #[inline(always)]
    pub(crate) fn start_child(&mut self, kind: SyntaxKind, start: u32) -> u8 {
        let slot = self.start(kind, start);
        if self.depth == 1 {
            note_field(self.fields, kind, self.first.wrapping_add(u32::from(slot)));
        }
        slot
    }

    /// The index in the tree of the node in `slot`.
    #[inline(always)]
    pub(crate) fn index(&self, slot: u8) -> usize {
        (self.first as usize).wrapping_add(usize::from(slot))
    }

    /// Finishes the composite node started in `slot` after the last node filled.
    #[inline(always)]
    pub(crate) fn finish(&mut self, slot: u8) {
        let next = self.first.wrapping_add(u32::from(self.used));
        if let Some(node) = self.nodes.get_mut(usize::from(slot)) {
            node.next = next;
        }
    }

    /// Fills the next nodes with a whole field at offset `start`, as a root child, as
    /// [`Slots::field`] does; the field must be the first of its kind (the fast path of the
    /// fields after the placement, where it is), so that it is noted without looking.
    #[inline(always)]
    pub(crate) fn field(
        &mut self,
        kind: SyntaxKind,
        start: u32,
        tokens: u32,
        kind_of: impl Fn(u32) -> SyntaxKind,
    ) {
        let slot = self.start(kind, start);
        if let Some(field) = field_slot(kind).and_then(|at| self.fields.get_mut(at)) {
            *field = self.first.wrapping_add(u32::from(slot));
        }
        for offset in 0..tokens {
            self.token(kind_of(offset), start.wrapping_add(offset));
        }
        self.finish(slot);
    }

    /// How many nodes are filled, to keep with [`TreeBuilder::keep`].
    #[inline(always)]
    pub(crate) fn filled(&self) -> Filled {
        Filled {
            first: self.first,
            used: usize::from(self.used),
        }
    }

    /// How many nodes are filled.
    #[inline(always)]
    pub(crate) fn used(&self) -> usize {
        usize::from(self.used)
    }

    /// Takes the first `used` nodes as filled: those a fast path filled in a block over the
    /// same room before, which it did not keep, to go on after them.
    pub(crate) fn resume(&mut self, used: usize) {
        self.used = u8::try_from(used).unwrap_or(u8::MAX);
    }

    /// The first `used` nodes of the block (at most as many as are filled), to keep with
    /// [`TreeBuilder::keep`]: for a fast path that stops partway and keeps what it built up to
    /// a point.
    #[inline(always)]
    pub(crate) fn prefix(&self, used: usize) -> Filled {
        Filled {
            first: self.first,
            used: used.min(usize::from(self.used)),
        }
    }
}

/// A composite node that has been started and not yet finished.
#[must_use]
pub(crate) struct Open(usize);

/// Notes the root child of `kind` at node `index` as its field in `fields`, if it is one of
/// [`FIELDS`] and the first of its kind.
#[inline(always)]
fn note_field(fields: &mut [u32; FIELDS.len()], kind: SyntaxKind, index: u32) {
    if let Some(field) = field_slot(kind).and_then(|slot| fields.get_mut(slot))
        && *field == 0
    {
        *field = index;
    }
}

/// `nodes`, at least `capacity` nodes long: room to write nodes over.
#[inline(always)]
fn room_for(mut nodes: Vec<Node>, capacity: usize) -> Vec<Node> {
    if nodes.len() < capacity {
        nodes.resize(capacity, Node::UNUSED);
    }
    nodes
}

/// A node array kept from one tree to the next by a caller that parses many FENs (see
/// [`crate::files::LineScratch`]), handed to [`TreeBuilder::new_in`] and taken back with
/// [`SyntaxTree::take_nodes`].
#[derive(Debug, Default)]
pub(crate) struct Nodes(pub(crate) Vec<Node>);

impl TreeBuilder {
    /// A builder for input of `input_len` bytes (at most [`MAX_INPUT_LEN`]) at offset `base`,
    /// writing its nodes over `nodes` when given, else over the thread's spare array. Inlined
    /// into the parse's entry points: called once per FEN.
    #[inline(always)]
    pub(crate) fn new_in(base: usize, input_len: usize, nodes: Option<Nodes>) -> TreeBuilder {
        // A FEN has at most one token per byte plus about 20 composite nodes; have room for
        // that, up to the size of the longest real FENs, and for a block after the last of
        // them (see `TreeBuilder::block`), so that one buffer serves every valid FEN and the
        // fast paths' slots and blocks need not grow it.
        let capacity = input_len
            .saturating_add(24)
            .min(256)
            .saturating_add(BLOCK_LEN);
        TreeBuilder {
            nodes: match nodes {
                Some(Nodes(nodes)) => room_for(nodes, capacity),
                None => spare::take(capacity),
            },
            len: 0,
            base,
            depth: 0,
            fields: [0; FIELDS.len()],
            #[cfg(debug_assertions)]
            end: 0,
        }
    }

    fn next_index(&self) -> u32 {
        u32::try_from(self.len).unwrap_or(u32::MAX)
    }

    /// Appends `node`: over the next stale node, or at the end of a full buffer.
    #[inline(always)]
    fn push(&mut self, node: Node) {
        match self.nodes.get_mut(self.len) {
            Some(slot) => *slot = node,
            None => self.nodes.push(node),
        }
        self.len = self.len.wrapping_add(1);
    }

    /// The current state, to go back to with [`TreeBuilder::rewind`].
    pub(crate) fn mark(&self) -> Mark {
        Mark {
            len: self.len,
            depth: self.depth,
            #[cfg(debug_assertions)]
            end: self.end,
        }
    }

    /// The state when the tree had `len` nodes, which ended at offset `end`, at the current
    /// depth: a [`Mark`] worked out afterwards, so that a fast path need not keep one.
    pub(crate) fn mark_at(&self, len: usize, end: u32) -> Mark {
        let _ = end;
        Mark {
            len,
            depth: self.depth,
            #[cfg(debug_assertions)]
            end,
        }
    }

    /// Makes the composite node at `index`, started through a [`Block`] and not finished, the
    /// last node started, as [`TreeBuilder::start`] would have: the nodes appended after it are
    /// its descendants until [`TreeBuilder::finish`].
    pub(crate) fn reopen(&mut self, index: usize) -> Open {
        self.depth = self.depth.saturating_add(1);
        Open(index)
    }

    /// Drops the nodes appended since `mark` was taken.
    #[inline(always)]
    pub(crate) fn rewind(&mut self, mark: Mark) {
        self.len = self.len.min(mark.len);
        self.depth = mark.depth;
        for field in &mut self.fields {
            if *field as usize >= mark.len {
                *field = 0;
            }
        }
        #[cfg(debug_assertions)]
        {
            self.end = mark.end;
        }
    }

    /// Starts a composite node at offset `start`.
    #[inline]
    pub(crate) fn start(&mut self, kind: SyntaxKind, start: u32) -> Open {
        let index = self.len;
        if self.depth == 1 {
            note_field(&mut self.fields, kind, u32::try_from(index).unwrap_or(0));
        }
        self.depth = self.depth.saturating_add(1);
        self.push(Node {
            start,
            next: 0,
            kind,
        });
        Open(index)
    }

    /// Finishes a composite node after the last node pushed.
    #[inline]
    pub(crate) fn finish(&mut self, open: Open) {
        self.depth = self.depth.saturating_sub(1);
        let next = self.next_index();
        if let Some(node) = self.nodes.get_mut(open.0) {
            node.next = next;
        }
    }

    /// Appends a token of `len` bytes at offset `start`; empty tokens are not stored.
    #[inline(always)]
    pub(crate) fn token(&mut self, kind: SyntaxKind, start: u32, len: usize) {
        #[cfg(debug_assertions)]
        {
            debug_assert_eq!(start, self.end, "tokens must be contiguous");
            self.end = start.wrapping_add(len as u32);
        }
        if len > 0 {
            self.push(Node {
                start,
                next: 0,
                kind,
            });
        }
    }

    /// Room for up to `count` nodes after the last one, filled in order through the returned
    /// [`Slots`] and then kept, as many as were filled, by [`TreeBuilder::keep`]: for a
    /// production that builds many small nodes in a tight loop (the placement's fast path),
    /// which then writes each node with one bounds check instead of a push. The slots' nodes
    /// are not noted as fields, except those [`Slots::field`] fills: start other composite
    /// nodes at depth 2 or below.
    #[inline(always)]
    pub(crate) fn slots(&mut self, count: usize) -> Slots<'_> {
        let first = self.len;
        let end = first.saturating_add(count);
        if self.nodes.len() < end {
            self.nodes.resize(end, Node::UNUSED);
        }
        Slots {
            nodes: self.nodes.get_mut(first..).unwrap_or_default(),
            fields: &mut self.fields,
            first: u32::try_from(first).unwrap_or(u32::MAX),
            used: 0,
        }
    }

    /// Room for [`BLOCK_LEN`] nodes after the last one, filled through the returned [`Block`]
    /// and then kept, as many as were filled, by [`TreeBuilder::keep`]: [`TreeBuilder::slots`]
    /// without a bounds check per node. The buffer, which the next parses on this thread reuse,
    /// grows once to hold the block. `None` only if it cannot (never in practice).
    #[inline(always)]
    pub(crate) fn block(&mut self) -> Option<Block<'_>> {
        let first = self.len;
        let end = first.saturating_add(BLOCK_LEN);
        if self.nodes.len() < end {
            self.grow(end);
        }
        Some(Block {
            nodes: self.nodes.get_mut(first..end)?.try_into().ok()?,
            fields: &mut self.fields,
            first: u32::try_from(first).unwrap_or(u32::MAX),
            used: 0,
            depth: self.depth,
        })
    }

    /// Makes the buffer `len` nodes long, out of line: it happens once per thread.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, len: usize) {
        self.nodes.resize(len, Node::UNUSED);
    }

    /// Keeps the nodes `slots` filled, which end at offset `end`, and drops the unused slots.
    pub(crate) fn keep(&mut self, slots: Filled, end: u32) {
        let _ = end;
        #[cfg(debug_assertions)]
        {
            self.end = end;
        }
        self.len = (slots.first as usize)
            .saturating_add(slots.used)
            .min(self.nodes.len());
    }

    /// Appends a one-byte token for each of `bytes`, which start at offset `start`, of the kind
    /// `kind_of` gives for the byte.
    #[inline(always)]
    pub(crate) fn byte_tokens(
        &mut self,
        start: u32,
        bytes: &[u8],
        kind_of: impl Fn(u8) -> SyntaxKind,
    ) {
        #[cfg(debug_assertions)]
        {
            debug_assert_eq!(start, self.end, "tokens must be contiguous");
            self.end = start.wrapping_add(bytes.len() as u32);
        }
        let first = self.len;
        let end = first.saturating_add(bytes.len());
        if self.nodes.len() < end {
            self.nodes.resize(end, Node::UNUSED);
        }
        let slots = self.nodes.get_mut(first..end).unwrap_or_default();
        for (slot, (index, &byte)) in slots.iter_mut().zip(bytes.iter().enumerate()) {
            *slot = Node {
                start: start.wrapping_add(index as u32),
                next: 0,
                kind: kind_of(byte),
            };
        }
        self.len = end.min(self.nodes.len());
    }

    /// The absolute span of `len` bytes at offset `start`.
    #[inline(always)]
    pub(crate) fn span(&self, start: u32, len: usize) -> Span {
        // The parser lowers the base so that `base + input length` fits in a `usize`.
        let start = self.base.saturating_add(start as usize);
        Span {
            start,
            end: start.saturating_add(len),
        }
    }

    /// The tree built, over `source`; the builder is left without nodes.
    #[inline(always)]
    pub(crate) fn take_tree<'a>(&mut self, source: &'a str) -> SyntaxTree<'a> {
        #[cfg(debug_assertions)]
        assert_eq!(
            self.fields,
            find_fields(self.nodes.get(..self.len).unwrap_or_default()),
            "fields noted as started"
        );
        SyntaxTree {
            source,
            base: self.base,
            fields: self.fields,
            buffer: std::mem::take(&mut self.nodes),
            len: std::mem::take(&mut self.len),
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
            buffer: vec![node(SyntaxKind::Fen, 2), node(SyntaxKind::Error, 0)],
            len: 2,
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
