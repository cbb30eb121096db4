//! The first pass over a file of lines: its `allow-file` suppression comments, which may come
//! after the positions they silence, read before (or while) the lines are linted.

use std::io::{self, BufRead, BufReader, Read, Seek};
use std::{panic, thread};

use fenlint::Validator;
use fenlint::files;
use fenlint::suppression::Suppressor;

use crate::input::PositionedReader;
use crate::lines::{may_be_directive, read_line};
use crate::pipeline::Stop;

/// The first pass over a file of lines: its `allow-file` suppression comments, read without
/// keeping the file; `reader` is then back at the start.
pub fn file_suppressions(
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
/// [`PositionedReader`]): the first scan reads into a buffer of its own, zeroed once, where a
/// `BufReader` over this reader would zero its buffer before each fill.
pub fn twin_suppressions(
    mut twin: PositionedReader,
    validator: &Validator,
) -> io::Result<Suppressor> {
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

/// The `allow-file` suppressions of a file, found by the first pass over it, which may still be
/// running on another thread.
pub struct Prescan<'s> {
    running: Option<thread::ScopedJoinHandle<'s, io::Result<Suppressor>>>,
    done: Option<Suppressor>,
}

impl<'s> Prescan<'s> {
    /// The first pass, running.
    pub fn running(scan: thread::ScopedJoinHandle<'s, io::Result<Suppressor>>) -> Prescan<'s> {
        Prescan {
            running: Some(scan),
            done: None,
        }
    }

    /// The first pass, over.
    pub fn done(suppressor: Suppressor) -> Prescan<'s> {
        Prescan {
            running: None,
            done: Some(suppressor),
        }
    }

    /// The suppressor, once the first pass is over (waiting for it if it is not); a panic of
    /// the first pass is raised again here, and its read error returned.
    pub fn suppressor(&mut self) -> Result<&mut Suppressor, Stop> {
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

#[cfg(test)]
mod tests {
    use std::fs::File;

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
}
