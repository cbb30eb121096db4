//! Batches read on one thread, linted on every core and reported in the order they were
//! read.

use std::{io, panic, thread};

/// Why linting a file stopped early.
#[derive(Debug)]
pub enum Stop {
    /// The input could not be read.
    Read(io::Error),
    /// The findings could not be written (a closed pipe, a full disk).
    Output(io::Error),
}

/// Batches at most in flight per worker (read and not yet reported): enough that the workers
/// never wait for the reading thread, few enough that memory stays flat however large the file.
const BATCHES_PER_WORKER: usize = 4;

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
pub fn pipeline<B: Default + Send>(
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
