//! Interrupts (Ctrl-C, `SIGTERM`, `SIGHUP`) that let a file being rewritten be finished first.
//!
//! Without this, an interrupt in the middle of `--fix` or `fmt` would end the command with its
//! temporary file (`.fenlint-*.tmp`) left in the user's directory, or, for a file with hard
//! links written in place, with the file half written and its copy (`.fenlint-*.backup`) beside
//! it. The signals are received by a thread of their own: with no file being rewritten it ends
//! the command at once, as the signal's default action would (the exit status says which signal
//! it was); while files are being rewritten it waits until each of them is either rewritten or
//! left as it was, and no new rewrite starts in the meantime.

use std::io;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// How many files are being rewritten, and whether an interrupt came.
struct State {
    rewriting: usize,
    interrupted: bool,
}

static STATE: Mutex<State> = Mutex::new(State {
    rewriting: 0,
    interrupted: false,
});

/// Signalled when a rewrite ends.
static REWRITE_ENDED: Condvar = Condvar::new();

/// The state; a thread that panicked while holding it left it consistent (every change is one
/// assignment), so a poisoned lock is taken all the same.
fn state() -> MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts the thread that receives `SIGINT`, `SIGTERM` and `SIGHUP`. If they cannot be caught,
/// a warning says so and they keep their default action.
pub fn install() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let mut signals = match signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
            Ok(signals) => signals,
            Err(error) => {
                crate::closed::say!("fenlint: warning: cannot catch interrupts: {error}");
                return;
            }
        };
        let started = std::thread::Builder::new()
            .name("interrupts".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    end_after_rewrites(signal);
                }
            });
        if let Err(error) = started {
            crate::closed::say!("fenlint: warning: cannot catch interrupts: {error}");
        }
    }
}

/// Waits until no file is being rewritten, then ends the process as `signal`'s default action
/// does.
#[cfg(unix)]
fn end_after_rewrites(signal: std::ffi::c_int) {
    let mut state = state();
    state.interrupted = true;
    while state.rewriting > 0 {
        state = REWRITE_ENDED
            .wait(state)
            .unwrap_or_else(PoisonError::into_inner);
    }
    // The lock stays held: no rewrite can begin while the process ends.
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    std::process::exit(128 + signal);
}

/// A file being rewritten: while one exists, an interrupt waits. Made before the temporary file
/// and dropped after it is renamed or removed.
pub struct Rewriting(());

impl Rewriting {
    /// Marks the start of a rewrite; after an interrupt, an error of kind
    /// [`io::ErrorKind::Interrupted`] instead (the command is about to end).
    pub fn begin() -> io::Result<Rewriting> {
        let mut state = state();
        if state.interrupted {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "not rewritten: interrupted",
            ));
        }
        state.rewriting = state.rewriting.saturating_add(1);
        Ok(Rewriting(()))
    }
}

impl Drop for Rewriting {
    fn drop(&mut self) {
        let mut state = state();
        state.rewriting = state.rewriting.saturating_sub(1);
        REWRITE_ENDED.notify_all();
    }
}
