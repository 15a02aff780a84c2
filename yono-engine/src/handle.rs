//! One stoppable engine handle for every user of the search: the `yono-engine`
//! program, the C functions `yono_engine_*` and Python's `yono.Engine`.
//!
//! An [`EngineHandle`] owns an [`Engine`] on a worker thread of its own. Each request
//! ([`EngineHandle::start`]) becomes a [`SearchJob`] with its own [`StopToken`],
//! created with the request: a stop sent at any time after the request stops that
//! search, even when the worker has not begun it yet (it then returns at once with
//! the first move in its order, `stopped` set). Nothing ever clears a token, so a
//! stop cannot be lost, and a stop never reaches a later request. Requests run one at
//! a time in the order they were made; the job reports each completed iteration
//! ([`SearchInfo`]) as it comes and the result at the end.

use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use yono::Game;

use crate::{Engine, EngineConfig, Limits, SearchError, SearchInfo, SearchResult, StopToken};

/// Why a job has no result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JobError {
    /// The search refused (the game is over).
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The search failed with an internal error (a bug); the handle stays usable.
    #[error("the search failed with an internal error: {0}")]
    Internal(String),
    /// The handle was dropped before the job ran.
    #[error("the engine was shut down before the search ran")]
    ShutDown,
}

/// What a job is told on each completed iteration, on the worker thread.
pub type InfoCallback = Box<dyn FnMut(&SearchInfo) + Send>;

/// How many unread progress reports a job keeps (older ones are dropped first).
const MAX_UNREAD: usize = 4096;

#[derive(Default)]
struct Progress {
    started: bool,
    unread: VecDeque<SearchInfo>,
    latest: Option<SearchInfo>,
    result: Option<Result<SearchResult, JobError>>,
}

struct JobState {
    game: Game,
    limits: Limits,
    token: StopToken,
    on_info: Mutex<Option<InfoCallback>>,
    progress: Mutex<Progress>,
    done: Condvar,
    /// Whether the engine forgets its earlier searches first ([`EngineHandle::clear`]).
    clear_first: bool,
}

/// Locks a mutex whose data stays consistent even if a holder panicked (every
/// critical section here only stores or takes whole values).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl JobState {
    fn report(&self, info: &SearchInfo) {
        if let Some(callback) = lock(&self.on_info).as_mut() {
            callback(info);
        }
        let mut p = lock(&self.progress);
        if p.unread.len() == MAX_UNREAD {
            p.unread.pop_front();
        }
        p.unread.push_back(info.clone());
        p.latest = Some(info.clone());
    }

    fn finish(&self, result: Result<SearchResult, JobError>) {
        lock(&self.on_info).take();
        lock(&self.progress).result = Some(result);
        self.done.notify_all();
    }
}

/// A requested search: stop it, read its progress, wait for its result. Clones share
/// the job. Dropping every clone does not stop it (call [`SearchJob::stop`]).
#[derive(Clone)]
pub struct SearchJob(Arc<JobState>);

impl std::fmt::Debug for SearchJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchJob")
            .field("stopped", &self.0.token.is_stopped())
            .field("finished", &self.is_finished())
            .finish()
    }
}

impl SearchJob {
    /// Stops the search (from any thread, at any time after the request; a no-op once
    /// it has finished). It then returns its best move so far.
    pub fn stop(&self) {
        self.0.token.stop();
    }

    /// The job's stop token.
    pub fn token(&self) -> &StopToken {
        &self.0.token
    }

    /// Whether the worker has begun this search.
    pub fn is_started(&self) -> bool {
        lock(&self.0.progress).started
    }

    /// Whether the result is in.
    pub fn is_finished(&self) -> bool {
        lock(&self.0.progress).result.is_some()
    }

    /// The latest progress report, if any iteration completed.
    pub fn latest(&self) -> Option<SearchInfo> {
        lock(&self.0.progress).latest.clone()
    }

    /// The progress reports not read yet, oldest first (at most the last 4096).
    pub fn take_infos(&self) -> Vec<SearchInfo> {
        lock(&self.0.progress).unread.drain(..).collect()
    }

    /// The result, if the search has finished (never blocks).
    pub fn try_result(&self) -> Option<Result<SearchResult, JobError>> {
        lock(&self.0.progress).result.clone()
    }

    /// Waits for the result.
    pub fn wait(&self) -> Result<SearchResult, JobError> {
        let mut p = lock(&self.0.progress);
        loop {
            if let Some(r) = &p.result {
                return r.clone();
            }
            p = self.0.done.wait(p).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Waits at most `timeout` for the result.
    pub fn wait_timeout(&self, timeout: Duration) -> Option<Result<SearchResult, JobError>> {
        let p = lock(&self.0.progress);
        let (p, _) = self
            .0
            .done
            .wait_timeout_while(p, timeout, |p| p.result.is_none())
            .unwrap_or_else(|e| e.into_inner());
        p.result.clone()
    }
}

#[derive(Default)]
struct Queue {
    waiting: VecDeque<Arc<JobState>>,
    running: Option<Arc<JobState>>,
    closed: bool,
    /// [`EngineHandle::clear`] was called since the last search was requested.
    clear_pending: bool,
}

struct Shared {
    queue: Mutex<Queue>,
    wake: Condvar,
}

/// A search engine on a worker thread of its own, taking requests one at a time.
///
/// ```
/// use yono::{Game, Ruleset};
/// use yono_engine::{EngineConfig, EngineHandle, Limits};
///
/// let handle = EngineHandle::new(EngineConfig::default());
/// let game = Game::new(Ruleset::Yono);
/// // Asked for and stopped before it could start: it still answers, with a legal move.
/// let job = handle.start(&game, Limits::default());
/// job.stop();
/// let result = job.wait().unwrap();
/// assert!(game.is_legal(result.best_move));
/// // A blocking search, with its progress.
/// let job = handle.start(&game, Limits::depth(2));
/// let result = job.wait().unwrap();
/// assert_eq!(result.depth, 2);
/// assert!(job.take_infos().iter().any(|info| info.depth == 2));
/// ```
pub struct EngineHandle {
    config: EngineConfig,
    shared: Arc<Shared>,
    worker: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for EngineHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineHandle")
            .field("config", &self.config)
            .finish()
    }
}

impl Default for EngineHandle {
    fn default() -> Self {
        EngineHandle::new(EngineConfig::default())
    }
}

impl EngineHandle {
    /// An engine built with `config`, on a new worker thread.
    pub fn new(config: EngineConfig) -> EngineHandle {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            wake: Condvar::new(),
        });
        let engine = Engine::new(config);
        let worker_shared = Arc::clone(&shared);
        let worker = std::thread::Builder::new()
            .name("yono-engine-search".into())
            .spawn(move || work(engine, &worker_shared))
            .expect("the operating system refused a thread for the search");
        EngineHandle {
            config,
            shared,
            worker: Some(worker),
        }
    }

    /// The config the engine was built with.
    pub fn config(&self) -> EngineConfig {
        self.config
    }

    /// Requests a search of the game's current position (its history counts for
    /// repetitions) within `limits`; returns at once. A game that is over gives the
    /// job the result `Err(JobError::Search(SearchError::GameOver))`.
    pub fn start(&self, game: &Game, limits: Limits) -> SearchJob {
        self.start_job(game, limits, None)
    }

    /// [`EngineHandle::start`], with `on_info` called on the worker thread after each
    /// completed iteration (before the job's own report of it).
    pub fn start_with(
        &self,
        game: &Game,
        limits: Limits,
        on_info: impl FnMut(&SearchInfo) + Send + 'static,
    ) -> SearchJob {
        self.start_job(game, limits, Some(Box::new(on_info)))
    }

    fn start_job(&self, game: &Game, limits: Limits, on_info: Option<InfoCallback>) -> SearchJob {
        let mut q = lock(&self.shared.queue);
        let job = Arc::new(JobState {
            game: game.clone(),
            limits,
            token: StopToken::new(),
            on_info: Mutex::new(on_info),
            progress: Mutex::new(Progress::default()),
            done: Condvar::new(),
            clear_first: std::mem::take(&mut q.clear_pending),
        });
        q.waiting.push_back(Arc::clone(&job));
        drop(q);
        self.shared.wake.notify_all();
        SearchJob(job)
    }

    /// Searches and waits for the result.
    pub fn search(&self, game: &Game, limits: Limits) -> Result<SearchResult, JobError> {
        self.start(game, limits).wait()
    }

    /// Makes the next search requested forget what the earlier ones learnt
    /// ([`Engine::clear`]): call it between games.
    pub fn clear(&self) {
        lock(&self.shared.queue).clear_pending = true;
    }

    /// Stops every search requested so far, running or waiting.
    pub fn stop_all(&self) {
        let q = lock(&self.shared.queue);
        q.running
            .iter()
            .chain(&q.waiting)
            .for_each(|j| j.token.stop());
    }

    /// Whether a search is running or waiting.
    pub fn is_busy(&self) -> bool {
        let q = lock(&self.shared.queue);
        q.running.is_some() || !q.waiting.is_empty()
    }
}

impl Drop for EngineHandle {
    /// Stops the running search, answers the waiting ones with [`JobError::ShutDown`]
    /// and joins the worker.
    fn drop(&mut self) {
        let mut q = lock(&self.shared.queue);
        q.closed = true;
        if let Some(job) = &q.running {
            job.token.stop();
        }
        let waiting: Vec<_> = q.waiting.drain(..).collect();
        drop(q);
        for job in waiting {
            job.token.stop();
            job.finish(Err(JobError::ShutDown));
        }
        self.shared.wake.notify_all();
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

fn work(mut engine: Engine, shared: &Shared) {
    loop {
        let job = {
            let mut q = lock(&shared.queue);
            loop {
                if q.closed {
                    return;
                }
                if let Some(job) = q.waiting.pop_front() {
                    q.running = Some(Arc::clone(&job));
                    break job;
                }
                q = shared.wake.wait(q).unwrap_or_else(|e| e.into_inner());
            }
        };
        lock(&job.progress).started = true;
        if job.clear_first {
            engine.clear();
        }
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            engine.search_game(&job.game, job.limits, &job.token, &mut |info| {
                job.report(info)
            })
        }));
        let result = match outcome {
            Ok(r) => r.map_err(JobError::from),
            Err(panic) => {
                let why = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into());
                Err(JobError::Internal(why))
            }
        };
        lock(&shared.queue).running = None;
        job.finish(result);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yono::Ruleset;

    /// A handle, a new Yo[n]o game and two unlimited searches of it started on the
    /// handle: the first runs until stopped, the second waits behind it.
    fn two_unlimited_jobs() -> (EngineHandle, Game, SearchJob, SearchJob) {
        let handle = EngineHandle::default();
        let game = Game::new(Ruleset::Yono);
        let first = handle.start(&game, Limits::default());
        let second = handle.start(&game, Limits::default());
        (handle, game, first, second)
    }

    #[test]
    fn clear_makes_the_next_search_a_new_engines() {
        let game = Game::new(Ruleset::Shogi);
        let limits = Limits::depth(5);
        let fresh = EngineHandle::default().search(&game, limits).unwrap();
        let handle = EngineHandle::default();
        handle.search(&game, limits).unwrap();
        let kept = handle.search(&game, limits).unwrap();
        handle.clear();
        let cleared = handle.search(&game, limits).unwrap();
        assert!(kept.nodes < fresh.nodes);
        assert_eq!(
            (cleared.best_move, cleared.nodes),
            (fresh.best_move, fresh.nodes)
        );
    }

    #[test]
    fn a_stop_before_the_search_starts_is_kept() {
        // The second job is stopped while waiting, and must still end when its turn
        // comes.
        let (_handle, game, first, second) = two_unlimited_jobs();
        second.stop();
        first.stop();
        let a = first.wait().unwrap();
        let b = second.wait().unwrap();
        assert!(a.stopped && b.stopped);
        assert!(game.is_legal(a.best_move) && game.is_legal(b.best_move));
    }

    #[test]
    fn a_stop_never_reaches_a_later_request() {
        let handle = EngineHandle::default();
        let game = Game::new(Ruleset::Shogi);
        let first = handle.start(&game, Limits::default());
        first.stop();
        first.wait().unwrap();
        let second = handle.search(&game, Limits::depth(2)).unwrap();
        assert!(!second.stopped);
        assert_eq!(second.depth, 2);
    }

    #[test]
    fn a_finished_game_is_refused() {
        let handle = EngineHandle::default();
        let over = Game::from_position(
            yono::Position::from_sfen("4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1").unwrap(),
        );
        assert!(over.is_over());
        assert_eq!(
            handle.search(&over, Limits::depth(1)),
            Err(JobError::Search(SearchError::GameOver))
        );
    }

    #[test]
    fn dropping_the_handle_ends_every_job() {
        let (handle, _game, running, waiting) = two_unlimited_jobs();
        drop(handle);
        // Each ends, stopped if the worker had begun it, else refused.
        for job in [running, waiting] {
            assert!(matches!(
                job.wait(),
                Err(JobError::ShutDown) | Ok(SearchResult { stopped: true, .. })
            ));
        }
    }
}
