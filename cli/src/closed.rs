//! One policy for a failed write to standard output, in every subcommand: a closed pipe
//! (`fenlint … | head -1`) ends the run quietly with the result so far, as `rg` and `grep` do;
//! any other error (a full disk, `> /dev/full`) is reported, naming standard output, and the
//! run exits 2. Standard error follows it too ([`to_stderr`]): what cannot be said there makes
//! the run end with exit 2, but never panics.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Writes a line to standard error as `eprintln!` does, without panicking when it cannot be
/// written (see [`to_stderr`]).
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::closed::to_stderr(format_args!($($arg)*))
    };
}
pub(crate) use say;

/// Whether a message could not be written to standard error, for a reason other than a closed
/// pipe.
static STDERR_FAILED: AtomicBool = AtomicBool::new(false);

/// Writes `message` and a line feed to standard error, as `eprintln!` does but without its
/// panic when standard error cannot be written (`2>/dev/full`): a closed pipe is ignored, any
/// other error remembered for [`stderr_failed`]. The [`say!`] macro calls it.
pub fn to_stderr(message: fmt::Arguments<'_>) {
    let mut stderr = io::stderr().lock();
    let written = stderr
        .write_fmt(message)
        .and_then(|()| stderr.write_all(b"\n"));
    if let Err(error) = written
        && !is_closed_pipe(&error)
    {
        STDERR_FAILED.store(true, Ordering::Relaxed);
    }
}

/// Whether something could not be said on standard error (other than to a closed pipe): the
/// run then ends with exit 2.
pub fn stderr_failed() -> bool {
    STDERR_FAILED.load(Ordering::Relaxed)
}

/// Whether `error` says that the reader of the output went away (a closed pipe), directly or
/// as the cause of an error that wraps it (a serializer's).
pub fn is_closed_pipe(error: &io::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(error) = cause {
        let kind = error
            .downcast_ref::<io::Error>()
            .map(io::Error::kind)
            .or_else(|| {
                error
                    .downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind)
            });
        if kind == Some(io::ErrorKind::BrokenPipe) {
            return true;
        }
        cause = error.source().or_else(|| {
            error
                .downcast_ref::<io::Error>()
                .and_then(io::Error::get_ref)
                .map(|inner| inner as &(dyn std::error::Error + 'static))
        });
    }
    false
}

/// Says on stderr that standard output could not be written, unless the pipe was closed;
/// returns whether that is trouble (exit status 2).
pub fn report(error: &io::Error) -> bool {
    if is_closed_pipe(error) {
        return false;
    }
    say!("fenlint: cannot write to standard output: {error}");
    true
}

/// The exit status of a subcommand whose output was `written`: `status` when it was, or when
/// the pipe was closed; 2 otherwise, said on stderr.
pub fn status(written: io::Result<()>, status: u8) -> u8 {
    match written {
        Err(error) if report(&error) => crate::status::TROUBLE,
        _ => status,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_found_under_the_errors_that_wrap_it() {
        let pipe = || io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(is_closed_pipe(&pipe()));
        assert!(is_closed_pipe(&io::Error::other(pipe())));
        let json = serde_json::to_writer(ClosedPipe, &[1, 2, 3]).unwrap_err();
        assert!(is_closed_pipe(&io::Error::other(json)));
        assert!(!is_closed_pipe(&io::Error::from(
            io::ErrorKind::StorageFull
        )));
        assert!(!is_closed_pipe(&io::Error::other("broken pipe")));
    }

    /// A writer whose reader has gone away.
    struct ClosedPipe;

    impl io::Write for ClosedPipe {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
}
