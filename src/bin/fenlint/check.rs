//! `fenlint check`: find the inputs, lint them, collect the findings in input order.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc as Rc;

use fenlint::{Diagnostic, Validator};

use crate::source::Snippet;

/// One diagnostic and where it is.
pub struct Finding {
    pub path: Rc<str>,
    pub diagnostic: Diagnostic,
    pub snippet: Snippet,
}

impl Finding {
    /// `diagnostic` in the file `path`, whose `text` starts at byte `offset` on line `line`
    /// (0-based).
    pub fn new(
        path: &Rc<str>,
        diagnostic: Diagnostic,
        text: &Rc<str>,
        offset: usize,
        line: usize,
    ) -> Finding {
        Finding {
            path: Rc::clone(path),
            diagnostic,
            snippet: Snippet {
                name: Rc::clone(path),
                text: Rc::clone(text),
                offset,
                line,
            },
        }
    }
}

/// What was linted.
#[derive(Default)]
pub struct Totals {
    pub files: usize,
    pub fens: usize,
}

/// How a file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One FEN per non-blank line; `#` starts a comment line (`.fen`, `.txt`, anything else).
    Lines,
    /// One EPD record per non-blank line (`.epd`).
    Epd,
    /// A PGN file: every `[FEN "..."]` tag (`.pgn`), read whole.
    Pgn,
}

/// The kind of a file, from its extension.
pub fn kind_of(path: &Path) -> Kind {
    match path.extension().and_then(|ext| ext.to_str()) {
        Some(ext) if ext.eq_ignore_ascii_case("epd") => Kind::Epd,
        Some(ext) if ext.eq_ignore_ascii_case("pgn") => Kind::Pgn,
        _ => Kind::Lines,
    }
}

/// The files to lint: the paths given, with directories walked (sorted) for `.fen`, `.epd` and
/// `.pgn` files. An error names the path that could not be read.
pub fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            files.push(path.clone());
        } else if path.is_dir() {
            walk(path, &mut files).map_err(|error| format!("{}: {error}", path.display()))?;
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<_>>()?;
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            walk(&entry, files)?;
        } else if entry
            .extension()
            .and_then(|ext| ext.to_str())
            .is_some_and(|ext| matches!(ext, "fen" | "epd" | "pgn"))
        {
            files.push(entry);
        }
    }
    Ok(())
}

/// Lines read before they are linted together: enough to keep both cores busy, few enough that
/// memory stays flat however large the file.
const BATCH_LINES: usize = 4096;

/// One line of a batch: its bytes (without the line ending), byte offset and 0-based number.
struct Line {
    content: Vec<u8>,
    offset: usize,
    number: usize,
}

/// Lints `reader`, one FEN (or, for [`Kind::Epd`], one EPD record) per line, calling `report`
/// for each finding in input order. The file is read a batch of lines at a time, never whole;
/// each batch is linted on all available cores, then reported in order. `progress` is told how
/// many bytes have been read.
pub fn lint_lines(
    path: &Rc<str>,
    kind: Kind,
    reader: impl Read,
    validator: &Validator,
    totals: &mut Totals,
    report: &mut dyn FnMut(Finding),
    progress: &mut dyn FnMut(usize),
) -> io::Result<()> {
    let mut reader = BufReader::new(reader);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut offset = 0usize;
    let mut number = 0usize;
    loop {
        let mut batch: Vec<Line> = Vec::new();
        while batch.len() < BATCH_LINES {
            let mut buffer = Vec::new();
            let read = reader.read_until(b'\n', &mut buffer)?;
            if read == 0 {
                break;
            }
            let content = buffer.strip_suffix(b"\n").unwrap_or(&buffer);
            let content = content.strip_suffix(b"\r").unwrap_or(content);
            if is_fen_line(content) {
                batch.push(Line {
                    content: content.to_vec(),
                    offset,
                    number,
                });
            }
            offset += read;
            number += 1;
        }
        if batch.is_empty() {
            return Ok(());
        }
        totals.fens += batch.len();
        let lint = |lines: &[Line]| -> Vec<Vec<Diagnostic>> {
            lines
                .iter()
                .map(|line| lint_line(kind, &line.content, line.offset, validator))
                .collect()
        };
        let results: Vec<Vec<Diagnostic>> = if threads > 1 && batch.len() >= 64 {
            let chunk = batch.len().div_ceil(threads);
            std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .chunks(chunk)
                    .map(|lines| scope.spawn(move || lint(lines)))
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|handle| handle.join().unwrap_or_default())
                    .collect()
            })
        } else {
            lint(&batch)
        };
        for (line, diagnostics) in batch.iter().zip(results) {
            if diagnostics.is_empty() {
                continue;
            }
            let text: Rc<str> = String::from_utf8_lossy(&line.content).into();
            for diagnostic in diagnostics {
                report(Finding::new(
                    path,
                    diagnostic,
                    &text,
                    line.offset,
                    line.number,
                ));
            }
        }
        progress(offset);
    }
}

/// Whether a line (without its line ending) holds a FEN: not blank (a byte-order mark alone
/// counts as blank) and not a `#` comment.
fn is_fen_line(line: &[u8]) -> bool {
    let trimmed = line.trim_ascii_start();
    let bom_only = trimmed
        .strip_prefix("\u{feff}".as_bytes())
        .is_some_and(|rest| rest.trim_ascii().is_empty());
    !trimmed.is_empty() && !trimmed.starts_with(b"#") && !bom_only
}

/// The diagnostics of one line at byte `offset` of its file.
fn lint_line(kind: Kind, line: &[u8], offset: usize, validator: &Validator) -> Vec<Diagnostic> {
    match std::str::from_utf8(line) {
        Ok(text) if kind == Kind::Epd => fenlint::epd::lint_epd(text, offset, validator),
        Ok(text) => validator
            .lint_parse(fenlint::parse_at(text, offset))
            .diagnostics()
            .to_vec(),
        Err(_) => invalid_utf8(line, offset, validator),
    }
}

/// `fen::input::invalid_utf8` for bytes that are not UTF-8, with the severity in force.
fn invalid_utf8(bytes: &[u8], offset: usize, validator: &Validator) -> Vec<Diagnostic> {
    match fenlint::parse_bytes_at(bytes, offset) {
        Ok(_) => Vec::new(),
        Err(diagnostic) => validator
            .severity_of(diagnostic.code())
            .map(|severity| vec![diagnostic.with_severity(severity)])
            .unwrap_or_default(),
    }
}

/// Lints a whole PGN file, calling `report` for each finding in order. A file that is not
/// UTF-8 gets one diagnostic at the first bad byte.
pub fn lint_pgn(
    path: &Rc<str>,
    mut reader: impl Read,
    validator: &Validator,
    totals: &mut Totals,
    report: &mut dyn FnMut(Finding),
) -> io::Result<()> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    let (text, diagnostics): (Rc<str>, Vec<Diagnostic>) = match std::str::from_utf8(&bytes) {
        Ok(text) => {
            let games = fenlint::pgn::read(text, 0);
            totals.fens += games
                .games()
                .iter()
                .filter(|game| game.tag("FEN").is_some())
                .count();
            (text.into(), fenlint::pgn::lint_pgn(text, 0, validator))
        }
        Err(_) => (
            String::from_utf8_lossy(&bytes).into(),
            invalid_utf8(&bytes, 0, validator),
        ),
    };
    for diagnostic in diagnostics {
        report(Finding::new(path, diagnostic, &text, 0, 0));
    }
    Ok(())
}

/// Opens `path` for reading (`-` is standard input).
pub fn open(path: &Path) -> io::Result<Box<dyn Read>> {
    if path.as_os_str() == "-" {
        Ok(Box::new(io::stdin().lock()))
    } else {
        if path.is_dir() {
            return Err(io::Error::other("is a directory"));
        }
        Ok(Box::new(File::open(path)?))
    }
}

/// The file with every machine-applicable fix applied, keeping every other byte; and how many
/// fixes were applied. Overlapping fixes are applied in later passes, on the text the earlier
/// ones left; text that is not UTF-8 is left as it is.
pub fn fix(kind: Kind, bytes: &[u8], validator: &Validator) -> (Vec<u8>, usize) {
    let mut text = bytes.to_vec();
    let mut applied = 0;
    for _ in 0..8 {
        let (next, count) = fix_pass(kind, &text, validator);
        if count == 0 {
            break;
        }
        text = next;
        applied += count;
    }
    (text, applied)
}

/// Every diagnostic of a whole file, with spans into it.
fn file_diagnostics(kind: Kind, bytes: &[u8], validator: &Validator) -> Vec<Diagnostic> {
    if kind == Kind::Pgn {
        return std::str::from_utf8(bytes)
            .map(|text| fenlint::pgn::lint_pgn(text, 0, validator))
            .unwrap_or_default();
    }
    let mut diagnostics = Vec::new();
    let mut offset = 0;
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        let content = line.strip_suffix(b"\n").unwrap_or(line);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        if is_fen_line(content) && std::str::from_utf8(content).is_ok() {
            diagnostics.extend(lint_line(kind, content, offset, validator));
        }
        offset += line.len();
    }
    diagnostics
}

fn fix_pass(kind: Kind, bytes: &[u8], validator: &Validator) -> (Vec<u8>, usize) {
    let diagnostics = file_diagnostics(kind, bytes, validator);
    let mut fixes: Vec<&fenlint::Fix> = diagnostics.iter().filter_map(|d| d.fix()).collect();
    fixes.sort_by_key(|fix| (fix.span().start, fix.span().end));
    let mut out = Vec::with_capacity(bytes.len());
    let (mut at, mut applied) = (0, 0);
    for fix in fixes {
        let span = fix.span();
        if span.start < at || span.end > bytes.len() {
            continue; // Overlaps one already applied: the next pass sees it again.
        }
        out.extend_from_slice(bytes.get(at..span.start).unwrap_or_default());
        out.extend_from_slice(fix.replacement().as_bytes());
        at = span.end;
        applied += 1;
    }
    out.extend_from_slice(bytes.get(at..).unwrap_or_default());
    (out, applied)
}
