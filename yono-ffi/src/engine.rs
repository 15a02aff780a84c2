//! The engine (`yono_engine_*`, `yono_search_*`): a search for the best move on the
//! engine's own worker thread (yono-engine's `EngineHandle`), so the caller's thread
//! stays free. yono_engine_start() requests a search and returns at once with a
//! yono_search: stop it, poll its progress and result, or wait. Each search has its
//! own stop token, created with the request, so a stop is never lost.

use std::time::Duration;

use ::yono_engine::{EngineConfig, EngineHandle, JobError, Limits, SearchError, SearchInfo, SearchJob, SearchResult};

use crate::boundary::yono_status::{YONO_STATUS_GAME_OVER, YONO_STATUS_INTERNAL_ERROR};
use crate::boundary::{
    free_handle, guard, guard_value, into_handle, out_mut, read_versioned, struct_size, try_ref, versioned, write_versioned, yono_status,
    Castable, Fail, HandleType, Res, Versioned,
};
use crate::convert::ToC;
// yono_engine_search keeps its published parameter type (the same struct).
use crate::game::{yono_game, yono_position};
use crate::types::yono_move;

/// The longest principal variation a yono_search_result holds.
pub const YONO_ENGINE_MAX_PV: usize = 32;

/// A search engine (opaque), searching on a worker thread of its own. Create with
/// yono_engine_new(), destroy with yono_engine_free().
///
/// Threading contract: every function taking a `const yono_engine *` may be called
/// from any thread at any time while the handle is alive. Searches run one at a time
/// in the order they were requested (yono_engine_start() or yono_engine_search()).
/// yono_engine_free() must not overlap any other call on the engine; it stops the
/// running search, and searches still waiting end with YONO_STATUS_INVALID_ARGUMENT
/// ("the engine was shut down").
pub struct yono_engine {
    _opaque: [u8; 0],
}

impl Castable for yono_engine {
    type RustType = EngineHandle;
    const TYPE: HandleType = HandleType::Engine;
}

/// One requested search (opaque), from yono_engine_start(). Stop it with
/// yono_search_stop(), read its progress with yono_search_progress(), its result with
/// yono_search_poll() (without waiting) or yono_search_wait(), and release it with
/// yono_search_free(). It does not depend on its engine staying alive. Every function
/// may be called from any thread at any time while the handle is alive, except
/// yono_search_free(), which must not overlap another call on it.
pub struct yono_search {
    _opaque: [u8; 0],
}

impl Castable for yono_search {
    type RustType = SearchJob;
    const TYPE: HandleType = HandleType::Search;
}

/// One completed iteration of a running search (yono_search_progress()). Set `size`
/// to sizeof(yono_search_info) before the call; later versions may append fields.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct yono_search_info {
    /// sizeof(yono_search_info), set by the caller.
    pub size: usize,
    /// Full-width plies of the iteration.
    pub depth: u32,
    /// The deepest ply reached, extensions and quiescence included.
    pub seldepth: u32,
    /// Positions visited so far.
    pub nodes: u64,
    /// Positions per second so far.
    pub nps: u64,
    /// Seconds since the search started.
    pub time_seconds: f64,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
    /// Which line this is (1 is the best).
    pub multipv: u32,
    /// The expected final score of the seat to move (0..3 Yo[n]o, 0..1 Shogi).
    pub score: f64,
    /// Each seat's expected final score at the end of the line, by seat index; NAN
    /// for seats not in the ruleset.
    pub eval: [f64; 4],
    /// Whether the search sees a forced end (then `mate` is set).
    pub has_mate: bool,
    /// Plies to the forced end: positive when it is good for the seat to move.
    pub mate: i32,
    /// The line (pv_len moves).
    pub pv: [yono_move; YONO_ENGINE_MAX_PV],
    /// Number of moves in pv.
    pub pv_len: usize,
}

/// How to build an engine. Fill with yono_engine_options_default(), then change what
/// you need. `size` must be sizeof(yono_engine_options): later versions may append
/// fields, and a library reads only the fields the caller's size covers.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct yono_engine_options {
    /// sizeof(yono_engine_options), set by yono_engine_options_default().
    pub size: usize,
    /// Seeds the evaluation noise (no effect while noise is 0).
    pub seed: u64,
    /// Transposition table size in MiB (1 to 4096; default 16).
    pub hash_mb: u32,
    /// Evaluation noise in centi-pawns, to vary play between seeds (default 0).
    pub noise: u32,
}

/// When a search stops. Zero means "no limit" for every field; with no limit at all
/// the search runs until yono_engine_stop(). A node or depth limit gives a new (or
/// cleared: yono_engine_clear()) engine the same result on every machine. `size`
/// must be sizeof(yono_search_limits).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct yono_search_limits {
    /// sizeof(yono_search_limits).
    pub size: usize,
    /// Stop after about this many nodes (0: no limit).
    pub nodes: u64,
    /// Stop after this many full-width plies (0: no limit; one round is 4 plies).
    pub depth: u32,
    /// Stop after this many seconds (0: no limit).
    pub time_seconds: f64,
}

/// What a search found. Set `size` to sizeof(yono_search_result) before the call.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct yono_search_result {
    /// sizeof(yono_search_result), set by the caller.
    pub size: usize,
    /// The move to play.
    pub best_move: yono_move,
    /// The principal variation, starting with best_move (pv_len moves).
    pub pv: [yono_move; YONO_ENGINE_MAX_PV],
    /// Number of moves in pv.
    pub pv_len: usize,
    /// The expected final score of the seat to move (0..3 Yo[n]o, 0..1 Shogi).
    pub score: f64,
    /// Each seat's expected final score at the end of the line, by seat index; NAN
    /// for seats not in the ruleset.
    pub eval: [f64; 4],
    /// The deepest completed full-width iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Seconds spent.
    pub time_seconds: f64,
    /// True when yono_engine_stop() or the time limit ended the search early.
    pub stopped: bool,
}

versioned!(yono_engine_options, size);
versioned!(yono_search_limits, size);
versioned!(yono_search_result, size);
versioned!(yono_search_info, size);

fn default_options() -> yono_engine_options {
    let d = EngineConfig::default();
    yono_engine_options {
        size: std::mem::size_of::<yono_engine_options>(),
        seed: d.seed,
        hash_mb: d.hash_mb as u32,
        noise: d.noise,
    }
}

/// Fills `*out` with the default options (size set).
/// Errors: NULL_ARGUMENT (out).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_engine_options_default(out: *mut yono_engine_options) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        *unsafe { out_mut(out, "out") }? = default_options();
        Ok(())
    })
}

/// A new engine, stored in `*out` (NULL on failure), with its worker thread.
/// `options` may be NULL for the defaults. Ownership: the caller frees it with
/// yono_engine_free().
/// Errors: NULL_ARGUMENT (out), INVALID_ARGUMENT (size or hash_mb out of range).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_engine_new(options: *const yono_engine_options, out: *mut *mut yono_engine) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        *out = std::ptr::null_mut();
        let opts = if options.is_null() {
            default_options()
        } else {
            // SAFETY: a caller struct with its size, per the contract.
            unsafe { read_versioned(options, default_options(), "options") }?
        };
        if !(1..=4096).contains(&opts.hash_mb) {
            return Err(Fail::invalid(format!("hash_mb must be 1 to 4096, got {}", opts.hash_mb)));
        }
        *out = into_handle(EngineHandle::new(EngineConfig {
            seed: opts.seed,
            hash_mb: opts.hash_mb as usize,
            noise: opts.noise,
            ..Default::default()
        }));
        Ok(())
    })
}

/// Releases an engine: stops its running search and joins its worker thread. NULL
/// is allowed and does nothing. No other call on the engine may be running.
#[no_mangle]
pub unsafe extern "C" fn yono_engine_free(engine: *mut yono_engine) {
    // SAFETY: NULL or a live handle, freed once, per the contract.
    unsafe { free_handle(engine) }
}

/// Stops every search of `engine` requested before this call, running or waiting
/// (each then ends with the best move found so far, `stopped` set). Safe to call
/// from any thread at any time while the handle is alive. A search requested after
/// this call is not affected; to stop one particular search, yono_search_stop().
/// Errors: NULL_ARGUMENT (engine).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_engine_stop(engine: *const yono_engine) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let engine = unsafe { try_ref(engine) }?;
        engine.stop_all();
        Ok(())
    })
}

/// Makes the next search requested of `engine` forget what the earlier ones learnt
/// (an engine keeps its table and move histories between searches for the same
/// seat, as between the moves of a game), so that it gives what a new engine would.
/// Call it between games.
/// Errors: NULL_ARGUMENT (engine).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_engine_clear(engine: *const yono_engine) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let engine = unsafe { try_ref(engine) }?;
        engine.clear();
        Ok(())
    })
}

/// Reads the caller's limits (NULL: none, so only a stop ends the search).
///
/// # Safety
/// `limits` is NULL or points to a yono_search_limits of its stated size.
unsafe fn read_limits(limits: *const yono_search_limits) -> Res<Limits> {
    let zero = yono_search_limits {
        size: std::mem::size_of::<yono_search_limits>(),
        nodes: 0,
        depth: 0,
        time_seconds: 0.0,
    };
    let lim = if limits.is_null() {
        zero
    } else {
        // SAFETY: a caller struct with its size, per the contract.
        unsafe { read_versioned(limits, zero, "limits") }?
    };
    if !(lim.time_seconds.is_finite() && lim.time_seconds >= 0.0 && lim.time_seconds < 1e9) {
        return Err(Fail::invalid(format!(
            "time_seconds must be a number of seconds >= 0, got {}",
            lim.time_seconds
        )));
    }
    Ok(Limits {
        nodes: (lim.nodes > 0).then_some(lim.nodes),
        depth: (lim.depth > 0).then_some(lim.depth),
        time: (lim.time_seconds > 0.0).then(|| Duration::from_secs_f64(lim.time_seconds)),
        ..Default::default()
    })
}

fn game_over() -> Fail {
    Fail::new(YONO_STATUS_GAME_OVER, "game_over", "the game is over: there is no move to search")
}

fn c_pv(line: &[::yono::Move]) -> ([yono_move; YONO_ENGINE_MAX_PV], usize) {
    let mut pv = [yono_move::default(); YONO_ENGINE_MAX_PV];
    for (slot, &mv) in pv.iter_mut().zip(line) {
        *slot = mv.to_c();
    }
    (pv, line.len().min(YONO_ENGINE_MAX_PV))
}

fn c_result(r: &SearchResult, size: usize) -> yono_search_result {
    let (pv, pv_len) = c_pv(&r.pv);
    yono_search_result {
        size,
        best_move: r.best_move.to_c(),
        pv,
        pv_len,
        score: r.score,
        eval: r.eval.map(|e| e.unwrap_or(f64::NAN)),
        depth: r.depth,
        nodes: r.nodes,
        time_seconds: r.time.as_secs_f64(),
        stopped: r.stopped,
    }
}

fn c_info(i: &SearchInfo, size: usize) -> yono_search_info {
    let (pv, pv_len) = c_pv(&i.pv);
    yono_search_info {
        size,
        depth: i.depth,
        seldepth: i.seldepth,
        nodes: i.nodes,
        nps: i.nps,
        time_seconds: i.time.as_secs_f64(),
        hashfull: i.hashfull,
        multipv: i.multipv,
        score: i.score,
        eval: i.scores.map(|e| e.unwrap_or(f64::NAN)),
        has_mate: i.mate.is_some(),
        mate: i.mate.unwrap_or(0),
        pv,
        pv_len,
    }
}

/// Stores a job's result in the caller's struct, or turns its error into a Fail.
///
/// # Safety
/// `out` is writable for `size` bytes.
unsafe fn deliver(result: Result<SearchResult, JobError>, out: *mut yono_search_result, size: usize) -> Res {
    match result {
        Ok(r) => {
            // SAFETY: per this function's contract.
            unsafe { write_versioned(out, &c_result(&r, size), size) };
            Ok(())
        }
        Err(JobError::Search(SearchError::GameOver)) => Err(game_over()),
        Err(JobError::ShutDown) => Err(Fail::invalid("the engine was shut down before the search ran")),
        Err(e) => Err(Fail::new(YONO_STATUS_INTERNAL_ERROR, "internal_error", e.to_string())),
    }
}

/// Searches `pos` for the seat to move within `limits` (NULL: no limit, so only
/// yono_engine_stop() ends it) and waits for the result, stored in `*out` (whose
/// `size` the caller sets). The game (with its history) is copied at the start and
/// must not change during that copy. The same as yono_engine_start() followed by
/// yono_search_wait(); a stop for this search from another thread is only certain to
/// count once the search has been requested, so a GUI that searches on a thread of
/// its own should use yono_engine_start() and keep the yono_search to stop.
/// Errors: NULL_ARGUMENT (engine, pos, out), INVALID_ARGUMENT (a size too small, a
/// negative or non-finite time), GAME_OVER (no move to search).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_engine_search(
    engine: *const yono_engine,
    pos: *const yono_position,
    limits: *const yono_search_limits,
    out: *mut yono_search_result,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or live handles and writable memory, per the contract.
        let engine = unsafe { try_ref(engine) }?;
        // SAFETY: as above.
        let game = unsafe { try_ref(pos) }?;
        // SAFETY: as above.
        let size = unsafe { struct_size(out, "out") }?;
        // SAFETY: as above.
        let limits = unsafe { read_limits(limits) }?;
        if game.is_over() {
            return Err(game_over());
        }
        let result = engine.start(game, limits).wait();
        // SAFETY: `out` is writable for its size, per the contract.
        unsafe { deliver(result, out, size) }
    })
}

/// Requests a search of `pos` (the game, with its history, copied now) within
/// `limits` (NULL: no limit, so only a stop ends it) and returns at once with the
/// search in `*out` (NULL on failure). The search runs on the engine's worker thread
/// after the ones requested before it. A stop sent to it at any time from now on
/// (yono_search_stop(), or yono_engine_stop()) is kept, even if the worker has not
/// begun it yet. Ownership: the caller frees `*out` with yono_search_free().
/// Errors: NULL_ARGUMENT (engine, pos, out), INVALID_ARGUMENT (a size too small, a
/// negative or non-finite time), GAME_OVER (no move to search).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_engine_start(
    engine: *const yono_engine,
    pos: *const yono_game,
    limits: *const yono_search_limits,
    out: *mut *mut yono_search,
) -> yono_status {
    guard(|| {
        // SAFETY: NULL or writable, per the contract.
        let out = unsafe { out_mut(out, "out") }?;
        *out = std::ptr::null_mut();
        // SAFETY: NULL or live handles, per the contract.
        let engine = unsafe { try_ref(engine) }?;
        // SAFETY: as above.
        let game = unsafe { try_ref(pos) }?;
        // SAFETY: as above.
        let limits = unsafe { read_limits(limits) }?;
        if game.is_over() {
            return Err(game_over());
        }
        let job = engine.start(game, limits);
        *out = into_handle(job);
        Ok(())
    })
}

/// Asks `search` to stop soon (from any thread, at any time; a no-op once it has
/// finished); it then ends with the best move found so far, `stopped` set.
/// Errors: NULL_ARGUMENT (search).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_search_stop(search: *const yono_search) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract.
        let search = unsafe { try_ref(search) }?;
        search.stop();
        Ok(())
    })
}

/// The arguments of the calls that look at a search without waiting, checked in this
/// order: the search, the flag `*flag` (named `what`; cleared here, set by the caller
/// when there is something to store) and the size `*out` states.
///
/// # Safety
/// `search` is NULL or a live handle, `flag` NULL or writable, `out` NULL or a struct
/// with its size first.
unsafe fn poll_args<'a, T: Versioned>(
    search: *const yono_search,
    flag: *mut bool,
    what: &str,
    out: *mut T,
) -> Res<(&'a SearchJob, &'a mut bool, usize)> {
    // SAFETY: NULL or live handles and writable memory, per the contract.
    let search = unsafe { try_ref(search) }?;
    // SAFETY: as above.
    let flag = unsafe { out_mut(flag, what) }?;
    // SAFETY: as above.
    let size = unsafe { struct_size(out, "out") }?;
    *flag = false;
    Ok((search, flag, size))
}

/// The latest completed iteration of `search`, in `*out` (whose `size` the caller
/// sets), with `*has_info` saying whether there is one yet (if not, `*out` is left
/// alone). Never waits.
/// Errors: NULL_ARGUMENT (search, out, has_info), INVALID_ARGUMENT (a size too small).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_search_progress(search: *const yono_search, out: *mut yono_search_info, has_info: *mut bool) -> yono_status {
    guard(|| {
        // SAFETY: per the contract.
        let (search, has_info, size) = unsafe { poll_args(search, has_info, "has_info", out) }?;
        if let Some(info) = search.latest() {
            // SAFETY: `out` is writable for its size, per the contract.
            unsafe { write_versioned(out, &c_info(&info, size), size) };
            *has_info = true;
        }
        Ok(())
    })
}

/// Whether `search` has finished, in `*done`, without waiting; when it has, its
/// result is stored in `*out` (whose `size` the caller sets) and the status is the
/// search's own (OK, or INTERNAL_ERROR / INVALID_ARGUMENT if it could not run). When
/// it has not, `*out` is left alone and the status is OK.
/// Errors: NULL_ARGUMENT (search, out, done), INVALID_ARGUMENT (a size too small).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_search_poll(search: *const yono_search, out: *mut yono_search_result, done: *mut bool) -> yono_status {
    guard(|| {
        // SAFETY: per the contract.
        let (search, done, size) = unsafe { poll_args(search, done, "done", out) }?;
        match search.try_result() {
            None => Ok(()),
            Some(result) => {
                *done = true;
                // SAFETY: `out` is writable for its size, per the contract.
                unsafe { deliver(result, out, size) }
            }
        }
    })
}

/// Waits for `search` to finish and stores its result in `*out` (whose `size` the
/// caller sets). A search without limits finishes only when stopped.
/// Errors: NULL_ARGUMENT (search, out), INVALID_ARGUMENT (a size too small, or the
/// engine was freed before the search ran), INTERNAL_ERROR.
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_search_wait(search: *const yono_search, out: *mut yono_search_result) -> yono_status {
    guard(|| {
        // SAFETY: NULL or live handles and writable memory, per the contract.
        let search = unsafe { try_ref(search) }?;
        // SAFETY: as above.
        let size = unsafe { struct_size(out, "out") }?;
        let result = search.wait();
        // SAFETY: `out` is writable for its size, per the contract.
        unsafe { deliver(result, out, size) }
    })
}

/// Releases `search`, stopping it if it is still running (its engine stays usable).
/// NULL is allowed and does nothing. No other call on the search may be running.
#[no_mangle]
pub unsafe extern "C" fn yono_search_free(search: *mut yono_search) {
    guard_value((), || {
        // SAFETY: NULL or a live handle, per the contract; a handle of another type is
        // left to free_handle, which reports it.
        if let Ok(job) = unsafe { try_ref(search) } {
            job.stop();
        }
    });
    // SAFETY: as above; freed once.
    unsafe { free_handle(search) }
}
