//! `fenlint check`: find the inputs, lint them, hand the findings on in input order.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek};
use std::path::{Path, PathBuf};
use std::sync::Arc as Rc;

use fenlint::files::{self, FileKind};
use fenlint::suppression::Suppressor;
use fenlint::{Diagnostic, Validator};

use crate::source::Snippet;

/// One diagnostic and where it is.
pub struct Finding {
    pub path: Rc<str>,
    pub diagnostic: Diagnostic,
    pub snippet: Snippet,
}

impl Finding {
    /// `diagnostic` in the file `path`, on the lines of `snippet`.
    pub fn new(path: &Rc<str>, diagnostic: Diagnostic, snippet: &Snippet) -> Finding {
        Finding {
            path: Rc::clone(path),
            diagnostic,
            snippet: snippet.clone(),
        }
    }
}

/// What was linted: how many files (`None` for `--fen`, which reads none) and FENs.
pub struct Totals {
    pub files: Option<usize>,
    pub fens: usize,
}

impl Default for Totals {
    fn default() -> Totals {
        Totals {
            files: Some(0),
            fens: 0,
        }
    }
}

/// Why linting a file stopped early.
#[derive(Debug)]
pub enum Stop {
    /// The input could not be read.
    Read(io::Error),
    /// The findings could not be written (a closed pipe, a full disk).
    Output(io::Error),
}

/// What the walk found: the files to lint, and what it skipped or could not read.
#[derive(Default)]
pub struct Expansion {
    pub files: Vec<PathBuf>,
    /// Things worth a warning that do not stop the run (a FIFO in a walked directory, a
    /// symbolic link loop).
    pub warnings: Vec<String>,
    /// Paths that could not be read.
    pub errors: Vec<String>,
}

/// Whether a walked file is one of ours: its extension, in any case, says which kind of
/// position file it is (the kind it is then read as).
fn is_position_file(path: &Path) -> bool {
    FileKind::of_extension(path).is_some()
}

/// The files to lint: the paths given (any kind of file named on the command line is read,
/// a FIFO included), with directories walked as ripgrep walks them. Walked directories give
/// their `.fen`, `.epd` and `.pgn` regular files, sorted by name; hidden files and directories
/// and what `.gitignore`, `.ignore` and `.fenlintignore` files exclude are skipped unless
/// `no_ignore`; symbolic links are followed only with `follow` (a loop is reported and skipped);
/// FIFOs, sockets and devices found by the walk are skipped with a warning.
pub fn expand(paths: &[PathBuf], no_ignore: bool, follow: bool) -> Expansion {
    let mut expansion = Expansion::default();
    for path in paths {
        if path.as_os_str() == "-" || !path.is_dir() {
            expansion.files.push(path.clone());
            continue;
        }
        let walk = ignore::WalkBuilder::new(path)
            .standard_filters(!no_ignore)
            .require_git(false)
            .add_custom_ignore_filename(".fenlintignore")
            .follow_links(follow)
            .sort_by_file_name(|a, b| a.cmp(b))
            .build();
        for entry in walk {
            match entry {
                Ok(entry) => {
                    let Some(file_type) = entry.file_type() else {
                        continue; // Standard input; never yielded by a directory walk.
                    };
                    if file_type.is_dir() || !is_position_file(entry.path()) {
                        continue;
                    }
                    if file_type.is_file() {
                        expansion.files.push(entry.into_path());
                    } else if !file_type.is_symlink() {
                        expansion.warnings.push(format!(
                            "{}: skipped: not a regular file (a FIFO, socket or device)",
                            entry.path().display()
                        ));
                    }
                }
                Err(error) if error.is_io() || error.io_error().is_some() => {
                    expansion.errors.push(error.to_string());
                }
                Err(error) => expansion.warnings.push(format!("skipped: {error}")),
            }
        }
    }
    expansion
}

/// Lines read before they are linted together: enough to keep every core busy, few enough that
/// memory stays flat however large the file.
const BATCH_LINES: usize = 4096;

/// At most this many bytes of a line are kept; the rest is read and dropped. A FEN or EPD
/// record is far shorter, and the parser reads no further than this either
/// ([`fenlint::MAX_LINE_LEN`]), so a 1 GB line costs no more memory than a short one.
const KEPT_LINE_BYTES: usize = fenlint::MAX_LINE_LEN + 4;

/// One line of a batch: its bytes (without the line ending, cut after [`KEPT_LINE_BYTES`]),
/// its full length, its byte offset, its 0-based number, and whether it holds a position (or
/// else a suppression comment).
struct Line {
    content: Vec<u8>,
    full_len: usize,
    offset: usize,
    number: usize,
    position: bool,
}

/// Whether a line that holds no position may be a suppression comment, which the lint pass
/// keeps; other comment lines are dropped as soon as they are read.
fn may_be_directive(line: &[u8]) -> bool {
    memchr::memmem::find(line, b"fenlint:").is_some()
}

/// The first pass over a file of lines: its `allow-file` suppression comments, read without
/// keeping the file; `reader` is then back at the start.
fn file_suppressions(
    reader: &mut BufReader<Source<'_>>,
    validator: &Validator,
) -> io::Result<Suppressor> {
    let mut suppressor = Suppressor::new(validator);
    let mentioned = mentions_directive(reader)?;
    reader.rewind()?;
    if !mentioned {
        return Ok(suppressor);
    }
    let mut line = Vec::new();
    let mut offset = 0usize;
    loop {
        let (read, _) = read_line(reader, &mut line)?;
        if read == 0 {
            break;
        }
        if !files::is_position_line(&line) && may_be_directive(&line) {
            suppressor.scan_line(&line, offset);
        }
        offset = offset.saturating_add(read);
    }
    // Seeking the buffered reader drops what it had buffered.
    reader.rewind()?;
    Ok(suppressor)
}

/// Whether the text of `reader` holds `fenlint:` anywhere, found in one fast scan of its
/// buffers, so that the line by line first pass runs only for a file that may have a
/// suppression comment.
fn mentions_directive(reader: &mut impl BufRead) -> io::Result<bool> {
    const NEEDLE: &[u8] = b"fenlint:";
    let finder = memchr::memmem::Finder::new(NEEDLE);
    // The last bytes read before the current buffer, for a match split between buffers.
    let mut seam: Vec<u8> = Vec::with_capacity(2 * NEEDLE.len());
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(false);
        }
        seam.extend_from_slice(buffer.get(..NEEDLE.len() - 1).unwrap_or(buffer));
        if finder.find(&seam).is_some() || finder.find(buffer).is_some() {
            return Ok(true);
        }
        // Keep the last bytes read: of this buffer, or of the seam when the buffer is short
        // (the seam then ends with all of it).
        if buffer.len() >= NEEDLE.len() - 1 {
            seam.clear();
            let tail = buffer.len().saturating_sub(NEEDLE.len() - 1);
            seam.extend_from_slice(buffer.get(tail..).unwrap_or_default());
        } else {
            let excess = seam.len().saturating_sub(NEEDLE.len() - 1);
            seam.drain(..excess);
        }
        let len = buffer.len();
        reader.consume(len);
    }
}

/// The snippet of the suppression comment at `offset`, among those kept in `directives`.
fn directive_snippet(directives: &[(usize, Snippet)], offset: usize) -> Option<&Snippet> {
    let at = directives.partition_point(|(start, _)| *start <= offset);
    directives
        .get(at.checked_sub(1)?)
        .map(|(_, snippet)| snippet)
}

/// Reads one line into `line` (without its ending), keeping at most [`KEPT_LINE_BYTES`] bytes.
/// Returns how many bytes it read from `reader`, ending included (0 at the end of the input),
/// and the full length of the line's content.
fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<(usize, usize)> {
    line.clear();
    let mut read = 0usize;
    let mut full = 0usize;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            break;
        }
        let (chunk, done) = match memchr_newline(buffer) {
            Some(at) => (buffer.get(..=at).unwrap_or(buffer), true),
            None => (buffer, false),
        };
        let content = chunk.strip_suffix(b"\n").unwrap_or(chunk);
        let room = KEPT_LINE_BYTES.saturating_sub(line.len());
        line.extend_from_slice(content.get(..room.min(content.len())).unwrap_or_default());
        let used = chunk.len();
        read = read.saturating_add(used);
        full = full.saturating_add(content.len());
        reader.consume(used);
        if done {
            break;
        }
    }
    if line.ends_with(b"\r") && full <= KEPT_LINE_BYTES {
        line.pop();
        full = full.saturating_sub(1);
    }
    Ok((read, full))
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    memchr::memchr(b'\n', bytes)
}

/// Runs `lint` on each chunk of `items` on its own thread (on one thread when there is one
/// core or few items) and returns the results in order. A panic in a worker is raised again
/// here, never turned into missing output.
fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    lint: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    if threads <= 1 || items.len() < 64 {
        return items.iter().map(&lint).collect();
    }
    let chunk = items.len().div_ceil(threads);
    let lint = &lint;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|chunk| scope.spawn(move || chunk.iter().map(lint).collect::<Vec<R>>()))
            .collect();
        let mut results = Vec::with_capacity(items.len());
        for handle in handles {
            match handle.join() {
                Ok(chunk) => results.extend(chunk),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        results
    })
}

/// Lints `reader`, one FEN (or, for [`FileKind::Epd`], one EPD record) per line, calling
/// `report` for each finding in input order. The file is read a batch of lines at a time, never
/// whole; each batch is linted on all available cores, then reported in order. `progress` is
/// told how many bytes have been read. A first pass reads the `allow-file` suppression comments
/// (which may come after the positions they silence); the unused ones are reported at the end.
pub fn lint_lines(
    path: &Rc<str>,
    kind: FileKind,
    source: Source<'_>,
    validator: &Validator,
    totals: &mut Totals,
    report: &mut dyn FnMut(Finding) -> io::Result<()>,
    progress: &mut dyn FnMut(usize),
) -> Result<(), Stop> {
    let rewindable = matches!(source, Source::Rewindable(_));
    let mut reader = BufReader::with_capacity(64 << 10, source);
    // A UTF-16 file is one finding that says so, not a line of garbage per line.
    let head = loop {
        match reader.fill_buf() {
            Ok(head) => break head,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(Stop::Read(error)),
        }
    };
    if let Some(diagnostic) = files::utf16(head) {
        if let Some(severity) = validator.severity_of(diagnostic.code()) {
            let line = head.split(|&byte| byte == b'\n').next().unwrap_or_default();
            let line = line.get(..200).unwrap_or(line);
            let snippet = Snippet::new(path, line, 0, 0);
            report(Finding::new(
                path,
                diagnostic.with_severity(severity),
                &snippet,
            ))
            .map_err(Stop::Output)?;
        }
        return Ok(());
    }
    let mut suppressor = if rewindable {
        file_suppressions(&mut reader, validator).map_err(Stop::Read)?
    } else {
        Suppressor::new(validator)
    };
    // The suppression comments seen, by offset: the unused ones are reported after the lines
    // below them.
    let mut directives: Vec<(usize, Snippet)> = Vec::new();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut offset = 0usize;
    let mut number = 0usize;
    let mut batch: Vec<Line> = Vec::with_capacity(BATCH_LINES);
    let mut spare: Vec<Vec<u8>> = Vec::new();
    loop {
        while batch.len() < BATCH_LINES {
            let mut content = spare.pop().unwrap_or_default();
            let (read, full_len) = read_line(&mut reader, &mut content).map_err(Stop::Read)?;
            if read == 0 {
                break;
            }
            let position = files::is_position_line(&content);
            if position || may_be_directive(&content) {
                batch.push(Line {
                    content,
                    full_len,
                    offset,
                    number,
                    position,
                });
            } else {
                spare.push(content);
            }
            offset = offset.saturating_add(read);
            number = number.saturating_add(1);
        }
        if batch.is_empty() {
            for diagnostic in suppressor.finish() {
                let Some(snippet) = directive_snippet(&directives, diagnostic.span().start) else {
                    continue;
                };
                report(Finding::new(path, diagnostic, snippet)).map_err(Stop::Output)?;
            }
            return Ok(());
        }
        let positions = batch.iter().filter(|line| line.position).count();
        totals.fens = totals.fens.saturating_add(positions);
        let results = parallel_map(&batch, threads, |line| {
            if line.position {
                lint_line(kind, line, validator)
            } else {
                Vec::new()
            }
        });
        for (line, diagnostics) in batch.iter().zip(results) {
            let diagnostics = if line.position {
                suppressor.position(line.number, diagnostics)
            } else {
                if !rewindable {
                    // Read once: an `allow-file` comment applies from here on.
                    suppressor.scan_line(&line.content, line.offset);
                }
                suppressor.comment_line(line.number, &line.content, line.offset)
            };
            if diagnostics.is_empty() && line.position {
                continue;
            }
            let snippet = Snippet::new(path, &line.content, line.offset, line.number);
            if !line.position {
                directives.push((line.offset, snippet.clone()));
            }
            for diagnostic in diagnostics {
                // The unused codes of a suppression comment above this line are on that line.
                let start = diagnostic.span().start;
                let shown = if start < line.offset {
                    directive_snippet(&directives, start).unwrap_or(&snippet)
                } else {
                    &snippet
                };
                report(Finding::new(path, diagnostic, shown)).map_err(Stop::Output)?;
            }
        }
        spare.extend(batch.drain(..).map(|line| line.content));
        progress(offset);
    }
}

/// The diagnostics of one line, of which only the head may have been kept.
fn lint_line(kind: FileKind, line: &Line, validator: &Validator) -> Vec<Diagnostic> {
    files::lint_line_head(kind, &line.content, line.full_len, line.offset, validator)
}

/// Lints a whole PGN file, calling `report` for each finding in order. Each finding carries
/// the lines its labels are on, found through the line starts of the file, found once, so that
/// a file of 100,000 games costs no more per game than a file of one.
pub fn lint_pgn(
    path: &Rc<str>,
    mut reader: impl Read,
    validator: &Validator,
    totals: &mut Totals,
    report: &mut dyn FnMut(Finding) -> io::Result<()>,
) -> Result<(), Stop> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(Stop::Read)?;
    let diagnostics = files::lint_file(FileKind::Pgn, &bytes, validator);
    if files::utf16(&bytes).is_none() {
        // Bytes that are not UTF-8 do not move the tags: `?` for each keeps every offset.
        let text = String::from_utf8_lossy(&bytes);
        totals.fens = totals.fens.saturating_add(
            fenlint::pgn::read(&text, 0)
                .games()
                .iter()
                .filter(|game| game.tag("FEN").is_some())
                .count(),
        );
    }
    let starts: Vec<usize> = std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', &bytes).map(|at| at.saturating_add(1)))
        .collect();
    for diagnostic in diagnostics {
        let (offset, line, lines) = covering_lines(&bytes, &starts, &diagnostic);
        let snippet = Snippet::new(path, lines, offset, line);
        report(Finding::new(path, diagnostic, &snippet)).map_err(Stop::Output)?;
    }
    Ok(())
}

/// The whole lines of `bytes` (whose lines start at `starts`) that the labels of `diagnostic`
/// are on, with one line of context before and after (as miette shows): their byte offset, the
/// 0-based number of the first, and their bytes.
fn covering_lines<'b>(
    bytes: &'b [u8],
    starts: &[usize],
    diagnostic: &Diagnostic,
) -> (usize, usize, &'b [u8]) {
    let spans = diagnostic.labels().iter().map(fenlint::Label::span);
    let start = spans.clone().map(|span| span.start).min().unwrap_or(0);
    let end = spans.map(|span| span.end).max().unwrap_or(start);
    let line_of = |offset: usize| {
        starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1)
    };
    let first = line_of(start).saturating_sub(1);
    let last = line_of(end).saturating_add(1);
    let from = starts.get(first).copied().unwrap_or(0).min(bytes.len());
    // The end of line `last`: the start of the next line without its `\n`, or the end.
    let to = starts
        .get(last.saturating_add(1))
        .map_or(bytes.len(), |&next| next.saturating_sub(1))
        .clamp(from, bytes.len());
    let to = if bytes
        .get(..to)
        .is_some_and(|before| before.ends_with(b"\r"))
    {
        to.saturating_sub(1).max(from)
    } else {
        to
    };
    (from, first, bytes.get(from..to).unwrap_or_default())
}

/// Something that can be read twice: a file, or bytes in memory.
pub trait ReadSeek: Read + Seek {}

impl<T: Read + Seek> ReadSeek for T {}

/// An input to lint: one that can be read twice (a regular file, or a stream that ended within
/// [`STREAM_BUFFER_BYTES`], kept in memory), or a longer stream, read once as it comes.
pub enum Source<'a> {
    Rewindable(Box<dyn ReadSeek + 'a>),
    Once(Box<dyn Read + 'a>),
}

impl Read for Source<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::Rewindable(reader) => reader.read(buffer),
            Source::Once(reader) => reader.read(buffer),
        }
    }
}

impl Seek for Source<'_> {
    fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
        match self {
            Source::Rewindable(reader) => reader.seek(to),
            Source::Once(_) => Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "a stream read once cannot be read again",
            )),
        }
    }
}

/// How much of a stream (standard input, a FIFO) is read before linting starts: a stream that
/// ends within it is linted with the `allow-file` suppression comments found anywhere in it; a
/// longer one is linted as it comes (so that `producer | fenlint check` reports as it reads and
/// stops when its reader goes away), and an `allow-file` comment in it applies from its line on.
pub const STREAM_BUFFER_BYTES: u64 = 16 << 20;

/// Opens `path` for reading (`-` is standard input).
pub fn open(path: &Path) -> io::Result<Source<'static>> {
    if path.as_os_str() == "-" {
        return buffered(Box::new(io::stdin()));
    }
    if path.is_dir() {
        return Err(io::Error::other("is a directory"));
    }
    let file = File::open(path)?;
    if file.metadata()?.is_file() {
        Ok(Source::Rewindable(Box::new(file)))
    } else {
        buffered(Box::new(file))
    }
}

/// A stream, read into memory up to [`STREAM_BUFFER_BYTES`]: whole when it ends there, else
/// what was read followed by the rest of the stream.
fn buffered(mut reader: Box<dyn Read>) -> io::Result<Source<'static>> {
    let mut head = Vec::new();
    (&mut reader)
        .take(STREAM_BUFFER_BYTES.saturating_add(1))
        .read_to_end(&mut head)?;
    if head.len() as u64 <= STREAM_BUFFER_BYTES {
        Ok(Source::Rewindable(Box::new(io::Cursor::new(head))))
    } else {
        Ok(Source::Once(Box::new(io::Cursor::new(head).chain(reader))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directive_is_found_in_any_buffer_and_across_two() {
        let text = "8/8/8/4k3/8/8/8/4K3 w - - 0 1\n# fenlint: allow-file x\n";
        let at = text.find("fenlint:").unwrap();
        // Buffers of every size from 1 byte up put the seam at every place in the word.
        for capacity in 1..=text.len() {
            let mut reader = io::BufReader::with_capacity(capacity, text.as_bytes());
            assert!(mentions_directive(&mut reader).unwrap(), "{capacity}");
            let without = text.replace("fenlint:", "fenlint ");
            let mut reader = io::BufReader::with_capacity(capacity, without.as_bytes());
            assert!(!mentions_directive(&mut reader).unwrap(), "{capacity}");
        }
        let mut reader = io::BufReader::with_capacity(4, &text.as_bytes()[..at + 7]);
        assert!(!mentions_directive(&mut reader).unwrap());
    }

    #[test]
    fn a_worker_panic_is_raised_again_not_dropped() {
        let items: Vec<usize> = (0..1000).collect();
        let outcome = std::panic::catch_unwind(|| {
            parallel_map(&items, 4, |&item| {
                assert!(item != 700, "worker failed on {item}");
                item
            })
        });
        assert!(outcome.is_err());
        // Without a panic, every result comes back, in order.
        assert_eq!(parallel_map(&items, 4, |&item| item * 2)[999], 1998);
    }

    #[test]
    fn long_lines_are_read_to_their_end_but_kept_short() {
        let long = vec![b'8'; KEPT_LINE_BYTES * 3];
        let mut input = long.clone();
        input.extend_from_slice(b"\r\nnext\r\n");
        let mut reader = BufReader::with_capacity(1000, input.as_slice());
        let mut line = Vec::new();
        let (read, full) = read_line(&mut reader, &mut line).unwrap();
        assert_eq!(read, long.len() + 2);
        assert_eq!(full, long.len() + 1); // The `\r` is kept: the line was cut.
        assert_eq!(line.len(), KEPT_LINE_BYTES);
        let (read, full) = read_line(&mut reader, &mut line).unwrap();
        assert_eq!((read, full, line.as_slice()), (6, 4, b"next".as_slice()));
        assert_eq!(read_line(&mut reader, &mut line).unwrap().0, 0);
    }

    /// The codes `lint_lines` reports for `text` read from `source`.
    fn codes_of(text: &'static str, source: Source<'static>) -> Vec<&'static str> {
        let path: Rc<str> = "-".into();
        let mut totals = Totals::default();
        let mut codes = Vec::new();
        lint_lines(
            &path,
            FileKind::Lines,
            source,
            &Validator::new(),
            &mut totals,
            &mut |finding| {
                codes.push(finding.diagnostic.code().name());
                Ok(())
            },
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(
            totals.fens,
            text.lines().filter(|l| !l.starts_with('#')).count()
        );
        codes
    }

    #[test]
    fn allow_file_applies_to_the_whole_input_or_from_its_line_in_a_stream_read_once() {
        let text = "8/8/8/4k3/8/8/8/4K3\n# fenlint: allow-file fen::fields::missing\n8/8/8/4k3/8/8/8/4K3\n";
        let whole = codes_of(text, Source::Rewindable(Box::new(io::Cursor::new(text))));
        assert_eq!(whole, Vec::<&str>::new());
        let once = codes_of(text, Source::Once(Box::new(io::Cursor::new(text))));
        assert_eq!(once, ["fen::fields::missing"]);
    }
}
