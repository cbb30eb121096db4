//! The parsing context (the input, the tree under construction and the diagnostics so far) and
//! the crate's own nom combinators that build the tree from it: [`token`], [`node`],
//! [`recover`] and [`ascii`].
//!
//! Every production is a nom parser over `&str`, the text of the input that is left. The
//! context is shared by reference between the productions of one parse; what they build goes
//! into it through interior mutability, so that productions compose as nom parsers do. A
//! production appends to the tree only once it has recognised its text, and [`node`] takes back
//! what a failed production appended, so that a failed alternative leaves nothing behind.
//!
//! nom 8 runs a parser whose output its caller drops (the first of `preceded`, the items of
//! `many0_count`, …) without making that output, and so without calling its `map` closures.
//! What builds the tree therefore never sits in a `map`: [`token`], [`recover`], [`node`] and
//! the productions are functions, which nom always runs in full, and the parsers handed to
//! [`token`] and [`recover`] only recognise text.

use std::cell::{Cell, RefCell};

use nom::combinator::recognize;
use nom::{IResult, Offset, Parser};

use crate::Span;
use crate::diagnostics::text::{characters, push_shown};
use crate::diagnostics::{Code, Diagnostic, MAX_DIAGNOSTICS};
use crate::syntax::{Open, SyntaxKind, SyntaxTree, TreeBuilder};

/// Why a production did not match: nothing more. The productions are tolerant, so a failure
/// only tells an alternative that it does not apply; what went wrong is said by the
/// diagnostics of the alternative that does.
pub(crate) type Failure = ();

/// What every production returns: the input left and its output, or a [`Failure`].
pub(crate) type PResult<'a, O> = IResult<&'a str, O, Failure>;

/// A production: a nom parser over the text that is left, with output `O`.
pub(crate) trait Production<'a, O>: Parser<&'a str, Output = O, Error = Failure> {}

impl<'a, O, P> Production<'a, O> for P where P: Parser<&'a str, Output = O, Error = Failure> {}

/// The parsing context: the input, the tree under construction and the diagnostics so far.
pub(crate) struct Cx<'a> {
    source: &'a str,
    /// The part of the source whose end the diagnostics refer to (see [`Cx::set_scope`]).
    scope: Cell<&'a str>,
    base: usize,
    tree: RefCell<TreeBuilder>,
    diagnostics: RefCell<Vec<Diagnostic>>,
    /// How many diagnostics were dropped past [`MAX_DIAGNOSTICS`].
    suppressed: Cell<usize>,
}

impl<'a> Cx<'a> {
    pub(super) fn new(source: &'a str, base: usize) -> Cx<'a> {
        // Spans are `usize` offsets; a base so large that the FEN's end would overflow is
        // lowered so that every offset fits.
        let base = base.min(usize::MAX.saturating_sub(source.len()));
        Cx {
            source,
            scope: Cell::new(source),
            base,
            tree: RefCell::new(TreeBuilder::new(base, source.len())),
            diagnostics: RefCell::new(Vec::new()),
            suppressed: Cell::new(0),
        }
    }

    /// Makes `text`, a slice of the input, the part whose end the diagnostics refer to: an
    /// empty label there is widened to its last character, and the note on suppressed problems
    /// points there. The position fields of an EPD record and the value of a PGN tag pair are
    /// read with their own text as the scope, so that their diagnostics are those of the same
    /// text parsed as a FEN.
    pub(super) fn set_scope(&self, text: &'a str) {
        self.scope.set(text);
    }

    /// The offset of `text`, a slice of the input, from the input's start.
    fn offset(&self, text: &str) -> u32 {
        // Within the input, which is at most `MAX_INPUT_LEN` (`u32::MAX`) bytes long.
        u32::try_from(self.source.offset(text)).unwrap_or(u32::MAX)
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

    /// The text of `span`, an absolute span of the input; empty outside it.
    pub(crate) fn source_text(&self, span: Span) -> &'a str {
        let start = span.start.saturating_sub(self.base);
        let end = span.end.saturating_sub(self.base);
        self.source.get(start..end).unwrap_or_default()
    }

    /// Appends a token of `kind` covering `text`, a slice of the input that starts where the
    /// last token ended; returns its span.
    pub(crate) fn token(&self, kind: SyntaxKind, text: &str) -> Span {
        let start = self.offset(text);
        let mut tree = self.tree.borrow_mut();
        tree.token(kind, start, text.len());
        tree.span(start, text.len())
    }

    /// Appends a token of `kind` covering the text of `input` before `rest` (both slices of the
    /// input, `rest` a suffix of `input`); returns its span.
    pub(crate) fn token_before(&self, kind: SyntaxKind, input: &str, rest: &str) -> Span {
        let start = self.offset(input);
        let len = input.len().saturating_sub(rest.len());
        let mut tree = self.tree.borrow_mut();
        tree.token(kind, start, len);
        tree.span(start, len)
    }

    /// Starts a composite node of `kind` at `at`, a slice of the input.
    pub(crate) fn start(&self, kind: SyntaxKind, at: &str) -> Open {
        let start = self.offset(at);
        self.tree.borrow_mut().start(kind, start)
    }

    /// Finishes a composite node after the last node appended.
    pub(crate) fn finish(&self, open: Open) {
        self.tree.borrow_mut().finish(open);
    }

    /// Drops the node `open` and everything appended since it was started.
    fn abandon(&self, open: Open) {
        self.tree.borrow_mut().abandon(open);
    }

    /// Whether the diagnostic about to be built would be dropped (the limit is reached); if so,
    /// it is counted as suppressed. Reporters that can fire once per byte check this first, so
    /// that a huge garbage line does not build millions of messages only to drop them.
    pub(crate) fn full(&self) -> bool {
        let full = self.diagnostics.borrow().len() >= MAX_DIAGNOSTICS;
        if full {
            self.suppressed.set(self.suppressed.get().saturating_add(1));
        }
        full
    }

    /// Adds `diagnostic`, or counts it as suppressed past [`MAX_DIAGNOSTICS`].
    pub(crate) fn report(&self, mut diagnostic: Diagnostic) {
        // miette shows no label at an empty span at the very end of the text; point such a
        // label at the last character instead.
        let scope = self.scope.get();
        let end = self.span(scope).end;
        if diagnostic.has_empty_label_at(end)
            && let Some(last) = scope.chars().next_back()
        {
            diagnostic.widen_empty_labels(end, last.len_utf8());
        }
        let mut diagnostics = self.diagnostics.borrow_mut();
        if diagnostics.len() < MAX_DIAGNOSTICS {
            diagnostics.push(diagnostic);
        } else {
            self.suppressed.set(self.suppressed.get().saturating_add(1));
        }
    }

    /// Takes back the fixes of the diagnostics of `code` reported so far within `span`: what
    /// they were made for turned out, once read further, not to be what it seemed.
    pub(crate) fn withdraw_fixes(&self, code: Code, span: Span) {
        for diagnostic in self.diagnostics.borrow_mut().iter_mut() {
            let at = diagnostic.span();
            if diagnostic.code() == code && span.start <= at.start && at.end <= span.end {
                diagnostic.drop_fix();
            }
        }
    }

    /// Reports `code` for the invalid characters at `span` (unless the report is full): the
    /// message is `before`, "character" or "characters", the text escaped in backquotes, then
    /// `after`; `help` chooses the help from the text.
    pub(crate) fn report_invalid_characters(
        &self,
        span: Span,
        code: Code,
        (before, after): (&str, &str),
        label: &'static str,
        help: impl FnOnce(&str) -> &'static str,
    ) {
        if self.full() {
            return;
        }
        let text = self.source_text(span);
        let mut message = [before, characters(text), " `"].concat();
        push_shown(&mut message, text);
        message.push('`');
        message.push_str(after);
        self.report(
            Diagnostic::new(code, message)
                .primary(span, label)
                .help(help(text)),
        );
    }

    /// The tree, and the diagnostics ordered by position, with the note on those suppressed,
    /// if any.
    pub(super) fn into_parts(self) -> (SyntaxTree<'a>, Vec<Diagnostic>) {
        let mut diagnostics = self.diagnostics.into_inner();
        diagnostics.sort_by_key(Diagnostic::span);
        let suppressed = self.suppressed.get();
        if suppressed > 0 {
            let scope = self.scope.get();
            let end = Span::empty(
                self.base
                    .saturating_add(self.source.offset(scope))
                    .saturating_add(scope.len()),
            );
            diagnostics.push(crate::diagnostics::too_many_problems(
                suppressed,
                crate::diagnostics::FEN,
                end,
            ));
        }
        (self.tree.into_inner().finish_tree(self.source), diagnostics)
    }
}

/// One ASCII character for which `accept` holds, read as a byte: every character a terminal of
/// the grammar names is ASCII, so none is decoded. The output is the byte.
pub(crate) fn ascii<'a>(accept: impl Fn(u8) -> bool) -> impl Production<'a, u8> {
    move |input: &'a str| match input.as_bytes().first() {
        Some(&byte) if byte.is_ascii() && accept(byte) => {
            Ok((input.get(1..).unwrap_or_default(), byte))
        }
        _ => Err(nom::Err::Error(())),
    }
}

/// Runs `parser`, a recogniser, and appends a token of `kind` covering the text it recognised;
/// the token's span is the output.
pub(crate) fn token<'c, 'a: 'c, O>(
    cx: &'c Cx<'a>,
    kind: SyntaxKind,
    mut parser: impl Production<'a, O> + 'c,
) -> impl Production<'a, Span> + 'c {
    move |input: &'a str| {
        let (rest, _) = parser.parse(input)?;
        Ok((rest, cx.token_before(kind, input, rest)))
    }
}

/// Runs `parser` inside a composite node of `kind` that starts where the input does; when
/// `parser` fails, what it appended is taken back.
pub(crate) fn node<'c, 'a: 'c, O>(
    cx: &'c Cx<'a>,
    kind: SyntaxKind,
    mut parser: impl Production<'a, O> + 'c,
) -> impl Production<'a, O> + 'c {
    move |input: &'a str| {
        let open = cx.start(kind, input);
        match parser.parse(input) {
            Ok(done) => {
                cx.finish(open);
                Ok(done)
            }
            Err(error) => {
                cx.abandon(open);
                Err(error)
            }
        }
    }
}

/// Error recovery: the text that `sync` recognises, where the grammar expected something
/// else, becomes an [`SyntaxKind::Error`] token, and `report` says what was expected there.
///
/// This is the recovery expression of a labelled failure in a parsing expression grammar
/// (Medeiros & Mascarenhas, "Syntax error recovery in parsing expression grammars", 2018):
/// `sync` skips to the next point where the production can go on, so that one pass reports
/// every independent problem and the tree still covers every byte. `report` gets the error
/// token's span and text.
pub(crate) fn recover<'c, 'a: 'c, O>(
    cx: &'c Cx<'a>,
    sync: impl Production<'a, O> + 'c,
    report: impl Fn(&Cx<'a>, Span, &'a str) + 'c,
) -> impl Production<'a, Span> + 'c {
    let mut text = recognize(sync);
    move |input: &'a str| {
        let (rest, text) = text.parse(input)?;
        let span = cx.token(SyntaxKind::Error, text);
        report(cx, span, text);
        Ok((rest, span))
    }
}

/// Runs the tolerant production `parser` over `field`, the whole text of one field. Tolerant
/// productions read every byte of their field (their last alternative is a [`recover`]); the
/// tree covers every byte even if one did not, its rest an error token (debug builds assert
/// that none is left).
pub(crate) fn whole_field<'a>(cx: &Cx<'a>, field: &'a str, mut parser: impl Production<'a, ()>) {
    let rest = match parser.parse(field) {
        Ok((rest, ())) => rest,
        Err(_) => field,
    };
    debug_assert!(rest.is_empty(), "a tolerant production left {rest:?}");
    if !rest.is_empty() {
        cx.token(SyntaxKind::Error, rest);
    }
}
