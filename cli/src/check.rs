//! `fenlint check`: find the inputs, lint them, hand the findings on in input order.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek};
use std::path::{Path, PathBuf};
use std::sync::Arc as Rc;
use std::{panic, thread};

use fenlint::files::{self, FileKind, OncePerFile};
use fenlint::suppression::Suppressor;
use fenlint::{Diagnostic, Validator};

use crate::source::{LineSnippet, Place, Snippet};

/// One diagnostic and where it is. All three are borrowed: a finding is reported as soon as it
/// is made; the findings of a line share its place, which copies the line's text into a
/// snippet only for a format that shows it; and a batch's diagnostics stay in the batch, to be
/// dropped on the thread that lints it next rather than on the one that reports them.
pub struct Finding<'a> {
    pub path: &'a str,
    pub diagnostic: &'a Diagnostic,
    pub place: Place<'a>,
}

impl<'a> Finding<'a> {
    /// `diagnostic` in the file `path`, on the lines of `snippet`.
    pub fn new(path: &'a str, diagnostic: &'a Diagnostic, snippet: &'a Snippet) -> Finding<'a> {
        Finding::on(path, diagnostic, Place::Snippet(snippet))
    }

    /// `diagnostic` in the file `path`, shown on `place`.
    pub fn on(path: &'a str, diagnostic: &'a Diagnostic, place: Place<'a>) -> Finding<'a> {
        Finding {
            path,
            diagnostic,
            place,
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
/// `no_ignore` (which overrides all three); symbolic links are followed only with `follow` (a
/// loop is reported and skipped); FIFOs, sockets and devices found by the walk are skipped with
/// a warning. A file named twice, or named and also found by a walk, is read once, where it
/// first comes (paths compare as git names them: `./a.fen` is `a.fen`).
pub fn expand(paths: &[PathBuf], no_ignore: bool, follow: bool) -> Expansion {
    let mut expansion = Expansion::default();
    let cwd = std::env::current_dir().ok();
    let mut seen = std::collections::HashSet::new();
    let mut add = |files: &mut Vec<PathBuf>, path: PathBuf| {
        if seen.insert(crate::paths::normalized(&path, cwd.as_deref())) {
            files.push(path);
        }
    };
    for path in paths {
        if path.as_os_str() == "-" || !path.is_dir() {
            add(&mut expansion.files, path.clone());
            continue;
        }
        let mut walk = ignore::WalkBuilder::new(path);
        walk.standard_filters(!no_ignore)
            .require_git(false)
            .follow_links(follow)
            .sort_by_file_name(|a, b| a.cmp(b));
        if !no_ignore {
            walk.add_custom_ignore_filename(".fenlintignore");
        }
        let walk = walk.build();
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
                        add(&mut expansion.files, entry.into_path());
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

/// Kept lines read before they are linted together: a batch is what one worker lints at a
/// time, small enough that every core gets work early and the last batch ends soon after the
/// others, large enough that handing it over costs next to nothing.
const BATCH_LINES: usize = 1024;

/// A batch also ends once its bytes reach this, so that long lines (up to
/// [`KEPT_LINE_BYTES`] each) do not make it large.
const BATCH_BYTES: usize = 256 << 10;

/// The length of a usual FEN line with its move counters: room for this many bytes a line is
/// made in a new batch.
const TYPICAL_LINE_BYTES: usize = 64;

/// Batches at most in flight per worker (read and not yet reported): enough that the workers
/// never wait for the reading thread, few enough that memory stays flat however large the file.
const BATCHES_PER_WORKER: usize = 4;

/// At most this many bytes of a line are kept; the rest is read and dropped. A FEN or EPD
/// record is far shorter, and the parser reads no further than this either
/// ([`fenlint::MAX_LINE_LEN`]), so a 1 GB line costs no more memory than a short one.
const KEPT_LINE_BYTES: usize = fenlint::MAX_LINE_LEN + 4;

/// Where one line of a [`Batch`] is: the range of its kept bytes in [`Batch::bytes`] (without
/// the line ending, cut after [`KEPT_LINE_BYTES`]), its full length, its byte offset in the
/// file, its 0-based number, and whether it holds a position (or else a suppression comment).
struct Line {
    start: usize,
    end: usize,
    full_len: usize,
    offset: usize,
    number: usize,
    position: bool,
}

/// Lines read together and linted by one worker: the bytes of all of them in one buffer,
/// a [`Line`] for each, and (once linted) their diagnostics. A batch is emptied and filled
/// again, so that its buffers are allocated once, not once a line.
struct Batch {
    /// The bytes read into the batch: its lines one after the other, with their endings and
    /// with the lines that are not kept (see [`take_lines`]); each kept line is a range of it.
    bytes: Vec<u8>,
    /// The lines, in input order: the positions and the possible suppression comments.
    lines: Vec<Line>,
    /// The diagnostics of the lines of `lines`, one line's after the other's (none for a
    /// comment line); filled by [`Batch::lint`]. One vector for the batch, kept from batch to
    /// batch: a line's own vector is emptied into it and kept for the next line on the thread
    /// that made it (see `files::lint_text_line_head_into`).
    diagnostics: Vec<Diagnostic>,
    /// How many of `diagnostics` each line of `lines` has.
    found: Vec<usize>,
    /// The byte offset just after the last line read into the batch, kept or not.
    end: usize,
    /// The node array of the last line's syntax tree, for the next line's (kept with the
    /// batch, which one thread lints at a time).
    scratch: files::LineScratch,
}

impl Default for Batch {
    /// An empty batch, with room for the lines of a usual batch and a diagnostic for each, so
    /// that filling the first batches does not copy their buffers as they grow (a batch of
    /// broken lines would otherwise copy its diagnostics about twice over, as many times as the
    /// batches in flight).
    fn default() -> Batch {
        Batch {
            bytes: Vec::with_capacity(BATCH_LINES.saturating_mul(TYPICAL_LINE_BYTES)),
            lines: Vec::with_capacity(BATCH_LINES),
            diagnostics: Vec::with_capacity(BATCH_LINES),
            found: Vec::with_capacity(BATCH_LINES),
            end: 0,
            scratch: files::LineScratch::default(),
        }
    }
}

impl Batch {
    /// Empties the batch, keeping its buffers. The diagnostics of its last lint are kept (and
    /// unreachable, with no line counting them) until the next lint drops them.
    fn clear(&mut self) {
        self.bytes.clear();
        self.lines.clear();
        self.found.clear();
        self.end = 0;
    }

    /// Whether the batch has as many lines or bytes as a batch takes.
    fn is_full(&self) -> bool {
        self.lines.len() >= BATCH_LINES || self.bytes.len() >= BATCH_BYTES
    }

    /// Fills [`Batch::diagnostics`] and [`Batch::found`]: the diagnostics of each position line
    /// as `kind`, none for a comment line.
    fn lint(&mut self, kind: FileKind, validator: &Validator) {
        let Batch {
            bytes,
            lines,
            diagnostics,
            found,
            scratch,
            ..
        } = self;
        diagnostics.clear();
        found.clear();
        // The whole batch is checked for UTF-8 at once, which costs far less than a check per
        // line; a line that is UTF-8 on its own starts and ends at character boundaries of a
        // batch that is, so only a batch with bad bytes has its lines checked one by one. The
        // check uses the CPU's vector instructions where it has them (a fifth of the standard
        // library's instructions on FEN text).
        let text = simdutf8::basic::from_utf8(bytes).ok();
        for line in lines.iter() {
            if !line.position {
                found.push(0);
                continue;
            }
            let (offset, full_len) = (line.offset, line.full_len);
            let count = match text.and_then(|text| text.get(line.start..line.end)) {
                Some(content) => scratch.lint_text_line_head_into(
                    kind,
                    content,
                    full_len,
                    offset,
                    validator,
                    diagnostics,
                ),
                None => {
                    let content = bytes.get(line.start..line.end).unwrap_or_default();
                    let mut of_line =
                        files::lint_line_head(kind, content, full_len, offset, validator);
                    let count = of_line.len();
                    diagnostics.append(&mut of_line);
                    count
                }
            };
            found.push(count);
        }
    }
}

/// Reads a file of lines into [`Batch`]es, counting the offset and number of the next line.
struct LineReader<R> {
    reader: BufReader<R>,
    /// The byte offset of the next line.
    offset: usize,
    /// The 0-based number of the next line.
    number: usize,
    /// Whether the input is a stream, whose next read may wait for its writer: a batch then
    /// also ends where the input read so far runs out of whole lines, so that what was read
    /// is linted and reported before waiting.
    stream: bool,
}

impl<R: Read> LineReader<R> {
    /// A reader of the lines of `reader`, from where it is, which is taken as offset 0.
    fn new(reader: BufReader<R>, stream: bool) -> LineReader<R> {
        LineReader {
            reader,
            offset: 0,
            number: 0,
            stream,
        }
    }

    /// Empties `batch` and reads lines into it until it is full or the input ends (or, for a
    /// stream, what was read has no whole line left). Only position lines and possible
    /// suppression comments are kept; every line read counts for the offsets and numbers.
    /// Returns whether more input may follow (`false` at the end of the input).
    fn fill(&mut self, batch: &mut Batch) -> io::Result<bool> {
        batch.clear();
        let more = loop {
            if batch.is_full() {
                break true;
            }
            // The usual case: whole lines in the buffer, and only kept lines copied out of it.
            if self.buffered_lines(batch) > 0 {
                continue;
            }
            let start = batch.bytes.len();
            let (read, full_len, position) = if self.stream && !batch.lines.is_empty() {
                // The rest of the line has yet to be read, maybe after a wait.
                break true;
            } else {
                // A line that goes on past the buffer, or the last one, without a `\n`.
                let (read, full_len) = read_line(&mut self.reader, &mut batch.bytes)?;
                if read == 0 {
                    break false;
                }
                let position = keep(batch.bytes.get(start..).unwrap_or_default());
                if position.is_none() {
                    batch.bytes.truncate(start);
                }
                (read, full_len, position)
            };
            if let Some(position) = position {
                batch.lines.push(Line {
                    start,
                    end: batch.bytes.len(),
                    full_len,
                    offset: self.offset,
                    number: self.number,
                    position,
                });
            }
            self.offset = self.offset.saturating_add(read);
            self.number = self.number.saturating_add(1);
        };
        batch.end = self.offset;
        Ok(more)
    }
}

impl<R: Read> LineReader<R> {
    /// Reads into `batch` the whole lines (ended by `\n`) that the reader's buffer holds, until
    /// the batch is full; returns how many bytes they took (0 when the buffer has no whole
    /// line). The buffer is searched for line ends once, not once a line, 64 bytes at a time
    /// (see `newlines`).
    fn buffered_lines(&mut self, batch: &mut Batch) -> usize {
        let buffered = self.reader.buffer();
        let mut at = (self.offset, self.number);
        let used = take_lines(
            buffered,
            crate::newlines::positions(buffered),
            &mut at,
            batch,
        );
        (self.offset, self.number) = at;
        self.reader.consume(used);
        used
    }
}

/// Puts into `batch` the lines of `buffered` that end at each of `newlines` (the offsets of its
/// `\n`s, in order), until the batch is full, counting the byte offset and the number of the
/// next line in `at`; returns how many bytes the lines took.
///
/// The lines' bytes are copied at once, all of them (with their endings, and the lines that
/// are not kept), not line by line: one copy of a buffer instead of a call for each line. A
/// kept line is the range of its kept bytes in that copy.
fn take_lines(
    buffered: &[u8],
    newlines: impl Iterator<Item = usize>,
    at: &mut (usize, usize),
    batch: &mut Batch,
) -> usize {
    // Where `buffered` starts in the batch's bytes once copied, and how many of its bytes the
    // batch takes before it is full.
    let origin = batch.bytes.len();
    let room = BATCH_BYTES.saturating_sub(origin);
    // The offset and number of the next line. Counted with wrapping additions, which cannot
    // wrap: a file has fewer bytes and lines than a `usize` counts, and each line is in
    // `buffered`, whose length is a `usize` too.
    let (mut offset, mut number) = *at;
    let mut used = 0usize;
    for newline in newlines {
        let Some(content) = buffered.get(used..newline) else {
            break;
        };
        let start = origin.wrapping_add(used);
        let next = newline.wrapping_add(1);
        let (head, full_len) = line_head(content);
        if let Some(position) = keep(head) {
            batch.lines.push(Line {
                start,
                end: start.wrapping_add(head.len()),
                full_len,
                offset,
                number,
                position,
            });
        }
        offset = offset.wrapping_add(next.wrapping_sub(used));
        number = number.wrapping_add(1);
        used = next;
        if batch.lines.len() >= BATCH_LINES || used >= room {
            break;
        }
    }
    *at = (offset, number);
    // In pieces of a few KiB, each copied with vector moves: the C library copies larger
    // blocks with `rep movsb`, which is as fast but counts one instruction a byte under the
    // instruction counters the benchmarks use.
    for piece in buffered
        .get(..used)
        .unwrap_or_default()
        .chunks(COPY_PIECE_BYTES)
    {
        batch.bytes.extend_from_slice(piece);
    }
    used
}

/// The most bytes [`take_lines`] copies at once.
const COPY_PIECE_BYTES: usize = 2 << 10;

/// Whether the kept bytes of a line are linted: `Some(true)` for a position line,
/// `Some(false)` for a possible suppression comment, `None` for any other line (blank, or a
/// comment), which is dropped as soon as it is read.
fn keep(line: &[u8]) -> Option<bool> {
    if files::is_position_line(line) {
        Some(true)
    } else if may_be_directive(line) {
        Some(false)
    } else {
        None
    }
}

/// The kept bytes and the full length of a line whose whole content (without its `\n`) is
/// `content`, as [`read_line`] gives them: at most [`KEPT_LINE_BYTES`] bytes, and a final
/// `\r` dropped (from both) unless the line was cut.
fn line_head(content: &[u8]) -> (&[u8], usize) {
    let full = content.len();
    match content.get(..KEPT_LINE_BYTES) {
        Some(head) if full > KEPT_LINE_BYTES => (head, full),
        _ => match content.strip_suffix(b"\r") {
            Some(head) => (head, full.saturating_sub(1)),
            None => (content, full),
        },
    }
}

/// Whether a line that holds no position may be a suppression comment, which the lint pass
/// keeps; other comment lines are dropped as soon as they are read.
fn may_be_directive(line: &[u8]) -> bool {
    memchr::memmem::find(line, b"fenlint:").is_some()
}

/// The first pass over a file of lines: its `allow-file` suppression comments, read without
/// keeping the file; `reader` is then back at the start.
fn file_suppressions(
    reader: &mut BufReader<impl Read + Seek>,
    validator: &Validator,
) -> io::Result<Suppressor> {
    let mentioned = mentions_directive(reader)?;
    reader.rewind()?;
    if !mentioned {
        return Ok(Suppressor::new(validator));
    }
    directive_lines(reader, validator)
}

/// [`file_suppressions`] through a second handle on the file, on a thread of its own (see
/// [`PositionedReader`]): the first scan reads into a buffer of its own, zeroed once, rather
/// than through a `BufReader`, whose 256 KiB buffer over this reader was zeroed before each
/// fill (6 times for a 1 MB file, 13 instructions a line).
fn twin_suppressions(mut twin: PositionedReader, validator: &Validator) -> io::Result<Suppressor> {
    let mut buffer = vec![0u8; PRESCAN_BUFFER_BYTES];
    let mut before = Vec::with_capacity(2 * DIRECTIVE.len());
    loop {
        let read = match twin.read(&mut buffer) {
            Ok(0) => return Ok(Suppressor::new(validator)),
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if chunk_mentions_directive(buffer.get(..read).unwrap_or_default(), &mut before) {
            break;
        }
    }
    twin.rewind()?;
    directive_lines(&mut BufReader::new(twin), validator)
}

/// The `allow-file` suppression comments among the lines of `reader`, read line by line to
/// its end; `reader` is then back at the start.
fn directive_lines(
    reader: &mut BufReader<impl Read + Seek>,
    validator: &Validator,
) -> io::Result<Suppressor> {
    let mut suppressor = Suppressor::new(validator);
    let mut line = Vec::new();
    let mut offset = 0usize;
    loop {
        line.clear();
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

/// The size of the buffer [`twin_suppressions`] reads a file into.
const PRESCAN_BUFFER_BYTES: usize = 256 << 10;

/// The word a suppression comment starts with.
const DIRECTIVE: &[u8] = b"fenlint:";

/// Whether the text of `reader` holds `fenlint:` anywhere, found in one fast scan of its
/// buffers (see [`chunk_mentions_directive`]), so that the line by line first pass runs only for
/// a file that may have a suppression comment.
fn mentions_directive(reader: &mut impl BufRead) -> io::Result<bool> {
    let mut before = Vec::with_capacity(2 * DIRECTIVE.len());
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(false);
        }
        if chunk_mentions_directive(buffer, &mut before) {
            return Ok(true);
        }
        let len = buffer.len();
        reader.consume(len);
    }
}

/// Whether `fenlint:` ends in `chunk`, the text that follows `before` (the last bytes of the
/// chunks read before it, for a word split between two); keeps the end of the text read so far
/// in `before`. Looks for `:`, which FEN and EPD text hardly ever holds, and checks the word
/// before each one it finds.
fn chunk_mentions_directive(chunk: &[u8], before: &mut Vec<u8>) -> bool {
    for colon in memchr::memchr_iter(b':', chunk) {
        let end = colon.saturating_add(1);
        let found = match end.checked_sub(DIRECTIVE.len()) {
            Some(start) => chunk.get(start..end) == Some(DIRECTIVE),
            None => {
                let mut joined = before.clone();
                joined.extend_from_slice(chunk.get(..end).unwrap_or_default());
                joined.ends_with(DIRECTIVE)
            }
        };
        if found {
            return true;
        }
    }
    // Keep the last bytes read: of this chunk, or of the earlier ones and all of this one
    // when it is short.
    before.extend_from_slice(
        chunk
            .get(chunk.len().saturating_sub(DIRECTIVE.len())..)
            .unwrap_or_default(),
    );
    let excess = before.len().saturating_sub(DIRECTIVE.len());
    before.drain(..excess);
    false
}

/// The snippet of the suppression comment at `offset`, among those kept in `directives`.
fn directive_snippet(directives: &[(usize, Snippet)], offset: usize) -> Option<&Snippet> {
    let at = directives.partition_point(|(start, _)| *start <= offset);
    directives
        .get(at.checked_sub(1)?)
        .map(|(_, snippet)| snippet)
}

/// Reads one line onto the end of `line` (without its ending), keeping at most
/// [`KEPT_LINE_BYTES`] bytes of it; a `\r` before the `\n` is dropped unless the line was cut.
/// Returns how many bytes it read from `reader`, ending included (0 at the end of the input),
/// and the full length of the line's content.
fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<(usize, usize)> {
    let start = line.len();
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
        let room = KEPT_LINE_BYTES.saturating_sub(line.len().saturating_sub(start));
        line.extend_from_slice(content.get(..room.min(content.len())).unwrap_or_default());
        let used = chunk.len();
        read = read.saturating_add(used);
        full = full.saturating_add(content.len());
        reader.consume(used);
        if done {
            break;
        }
    }
    let kept = line.get(start..).unwrap_or_default();
    if kept.ends_with(b"\r") && full <= KEPT_LINE_BYTES {
        line.pop();
        full = full.saturating_sub(1);
    }
    Ok((read, full))
}

/// Where the first `\n` of `bytes` is.
fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    memchr::memchr(b'\n', bytes)
}

/// Runs batches through three steps, in a pipeline: `fill` reads the next batch (and returns
/// whether more input may follow), `work` lints it, `drain` reports it. `fill` and `drain` run
/// on this thread, `work` on `threads - 1` worker threads and on this one, so that while the
/// workers lint, this thread reads the next batches and reports the linted ones, and lints a
/// batch itself when all the batches it may have in flight are read; `drain` gets the batches
/// in the order `fill` made them. At most [`BATCHES_PER_WORKER`] batches a thread are in flight
/// (read and not yet drained), and a drained batch is filled again.
///
/// With one thread, or when the first batch is the whole input, it all runs on this thread.
/// A read error is returned as [`Stop::Read`] once the batches read before it are drained; an
/// error of `drain` is returned at once (the workers then stop after their current batch). A
/// panic in a worker is raised again here, never turned into missing output.
fn pipeline<B: Default + Send>(
    threads: usize,
    mut fill: impl FnMut(&mut B) -> io::Result<bool>,
    work: impl Fn(&mut B) + Sync,
    mut drain: impl FnMut(&mut B) -> Result<(), Stop>,
) -> Result<(), Stop> {
    let mut first = B::default();
    let mut more = fill(&mut first).map_err(Stop::Read)?;
    if threads <= 1 || !more {
        loop {
            work(&mut first);
            drain(&mut first)?;
            if !more {
                return Ok(());
            }
            more = fill(&mut first).map_err(Stop::Read)?;
        }
    }
    let most = threads.saturating_mul(BATCHES_PER_WORKER);
    let work = &work;
    thread::scope(|scope| {
        let (to_workers, jobs) = crossbeam_channel::unbounded::<(usize, B)>();
        let (done, from_workers) = crossbeam_channel::unbounded::<(usize, thread::Result<B>)>();
        // This thread lints too whenever it has nothing to read or report, so one thread fewer
        // is started than there are cores: no core is shared between two busy threads.
        for _ in 0..threads.saturating_sub(1) {
            let (jobs, done) = (jobs.clone(), done.clone());
            scope.spawn(move || {
                // Ends when a channel closes: no more batches, or no one to take them back
                // (this thread stopped on an error), or after a panic, which is sent back.
                for (sequence, batch) in jobs {
                    let outcome = linted(work, batch);
                    let panicked = outcome.is_err();
                    if done.send((sequence, outcome)).is_err() || panicked {
                        break;
                    }
                }
            });
        }
        drop(done);
        let mut in_order = InOrder::default();
        let mut read_error = None;
        let mut sent = 0usize;
        let mut next = Some(first);
        loop {
            if let Some(batch) = next.take() {
                if to_workers.send((sent, batch)).is_err() {
                    // Cannot happen: the workers end only once this channel closes.
                    return Err(Stop::Read(io::Error::other("the lint workers stopped")));
                }
                sent = sent.saturating_add(1);
            }
            // Report what is already linted, without waiting.
            for (sequence, outcome) in from_workers.try_iter() {
                in_order.accept(sequence, outcome, &mut drain)?;
            }
            if more && sent.saturating_sub(in_order.drained) < most {
                let mut batch = in_order.spare.pop().unwrap_or_default();
                match fill(&mut batch) {
                    Ok(more_input) => {
                        more = more_input;
                        next = Some(batch);
                    }
                    Err(error) => {
                        more = false;
                        read_error = Some(error);
                    }
                }
                continue;
            }
            if in_order.drained == sent {
                return read_error.map_or(Ok(()), |error| Err(Stop::Read(error)));
            }
            // Nothing to read for now: lint a batch that no worker has taken yet, or else wait
            // for a worker.
            if let Ok((sequence, batch)) = jobs.try_recv() {
                in_order.accept(sequence, linted(work, batch), &mut drain)?;
                continue;
            }
            match from_workers.recv() {
                Ok((sequence, outcome)) => in_order.accept(sequence, outcome, &mut drain)?,
                // Cannot happen: a worker sends each batch back before it ends.
                Err(_) => return Err(Stop::Read(io::Error::other("the lint workers stopped"))),
            }
        }
    })
}

/// `batch` after `work`, or the panic `work` raised on it.
fn linted<B>(work: &impl Fn(&mut B), mut batch: B) -> thread::Result<B> {
    panic::catch_unwind(panic::AssertUnwindSafe(|| {
        work(&mut batch);
        batch
    }))
}

/// The batches back from the workers of [`pipeline`], drained in the order they were read.
struct InOrder<B> {
    /// How many batches were drained: the number of the next one to drain.
    drained: usize,
    /// The batches back before one read earlier, with their numbers.
    waiting: Vec<(usize, B)>,
    /// Drained batches, to be filled again.
    spare: Vec<B>,
}

impl<B> Default for InOrder<B> {
    fn default() -> InOrder<B> {
        InOrder {
            drained: 0,
            waiting: Vec::new(),
            spare: Vec::new(),
        }
    }
}

impl<B> InOrder<B> {
    /// Takes back batch number `sequence` from a worker (raising its panic again, if it had
    /// one), and drains it and those after it that are back too, if it is the next one.
    fn accept(
        &mut self,
        sequence: usize,
        outcome: thread::Result<B>,
        drain: &mut impl FnMut(&mut B) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let batch = outcome.unwrap_or_else(|payload| panic::resume_unwind(payload));
        self.waiting.push((sequence, batch));
        while let Some(at) = self.waiting.iter().position(|(n, _)| *n == self.drained) {
            let (_, mut batch) = self.waiting.swap_remove(at);
            drain(&mut batch)?;
            self.drained = self.drained.saturating_add(1);
            self.spare.push(batch);
        }
        Ok(())
    }
}

/// Lints `reader`, one FEN (or, for [`FileKind::Epd`], one EPD record) per line, calling
/// `report` for each finding in input order, but for the codes reported once per file
/// ([`fenlint::Code::once_per_file`]): the first of each, with how many more the file has, is
/// reported when the file's lines end. The file is read a batch of lines at a time, never
/// whole; the batches are linted on all available cores while this thread reads the next ones
/// and reports the linted ones in order ([`pipeline`]). `progress` is told how many bytes have
/// been reported on. A first pass reads the `allow-file` suppression comments (which may come
/// after the positions they silence); the unused ones are reported at the end. A stream read
/// once gets them from their line on, and its batches also end where its input read so far
/// does, so that its findings are reported as it is read.
pub fn lint_lines(
    path: &Rc<str>,
    kind: FileKind,
    source: Source<'_>,
    validator: &Validator,
    totals: &mut Totals,
    report: &mut dyn FnMut(Finding<'_>) -> io::Result<()>,
    progress: &mut dyn FnMut(usize),
) -> Result<(), Stop> {
    let rewindable = matches!(source, Source::File(_) | Source::Rewindable(_));
    let twin = match &source {
        Source::File(file) => PositionedReader::twin(file),
        _ => None,
    };
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
            let diagnostic = diagnostic.with_severity(severity);
            report(Finding::new(path, &diagnostic, &snippet)).map_err(Stop::Output)?;
        }
        return Ok(());
    }
    // A file whose lines end with a lone `\r` (classic Mac OS) is not split at `\n`s: it is
    // read whole and linted by the library's file reader, which knows every line ending.
    if has_lone_cr(head) {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).map_err(Stop::Read)?;
        let diagnostics = files::lint_file(kind, &bytes, validator);
        totals.fens = totals.fens.saturating_add(
            fenlint_lines(&bytes)
                .filter(|line| files::is_position_line(line))
                .count(),
        );
        progress(bytes.len());
        return report_whole(path, &bytes, diagnostics, report);
    }
    thread::scope(|scope| {
        // The first pass reads a regular file through a second handle on another thread while
        // the lines are linted, and the findings wait for it; otherwise it runs first.
        let mut prescan = match twin {
            Some(twin) => Prescan::running(scope.spawn(move || twin_suppressions(twin, validator))),
            None if rewindable => {
                Prescan::done(file_suppressions(&mut reader, validator).map_err(Stop::Read)?)
            }
            None => Prescan::done(Suppressor::new(validator)),
        };
        lint_batches(
            path,
            kind,
            LineReader::new(reader, !rewindable),
            &mut prescan,
            validator,
            totals,
            report,
            progress,
        )
    })
}

/// The `allow-file` suppressions of a file, found by the first pass over it, which may still be
/// running on another thread.
struct Prescan<'s> {
    running: Option<thread::ScopedJoinHandle<'s, io::Result<Suppressor>>>,
    done: Option<Suppressor>,
}

impl<'s> Prescan<'s> {
    /// The first pass, running.
    fn running(scan: thread::ScopedJoinHandle<'s, io::Result<Suppressor>>) -> Prescan<'s> {
        Prescan {
            running: Some(scan),
            done: None,
        }
    }

    /// The first pass, over.
    fn done(suppressor: Suppressor) -> Prescan<'s> {
        Prescan {
            running: None,
            done: Some(suppressor),
        }
    }

    /// The suppressor, once the first pass is over (waiting for it if it is not); a panic of
    /// the first pass is raised again here, and its read error returned.
    fn suppressor(&mut self) -> Result<&mut Suppressor, Stop> {
        if let Some(scan) = self.running.take() {
            let found = scan
                .join()
                .unwrap_or_else(|payload| panic::resume_unwind(payload));
            self.done = Some(found.map_err(Stop::Read)?);
        }
        self.done
            .as_mut()
            .ok_or_else(|| Stop::Read(io::Error::other("the first pass over the file failed")))
    }
}

/// The lint pass of [`lint_lines`], over the lines of `lines`, with the suppressions of
/// `prescan`.
#[allow(clippy::too_many_arguments)]
fn lint_batches<R: Read>(
    path: &Rc<str>,
    kind: FileKind,
    mut lines: LineReader<R>,
    prescan: &mut Prescan<'_>,
    validator: &Validator,
    totals: &mut Totals,
    report: &mut dyn FnMut(Finding<'_>) -> io::Result<()>,
    progress: &mut dyn FnMut(usize),
) -> Result<(), Stop> {
    let rewindable = !lines.stream;
    // The suppression comments seen, by offset: the unused ones are reported after the lines
    // below them.
    let mut directives: Vec<(usize, Snippet)> = Vec::new();
    // The first finding of each code reported once per file, with its line, reported when the
    // file ends with how many more there were.
    let mut once = OncePerFile::<Snippet>::new();
    // A stream read once: the codes reported so far, so that an `allow-file` comment that
    // comes after some of its findings were reported (which it cannot take back) says so.
    let mut reported = Reported::default();
    let threads = thread::available_parallelism().map_or(1, |n| n.get());
    pipeline(
        threads,
        |batch: &mut Batch| lines.fill(batch),
        |batch: &mut Batch| batch.lint(kind, validator),
        |batch: &mut Batch| {
            let suppressor = prescan.suppressor()?;
            let positions = batch.lines.iter().filter(|line| line.position).count();
            totals.fens = totals.fens.saturating_add(positions);
            let mut all = batch.diagnostics.iter();
            for (line, &count) in batch.lines.iter().zip(&batch.found) {
                let content = batch.bytes.get(line.start..line.end).unwrap_or_default();
                if line.position && suppressor.silences_nothing() {
                    // Almost every line: its diagnostics go straight to the report.
                    if count > 0 {
                        let snippet = LineSnippet::new(path, content, line.offset, line.number);
                        for diagnostic in all.by_ref().take(count) {
                            if !rewindable {
                                reported.add(diagnostic.code());
                            }
                            if !once.take(diagnostic, || snippet.snippet().clone()) {
                                continue;
                            }
                            report(Finding::on(path, diagnostic, Place::Line(&snippet)))
                                .map_err(Stop::Output)?;
                        }
                    }
                    continue;
                }
                let diagnostics = all.by_ref().take(count).cloned().collect();
                let diagnostics = if line.position {
                    suppressor.position(line.number, diagnostics)
                } else {
                    if !rewindable {
                        // Read once: an `allow-file` comment applies from here on.
                        reported.warn_if_late(path, line.number, content, line.offset);
                        suppressor.scan_line(content, line.offset);
                    }
                    suppressor.comment_line(line.number, content, line.offset)
                };
                if diagnostics.is_empty() && line.position {
                    continue;
                }
                // Copied into a snippet only if a format asks for its text.
                let snippet = LineSnippet::new(path, content, line.offset, line.number);
                if !line.position {
                    directives.push((line.offset, snippet.snippet().clone()));
                }
                for diagnostic in diagnostics {
                    if !rewindable {
                        reported.add(diagnostic.code());
                    }
                    if !once.take(&diagnostic, || snippet.snippet().clone()) {
                        continue;
                    }
                    // The unused codes of a suppression comment above this line are on that
                    // line.
                    let start = diagnostic.span().start;
                    let place = if start < line.offset {
                        directive_snippet(&directives, start)
                            .map_or(Place::Line(&snippet), Place::Snippet)
                    } else {
                        Place::Line(&snippet)
                    };
                    report(Finding::on(path, &diagnostic, place)).map_err(Stop::Output)?;
                }
            }
            progress(batch.end);
            Ok(())
        },
    )?;
    for (diagnostic, snippet) in once.finish() {
        report(Finding::new(path, &diagnostic, &snippet)).map_err(Stop::Output)?;
    }
    let suppressor = std::mem::replace(prescan.suppressor()?, Suppressor::new(validator));
    for diagnostic in suppressor.finish() {
        let Some(snippet) = directive_snippet(&directives, diagnostic.span().start) else {
            continue;
        };
        report(Finding::new(path, &diagnostic, snippet)).map_err(Stop::Output)?;
    }
    Ok(())
}

/// The codes reported so far in a stream read once (see [`lint_batches`]).
#[derive(Default)]
struct Reported {
    codes: std::collections::HashSet<fenlint::Code>,
}

impl Reported {
    fn add(&mut self, code: fenlint::Code) {
        self.codes.insert(code);
    }

    /// Says on stderr when the comment `line` (0-based number `number`, at `offset`) of the
    /// stream `path` is an `allow-file` directive naming codes already reported: in a stream
    /// read once it applies from its line on, unlike in a file (or in `check --fix -`, which
    /// reads standard input whole), where it applies to every line.
    fn warn_if_late(&self, path: &str, number: usize, line: &[u8], offset: usize) {
        if self.codes.is_empty() {
            return;
        }
        let Some(directive) = fenlint::suppression::Directive::of_line(line, offset) else {
            return;
        };
        if directive.scope() != fenlint::suppression::Scope::File {
            return;
        }
        let late: Vec<&str> = directive
            .codes()
            .iter()
            .filter(|(code, _)| self.codes.contains(code))
            .map(|(code, _)| code.name())
            .collect();
        if late.is_empty() {
            return;
        }
        eprintln!(
            "fenlint: warning: {}:{}: `allow-file {}` comes after findings of {} were reported: \
             an input read as it comes (a stream longer than {} MiB) is linted as it is read, so \
             the comment applies from its line on (name the file instead, or put the comment \
             before the positions)",
            crate::source::shown_name(path),
            number.saturating_add(1),
            late.join(", "),
            if late.len() == 1 { "it" } else { "them" },
            STREAM_BUFFER_BYTES >> 20
        );
    }
}

/// Lints a whole PGN file, calling `report` for each finding in order. Each finding carries
/// the lines its labels are on, found through the line starts of the file, found once, so that
/// a file of 100,000 games costs no more per game than a file of one.
pub fn lint_pgn(
    path: &Rc<str>,
    mut reader: impl Read,
    validator: &Validator,
    totals: &mut Totals,
    report: &mut dyn FnMut(Finding<'_>) -> io::Result<()>,
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
    report_whole(path, &bytes, diagnostics, report)
}

/// Whether `bytes` has a `\r` that no `\n` follows ([`files::has_lone_cr`]), found with
/// `memchr`: a file's first buffer is searched, and the usual file has no `\r` at all.
fn has_lone_cr(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'\r', bytes).any(|at| bytes.get(at.saturating_add(1)) != Some(&b'\n'))
}

/// The contents of the lines of `bytes`, without their endings (`\n`, `\r\n` or a lone
/// `\r`).
fn fenlint_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let starts = files::line_starts(bytes);
    let ends: Vec<usize> = starts
        .iter()
        .skip(1)
        .copied()
        .chain([bytes.len()])
        .collect();
    starts.into_iter().zip(ends).map(move |(start, end)| {
        let line = bytes.get(start..end).unwrap_or_default();
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        line.strip_suffix(b"\r").unwrap_or(line)
    })
}

/// Reports the `diagnostics` of a file read whole, `bytes`, in order, each with the lines its
/// labels are on, found through the line starts of the file, found once, so that a file of
/// 100,000 games costs no more per game than a file of one.
fn report_whole(
    path: &Rc<str>,
    bytes: &[u8],
    diagnostics: Vec<Diagnostic>,
    report: &mut dyn FnMut(Finding<'_>) -> io::Result<()>,
) -> Result<(), Stop> {
    // The snippets are cut at `\n`: a lone `\r` becomes one (the offsets stay as they are).
    let shown: std::borrow::Cow<'_, [u8]> = if files::has_lone_cr(bytes) {
        let mut shown = bytes.to_vec();
        let lone = (0..bytes.len()).filter(|&at| {
            bytes.get(at) == Some(&b'\r') && bytes.get(at.saturating_add(1)) != Some(&b'\n')
        });
        for at in lone {
            if let Some(byte) = shown.get_mut(at) {
                *byte = b'\n';
            }
        }
        std::borrow::Cow::Owned(shown)
    } else {
        std::borrow::Cow::Borrowed(bytes)
    };
    let bytes = shown.as_ref();
    let starts = files::line_starts(bytes);
    for diagnostic in diagnostics {
        let (offset, line, lines) = covering_lines(bytes, &starts, &diagnostic);
        let snippet = Snippet::new(path, lines, offset, line);
        report(Finding::new(path, &diagnostic, &snippet)).map_err(Stop::Output)?;
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
    /// A regular file, which can also be read from a second handle while it is read.
    File(File),
    Rewindable(Box<dyn ReadSeek + 'a>),
    Once(Box<dyn Read + 'a>),
}

impl Read for Source<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::File(file) => file.read(buffer),
            Source::Rewindable(reader) => reader.read(buffer),
            Source::Once(reader) => reader.read(buffer),
        }
    }
}

impl Seek for Source<'_> {
    fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
        match self {
            Source::File(file) => file.seek(to),
            Source::Rewindable(reader) => reader.seek(to),
            Source::Once(_) => Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "a stream read once cannot be read again",
            )),
        }
    }
}

/// The size from which the first pass over a regular file runs on a thread of its own: below
/// it, reading the file takes well under a millisecond, less than starting a thread costs
/// when many small files are checked.
const CONCURRENT_PRESCAN_BYTES: u64 = 1 << 20;

/// A second handle on a regular file that reads from its own position, without moving the
/// first handle's (which a handle made by [`File::try_clone`] shares), so that two threads can
/// read the file at once.
struct PositionedReader {
    file: File,
    position: u64,
}

impl PositionedReader {
    /// A second handle on `file`, from its start, for a file large enough that reading it
    /// twice one after the other would be felt (at least [`CONCURRENT_PRESCAN_BYTES`]); `None`
    /// for a smaller one, or where reading at a position is not available without moving the
    /// shared position (anywhere but Unix).
    fn twin(file: &File) -> Option<PositionedReader> {
        let large = file
            .metadata()
            .is_ok_and(|metadata| metadata.len() >= CONCURRENT_PRESCAN_BYTES);
        if cfg!(unix) && large {
            let file = file.try_clone().ok()?;
            Some(PositionedReader { file, position: 0 })
        } else {
            None
        }
    }
}

impl Read for PositionedReader {
    #[cfg(unix)]
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        use std::os::unix::fs::FileExt;
        let read = self.file.read_at(buffer, self.position)?;
        self.position = self.position.saturating_add(read as u64);
        Ok(read)
    }

    #[cfg(not(unix))]
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }
}

impl Seek for PositionedReader {
    fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
        let position = match to {
            io::SeekFrom::Start(position) => Some(position),
            io::SeekFrom::Current(delta) => self.position.checked_add_signed(delta),
            io::SeekFrom::End(delta) => self.file.metadata()?.len().checked_add_signed(delta),
        };
        self.position = position.ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "a seek before the start")
        })?;
        Ok(self.position)
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
        Ok(Source::File(file))
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
        let without = text.replace("fenlint:", "fenlint ");
        let colons = text.replace("fenlint:", ":fen:lint: enlint: fenlint :");
        // Buffers and chunks of every size from 1 byte up put the seam at every place in the
        // word: read through a buffered reader, and chunk by chunk as the second handle reads.
        for capacity in 1..=text.len() {
            for (text, found) in [(text, true), (&without, false), (&colons, false)] {
                let mut reader = io::BufReader::with_capacity(capacity, text.as_bytes());
                assert_eq!(
                    mentions_directive(&mut reader).unwrap(),
                    found,
                    "{capacity}"
                );
                let mut before = Vec::new();
                let mut chunks = text.as_bytes().chunks(capacity);
                let in_chunks = chunks.any(|chunk| chunk_mentions_directive(chunk, &mut before));
                assert_eq!(in_chunks, found, "{capacity}");
            }
        }
        let mut reader = io::BufReader::with_capacity(4, &text.as_bytes()[..at + 7]);
        assert!(!mentions_directive(&mut reader).unwrap());
    }

    /// The second handle's first pass finds what the first pass through the file's own reader
    /// finds, and leaves nothing behind: a directive far into a file of several buffers.
    #[test]
    fn the_second_handle_finds_the_directives_the_file_reader_finds() {
        let directory = tempfile::tempdir().unwrap();
        let line = "8/8/8/4k3/8/8/8/4K3 w - - 0 1\n";
        for tail in [
            "# fenlint: allow-file fen::kings::missing\n",
            "# fenlint allow-file x\n",
        ] {
            let text = [
                line.repeat(PRESCAN_BUFFER_BYTES / line.len() * 2 + 7)
                    .as_str(),
                tail,
            ]
            .concat();
            let path = directory.path().join("a.fen");
            std::fs::write(&path, &text).unwrap();
            let validator = Validator::new();
            let file = File::open(&path).unwrap();
            let twin = PositionedReader {
                file: file.try_clone().unwrap(),
                position: 0,
            };
            let by_twin = twin_suppressions(twin, &validator).unwrap();
            let by_file = file_suppressions(&mut BufReader::new(file), &validator).unwrap();
            assert_eq!(
                by_twin.silences_nothing(),
                by_file.silences_nothing(),
                "{tail}"
            );
            assert_eq!(
                by_twin.silences_nothing(),
                tail.contains("fenlint allow"),
                "{tail}"
            );
        }
    }

    #[test]
    fn long_lines_are_read_to_their_end_but_kept_short() {
        let long = vec![b'8'; KEPT_LINE_BYTES * 3];
        let mut input = long.clone();
        input.extend_from_slice(b"\r\nnext\r\n\n");
        let mut reader = BufReader::with_capacity(1000, input.as_slice());
        let mut line = Vec::new();
        let (read, full) = read_line(&mut reader, &mut line).unwrap();
        assert_eq!(read, long.len() + 2);
        assert_eq!(full, long.len() + 1); // The `\r` is kept: the line was cut.
        assert_eq!(line.len(), KEPT_LINE_BYTES);
        line.clear();
        let (read, full) = read_line(&mut reader, &mut line).unwrap();
        assert_eq!((read, full, line.as_slice()), (6, 4, b"next".as_slice()));
        // A line is added after what `line` holds, whose own last `\r` stays.
        line.extend_from_slice(b"\r");
        assert_eq!(read_line(&mut reader, &mut line).unwrap(), (1, 0));
        assert_eq!(line, b"next\r");
        assert_eq!(read_line(&mut reader, &mut line).unwrap().0, 0);
    }

    /// A reader that gives at most `step` bytes a read (and, with `interrupt`, fails with
    /// `Interrupted` before every other read), as a pipe or a slow stream may.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
        interrupt: bool,
        interrupted: bool,
    }

    impl<'a> Trickle<'a> {
        fn new(bytes: &'a [u8], step: usize) -> Trickle<'a> {
            Trickle {
                bytes,
                step,
                interrupt: false,
                interrupted: false,
            }
        }
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            if self.interrupt && !self.interrupted {
                self.interrupted = true;
                return Err(io::ErrorKind::Interrupted.into());
            }
            self.interrupted = false;
            let n = self.step.min(buffer.len()).min(self.bytes.len());
            buffer[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// A kept line as the batch reader gives it: its kept bytes, full length, offset, number,
    /// and whether it holds a position.
    type Kept = (Vec<u8>, usize, usize, usize, bool);

    /// Every batch of `reader` read by [`LineReader::fill`] until the end: the kept lines of
    /// each, after checking that each batch's `end` is the offset of the line after it.
    fn batches_of(reader: impl Read, capacity: usize, stream: bool) -> Vec<Vec<Kept>> {
        let mut lines = LineReader::new(BufReader::with_capacity(capacity, reader), stream);
        let mut batch = Batch::default();
        let mut batches = Vec::new();
        loop {
            let more = lines.fill(&mut batch).unwrap();
            assert_eq!(batch.end, lines.offset);
            assert!(batch.lines.len() <= BATCH_LINES);
            assert!(batch.bytes.len() < BATCH_BYTES + KEPT_LINE_BYTES);
            let mut kept = Vec::new();
            let mut end = 0;
            for line in &batch.lines {
                assert!(line.start >= end, "the kept lines are in order, apart");
                end = line.end;
                kept.push((
                    batch.bytes[line.start..line.end].to_vec(),
                    line.full_len,
                    line.offset,
                    line.number,
                    line.position,
                ));
            }
            assert!(end <= batch.bytes.len());
            batches.push(kept);
            if !more {
                return batches;
            }
        }
    }

    #[test]
    fn batches_keep_positions_and_directives_with_their_offsets_and_numbers() {
        let long = "8".repeat(KEPT_LINE_BYTES + 10);
        let pieces = [
            "8/8/8/4k3/8/8/8/4K3 w - - 0 1\r\n",
            "\n",
            "# a comment\n",
            "# fenlint: allow x\r\n",
            "\r\n",
            "   \n",
            &format!("{long}\r\n"),
            "\u{feff}8/8/8 \r\n",
            "\r8/8\n",
            &format!("{long}\n"),
            "8/8/8/8/8/8/8/8\r",
        ];
        let text = pieces.concat();
        let offsets: Vec<usize> = pieces
            .iter()
            .scan(0, |offset, piece| {
                let at = *offset;
                *offset += piece.len();
                Some(at)
            })
            .collect();
        let cut = long.as_bytes()[..KEPT_LINE_BYTES].to_vec();
        let expected: Vec<Kept> = vec![
            (
                b"8/8/8/4k3/8/8/8/4K3 w - - 0 1".to_vec(),
                29,
                offsets[0],
                0,
                true,
            ),
            (b"# fenlint: allow x".to_vec(), 18, offsets[3], 3, false),
            // Cut: the `\r` is counted in its length, though not kept.
            (cut.clone(), long.len() + 1, offsets[6], 6, true),
            ("\u{feff}8/8/8 ".as_bytes().to_vec(), 9, offsets[7], 7, true),
            // Only a `\r` just before the `\n` is dropped.
            (b"\r8/8".to_vec(), 4, offsets[8], 8, true),
            (cut, long.len(), offsets[9], 9, true),
            // The last line has no `\n`; its `\r` is dropped all the same.
            (b"8/8/8/8/8/8/8/8".to_vec(), 15, offsets[10], 10, true),
        ];
        assert_eq!(offsets[3], 44);
        let whole = batches_of(text.as_bytes(), 64 << 10, false);
        assert_eq!(whole, std::slice::from_ref(&expected));
        // The same lines, however the input comes: a few bytes at a time, each line split
        // across reads and buffers of every size.
        for step in [1, 2, 3, 5, 7, 64, 4096, usize::MAX] {
            for capacity in [1, 2, 5, 16, 100, 64 << 10] {
                for stream in [false, true] {
                    let mut reader = Trickle::new(text.as_bytes(), step);
                    reader.interrupt = step == 3;
                    let batches = batches_of(reader, capacity, stream);
                    let lines: Vec<Kept> = batches.into_iter().flatten().collect();
                    assert_eq!(lines, expected, "step {step}, capacity {capacity}");
                }
            }
        }
    }

    #[test]
    fn empty_input_and_empty_lines_give_no_line_but_count() {
        assert_eq!(batches_of(&b""[..], 16, false), [vec![]]);
        let mut lines = LineReader::new(BufReader::new(&b"\n\r\n\n"[..]), false);
        let mut batch = Batch::default();
        assert!(!lines.fill(&mut batch).unwrap());
        assert!(batch.lines.is_empty());
        assert_eq!((lines.offset, lines.number, batch.end), (4, 3, 4));
        let batches = batches_of(&b"\n\n8/8\n"[..], 16, false);
        assert_eq!(batches, [vec![(b"8/8".to_vec(), 3, 2, 2, true)]]);
    }

    #[test]
    fn a_batch_ends_at_its_lines_or_bytes_and_a_stream_batch_where_its_input_does() {
        let line = "8/8/8/4k3/8/8/8/4K3 w - - 0 1\n";
        let text = line.repeat(BATCH_LINES * 2 + 5);
        let sizes: Vec<usize> = batches_of(text.as_bytes(), 64 << 10, false)
            .iter()
            .map(Vec::len)
            .collect();
        assert_eq!(sizes, [BATCH_LINES, BATCH_LINES, 5]);
        let long = format!("{}\n", "8".repeat(KEPT_LINE_BYTES));
        let full = BATCH_BYTES.div_ceil(KEPT_LINE_BYTES);
        let count = full + 3;
        let sizes: Vec<usize> = batches_of(long.repeat(count).as_bytes(), 64 << 10, false)
            .iter()
            .map(Vec::len)
            .collect();
        assert_eq!(sizes, [full, 3]);
        // A stream that comes a line at a time is linted a line at a time: what was read is
        // never held back waiting for more.
        let text = line.repeat(5);
        let reader = Trickle::new(text.as_bytes(), line.len());
        let sizes: Vec<usize> = batches_of(reader, 64 << 10, true)
            .iter()
            .map(Vec::len)
            .collect();
        assert_eq!(sizes, [1, 1, 1, 1, 1, 0]);
        // A file's batches do not end there.
        let reader = Trickle::new(text.as_bytes(), line.len());
        let sizes: Vec<usize> = batches_of(reader, 64 << 10, false)
            .iter()
            .map(Vec::len)
            .collect();
        assert_eq!(sizes, [5]);
    }

    /// Runs [`pipeline`] on `threads` threads over batches of 10 numbers up to `count`, with
    /// `work` doubling each after a short sleep for some (so that batches come back out of
    /// order), failing to read at `read_error`, and failing to report at `output_error`. Returns
    /// the result, the numbers drained in order, and how many batches were filled.
    fn run_pipeline(
        threads: usize,
        count: usize,
        read_error: Option<usize>,
        output_error: Option<usize>,
        panic_at: Option<usize>,
    ) -> (Result<(), Stop>, Vec<usize>, usize) {
        let mut filled = 0;
        let mut drained = Vec::new();
        let result = pipeline(
            threads,
            |batch: &mut Vec<usize>| {
                let from = filled * 10;
                if read_error == Some(from) {
                    return Err(io::Error::other("read"));
                }
                filled += 1;
                batch.clear();
                batch.extend(from..count.min(from + 10));
                Ok(from + 10 < count)
            },
            |batch: &mut Vec<usize>| {
                if batch.first().is_some_and(|first| first % 30 == 0) {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                for item in batch.iter_mut() {
                    assert!(Some(*item) != panic_at, "worker failed on {item}");
                    *item *= 2;
                }
            },
            |batch: &mut Vec<usize>| {
                if output_error.is_some() && batch.first().map(|first| first / 2) == output_error {
                    return Err(Stop::Output(io::Error::other("output")));
                }
                drained.extend(batch.iter().map(|item| item / 2));
                Ok(())
            },
        );
        (result, drained, filled)
    }

    #[test]
    fn the_pipeline_drains_every_batch_in_order() {
        for threads in [1, 2, 4] {
            for count in [0, 5, 10, 11, 1000] {
                let (result, drained, _) = run_pipeline(threads, count, None, None, None);
                assert!(result.is_ok());
                assert_eq!(drained, (0..count).collect::<Vec<_>>(), "{threads} {count}");
            }
        }
    }

    #[test]
    fn the_calling_thread_lints_too_and_one_thread_fewer_is_started() {
        let caller = std::thread::current().id();
        let workers = std::sync::Mutex::new(std::collections::HashSet::new());
        let mut filled = 0usize;
        let result = pipeline(
            2,
            |batch: &mut usize| {
                filled += 1;
                *batch = filled;
                Ok(filled < 200)
            },
            |_: &mut usize| {
                // Slow enough that the batches in flight are all read while the worker lints.
                std::thread::sleep(std::time::Duration::from_micros(200));
                if let Ok(mut workers) = workers.lock() {
                    workers.insert(std::thread::current().id());
                }
            },
            |_: &mut usize| Ok(()),
        );
        assert!(result.is_ok());
        let workers = workers.into_inner().expect("no panic while held");
        assert!(workers.contains(&caller), "the calling thread never linted");
        assert_eq!(workers.len(), 2, "two cores, two linting threads");
    }

    #[test]
    fn a_read_error_comes_after_the_batches_read_before_it() {
        for threads in [1, 2, 4] {
            let (result, drained, _) = run_pipeline(threads, 1000, Some(500), None, None);
            assert!(matches!(result, Err(Stop::Read(_))));
            assert_eq!(drained, (0..500).collect::<Vec<_>>());
        }
    }

    #[test]
    fn an_output_error_stops_the_pipeline_soon() {
        for threads in [1, 2, 4] {
            let (result, drained, filled) = run_pipeline(threads, 100_000, None, Some(300), None);
            assert!(matches!(result, Err(Stop::Output(_))));
            assert_eq!(drained, (0..300).collect::<Vec<_>>());
            // No more batches read than can be in flight.
            assert!(filled <= 31 + threads * BATCHES_PER_WORKER, "{filled}");
        }
    }

    #[test]
    fn a_worker_panic_is_raised_again_not_dropped() {
        for threads in [1, 2, 4] {
            let outcome =
                std::panic::catch_unwind(|| run_pipeline(threads, 1000, None, None, Some(700)));
            let payload = outcome.expect_err("the panic is raised again");
            let message = payload.downcast_ref::<String>().expect("its message");
            assert_eq!(message, "worker failed on 700");
        }
    }

    /// Lints the lines of `source`, the file `path`, into `report`; what was linted.
    fn lint_into(
        path: &str,
        source: Source<'_>,
        report: &mut dyn FnMut(Finding<'_>) -> io::Result<()>,
    ) -> Totals {
        let mut totals = Totals::default();
        lint_lines(
            &path.into(),
            FileKind::Lines,
            source,
            &Validator::new(),
            &mut totals,
            report,
            &mut |_| {},
        )
        .unwrap();
        totals
    }

    /// The codes `lint_lines` reports for `text` read from `source`.
    fn codes_of(text: &'static str, source: Source<'static>) -> Vec<&'static str> {
        let mut codes = Vec::new();
        let totals = lint_into("-", source, &mut |finding: Finding<'_>| {
            codes.push(finding.diagnostic.code().name());
            Ok(())
        });
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

    /// What `lint_lines` reports for `source`: each finding's code, span, and the text, offset
    /// and line number of its snippet.
    fn findings_of(source: Source<'_>) -> Vec<(String, usize, usize, String, usize, usize)> {
        let mut findings = Vec::new();
        lint_into("in", source, &mut |finding: Finding<'_>| {
            let span = finding.diagnostic.span();
            findings.push((
                finding.diagnostic.code().name().to_owned(),
                span.start,
                span.end,
                finding.place.snippet().text.to_string(),
                finding.place.snippet().offset,
                finding.place.snippet().line,
            ));
            Ok(())
        });
        findings
    }

    #[test]
    fn a_stream_that_trickles_in_gets_the_findings_of_the_same_text_read_at_once() {
        let mut text = String::new();
        for number in 0..3000 {
            text.push_str(match number % 7 {
                0 => "8/8/8/4k3/8/8/8/4K3 w - - 0 1\r\n",
                1 => "8/8/8/4k3/8/8/8/4K3\n",
                2 => "# fenlint: allow fen::fields::missing bogus::code\n",
                3 => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x\n",
                4 => "\n",
                5 => "# just a comment\r\n",
                _ => "8/8/8/4k3/8/8/8/4K3 w - - 0 1 extra\r\n",
            });
        }
        text.push_str("8/8/8/4k3/9/8/8/4K3 w - - 0 1");
        let whole = findings_of(Source::Rewindable(Box::new(io::Cursor::new(text.clone()))));
        assert!(whole.len() > 1000, "{}", whole.len());
        let at_once = findings_of(Source::Once(Box::new(io::Cursor::new(text.clone()))));
        assert_eq!(at_once, whole);
        for step in [1, 7, 100, 5000] {
            let trickle = findings_of(Source::Once(Box::new(Trickle::new(text.as_bytes(), step))));
            assert_eq!(trickle, whole, "{step}");
        }
    }

    #[test]
    fn each_line_of_a_batch_with_bad_bytes_gets_the_findings_it_gets_alone() {
        // Valid lines around a line with a bad byte, and a two-byte character cut in two by a
        // line break: the second half starts a line, so the batch as a whole is UTF-8 while
        // neither line is.
        let lines: [&[u8]; 6] = [
            b"8/8/8/4k3/8/8/8/4K3 w - - 0 1",
            b"8/8/8/4k3/8/8/8/4K3 w - - 0 \xff",
            b"8/8/8/4k\xc3\xa93/8/8/8/4K3 w - - 0 1",
            b"8/8/8/4k3/8/8/8/4K3 w - - 0 1 \xc3",
            b"\xa9 8/8/8/4k3/8/8/8/4K3 w - - 0 1",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
        ];
        let text = lines.join(&b'\n');
        let found: Vec<(String, usize, usize)> =
            findings_of(Source::Once(Box::new(io::Cursor::new(text.clone()))))
                .into_iter()
                .map(|(code, start, end, ..)| (code, start, end))
                .collect();
        let mut alone = Vec::new();
        let mut offset = 0;
        for line in lines {
            for diagnostic in files::lint_line(FileKind::Lines, line, offset, &Validator::new()) {
                let span = diagnostic.span();
                alone.push((diagnostic.code().name().to_owned(), span.start, span.end));
            }
            offset += line.len() + 1;
        }
        assert_eq!(found, alone);
        let codes: Vec<&str> = found.iter().map(|(code, ..)| code.as_str()).collect();
        assert_eq!(
            codes
                .iter()
                .filter(|&&code| code == "fen::input::invalid_utf8")
                .count(),
            3,
            "{codes:?}"
        );
    }
}
