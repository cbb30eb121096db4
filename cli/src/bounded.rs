//! Reading what `fmt` and `--fix` rewrite in bounded memory: a line is kept up to the line
//! limit ([`fenlint::MAX_LINE_LEN`]); a longer line is never held whole, but copied through as
//! it is, a piece at a time, so that `fmt -` on an endless stream without a line break, or a
//! file with a line of a gigabyte, costs no more memory than a short line.

use std::fs::File;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufRead, BufReader, Read, Seek, Write};

use fenlint::files::FileKind;

/// The most bytes a line that is kept can take: the limit, and its ending (`\r\n`).
const KEPT: usize = fenlint::MAX_LINE_LEN + 2;

/// How many bytes of lines [`format_stream`] formats at a time.
const BATCH_BYTES: usize = 1 << 20;

/// The lines of a stream, each kept whole when it is within the line limit.
pub struct Lines<R> {
    reader: BufReader<R>,
    /// The line last read, with its ending: whole when [`Line::Short`], its first [`KEPT`]
    /// bytes (or all of it, when it is longer than the limit only by its `\r`) when
    /// [`Line::Long`].
    line: Vec<u8>,
    /// Whether the long line last read goes on past [`Lines::line`].
    more: bool,
    /// How many bytes have been read.
    position: u64,
}

/// What [`Lines::next`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line within the limit, whole in [`Lines::line`].
    Short,
    /// A line past the limit: [`Lines::line`] is its start, and [`Lines::copy_long`] copies
    /// all of it.
    Long,
}

impl<R: Read> Lines<R> {
    pub fn new(reader: R) -> Lines<R> {
        Lines {
            reader: BufReader::with_capacity(64 * 1024, reader),
            line: Vec::new(),
            more: false,
            position: 0,
        }
    }

    /// The line last read (see [`Line`]).
    pub fn line(&self) -> &[u8] {
        &self.line
    }

    /// Reads the next line; `None` at the end. The rest of a long line not copied by
    /// [`Lines::copy_long`] is skipped.
    pub fn next(&mut self) -> io::Result<Option<Line>> {
        if self.more {
            self.copy_long(&mut io::sink())?;
        }
        self.line.clear();
        loop {
            let buffer = self.reader.fill_buf()?;
            if buffer.is_empty() {
                return Ok((!self.line.is_empty()).then(|| self.kind()));
            }
            let room = KEPT.saturating_sub(self.line.len()).min(buffer.len());
            let window = buffer.get(..room).unwrap_or_default();
            let (taken, ended) = match memchr::memchr(b'\n', window) {
                Some(at) => (at.saturating_add(1), true),
                None => (room, false),
            };
            self.line
                .extend_from_slice(buffer.get(..taken).unwrap_or_default());
            self.reader.consume(taken);
            self.position = self.position.saturating_add(taken as u64);
            if ended {
                return Ok(Some(self.kind()));
            }
            if self.line.len() >= KEPT {
                self.more = true;
                return Ok(Some(Line::Long));
            }
        }
    }

    /// Whether the whole line in [`Lines::line`] is within the limit: its content, without
    /// its ending, as [`fenlint::files`] counts it.
    fn kind(&self) -> Line {
        let content = self.line.strip_suffix(b"\n").unwrap_or(&self.line);
        let content = content.strip_suffix(b"\r").unwrap_or(content);
        if content.len() > fenlint::MAX_LINE_LEN {
            Line::Long
        } else {
            Line::Short
        }
    }

    /// Copies the long line last read, all of it and its ending, to `out`; returns how many
    /// bytes it has, and whether a line break ends it (the last line of an input may have
    /// none).
    pub fn copy_long(&mut self, out: &mut dyn Write) -> io::Result<(u64, bool)> {
        out.write_all(&self.line)?;
        let mut copied = self.line.len() as u64;
        let mut ended = self.line.ends_with(b"\n");
        self.line.clear();
        while self.more {
            let buffer = self.reader.fill_buf()?;
            if buffer.is_empty() {
                self.more = false;
                break;
            }
            let (taken, found) = match memchr::memchr(b'\n', buffer) {
                Some(at) => (at.saturating_add(1), true),
                None => (buffer.len(), false),
            };
            out.write_all(buffer.get(..taken).unwrap_or_default())?;
            self.reader.consume(taken);
            self.position = self.position.saturating_add(taken as u64);
            copied = copied.saturating_add(taken as u64);
            ended = found;
            self.more = !found;
        }
        Ok((copied, ended))
    }

    /// How many bytes have been read.
    pub fn position(&self) -> u64 {
        self.position
    }
}

/// Whether a long line whose start is `head` holds what fenlint would format or fix in a file
/// of `kind`: a position (or, in PGN, a tag), which is then said to be left as it is.
pub fn holds_position(kind: FileKind, head: &[u8]) -> bool {
    match kind {
        FileKind::Pgn => head.trim_ascii_start().starts_with(b"["),
        _ => fenlint::files::is_position_line(head),
    }
}

/// A long line left as it is: its 1-based number and whether it holds a position.
pub type LongLine = (usize, bool);

/// What [`format_stream`] tells as it goes, for `fmt`'s notes.
pub enum Note<'a> {
    /// The outcome of a batch of lines, numbered in the whole input.
    Batch(&'a fenlint::files::Formatted),
    /// A long line left as it is.
    Long(LongLine),
    /// The input is not text (UTF-16, or binary data), and was left as it is: what it is.
    NotText(String),
}

/// How many bytes of the start of a stream tell whether it is text (see
/// [`fenlint::files::not_text`]).
const TEXT_HEAD: u64 = 8192;

/// Formats the FEN lines or EPD records of `reader` (of `kind`) onto `out` with `format`, a
/// batch of lines at a time, keeping every byte that is not a position's; an input that is not
/// text is copied as it is. `notes` hears of each batch, long line and input that is not text,
/// as they come.
pub fn format_stream(
    kind: FileKind,
    reader: impl Read,
    out: &mut dyn Write,
    format: &dyn Fn(&[u8]) -> fenlint::files::Formatted,
    notes: &mut dyn FnMut(Note<'_>),
) -> io::Result<()> {
    let mut head = Vec::new();
    let mut reader = reader;
    (&mut reader).take(TEXT_HEAD).read_to_end(&mut head)?;
    let not_text = fenlint::files::not_text(&head);
    let mut reader = io::Cursor::new(head).chain(reader);
    if let Some(diagnostic) = not_text {
        io::copy(&mut reader, out)?;
        notes(Note::NotText(diagnostic.message().to_owned()));
        return Ok(());
    }
    let mut batches = Batches {
        batch: Vec::new(),
        first: 1,
        format,
    };
    let mut lines = Lines::new(reader);
    // The 1-based number of the line read.
    let mut number = 0usize;
    while let Some(line) = lines.next()? {
        number = number.saturating_add(1);
        match line {
            Line::Short => {
                if batches.batch.is_empty() {
                    batches.first = number;
                }
                batches.batch.extend_from_slice(lines.line());
                if batches.batch.len() >= BATCH_BYTES {
                    batches.flush(out, notes)?;
                }
            }
            Line::Long => {
                batches.flush(out, notes)?;
                let position = holds_position(kind, lines.line());
                lines.copy_long(out)?;
                notes(Note::Long((number, position)));
            }
        }
    }
    batches.flush(out, notes)
}

/// The lines [`format_stream`] has read and not yet formatted.
struct Batches<'f> {
    batch: Vec<u8>,
    /// The 1-based number of the first line of `batch`.
    first: usize,
    format: &'f dyn Fn(&[u8]) -> fenlint::files::Formatted,
}

impl Batches<'_> {
    /// Formats the lines read so far onto `out`, telling `notes`.
    fn flush(&mut self, out: &mut dyn Write, notes: &mut dyn FnMut(Note<'_>)) -> io::Result<()> {
        if self.batch.is_empty() {
            return Ok(());
        }
        let mut outcome = (self.format)(&self.batch);
        self.batch.clear();
        let first = self.first;
        let number = |lines: &mut Vec<usize>| {
            for line in lines {
                *line = line.saturating_add(first).saturating_sub(1);
            }
        };
        number(&mut outcome.skipped);
        number(&mut outcome.not_utf8_lines);
        notes(Note::Batch(&outcome));
        out.write_all(&outcome.text)
    }
}

/// An input of `fmt` or `--fix` that is formatted or fixed whole, with each line longer than
/// the limit replaced by a marker line, which formatting and fixing keep as it is: a `#`
/// comment in a file of lines, a `%` escape line in PGN. [`Elided::write`] puts the long lines
/// back in place of their markers.
pub struct Elided {
    /// The input, each long line a marker line.
    pub text: Vec<u8>,
    /// The long lines: their number and whether they hold a position.
    pub long_lines: Vec<LongLine>,
    /// Where each long line is kept in `store`: its byte offset, its length, and whether a
    /// line break ends it (the last line of an input may have none).
    kept: Vec<(u64, u64, bool)>,
    /// Where the long lines are kept: the regular file that was read, read again at each long
    /// line's place; or, for a stream, which cannot be read twice, a temporary file (deleted
    /// when it is closed) they were copied to as they were read.
    store: Option<File>,
    /// The start of every marker line: a comment or escape mark and a random word, which no
    /// line of the input has (the word is drawn for each input).
    marker: Vec<u8>,
}

impl Elided {
    /// Reads all of `file`, a regular file of `kind`, from its start.
    pub fn read_file(kind: FileKind, file: File) -> io::Result<Elided> {
        // A second handle, which shares the position of the first: it is only read from once
        // the first has read everything.
        let store = file.try_clone()?;
        Elided::read(kind, file, Store::Source(store))
    }

    /// Reads all of `stream`, of `kind`, copying its long lines to a temporary file.
    pub fn read_stream(kind: FileKind, stream: impl Read) -> io::Result<Elided> {
        Elided::read(kind, stream, Store::Spool(tempfile::tempfile()?))
    }

    fn read(kind: FileKind, reader: impl Read, store: Store) -> io::Result<Elided> {
        let mark = if kind == FileKind::Pgn { "%" } else { "#" };
        let random = std::collections::hash_map::RandomState::new();
        let word = |salt: u64| {
            let mut hasher = random.build_hasher();
            hasher.write_u64(salt);
            hasher.finish()
        };
        let mut elided = Elided {
            text: Vec::new(),
            long_lines: Vec::new(),
            kept: Vec::new(),
            store: None,
            marker: format!("{mark} {:016x}{:016x} ", word(1), word(2)).into_bytes(),
        };
        let mut lines = Lines::new(reader);
        let mut number = 0usize;
        let mut store = store;
        while let Some(line) = lines.next()? {
            number = number.saturating_add(1);
            if line == Line::Short {
                elided.text.extend_from_slice(lines.line());
                continue;
            }
            let position = holds_position(kind, lines.line());
            let start = lines.position().saturating_sub(lines.line().len() as u64);
            let (offset, (length, ended)) = match &mut store {
                Store::Spool(spool) => {
                    let offset = spool.stream_position()?;
                    let mut writer = io::BufWriter::new(&mut *spool);
                    let copied = lines.copy_long(&mut writer)?;
                    writer.flush()?;
                    (offset, copied)
                }
                Store::Source(_) => (start, lines.copy_long(&mut io::sink())?),
            };
            elided.text.extend_from_slice(&elided.marker);
            elided
                .text
                .extend_from_slice(elided.kept.len().to_string().as_bytes());
            if ended {
                elided.text.push(b'\n');
            }
            elided.kept.push((offset, length, ended));
            elided.long_lines.push((number, position));
        }
        elided.store = Some(match store {
            Store::Source(file) | Store::Spool(file) => file,
        });
        Ok(elided)
    }

    /// Writes `text` (the formatted or fixed [`Elided::text`]) to `out`, each marker line
    /// replaced by the long line it stands for.
    pub fn write(&mut self, text: &[u8], out: &mut dyn Write) -> io::Result<()> {
        self.restore(text, 0, out)
    }

    /// Writes `diff`, a unified diff of [`Elided::text`] (or of what was made of it), to `out`,
    /// each line that holds a marker after its one-byte mark (` `, `-` or `+`) with the long
    /// line in its place: the diff of the input as it is, long lines and all.
    pub fn write_diff(&mut self, diff: &[u8], out: &mut dyn Write) -> io::Result<()> {
        self.restore(diff, 1, out)
    }

    /// Writes `text` to `out`, each marker that starts a line after `mark` bytes replaced by
    /// the long line it stands for.
    fn restore(&mut self, text: &[u8], mark: usize, out: &mut dyn Write) -> io::Result<()> {
        let mut at = 0usize;
        let finder = memchr::memmem::Finder::new(&self.marker);
        let mut from = 0usize;
        while let Some(found) = finder.find(text.get(from..).unwrap_or_default()) {
            let start = from.saturating_add(found);
            let digits_start = start.saturating_add(self.marker.len());
            let rest = text.get(digits_start..).unwrap_or_default();
            let digits = rest.iter().take_while(|byte| byte.is_ascii_digit()).count();
            let line_end = digits_start.saturating_add(digits);
            let index = std::str::from_utf8(rest.get(..digits).unwrap_or_default())
                .ok()
                .and_then(|digits| digits.parse::<usize>().ok());
            let at_line_start = start.checked_sub(mark).is_some_and(|line_start| {
                line_start == 0 || text.get(line_start.saturating_sub(1)) == Some(&b'\n')
            });
            let (Some(index), true) = (index, at_line_start) else {
                from = line_end.max(start.saturating_add(1));
                continue;
            };
            let Some(&(offset, length, ended)) = self.kept.get(index) else {
                from = line_end.max(start.saturating_add(1));
                continue;
            };
            // The marker's own line break stands for the long line's, which is kept with it; a
            // long line without one ends the input, and what follows its marker (in a diff,
            // `\ No newline at end of file` on a line of its own) stays.
            let line_end = if ended && text.get(line_end) == Some(&b'\n') {
                line_end.saturating_add(1)
            } else {
                line_end
            };
            out.write_all(text.get(at..start).unwrap_or_default())?;
            let store = self
                .store
                .as_mut()
                .ok_or_else(|| io::Error::other("the long lines are not kept"))?;
            store.seek(io::SeekFrom::Start(offset))?;
            let copied = io::copy(&mut (&mut *store).take(length), out)?;
            if copied != length {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the file changed while it was read",
                ));
            }
            at = line_end;
            from = line_end;
        }
        out.write_all(text.get(at..).unwrap_or_default())
    }
}

/// Where the long lines of an [`Elided`] input are kept while it is read.
enum Store {
    /// The regular file that is read.
    Source(File),
    /// A temporary file they are copied to.
    Spool(File),
}

/// A writer that remembers whether a write to it failed, to tell a failed write from a failed
/// read when both come back as one error.
pub struct Watched<W> {
    pub inner: W,
    pub failed: bool,
}

impl<W: Write> Watched<W> {
    pub fn new(inner: W) -> Watched<W> {
        Watched {
            inner,
            failed: false,
        }
    }
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(bytes);
        self.failed |= written.is_err();
        written
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        let written = self.inner.write_all(bytes);
        self.failed |= written.is_err();
        written
    }

    fn flush(&mut self) -> io::Result<()> {
        let flushed = self.inner.flush();
        self.failed |= flushed.is_err();
        flushed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `bytes` as [`Lines`] reads them: each kept line, or `None` for a long one,
    /// with what [`Lines::copy_long`] copied of it.
    fn read(bytes: &[u8]) -> Vec<(Option<Vec<u8>>, Vec<u8>, bool)> {
        let mut lines = Lines::new(bytes);
        let mut read = Vec::new();
        while let Some(line) = lines.next().unwrap() {
            match line {
                Line::Short => read.push((Some(lines.line().to_vec()), Vec::new(), false)),
                Line::Long => {
                    let mut copied = Vec::new();
                    let (length, ended) = lines.copy_long(&mut copied).unwrap();
                    assert_eq!(length, copied.len() as u64);
                    read.push((None, copied, ended));
                }
            }
        }
        assert_eq!(lines.position(), bytes.len() as u64);
        read
    }

    #[test]
    fn a_line_is_long_past_the_limit_of_its_content() {
        let limit = fenlint::MAX_LINE_LEN;
        for (content, ending, long) in [
            (limit, "\n", false),
            (limit, "\r\n", false),
            (limit, "", false),
            (limit, "\r", false),
            (limit + 1, "\n", true),
            (limit + 1, "\r\n", true),
            (limit + 1, "", true),
            (limit + 3, "\r\n", true),
            (3 * limit, "\n", true),
        ] {
            let mut bytes = vec![b'8'; content];
            bytes.extend_from_slice(ending.as_bytes());
            // A line without a line break ends the input.
            let last = !ending.ends_with('\n');
            if !last {
                bytes.extend_from_slice(b"8/8\n");
            }
            let read = read(&bytes);
            assert_eq!(read.len(), if last { 1 } else { 2 }, "{content} {ending:?}");
            let (kept, copied, ended) = &read[0];
            if long {
                assert_eq!(kept, &None, "{content} {ending:?}");
                assert_eq!(copied, &bytes[..content + ending.len()]);
                assert_eq!(*ended, ending.ends_with('\n'));
            } else {
                assert_eq!(kept.as_deref(), Some(&bytes[..content + ending.len()]));
            }
        }
    }

    #[test]
    fn long_lines_come_back_in_place_of_their_markers() {
        let long = "x".repeat(fenlint::MAX_LINE_LEN + 10);
        for input in [
            format!("a\n{long}\nb\n{long}"),
            format!("{long}\r\n{long}\n"),
            format!("# {long}\n\n"),
        ] {
            for stream in [false, true] {
                let mut elided = if stream {
                    Elided::read_stream(FileKind::Lines, input.as_bytes()).unwrap()
                } else {
                    let mut file = tempfile::tempfile().unwrap();
                    file.write_all(input.as_bytes()).unwrap();
                    file.rewind().unwrap();
                    Elided::read_file(FileKind::Lines, file).unwrap()
                };
                assert!(elided.text.len() < 200, "{stream}");
                let text = elided.text.clone();
                let mut out = Vec::new();
                elided.write(&text, &mut out).unwrap();
                assert!(out == input.as_bytes(), "{stream}");
            }
        }
    }

    #[test]
    fn a_diff_gets_its_long_lines_back_after_their_marks() {
        let long = "x".repeat(fenlint::MAX_LINE_LEN + 10);
        let input = format!("a\n{long}\r\nb\n{long}");
        let mut elided = Elided::read_stream(FileKind::Lines, input.as_bytes()).unwrap();
        let text = String::from_utf8(elided.text.clone()).unwrap();
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let [_, first, _, last] = lines[..] else {
            panic!("{text:?}");
        };
        // As a diff writes them: each line after its mark, the last without a line break
        // followed by a line that says so.
        let diff = format!("-a\n+A\n {first}-b\n+B\n {last}\n\\ No newline at end of file\n");
        let mut out = Vec::new();
        elided.write_diff(diff.as_bytes(), &mut out).unwrap();
        assert!(
            out == format!("-a\n+A\n {long}\r\n-b\n+B\n {long}\n\\ No newline at end of file\n")
                .into_bytes()
        );
    }

    #[test]
    fn a_line_like_a_marker_is_not_taken_for_one() {
        let long = "x".repeat(fenlint::MAX_LINE_LEN + 10);
        let mut elided =
            Elided::read_stream(FileKind::Lines, format!("{long}\n").as_bytes()).unwrap();
        // The marker, its number changed, and the marker not at the start of a line.
        let marker = String::from_utf8(elided.marker.clone()).unwrap();
        let text = format!("{marker}7\nx{marker}0\n{marker}0\n");
        let mut out = Vec::new();
        elided.write(text.as_bytes(), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{marker}7\nx{marker}0\n{long}\n")
        );
    }
}
