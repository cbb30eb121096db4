//! Formatting whole files: every position without errors written in canonical form or in
//! another dialect, every other byte kept.

use super::hints::FileHints;
use super::lines::{is_position_line, lines};
use super::lint::{
    epd_position_len, not_text, overlaps_any, with_placeholders, without_trailing_nuls,
};
use super::perft_script::perft_script_position;
use crate::Validator;
use crate::file_kind::FileKind;
use crate::position::{Position, Variant, WriteOptions};

/// What formatting a file did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Formatted {
    /// The formatted file.
    pub text: Vec<u8>,
    /// How many positions changed.
    pub changed: usize,
    /// The 1-based lines of positions left alone because they have errors.
    pub skipped: Vec<usize>,
    /// Whether some of the file was left alone because it is not UTF-8: the lines in
    /// `not_utf8_lines`, or all of it when it is UTF-16.
    pub not_utf8: bool,
    /// The 1-based lines of positions (or, in a PGN file, of `[FEN]` tags) left alone because
    /// they are not UTF-8.
    pub not_utf8_lines: Vec<usize>,
    /// Why the file was left alone when it is not text, UTF-16 or binary data: the message of
    /// [`not_text`](crate::files::not_text)'s diagnostic (`UTF-16 (little-endian) text,
    /// expected UTF-8`).
    pub not_text: Option<String>,
}

/// Every valid position of a file in canonical form, or in the dialect `options` ask for;
/// comments, blank lines, line endings, operations, other PGN text and positions with errors
/// are kept byte for byte.
///
/// ```
/// use fenlint::files::{FileKind, format_file};
/// use fenlint::position::WriteOptions;
///
/// let text = b"4k3/8/8/8/8/8/8/R3K2R  w  KQ - 0 1\r\n# kept\n";
/// let formatted = format_file(FileKind::Lines, text, &WriteOptions::default());
/// assert_eq!(formatted.text, b"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\r\n# kept\n");
/// assert_eq!(formatted.changed, 1);
/// ```
pub fn format_file(kind: FileKind, bytes: &[u8], options: &WriteOptions) -> Formatted {
    format_file_as(kind, bytes, options, None)
}

/// [`format_file`] with every position read as `variant` (automatic when `None`, as
/// [`format_file`] reads them); a PGN game's `[Variant]` tag still wins for its `[FEN]` tags.
/// A position with errors in that variant is left alone.
///
/// ```
/// use fenlint::files::{FileKind, format_file_as};
/// use fenlint::position::{Variant, WriteOptions};
///
/// // Chess960 castling rights with the king on c1: valid in Chess960, errors in standard chess.
/// let text = b"1rk3r1/8/8/8/8/8/8/1RK3R1  w GBgb - 0 1\n";
/// let options = WriteOptions::default();
/// let chess960 = format_file_as(FileKind::Lines, text, &options, Some(Variant::Chess960));
/// assert_eq!(chess960.changed, 1);
/// let standard = format_file_as(FileKind::Lines, text, &options, Some(Variant::Standard));
/// assert_eq!((standard.changed, standard.skipped.as_slice()), (0, [1].as_slice()));
/// assert_eq!(standard.text, text);
/// ```
pub fn format_file_as(
    kind: FileKind,
    bytes: &[u8],
    options: &WriteOptions,
    variant: Option<Variant>,
) -> Formatted {
    if let Some(diagnostic) = not_text(bytes) {
        return Formatted {
            text: bytes.to_vec(),
            not_utf8: true,
            not_text: Some(diagnostic.message().to_owned()),
            ..Formatted::default()
        };
    }
    let mut outcome = match kind {
        FileKind::Pgn => format_pgn(bytes, options, variant),
        FileKind::Lines | FileKind::Epd => {
            let reading = Reading {
                variant,
                hints: FileHints::of(kind, bytes),
            };
            format_lines(kind, bytes, options, reading)
        }
    };
    outcome.not_utf8 = !outcome.not_utf8_lines.is_empty();
    outcome
}

/// [`format_file_as`] for a piece of a file of FEN lines or EPD records that is read a piece
/// at a time: `bytes` are whole lines from anywhere in the file, formatted each on its own
/// with what the whole file says, `hints` (see [`FileHints`]), and the lines of the outcome
/// are numbered from 1 at the start of `bytes`. Unlike [`format_file_as`], the piece is not
/// tested for UTF-16, which only the start of a file can tell. A PGN file is formatted as
/// [`format_file_as`] formats it, whole.
///
/// ```
/// use fenlint::files::{FileHints, FileKind, format_lines_as};
/// use fenlint::position::WriteOptions;
///
/// // A piece that starts with the bytes of a UTF-16 byte-order mark: a line that is not UTF-8.
/// let piece = b"\xff\xfe\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";
/// let options = WriteOptions::default();
/// let formatted = format_lines_as(FileKind::Lines, piece, &options, None, FileHints::default());
/// assert_eq!(formatted.text, b"\xff\xfe\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
/// assert_eq!((formatted.changed, formatted.not_utf8_lines.as_slice()), (1, [1].as_slice()));
/// assert!(formatted.not_text.is_none());
/// ```
pub fn format_lines_as(
    kind: FileKind,
    bytes: &[u8],
    options: &WriteOptions,
    variant: Option<Variant>,
    hints: FileHints,
) -> Formatted {
    if kind == FileKind::Pgn {
        return format_file_as(kind, bytes, options, variant);
    }
    let mut outcome = format_lines(kind, bytes, options, Reading { variant, hints });
    outcome.not_utf8 = !outcome.not_utf8_lines.is_empty();
    outcome
}

/// The canonical text of a FEN without errors, for `variant` (automatic when `None`). A FEN
/// without its last fields is written without them: formatting makes up no value.
///
/// Asked to write slash holdings ([`HoldingsStyle::Slash`](crate::position::HoldingsStyle)),
/// it reads slash holdings as crazyhouse holdings, as it writes them, where the variant is
/// automatic (which reads them so only with a `~` on the board): formatting its own output
/// again changes nothing.
///
/// ```
/// let fen = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";
/// assert_eq!(fenlint::files::canonical_fen(fen, None, &Default::default()).as_deref(), Some(fen));
/// assert_eq!(fenlint::files::canonical_fen("8/8 w", None, &Default::default()), None);
/// let board_only = "8/8/8/2K5/4k3/8/8/8";
/// assert_eq!(fenlint::files::canonical_fen(board_only, None, &Default::default()).as_deref(), Some(board_only));
/// ```
pub fn canonical_fen(
    fen: &str,
    variant: Option<Variant>,
    options: &WriteOptions,
) -> Option<String> {
    canonical_in(
        fen,
        Reading {
            variant,
            hints: FileHints::default(),
        },
        options,
    )
}

/// [`canonical_fen`] for a FEN read as `reading` says.
fn canonical_in(fen: &str, reading: Reading, options: &WriteOptions) -> Option<String> {
    let validator = reading.validator(fen, options);
    let lint = validator.lint(fen);
    let position = lint.position().filter(|_| !lint.has_errors())?;
    Some(given_fields(lint.tree(), position, lint.variant(), options))
}

/// The canonical text of `position`, read from `tree`, with only the fields `tree` gives: a
/// FEN that leaves out its last fields (`fen::fields::missing`) is written without them, not
/// with the values a reader assumes for them. Three-check counters that come before missing
/// move counters are written there, as checks remaining.
fn given_fields(
    tree: &crate::SyntaxTree<'_>,
    position: &Position,
    variant: Option<Variant>,
    options: &WriteOptions,
) -> String {
    let given = [
        tree.side_to_move().is_some(),
        tree.castling().is_some(),
        tree.en_passant().is_some(),
        tree.halfmove_clock().is_some(),
        tree.fullmove_number().is_some(),
    ]
    .iter()
    .take_while(|&&given| given)
    .count()
    .saturating_add(1);
    if given == 6 {
        return written(position, variant, options);
    }
    // Checks remaining sit right after the en-passant field: `p s c e W+B h f`.
    let checks = position.checks_given.is_some() && given >= 4;
    let options = if checks {
        options.with_checks(crate::position::ChecksStyle::Remaining)
    } else {
        *options
    };
    let text = written(position, variant, &options);
    let fields: Vec<&str> = text.split(' ').collect();
    let kept = if checks {
        given.saturating_add(1)
    } else {
        given
    };
    fields.get(..kept).unwrap_or(&fields).join(" ")
}

/// How formatting reads the positions of a file: as one variant (automatic when `None`), with
/// what the whole file says.
#[derive(Clone, Copy)]
struct Reading {
    variant: Option<Variant>,
    hints: FileHints,
}

impl Reading {
    /// The validator that formatting reads `text` (a FEN, or an EPD record) with: as the
    /// variant, or automatic with the file's hints, and as crazyhouse when automatic and
    /// `options` write slash holdings and `text` has them.
    fn validator(self, text: &str, options: &WriteOptions) -> Validator {
        let slash = || {
            crate::parse(text)
                .tree()
                .holdings()
                .is_some_and(|holdings| holdings.form() == crate::syntax::HoldingsForm::Slash)
        };
        match self.variant {
            Some(variant) => Validator::new().variant(variant),
            None if options.holdings == crate::position::HoldingsStyle::Slash && slash() => {
                Validator::new().variant(Variant::Crazyhouse)
            }
            None => self.hints.apply(&Validator::new()).into_owned(),
        }
    }
}

/// `position` written in `options`' dialect as the variant it was checked as (which decides
/// how Chess960 castling is lettered, see [`crate::position::CastlingStyle::XFen`]).
fn written(position: &Position, variant: Option<Variant>, options: &WriteOptions) -> String {
    match variant {
        Some(variant) if variant != position.variant => {
            let mut position = position.clone();
            position.variant = variant;
            position.to_fen(options)
        }
        _ => position.to_fen(options),
    }
}

/// Formats one FEN (or one EPD record's four fields) per line, read as `reading` says.
fn format_lines(
    kind: FileKind,
    bytes: &[u8],
    options: &WriteOptions,
    reading: Reading,
) -> Formatted {
    let mut outcome = Formatted {
        text: Vec::with_capacity(bytes.len()),
        ..Formatted::default()
    };
    for (number, (_, content, line)) in lines(bytes).enumerate() {
        let ending = line.get(content.len()..).unwrap_or_default();
        if !is_position_line(content) {
            outcome.text.extend_from_slice(line);
            continue;
        }
        let text = match std::str::from_utf8(content) {
            Ok(text) => text,
            Err(error) => {
                // An EPD record with Latin-1 text after its position: the position is
                // formatted, the rest kept byte for byte.
                let formatted = (kind == FileKind::Epd
                    && error.valid_up_to() >= epd_position_len(content))
                .then(|| format_latin1_record(content, options, reading))
                .flatten();
                match formatted {
                    Some(formatted) => {
                        if formatted != content {
                            outcome.changed = outcome.changed.saturating_add(1);
                        }
                        outcome.text.extend_from_slice(&formatted);
                        outcome.text.extend_from_slice(ending);
                    }
                    None => {
                        outcome.not_utf8_lines.push(number.saturating_add(1));
                        outcome.text.extend_from_slice(line);
                    }
                }
                continue;
            }
        };
        // A byte-order mark is kept, as every byte but the position's.
        let bom = if text.starts_with('\u{feff}') {
            "\u{feff}"
        } else {
            ""
        };
        let text = text.get(bom.len()..).unwrap_or(text);
        // So are NUL bytes after the record (`fen::input::trailing_nul`).
        let record = without_trailing_nuls(text);
        let nuls = text.get(record.len()..).unwrap_or_default();
        // A perft script's `epd` keyword is kept, and the EPD record after it formatted.
        let (keyword, text) = match perft_script_position(record.as_bytes()) {
            Some(at) => record.split_at_checked(at).unwrap_or(("", record)),
            None => ("", record),
        };
        let formatted = if kind == FileKind::Epd || !keyword.is_empty() {
            format_epd(text, options, reading)
        } else {
            canonical_in(text, reading, options)
        };
        let Some(formatted) = formatted else {
            outcome.skipped.push(number.saturating_add(1));
            outcome.text.extend_from_slice(line);
            continue;
        };
        if formatted != text {
            outcome.changed = outcome.changed.saturating_add(1);
        }
        outcome.text.extend_from_slice(bom.as_bytes());
        outcome.text.extend_from_slice(keyword.as_bytes());
        outcome.text.extend_from_slice(formatted.as_bytes());
        outcome.text.extend_from_slice(nuls.as_bytes());
        outcome.text.extend_from_slice(ending);
    }
    outcome
}

/// An EPD record whose bytes that are not UTF-8 all come after its position, `content`, with
/// its position formatted and every other byte kept; `None` when the record has errors or the
/// text after the position would change (a conversion of its counters).
fn format_latin1_record(
    content: &[u8],
    options: &WriteOptions,
    reading: Reading,
) -> Option<Vec<u8>> {
    let (text, _) = with_placeholders(content);
    let rest = text.get(epd_position_len(content)..)?;
    let formatted = format_epd(&text, options, reading)?;
    let head = formatted.strip_suffix(rest)?;
    let mut out = head.as_bytes().to_vec();
    out.extend_from_slice(content.get(epd_position_len(content)..)?);
    Some(out)
}

/// An EPD record with its four position fields (and FEN counters after them) in canonical form
/// and its operations as written; `None` when the record has errors (read as `reading` says).
fn format_epd(record: &str, options: &WriteOptions, reading: Reading) -> Option<String> {
    let validator = reading.validator(record, options);
    let checked = crate::epd::check(record, 0, &validator);
    if checked.has_errors() {
        return None;
    }
    let lint = checked.lint()?;
    let position = lint.position()?;
    let tree = lint.tree();
    let start = tree.placement()?.span().start;
    // The three-check counters of an EPD record come right after the en-passant field, in
    // either form; they are written there as checks remaining (`W+B`), the form EPD readers
    // read there (python-chess rejects `+W+B` in that place), whatever `options.checks` says
    // for FENs, where given checks follow the move counters.
    let checks = tree.remaining_checks().or_else(|| tree.given_checks());
    let end = match &checks {
        Some(checks) => checks.syntax().span().end,
        None => tree.en_passant()?.span().end,
    };
    let remaining = options.with_checks(crate::position::ChecksStyle::Remaining);
    let fen = written(position, lint.variant(), &remaining);
    // `p s c e W+B h f` with checks, `p s c e h f` without.
    let fields: Vec<&str> = fen
        .splitn(6, ' ')
        .take(if checks.is_some() { 5 } else { 4 })
        .collect();
    let rest = epd_counters(record, end, &checked, options.epd_counters)?;
    Some(format!(
        "{}{}{rest}",
        record.get(..start)?,
        fields.join(" ")
    ))
}

/// The text of an EPD record after its position fields (from `end`), with its move counters
/// written `style`'s way: the FEN counters as `hmvc` and `fmvn` operations, or those two
/// operations (when the record has both) as FEN counters. Counters written both ways are
/// written once, `style`'s way. A record already written that way, or that cannot be (no
/// counters at all, or only one operation), is left as it is; `AsWritten` writes FEN counters
/// as a FEN's, one space before each and no leading zero.
fn epd_counters(
    record: &str,
    end: usize,
    checked: &crate::epd::Record<'_>,
    style: crate::position::EpdCountersStyle,
) -> Option<String> {
    use crate::position::EpdCountersStyle;
    let rest = record.get(end..)?;
    let tree = checked.lint()?.tree();
    let written = match style {
        EpdCountersStyle::AsWritten => fen_counters_as_a_fen(record, end, tree),
        EpdCountersStyle::Operations => counters_as_operations(record, end, tree, checked),
        EpdCountersStyle::Fen => operations_as_fen_counters(record, end, tree, checked),
    };
    // `None` from a style: nothing for it to write (or a span out of the record); the rest is
    // kept as it is.
    Some(written.unwrap_or_else(|| rest.to_owned()))
}

/// [`epd_counters`] `AsWritten`: the six-field dialect's counters are the position's, written
/// as a FEN's are, one space before each and no leading zero. Text between them and the
/// en-passant field (three-check counters) is kept as it is.
fn fen_counters_as_a_fen(record: &str, end: usize, tree: &crate::SyntaxTree<'_>) -> Option<String> {
    let (_, halfmove, fullmove) = move_counters(tree)?;
    let between = record.get(end..halfmove.span().start)?;
    let before = if between.trim().is_empty() {
        " "
    } else {
        between
    };
    let value = |number: crate::syntax::SyntaxNode<'_, '_>| {
        crate::syntax::digits_value(number.text())
            .map_or_else(|| number.text().to_owned(), |value| value.to_string())
    };
    Some(format!(
        "{before}{} {}{}",
        value(halfmove),
        value(fullmove),
        record.get(fullmove.span().end..)?
    ))
}

/// The FEN move counters of a record's `tree`, with their two numbers (the halfmove clock,
/// then the fullmove number).
fn move_counters<'t, 'a>(
    tree: &'t crate::SyntaxTree<'a>,
) -> Option<(
    crate::syntax::MoveCounters<'t, 'a>,
    crate::syntax::SyntaxNode<'t, 'a>,
    crate::syntax::SyntaxNode<'t, 'a>,
)> {
    let counters = tree.move_counters()?;
    let mut numbers = counters.numbers();
    let (halfmove, fullmove) = (numbers.next()?, numbers.next()?);
    Some((counters, halfmove, fullmove))
}

/// The operation of `checked` with `opcode`, if any.
fn operation<'r, 'a>(
    checked: &'r crate::epd::Record<'a>,
    opcode: &str,
) -> Option<&'r crate::epd::Operation<'a>> {
    checked
        .operations()
        .iter()
        .find(|operation| operation.opcode() == opcode)
}

/// [`epd_counters`] `Operations`: the FEN counters as `hmvc` and `fmvn` operations, unless the
/// record has them already (then the counters go).
fn counters_as_operations(
    record: &str,
    end: usize,
    tree: &crate::SyntaxTree<'_>,
    checked: &crate::epd::Record<'_>,
) -> Option<String> {
    let (counters, halfmove, fullmove) = move_counters(tree)?;
    let span = counters.span();
    let after = record.get(span.end..)?;
    // Operations written after their `;` (`;D1 20 ;D2 400`, as perft suites write them) are
    // joined in their own style, so that no `;` is left without its operation.
    let leading = after.trim_start().starts_with(';');
    let mut written = Vec::new();
    for (opcode, value) in [("hmvc", halfmove.text()), ("fmvn", fullmove.text())] {
        if operation(checked, opcode).is_none() {
            written.push(if leading {
                format!(";{opcode} {value}")
            } else {
                format!("{opcode} {value};")
            });
        }
    }
    let mut out = String::with_capacity(record.len().saturating_sub(end).saturating_add(16));
    out.push_str(record.get(end..span.start)?);
    if written.is_empty() {
        // The operations are there already: the counters and the blank after go.
        out.push_str(after.trim_start());
        if out.trim().is_empty() {
            out.clear();
        }
    } else {
        out.push_str(&written.join(" "));
        out.push_str(after);
    }
    Some(out)
}

/// [`epd_counters`] `Fen`: the `hmvc` and `fmvn` operations as FEN counters when the record has
/// both; with FEN counters there already, the operations that repeat them go.
fn operations_as_fen_counters(
    record: &str,
    end: usize,
    tree: &crate::SyntaxTree<'_>,
    checked: &crate::epd::Record<'_>,
) -> Option<String> {
    let (hmvc, fmvn) = (operation(checked, "hmvc"), operation(checked, "fmvn"));
    let (mut out, mut spans) = if tree.move_counters().is_some() {
        // They agree with the counters, for a record whose counters conflict has errors and is
        // not formatted.
        let spans: Vec<crate::Span> = [hmvc, fmvn]
            .into_iter()
            .flatten()
            .map(|operation| operation.span())
            .collect();
        if spans.is_empty() {
            return None;
        }
        (String::new(), spans)
    } else {
        let (hmvc, fmvn) = (hmvc?, fmvn?);
        let (halfmove, fullmove) = (hmvc.operands().first()?, fmvn.operands().first()?);
        (
            format!(" {} {}", halfmove.text(), fullmove.text()),
            vec![hmvc.span(), fmvn.span()],
        )
    };
    // The rest without the operations, each with the blank after it.
    let mut at = end;
    spans.sort_by_key(|span| span.start);
    for span in spans {
        out.push_str(record.get(at..span.start)?);
        let after = record.get(span.end..)?;
        at = span
            .end
            .saturating_add(after.len().saturating_sub(after.trim_start().len()));
    }
    let tail = record.get(at..)?;
    if tail.trim().is_empty() {
        // Nothing after: the blanks before the removed operations go too.
        let kept = out.trim_end().len();
        out.truncate(kept);
    } else {
        out.push_str(tail);
    }
    Some(out)
}

/// A PGN file with every `[FEN]` tag value without errors in canonical form. Bytes that are
/// not UTF-8 (a Latin-1 name in a tag) are kept as they are, and a `[FEN]` tag that holds one
/// is left alone.
fn format_pgn(bytes: &[u8], options: &WriteOptions, default: Option<Variant>) -> Formatted {
    let (text, bad) = match std::str::from_utf8(bytes) {
        Ok(text) => (std::borrow::Cow::Borrowed(text), Vec::new()),
        Err(_) => {
            let (text, bad) = with_placeholders(bytes);
            (std::borrow::Cow::Owned(text), bad)
        }
    };
    let mut outcome = Formatted::default();
    let mut out = Vec::with_capacity(bytes.len());
    let index = crate::LineIndex::new(&text);
    let mut at = 0;
    for game in crate::pgn::read(&text, 0).games() {
        let named = game
            .tag("Variant")
            .map(|tag| crate::pgn::variant_of(&tag.unescaped()));
        // The FEN of a variant fenlint does not know has no canonical form here: it is left
        // as written (not as a position with errors).
        if matches!(named, Some(Err(_))) {
            continue;
        }
        let variant = named.and_then(Result::ok).flatten().or(default);
        for tag in game.tags().iter().filter(|tag| tag.name() == "FEN") {
            let span = tag.value_span();
            let (Some(before), Some(value)) = (bytes.get(at..span.start), text.get(span.range()))
            else {
                continue;
            };
            let line = index.line_of(span.start).saturating_add(1);
            if overlaps_any(span, &bad) {
                outcome.not_utf8_lines.push(line);
                continue;
            }
            let Some(formatted) = canonical_fen(value, variant, options) else {
                outcome.skipped.push(line);
                continue;
            };
            out.extend_from_slice(before);
            out.extend_from_slice(formatted.as_bytes());
            at = span.end;
            if formatted != value {
                outcome.changed = outcome.changed.saturating_add(1);
            }
        }
    }
    out.extend_from_slice(bytes.get(at..).unwrap_or_default());
    outcome.text = out;
    outcome
}
