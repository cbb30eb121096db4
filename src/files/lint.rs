//! Linting whole files and their lines: a line's diagnostics whatever its bytes, a file's with
//! its suppression comments, and the codes reported once per file.

use super::hints::FileHints;
use super::lines::{is_position_line, lines};
use super::perft_script::{perft_script, perft_script_position};
use crate::file_kind::FileKind;
use crate::suppression::Suppressor;
use crate::{Diagnostic, Validator};

/// The diagnostics of one line (without its line ending) at byte `offset` of its file: a FEN,
/// or for [`FileKind::Epd`] an EPD record. A line that is not UTF-8 gets one
/// `fen::input::invalid_utf8` at its first bad byte.
///
/// ```
/// use fenlint::files::{FileKind, lint_line};
/// let diagnostics = lint_line(FileKind::Lines, b"4k3/8/8/8/8/8/8/4K3 x - - 0 1", 100, &fenlint::Validator::new());
/// assert_eq!(diagnostics[0].code().name(), "fen::side_to_move::invalid");
/// assert_eq!(diagnostics[0].span(), fenlint::Span::new(120, 121));
/// ```
pub fn lint_line(
    kind: FileKind,
    line: &[u8],
    offset: usize,
    validator: &Validator,
) -> Vec<Diagnostic> {
    match std::str::from_utf8(line) {
        Ok(text) => lint_text_line(kind, text, offset, validator),
        Err(error) if kind == FileKind::Epd && error.valid_up_to() >= epd_position_len(line) => {
            lint_latin1_record(line, offset, validator)
        }
        Err(_) => invalid_utf8(line, offset, validator),
    }
}

/// The length of the position part of an EPD record: up to the end of its fourth
/// whitespace-separated field (all of it when it has fewer).
pub(super) fn epd_position_len(line: &[u8]) -> usize {
    let mut at = 0usize;
    for _ in 0..4 {
        let rest = line.get(at..).unwrap_or_default();
        let blank = rest
            .iter()
            .take_while(|byte| byte.is_ascii_whitespace())
            .count();
        let field = rest
            .get(blank..)
            .unwrap_or_default()
            .iter()
            .take_while(|byte| !byte.is_ascii_whitespace())
            .count();
        at = at.saturating_add(blank).saturating_add(field);
    }
    at.min(line.len())
}

/// An EPD record whose bytes that are not UTF-8 all come after its four position fields (a
/// Latin-1 name in a `c0` comment): linted with each such byte read as `?`, less what is said
/// about those bytes, and one `fen::input::latin1` note at the first of them.
fn lint_latin1_record(line: &[u8], offset: usize, validator: &Validator) -> Vec<Diagnostic> {
    let (text, bad) = with_placeholders(line);
    let mut diagnostics: Vec<Diagnostic> = crate::epd::lint_epd(&text, offset, validator)
        .into_iter()
        .filter(|diagnostic| {
            !diagnostic.labels().iter().any(|label| {
                let span = label.span();
                let relative = crate::Span::new(
                    span.start.saturating_sub(offset),
                    span.end.saturating_sub(offset),
                );
                overlaps_any(relative, &bad)
            })
        })
        .collect();
    let absolute: Vec<crate::Span> = bad
        .iter()
        .map(|span| {
            crate::Span::new(
                offset.saturating_add(span.start),
                offset.saturating_add(span.end),
            )
        })
        .collect();
    diagnostics.extend(latin1(&absolute, validator));
    diagnostics.sort_by_key(|diagnostic| diagnostic.span().start);
    diagnostics
}

/// `fen::input::latin1` for the runs of bytes that are not UTF-8 `bad` (in order, not empty),
/// at the first, with the severity in force.
fn latin1(bad: &[crate::Span], validator: &Validator) -> Option<Diagnostic> {
    let severity = validator.severity_of(crate::Code::InputLatin1)?;
    let span = *bad.first()?;
    let bytes = bad
        .iter()
        .fold(0usize, |sum, span| sum.saturating_add(span.len()));
    let (count, noun, verb) = if bytes == 1 {
        ("a".to_owned(), "byte", "is")
    } else {
        (bytes.to_string(), "bytes", "are")
    };
    Some(
        Diagnostic::new(
            crate::Code::InputLatin1,
            format!("{count} {noun} of text that {verb} not UTF-8 read as Latin-1, expected UTF-8"),
        )
        .primary(span, "not UTF-8: read as Latin-1")
        .help("PGN's character set is ISO 8859-1 (PGN §4.1), and fenlint reads such bytes outside a FEN as Latin-1; re-save the file as UTF-8 (`iconv -f LATIN1 -t UTF-8`) for tools that expect it.")
        .with_severity(severity),
    )
}

/// [`lint_line`] for a line already known to be UTF-8: what a reader that checked a whole
/// buffer of lines at once passes on, so that each line is not checked again.
///
/// ```
/// use fenlint::files::{FileKind, lint_text_line};
/// let diagnostics = lint_text_line(FileKind::Lines, "4k3/8/8/8/8/8/8/4K3 x - - 0 1", 100, &fenlint::Validator::new());
/// assert_eq!(diagnostics[0].code().name(), "fen::side_to_move::invalid");
/// assert_eq!(diagnostics[0].span(), fenlint::Span::new(120, 121));
/// ```
pub fn lint_text_line(
    kind: FileKind,
    line: &str,
    offset: usize,
    validator: &Validator,
) -> Vec<Diagnostic> {
    let record = without_trailing_nuls(line);
    let mut diagnostics = if let Some(at) = perft_script_position(record.as_bytes()) {
        perft_script_line(record, at, offset, validator)
    } else if kind == FileKind::Epd {
        crate::epd::lint_epd(record, offset, validator)
    } else {
        validator
            .lint_parse(crate::parse_at(record, offset))
            .into_diagnostics()
    };
    if record.len() < line.len()
        && let Some(severity) = validator.severity_of(crate::Code::InputTrailingNul)
    {
        let start = offset.saturating_add(record.len());
        let span = crate::Span::new(start, offset.saturating_add(line.len()));
        diagnostics.push(
            trailing_nuls(span, line.len().saturating_sub(record.len())).with_severity(severity),
        );
    }
    diagnostics
}

/// The diagnostics of `line`, a perft script's `epd POSITION` line whose position starts at
/// byte `at`: the position's as an EPD record, and `fen::input::perft_script` at the keyword.
fn perft_script_line(
    line: &str,
    at: usize,
    offset: usize,
    validator: &Validator,
) -> Vec<Diagnostic> {
    let position = line.get(at..).unwrap_or_default();
    let mut diagnostics = crate::epd::lint_epd(position, offset.saturating_add(at), validator);
    if let Some(severity) = validator.severity_of(crate::Code::InputPerftScript) {
        let keyword = line.split_whitespace().next().unwrap_or_default();
        let span = crate::Span::new(offset, offset.saturating_add(keyword.len()));
        diagnostics.insert(0, perft_script(span).with_severity(severity));
    }
    diagnostics
}

/// `line` without the NUL bytes at its end: the record a C program that wrote each string with
/// its terminator meant (see `fen::input::trailing_nul`).
pub(super) fn without_trailing_nuls(line: &str) -> &str {
    line.trim_end_matches('\0')
}

/// `fen::input::trailing_nul` for the `count` NUL bytes at `span`, the end of a line.
fn trailing_nuls(span: crate::Span, count: usize) -> Diagnostic {
    let what = if count == 1 {
        "a NUL byte".to_owned()
    } else {
        format!("{count} NUL bytes")
    };
    Diagnostic::new(
        crate::Code::InputTrailingNul,
        format!("{what} at the end of the line, expected the line to end with the record"),
    )
    .primary(span, "a C string's terminator")
    .help("The file was written with each string's NUL terminator; readers that stop at the NUL see the record, others see stray bytes. Remove them.")
    .with_fix(span, "")
}

/// The diagnostics of a line of which only the first bytes, `head`, were kept, while the whole
/// line (without its ending) is `full_len` bytes long: what a reader that bounds its memory
/// passes on for a line longer than [`MAX_LINE_LEN`](crate::MAX_LINE_LEN).
///
/// Up to [`MAX_LINE_LEN`](crate::MAX_LINE_LEN) bytes of `head` are linted as usual; when the
/// line is longer, the rest of it gets `fen::input::too_long`, with a span to the line's end.
///
/// ```
/// use fenlint::files::{FileKind, lint_line_head};
/// let head = vec![b'8'; fenlint::MAX_LINE_LEN + 10];
/// let diagnostics = lint_line_head(FileKind::Lines, &head, 1 << 30, 0, &fenlint::Validator::new());
/// let too_long = diagnostics.iter().find(|d| d.code().name() == "fen::input::too_long").unwrap();
/// assert_eq!(too_long.span(), fenlint::Span::new(fenlint::MAX_LINE_LEN, 1 << 30));
/// ```
pub fn lint_line_head(
    kind: FileKind,
    head: &[u8],
    full_len: usize,
    offset: usize,
    validator: &Validator,
) -> Vec<Diagnostic> {
    if full_len <= head.len() && head.len() <= crate::MAX_LINE_LEN {
        return lint_line(kind, head, offset, validator);
    }
    // Cut back to the start of a UTF-8 character (at most three bytes back).
    let mut cut = crate::MAX_LINE_LEN.min(head.len());
    while head
        .get(cut)
        .is_some_and(|&byte| (0x80..0xC0).contains(&byte))
        && cut > 0
    {
        cut = cut.saturating_sub(1);
    }
    let mut diagnostics = lint_line(kind, head.get(..cut).unwrap_or_default(), offset, validator);
    // What the head says about where the line ends is not so: the line goes on.
    let cut_at = offset.saturating_add(cut);
    diagnostics.retain(|diagnostic| !depends_on_the_end(diagnostic, cut_at));
    if let Some(severity) = validator.severity_of(crate::Code::InputTooLong) {
        let span = crate::Span::new(
            offset.saturating_add(cut),
            offset.saturating_add(full_len.max(head.len())),
        );
        let total = full_len.max(head.len());
        diagnostics.push(crate::parse::line_too_long(span, total).with_severity(severity));
    }
    diagnostics
}

/// Whether `diagnostic`, of the head of a line cut at offset `cut`, tells something that holds
/// only if the line ended there: fields missing (the rest may hold them), a placement of too
/// few ranks that runs to the cut, a string or an operation left open, the record's length
/// (which `fen::input::too_long` gives in full).
fn depends_on_the_end(diagnostic: &Diagnostic, cut: usize) -> bool {
    use crate::Code;
    match diagnostic.code() {
        Code::FieldsMissing
        | Code::EpdFieldsMissing
        | Code::EpdOperandUnclosedString
        | Code::EpdOperationUnterminated
        | Code::EpdRecordTooLong => true,
        // The ranks go on only if the placement runs to the cut.
        Code::PlacementTooFewRanks => diagnostic.span().end >= cut,
        _ => false,
    }
}

/// [`lint_line_head`] for a kept head already known to be UTF-8 (see [`lint_text_line`]).
///
/// ```
/// use fenlint::files::{FileKind, lint_text_line_head};
/// let validator = fenlint::Validator::new();
/// let whole = lint_text_line_head(FileKind::Lines, "4k3/8/8/8/8/8/8/4K3 x - - 0 1", 29, 100, &validator);
/// assert_eq!(whole[0].span(), fenlint::Span::new(120, 121));
/// let head = "8".repeat(fenlint::MAX_LINE_LEN + 10);
/// let cut = lint_text_line_head(FileKind::Lines, &head, 1 << 30, 0, &validator);
/// assert!(cut.iter().any(|d| d.code().name() == "fen::input::too_long"));
/// ```
pub fn lint_text_line_head(
    kind: FileKind,
    head: &str,
    full_len: usize,
    offset: usize,
    validator: &Validator,
) -> Vec<Diagnostic> {
    if full_len <= head.len() && head.len() <= crate::MAX_LINE_LEN {
        lint_text_line(kind, head, offset, validator)
    } else {
        lint_line_head(kind, head.as_bytes(), full_len, offset, validator)
    }
}

/// [`lint_text_line_head`], appending the diagnostics to `out` and returning how many there
/// are: for a caller that gathers many lines' diagnostics in one vector (a batch of a file's
/// lines), so that the lines' own vectors are reused rather than made and freed one by one.
///
/// ```
/// use fenlint::files::{FileKind, lint_text_line_head_into};
/// let validator = fenlint::Validator::new();
/// let mut all = Vec::new();
/// let line = "4k3/8/8/8/8/8/8/4K3 x - - 0 1";
/// assert_eq!(lint_text_line_head_into(FileKind::Lines, line, 29, 0, &validator, &mut all), 1);
/// assert_eq!(lint_text_line_head_into(FileKind::Lines, line, 29, 30, &validator, &mut all), 1);
/// assert_eq!(all[1].span(), fenlint::Span::new(50, 51));
/// ```
pub fn lint_text_line_head_into(
    kind: FileKind,
    head: &str,
    full_len: usize,
    offset: usize,
    validator: &Validator,
    out: &mut Vec<Diagnostic>,
) -> usize {
    let found = lint_text_line_head(kind, head, full_len, offset, validator);
    append_found(out, found)
}

/// Moves a line's diagnostics, `found`, to the end of `out`, keeping the room of the line's
/// vector for the next line's diagnostics on this thread; returns how many there were.
fn append_found(out: &mut Vec<Diagnostic>, mut found: Vec<Diagnostic>) -> usize {
    let count = found.len();
    if count > 0 {
        out.append(&mut found);
        crate::diagnostics::give_back(found);
    }
    count
}

/// `fen::input::invalid_utf8` for bytes that are not UTF-8, with the severity in force (none
/// when the code is allowed).
pub fn invalid_utf8(bytes: &[u8], offset: usize, validator: &Validator) -> Vec<Diagnostic> {
    match crate::parse_bytes_at(bytes, offset) {
        Ok(_) => Vec::new(),
        Err(diagnostic) => validator
            .severity_of(diagnostic.code())
            .map(|severity| vec![diagnostic.with_severity(severity)])
            .unwrap_or_default(),
    }
}

/// Which UTF-16 a file that starts with `head` is in, if it is: a UTF-16 byte-order mark, or
/// text whose every other byte is 0 (ASCII in UTF-16 without a mark).
pub(super) fn utf16_order(head: &[u8]) -> Option<(&'static str, &'static str)> {
    match head {
        [0xFF, 0xFE, ..] => return Some(("little-endian", "UTF-16 byte-order mark")),
        [0xFE, 0xFF, ..] => return Some(("big-endian", "UTF-16 byte-order mark")),
        _ => {}
    }
    let head = head.get(..512).unwrap_or(head);
    let (mut pairs, mut even, mut odd) = (0usize, 0usize, 0usize);
    for pair in head.chunks_exact(2) {
        if let [first, second] = pair {
            pairs = pairs.saturating_add(1);
            even = even.saturating_add(usize::from(*first == 0));
            odd = odd.saturating_add(usize::from(*second == 0));
        }
    }
    // Nine pairs in ten with their zero byte on the same side, none on the other.
    let most = |zeros: usize| zeros.saturating_mul(10) >= pairs.saturating_mul(9);
    if pairs < 2 {
        None
    } else if most(odd) && even == 0 {
        Some(("little-endian", "every other byte is 0"))
    } else if most(even) && odd == 0 {
        Some(("big-endian", "every other byte is 0"))
    } else {
        None
    }
}

/// `fen::input::invalid_utf8` saying that a file starting with `head` (its first few hundred
/// bytes suffice) is UTF-16, not UTF-8, with the code's default severity; `None` for any other
/// file. A UTF-16 file is not read further: its bytes are no FEN in any encoding fenlint reads.
///
/// ```
/// let diagnostic = fenlint::files::utf16(b"\xff\xfe4\0k\03\0").unwrap();
/// assert_eq!(diagnostic.code().name(), "fen::input::invalid_utf8");
/// assert!(diagnostic.message().contains("UTF-16"));
/// assert!(fenlint::files::utf16(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_none());
/// ```
pub fn utf16(head: &[u8]) -> Option<Diagnostic> {
    let (order, why) = utf16_order(head)?;
    let span = crate::Span::new(0, head.len().min(2));
    Some(
        Diagnostic::new(
            crate::Code::InputInvalidUtf8,
            format!("UTF-16 ({order}) text, expected UTF-8"),
        )
        .primary(span, why)
        .help("FEN is ASCII text; re-save the file as UTF-8 (for example `iconv -f UTF-16 -t UTF-8`)."),
    )
}

/// `fen::input::invalid_utf8` saying that a file starting with `head` (its first few kilobytes
/// suffice) is binary data, not text: an archive or compressed data by its signature (zip,
/// gzip, xz, zstd, 7-Zip, PDF), a run of 64 NULs or more, or bytes with NULs inside their
/// lines (four or more: NULs that end a line are a C string's terminator,
/// `fen::input::trailing_nul`, and one stray NUL is a line's own error). `None` for any other
/// file. Such a file is not read further: one finding says what it is, not an error for each
/// of its "lines".
///
/// ```
/// let zip = fenlint::files::binary(b"PK\x03\x04\x14\0\0\0\x08\0").unwrap();
/// assert_eq!(zip.code().name(), "fen::input::invalid_utf8");
/// assert!(zip.message().contains("a zip archive"));
/// assert!(fenlint::files::binary(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\0\0\n").is_none());
/// let zeros = fenlint::files::binary(&[0; 4096]).unwrap();
/// assert!(zeros.message().contains("a run of NUL bytes"));
/// assert_eq!(zeros.span(), fenlint::Span::new(0, 64));
/// assert!(fenlint::files::binary(&[b'8'; 4096]).is_none());
/// ```
pub fn binary(head: &[u8]) -> Option<Diagnostic> {
    const SIGNATURES: [(&[u8], &str); 6] = [
        (b"PK\x03\x04", "a zip archive"),
        (b"\x1f\x8b", "gzip-compressed data"),
        (b"\xfd7zXZ\0", "xz-compressed data"),
        (b"\x28\xb5\x2f\xfd", "zstd-compressed data"),
        (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
        (b"%PDF-", "a PDF document"),
    ];
    let head = head.get(..BINARY_HEAD).unwrap_or(head);
    let (what, span) = match SIGNATURES
        .iter()
        .find(|(signature, _)| head.starts_with(signature))
    {
        Some((signature, what)) => (*what, crate::Span::new(0, signature.len())),
        None => {
            // A run of NULs longer than any string's terminator (a disk image, `/dev/zero`).
            let mut nuls = 0usize;
            let run_end = head.iter().position(|&byte| {
                nuls = if byte == 0 { nuls.saturating_add(1) } else { 0 };
                nuls >= NUL_RUN
            });
            if let Some(end) = run_end {
                let start = end.saturating_add(1).saturating_sub(NUL_RUN);
                (
                    "binary data (a run of NUL bytes)",
                    crate::Span::new(start, start.saturating_add(NUL_RUN)),
                )
            } else {
                // A NUL followed by another byte of its line.
                let mut inside = head.windows(2).enumerate().filter(
                    |(_, pair)| matches!(pair, [0, next] if !matches!(next, 0 | b'\n' | b'\r')),
                );
                let first = inside.next()?.0;
                if inside.count() < 3 {
                    return None;
                }
                (
                    "binary data (NUL bytes inside its lines)",
                    crate::Span::new(first, first.saturating_add(1)),
                )
            }
        }
    };
    Some(
        Diagnostic::new(crate::Code::InputInvalidUtf8, format!("{what}, expected text"))
            .primary(span, "not text")
            .help("fenlint reads text: FEN lines, EPD records and PGN games in UTF-8 (or Latin-1 outside the positions). This file is not read further; check the file it holds, or leave it out."),
    )
}

/// How many NUL bytes in a row make a file binary data: more than the terminators that C
/// strings leave at the end of a line.
const NUL_RUN: usize = 64;

/// How many bytes of the start of a file [`binary`] looks at.
const BINARY_HEAD: usize = 8192;

/// What says that a file starting with `head` is not text, UTF-16 ([`utf16`]) or binary data
/// ([`binary`]): one `fen::input::invalid_utf8`; `None` for a text file.
///
/// ```
/// assert!(fenlint::files::not_text(b"\xff\xfe4\0k\03\0").is_some());
/// assert!(fenlint::files::not_text(b"\x1f\x8b\x08\0").is_some());
/// assert!(fenlint::files::not_text(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n").is_none());
/// ```
pub fn not_text(head: &[u8]) -> Option<Diagnostic> {
    utf16(head).or_else(|| binary(head))
}

/// Every diagnostic of a whole file of `kind`, in order, with spans into `bytes`, less those
/// its [suppression comments](crate::suppression) silence, and with their own problems. A code
/// [reported once per file](crate::Code::once_per_file) is reported at its first occurrence
/// only, whose message says how many more the file has ([`OncePerFile::apply`]), unless the
/// validator [reports every occurrence](Validator::every_occurrence).
///
/// A line that is not UTF-8 gets `fen::input::invalid_utf8` at its first bad byte, but for text
/// outside a FEN (an EPD record's operations, a PGN file's comments and tags other than `FEN`),
/// which is read as Latin-1 with a `fen::input::latin1` note; every `[FEN]` tag of a PGN file
/// with bad bytes is linted all the same. A UTF-16 file gets one `fen::input::invalid_utf8`
/// that says so, and nothing else.
///
/// ```
/// use fenlint::files::{FileKind, lint_file};
/// let text = b"4k3/8/8/8/8/8/8/4K3 w - - 0 0\n4k3/8/8/8/8/8/8/3K4 w - - 0 0\n";
/// let diagnostics = lint_file(FileKind::Lines, text, &fenlint::Validator::new());
/// assert_eq!(diagnostics.len(), 1);
/// assert_eq!(diagnostics[0].message(), "fullmove number 0, expected 1 or more (and 1 more in this file)");
/// ```
pub fn lint_file(kind: FileKind, bytes: &[u8], validator: &Validator) -> Vec<Diagnostic> {
    let mut diagnostics = lint_every(kind, bytes, validator);
    if !validator.reports_every_occurrence() {
        OncePerFile::apply(&mut diagnostics);
    }
    diagnostics
}

/// The findings of a file of codes [reported once per file](crate::Code::once_per_file),
/// tallied: the first of each such code is kept, with what the caller keeps with it (`T`, such
/// as the text of its line), and the others are counted. A reporter that sees a file's
/// diagnostics one by one, in order, asks [`OncePerFile::take`] about each and, when the file
/// ends, reports what [`OncePerFile::finish`] gives back; one that has them all at once calls
/// [`OncePerFile::apply`]. The command `fenlint check` and [`lint_file`] (and so the language
/// server) report through it.
///
/// ```
/// use fenlint::files::{FileKind, OncePerFile, lint_line};
/// let validator = fenlint::Validator::new();
/// let mut tally = OncePerFile::new();
/// let mut reported = Vec::new();
/// for (number, line) in ["4k3/8/8/8/8/8/8/4K3 w - - 0 0", "8/8/8/8/8/8/8/4K3 w - - 0 0"].iter().enumerate() {
///     for diagnostic in lint_line(FileKind::Lines, line.as_bytes(), number * 30, &validator) {
///         if tally.take(&diagnostic, || number) {
///             reported.push(diagnostic.code().name()); // Reported now.
///         }
///     }
/// }
/// assert_eq!(reported, ["fen::kings::missing"]);
/// // At the file's end: the first `fen::fullmove_number::zero`, on line 0, and the count.
/// let held = tally.finish();
/// assert_eq!(held.len(), 1);
/// assert_eq!(held[0].1, 0);
/// assert!(held[0].0.message().ends_with("(and 1 more in this file)"));
/// ```
#[derive(Clone, Debug)]
pub struct OncePerFile<T = ()> {
    /// The first diagnostic of each code seen, with what the caller keeps with it and how many
    /// more of its code followed; in the order first seen.
    held: Vec<(Diagnostic, T, usize)>,
}

impl<T> Default for OncePerFile<T> {
    fn default() -> OncePerFile<T> {
        OncePerFile { held: Vec::new() }
    }
}

impl<T> OncePerFile<T> {
    /// A tally for a new file.
    pub fn new() -> OncePerFile<T> {
        OncePerFile::default()
    }

    /// Whether `diagnostic` is to be reported now: `true` for a code reported every time. A
    /// code reported once per file gives `false`: its first diagnostic in the file is kept
    /// (copied), with `extra()`, for [`OncePerFile::finish`], and the later ones are counted.
    pub fn take(&mut self, diagnostic: &Diagnostic, extra: impl FnOnce() -> T) -> bool {
        let code = diagnostic.code();
        if !code.once_per_file() {
            return true;
        }
        match self.held.iter_mut().find(|(held, ..)| held.code() == code) {
            Some((.., more)) => *more = more.saturating_add(1),
            None => self.held.push((diagnostic.clone(), extra(), 0)),
        }
        false
    }

    /// Whether no diagnostic was kept: [`OncePerFile::finish`] would give nothing.
    pub fn is_empty(&self) -> bool {
        self.held.is_empty()
    }

    /// The first diagnostic of each code reported once per file, in the order first seen,
    /// each with what was kept with it and, in its message, how many more the file has (see
    /// [`OncePerFile`]).
    pub fn finish(self) -> Vec<(Diagnostic, T)> {
        self.held
            .into_iter()
            .map(|(diagnostic, extra, more)| (diagnostic.with_more_in_file(more), extra))
            .collect()
    }
}

impl OncePerFile {
    /// Leaves in `diagnostics`, a whole file's in order, only the first of each code reported
    /// once per file, in its place, its message saying how many more the file had; every
    /// other diagnostic is left as it is.
    ///
    /// ```
    /// use fenlint::files::{FileKind, OncePerFile, lint_line};
    /// let validator = fenlint::Validator::new();
    /// let mut diagnostics = lint_line(FileKind::Lines, b"4k3/8/8/8/8/8/8/4K3 w - - 0 0", 0, &validator);
    /// diagnostics.extend(lint_line(FileKind::Lines, b"4k3/8/8/8/8/8/8/4K3 w - - 0 0", 30, &validator));
    /// OncePerFile::apply(&mut diagnostics);
    /// assert_eq!(diagnostics.len(), 1);
    /// assert_eq!(diagnostics[0].span(), fenlint::Span::new(28, 29));
    /// ```
    pub fn apply(diagnostics: &mut Vec<Diagnostic>) {
        if !diagnostics
            .iter()
            .any(|diagnostic| diagnostic.code().once_per_file())
        {
            return;
        }
        let mut tally = OncePerFile::<usize>::new();
        let mut keep = Vec::with_capacity(diagnostics.len());
        for (at, diagnostic) in diagnostics.iter().enumerate() {
            keep.push(tally.take(diagnostic, || at));
        }
        let mut firsts = tally.finish().into_iter().peekable();
        let mut kept = Vec::with_capacity(diagnostics.len());
        for (at, (diagnostic, keep)) in std::mem::take(diagnostics)
            .into_iter()
            .zip(keep)
            .enumerate()
        {
            if keep {
                kept.push(diagnostic);
            } else if let Some((first, _)) = firsts.next_if(|(_, first)| *first == at) {
                kept.push(first);
            }
        }
        *diagnostics = kept;
    }
}

/// Every diagnostic of a whole file, as [`lint_file`] gives them, but with every occurrence of
/// the codes reported once per file: what [`fix_file`](crate::files::fix_file) fixes.
pub(super) fn lint_every(kind: FileKind, bytes: &[u8], validator: &Validator) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    lint_every_in_batches(kind, bytes, validator, |batch| diagnostics.extend(batch));
    diagnostics.sort_by_key(|diagnostic| diagnostic.span().start);
    diagnostics
}

/// The diagnostics [`lint_every`] gives, handed to `each` in batches, so that a caller that
/// needs one batch at a time (the fixes) holds no more. The batches come in the order of the
/// file: in a file of lines, one per position or comment line, with spans inside that line, and
/// last those about the whole file (suppressions no position used), which have no fixes; a PGN
/// file, and a file that is no text, is one batch.
pub(super) fn lint_every_in_batches(
    kind: FileKind,
    bytes: &[u8],
    validator: &Validator,
    mut each: impl FnMut(Vec<Diagnostic>),
) {
    if let Some(diagnostic) = not_text(bytes) {
        if let Some(severity) = validator.severity_of(diagnostic.code()) {
            each(vec![diagnostic.with_severity(severity)]);
        }
        return;
    }
    if kind == FileKind::Pgn {
        let mut diagnostics = match std::str::from_utf8(bytes) {
            Ok(text) => crate::suppression::apply_pgn(
                text,
                crate::pgn::lint_pgn(text, 0, validator),
                validator,
            ),
            Err(_) => lint_pgn_not_utf8(bytes, validator),
        };
        diagnostics.sort_by_key(|diagnostic| diagnostic.span().start);
        return each(diagnostics);
    }
    let validator = &*FileHints::of(kind, bytes).apply(validator);
    let mut suppressor = Suppressor::new(validator);
    for (offset, content, _) in lines(bytes) {
        suppressor.scan_line(content, offset);
    }
    for (number, (offset, content, _)) in lines(bytes).enumerate() {
        if is_position_line(content) {
            let found = lint_line(kind, content, offset, validator);
            each(suppressor.position(number, found));
        } else if content.contains(&b'#') {
            each(suppressor.comment_line(number, content, offset));
        }
    }
    each(suppressor.finish());
}

/// `bytes` with each invalid UTF-8 sequence replaced by as many `?`, so that every offset stays
/// where it was, and the spans of those sequences, in order.
pub(super) fn with_placeholders(bytes: &[u8]) -> (String, Vec<crate::Span>) {
    let mut text = String::with_capacity(bytes.len());
    let mut bad = Vec::new();
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        let invalid = chunk.invalid();
        if !invalid.is_empty() {
            let start = text.len();
            text.extend(std::iter::repeat_n('?', invalid.len()));
            bad.push(crate::Span::new(start, text.len()));
        }
    }
    (text, bad)
}

/// Whether `span` overlaps one of `bad`, which are in order and do not overlap.
pub(super) fn overlaps_any(span: crate::Span, bad: &[crate::Span]) -> bool {
    let next = bad.partition_point(|bad| bad.end <= span.start);
    bad.get(next).is_some_and(|bad| bad.start < span.end)
}

/// A PGN file that is not all UTF-8 (a Latin-1 name in a tag, as real databases have): every
/// game linted with the bad bytes read as `?`, dropping what is said about those bytes;
/// `fen::input::invalid_utf8` at the first bad byte of each `[FEN]` tag that has one, and one
/// `fen::input::latin1` note, at the first bad byte elsewhere, for all the others (PGN's
/// character set is Latin-1, PGN §4.1).
fn lint_pgn_not_utf8(bytes: &[u8], validator: &Validator) -> Vec<Diagnostic> {
    let (text, bad) = with_placeholders(bytes);
    let linted = crate::pgn::lint_pgn(&text, 0, validator);
    let mut diagnostics: Vec<Diagnostic> = crate::suppression::apply_pgn(&text, linted, validator)
        .into_iter()
        .filter(|diagnostic| {
            !diagnostic
                .labels()
                .iter()
                .any(|label| overlaps_any(label.span(), &bad))
        })
        .collect();
    let fens: Vec<crate::Span> = crate::pgn::read(&text, 0)
        .games()
        .iter()
        .flat_map(|game| game.tags().iter().filter(|tag| tag.name() == "FEN"))
        .map(crate::pgn::Tag::span)
        .collect();
    // The first bad byte of each `[FEN]` tag is an error; the others are Latin-1 text.
    for fen in &fens {
        let next = bad.partition_point(|bad| bad.end <= fen.start);
        if let Some(first) = bad.get(next).filter(|bad| bad.start < fen.end) {
            diagnostics.extend(invalid_utf8(
                bytes.get(first.start..).unwrap_or_default(),
                first.start,
                validator,
            ));
        }
    }
    let elsewhere: Vec<crate::Span> = bad
        .iter()
        .copied()
        .filter(|span| !overlaps_any(*span, &fens))
        .collect();
    diagnostics.extend(latin1(&elsewhere, validator));
    diagnostics.sort_by_key(|diagnostic| diagnostic.span().start);
    diagnostics
}
