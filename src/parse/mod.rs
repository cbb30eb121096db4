//! The grammar: one nom 8 combinator per production of `grammar/fen.ebnf`.
//!
//! nom has no error recovery, so the `fen` production splits the line into fields at
//! whitespace (kept as trivia) and runs each field's production on its own text. The productions
//! are tolerant: text they do not accept becomes an [`SyntaxKind::Error`] token with a diagnostic,
//! so one pass reports every independent problem and the tree always covers every byte.

mod castling;
mod checks;
mod counters;
mod en_passant;
mod holdings;
mod placement;
mod side_to_move;

use nom::{IResult, Offset};

use crate::diagnostics::{Code, Diagnostic, MAX_DIAGNOSTICS};
use crate::syntax::{MAX_INPUT_LEN, SyntaxKind, SyntaxTree, TreeBuilder};
use crate::{Severity, Span};

/// The result of parsing one FEN: the lossless syntax tree and every syntax diagnostic.
///
/// Parsing never fails: whatever the input, there is a tree that prints back to it.
///
/// ```
/// let parse = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// assert!(parse.diagnostics().is_empty());
/// assert!(parse.ok().is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct Parse<'a> {
    tree: SyntaxTree<'a>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Parse<'a> {
    /// The syntax tree.
    ///
    /// ```
    /// assert_eq!(fenlint::parse("8/8 w").tree().to_string(), "8/8 w");
    /// ```
    pub fn tree(&self) -> &SyntaxTree<'a> {
        &self.tree
    }

    /// The syntax tree, without the diagnostics.
    ///
    /// ```
    /// let tree = fenlint::parse("8/8 w").into_tree();
    /// assert_eq!(tree.source(), "8/8 w");
    /// ```
    pub fn into_tree(self) -> SyntaxTree<'a> {
        self.tree
    }

    /// Every syntax diagnostic, ordered by position.
    ///
    /// ```
    /// let parse = fenlint::parse("8/8/8/8/8/8/8/8 w - - 0 1");
    /// assert!(parse.diagnostics().is_empty());
    /// ```
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The tree and the diagnostics.
    ///
    /// ```
    /// let (tree, diagnostics) = fenlint::parse("8/8/8/8/8/8/8/9 w").into_parts();
    /// assert_eq!(tree.source(), "8/8/8/8/8/8/8/9 w");
    /// assert_eq!(diagnostics.len(), 2);
    /// ```
    pub fn into_parts(self) -> (SyntaxTree<'a>, Vec<Diagnostic>) {
        (self.tree, self.diagnostics)
    }

    /// Whether any diagnostic has error severity.
    ///
    /// ```
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8 x").has_errors());
    /// assert!(!fenlint::parse("8/8/8/8/8/8/8/8  w - - 0 1").has_errors());
    /// ```
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|diagnostic| diagnostic.severity() == Severity::Error)
    }

    /// The tree if no diagnostic is an error (warnings are allowed), otherwise the diagnostics.
    ///
    /// ```
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8 w - - 0 1").ok().is_ok());
    /// assert!(fenlint::parse("8/8/8/8/8/8/8/8 w - - -1 1").ok().is_err());
    /// ```
    pub fn ok(self) -> Result<SyntaxTree<'a>, Vec<Diagnostic>> {
        if self.has_errors() {
            Err(self.diagnostics)
        } else {
            Ok(self.tree)
        }
    }
}

/// Parses one FEN whose spans start at 0.
///
/// ```
/// let parse = fenlint::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// assert_eq!(parse.tree().castling().unwrap().text(), "KQkq");
/// ```
pub fn parse(input: &str) -> Parse<'_> {
    parse_at(input, 0)
}

/// Parses one FEN that starts at byte offset `base` of a larger text (a line of a file, a PGN
/// tag value), so that every span is an offset into that text.
///
/// ```
/// let line = r#"[FEN "8/8/8/8/8/8/8/8 x - - 0 1"]"#;
/// let parse = fenlint::parse_at(&line[6..30], 6);
/// let span = parse.diagnostics()[0].span();
/// assert_eq!(&line[span.range()], "x");
/// ```
pub fn parse_at(input: &str, base: usize) -> Parse<'_> {
    if input.len() > MAX_INPUT_LEN {
        return too_long(input, base);
    }
    let mut cx = Cx::new(input, base);
    fen(&mut cx, input);
    cx.finish_parse()
}

/// Parses one FEN given as bytes; text that is not UTF-8 gives a `fen::input::invalid_utf8`
/// diagnostic at the first bad byte instead of a tree.
///
/// ```
/// let error = fenlint::parse_bytes(b"8/8/8/8/8/8/8/\xff w").unwrap_err();
/// assert_eq!(error.code().name(), "fen::input::invalid_utf8");
/// assert_eq!(error.span(), fenlint::Span::new(14, 15));
/// assert!(fenlint::parse_bytes(b"8/8 w").is_ok());
/// ```
pub fn parse_bytes(input: &[u8]) -> Result<Parse<'_>, Diagnostic> {
    parse_bytes_at(input, 0)
}

/// [`parse_bytes`] for a FEN that starts at byte offset `base` of a larger text.
///
/// ```
/// let error = fenlint::parse_bytes_at(b"\xc3(", 100).unwrap_err();
/// assert_eq!(error.span(), fenlint::Span::new(100, 101));
/// ```
pub fn parse_bytes_at(input: &[u8], base: usize) -> Result<Parse<'_>, Diagnostic> {
    match std::str::from_utf8(input) {
        Ok(text) => Ok(parse_at(text, base)),
        Err(error) => {
            let start = error.valid_up_to();
            let len = error
                .error_len()
                .unwrap_or(input.len().saturating_sub(start));
            let bad = input
                .get(start..start.saturating_add(len))
                .unwrap_or_default();
            let shown: Vec<String> = bad.iter().map(|byte| format!("\\x{byte:02X}")).collect();
            let at = base.saturating_add(start);
            let span = Span::new(at, at.saturating_add(len));
            Err(Diagnostic::new(
                Code::InputInvalidUtf8,
                format!(
                    "invalid UTF-8 `{}` at byte {at}, expected UTF-8 text",
                    shown.concat(),
                ),
            )
            .primary(span, "not UTF-8")
            .help("FEN is ASCII text; re-save the file as UTF-8 or ASCII."))
        }
    }
}

/// Input longer than [`MAX_INPUT_LEN`] bytes is no FEN: one error token, one diagnostic.
#[cold]
fn too_long(input: &str, base: usize) -> Parse<'_> {
    let tree = TreeBuilder::oversized(input, base);
    let span = tree.root().span();
    let diagnostic = Diagnostic::new(
        Code::InputTooLong,
        format!(
            "input of {} bytes, expected at most {MAX_INPUT_LEN} bytes for one FEN",
            input.len()
        ),
    )
    .primary(span, "too long to be a FEN")
    .help("A FEN is under a hundred bytes; check that the input is split into lines.");
    Parse {
        tree,
        diagnostics: vec![diagnostic],
    }
}

/// The parsing context: the input, the tree under construction and the diagnostics so far.
pub(crate) struct Cx<'a> {
    source: &'a str,
    base: usize,
    tree: TreeBuilder,
    diagnostics: Vec<Diagnostic>,
    suppressed: usize,
    /// Whether the fast paths for the usual shapes (a plain board, castling letters in order,
    /// plain three-check counters) are taken; tests turn them off to check that the general
    /// productions build the same tree and diagnostics.
    pub(crate) fast_paths: bool,
}

impl<'a> Cx<'a> {
    fn new(source: &'a str, base: usize) -> Cx<'a> {
        // Spans are `usize` offsets; a base so large that the FEN's end would overflow is
        // lowered so that every offset fits.
        let base = base.min(usize::MAX.saturating_sub(source.len()));
        Cx {
            source,
            base,
            tree: TreeBuilder::new(base, source.len()),
            diagnostics: Vec::new(),
            suppressed: 0,
            fast_paths: true,
        }
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
    fn offset(&self, at: &[u8]) -> u32 {
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

    /// Appends a [`SyntaxKind::Rank`] node over `squares`, a slice of the input that starts
    /// where the previous token ended and holds only piece letters and digits, with a token for
    /// each square, then a [`SyntaxKind::Slash`] token for the byte after `squares` if `slash`.
    #[inline(always)]
    pub(crate) fn plain_rank(&mut self, squares: &[u8], slash: bool) {
        let start = self.offset(squares);
        self.tree.byte_node(
            SyntaxKind::Rank,
            start,
            squares,
            placement::square_kind,
            slash.then_some(SyntaxKind::Slash),
        );
    }

    /// The absolute span of the first `len` bytes of `at`, a slice of the input.
    #[inline]
    pub(crate) fn byte_span(&self, at: &[u8], len: usize) -> Span {
        self.tree.span(self.offset(at), len)
    }

    /// The state of the tree, to go back to with [`Cx::rewind`].
    #[inline(always)]
    pub(crate) fn mark(&self) -> crate::syntax::Mark {
        self.tree.mark()
    }

    /// Drops the nodes appended since `mark`.
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
        if let Some(last) = self.source.chars().next_back() {
            let end = self.base.saturating_add(self.source.len());
            diagnostic.widen_empty_labels(end, last.len_utf8());
        }
        if self.diagnostics.len() < MAX_DIAGNOSTICS {
            self.diagnostics.push(diagnostic);
        } else {
            self.suppressed = self.suppressed.saturating_add(1);
        }
    }

    fn finish_parse(mut self) -> Parse<'a> {
        self.diagnostics.sort_by_key(|diagnostic| diagnostic.span());
        if self.suppressed > 0 {
            let end = Span::empty(self.base.saturating_add(self.source.len()));
            self.diagnostics.push(crate::diagnostics::too_many_problems(
                self.suppressed,
                crate::diagnostics::FEN,
                end,
            ));
        }
        Parse {
            tree: self.tree.finish_tree(self.source),
            diagnostics: self.diagnostics,
        }
    }
}

/// One byte that satisfies `accept`: the building block of the one-character productions,
/// which read bytes because every character they accept is ASCII.
#[inline(always)]
pub(crate) fn one_byte(input: &[u8], accept: impl Fn(u8) -> bool) -> IResult<&[u8], u8> {
    match input.split_first() {
        Some((&byte, rest)) if accept(byte) => Ok((rest, byte)),
        _ => Err(nom::Err::Error(nom::error::Error::new(
            input,
            nom::error::ErrorKind::Char,
        ))),
    }
}

/// "character" or "characters", for a message about `text`.
pub(crate) fn characters(text: &str) -> &'static str {
    if text.chars().nth(1).is_some() {
        "characters"
    } else {
        "character"
    }
}

/// Text shown in a message: escaped, and shortened when long.
pub(crate) fn shown(text: &str) -> String {
    const LIMIT: usize = 24;
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == LIMIT {
            out.push('…');
            break;
        }
        // Escape what would be invisible or would disturb the terminal (controls, other
        // whitespace, byte-order marks, direction overrides, combining marks), not quotes.
        if matches!(c, '\'' | '"' | '\\') {
            out.push(c);
        } else {
            out.extend(c.escape_debug());
        }
    }
    out
}

/// `separator ::= " "`
///
/// Any run of whitespace separates fields; anything but one space draws
/// `fen::whitespace::separator`.
fn separator(input: &str) -> IResult<&str, &str> {
    // One space before a field, the usual case, without the general scan.
    let len = match input.as_bytes() {
        [b' ', next, ..] if next.is_ascii() && !is_ascii_whitespace(*next) => 1,
        _ => whitespace_len(input),
    };
    split_nonempty(input, len, nom::error::ErrorKind::Space)
}

/// A field: everything up to the next whitespace.
fn field(input: &str) -> IResult<&str, &str> {
    split_nonempty(
        input,
        run_len(input, |_| false),
        nom::error::ErrorKind::TakeTill1,
    )
}

/// The length of the run at the start of `input` that ends at the first byte for which `stop`
/// holds or at the first whitespace character (ASCII or not). `stop` sees ASCII bytes only.
#[inline]
pub(crate) fn run_len(input: &str, stop: impl Fn(u8) -> bool) -> usize {
    let bytes = input.as_bytes();
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        if byte.is_ascii() {
            if stop(byte) || is_ascii_whitespace(byte) {
                return index;
            }
            index = index.saturating_add(1);
        } else {
            match input.get(index..).and_then(|tail| tail.chars().next()) {
                Some(c) if !c.is_whitespace() => index = index.saturating_add(c.len_utf8()),
                _ => return index,
            }
        }
    }
    input.len()
}

/// Optional whitespace at the start of `input`: `(rest, whitespace)`.
fn whitespace(input: &str) -> (&str, &str) {
    // None, the usual case, without the general scan.
    let len = match input.as_bytes().first() {
        Some(&byte) if byte.is_ascii() && !is_ascii_whitespace(byte) => 0,
        _ => whitespace_len(input),
    };
    let (head, rest) = input.split_at_checked(len).unwrap_or(("", input));
    (rest, head)
}

/// Splits off the first `len` bytes, failing with `kind` when there are none.
fn split_nonempty(input: &str, len: usize, kind: nom::error::ErrorKind) -> IResult<&str, &str> {
    match input.split_at_checked(len) {
        Some((head, rest)) if !head.is_empty() => Ok((rest, head)),
        _ => Err(nom::Err::Error(nom::error::Error::new(input, kind))),
    }
}

/// The length in bytes of the run of whitespace characters (by `char::is_whitespace`) at the
/// start of `input`.
#[inline]
fn whitespace_len(input: &str) -> usize {
    let bytes = input.as_bytes();
    let mut len = 0;
    while let Some(&byte) = bytes.get(len) {
        if byte.is_ascii() {
            if !is_ascii_whitespace(byte) {
                break;
            }
            len = len.saturating_add(1);
        } else {
            match input.get(len..).and_then(|tail| tail.chars().next()) {
                Some(c) if c.is_whitespace() => len = len.saturating_add(c.len_utf8()),
                _ => break,
            }
        }
    }
    len
}

/// `char::is_whitespace` for an ASCII byte: `u8::is_ascii_whitespace` plus the vertical tab.
#[inline]
pub(crate) fn is_ascii_whitespace(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Names of the six groups, for messages.
const GROUP_NAMES: [&str; 6] = [
    "piece placement",
    "side to move",
    "castling",
    "en passant",
    "halfmove clock",
    "fullmove number",
];

/// Which field a production parses; the order is the order in the grammar.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Slot {
    Placement,
    SideToMove,
    Castling,
    EnPassant,
    RemainingChecks,
    HalfmoveClock,
    FullmoveNumber,
    GivenChecks,
    Extra,
}

impl Slot {
    /// The slot for `text`, the field after `last` (the slot of the previous field).
    fn after(last: Option<Slot>, text: &str) -> Slot {
        let given = text.starts_with('+');
        match last {
            None => Slot::Placement,
            Some(Slot::Placement) => Slot::SideToMove,
            Some(Slot::SideToMove) => Slot::Castling,
            Some(Slot::Castling) => Slot::EnPassant,
            Some(Slot::EnPassant) if !given && text.contains('+') => Slot::RemainingChecks,
            Some(Slot::EnPassant | Slot::RemainingChecks) if !given => Slot::HalfmoveClock,
            Some(Slot::HalfmoveClock) if !given => Slot::FullmoveNumber,
            Some(Slot::EnPassant | Slot::RemainingChecks | Slot::HalfmoveClock)
            | Some(Slot::FullmoveNumber)
                if given =>
            {
                Slot::GivenChecks
            }
            Some(_) => Slot::Extra,
        }
    }

    /// Whether this slot is one of the six FEN groups (not a variant suffix or extra text).
    fn is_group(self) -> bool {
        !matches!(
            self,
            Slot::RemainingChecks | Slot::GivenChecks | Slot::Extra
        )
    }

    fn name(self) -> &'static str {
        match self {
            Slot::Placement => GROUP_NAMES[0],
            Slot::SideToMove => GROUP_NAMES[1],
            Slot::Castling => GROUP_NAMES[2],
            Slot::EnPassant => GROUP_NAMES[3],
            Slot::RemainingChecks => "three-check counter",
            Slot::HalfmoveClock => GROUP_NAMES[4],
            Slot::FullmoveNumber => GROUP_NAMES[5],
            Slot::GivenChecks => "three-check counter",
            Slot::Extra => "extra field",
        }
    }
}

/// `fen ::= placement_field ( separator side_to_move ( separator castling ( separator en_passant
/// ( separator remaining_checks )? ( separator halfmove_clock ( separator fullmove_number )? )?
/// ( separator given_checks )? )? )? )?`
///
/// Leading and trailing whitespace is kept as trivia and draws a warning; so do missing fields.
pub(crate) fn fen<'a>(cx: &mut Cx<'a>, input: &'a str) {
    let root = cx.start(SyntaxKind::Fen, input.as_bytes());
    let (head, rest) = input.split_at(line_limit(input));
    fields(cx, head);
    if !rest.is_empty() {
        let span = cx.token(SyntaxKind::Error, rest);
        let total = span.end.saturating_sub(cx.span(input).start);
        cx.report(line_too_long(span, total));
    }
    cx.finish(root);
}

/// The most bytes of one line that are parsed; the rest becomes one error token with
/// `fen::input::too_long`, so that a line of any length costs at most this much memory in the
/// tree. A FEN is under a hundred bytes; 64 KiB leaves room for any padding or garbage worth
/// reporting piece by piece.
pub const MAX_LINE_LEN: usize = 64 * 1024;

/// The length of the part of `input` that is parsed: all of it, or the first
/// [`MAX_LINE_LEN`] bytes, cut back to the start of a character.
fn line_limit(input: &str) -> usize {
    if input.len() <= MAX_LINE_LEN {
        return input.len();
    }
    (0..=MAX_LINE_LEN)
        .rev()
        .find(|&at| input.is_char_boundary(at))
        .unwrap_or(0)
}

/// `fen::input::too_long` for the unread `span` at the end of a line of `total` bytes.
pub(crate) fn line_too_long(span: Span, total: usize) -> Diagnostic {
    Diagnostic::new(
        Code::InputTooLong,
        format!("line of {total} bytes, expected at most {MAX_LINE_LEN} bytes for one FEN"),
    )
    .primary(span, format!("not read: past byte {MAX_LINE_LEN}"))
    .help("A FEN is under a hundred bytes; check that the input is split into lines.")
}

/// The fields of a FEN of at most [`MAX_LINE_LEN`] bytes, after its byte-order mark.
fn fields<'a>(cx: &mut Cx<'a>, input: &'a str) {
    let input = byte_order_mark(cx, input);
    let (mut rest, leading) = whitespace(input);
    if rest.is_empty() {
        let span = cx.token(SyntaxKind::Whitespace, leading);
        let what = if input.is_empty() {
            "empty input"
        } else {
            "input of only whitespace"
        };
        cx.report(
            Diagnostic::new(Code::InputEmpty, format!("{what}, expected a FEN"))
                .primary(span, "a FEN was expected here")
                .help(
                    "Write at least the piece placement, such as `8/8/8/4k3/8/8/8/4K3 w - - 0 1`.",
                ),
        );
        return;
    }
    if !leading.is_empty() {
        let span = cx.token(SyntaxKind::Whitespace, leading);
        cx.report(
            Diagnostic::new(
                Code::WhitespaceLeading,
                format!(
                    "whitespace `{}` before the FEN, expected none",
                    shown(leading)
                ),
            )
            .primary(span, "leading whitespace")
            .help("Remove the whitespace before the first field.")
            .with_fix(span, ""),
        );
    }

    let mut last: Option<Slot> = None;
    let mut groups = 0usize;
    let mut last_field = rest;
    let mut extra: Option<(crate::syntax::Open, Span, &'static str)> = None;
    loop {
        // The placement production finds the end of its own field, so that the longest field
        // is scanned once.
        let (after_field, text) = if last.is_none() {
            let after = placement::placement_field(cx, rest);
            let text = rest
                .get(..rest.len().saturating_sub(after.len()))
                .unwrap_or_default();
            (after, text)
        } else {
            match field(rest) {
                Ok(split) => split,
                Err(_) => break,
            }
        };
        let slot = Slot::after(last, text);
        if slot == Slot::Extra && extra.is_none() {
            let after = last.map_or("FEN", Slot::name);
            extra = Some((
                cx.start(SyntaxKind::ExtraFields, text.as_bytes()),
                cx.span(text),
                after,
            ));
        }
        match slot {
            Slot::Placement => {}
            Slot::SideToMove => side_to_move::side_to_move(cx, text),
            Slot::Castling => castling::castling(cx, text),
            Slot::EnPassant => en_passant::en_passant(cx, text),
            Slot::RemainingChecks => checks::remaining_checks(cx, text),
            Slot::HalfmoveClock => counters::halfmove_clock(cx, text),
            Slot::FullmoveNumber => counters::fullmove_number(cx, text),
            Slot::GivenChecks => checks::given_checks(cx, text),
            Slot::Extra => {
                cx.token(SyntaxKind::Error, text);
            }
        }
        if slot.is_group() {
            groups = groups.saturating_add(1);
        }
        last = Some(slot);
        last_field = text;
        rest = after_field;

        let Ok((after_sep, sep)) = separator(rest) else {
            break;
        };
        if after_sep.is_empty() {
            // Trailing whitespace: reported after the extra fields are closed.
            break;
        }
        let span = cx.token(SyntaxKind::Whitespace, sep);
        if sep != " " && extra.is_none() {
            cx.report(
                Diagnostic::new(
                    Code::WhitespaceSeparator,
                    format!("irregular separator `{}`, expected one space", shown(sep)),
                )
                .primary(span, describe_whitespace(sep))
                .help("Separate the fields with exactly one ASCII space (PGN §16.1.3).")
                .with_fix(span, " "),
            );
        }
        rest = after_sep;
    }

    if let Some((open, first, after)) = extra {
        cx.finish(open);
        let span = first.cover(cx.span(last_field));
        cx.report(
            Diagnostic::new(
                Code::FieldsUnexpected,
                format!(
                    "unexpected text `{}` after the {after}, expected the end of the FEN",
                    shown(cx.source_text(span))
                ),
            )
            .primary(span, "not part of a FEN")
            .help("Remove the extra text; EPD operations and comments do not belong in a FEN."),
        );
    }
    if groups < GROUP_NAMES.len() {
        report_missing_fields(cx, groups, last_field);
    }

    if !rest.is_empty() {
        let span = cx.token(SyntaxKind::Whitespace, rest);
        cx.report(
            Diagnostic::new(
                Code::WhitespaceTrailing,
                format!("whitespace `{}` after the FEN, expected none", shown(rest)),
            )
            .primary(span, "trailing whitespace")
            .help("Remove the whitespace after the last field.")
            .with_fix(span, ""),
        );
    }
}

impl<'a> Cx<'a> {
    fn source_text(&self, span: Span) -> &'a str {
        let start = span.start.saturating_sub(self.base);
        let end = span.end.saturating_sub(self.base);
        self.source.get(start..end).unwrap_or_default()
    }
}

/// Describes a run of whitespace in words, for the separator label.
fn describe_whitespace(sep: &str) -> String {
    if sep.chars().all(|c| c == ' ') {
        format!("{} spaces", sep.len())
    } else if sep.contains('\t') {
        "tab".to_owned()
    } else {
        "not an ASCII space".to_owned()
    }
}

/// `fen::fields::missing` when the FEN stops before the fullmove number; `present` of the six
/// groups were given, ending with `last_field`.
fn report_missing_fields(cx: &mut Cx<'_>, present: usize, last_field: &str) {
    let missing = GROUP_NAMES.get(present..).unwrap_or_default();
    let example = [" w", " -", " -", " 0", " 1"]
        .get(present.saturating_sub(1)..)
        .unwrap_or_default()
        .concat();
    // A label on the last field given: miette cannot show an empty span at the end of the text.
    let span = cx.span(last_field);
    let plural = if missing.len() == 1 {
        "field"
    } else {
        "fields"
    };
    cx.report(
        Diagnostic::new(
            Code::FieldsMissing,
            format!(
                "FEN has {present} of 6 fields, expected also the {}",
                join_names(missing)
            ),
        )
        .primary(span, format!("{} {plural} missing after this", missing.len()))
        .help(format!(
            "Readers assume defaults for missing fields; write them out, such as `{}`, so that every tool reads the same position.",
            example.trim_start()
        )),
    );
}

fn join_names(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A leading U+FEFF, kept as trivia with `fen::input::byte_order_mark`; returns the rest.
fn byte_order_mark<'a>(cx: &mut Cx<'a>, input: &'a str) -> &'a str {
    let Some(rest) = input.strip_prefix('\u{feff}') else {
        return input;
    };
    let bom = input
        .get(..input.len().saturating_sub(rest.len()))
        .unwrap_or_default();
    let span = cx.token(SyntaxKind::ByteOrderMark, bom);
    cx.report(
        Diagnostic::new(
            Code::InputByteOrderMark,
            "byte-order mark U+FEFF before the FEN, expected none",
        )
        .primary(span, "invisible byte-order mark")
        .help("Save the file as UTF-8 without a byte-order mark, or remove the mark.")
        .with_fix(span, ""),
    );
    rest
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::*;

    /// Parses with the fast paths turned off: the general productions only.
    fn parse_general(input: &str) -> Parse<'_> {
        let mut cx = Cx::new(input, 0);
        cx.fast_paths = false;
        fen(&mut cx, input);
        cx.finish_parse()
    }

    /// The fast paths are an optimisation only: for valid FENs of every dialect and for seeded
    /// one- and two-byte mutations of them, they build the same tree and report the same
    /// diagnostics as the general productions.
    #[test]
    fn fast_paths_build_what_the_general_productions_build() {
        const SEEDS: [&str; 8] = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 3 9",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "r2q1rk1/ppp2ppp/5p2/b7/8/P1NPB2b/1PP1QP1P/R3R1K1/NNPPbnp b - - 0 16",
            "rkn2Q~N1/pppq4/5P2/8/1P1P1n2/5B1P/PPPN1PpP/R3K1R1/RBBBPPq b Q - 0 43",
            "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 3",
            "rnb1k1nr/pppp1ppp/8/4p3/3PP2q/2N5/PP3PPP/R1BQKBNR w KQkq - 1 5 +0+2",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        ];
        const ALPHABET: &[u8] = b"pnbrqkPNBRQK0123456789/~[]-+ \twbKQkqAHah";
        let check = |input: &str| {
            let (fast, general) = (parse(input), parse_general(input));
            assert_eq!(fast.tree().dump(), general.tree().dump(), "{input:?}");
            assert_eq!(fast.diagnostics(), general.diagnostics(), "{input:?}");
        };
        let mut rng = fastrand::Rng::with_seed(0x5eed);
        for seed in SEEDS {
            check(seed);
            for _ in 0..2500 {
                let mut bytes = seed.as_bytes().to_vec();
                for _ in 0..rng.usize(1..=2) {
                    let at = rng.usize(..=bytes.len());
                    let byte = ALPHABET[rng.usize(..ALPHABET.len())];
                    match rng.u8(..3) {
                        0 if at < bytes.len() => bytes[at] = byte,
                        1 if at < bytes.len() => {
                            bytes.remove(at);
                        }
                        _ => bytes.insert(at, byte),
                    }
                }
                check(std::str::from_utf8(&bytes).unwrap());
            }
        }
    }

    /// The path for input over 4 GiB, exercised on a short input (allocating 4 GiB in a test is
    /// not an option): one error token covering everything, one diagnostic.
    #[test]
    fn input_too_long_is_one_error_token() {
        let input = "8/8/8/8/8/8/8/8 w - - 0 1";
        let parse = too_long(input, 10);
        assert_eq!(parse.tree().to_string(), input);
        assert_eq!(parse.tree().root().span(), Span::new(10, 10 + input.len()));
        let tokens: Vec<_> = parse.tree().tokens().collect();
        assert_eq!(tokens.len(), 1);
        assert_eq!(tokens[0].kind(), SyntaxKind::Error);
        assert_eq!(tokens[0].text(), input);
        let [diagnostic] = parse.diagnostics() else {
            panic!("{:?}", parse.diagnostics())
        };
        assert_eq!(diagnostic.code(), Code::InputTooLong);
        assert_eq!(diagnostic.span(), Span::new(10, 10 + input.len()));
    }

    #[test]
    fn base_offsets_near_the_end_of_usize_do_not_overflow() {
        // The base is lowered so that the FEN's last byte ends at `usize::MAX`.
        let parse = parse_at("8/8 x", usize::MAX - 2);
        assert_eq!(parse.tree().to_string(), "8/8 x");
        assert_eq!(parse.tree().base(), usize::MAX - 5);
        assert_eq!(parse.tree().root().span().end, usize::MAX);
        let side = parse
            .diagnostics()
            .iter()
            .find(|d| d.code() == Code::SideToMoveInvalid)
            .map(Diagnostic::span);
        assert_eq!(side, Some(Span::new(usize::MAX - 1, usize::MAX)));
    }
}
