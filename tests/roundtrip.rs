//! Seeded property tests: whatever the input, the parser must not panic, the tree must print back
//! to the input, spans must nest and tile the input, and diagnostics must be well formed.
//!
//! Three sources of inputs: a hand-picked list of tricky strings, random bytes (raw, and through
//! `arbitrary::Unstructured`), and near-FEN strings built by an `Arbitrary` generator. Every test
//! is bounded by its case count and seeded, so a failure reproduces. On failure the input is
//! minimised (by deleting characters while the same invariant still fails) and every distinct
//! broken invariant is listed with its smallest input.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use arbitrary::{Arbitrary, Unstructured};
use fenlint::{Diagnostic, Parse, Span, SyntaxKind, SyntaxNode};

/// The base offset used for the `parse_at` variant: nonzero, and not a multiple of anything
/// interesting.
const BASE: usize = 1013;

/// The most diagnostics one parse may return: 64 reported plus one "more problems" summary.
const MAX_DIAGNOSTICS: usize = 65;

/// The number of cases for a test: `base` times `FENLINT_ROUNDTRIP_SCALE` (default 1), so that a
/// longer run is one environment variable away.
fn cases(base: usize) -> usize {
    let scale = std::env::var("FENLINT_ROUNDTRIP_SCALE")
        .ok()
        .and_then(|scale| scale.parse::<usize>().ok())
        .unwrap_or(1);
    base * scale.max(1)
}

/// A seed for the random tests: `base`, mixed with `FENLINT_ROUNDTRIP_SEED` if set, so that a
/// longer run can also explore other cases. Failures print the inputs, not the seed.
fn seed(base: u64) -> u64 {
    let extra = std::env::var("FENLINT_ROUNDTRIP_SEED")
        .ok()
        .and_then(|seed| seed.parse::<u64>().ok())
        .unwrap_or(0);
    base ^ extra.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// One broken invariant: which one (used to group failures and to guide minimisation), and the
/// details.
#[derive(Debug)]
struct Violation {
    invariant: &'static str,
    detail: String,
}

type Checked = Result<(), Violation>;

fn fail(invariant: &'static str, detail: impl Into<String>) -> Checked {
    Err(Violation {
        invariant,
        detail: detail.into(),
    })
}

macro_rules! ensure {
    ($cond:expr, $invariant:literal, $($detail:tt)+) => {
        if !$cond {
            return fail($invariant, format!($($detail)+));
        }
    };
}

// ---------------------------------------------------------------------------------------------
// The invariants
// ---------------------------------------------------------------------------------------------

/// Every invariant, at base 0 and at a nonzero base, plus agreement between the two parses.
fn check_invariants(input: &str) -> Checked {
    guarded(|| {
        let at_zero = fenlint::parse(input);
        check_parse(input, 0, &at_zero, true)?;
        let shifted = fenlint::parse_at(input, BASE);
        check_parse(input, BASE, &shifted, true)?;
        check_shift(&at_zero, &shifted, BASE)
    })
}

/// Every invariant for `parse_at(input, base)`.
fn check_invariants_at(input: &str, base: usize) -> Checked {
    guarded(|| check_parse(input, base, &fenlint::parse_at(input, base), true))
}

/// Runs `check`, turning a panic into a violation.
fn guarded(check: impl FnOnce() -> Checked) -> Checked {
    match catch_unwind(AssertUnwindSafe(check)) {
        Ok(result) => result,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "<non-string panic payload>".to_owned());
            fail("no panic", message)
        }
    }
}

fn check_parse(input: &str, base: usize, parse: &Parse<'_>, apply_fixes: bool) -> Checked {
    let tree = parse.tree();
    let end = base + input.len();

    // Lossless round trip.
    let printed = tree.to_string();
    ensure!(
        printed == input,
        "lossless round trip",
        "tree prints {printed:?}"
    );
    ensure!(
        tree.source() == input,
        "lossless round trip",
        "source() is {:?}",
        tree.source()
    );
    ensure!(
        tree.base() == base,
        "lossless round trip",
        "base() is {}",
        tree.base()
    );

    // Tokens tile base..end: contiguous, non-empty, in order.
    let mut cursor = base;
    for token in tree.tokens() {
        let span = token.span();
        ensure!(
            span.start == cursor,
            "tokens contiguous",
            "token {token:?} starts at {}, expected {cursor}",
            span.start
        );
        ensure!(
            !span.is_empty(),
            "tokens non-empty",
            "empty token {token:?}"
        );
        ensure!(
            token.children().next().is_none(),
            "tokens are leaves",
            "token {token:?} has children"
        );
        cursor = span.end;
    }
    ensure!(
        cursor == end,
        "tokens contiguous",
        "tokens end at {cursor}, expected {end}"
    );

    // Node spans nest, and children are in order.
    let root = tree.root();
    ensure!(
        root.kind() == SyntaxKind::Fen,
        "tree shape",
        "root is {:?}",
        root.kind()
    );
    ensure!(
        root.span() == Span::new(base, end),
        "tree shape",
        "root spans {}, expected {base}..{end}",
        root.span()
    );
    let mut leaves = 0;
    check_node(root, &mut leaves)?;
    check_shape(root)?;
    let tokens = tree.tokens().count();
    ensure!(
        leaves == tokens,
        "tree shape",
        "walking the tree finds {leaves} tokens, tokens() yields {tokens}"
    );

    // Diagnostics.
    let diagnostics = parse.diagnostics();
    ensure!(
        diagnostics.len() <= MAX_DIAGNOSTICS,
        "at most 65 diagnostics",
        "{} diagnostics",
        diagnostics.len()
    );
    for pair in diagnostics.windows(2) {
        if let [a, b] = pair {
            ensure!(
                a.span() <= b.span(),
                "diagnostics ordered by position",
                "{} at {} before {} at {}",
                a.code().name(),
                a.span(),
                b.code().name(),
                b.span()
            );
        }
    }
    for diagnostic in diagnostics {
        check_diagnostic(input, base, diagnostic)?;
        ensure!(
            diagnostic.severity() == diagnostic.code().default_severity(),
            "default severity",
            "{} has severity {}",
            diagnostic.code().name(),
            diagnostic.severity()
        );
        if let Some(fix) = diagnostic.fix() {
            let Some(fixed) = fix.apply(input, base) else {
                return fail(
                    "fixes apply",
                    format!(
                        "fix of {} replaces {} with {:?}",
                        diagnostic.code().name(),
                        fix.span(),
                        fix.replacement()
                    ),
                );
            };
            if apply_fixes {
                let reparsed = guarded(|| {
                    let parse = fenlint::parse_at(&fixed, base);
                    check_parse(&fixed, base, &parse, false)
                });
                if let Err(violation) = reparsed {
                    return fail(
                        "fixed text re-parses",
                        format!(
                            "fix of {} gives {fixed:?}, which breaks `{}`: {}",
                            diagnostic.code().name(),
                            violation.invariant,
                            violation.detail
                        ),
                    );
                }
            }
        }
    }

    check_accessors(parse)
}

/// The node's children lie within it, in order, and tile it exactly.
fn check_node(node: SyntaxNode<'_, '_>, leaves: &mut usize) -> Checked {
    let span = node.span();
    if node.kind().is_token() {
        *leaves += 1;
        return Ok(());
    }
    let mut cursor = span.start;
    for child in node.children() {
        let child_span = child.span();
        ensure!(
            child_span.start >= span.start && child_span.end <= span.end,
            "children within parent",
            "{child:?} is outside its parent {node:?}"
        );
        ensure!(
            child_span.start >= cursor,
            "children in order",
            "{child:?} starts before its previous sibling ends at {cursor} in {node:?}"
        );
        ensure!(
            child_span.start == cursor,
            "children tile parent",
            "gap before {child:?} (previous ends at {cursor}) in {node:?}"
        );
        cursor = child_span.end;
        check_node(child, leaves)?;
    }
    ensure!(
        cursor == span.end,
        "children tile parent",
        "children of {node:?} end at {cursor}"
    );
    Ok(())
}

/// The children a node of each kind may have, by kind name (names keep the table independent of
/// kinds added later; a parent not listed here is not checked).
const SHAPE: &[(&str, &[&str])] = &[
    (
        "FEN",
        &[
            "BYTE_ORDER_MARK",
            // Words before the FEN (`fen::input::text_before`, `fen::input::uci_startpos`) and
            // a line's text past the length limit.
            "ERROR",
            "WHITESPACE",
            "PLACEMENT",
            "HOLDINGS",
            "SIDE_TO_MOVE",
            "CASTLING",
            "EN_PASSANT",
            "REMAINING_CHECKS",
            "HALFMOVE_CLOCK",
            "FULLMOVE_NUMBER",
            "GIVEN_CHECKS",
            "EXTRA_FIELDS",
        ],
    ),
    ("PLACEMENT", &["RANK", "SLASH"]),
    ("RANK", &["SQUARES", "PROMOTED_MARKER", "ERROR"]),
    (
        "HOLDINGS",
        &[
            "OPEN_BRACKET",
            "CLOSE_BRACKET",
            "SLASH",
            "PIECE",
            "DASH",
            "ERROR",
        ],
    ),
    ("SIDE_TO_MOVE", &["COLOR", "ERROR"]),
    ("CASTLING", &["CASTLING_RIGHT", "DASH", "ERROR"]),
    ("EN_PASSANT", &["SQUARE", "DASH", "ERROR"]),
    ("REMAINING_CHECKS", &["CHECK_COUNT", "PLUS", "ERROR"]),
    ("GIVEN_CHECKS", &["CHECK_COUNT", "PLUS", "ERROR"]),
    ("HALFMOVE_CLOCK", &["NUMBER", "ERROR"]),
    ("FULLMOVE_NUMBER", &["NUMBER", "ERROR"]),
    ("EXTRA_FIELDS", &["ERROR", "WHITESPACE"]),
];

/// The order of the root's field nodes, as in the grammar.
const FIELD_ORDER: &[&str] = &[
    "PLACEMENT",
    "HOLDINGS",
    "SIDE_TO_MOVE",
    "CASTLING",
    "EN_PASSANT",
    "REMAINING_CHECKS",
    "HALFMOVE_CLOCK",
    "FULLMOVE_NUMBER",
    "GIVEN_CHECKS",
    "EXTRA_FIELDS",
];

/// Node kinds nest as the grammar says: fields under the root in grammar order, each at most
/// once; ranks and slashes alternating in the placement; only tokens a group can hold in it.
fn check_shape(node: SyntaxNode<'_, '_>) -> Checked {
    let parent = node.kind().name();
    if let Some((_, allowed)) = SHAPE.iter().find(|(kind, _)| *kind == parent) {
        for child in node.children() {
            ensure!(
                allowed.contains(&child.kind().name()),
                "node kinds",
                "{child:?} under {node:?}"
            );
        }
    }
    match node.kind() {
        SyntaxKind::Fen => {
            let mut last = None;
            let mut previous = None;
            for child in node.children() {
                let name = child.kind().name();
                if let Some(position) = FIELD_ORDER.iter().position(|field| *field == name) {
                    ensure!(
                        last.is_none_or(|last| position > last),
                        "field order",
                        "{child:?} after {previous:?}"
                    );
                    ensure!(
                        position != 1
                            || previous.is_some_and(
                                |p: SyntaxNode<'_, '_>| p.kind() == SyntaxKind::Placement
                            ),
                        "field order",
                        "holdings {child:?} not right after the placement"
                    );
                    last = Some(position);
                }
                previous = Some(child);
            }
        }
        SyntaxKind::Placement => {
            for (i, child) in node.children().enumerate() {
                let expected = if i % 2 == 0 {
                    SyntaxKind::Rank
                } else {
                    SyntaxKind::Slash
                };
                ensure!(
                    child.kind() == expected,
                    "ranks and slashes alternate",
                    "{child:?} at position {i} of {node:?}"
                );
            }
            ensure!(
                node.children()
                    .last()
                    .is_none_or(|last| last.kind() == SyntaxKind::Rank),
                "ranks and slashes alternate",
                "{node:?} ends with a slash"
            );
        }
        SyntaxKind::Rank => {
            let mut previous: Option<SyntaxNode<'_, '_>> = None;
            for child in node.children() {
                let after_squares = previous.filter(|p| p.kind() == SyntaxKind::Squares);
                match child.kind() {
                    SyntaxKind::Squares => {
                        ensure!(
                            !child.text().is_empty()
                                && child.text().bytes().all(|b| {
                                    b.is_ascii_digit() || b"PNBRQKpnbrqk".contains(&b)
                                }),
                            "squares are piece letters and digits",
                            "{child:?} in {node:?}"
                        );
                        ensure!(
                            after_squares.is_none(),
                            "squares are maximal runs",
                            "{child:?} right after another run in {node:?}"
                        );
                    }
                    SyntaxKind::PromotedMarker => ensure!(
                        after_squares.is_some_and(|run| run
                            .text()
                            .bytes()
                            .last()
                            .is_some_and(|b| b.is_ascii_alphabetic())),
                        "a promoted marker follows a piece",
                        "{child:?} in {node:?}"
                    ),
                    _ => {}
                }
                previous = Some(child);
            }
        }
        _ => {}
    }
    node.children().try_for_each(check_shape)
}

/// Labels point into the input at char boundaries; message and help follow the style rules.
fn check_diagnostic(input: &str, base: usize, diagnostic: &Diagnostic) -> Checked {
    let name = diagnostic.code().name();
    ensure!(
        fenlint::Code::from_name(name) == Some(diagnostic.code()),
        "code names round trip",
        "{name}"
    );
    let end = base + input.len();
    ensure!(
        !diagnostic.labels().is_empty(),
        "labels",
        "{name} has no label"
    );
    ensure!(
        diagnostic
            .labels()
            .first()
            .is_some_and(|label| label.is_primary()),
        "labels",
        "{name}: first label is not primary"
    );
    for label in diagnostic.labels() {
        let span = label.span();
        ensure!(
            span.start >= base && span.end <= end && span.start <= span.end,
            "label spans within input",
            "{name}: label {span} outside {base}..{end}"
        );
        ensure!(
            input.is_char_boundary(span.start - base) && input.is_char_boundary(span.end - base),
            "label spans on char boundaries",
            "{name}: label {span} splits a character"
        );
    }

    let message = diagnostic.message();
    let Some(first) = message.chars().next() else {
        return fail("message style", format!("{name}: empty message"));
    };
    ensure!(
        first == '`' || message.starts_with("FEN") || !first.is_uppercase(),
        "message style",
        "{name}: message starts with a capital: {message:?}"
    );
    ensure!(
        !first.is_whitespace() && !message.ends_with(char::is_whitespace),
        "message style",
        "{name}: message has surrounding whitespace: {message:?}"
    );
    ensure!(
        !message.ends_with('.'),
        "message style",
        "{name}: message ends with a full stop: {message:?}"
    );
    if let Some(help) = diagnostic.help_text() {
        ensure!(
            help.ends_with('.') || help.ends_with(')'),
            "help style",
            "{name}: help does not end with `.` or `)`: {help:?}"
        );
    }
    if let Some(fix) = diagnostic.fix() {
        let span = fix.span();
        ensure!(
            span.start >= base && span.end <= end,
            "fix spans within input",
            "{name}: fix {span} outside {base}..{end}"
        );
    }
    Ok(())
}

/// Every typed accessor, called for its side effect of not panicking, with light consistency
/// checks against the text.
fn check_accessors(parse: &Parse<'_>) -> Checked {
    let tree = parse.tree();
    if let Some(placement) = tree.placement() {
        let _ = placement.span();
        let _ = placement.has_errors();
        for rank in placement.ranks() {
            let width = rank.width();
            let items = rank.items().count();
            ensure!(
                width <= 9 * rank.text().len(),
                "accessors",
                "rank {:?} has width {width}",
                rank.text()
            );
            ensure!(
                items <= rank.text().len(),
                "accessors",
                "rank {:?} has {items} items",
                rank.text()
            );
        }
    }
    if let Some(holdings) = tree.holdings() {
        let _ = holdings.form();
        for (piece, span) in holdings.pieces() {
            let text = tree.text(span);
            ensure!(
                text.starts_with(piece.letter()),
                "accessors",
                "holding {piece:?} at {span} is {text:?}"
            );
        }
    }
    if let Some(side) = tree.side_to_move()
        && let Some(color) = side.color()
    {
        ensure!(
            side.text() == color.letter().to_string(),
            "accessors",
            "side to move {:?} read as {color:?}",
            side.text()
        );
    }
    if let Some(castling) = tree.castling() {
        let _ = castling.notation();
        let _ = castling.is_none();
        for right in castling.rights() {
            let _ = (right.color(), right.side());
            ensure!(
                tree.text(right.span()).starts_with(right.letter()),
                "accessors",
                "castling right {:?} at {}",
                right.letter(),
                right.span()
            );
        }
    }
    if let Some(en_passant) = tree.en_passant() {
        let _ = en_passant.is_none();
        if let Some(square) = en_passant.square() {
            ensure!(
                en_passant.text() == square.to_string(),
                "accessors",
                "en passant {:?} read as {square}",
                en_passant.text()
            );
        }
    }
    for counter in [tree.halfmove_clock(), tree.fullmove_number()]
        .into_iter()
        .flatten()
    {
        let value = counter.value();
        if counter.text().bytes().all(|b| b.is_ascii_digit()) && counter.text().len() < 19 {
            ensure!(
                value == counter.text().parse().ok(),
                "accessors",
                "counter {:?} read as {value:?}",
                counter.text()
            );
        }
    }
    for checks in [tree.remaining_checks(), tree.given_checks()]
        .into_iter()
        .flatten()
    {
        let _ = (checks.form(), checks.white(), checks.black());
        let _ = checks.count_spans();
    }
    let _ = tree.extra_fields().map(|node| node.text());
    let _ = tree.dialect();
    let _ = tree.dump();
    let _ = parse.has_errors();
    Ok(())
}

/// `parse_at(input, base)` is `parse(input)` with every span moved by `base`.
fn check_shift(at_zero: &Parse<'_>, shifted: &Parse<'_>, base: usize) -> Checked {
    let moved = |span: Span| Span::new(span.start + base, span.end + base);
    let zero_tokens: Vec<_> = at_zero
        .tree()
        .tokens()
        .map(|t| (t.kind(), moved(t.span())))
        .collect();
    let shifted_tokens: Vec<_> = shifted
        .tree()
        .tokens()
        .map(|t| (t.kind(), t.span()))
        .collect();
    ensure!(
        zero_tokens == shifted_tokens,
        "base offset only shifts spans",
        "tokens differ at base {base}"
    );
    let (a, b) = (at_zero.diagnostics(), shifted.diagnostics());
    ensure!(
        a.len() == b.len(),
        "base offset only shifts spans",
        "{} diagnostics at base 0, {} at base {base}",
        a.len(),
        b.len()
    );
    for (x, y) in a.iter().zip(b) {
        let x_labels: Vec<_> = x.labels().iter().map(|l| moved(l.span())).collect();
        let y_labels: Vec<_> = y.labels().iter().map(|l| l.span()).collect();
        ensure!(
            x.code() == y.code() && x_labels == y_labels,
            "base offset only shifts spans",
            "{} {:?} at base 0 vs {} {:?} at base {base}",
            x.code().name(),
            x_labels,
            y.code().name(),
            y_labels
        );
        ensure!(
            x.fix().map(|f| (moved(f.span()), f.replacement()))
                == y.fix().map(|f| (f.span(), f.replacement())),
            "base offset only shifts spans",
            "fix of {} differs at base {base}",
            x.code().name()
        );
    }
    Ok(())
}

/// Checks the byte-level entry point: UTF-8 input parses like `parse`, anything else gives one
/// well-formed `fen::input::invalid_utf8` diagnostic at the first bad byte.
fn check_bytes(bytes: &[u8], base: usize) -> Checked {
    guarded(|| {
        match (
            std::str::from_utf8(bytes),
            fenlint::parse_bytes_at(bytes, base),
        ) {
            (Ok(text), Ok(parse)) => check_parse(text, base, &parse, true),
            (Ok(_), Err(diagnostic)) => fail(
                "parse_bytes accepts UTF-8",
                format!("rejected with {}", diagnostic.code().name()),
            ),
            (Err(_), Ok(_)) => fail("parse_bytes rejects bad UTF-8", "accepted"),
            (Err(error), Err(diagnostic)) => {
                let end = base + bytes.len();
                let span = diagnostic.span();
                ensure!(
                    diagnostic.code().name() == "fen::input::invalid_utf8",
                    "parse_bytes rejects bad UTF-8",
                    "code {}",
                    diagnostic.code().name()
                );
                ensure!(
                    span.start == base + error.valid_up_to() && !span.is_empty() && span.end <= end,
                    "parse_bytes rejects bad UTF-8",
                    "span {span}, first bad byte at {}",
                    base + error.valid_up_to()
                );
                for label in diagnostic.labels() {
                    ensure!(
                        label.span().start >= base && label.span().end <= end,
                        "label spans within input",
                        "label {} outside {base}..{end}",
                        label.span()
                    );
                }
                let message = diagnostic.message();
                ensure!(
                    !message.is_empty()
                        && !message.ends_with('.')
                        && !message.starts_with(char::is_uppercase),
                    "message style",
                    "{message:?}"
                );
                ensure!(
                    diagnostic
                        .help_text()
                        .is_none_or(|help| help.ends_with('.') || help.ends_with(')')),
                    "help style",
                    "{:?}",
                    diagnostic.help_text()
                );
                Ok(())
            }
        }
    })
}

// ---------------------------------------------------------------------------------------------
// Failure collection and minimisation
// ---------------------------------------------------------------------------------------------

/// Failures seen by one test, keyed by invariant: the smallest input found for each.
struct Failures {
    check: fn(&str) -> Checked,
    by_invariant: BTreeMap<&'static str, (String, String, usize)>,
}

impl Default for Failures {
    fn default() -> Failures {
        Failures::new(check_invariants)
    }
}

impl Failures {
    fn new(check: fn(&str) -> Checked) -> Failures {
        Failures {
            check,
            by_invariant: BTreeMap::new(),
        }
    }

    /// Checks `input`; on failure, minimises it and records it.
    fn check(&mut self, input: &str) {
        if let Err(violation) = (self.check)(input) {
            self.record(input, violation);
        }
    }

    fn record(&mut self, input: &str, violation: Violation) {
        let invariant = violation.invariant;
        let count = self.by_invariant.get(invariant).map_or(0, |entry| entry.2) + 1;
        let known = self.by_invariant.get(invariant).map(|entry| entry.0.len());
        // Minimise only when this input could beat the smallest one recorded so far.
        if known.is_some_and(|len| len <= input.len()) {
            if let Some(entry) = self.by_invariant.get_mut(invariant) {
                entry.2 = count;
            }
            return;
        }
        let minimal = minimise(input, |candidate| {
            (self.check)(candidate).is_err_and(|v| v.invariant == invariant)
        });
        let detail = (self.check)(&minimal)
            .err()
            .map_or(violation.detail, |v| v.detail);
        if known.is_none_or(|len| minimal.len() < len) {
            self.by_invariant
                .insert(invariant, (minimal, detail, count));
        } else if let Some(entry) = self.by_invariant.get_mut(invariant) {
            entry.2 = count;
        }
    }

    fn assert_none(self, test: &str) {
        if self.by_invariant.is_empty() {
            return;
        }
        let mut report = format!("{test}: invariants broken\n");
        for (invariant, (input, detail, count)) in &self.by_invariant {
            report.push_str(&format!(
                "  - `{invariant}` ({count} inputs); minimal input {input:?}: {detail}\n"
            ));
        }
        panic!("{report}");
    }
}

/// Deletes characters (in chunks, then one by one) while `fails` still holds.
fn minimise(input: &str, fails: impl Fn(&str) -> bool) -> String {
    let mut chars: Vec<char> = input.chars().collect();
    let mut chunk = chars.len().div_ceil(2).max(1);
    loop {
        let mut progress = false;
        let mut start = 0;
        while start < chars.len() {
            let stop = (start + chunk).min(chars.len());
            let candidate: String = chars[..start].iter().chain(&chars[stop..]).collect();
            if fails(&candidate) {
                chars.drain(start..stop);
                progress = true;
            } else {
                start += chunk;
            }
        }
        if chunk == 1 && !progress {
            break;
        }
        if !progress {
            chunk = chunk.div_ceil(2);
        }
    }
    // Then try simplifying each character to a plain one.
    for i in 0..chars.len() {
        for simpler in ['8', 'a', ' '] {
            if chars[i] == simpler {
                break;
            }
            let mut candidate = chars.clone();
            candidate[i] = simpler;
            let text: String = candidate.iter().collect();
            if fails(&text) {
                chars = candidate;
                break;
            }
        }
    }
    chars.into_iter().collect()
}

// ---------------------------------------------------------------------------------------------
// 1. Hand-picked inputs
// ---------------------------------------------------------------------------------------------

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const HAND_PICKED: &[&str] = &[
    "",
    " ",
    "   \t  ",
    "\t",
    "\n",
    "\r\n",
    "\u{a0}",
    "\u{feff}",
    START,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\r\n",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\r\nw\r\nKQkq - 0 1",
    "\u{feff}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\u{a0}w\u{a0}KQkq\u{a0}-\u{a0}0\u{a0}1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw\t\tKQkq -  0 1",
    "  \u{3000}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \u{2028}",
    // Multi-byte characters in every field.
    "é/ñ/8/8/8/8/8/8 é é é é é",
    "r🙂bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR 🙂 K🙂q e🙂 🙂 ١",
    "8/8/8/8/8/8/8/8[Qé🙂] w - - 0 1",
    "8/8/8/8/8/8/8/8/Ж w Жq ж3 0 1 +Ж+0",
    "8/8/8/8/8/8/8/8 w - - 0 1 3+é +é+é",
    // `~` in odd places.
    "~",
    "~8/8/8/8/8/8/8/8 w - - 0 1",
    "Q~~7/8/8/8/8/8/8/8 w - - 0 1",
    "8~/~/7~/8/8/8/8/8~ w ~ ~ ~ ~",
    "8/8/8/8/8/8/8/8[Q~] w - - 0 1",
    "8/8/8/8/8/8/8/8/~~ w - - 0 1",
    // Brackets in odd places.
    "[",
    "]",
    "[]",
    "[-]",
    "8/8/8/8/8/8/8/8[ w - - 0 1",
    "8/8/8/8/8/8/8/8] w - - 0 1",
    "8/8/8/8/8/8/8/8[[]] w - - 0 1",
    "8/8/8/8/8/8/8/8[-P] w - - 0 1",
    "8/8/8/8/8/8/8/8[]x w - - 0 1",
    "8/8/8[/8/8/8/8]/8 w - - 0 1",
    "8/8/8/8/8/8/8/8[Q]/q w - - 0 1",
    "8/8/8/8/8/8/8/8/[Q] w - - 0 1",
    // Slashes and rank counts.
    "/",
    "//",
    "///////",
    "////////",
    "8/8/8/8/8/8/8/8/ w - - 0 1",
    "8/8/8/8/8/8/8/8// w - - 0 1",
    "8/8//8/8/8/8/8 w - - 0 1",
    "8/8/8/8/8/8/8/8/8 w - - 0 1",
    "8/8/8/8/8/8/8/8/8/8 w - - 0 1",
    "8/8/8/8/8/8/8/8/P~ w - - 0 1",
    "44/17/71/0/9/18/81/8 w - - 0 1",
    "ppppppppp/8/8/8/8/8/8/8 w - - 0 1",
    // Plus signs and three-check counters.
    "+",
    "8/8/8/8/8/8/8/8 + + + + + +",
    "8/8/8/8/8/8/8/8 w - - ++",
    "8/8/8/8/8/8/8/8 w - - +3+3+3",
    "8/8/8/8/8/8/8/8 w - - 3+3+3 0 1",
    "8/8/8/8/8/8/8/8 w - - 3+3 3+3 0 1 +0+0 +0+0",
    "8/8/8/8/8/8/8/8 w - - 0 1 +99999999999999999999+0",
    "8/8/8/8/8/8/8/8 w - - 4294967296+1 0 1",
    "8/8/8/8/8/8/8/8 w - - + 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1 +",
    "8/8/8/8/8/8/8/8 w - - 0 1 +0+",
    // Counters.
    "8/8/8/8/8/8/8/8 w - - -1 1",
    "8/8/8/8/8/8/8/8 w - - 1; 1;",
    "8/8/8/8/8/8/8/8 w - - 0 0",
    "8/8/8/8/8/8/8/8 w - - 00 01",
    "8/8/8/8/8/8/8/8 w - - 18446744073709551615 18446744073709551616",
    "8/8/8/8/8/8/8/8 w - - 99999999999999999999999999999999999999 1",
    "8/8/8/8/8/8/8/8 w - - ١ ٢",
    // Castling and en passant oddities.
    "8/8/8/8/8/8/8/8 w KQkqKQkq - 0 1",
    "8/8/8/8/8/8/8/8 w K- - 0 1",
    "8/8/8/8/8/8/8/8 w -- -- 0 1",
    "8/8/8/8/8/8/8/8 w HAhaKQkqbcdefg E3 0 1",
    "8/8/8/8/8/8/8/8 b kqKQ e33 0 1",
    // Many fields.
    "8/8/8/8/8/8/8/8 w - - 0 1 a b c d e f g h i j k l m n o p q r s t",
    "8/8/8/8/8/8/8/8 w - - 0 1 bm e4; id \"x\";",
    // Many problems: more than the diagnostic cap.
    "9999999999999999999999999999999999999999/9/9/9/9/9/9/9/9/9/9/9 x y z",
    "x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x",
];

#[test]
fn hand_picked() {
    let mut failures = Failures::default();
    for input in HAND_PICKED {
        failures.check(input);
        // Also with the characters of every prefix, which cuts fields and characters short.
        for (cut, _) in input.char_indices() {
            failures.check(&input[..cut]);
        }
        if let Err(violation) = check_invariants_at(input, 1) {
            failures.record(input, violation);
        }
    }
    let many: String = (0..2000)
        .map(|i| if i % 2 == 0 { 'x' } else { '/' })
        .collect();
    failures.check(&many);
    let long_ranks = format!("{}/8/8/8/8/8/8/8 w - - 0 1", "P~".repeat(500));
    failures.check(&long_ranks);
    let twenty_fields = format!("{START}{}", " x".repeat(20));
    failures.check(&twenty_fields);
    let huge = format!(
        "8/8/8/8/8/8/8/8 w - - {} {}",
        "9".repeat(300),
        "1".repeat(300)
    );
    failures.check(&huge);
    failures.assert_none("hand_picked");

    // A sanity check that the harness sees what it should.
    let parse = fenlint::parse(START);
    assert!(parse.diagnostics().is_empty());
    assert_eq!(parse.tree().to_string(), START);
}

// ---------------------------------------------------------------------------------------------
// 2. Random bytes
// ---------------------------------------------------------------------------------------------

/// Bytes that make up FENs and their usual mistakes, including the UTF-8 of NBSP, a BOM and `é`.
const FEN_BYTES: &[u8] =
    b"pnbrqkPNBRQK12345678090/~[]- \t+wbKQkqHAhae36xX;\r\n\xc2\xa0\xef\xbb\xbf\xc3\xa9";

#[test]
fn random_bytes() {
    let cases = cases(3000);
    let mut rng = fastrand::Rng::with_seed(seed(0x00fe_11ce_5eed));
    let mut failures = Failures::default();
    let mut bytes_failures: BTreeMap<&'static str, (Vec<u8>, String)> = BTreeMap::new();
    for case in 0..cases {
        let len = rng.usize(0..200);
        // Half the cases are uniform bytes, half are drawn from the FEN alphabet.
        let bytes: Vec<u8> = if case % 2 == 0 {
            std::iter::repeat_with(|| rng.u8(..)).take(len).collect()
        } else {
            std::iter::repeat_with(|| FEN_BYTES[rng.usize(..FEN_BYTES.len())])
                .take(len)
                .collect()
        };

        // The raw bytes, at base 0 and at a nonzero base.
        for base in [0, BASE] {
            if let Err(violation) = check_bytes(&bytes, base) {
                bytes_failures
                    .entry(violation.invariant)
                    .or_insert((bytes.clone(), violation.detail));
            }
        }

        // A `String` through `arbitrary`, and the lossy decoding of the bytes.
        let mut unstructured = Unstructured::new(&bytes);
        if let Ok(text) = String::arbitrary(&mut unstructured) {
            failures.check(&text);
        }
        if let Ok(text) = String::arbitrary_take_rest(Unstructured::new(&bytes)) {
            failures.check(&text);
        }
        failures.check(&String::from_utf8_lossy(&bytes));
    }
    if !bytes_failures.is_empty() {
        let mut report = String::from("random_bytes: parse_bytes invariants broken\n");
        for (invariant, (bytes, detail)) in &bytes_failures {
            report.push_str(&format!("  - `{invariant}`; input {bytes:?}: {detail}\n"));
        }
        panic!("{report}");
    }
    failures.assert_none("random_bytes");
}

// ---------------------------------------------------------------------------------------------
// 3. Near-FEN strings
// ---------------------------------------------------------------------------------------------

/// A field separator, mostly one space.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Sep {
    Space,
    Space2,
    Space3,
    Space4,
    Space5,
    TwoSpaces,
    Tab,
    Nbsp,
    CrLf,
    IdeographicSpace,
}

impl Sep {
    fn text(self) -> &'static str {
        match self {
            Sep::Space | Sep::Space2 | Sep::Space3 | Sep::Space4 | Sep::Space5 => " ",
            Sep::TwoSpaces => "  ",
            Sep::Tab => "\t",
            Sep::Nbsp => "\u{a0}",
            Sep::CrLf => "\r\n",
            Sep::IdeographicSpace => "\u{3000}",
        }
    }
}

/// One item of a rank.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Square {
    Piece(u8),
    Piece2(u8),
    Piece3(u8),
    Digit(u8),
    Digit2(u8),
    Promoted(u8),
    Tilde,
    Junk(u8),
}

const PIECES: &[&str] = &["P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k"];
const JUNK: &[&str] = &[
    "x", "é", "[", "]", "-", "+", "🙂", "\u{a0}", "Ж", "~~", "0", "9", ";", "\u{feff}", "X", "w",
];

impl Square {
    fn write(self, out: &mut String) {
        match self {
            Square::Piece(i) | Square::Piece2(i) | Square::Piece3(i) => {
                out.push_str(pick(PIECES, i))
            }
            Square::Digit(d) | Square::Digit2(d) => out.push(char::from(b'0' + d % 10)),
            Square::Promoted(i) => {
                out.push_str(pick(PIECES, i));
                out.push('~');
            }
            Square::Tilde => out.push('~'),
            Square::Junk(i) => out.push_str(pick(JUNK, i)),
        }
    }
}

/// Crazyhouse holdings in either form, well formed or not.
#[derive(Arbitrary, Debug)]
enum Holdings {
    Bracket(Vec<u8>),
    BracketUnclosed(Vec<u8>),
    BracketDash,
    BracketEmpty,
    Slash(Vec<u8>),
}

const HOLDING_CHARS: &[&str] = &[
    "P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k", "P", "p", "-", "~", "x", "]", "[",
    "é", "1",
];

impl Holdings {
    fn write(&self, out: &mut String) {
        let pieces = |out: &mut String, letters: &[u8]| {
            for &letter in letters.iter().take(12) {
                out.push_str(pick(HOLDING_CHARS, letter));
            }
        };
        match self {
            Holdings::Bracket(letters) => {
                out.push('[');
                pieces(out, letters);
                out.push(']');
            }
            Holdings::BracketUnclosed(letters) => {
                out.push('[');
                pieces(out, letters);
            }
            Holdings::BracketDash => out.push_str("[-]"),
            Holdings::BracketEmpty => out.push_str("[]"),
            Holdings::Slash(letters) => {
                out.push('/');
                pieces(out, letters);
            }
        }
    }
}

const SIDES: &[&str] = &["w", "b", "x", "W", "B", "-", "wb", "é", "w~"];
const CASTLINGS: &[&str] = &[
    "-", "KQkq", "KQkq", "QK", "Kk", "HAha", "K-", "--", "KQkqK", "HAk", "kq", "Q", "ab", "AHah",
    "KQkqX", "é", "KQ~", "Bb", "KHkh", "q-",
];
const EN_PASSANTS: &[&str] = &[
    "-", "-", "e3", "E3", "e4", "h6", "a9", "e", "e33", "-e3", "i3", "3e", "é3", "e3~",
];
const COUNTERS: &[&str] = &[
    "0",
    "1",
    "12",
    "-1",
    "00",
    "1;",
    "+1",
    "1.5",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "١",
    "0x1",
    "½",
];
const CHECKS: &[&str] = &[
    "3+3", "+0+2", "+x+1", "+", "++", "+3+3+3", "3+", "+3", "4+4", "0+0", "+10+0", "3+3+", "++3",
    "+0+0", "2+1", "3+é", "+-1+0",
];
const EXTRAS: &[&str] = &[
    "bm", "e4;", "c0", "\"x\"", ";", "~", "[]", "é", "🙂", "hm", "0", "1", "w", "-",
];

/// Which vocabulary a field draws from; the position of the field picks the usual one.
fn vocabulary(position: usize) -> &'static [&'static str] {
    match position {
        0 => SIDES,
        1 => CASTLINGS,
        2 => EN_PASSANTS,
        3 | 5 => {
            // Three-check counters either side of the move counters.
            static MIXED: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
            MIXED.get_or_init(|| CHECKS.iter().chain(COUNTERS).copied().collect())
        }
        4 => COUNTERS,
        _ => EXTRAS,
    }
}

const ALL_VOCABULARIES: &[&[&str]] = &[SIDES, CASTLINGS, EN_PASSANTS, COUNTERS, CHECKS, EXTRAS];

fn pick(list: &'static [&'static str], index: u8) -> &'static str {
    list[usize::from(index) % list.len()]
}

/// A near-FEN: ranks of pieces, digits 0-9, `~` and junk; optional holdings; the other fields
/// from small vocabularies of valid and invalid tokens; random separators, surrounding
/// whitespace and extra fields.
#[derive(Debug)]
struct NearFen {
    leading: Option<Sep>,
    ranks: Vec<Vec<Square>>,
    holdings: Option<Holdings>,
    fields: Vec<(Sep, String)>,
    trailing: Option<Sep>,
}

impl<'a> Arbitrary<'a> for NearFen {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let leading = if u.ratio(1, 8)? {
            Some(u.arbitrary()?)
        } else {
            None
        };
        let rank_count = if u.ratio(2, 3)? {
            8
        } else {
            u.int_in_range(0..=10)?
        };
        let mut ranks = Vec::with_capacity(rank_count);
        // Mostly well-formed ranks, so that the other fields are not drowned in rank errors.
        let clean = u.ratio(2, 3)?;
        for _ in 0..rank_count {
            ranks.push(if clean && u.ratio(9, 10)? {
                well_formed_rank(u)?
            } else {
                let len = u.int_in_range(0..=10)?;
                (0..len)
                    .map(|_| u.arbitrary())
                    .collect::<arbitrary::Result<_>>()?
            });
        }
        let holdings = if u.ratio(1, 4)? {
            Some(u.arbitrary()?)
        } else {
            None
        };
        let field_count = if u.ratio(1, 2)? {
            5
        } else {
            u.int_in_range(0..=12)?
        };
        let mut fields = Vec::with_capacity(field_count);
        for position in 0..field_count {
            let sep: Sep = u.arbitrary()?;
            let token = if u.ratio(1, 6)? {
                let vocabulary = u.choose(ALL_VOCABULARIES)?;
                (*u.choose(vocabulary)?).to_owned()
            } else if u.ratio(1, 4)? {
                // Two or three tokens run together: `QK-`, `KQkqKQ`, `e3-`, `3+3+0+2`, `01` …
                let vocabulary = vocabulary(position);
                let count = u.int_in_range(2..=3)?;
                (0..count)
                    .map(|_| u.choose(vocabulary).copied())
                    .collect::<arbitrary::Result<String>>()?
            } else {
                (*u.choose(vocabulary(position))?).to_owned()
            };
            fields.push((sep, token));
        }
        let trailing = if u.ratio(1, 8)? {
            Some(u.arbitrary()?)
        } else {
            None
        };
        Ok(NearFen {
            leading,
            ranks,
            holdings,
            fields,
            trailing,
        })
    }
}

/// A rank of width 8: pieces (now and then promoted) and runs of empty squares.
fn well_formed_rank(u: &mut Unstructured<'_>) -> arbitrary::Result<Vec<Square>> {
    let mut rank = Vec::new();
    let mut width = 0;
    while width < 8 {
        if u.ratio(3, 5)? {
            let letter = u.arbitrary()?;
            rank.push(if u.ratio(1, 12)? {
                Square::Promoted(letter)
            } else {
                Square::Piece(letter)
            });
            width += 1;
        } else {
            let run = u.int_in_range(1..=8 - width)?;
            rank.push(Square::Digit(run));
            width += run;
        }
    }
    Ok(rank)
}

impl NearFen {
    fn render(&self) -> String {
        let mut out = String::new();
        out.push_str(self.leading.map_or("", Sep::text));
        for (i, rank) in self.ranks.iter().enumerate() {
            if i > 0 {
                out.push('/');
            }
            for square in rank {
                square.write(&mut out);
            }
        }
        if let Some(holdings) = &self.holdings {
            holdings.write(&mut out);
        }
        for (sep, token) in &self.fields {
            out.push_str(sep.text());
            out.push_str(token);
        }
        out.push_str(self.trailing.map_or("", Sep::text));
        out
    }
}

#[test]
fn near_fen() {
    let cases = cases(5000);
    let mut rng = fastrand::Rng::with_seed(seed(0x0bad_f3e5));
    let mut failures = Failures::default();
    let mut bytes = vec![0u8; 512];
    let mut generated = 0;
    for _ in 0..cases {
        rng.fill(&mut bytes);
        let Ok(near) = NearFen::arbitrary(&mut Unstructured::new(&bytes)) else {
            continue;
        };
        generated += 1;
        failures.check(&near.render());
    }
    assert!(
        generated > cases * 9 / 10,
        "only {generated} cases generated"
    );
    failures.assert_none("near_fen");
}

// ---------------------------------------------------------------------------------------------
// Rendering: what a reader sees in the report
// ---------------------------------------------------------------------------------------------

/// Invariants of the rendered report:
/// - every character a message or label quotes is visible: no format, bidi or combining
///   character (U+FEFF, U+200B, U+202E, U+0301, …) unescaped;
/// - every label with text shows up when miette renders the diagnostic (miette drops labels with
///   an empty span at the very end of the source).
fn check_rendering(input: &str) -> Checked {
    use miette::{GraphicalReportHandler, GraphicalTheme};
    guarded(|| {
        let parse = fenlint::parse(input);
        // Wide enough that no label text is wrapped.
        let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
            .with_width(1000)
            .with_links(false);
        for diagnostic in parse.diagnostics() {
            let name = diagnostic.code().name();
            let texts = std::iter::once(diagnostic.message())
                .chain(diagnostic.labels().iter().map(|label| label.text()));
            for text in texts {
                let hidden = text.chars().find(|&c| {
                    !matches!(c, '\'' | '"' | '\\') && c.escape_debug().ne(std::iter::once(c))
                });
                ensure!(
                    hidden.is_none(),
                    "messages show no invisible characters",
                    "{name}: {text:?} holds {hidden:?} unescaped"
                );
            }
            let report = miette::Report::new(diagnostic.clone()).with_source_code(input.to_owned());
            let mut rendered = String::new();
            ensure!(
                handler
                    .render_report(&mut rendered, report.as_ref())
                    .is_ok(),
                "miette renders every label",
                "{name}: rendering failed"
            );
            // With no source text at all there is nothing to point at. A secondary label that
            // starts before the primary one and runs over it is left out of the picture (miette
            // would draw the inner arrow past its end); the JSON output keeps it.
            let primary = diagnostic.span();
            for label in diagnostic
                .labels()
                .iter()
                .filter(|label| {
                    let span = label.span();
                    label.is_primary() || !(span.start < primary.start && primary.end <= span.end)
                })
                .filter(|_| !input.is_empty())
            {
                ensure!(
                    rendered.contains(label.text()),
                    "miette renders every label",
                    "{name}: label {:?} at {} is not shown",
                    label.text(),
                    label.span()
                );
            }
        }
        Ok(())
    })
}

#[test]
fn reports_show_every_label_and_no_invisible_characters() {
    let mut failures = Failures::new(check_rendering);
    for input in HAND_PICKED {
        failures.check(input);
    }
    for input in [
        "8/8/8/8/8/8/8/8 w\u{202e}x - - 0 1",
        "8/8/8/8/8/8/8/\u{200b}8 w - - 0 1",
        "8/8/8/8/8/8/8/8[",
        "8/8/8/8/8/8/8/8 w - - 0 1 +",
    ] {
        failures.check(input);
    }
    let mut rng = fastrand::Rng::with_seed(seed(0x9e4d_1e9c));
    let mut bytes = vec![0u8; 512];
    for _ in 0..cases(2000) {
        rng.fill(&mut bytes);
        if let Ok(near) = NearFen::arbitrary(&mut Unstructured::new(&bytes)) {
            failures.check(&near.render());
        }
    }
    failures.assert_none("rendering");
}
