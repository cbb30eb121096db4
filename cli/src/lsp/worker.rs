//! Linting off the main loop: the main loop sends a job per document version, the worker lints
//! the newest version of each document it has been sent and sends the diagnostics back. Jobs
//! for older versions still queued are dropped unread; results for a version the document has
//! left behind are dropped by the main loop.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::thread::JoinHandle;

use crossbeam_channel::{Receiver, Sender};
use fenlint::Validator;
use fenlint::files::{self, FileKind};
use lsp_types::Uri;

/// One document version to lint.
pub struct Job {
    pub uri: Uri,
    pub version: i32,
    pub text: Arc<str>,
    pub kind: FileKind,
    pub validator: Validator,
}

/// The diagnostics of one document version, or the reason there are none.
pub struct Done {
    pub uri: Uri,
    pub version: i32,
    pub outcome: Result<Vec<fenlint::Diagnostic>, String>,
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
                files::lint_file(job.kind, job.text.as_bytes(), &job.validator)
            }))
            .map_err(|_| {
                "fenlint stopped on an internal error while linting this document; please report it"
                    .to_owned()
            });
            if done
                .send(Done {
                    uri: job.uri,
                    version: job.version,
                    outcome,
                })
                .is_err()
            {
                return;
            }
        }
    }
}
