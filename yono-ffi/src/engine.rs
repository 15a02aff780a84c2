//! The engine (`yono_engine_*`): a search for the best move, callable from a
//! background thread while another thread stays responsive and may stop it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ::yono_engine::{Engine, EngineConfig, Limits};

use crate::boundary::yono_status::YONO_STATUS_GAME_OVER;
use crate::boundary::{
    free_handle, guard, into_handle, out_mut, read_versioned, struct_size, try_ref, versioned, write_versioned, yono_status, Castable,
    Fail, HandleType,
};
use crate::convert::ToC;
use crate::game::yono_position;
use crate::types::yono_move;

/// The longest principal variation a yono_search_result holds.
pub const YONO_ENGINE_MAX_PV: usize = 32;

/// A search engine (opaque). Create with yono_engine_new(), destroy with
/// yono_engine_free().
///
/// Threading contract: yono_engine_search() may be called from any thread; calls on
/// one engine are serialised (a second call waits for the first). yono_engine_stop()
/// may be called from any thread at any time while the handle is alive, also while
/// a search runs on another thread: that is how a GUI thread stays responsive while
/// a background thread searches. yono_engine_free() must not overlap any other call
/// on the engine. Another handle type passed as a yono_engine is detected (code
/// "wrong_handle_type").
pub struct yono_engine {
    _opaque: [u8; 0],
}

/// What a yono_engine handle holds.
pub(crate) struct EngineHandle {
    engine: Mutex<Engine>,
    stop: Arc<AtomicBool>,
}

impl Castable for yono_engine {
    type RustType = EngineHandle;
    const TYPE: HandleType = HandleType::Engine;
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
/// the search runs until yono_engine_stop(). A node or depth limit gives the same
/// result on every machine. `size` must be sizeof(yono_search_limits).
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

versioned!(yono_engine_options, size);
versioned!(yono_search_limits, size);
versioned!(yono_search_result, size);

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

/// A new engine, stored in `*out` (NULL on failure). `options` may be NULL for the
/// defaults. Ownership: the caller frees it with yono_engine_free().
/// Errors: NULL_ARGUMENT (out), INVALID_ARGUMENT (a size that is not
/// sizeof(yono_engine_options), or hash_mb out of range).
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
        let engine = Engine::new(EngineConfig {
            seed: opts.seed,
            hash_mb: opts.hash_mb as usize,
            noise: opts.noise,
        });
        let stop = engine.stop_flag();
        *out = into_handle(EngineHandle {
            engine: Mutex::new(engine),
            stop,
        });
        Ok(())
    })
}

/// Releases an engine. NULL is allowed and does nothing. No other call on the engine
/// may be running.
#[no_mangle]
pub unsafe extern "C" fn yono_engine_free(engine: *mut yono_engine) {
    // SAFETY: NULL or a live handle from Box::into_raw, freed once, per the contract.
    unsafe { free_handle(engine) }
}

/// Asks the running search of `engine` to stop soon; it then returns the best move
/// found so far, with `stopped` set. Safe to call from any thread at any time while
/// the handle is alive. A stop issued while no search runs is forgotten when the next
/// search starts: a GUI that must be sure repeats it until the search returns.
/// Errors: NULL_ARGUMENT (engine).
#[must_use]
#[no_mangle]
pub unsafe extern "C" fn yono_engine_stop(engine: *const yono_engine) -> yono_status {
    guard(|| {
        // SAFETY: NULL or a live handle, per the contract; only the atomic is touched.
        let engine = unsafe { try_ref(engine) }?;
        engine.stop.store(true, Ordering::Relaxed);
        Ok(())
    })
}

/// Searches `pos` for the seat to move within `limits` (NULL: no limit, so only
/// yono_engine_stop() ends it) and stores the result in `*out` (whose `size` the
/// caller sets). `pos` is copied at the start and must not change during that copy;
/// the search itself runs on the copy.
/// Errors: NULL_ARGUMENT (engine, pos, out), INVALID_ARGUMENT (a `size` that is not
/// sizeof the struct, a negative or non-finite time), GAME_OVER (no move to search).
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
        // SAFETY: NULL or a struct whose first field is the size, per the contract.
        let out_size = unsafe { struct_size(out, "out") }?;
        let lim = if limits.is_null() {
            yono_search_limits {
                size: std::mem::size_of::<yono_search_limits>(),
                nodes: 0,
                depth: 0,
                time_seconds: 0.0,
            }
        } else {
            let zero = yono_search_limits {
                size: 0,
                nodes: 0,
                depth: 0,
                time_seconds: 0.0,
            };
            // SAFETY: a caller struct with its size, per the contract.
            unsafe { read_versioned(limits, zero, "limits") }?
        };
        if !(lim.time_seconds.is_finite() && lim.time_seconds >= 0.0 && lim.time_seconds < 1e9) {
            return Err(Fail::invalid(format!(
                "time_seconds must be a number of seconds >= 0, got {}",
                lim.time_seconds
            )));
        }
        let limits = Limits {
            nodes: (lim.nodes > 0).then_some(lim.nodes),
            depth: (lim.depth > 0).then_some(lim.depth),
            time: (lim.time_seconds > 0.0).then(|| Duration::from_secs_f64(lim.time_seconds)),
        };
        if game.is_over() {
            return Err(Fail::new(
                YONO_STATUS_GAME_OVER,
                "game_over",
                "the game is over: there is no move to search",
            ));
        }
        let position = game.position().clone();
        let mut guard = engine
            .engine
            .lock()
            .map_err(|_| Fail::invalid("the engine is unusable after an internal error"))?;
        let r = guard
            .search(&position, limits)
            .map_err(|e| Fail::new(YONO_STATUS_GAME_OVER, "game_over", e.to_string()))?;
        drop(guard);
        let mut result = yono_search_result {
            size: out_size,
            best_move: r.best_move.to_c(),
            pv: [yono_move::default(); YONO_ENGINE_MAX_PV],
            pv_len: r.pv.len().min(YONO_ENGINE_MAX_PV),
            score: r.score,
            eval: r.eval.map(|e| e.unwrap_or(f64::NAN)),
            depth: r.depth,
            nodes: r.nodes,
            time_seconds: r.time.as_secs_f64(),
            stopped: r.stopped,
        };
        for (slot, &mv) in result.pv.iter_mut().zip(&r.pv) {
            *slot = mv.to_c();
        }
        // SAFETY: `out` is writable for the caller's (checked) size, per the contract.
        unsafe { write_versioned(out, &result, out_size) };
        Ok(())
    })
}
