//! Opening an input: a regular file, which can be read twice and from a second handle, or a
//! stream (standard input, a FIFO), kept in memory when it is short.

use std::fs::File;
use std::io::{self, Read, Seek};
use std::path::Path;

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
pub struct PositionedReader {
    pub file: File,
    pub position: u64,
}

impl PositionedReader {
    /// A second handle on `file`, from its start, for a file large enough that reading it
    /// twice one after the other would be felt (at least [`CONCURRENT_PRESCAN_BYTES`]); `None`
    /// for a smaller one, or where reading at a position is not available without moving the
    /// shared position (anywhere but Unix).
    pub fn twin(file: &File) -> Option<PositionedReader> {
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
        if let Some(file) = stdin_file() {
            return Ok(Source::File(file));
        }
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

/// Standard input as a file, when it is a regular file read from its start (`check - <
/// big.fen`): it is then read twice as a named file is, however long it is, so that an
/// `allow-file` comment anywhere in it applies to all of it. `None` for a pipe, a terminal, or
/// a file something has already read from (the rest of it is read as a stream).
#[cfg(unix)]
fn stdin_file() -> Option<File> {
    use std::os::fd::AsFd;
    let mut file = File::from(io::stdin().as_fd().try_clone_to_owned().ok()?);
    let regular = file.metadata().ok()?.is_file();
    (regular && file.stream_position().ok()? == 0).then_some(file)
}

#[cfg(not(unix))]
fn stdin_file() -> Option<File> {
    None
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
