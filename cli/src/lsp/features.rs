//! What the server answers, from a document and the library: diagnostics in LSP form, code
//! actions, hover, formatting edits, document symbols and folding ranges.

use std::collections::HashMap;
use std::fmt::Write as _;

use fenlint::files::{self, FileKind};
use fenlint::position::{Position, Variant, WriteOptions};
use fenlint::{Code, Color, ColumnUnit, File, Lint, Severity, Span, Square, Validator};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeDescription, DiagnosticRelatedInformation,
    DiagnosticSeverity, DocumentSymbol, FoldingRange, FoldingRangeKind, Hover, HoverContents,
    Location, MarkupContent, MarkupKind, NumberOrString, Range, SymbolKind, TextEdit, Uri,
    WorkspaceEdit,
};

use super::document::{Document, Lines};
use crate::show::hand;

/// The kind of the "fix all" action: `source.fixAll` for fenlint.
pub const FIX_ALL: &str = "source.fixAll.fenlint";

/// Where a code's documentation is: its section of the grammar reference on docs.rs
/// (`Code::url`, the same address as the diagnostic's `miette::Diagnostic::url`).
pub fn docs_url(code: Code) -> Option<Uri> {
    code.url().parse().ok()
}

/// The most diagnostics published for one document. An editor shows a few thousand usefully
/// at most; past that, each one only costs memory in the server and in the editor. One more
/// diagnostic says how many were left out.
pub const MAX_PUBLISHED: usize = 2_000;

/// The diagnostic that says `count` diagnostics were left out, at the first of them (`at`).
pub fn left_out(
    document: &Document,
    at: Span,
    count: usize,
    unit: ColumnUnit,
) -> lsp_types::Diagnostic {
    let start = document.range(at, unit).start;
    lsp_types::Diagnostic {
        range: Range { start, end: start },
        severity: Some(DiagnosticSeverity::INFORMATION),
        source: Some("fenlint".to_owned()),
        message: format!(
            "{count} more {} from here on {} not shown: fenlint shows the first {MAX_PUBLISHED} of a document; `fenlint check` lists them all",
            if count == 1 { "problem" } else { "problems" },
            if count == 1 { "is" } else { "are" },
        ),
        ..lsp_types::Diagnostic::default()
    }
}

/// A problem with the settings (the client's or a `fenlint.toml`'s), as a diagnostic at the
/// start of the document.
pub fn settings_problem(problem: &str) -> lsp_types::Diagnostic {
    lsp_types::Diagnostic {
        range: Range::default(),
        severity: Some(DiagnosticSeverity::ERROR),
        source: Some("fenlint".to_owned()),
        message: format!("fenlint settings: {problem}"),
        ..lsp_types::Diagnostic::default()
    }
}

/// A diagnostic as the client gets it: the primary label's range, the code with a link to its
/// documentation, the message (with the help after it), and the other labels as related
/// information.
pub fn to_lsp(
    document: &Document,
    diagnostic: &fenlint::Diagnostic,
    unit: ColumnUnit,
) -> lsp_types::Diagnostic {
    let mut message = diagnostic.message().to_owned();
    if let Some(help) = diagnostic.help_text() {
        let _ = write!(message, "\nhelp: {help}");
    }
    let related: Vec<DiagnosticRelatedInformation> = diagnostic
        .labels()
        .iter()
        .filter(|label| !label.is_primary())
        .map(|label| DiagnosticRelatedInformation {
            location: Location {
                uri: document.uri.clone(),
                range: document.range(label.span(), unit),
            },
            message: if label.text().is_empty() {
                "here".to_owned()
            } else {
                label.text().to_owned()
            },
        })
        .collect();
    lsp_types::Diagnostic {
        range: document.range(diagnostic.span(), unit),
        severity: Some(match diagnostic.severity() {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
            _ => DiagnosticSeverity::INFORMATION,
        }),
        code: Some(NumberOrString::String(diagnostic.code().name().to_owned())),
        code_description: docs_url(diagnostic.code()).map(|href| CodeDescription { href }),
        source: Some("fenlint".to_owned()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}

/// The code actions for `range`: a quick fix for each diagnostic there with an unambiguous fix,
/// then one that suppresses each with a comment, and "fix all" when the file has any fix;
/// `only` limits the kinds, as the client asks.
pub fn code_actions(
    document: &Document,
    range: Range,
    only: Option<&[CodeActionKind]>,
    validator: &Validator,
    unit: ColumnUnit,
) -> Vec<CodeActionOrCommand> {
    let wanted = |kind: &CodeActionKind| {
        only.is_none_or(|only| {
            only.iter().any(|asked| {
                kind.as_str() == asked.as_str()
                    || kind.as_str().starts_with(&format!("{}.", asked.as_str()))
            })
        })
    };
    let mut actions = Vec::new();
    // "Suppress CODE" comes after the fixes: fixing is the better choice.
    let mut suppressions = Vec::new();
    // A range past the last line ends at the end of the document, as a column past the end of
    // its line ends at the end of the line: clients send both for "the whole document".
    let offset = |at| document.offset(at, unit).unwrap_or(document.text.len());
    let (start, end) = (offset(range.start), offset(range.end));
    if wanted(&CodeActionKind::QUICKFIX)
        && let Some(linted) = document.current_lint()
    {
        for diagnostic in &linted.diagnostics {
            let span = diagnostic.span();
            if span.end < start || span.start > end {
                continue;
            }
            if let Some(action) = suppress_action(document, diagnostic, unit) {
                suppressions.push(action);
            }
            let Some(fix) = diagnostic.fix() else {
                continue;
            };
            let old = document.text.get(fix.span().range()).unwrap_or_default();
            let title = match (old.is_empty(), fix.replacement().is_empty()) {
                (_, true) => format!("Remove `{old}`"),
                (true, false) => format!("Insert `{}`", fix.replacement()),
                (false, false) => format!("Replace `{old}` with `{}`", fix.replacement()),
            };
            let edit = TextEdit {
                range: document.range(fix.span(), unit),
                new_text: fix.replacement().to_owned(),
            };
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("{title} ({})", diagnostic.code().name()),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![to_lsp(document, diagnostic, unit)]),
                edit: Some(workspace_edit(document, vec![edit])),
                is_preferred: Some(true),
                ..CodeAction::default()
            }));
        }
    }
    actions.append(&mut suppressions);
    let fix_all = CodeActionKind::new(FIX_ALL);
    if wanted(&fix_all) {
        let fixed = files::fix_file(document.kind, document.text.as_bytes(), validator);
        if fixed.applied > 0
            && let Ok(text) = String::from_utf8(fixed.text)
        {
            let edits = line_edits(document, &text, None, unit);
            if !edits.is_empty() {
                actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: "Fix all fenlint problems in this file".to_owned(),
                    kind: Some(fix_all),
                    edit: Some(workspace_edit(document, edits)),
                    ..CodeAction::default()
                }));
            }
        }
    }
    actions
}

/// The quick fix that silences `diagnostic` with a suppression comment above its position (in
/// PGN, before its game's tags), as [`fenlint::suppression::allow_comment`] writes it.
fn suppress_action(
    document: &Document,
    diagnostic: &fenlint::Diagnostic,
    unit: ColumnUnit,
) -> Option<CodeActionOrCommand> {
    let comment = fenlint::suppression::allow_comment(document.kind, &document.text, diagnostic)?;
    let what = if document.kind == files::FileKind::Pgn {
        "game"
    } else {
        "position"
    };
    let edit = TextEdit {
        range: document.range(comment.span(), unit),
        new_text: comment.replacement().to_owned(),
    };
    Some(CodeActionOrCommand::CodeAction(CodeAction {
        title: format!("Suppress {} for this {what}", diagnostic.code().name()),
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![to_lsp(document, diagnostic, unit)]),
        edit: Some(workspace_edit(document, vec![edit])),
        is_preferred: Some(false),
        ..CodeAction::default()
    }))
}

fn workspace_edit(document: &Document, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(document.uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}

/// The edits that turn the document into `new`, one per changed line, when both have the same
/// lines (fixes and formatting change lines, never their number); one edit of the whole
/// document otherwise. With `within`, only the lines it touches.
///
/// An edit replaces a line's content and leaves its line ending alone (a line ending that
/// `new` changes is replaced with the content), so that a CRLF, LF, CR or mixed document keeps
/// its line endings and its number of lines.
///
/// More than [`MAX_LINE_EDITS`] changed lines are one edit, from the first changed line to the
/// end of the last: a response of an edit per line of a whole book would take many times the
/// document's size in memory, to the server and to the editor.
pub fn line_edits(
    document: &Document,
    new: &str,
    within: Option<(u32, u32)>,
    unit: ColumnUnit,
) -> Vec<TextEdit> {
    let old = &*document.text;
    if old == new {
        return Vec::new();
    }
    let new_lines = Lines::new(new);
    if new_lines.line_count() != document.lines.line_count() {
        return vec![TextEdit {
            range: document.range(Span::new(0, old.len()), unit),
            new_text: new.to_owned(),
        }];
    }
    let mut edits = Vec::new();
    // Where the changed lines start and end, in the document and in `new`.
    let mut changed: Option<(Span, Span)> = None;
    for line in 0..new_lines.line_count() {
        let number = u32::try_from(line).unwrap_or(u32::MAX);
        if within.is_some_and(|(first, last)| !(first..=last).contains(&number)) {
            continue;
        }
        let (Some(before), Some(after)) = (
            document.lines.line_with_ending(old, line),
            new_lines.line_with_ending(new, line),
        ) else {
            continue;
        };
        let (Some(before_content), Some(after_content)) = (
            document.lines.line_range(old, line),
            new_lines.line_range(new, line),
        ) else {
            continue;
        };
        if old.get(before.clone()) == new.get(after.clone()) {
            continue;
        }
        changed = Some(match changed {
            None => (
                Span::new(before.start, before.end),
                Span::new(after.start, after.end),
            ),
            Some((old_span, new_span)) => (
                Span::new(old_span.start, before.end),
                Span::new(new_span.start, after.end),
            ),
        });
        let same_ending =
            old.get(before_content.end..before.end) == new.get(after_content.end..after.end);
        let (span, text) = if same_ending {
            (
                Span::new(before_content.start, before_content.end),
                new.get(after_content),
            )
        } else {
            (Span::new(before.start, before.end), new.get(after))
        };
        edits.push(TextEdit {
            range: document.range(span, unit),
            new_text: text.unwrap_or_default().to_owned(),
        });
    }
    match changed {
        Some((old_span, new_span)) if edits.len() > MAX_LINE_EDITS => vec![TextEdit {
            range: document.range(old_span, unit),
            new_text: new.get(new_span.range()).unwrap_or_default().to_owned(),
        }],
        _ => edits,
    }
}

/// The most line edits one response holds (see [`line_edits`]).
const MAX_LINE_EDITS: usize = 1000;

/// The formatting edits for the document, or for the lines `within` (first and last), its
/// positions read as `variant` (automatic when `None`).
pub fn format(
    document: &Document,
    (options, variant): &(WriteOptions, Option<Variant>),
    within: Option<(u32, u32)>,
    unit: ColumnUnit,
) -> Vec<TextEdit> {
    let formatted =
        files::format_file_as(document.kind, document.text.as_bytes(), options, *variant);
    match String::from_utf8(formatted.text) {
        Ok(text) => line_edits(document, &text, within, unit),
        Err(_) => Vec::new(),
    }
}

/// A position found in a document: its text, where it is, and its lint.
struct Found<'a> {
    span: Span,
    lint: Lint<'a>,
}

/// The position at byte `offset`: the FEN or EPD record of its line, or the `[FEN]` tag value
/// of a PGN game around it.
fn position_at<'a>(
    document: &'a Document,
    offset: usize,
    validator: &Validator,
) -> Option<Found<'a>> {
    let text = &*document.text;
    match document.kind {
        FileKind::Pgn => {
            let pgn = fenlint::pgn::read(text, 0);
            let game = pgn
                .games()
                .iter()
                .find(|game| game.span().start <= offset && offset <= game.span().end)?;
            let tag = game.tag("FEN")?;
            let span = tag.value_span();
            let fen = text.get(span.range())?;
            let validator = match game
                .tag("Variant")
                .map(|tag| fenlint::pgn::variant_of(tag.value()))
            {
                Some(Ok(Some(variant))) => validator.clone().variant(variant),
                _ => validator.clone(),
            };
            Some(Found {
                span,
                lint: validator.lint_parse(fenlint::parse_at(fen, span.start)),
            })
        }
        FileKind::Epd => {
            let line = document.lines.line_of(offset);
            let range = document.lines.line_range(text, line)?;
            let content = text.get(range.clone())?;
            if !files::is_position_line(content.as_bytes()) {
                return None;
            }
            let record = fenlint::epd::check(content, range.start, validator);
            let lint = record.lint()?.clone();
            Some(Found {
                span: Span::new(range.start, range.end),
                lint,
            })
        }
        _ => {
            let line = document.lines.line_of(offset);
            let range = document.lines.line_range(text, line)?;
            let content = text.get(range.clone())?;
            if !files::is_position_line(content.as_bytes()) {
                return None;
            }
            Some(Found {
                span: Span::new(range.start, range.end),
                lint: validator.lint_parse(fenlint::parse_at(content, range.start)),
            })
        }
    }
}

/// The hover at byte `offset`: the position as a board diagram with its fields, then the
/// documentation of every diagnostic whose label covers the offset.
pub fn hover(
    document: &Document,
    offset: usize,
    validator: &Validator,
    unit: ColumnUnit,
) -> Option<Hover> {
    let mut markdown = String::new();
    let mut range = None;
    if let Some(found) = position_at(document, offset, validator) {
        if let Some(position) = found.lint.position() {
            describe(&mut markdown, &found.lint, position);
        } else {
            markdown.push_str(
                "**Not a position:** the text has errors that stop the board from being read.\n",
            );
        }
        range = Some(document.range(found.span, unit));
    }
    if let Some(linted) = document.current_lint() {
        let mut explained = Vec::new();
        for diagnostic in &linted.diagnostics {
            let covers = diagnostic.labels().iter().any(|label| {
                let span = label.span();
                span.start <= offset
                    && (offset < span.end || span.is_empty() && offset == span.start)
            });
            if !covers || explained.contains(&diagnostic.code()) {
                continue;
            }
            explained.push(diagnostic.code());
            let code = diagnostic.code();
            let _ = write!(
                markdown,
                "\n---\n\n**`{}`** ({}): {}\n\n",
                code.name(),
                diagnostic.severity(),
                diagnostic.message()
            );
            for line in code.docs().lines() {
                markdown.push_str(line.strip_prefix(' ').unwrap_or(line));
                markdown.push('\n');
            }
        }
    }
    if markdown.is_empty() {
        return None;
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range,
    })
}

/// The Unicode chess symbol of a piece letter.
fn figurine(letter: char) -> char {
    match letter {
        'K' => '♔',
        'Q' => '♕',
        'R' => '♖',
        'B' => '♗',
        'N' => '♘',
        'P' => '♙',
        'k' => '♚',
        'q' => '♛',
        'r' => '♜',
        'b' => '♝',
        'n' => '♞',
        'p' => '♟',
        other => other,
    }
}

/// The board diagram and the fields of `position`, in Markdown.
fn describe(out: &mut String, lint: &Lint<'_>, position: &Position) {
    let dialect = lint.tree().dialect();
    let _ = writeln!(out, "**{:?}** position\n", position.variant);
    out.push_str("```text\n");
    for rank in (1..=8u8).rev() {
        let _ = write!(out, "{rank} ");
        for file in 0..8u8 {
            let Some(square) = File::new(file).and_then(|file| Square::new(file, rank)) else {
                continue;
            };
            let symbol = position
                .board
                .piece_at(square)
                .map_or('·', |piece| figurine(piece.letter()));
            out.push(' ');
            out.push(symbol);
            if position.promoted.contains(square) {
                out.push('~');
            }
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n```\n\n");
    // What the FEN says, never a value it does not give (see `show::Fields`).
    let fields = crate::show::Fields::of(lint, position);
    let _ = writeln!(out, "- {}", fields.turn);
    let rooks: Vec<String> = position.castling.squares().map(|s| s.to_string()).collect();
    if rooks.is_empty() {
        let _ = writeln!(out, "- castling: {} (none)", fields.castling);
    } else {
        let _ = writeln!(
            out,
            "- castling: {} (rooks on {})",
            fields.castling,
            rooks.join(", ")
        );
    }
    let _ = writeln!(out, "- en passant: {}", fields.en_passant);
    let _ = writeln!(
        out,
        "- halfmove clock {}, move {}",
        fields.halfmove_clock, fields.fullmove_number
    );
    if let Some(holdings) = &position.holdings {
        let _ = writeln!(
            out,
            "- holdings: White {}, Black {}",
            hand(holdings, Color::White, figurine),
            hand(holdings, Color::Black, figurine)
        );
    }
    if let Some([white, black]) = position.checks_given {
        let _ = writeln!(out, "- checks given: White {white}, Black {black}");
    }
    let mut forms = Vec::new();
    if let Some(castling) = dialect.castling {
        forms.push(format!("castling {castling:?}"));
    }
    if let Some(holdings) = dialect.holdings {
        forms.push(format!("holdings {holdings:?}"));
    }
    if let Some(checks) = dialect.checks {
        forms.push(format!("checks {checks:?}"));
    }
    if dialect.promoted_markers {
        forms.push("promoted markers `~`".to_owned());
    }
    if !forms.is_empty() {
        let _ = writeln!(out, "- dialect: {}", forms.join(", "));
    }
}

/// The most symbols in a document's outline and the most folding ranges. An outline of a whole
/// opening book helps no one, and each symbol costs a few kilobytes on its way to the editor
/// (VS Code folds at most 5,000 regions for the same reason). One more symbol says how many
/// were left out.
pub const MAX_OUTLINE: usize = 5_000;

/// The document's outline: one symbol per position (named by its EPD `id` when it has one), or
/// per PGN game with its `[FEN]` tag inside; the first [`MAX_OUTLINE`] of them, then one that
/// says how many more there are.
#[allow(
    deprecated,
    reason = "DocumentSymbol's `deprecated` field must still be given"
)]
pub fn symbols(document: &Document, unit: ColumnUnit) -> Vec<DocumentSymbol> {
    let text = &*document.text;
    let symbol =
        |name: String, detail: Option<String>, kind, span: Span, children| DocumentSymbol {
            name: if name.trim().is_empty() {
                "(empty)".to_owned()
            } else {
                name
            },
            detail,
            kind,
            tags: None,
            deprecated: None,
            range: document.range(span, unit),
            selection_range: document.range(span, unit),
            children,
        };
    let mut symbols = Vec::new();
    // How many symbols were left out, and where the first of them starts.
    let mut left_out: Option<(usize, usize)> = None;
    let mut leave_out = |at: usize| {
        left_out = Some(match left_out {
            None => (1, at),
            Some((count, first)) => (count.saturating_add(1), first),
        });
    };
    let what = if document.kind == FileKind::Pgn {
        ("game", "games")
    } else {
        ("position", "positions")
    };
    match document.kind {
        FileKind::Pgn => {
            let pgn = fenlint::pgn::read(text, 0);
            for (number, game) in pgn.games().iter().enumerate() {
                if symbols.len() >= MAX_OUTLINE {
                    leave_out(game.span().start);
                    continue;
                }
                let tag = |name| game.tag(name).map(|tag| tag.unescaped().into_owned());
                let name = match (tag("White"), tag("Black")) {
                    (Some(white), Some(black)) => format!("{white} – {black}"),
                    _ => format!("Game {}", number.saturating_add(1)),
                };
                let detail = [tag("Event"), tag("Date")]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(", ");
                let children = game.tag("FEN").map(|fen| {
                    vec![symbol(
                        fen.value().to_owned(),
                        Some("FEN".to_owned()),
                        SymbolKind::OBJECT,
                        fen.span(),
                        None,
                    )]
                });
                symbols.push(symbol(
                    name,
                    (!detail.is_empty()).then_some(detail),
                    SymbolKind::NAMESPACE,
                    trimmed(text, game.span()),
                    children,
                ));
            }
        }
        kind => {
            for line in 0..document.lines.line_count() {
                let Some(range) = document.lines.line_range(text, line) else {
                    continue;
                };
                let content = text.get(range.clone()).unwrap_or_default();
                if !files::is_position_line(content.as_bytes()) {
                    continue;
                }
                if symbols.len() >= MAX_OUTLINE {
                    leave_out(range.start);
                    continue;
                }
                let content = content.trim_start_matches('\u{feff}').trim();
                let (name, detail) = if kind == FileKind::Epd {
                    let fields: Vec<&str> = content.split_whitespace().take(4).collect();
                    let fen = fields.join(" ");
                    let record = fenlint::epd::check(content, 0, &Validator::new());
                    let id = record
                        .operations()
                        .iter()
                        .find(|operation| operation.opcode() == "id")
                        .and_then(|operation| operation.operands().first())
                        .map(|operand| operand.text().trim_matches('"').to_owned());
                    match id {
                        Some(id) => (id, Some(fen)),
                        None => (fen, None),
                    }
                } else {
                    (content.to_owned(), None)
                };
                symbols.push(symbol(
                    name,
                    detail,
                    SymbolKind::OBJECT,
                    Span::new(range.start, range.end),
                    None,
                ));
            }
        }
    }
    if let Some((count, first)) = left_out {
        symbols.push(symbol(
            format!(
                "{count} more {} not listed",
                if count == 1 { what.0 } else { what.1 }
            ),
            Some(format!("fenlint lists the first {MAX_OUTLINE}")),
            SymbolKind::NULL,
            Span::new(first, first),
            None,
        ));
    }
    symbols
}

/// `span` without the whitespace at its end.
fn trimmed(text: &str, span: Span) -> Span {
    let inside = text.get(span.range()).unwrap_or_default();
    Span::new(
        span.start,
        span.start.saturating_add(inside.trim_end().len()),
    )
}

/// A folding range for each PGN game of more than one line, the first [`MAX_OUTLINE`] of them.
pub fn folding(document: &Document) -> Vec<FoldingRange> {
    if document.kind != FileKind::Pgn {
        return Vec::new();
    }
    let text = &*document.text;
    fenlint::pgn::read(text, 0)
        .games()
        .iter()
        .filter_map(|game| {
            let span = trimmed(text, game.span());
            let first = document.lines.line_of(span.start);
            let last = document.lines.line_of(span.end);
            (last > first).then(|| FoldingRange {
                start_line: u32::try_from(first).unwrap_or(u32::MAX),
                end_line: u32::try_from(last).unwrap_or(u32::MAX),
                kind: Some(FoldingRangeKind::Region),
                collapsed_text: game
                    .tag("White")
                    .zip(game.tag("Black"))
                    .map(|(white, black)| format!("{} – {}", white.unescaped(), black.unescaped())),
                ..FoldingRange::default()
            })
        })
        .take(MAX_OUTLINE)
        .collect()
}
