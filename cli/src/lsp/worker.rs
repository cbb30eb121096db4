//! Linting off the main loop: the main loop sends a job per document version, the worker lints
//! the newest version of each document it has been sent and sends the diagnostics back. Jobs
//! for older versions still queued are dropped unread; results for a version the document has
//! left behind are dropped by the main loop.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::thread::JoinHandle;

use crossbeam_channel::{Receiver, Sender};
use fenlint::files::{self, FileKind, OncePerFile};
use fenlint::suppression::Suppressor;
use fenlint::{Span, Validator};
use lsp_types::Uri;

use super::features::MAX_PUBLISHED;

/// One document version to lint.
pub struct Job {
    pub uri: Uri,
    pub version: i32,
    pub text: Arc<str>,
    pub kind: FileKind,
    pub validator: Validator,
    /// What is wrong with the settings the validator was made from, published beside the lint.
    pub problems: Vec<String>,
}

/// The diagnostics of one document version, or the reason there are none.
pub struct Done {
    pub uri: Uri,
    pub version: i32,
    /// The text linted (the job's), by which the main loop knows whether the document still
    /// holds it.
    pub text: Arc<str>,
    pub outcome: Result<Found, String>,
    pub problems: Vec<String>,
}

/// The diagnostics of a document, the first [`MAX_PUBLISHED`] of them, and how many more there
/// were; the others are dropped as soon as they are counted, so that what a document costs
/// while it stays open does not grow with its number of problems.
#[derive(Debug, Default)]
pub struct Found {
    pub diagnostics: Vec<fenlint::Diagnostic>,
    pub left_out: usize,
    /// Where the first diagnostic left out is.
    pub first_left_out: Option<Span>,
}

impl Found {
    /// The first [`MAX_PUBLISHED`] of `diagnostics` (which are in order).
    pub fn new(diagnostics: Vec<fenlint::Diagnostic>) -> Found {
        let mut kept = Kept::default();
        kept.extend(diagnostics);
        kept.found()
    }
}

/// The first diagnostics by position of those given, one more than [`MAX_PUBLISHED`], and how
/// many were given; holds at most twice that many at a time.
#[derive(Default)]
struct Kept {
    first: Vec<fenlint::Diagnostic>,
    given: usize,
}

impl Kept {
    fn extend(&mut self, diagnostics: impl IntoIterator<Item = fenlint::Diagnostic>) {
        for diagnostic in diagnostics {
            self.given = self.given.saturating_add(1);
            self.first.push(diagnostic);
            if self.first.len() >= MAX_PUBLISHED.saturating_mul(2) {
                self.trim();
            }
        }
    }

    /// Keeps the first by position (diagnostics at the same position in the order given, as
    /// [`files::lint_file`]'s stable sort leaves them).
    fn trim(&mut self) {
        self.first.sort_by_key(|diagnostic| diagnostic.span().start);
        self.first.truncate(MAX_PUBLISHED.saturating_add(1));
    }

    fn found(mut self) -> Found {
        self.trim();
        let first_left_out = self.first.get(MAX_PUBLISHED).map(fenlint::Diagnostic::span);
        self.first.truncate(MAX_PUBLISHED);
        self.first.shrink_to_fit();
        Found {
            left_out: self.given.saturating_sub(self.first.len()),
            diagnostics: self.first,
            first_left_out,
        }
    }
}

/// What [`files::lint_file`] finds in a document, bounded as [`Found`] is. A FEN or EPD
/// document is linted line by line as `lint_file` does it (suppression comments first, then
/// each line, with what the whole document says), and each line's diagnostics are kept or
/// dropped as they come, so that memory does not grow with the number of problems; a PGN
/// document, or a UTF-16 one, is linted whole.
pub fn lint(kind: FileKind, bytes: &[u8], validator: &Validator) -> Found {
    if kind == FileKind::Pgn || files::not_text(bytes).is_some() {
        return Found::new(files::lint_file(kind, bytes, validator));
    }
    let validator = &*files::FileHints::of(kind, bytes).apply(validator);
    let mut suppressor = Suppressor::new(validator);
    for (offset, content, _) in files::lines(bytes) {
        suppressor.scan_line(content, offset);
    }
    let mut kept = Kept::default();
    // A code reported once per file is held back until the document's end, as `lint_file`
    // does it; `Kept` puts it back in its place by position.
    let mut once = OncePerFile::new();
    for (number, (offset, content, _)) in files::lines(bytes).enumerate() {
        if files::is_position_line(content) {
            let found = files::lint_line(kind, content, offset, validator);
            let found = suppressor.position(number, found);
            kept.extend(found.into_iter().filter(|found| once.take(found, || ())));
        } else if content.contains(&b'#') {
            kept.extend(suppressor.comment_line(number, content, offset));
        }
    }
    kept.extend(suppressor.finish());
    kept.extend(once.finish().into_iter().map(|(first, ())| first));
    kept.found()
}

/// The lint thread and the channel to it.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread; it sends what it finds to `done`.
    pub fn start(done: Sender<Done>) -> Worker {
        let (jobs, queue) = crossbeam_channel::unbounded::<Job>();
        let thread = std::thread::Builder::new()
            .name("fenlint-lint".to_owned())
            .spawn(move || work(&queue, &done))
            .ok();
        Worker {
            jobs: Some(jobs),
            thread,
        }
    }

    /// Queues `job`; `false` if the thread is gone.
    pub fn send(&self, job: Job) -> bool {
        self.jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send(job).is_ok())
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.jobs = None; // Closes the queue: the thread finishes its batch and ends.
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn work(queue: &Receiver<Job>, done: &Sender<Done>) {
    while let Ok(first) = queue.recv() {
        // Everything queued meanwhile: only the newest version of each document is linted.
        // Keyed by the URI's text: `Uri` caches its parse inside, so it makes a poor key.
        let mut order: Vec<String> = vec![first.uri.as_str().to_owned()];
        let mut newest: HashMap<String, Job> =
            HashMap::from([(first.uri.as_str().to_owned(), first)]);
        while let Ok(job) = queue.try_recv() {
            let key = job.uri.as_str().to_owned();
            if !newest.contains_key(&key) {
                order.push(key.clone());
            }
            newest.insert(key, job);
        }
        for uri in order {
            let Some(job) = newest.remove(&uri) else {
                continue;
            };
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                lint(job.kind, job.text.as_bytes(), &job.validator)
            }))
            .map_err(|_| {
                "fenlint stopped on an internal error while linting this document; please report it"
                    .to_owned()
            });
            if done
                .send(Done {
                    uri: job.uri,
                    version: job.version,
                    text: job.text,
                    outcome,
                    problems: job.problems,
                })
                .is_err()
            {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Linted line by line and bounded, a document gives the first diagnostics `lint_file`
    /// gives, in the same order, and counts the rest.
    #[test]
    fn the_bounded_lint_keeps_the_first_diagnostics_of_lint_file() {
        let mut text = String::from("# fenlint: allow-file fen::fullmove_number::zero\r\n");
        for number in 0..3_000 {
            text.push_str("4k3/8/8/8/8/8/8/R3K2R w QK - 0 0\r\n");
            text.push_str("# fenlint: allow fen::kings::missing\n");
            text.push_str("8/8/8/8/8/8/8/8 w - - 0 1\n");
            if number % 7 == 0 {
                text.push_str("# fenlint: allow no::such::code\n");
            }
        }
        let validator = Validator::new();
        for kind in [FileKind::Lines, FileKind::Epd] {
            let all = files::lint_file(kind, text.as_bytes(), &validator);
            assert!(all.len() > MAX_PUBLISHED + 1, "{}", all.len());
            let found = lint(kind, text.as_bytes(), &validator);
            assert_eq!(found.diagnostics[..], all[..MAX_PUBLISHED]);
            assert_eq!(found.left_out, all.len() - MAX_PUBLISHED);
            assert_eq!(found.first_left_out, Some(all[MAX_PUBLISHED].span()));
        }
        let few = "4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\n";
        let found = lint(FileKind::Lines, few.as_bytes(), &validator);
        assert_eq!(
            found.diagnostics,
            files::lint_file(FileKind::Lines, few.as_bytes(), &validator)
        );
        assert_eq!((found.left_out, found.first_left_out), (0, None));
        // What the whole document says: a ninth `/` group is holdings in a crazyhouse file,
        // whichever line says so, and a rank too many elsewhere.
        let slash = "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR/P w KQkq - 1 3\n";
        let crazyhouse = [slash, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1\n"].concat();
        let found = lint(FileKind::Lines, crazyhouse.as_bytes(), &validator);
        assert_eq!(found.diagnostics, []);
        let found = lint(FileKind::Lines, slash.as_bytes(), &validator);
        assert_eq!(found.diagnostics.len(), 1);
        assert_eq!(
            found.diagnostics[0].code(),
            fenlint::Code::PlacementTooManyRanks
        );
    }
}
