//! The worker pool that steps a batch: its threads are spawned once per environment,
//! then handed each step's chunks of games.
//!
//! The calling thread works too, and never waits for a helper that has not started:
//! every thread takes chunks from one queue until it is empty, and the caller then
//! closes the step, so a helper that wakes late (a loaded machine) finds the step
//! closed and goes back to sleep. The caller waits only for helpers that are inside
//! the step. (A scoped pool such as rayon's must wait for every helper it handed a
//! task to, started or not: with two threads on a busy machine that made a step wait
//! milliseconds for a thread the scheduler had not run yet.)

use std::any::Any;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

/// A step's work as the helpers see it: a pointer to the caller's `drain` closure,
/// with its lifetime erased.
#[derive(Clone, Copy)]
struct Job(*const (dyn Fn() + Sync + 'static));

// SAFETY: the closure behind the pointer is `Sync`, so calling it from several threads
// at once is sound; when it may be called is the protocol of `Pool::run` below.
unsafe impl Send for Job {}

struct State {
    /// The open step, while helpers may still join it.
    job: Option<Job>,
    /// Counts the steps opened, so that a helper joins each step at most once.
    generation: u64,
    /// Helpers inside the open or just-closed step.
    active: usize,
    shutdown: bool,
}

struct Shared {
    state: Mutex<State>,
    /// Wakes the helpers: a step opened, or the pool is shutting down.
    wake: Condvar,
    /// Wakes the caller: a helper left the step.
    idle: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // No code panics while holding the lock, so a poisoned lock still holds a
        // consistent state.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A fixed set of helper threads, or none (one thread: everything runs on the caller).
pub(crate) struct Pool {
    shared: Arc<Shared>,
    helpers: Vec<JoinHandle<()>>,
}

impl Pool {
    /// A pool for `threads` threads in all: the caller and `threads - 1` helpers.
    pub(crate) fn new(threads: usize) -> std::io::Result<Pool> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                job: None,
                generation: 0,
                active: 0,
                shutdown: false,
            }),
            wake: Condvar::new(),
            idle: Condvar::new(),
        });
        let mut pool = Pool {
            shared,
            helpers: Vec::new(),
        };
        for i in 1..threads.max(1) {
            let shared = Arc::clone(&pool.shared);
            let helper = std::thread::Builder::new()
                .name(format!("yono-ml-{i}"))
                .spawn(move || help(&shared))?;
            pool.helpers.push(helper);
        }
        Ok(pool)
    }

    /// The number of threads that work on a step, the caller included.
    pub(crate) fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Runs `work` on every item of `items`, spread over the threads; returns when all
    /// are done. A panic in `work` is raised again here, after the step is closed.
    pub(crate) fn run<T: Send>(&self, items: Vec<T>, work: impl Fn(T) + Sync) {
        if self.helpers.is_empty() || items.len() < 2 {
            items.into_iter().for_each(work);
            return;
        }
        let queue = Mutex::new(items);
        let panic: Mutex<Option<Box<dyn Any + Send>>> = Mutex::new(None);
        let drain = || loop {
            // The guard is dropped at the end of the statement: the work runs
            // without the lock.
            let next = queue.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let Some(item) = next else { break };
            if let Err(payload) = catch_unwind(AssertUnwindSafe(|| work(item))) {
                panic
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert(payload);
            }
        };
        let run: &(dyn Fn() + Sync + '_) = &drain;
        // SAFETY: only the lifetime changes (same fat-pointer layout). Helpers call the
        // closure only between joining the step (`active += 1` under the lock while
        // `job` is set) and leaving it (`active -= 1`); below, the caller clears `job`
        // and waits under the same lock until `active` is 0 before `drain` (and what
        // it borrows) goes out of scope. `drain` catches every panic of `work`, so
        // nothing unwinds past that wait.
        let job = Job(unsafe {
            std::mem::transmute::<*const (dyn Fn() + Sync + '_), *const (dyn Fn() + Sync + 'static)>(
                run,
            )
        });
        {
            let mut state = self.shared.lock();
            state.job = Some(job);
            state.generation = state.generation.wrapping_add(1);
        }
        self.shared.wake.notify_all();
        drain();
        let mut state = self.shared.lock();
        state.job = None;
        while state.active > 0 {
            state = self
                .shared
                .idle
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        drop(state);
        if let Some(payload) = panic.into_inner().unwrap_or_else(PoisonError::into_inner) {
            resume_unwind(payload);
        }
    }
}

/// A helper thread: joins each step it finds open, until the pool shuts down.
fn help(shared: &Shared) {
    let mut seen = 0u64;
    loop {
        let job = {
            let mut state = shared.lock();
            loop {
                if state.shutdown {
                    return;
                }
                if let Some(job) = state.job.filter(|_| state.generation != seen) {
                    seen = state.generation;
                    state.active += 1;
                    break job;
                }
                state = shared
                    .wake
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        // SAFETY: this thread joined the step (`active` counts it), so the caller is
        // still inside `Pool::run` waiting for it and the closure is alive; it catches
        // its own panics.
        unsafe { (*job.0)() };
        let mut state = shared.lock();
        state.active -= 1;
        if state.active == 0 {
            shared.idle.notify_all();
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.shared.lock().shutdown = true;
        self.shared.wake.notify_all();
        for helper in self.helpers.drain(..) {
            // A helper never panics (the work's panics are caught in `drain`).
            let _ = helper.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_item_runs_once_on_any_number_of_threads() {
        for threads in 1..=4 {
            let pool = Pool::new(threads).unwrap();
            assert_eq!(pool.threads(), threads);
            for step in 0..200 {
                let count = AtomicUsize::new(0);
                let sum = AtomicUsize::new(0);
                let items: Vec<usize> = (0..step % 17).collect();
                let expected: usize = items.iter().sum();
                let n = items.len();
                pool.run(items, |i| {
                    count.fetch_add(1, Ordering::Relaxed);
                    sum.fetch_add(i, Ordering::Relaxed);
                });
                assert_eq!(count.into_inner(), n);
                assert_eq!(sum.into_inner(), expected);
            }
        }
    }

    #[test]
    fn a_panic_in_the_work_reaches_the_caller_and_the_pool_still_works() {
        let pool = Pool::new(2).unwrap();
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.run((0..8).collect(), |i: i32| assert!(i != 5, "item 5"));
        }));
        assert!(result.is_err());
        let count = AtomicUsize::new(0);
        pool.run((0..8).collect(), |_: i32| {
            count.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(count.into_inner(), 8);
    }
}
