//! The first pass over a file of lines: what its lines say about the others, read before (or
//! while) the lines are linted: its `allow-file` suppression comments, which may come after
//! the positions they silence, and its [`FileHints`] (a crazyhouse file's slash holdings, a
//! Chess960 file's castling rights).

use std::io::{self, BufRead, BufReader, Read, Seek};
use std::{panic, thread};

use fenlint::Validator;
use fenlint::files::{self, FileHints};
use fenlint::suppression::Suppressor;

use crate::input::PositionedReader;
use crate::lines::{may_be_directive, read_line};
use crate::pipeline::Stop;

/// What the first pass finds in a file.
pub struct FirstPass {
    /// The file's `allow-file` suppression comments.
    pub suppressor: Suppressor,
    /// What the file's positions say about how to read each of them.
    pub hints: FileHints,
}

impl FirstPass {
    /// Nothing found: no suppression comment, no hint.
    pub fn empty(validator: &Validator) -> FirstPass {
        FirstPass {
            suppressor: Suppressor::new(validator),
            hints: FileHints::default(),
        }
    }
}

/// What the first pass's fast scan finds in the bytes of a file: whether it may have a
/// suppression comment, and whether it may say crazyhouse or Chess960.
#[derive(Clone, Copy, Default)]
struct Mentions {
    directive: bool,
    crazyhouse: bool,
    /// Looked for in the file's first chunk only (see [`files::may_say_chess960`]).
    chess960: bool,
    /// Whether a chunk was read: only the file's first is looked at for slash holdings (see
    /// [`files::may_have_slash_holdings`]).
    started: bool,
}

impl Mentions {
    /// Adds what `chunk`, the text after `before` (see [`chunk_mentions_directive`]), holds.
    fn add(&mut self, chunk: &[u8], before: &mut Vec<u8>) {
        if !self.directive {
            self.directive = chunk_mentions_directive(chunk, before);
        }
        if !self.crazyhouse {
            self.crazyhouse = memchr::memchr2(b'[', b'~', chunk).is_some()
                || (!self.started && files::may_have_slash_holdings(chunk));
        }
        if !self.started {
            self.chess960 = files::may_say_chess960(chunk);
        }
        self.started = true;
    }

    fn all(self) -> bool {
        self.directive && self.crazyhouse
    }

    fn any(self) -> bool {
        self.directive || self.hints()
    }

    /// Whether the file may have hints.
    fn hints(self) -> bool {
        self.crazyhouse || self.chess960
    }
}

/// The first pass over a file of lines, read without keeping the file; `reader` is then back
/// at the start.
pub fn first_pass(
    reader: &mut BufReader<impl Read + Seek>,
    validator: &Validator,
) -> io::Result<FirstPass> {
    let mentions = scan(reader, Mentions::all)?;
    reader.rewind()?;
    if !mentions.any() {
        return Ok(FirstPass::empty(validator));
    }
    line_pass(reader, validator, mentions)
}

/// The fast scan of the first pass over the buffers of `reader`, until its end or until
/// `enough` holds of what is found.
fn scan(reader: &mut impl BufRead, enough: impl Fn(Mentions) -> bool) -> io::Result<Mentions> {
    let mut mentions = Mentions::default();
    let mut before = Vec::with_capacity(2 * DIRECTIVE.len());
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() || enough(mentions) {
            return Ok(mentions);
        }
        mentions.add(buffer, &mut before);
        let len = buffer.len();
        reader.consume(len);
    }
}

/// [`first_pass`] through a second handle on the file, on a thread of its own (see
/// [`PositionedReader`]): the fast scan reads into a buffer of its own, zeroed once, where a
/// `BufReader` over this reader would zero its buffer before each fill.
pub fn twin_first_pass(mut twin: PositionedReader, validator: &Validator) -> io::Result<FirstPass> {
    let mut buffer = vec![0u8; PRESCAN_BUFFER_BYTES];
    let mut before = Vec::with_capacity(2 * DIRECTIVE.len());
    let mut mentions = Mentions::default();
    while !mentions.all() {
        let read = match twin.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        mentions.add(buffer.get(..read).unwrap_or_default(), &mut before);
    }
    if !mentions.any() {
        return Ok(FirstPass::empty(validator));
    }
    twin.rewind()?;
    line_pass(&mut BufReader::new(twin), validator, mentions)
}

/// The [`FileHints`] of the file at `reader`'s start, read without keeping the file (as
/// [`first_pass`] reads them); `reader` is then back at the start.
pub fn file_hints(reader: &mut BufReader<impl Read + Seek>) -> io::Result<FileHints> {
    let mentions = scan(reader, |mentions| mentions.crazyhouse)?;
    reader.rewind()?;
    if !mentions.hints() {
        return Ok(FileHints::default());
    }
    let mentions = Mentions {
        directive: false,
        ..mentions
    };
    Ok(line_pass(reader, &Validator::new(), mentions)?.hints)
}

/// The `allow-file` suppression comments (when `mentions` says there may be some) and the hints
/// (when it says there may be some) among the lines of `reader`, read line by line (to its end,
/// or until the hints are found when there is no comment to look for); `reader` is then back
/// at the start.
fn line_pass(
    reader: &mut BufReader<impl Read + Seek>,
    validator: &Validator,
    mentions: Mentions,
) -> io::Result<FirstPass> {
    let mut found = FirstPass::empty(validator);
    let mut line = Vec::new();
    let mut offset = 0usize;
    loop {
        line.clear();
        let (read, _) = read_line(reader, &mut line)?;
        let hints_found = (!mentions.crazyhouse || found.hints.crazyhouse)
            && (!mentions.chess960 || found.hints.chess960_settled());
        if read == 0 || (!mentions.directive && hints_found) {
            break;
        }
        if files::is_position_line(&line) {
            if mentions.hints() {
                found.hints.add_line(&line);
            }
        } else if mentions.directive && may_be_directive(&line) {
            found.suppressor.scan_line(&line, offset);
        }
        offset = offset.saturating_add(read);
    }
    // Seeking the buffered reader drops what it had buffered.
    reader.rewind()?;
    Ok(found)
}

/// The size of the buffer [`twin_suppressions`] reads a file into.
const PRESCAN_BUFFER_BYTES: usize = 256 << 10;

/// The word a suppression comment starts with.
const DIRECTIVE: &[u8] = b"fenlint:";

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

/// What the first pass over a file finds, which may still be running on another thread.
pub struct Prescan<'s> {
    running: Option<thread::ScopedJoinHandle<'s, io::Result<FirstPass>>>,
    done: Option<FirstPass>,
}

impl<'s> Prescan<'s> {
    /// The first pass, running.
    pub fn running(scan: thread::ScopedJoinHandle<'s, io::Result<FirstPass>>) -> Prescan<'s> {
        Prescan {
            running: Some(scan),
            done: None,
        }
    }

    /// The first pass, over.
    pub fn done(found: FirstPass) -> Prescan<'s> {
        Prescan {
            running: None,
            done: Some(found),
        }
    }

    /// What the first pass found, once it is over (waiting for it if it is not); a panic of
    /// the first pass is raised again here, and its read error returned.
    pub fn found(&mut self) -> Result<&mut FirstPass, Stop> {
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
                    scan(&mut reader, Mentions::all).unwrap().directive,
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
        assert!(!scan(&mut reader, Mentions::all).unwrap().directive);
    }

    /// The second handle's first pass finds what the first pass through the file's own reader
    /// finds, and leaves nothing behind: directives and positions that say crazyhouse far into
    /// a file of several buffers, and their look-alikes.
    #[test]
    fn the_second_handle_finds_what_the_file_reader_finds() {
        let directory = tempfile::tempdir().unwrap();
        let line = "8/8/8/4k3/8/8/8/4K3 w - - 0 1\n";
        let crazyhouse = "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1\n";
        for (tail, directive, says_crazyhouse) in [
            ("# fenlint: allow-file fen::kings::missing\n", true, false),
            ("# fenlint allow-file x\n", false, false),
            (crazyhouse, false, true),
            ("# not a position: [Qn] ~\n", false, false),
            (
                &[crazyhouse, "# fenlint: allow-file fen::kings::missing\n"].concat(),
                true,
                true,
            ),
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
            let by_twin = twin_first_pass(twin, &validator).unwrap();
            let mut reader = BufReader::new(file);
            let by_file = first_pass(&mut reader, &validator).unwrap();
            for found in [&by_twin, &by_file] {
                assert_eq!(found.suppressor.silences_nothing(), !directive, "{tail}");
                assert_eq!(found.hints.crazyhouse, says_crazyhouse, "{tail}");
            }
            assert_eq!(file_hints(&mut reader).unwrap(), by_file.hints, "{tail}");
            // Back at the start.
            let mut first = String::new();
            reader.read_line(&mut first).unwrap();
            assert_eq!(first, line);
        }
    }
}
