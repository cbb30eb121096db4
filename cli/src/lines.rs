//! Reading a file of lines into batches: the lines' bytes copied out of the read buffer, each
//! kept line with its offset, number and length, long lines cut to what the parser reads.

use std::io::{self, BufRead, BufReader, Read};

use fenlint::Diagnostic;
use fenlint::files;

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

/// At most this many bytes of a line are kept; the rest is read and dropped. A FEN or EPD
/// record is far shorter, and the parser reads no further than this either
/// ([`fenlint::MAX_LINE_LEN`]), so a 1 GB line costs no more memory than a short one.
const KEPT_LINE_BYTES: usize = fenlint::MAX_LINE_LEN + 4;

/// Where one line of a [`Batch`] is: the range of its kept bytes in [`Batch::bytes`] (without
/// the line ending, cut after [`KEPT_LINE_BYTES`]), its full length, its byte offset in the
/// file, its 0-based number, and whether it holds a position (or else a suppression comment).
pub struct Line {
    pub start: usize,
    pub end: usize,
    pub full_len: usize,
    pub offset: usize,
    pub number: usize,
    pub position: bool,
}

/// Lines read together and linted by one worker: the bytes of all of them in one buffer,
/// a [`Line`] for each, and (once linted) their diagnostics. A batch is emptied and filled
/// again, so that its buffers are allocated once, not once a line.
pub struct Batch {
    /// The bytes read into the batch: its lines one after the other, with their endings and
    /// with the lines that are not kept (see [`take_lines`]); each kept line is a range of it.
    pub bytes: Vec<u8>,
    /// The lines, in input order: the positions and the possible suppression comments.
    pub lines: Vec<Line>,
    /// The diagnostics of the lines of `lines`, one line's after the other's (none for a
    /// comment line); filled by [`Batch::lint`]. One vector for the batch, kept from batch to
    /// batch: a line's own vector is emptied into it and kept for the next line on the thread
    /// that made it (see `files::lint_text_line_head_into`).
    pub diagnostics: Vec<Diagnostic>,
    /// How many of `diagnostics` each line of `lines` has.
    pub found: Vec<usize>,
    /// The byte offset just after the last line read into the batch, kept or not.
    pub end: usize,
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
}

/// Reads a file of lines into [`Batch`]es, counting the offset and number of the next line.
pub struct LineReader<R> {
    pub reader: BufReader<R>,
    /// The byte offset of the next line.
    pub offset: usize,
    /// The 0-based number of the next line.
    pub number: usize,
    /// Whether the input is a stream, whose next read may wait for its writer: a batch then
    /// also ends where the input read so far runs out of whole lines, so that what was read
    /// is linted and reported before waiting.
    pub stream: bool,
}

impl<R: Read> LineReader<R> {
    /// A reader of the lines of `reader`, from where it is, which is taken as offset 0.
    pub fn new(reader: BufReader<R>, stream: bool) -> LineReader<R> {
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
    pub fn fill(&mut self, batch: &mut Batch) -> io::Result<bool> {
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
    /// line).
    fn buffered_lines(&mut self, batch: &mut Batch) -> usize {
        let buffered = self.reader.buffer();
        let mut at = (self.offset, self.number);
        let used = take_lines(buffered, &mut at, batch);
        (self.offset, self.number) = at;
        self.reader.consume(used);
        used
    }
}

/// Puts into `batch` the whole lines of `buffered` (each ended by a `\n`), until the batch is
/// full, counting the byte offset and the number of the next line in `at`; returns how many
/// bytes the lines took.
///
/// The lines' bytes are copied at once, all of them (with their endings, and the lines that
/// are not kept), not line by line: one copy of a buffer instead of a call for each line. A
/// kept line is the range of its kept bytes in that copy.
fn take_lines(buffered: &[u8], at: &mut (usize, usize), batch: &mut Batch) -> usize {
    // Where `buffered` starts in the batch's bytes once copied, and how many of its bytes the
    // batch takes before it is full.
    let origin = batch.bytes.len();
    let room = BATCH_BYTES.saturating_sub(origin);
    // The offset and number of the next line. Counted with wrapping additions, which cannot
    // wrap: a file has fewer bytes and lines than a `usize` counts, and each line is in
    // `buffered`, whose length is a `usize` too.
    let (mut offset, mut number) = *at;
    let mut used = 0usize;
    for newline in memchr::memchr_iter(b'\n', buffered) {
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
    batch
        .bytes
        .extend_from_slice(buffered.get(..used).unwrap_or_default());
    used
}

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
pub fn may_be_directive(line: &[u8]) -> bool {
    memchr::memmem::find(line, b"fenlint:").is_some()
}

/// Reads one line onto the end of `line` (without its ending), keeping at most
/// [`KEPT_LINE_BYTES`] bytes of it; a `\r` before the `\n` is dropped unless the line was cut.
/// Returns how many bytes it read from `reader`, ending included (0 at the end of the input),
/// and the full length of the line's content.
pub fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<(usize, usize)> {
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
        let (chunk, done) = match memchr::memchr(b'\n', buffer) {
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

#[cfg(test)]
pub mod tests {
    use super::*;

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
    pub struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
        interrupt: bool,
        interrupted: bool,
    }

    impl<'a> Trickle<'a> {
        pub fn new(bytes: &'a [u8], step: usize) -> Trickle<'a> {
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
}
