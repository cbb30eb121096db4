//! Whole files of positions: which lines hold a position, every diagnostic of a file, every fix
//! applied and every position formatted, for any front end (the command, an editor, a script).
//!
//! Three kinds of file are read ([`FileKind`]): one FEN per line, one EPD record per line, and
//! PGN games with `[FEN]` tags. Spans are byte offsets into the whole file; a
//! [`LineIndex`](crate::LineIndex) turns them into lines and columns.
//!
//! ```
//! use fenlint::files::{FileKind, fix_file, lint_file};
//! use fenlint::Validator;
//!
//! let text = b"# two positions\n8/8/8/4k3/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n";
//! let diagnostics = lint_file(FileKind::Lines, text, &Validator::new());
//! assert!(diagnostics.iter().any(|d| d.code().name() == "fen::castling::order"));
//!
//! let fixed = fix_file(FileKind::Lines, text, &Validator::new());
//! assert_eq!(fixed.applied, 1);
//! assert!(fixed.text.ends_with(b"w KQ - 0 1\n"));
//! ```

pub use crate::file_kind::FileKind;
use crate::position::{Position, Variant, WriteOptions};
use crate::suppression::Suppressor;
use crate::{Diagnostic, Fix, Validator};

/// Whether a line (without its line ending) of a [`FileKind::Lines`] or [`FileKind::Epd`] file
/// holds a position: not blank and not a `#` comment. A byte-order mark at the start of the
/// line is not part of either: a mark alone is blank, and a mark before `#` starts a comment.
///
/// ```
/// use fenlint::files::is_position_line;
/// assert!(is_position_line(b"8/8/8/8/8/8/8/8 w - - 0 1"));
/// assert!(!is_position_line(b"  # a comment"));
/// assert!(!is_position_line("\u{feff}# a comment after a byte-order mark".as_bytes()));
/// assert!(!is_position_line(b" \t"));
/// ```
pub fn is_position_line(line: &[u8]) -> bool {
    // The usual line starts with a piece letter or a digit: nothing to skip, no comment.
    if line.first().is_some_and(u8::is_ascii_alphanumeric) {
        return true;
    }
    let trimmed = line.trim_ascii_start();
    let trimmed = trimmed
        .strip_prefix("\u{feff}".as_bytes())
        .map_or(trimmed, <[u8]>::trim_ascii_start);
    !trimmed.is_empty() && !trimmed.starts_with(b"#")
}

/// The lines of `bytes` as every reader of whole files here reads them, with their byte
/// offsets: each line's content without its ending, and the whole line with its ending. A line
/// ends with `\n`, `\r\n` or a `\r` alone (the line ending of classic Mac OS, which some old
/// suites still have).
///
/// ```
/// let lines: Vec<_> = fenlint::files::lines(b"a\rb\r\nc").collect();
/// assert_eq!(lines, [(0, &b"a"[..], &b"a\r"[..]), (2, b"b", b"b\r\n"), (5, b"c", b"c")]);
/// ```
pub fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, &[u8], &[u8])> {
    let mut start = 0usize;
    std::iter::from_fn(move || {
        let rest = bytes.get(start..).filter(|rest| !rest.is_empty())?;
        let len = line_len(rest);
        let line = rest.get(..len).unwrap_or(rest);
        let content = line.strip_suffix(b"\n").unwrap_or(line);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        let at = start;
        start = start.saturating_add(len);
        Some((at, content, line))
    })
}

/// The length of the first line of `bytes` with its ending (`\n`, `\r\n` or a lone `\r`), or
/// of all of `bytes` when it has no line ending.
pub(crate) fn line_len(bytes: &[u8]) -> usize {
    let Some(at) = bytes
        .iter()
        .position(|&byte| byte == b'\n' || byte == b'\r')
    else {
        return bytes.len();
    };
    let crlf = bytes.get(at) == Some(&b'\r') && bytes.get(at.saturating_add(1)) == Some(&b'\n');
    at.saturating_add(if crlf { 2 } else { 1 })
}

/// Whether `bytes` has a line that ends with a `\r` alone (not before `\n`): such a file's
/// lines are not found by splitting at `\n`. A `\r` at the very end counts.
///
/// ```
/// assert!(fenlint::files::has_lone_cr(b"# a\r4k3/8/8/8/8/8/8/4K3 w - - 0 1\r"));
/// assert!(!fenlint::files::has_lone_cr(b"# a\r\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\n"));
/// ```
pub fn has_lone_cr(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .enumerate()
        .any(|(at, &byte)| byte == b'\r' && bytes.get(at.saturating_add(1)) != Some(&b'\n'))
}

/// The byte offset where each line of `bytes` starts (the first is 0), with the line endings
/// of [`lines`]: `\n`, `\r\n` and a lone `\r`.
///
/// ```
/// assert_eq!(fenlint::files::line_starts(b"a\rb\r\nc\nd"), [0, 2, 5, 7]);
/// ```
pub fn line_starts(bytes: &[u8]) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(
        lines(bytes)
            .map(|(at, _, line)| at.saturating_add(line.len()))
            .filter(|&end| end < bytes.len() || bytes.ends_with(b"\n") || bytes.ends_with(b"\r")),
    );
    starts.dedup();
    starts
}

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
fn epd_position_len(line: &[u8]) -> usize {
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
    let (count, noun) = if bytes == 1 {
        ("a".to_owned(), "byte")
    } else {
        (bytes.to_string(), "bytes")
    };
    Some(
        Diagnostic::new(
            crate::Code::InputLatin1,
            format!("{count} {noun} of text that are not UTF-8 read as Latin-1, expected UTF-8"),
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
    if kind == FileKind::Epd {
        crate::epd::lint_epd(line, offset, validator)
    } else {
        validator
            .lint_parse(crate::parse_at(line, offset))
            .into_diagnostics()
    }
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
fn utf16_order(head: &[u8]) -> Option<(&'static str, &'static str)> {
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

/// Every diagnostic of a whole file of `kind`, in order, with spans into `bytes`, less those
/// its [suppression comments](crate::suppression) silence, and with their own problems. A code
/// [reported once per file](crate::Code::once_per_file) is reported at its first occurrence
/// only, whose message says how many more the file has ([`OncePerFile::apply`]).
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
    OncePerFile::apply(&mut diagnostics);
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
/// the codes reported once per file: what [`fix_file`] fixes.
fn lint_every(kind: FileKind, bytes: &[u8], validator: &Validator) -> Vec<Diagnostic> {
    if let Some(diagnostic) = utf16(bytes) {
        return validator
            .severity_of(diagnostic.code())
            .map(|severity| vec![diagnostic.with_severity(severity)])
            .unwrap_or_default();
    }
    if kind == FileKind::Pgn {
        return match std::str::from_utf8(bytes) {
            Ok(text) => crate::suppression::apply_pgn(
                text,
                crate::pgn::lint_pgn(text, 0, validator),
                validator,
            ),
            Err(_) => lint_pgn_not_utf8(bytes, validator),
        };
    }
    let mut suppressor = Suppressor::new(validator);
    for (offset, content, _) in lines(bytes) {
        suppressor.scan_line(content, offset);
    }
    let mut diagnostics = Vec::new();
    for (number, (offset, content, _)) in lines(bytes).enumerate() {
        if is_position_line(content) {
            let found = lint_line(kind, content, offset, validator);
            diagnostics.extend(suppressor.position(number, found));
        } else if content.contains(&b'#') {
            diagnostics.extend(suppressor.comment_line(number, content, offset));
        }
    }
    diagnostics.extend(suppressor.finish());
    diagnostics.sort_by_key(|diagnostic| diagnostic.span().start);
    diagnostics
}

/// `bytes` with each invalid UTF-8 sequence replaced by as many `?`, so that every offset stays
/// where it was, and the spans of those sequences, in order.
fn with_placeholders(bytes: &[u8]) -> (String, Vec<crate::Span>) {
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
fn overlaps_any(span: crate::Span, bad: &[crate::Span]) -> bool {
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

/// Text with fixes applied, and how many.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fixed {
    /// The text with the fixes applied; every other byte as it was.
    pub text: Vec<u8>,
    /// How many fixes were applied.
    pub applied: usize,
    /// Whether the fixes settled: linting `text` again gives no fix that changes it. `false`
    /// when fixes kept undoing one another (a text came back) or were still changing the text
    /// after the last pass; `text` is then what the passes before that gave. Always `false`
    /// from [`apply_fixes`], which makes one pass and does not lint again.
    pub converged: bool,
}
/// Applies the fixes that do not overlap one another to `bytes`, in order of their spans;
/// every byte outside their spans is kept. A fix that overlaps one applied before it, whose
/// span is not inside `bytes`, or that would split a UTF-8 character is skipped.
///
/// ```
/// let text = "8/8/8/8/8/8/8/8 w QK - 0 1";
/// let diagnostics = fenlint::lint(text).into_diagnostics();
/// let fixed = fenlint::files::apply_fixes(text.as_bytes(), diagnostics.iter().filter_map(|d| d.fix()));
/// assert_eq!(fixed.text, b"8/8/8/8/8/8/8/8 w KQ - 0 1");
/// assert_eq!(fixed.applied, 1);
/// ```
pub fn apply_fixes<'f>(bytes: &[u8], fixes: impl IntoIterator<Item = &'f Fix>) -> Fixed {
    let mut fixes: Vec<&Fix> = fixes.into_iter().collect();
    fixes.sort_by_key(|fix| (fix.span().start, fix.span().end));
    let mut text = Vec::with_capacity(bytes.len());
    let (mut at, mut applied) = (0usize, 0usize);
    let splits_a_character = |offset: usize| inside_a_character(bytes, offset);
    for fix in fixes {
        let span = fix.span();
        if span.start < at
            || span.end > bytes.len()
            || splits_a_character(span.start)
            || splits_a_character(span.end)
        {
            continue; // A later pass, on the text this one leaves, sees it again.
        }
        text.extend_from_slice(bytes.get(at..span.start).unwrap_or_default());
        text.extend_from_slice(fix.replacement().as_bytes());
        at = span.end;
        applied = applied.saturating_add(1);
    }
    text.extend_from_slice(bytes.get(at..).unwrap_or_default());
    Fixed {
        text,
        applied,
        converged: false,
    }
}

/// Whether `offset` falls after the first byte of a UTF-8 character of `bytes`, so that a fix
/// starting or ending there would cut it. A byte 0x80–0xBF that no lead byte before it starts a
/// valid character with is not UTF-8 at all (a Latin-1 letter, say): a fix may end just before
/// it, as a castling letter's fix does in `QKkq\x8Bq\xB4`.
fn inside_a_character(bytes: &[u8], offset: usize) -> bool {
    if !bytes
        .get(offset)
        .is_some_and(|&byte| (0x80..0xC0).contains(&byte))
    {
        return false;
    }
    // The character's first byte is one to three bytes before `offset`.
    (1..=3usize).any(|back| {
        let Some(start) = offset.checked_sub(back) else {
            return false;
        };
        let len = match bytes.get(start) {
            Some(0xC2..=0xDF) => 2,
            Some(0xE0..=0xEF) => 3,
            Some(0xF0..=0xF4) => 4,
            _ => return false,
        };
        len > back
            && start
                .checked_add(len)
                .and_then(|end| bytes.get(start..end))
                .is_some_and(|character| std::str::from_utf8(character).is_ok())
    })
}

/// How many times [`fix_file`] lints and fixes at most: overlapping fixes need a second pass,
/// and a fix that uncovers another a third; a set of fixes that undo each other stops here.
const FIX_PASSES: usize = 8;

/// A whole file with every machine-applicable fix applied, keeping every other byte: the
/// fixes of every occurrence of a code [reported once per file](crate::Code::once_per_file)
/// too, not only of the one [`lint_file`] reports.
///
/// Fixes that overlap are applied in later passes, on the text the earlier ones left. A pass
/// that would give back a text already seen (fixes that undo one another) is not applied, and
/// the result says it did not converge, as it does when the fixes still change the text after
/// the last pass. Lines that are not UTF-8 are left as they are.
pub fn fix_file(kind: FileKind, bytes: &[u8], validator: &Validator) -> Fixed {
    fix_with(bytes, |text| lint_every(kind, text, validator))
}

/// [`fix_file`] with the diagnostics of a text given by `lint`.
fn fix_with(bytes: &[u8], mut lint: impl FnMut(&[u8]) -> Vec<Diagnostic>) -> Fixed {
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut current = Fixed {
        text: bytes.to_vec(),
        applied: 0,
        converged: false,
    };
    for _ in 0..=FIX_PASSES {
        let diagnostics = lint(&current.text);
        let pass = apply_fixes(
            &current.text,
            diagnostics.iter().filter_map(Diagnostic::fix),
        );
        if pass.applied == 0 || pass.text == current.text {
            current.converged = true;
            break;
        }
        // A text seen before: the fixes go round in a circle. So does a last pass that would
        // still change the text.
        if seen.len() == FIX_PASSES || seen.contains(&pass.text) {
            break;
        }
        seen.push(std::mem::replace(&mut current.text, pass.text));
        current.applied = current.applied.saturating_add(pass.applied);
    }
    current
}

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
    /// Whether the file was left alone because it is UTF-16.
    pub utf16: bool,
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
    if utf16_order(bytes).is_some() {
        return Formatted {
            text: bytes.to_vec(),
            not_utf8: true,
            utf16: true,
            ..Formatted::default()
        };
    }
    let mut outcome = match kind {
        FileKind::Pgn => format_pgn(bytes, options, variant),
        FileKind::Lines | FileKind::Epd => format_lines(kind, bytes, options, variant),
    };
    outcome.not_utf8 = !outcome.not_utf8_lines.is_empty();
    outcome
}

/// [`format_file_as`] for a piece of a file of FEN lines or EPD records that is read a piece
/// at a time: `bytes` are whole lines from anywhere in the file, formatted each on its own,
/// and the lines of the outcome are numbered from 1 at the start of `bytes`. Unlike
/// [`format_file_as`], the piece is not tested for UTF-16, which only the start of a file can
/// tell. A PGN file is formatted as [`format_file_as`] formats it, whole.
///
/// ```
/// use fenlint::files::{FileKind, format_lines_as};
/// use fenlint::position::WriteOptions;
///
/// // A piece that starts with the bytes of a UTF-16 byte-order mark: a line that is not UTF-8.
/// let piece = b"\xff\xfe\n4k3/8/8/8/8/8/8/4K3  w - - 0 1\n";
/// let formatted = format_lines_as(FileKind::Lines, piece, &WriteOptions::default(), None);
/// assert_eq!(formatted.text, b"\xff\xfe\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
/// assert_eq!((formatted.changed, formatted.not_utf8_lines.as_slice()), (1, [1].as_slice()));
/// assert!(!formatted.utf16);
/// ```
pub fn format_lines_as(
    kind: FileKind,
    bytes: &[u8],
    options: &WriteOptions,
    variant: Option<Variant>,
) -> Formatted {
    if kind == FileKind::Pgn {
        return format_file_as(kind, bytes, options, variant);
    }
    let mut outcome = format_lines(kind, bytes, options, variant);
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
    let validator = reading(fen, variant, options);
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

/// The validator that formatting reads `text` (a FEN, or an EPD record) with: as `variant`
/// (automatic when `None`), or as crazyhouse when automatic and `options` write slash holdings
/// and `text` has them.
fn reading(text: &str, variant: Option<Variant>, options: &WriteOptions) -> Validator {
    let slash = || {
        crate::parse(text)
            .tree()
            .holdings()
            .is_some_and(|holdings| holdings.form() == crate::syntax::HoldingsForm::Slash)
    };
    match variant {
        Some(variant) => Validator::new().variant(variant),
        None if options.holdings == crate::position::HoldingsStyle::Slash && slash() => {
            Validator::new().variant(Variant::Crazyhouse)
        }
        None => Validator::new(),
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

/// Formats one FEN (or one EPD record's four fields) per line, read as `variant`.
fn format_lines(
    kind: FileKind,
    bytes: &[u8],
    options: &WriteOptions,
    variant: Option<Variant>,
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
                .then(|| format_latin1_record(content, options, variant))
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
        let formatted = match kind {
            FileKind::Epd => format_epd(text, options, variant),
            _ => canonical_fen(text, variant, options),
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
        outcome.text.extend_from_slice(formatted.as_bytes());
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
    variant: Option<Variant>,
) -> Option<Vec<u8>> {
    let (text, _) = with_placeholders(content);
    let rest = text.get(epd_position_len(content)..)?;
    let formatted = format_epd(&text, options, variant)?;
    let head = formatted.strip_suffix(rest)?;
    let mut out = head.as_bytes().to_vec();
    out.extend_from_slice(content.get(epd_position_len(content)..)?);
    Some(out)
}

/// An EPD record with its four position fields in canonical form and its operations as
/// written; `None` when the record has errors (read as `variant`).
fn format_epd(record: &str, options: &WriteOptions, variant: Option<Variant>) -> Option<String> {
    let validator = reading(record, variant, options);
    let checked = crate::epd::check(record, 0, &validator);
    if checked.has_errors() {
        return None;
    }
    let lint = checked.lint()?;
    let position = lint.position()?;
    let start = lint.tree().placement()?.span().start;
    let end = lint.tree().en_passant()?.span().end;
    let fen = written(position, lint.variant(), options);
    let fields: Vec<&str> = fen.splitn(5, ' ').take(4).collect();
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
/// counters at all, or only one operation), is left as it is.
fn epd_counters(
    record: &str,
    end: usize,
    checked: &crate::epd::Record<'_>,
    style: crate::position::EpdCountersStyle,
) -> Option<String> {
    use crate::position::EpdCountersStyle;
    let rest = record.get(end..)?;
    let tree = checked.lint()?.tree();
    let operation = |opcode: &str| {
        checked
            .operations()
            .iter()
            .find(|operation| operation.opcode() == opcode)
    };
    match style {
        EpdCountersStyle::AsWritten => Some(rest.to_owned()),
        EpdCountersStyle::Operations => {
            let Some(counters) = tree.move_counters() else {
                return Some(rest.to_owned());
            };
            let mut numbers = counters.numbers();
            let (halfmove, fullmove) = (numbers.next()?, numbers.next()?);
            let mut written = Vec::new();
            if operation("hmvc").is_none() {
                written.push(format!("hmvc {};", halfmove.text()));
            }
            if operation("fmvn").is_none() {
                written.push(format!("fmvn {};", fullmove.text()));
            }
            let span = counters.span();
            let mut out = String::with_capacity(rest.len().saturating_add(16));
            out.push_str(record.get(end..span.start)?);
            let after = record.get(span.end..)?;
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
        EpdCountersStyle::Fen => {
            let (hmvc, fmvn) = (operation("hmvc"), operation("fmvn"));
            let (mut out, mut spans) = if tree.move_counters().is_some() {
                // The FEN counters are there already: the operations that repeat them go.
                // They agree with them, for a record whose counters conflict has errors and
                // is not formatted.
                let spans: Vec<crate::Span> = [hmvc, fmvn]
                    .into_iter()
                    .flatten()
                    .map(|operation| operation.span())
                    .collect();
                if spans.is_empty() {
                    return Some(rest.to_owned());
                }
                (String::new(), spans)
            } else {
                let (Some(hmvc), Some(fmvn)) = (hmvc, fmvn) else {
                    return Some(rest.to_owned());
                };
                let (Some(halfmove), Some(fullmove)) =
                    (hmvc.operands().first(), fmvn.operands().first())
                else {
                    return Some(rest.to_owned());
                };
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
    }
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

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, reason = "test code")]
mod tests {
    use super::*;

    /// A fix may end before a byte that is not UTF-8, even one in the range of a character's
    /// later bytes; it never ends or starts inside a character that is UTF-8.
    #[test]
    fn a_fix_cuts_before_a_byte_that_is_not_utf8_but_never_inside_a_character() {
        let bytes = "[FEN \"1R w QKkq\u{8b}q\"]".as_bytes();
        let mut latin1 = b"[FEN \"1R w QKkq\x8Bq\xB4\xB4\"]".to_vec();
        for (text, offset, inside) in [
            (latin1.as_slice(), 17, false),
            (latin1.as_slice(), 18, false),
            (bytes, 15, false),
            (bytes, 16, true),
            ("é😀".as_bytes(), 1, true),
            ("é😀".as_bytes(), 3, true),
            ("é😀".as_bytes(), 5, true),
            ("é😀".as_bytes(), 6, false),
        ] {
            assert_eq!(
                inside_a_character(text, offset),
                inside,
                "{text:?} {offset}"
            );
        }
        let diagnostics = lint_file(FileKind::Pgn, &latin1, &Validator::new());
        let fixed = apply_fixes(
            &latin1,
            diagnostics
                .iter()
                .filter(|diagnostic| diagnostic.code() == crate::Code::CastlingDuplicate)
                .filter_map(Diagnostic::fix),
        );
        assert_eq!(fixed.applied, 1, "{diagnostics:?}");
        latin1.remove(16);
        assert_eq!(fixed.text, latin1);
    }

    /// A code reported once per file is reported at its first occurrence, with the count of
    /// the others in its message, in every kind of file; the others codes are all reported.
    #[test]
    fn a_code_reported_once_per_file_is_reported_once_with_a_count() {
        let zero = "4k3/8/8/8/8/8/8/4K3 w - - 0 0";
        let lines = format!("# problems\n{zero}\n8/8/8/8/8/8/8/4K3 w - - 0 0\n{zero}\n");
        let epd = "4k3/8/8/8/8/8/8/4K3 w - - fmvn 0;\n8/8/8/8/8/8/8/4K3 w - - fmvn 0;\n";
        let pgn = format!(
            "[SetUp \"1\"]\n[FEN \"{zero}\"]\n\n*\n\n[SetUp \"1\"]\n[FEN \"{zero}\"]\n\n*\n"
        );
        for (kind, text, more, others) in [
            (FileKind::Lines, lines.as_str(), 2, 1),
            (FileKind::Epd, epd, 1, 1),
            (FileKind::Pgn, pgn.as_str(), 1, 0),
        ] {
            let every = lint_every(kind, text.as_bytes(), &Validator::new());
            let reported = lint_file(kind, text.as_bytes(), &Validator::new());
            let zeros: Vec<&Diagnostic> = reported
                .iter()
                .filter(|d| d.code() == crate::Code::FullmoveZero)
                .collect();
            assert_eq!(zeros.len(), 1, "{kind:?}: {reported:?}");
            let first = every
                .iter()
                .find(|d| d.code() == crate::Code::FullmoveZero)
                .unwrap();
            assert_eq!(zeros[0].span(), first.span(), "{kind:?}");
            assert_eq!(
                zeros[0].message(),
                format!("{} (and {more} more in this file)", first.message())
            );
            assert_eq!(reported.len(), 1 + others, "{kind:?}: {reported:?}");
            assert_eq!(every.len(), 1 + more + others, "{kind:?}: {every:?}");
            // Still in order of their spans.
            assert!(reported.is_sorted_by_key(|d| d.span().start), "{kind:?}");
            // `--fix` fixes every occurrence.
            let fixed = fix_file(kind, text.as_bytes(), &Validator::new());
            assert_eq!(fixed.applied, 1 + more, "{kind:?}");
        }
        // One occurrence: its message as it is.
        let one = lint_file(FileKind::Lines, zero.as_bytes(), &Validator::new());
        assert_eq!(one[0].message(), "fullmove number 0, expected 1 or more");
    }

    /// Severity overrides and suppression comments apply before the tally: the first
    /// occurrence reported is the first not silenced, with the severity in force.
    #[test]
    fn once_per_file_counts_what_is_reported() {
        let zero = "4k3/8/8/8/8/8/8/4K3 w - - 0 0";
        let text = format!("# fenlint: allow fen::fullmove_number::zero\n{zero}\n{zero}\n{zero}\n");
        let denied =
            Validator::new().with_severity(crate::Code::FullmoveZero, crate::Severity::Error);
        let reported = lint_file(FileKind::Lines, text.as_bytes(), &denied);
        assert_eq!(reported.len(), 1, "{reported:?}");
        assert_eq!(reported[0].severity(), crate::Severity::Error);
        assert_eq!(
            reported[0].span().start,
            text.find('\n').unwrap() + 1 + zero.len() + 1 + 28
        );
        assert!(reported[0].message().ends_with("(and 1 more in this file)"));
        let allowed = Validator::new().allow(crate::Code::FullmoveZero);
        let reported = lint_file(FileKind::Lines, text.as_bytes(), &allowed);
        // The comment silences nothing when the code is not reported at all.
        assert!(
            reported
                .iter()
                .all(|d| d.code() != crate::Code::FullmoveZero)
        );
    }

    #[test]
    fn the_tally_reports_other_codes_at_once_and_keeps_the_first_of_the_others() {
        let validator = Validator::new();
        let mut tally = OncePerFile::new();
        let first = lint_line(
            FileKind::Lines,
            b"8/8/8/8/8/8/8/4K3 w - - 0 0",
            0,
            &validator,
        );
        let taken: Vec<bool> = first.iter().map(|d| tally.take(d, || "first")).collect();
        assert_eq!(taken, [true, false]);
        assert!(!tally.is_empty());
        for offset in [30, 60] {
            let again = lint_line(
                FileKind::Lines,
                b"4k3/8/8/8/8/8/8/4K3 w - - 0 0",
                offset,
                &validator,
            );
            assert!(!tally.take(&again[0], || "later"));
        }
        let held = tally.finish();
        assert_eq!(held.len(), 1);
        assert_eq!(held[0].1, "first");
        assert_eq!(held[0].0.span(), first[1].span());
        assert!(held[0].0.message().ends_with(" (and 2 more in this file)"));
        assert!(OncePerFile::<()>::new().finish().is_empty());
    }

    /// Formatting writes the fields a FEN gives, in canonical form, and makes up none.
    #[test]
    fn formatting_makes_up_no_field() {
        let options = WriteOptions::default();
        for (fen, written) in [
            ("8/8/8/2K5/4k3/8/8/8", "8/8/8/2K5/4k3/8/8/8"),
            ("4k3/8/8/8/8/8/8/4K3  b", "4k3/8/8/8/8/8/8/4K3 b"),
            ("4k3/8/8/8/8/8/8/R3K3 w Q", "4k3/8/8/8/8/8/8/R3K3 w Q"),
            ("4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - -"),
            ("4k3/8/8/8/8/8/8/4K3 b - - 7", "4k3/8/8/8/8/8/8/4K3 b - - 7"),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 03+3",
                "4k3/8/8/8/8/8/8/4K3 w - - 3+3",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 2+1 4",
                "4k3/8/8/8/8/8/8/4K3 w - - 2+1 4",
            ),
            // All six fields: the canonical dialect, checks given at the end.
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 2+1 4 9",
                "4k3/8/8/8/8/8/8/4K3 w - - 4 9 +1+2",
            ),
        ] {
            assert_eq!(
                canonical_fen(fen, None, &options).as_deref(),
                Some(written),
                "{fen}"
            );
        }
    }

    #[test]
    fn fixing_converges_on_ambiguous_castling_letters() {
        // `castling::ambiguous` turns `K` into `H`; were `mixed_notation` to turn it back,
        // `--fix` would rewrite the file again and again.
        let text = b"1r1k2rr/ppppppp1/8/8/8/8/PPPPPPP1/1R1K2RR w KQkq - 0 1\n";
        let fixed = fix_file(FileKind::Lines, text, &Validator::new());
        assert_eq!(fixed.applied, 2);
        assert_eq!(
            fixed.text,
            b"1r1k2rr/ppppppp1/8/8/8/8/PPPPPPP1/1R1K2RR w HQhq - 0 1\n"
        );
        let again = fix_file(FileKind::Lines, &fixed.text, &Validator::new());
        assert_eq!(again.applied, 0);
    }

    #[test]
    fn fixes_that_undo_one_another_stop_and_say_so() {
        // Two fixes that turn `a` into `b` and `b` back into `a`: the loop stops on the text it
        // has seen, keeps the one pass that changed something and does not claim to have
        // converged.
        let flip = |text: &[u8]| {
            let replacement = if text == b"a" { "b" } else { "a" };
            vec![
                Diagnostic::new(crate::Code::CastlingMixedNotation, "flip")
                    .with_fix(crate::Span::new(0, 1), replacement),
            ]
        };
        let fixed = fix_with(b"a", flip);
        assert_eq!((fixed.text.as_slice(), fixed.applied), (b"b".as_slice(), 1));
        assert!(!fixed.converged);
        // Fixes that never settle (each pass makes a new text) stop after the last pass.
        let grow = |text: &[u8]| {
            vec![
                Diagnostic::new(crate::Code::CastlingMixedNotation, "grow")
                    .with_fix(crate::Span::empty(text.len()), "x"),
            ]
        };
        let fixed = fix_with(b"", grow);
        assert_eq!(fixed.applied, FIX_PASSES);
        assert!(!fixed.converged);
        // Fixes that settle say so.
        let fixed = fix_file(
            FileKind::Lines,
            b"8/8/8/8/8/8/8/8 w QK - 0 1\n",
            &Validator::new(),
        );
        assert!(fixed.converged);
        assert_eq!(fixed.applied, 1);
    }

    #[test]
    fn a_fix_that_splits_a_character_is_skipped() {
        let diagnostics = crate::lint("8/8/8/8/8/8/8/8 w QK - 0 1").into_diagnostics();
        let Some(fix) = diagnostics.iter().find_map(Diagnostic::fix) else {
            panic!("no fix");
        };
        // The same span over text where it starts inside `é`.
        let mut text = "8/8/8/8/8/8/8/é".as_bytes().to_vec();
        text.resize(fix.span().end + 2, b' ');
        let start = fix.span().start;
        text[start - 1] = 0xC3;
        text[start] = 0xA9;
        let fixed = apply_fixes(&text, [fix]);
        assert_eq!(fixed.applied, 0);
        assert_eq!(fixed.text, text);
    }

    #[test]
    fn formatting_a_pgn_that_is_not_utf8_formats_the_rest_and_keeps_the_bad_bytes() {
        let text = b"[White \"M\xfcller\"]\n[FEN \"8/8/8/4k3/8/8/8/4K3  w - - 0 1\"]\n[FEN \"8/8/8/4k3/8/8/8/4K3 \xe9 - - 0 1\"]\n";
        let formatted = format_file(FileKind::Pgn, text, &WriteOptions::default());
        assert_eq!(
            formatted.text,
            b"[White \"M\xfcller\"]\n[FEN \"8/8/8/4k3/8/8/8/4K3 w - - 0 1\"]\n[FEN \"8/8/8/4k3/8/8/8/4K3 \xe9 - - 0 1\"]\n"
        );
        assert_eq!(formatted.changed, 1);
        assert_eq!(formatted.not_utf8_lines, [3]);
        assert!(formatted.not_utf8);
    }
}
