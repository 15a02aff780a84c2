//! The search: iterative deepening with aspiration windows over a principal
//! variation search (negamax with the seats in two sides: the root seat, and the
//! others together, the paranoid view), make/unmake on one position per thread,
//! staged move generation, the usual selective search (null move, late-move
//! reductions, futility, reverse futility, razoring, SEE pruning, check extension,
//! internal iterative reduction), mate-distance scores, a shared transposition table
//! and Lazy SMP (docs/ENGINE.md).
//!
//! By concern: this file holds the engine, its public entry points and the state
//! every part shares; `threads.rs` runs one search (Lazy SMP, node counts, stop
//! signals, the result); `root.rs` iterative deepening, aspiration windows, MultiPV
//! and the main thread's control; `node.rs` the alpha-beta node and its selective
//! search; `quiesce.rs` quiescence; `history.rs` decided results and repetitions
//! (the game's history, Shogi's perpetual check); `seats.rs` the four-seat modes
//! (paranoid's two sides, the BRS/BRS+ layer).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use yono::{Bitboard, Game, Move, PieceKind, Position, Ruleset, Seat, SeatState};

use crate::api::{
    EngineConfig, Limits, SearchError, SearchInfo, SearchMode, SearchResult, StopToken,
};
use crate::eval;
use crate::movepick::{
    self, Context, Histories, Origin, Picker, CORRECTION_GRAIN, CORRECTION_SIZE, NO_MOVE, PIECE_TO,
};
use crate::score::{Scale, Value, INF, MAX_PLY};
use crate::see;
use crate::time::TimePlan;
use crate::tt::{Bound, EvalStep, Table};

mod correction;
mod history;
mod node;
mod quiesce;
mod root;
mod seats;
mod threads;

use node::lmr_table;
use root::{line_eval, nps};

/// Full-width iterations stop here even without another limit.
pub const MAX_DEPTH: u32 = 64;
/// Quiescence plies at most (captures, and the evasions they force).
const MAX_QPLY: usize = 16;
/// From this quiescence ply on, only captures on the square the last move went to.
const QS_RECAPTURES_FROM: usize = 6;
/// How often (in nodes) the clock and the stop signals are read.
const POLL: u64 = 256;

/// The selective-search features, each on by default; turning one off measures
/// what it gains (docs/ENGINE.md has the table). Not part of the public API.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[doc(hidden)]
pub struct Features {
    pub null_move: bool,
    pub lmr: bool,
    pub futility: bool,
    pub reverse_futility: bool,
    pub razoring: bool,
    pub see_pruning: bool,
    pub late_move_pruning: bool,
    pub aspiration: bool,
    pub iir: bool,
    pub check_extension: bool,
    pub history_pruning: bool,
    pub delta_pruning: bool,
    pub correction: bool,
    pub probcut: bool,
    pub qs_recaptures: bool,
    pub coalition_captures: bool,
    pub reply_pruning: bool,
    pub replier_order: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            null_move: true,
            lmr: true,
            futility: true,
            reverse_futility: true,
            razoring: true,
            see_pruning: true,
            late_move_pruning: true,
            aspiration: true,
            iir: true,
            check_extension: true,
            history_pruning: true,
            delta_pruning: true,
            correction: true,
            probcut: true,
            qs_recaptures: true,
            coalition_captures: true,
            reply_pruning: true,
            replier_order: true,
        }
    }
}

impl Features {
    /// Parses a comma-separated list of features to turn off (`nmp,lmr`), for
    /// measurements.
    #[doc(hidden)]
    pub fn without(list: &str) -> Result<Features, String> {
        let mut f = Features::default();
        for name in list.split(',').filter(|s| !s.is_empty()) {
            let flag = match name {
                "nmp" => &mut f.null_move,
                "lmr" => &mut f.lmr,
                "fut" => &mut f.futility,
                "rfp" => &mut f.reverse_futility,
                "razor" => &mut f.razoring,
                "see" => &mut f.see_pruning,
                "lmp" => &mut f.late_move_pruning,
                "asp" => &mut f.aspiration,
                "iir" => &mut f.iir,
                "check" => &mut f.check_extension,
                "hist" => &mut f.history_pruning,
                "delta" => &mut f.delta_pruning,
                "corrhist" => &mut f.correction,
                "probcut" => &mut f.probcut,
                "recap" => &mut f.qs_recaptures,
                "qroot" => &mut f.coalition_captures,
                "rprune" => &mut f.reply_pruning,
                "rorder" => &mut f.replier_order,
                _ => return Err(format!("unknown feature {name:?}")),
            };
            *flag = false;
        }
        Ok(f)
    }
}

/// A search engine: its transposition table (shared by its threads) and each
/// thread's tables. A search keeps what the engine's last search learnt when both
/// search for the same seat of the same ruleset (as between the moves of a game:
/// the table and the move-ordering histories carry over); searching for another
/// seat, or after [`Engine::clear`], starts afresh. So with one thread and a node
/// or depth limit, a new or cleared engine's result depends only on the config, the
/// position (and history) and the limits.
///
/// ```
/// use yono::Position;
/// use yono_engine::{Engine, Limits};
/// let mut engine = Engine::default();
/// let pos = Position::start();
/// let result = engine.search(&pos, Limits::depth(2)).unwrap();
/// assert!(pos.is_legal(result.best_move));
/// assert_eq!(result.depth, 2);
/// ```
pub struct Engine {
    config: EngineConfig,
    features: Features,
    tt: Table,
    workers: Vec<Worker>,
    stop: Arc<AtomicBool>,
    /// The ruleset and root seat of the last search, whose table and histories the
    /// next search of the same seat keeps.
    last_root: Option<(Ruleset, Seat)>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(EngineConfig::default())
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("config", &self.config)
            .finish()
    }
}

/// What every thread of one search shares.
struct Shared<'a> {
    tt: &'a Table,
    stop: &'a StopToken,
    /// Set by the main thread when it is done: the helpers stop too.
    done: AtomicBool,
    /// Nodes of all threads (updated every `POLL` nodes).
    total_nodes: AtomicU64,
    config: EngineConfig,
    features: Features,
    /// The four-seat search (paranoid unless Yo[n]o with three or four seats in).
    mode: SearchMode,
    root: Seat,
    scale: Scale,
    step: EvalStep,
    /// Keys of the game's positions before the root, sorted.
    game_keys: &'a [u64],
    /// The game's positions before the root in order: key, and whether the seat to
    /// move there was in check (for Shogi's perpetual-check rule).
    game_line: &'a [(u64, bool)],
    node_limit: u64,
    deadline: Option<Instant>,
    threads: usize,
    /// The root position has two seats in the game (so has every position of the
    /// search: a fall there ends the game).
    two_seats: bool,
}

impl Shared<'_> {
    fn is_game_key(&self, key: u64) -> bool {
        self.game_keys.binary_search(&key).is_ok()
    }

    /// Stores the result of the node at `ply` (`value` from the side `sign` had
    /// there) in the table, which keeps values from the root seat's side with mate
    /// distances relative to the node.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn store(
        &self,
        key: u64,
        ply: usize,
        sign: Value,
        best_move: Option<Move>,
        value: Value,
        eval: Option<Value>,
        depth: i32,
        bound: Bound,
    ) {
        let value = self.scale.for_tt(value, ply, sign);
        let mv = best_move.map(Move::code);
        self.tt
            .store(key, mv, value, eval, depth, bound, &self.step);
    }
}

#[derive(Clone, Copy, Default)]
struct Frame {
    key: u64,
    /// The seat to move at this ply.
    seat: Option<Seat>,
    /// The static evaluation from the mover's side (None in check).
    eval: Option<Value>,
    /// The piece-to index of the move made at this ply (None: none yet, or a null
    /// move).
    piece_to: Option<usize>,
    /// Whether the move made at this ply was a null move.
    null: bool,
    /// Whether the seat to move at this ply is in check.
    in_check: bool,
    killers: [u16; 2],
    /// The evaluation's placement terms ([`eval::placement`]) of the position whose
    /// key is `placement_key`: the position at this ply when the keys agree.
    placement: [i32; 4],
    placement_key: Option<u64>,
    /// In a search of two seats ([`Shared::two_seats`]), the key of a position at
    /// this ply and the move that made it, no seat falling ([`Worker::make`], the
    /// null move): whether the seat to move is in check is then whether that move
    /// threatens its King ([`movepick::checked_by_move`]).
    made_by: Option<(u64, Move)>,
    /// The seat whose reply last refuted a Best-Reply layer at this ply: it replies
    /// first in the next layer here.
    refuter: Option<Seat>,
}

/// The evaluations a worker computed last, by position key. About a third of a
/// search's evaluations are of a position evaluated before whose table entry holds
/// no evaluation (a stand-pat or reverse-futility cutoff stores none), and an
/// evaluation depends on the position and the root seat alone (the engine's seed
/// and noise are fixed), so a hit is exactly what computing it again would give.
/// 1 MiB: in the Shogi middle game's search a quarter of it cost 1.7% more
/// instructions, four times it 0.6% fewer (callgrind, `search_cost`).
struct EvalCache {
    entries: Vec<EvalEntry>,
}

#[derive(Clone, Copy, Default)]
struct EvalEntry {
    key: u64,
    value: Value,
    /// The root seat's index + 1 (0: an empty entry).
    root: u8,
}

impl EvalCache {
    /// Entries (a power of two).
    const SIZE: usize = 1 << 16;

    fn new() -> EvalCache {
        EvalCache {
            entries: vec![EvalEntry::default(); Self::SIZE],
        }
    }

    /// The entry of `key`.
    #[inline]
    fn index(key: u64) -> usize {
        (key >> 16) as usize & (Self::SIZE - 1)
    }

    /// The evaluation for `root` of the position with `key`, if cached.
    #[inline]
    fn get(&self, key: u64, root: Seat) -> Option<Value> {
        let e = &self.entries[Self::index(key)];
        (e.key == key && e.root == root.index() as u8 + 1).then_some(e.value)
    }

    #[inline]
    fn put(&mut self, key: u64, root: Seat, value: Value) {
        self.entries[Self::index(key)] = EvalEntry {
            key,
            value,
            root: root.index() as u8 + 1,
        };
    }
}

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    /// This iteration's value (−INF until searched, or when it failed low).
    score: Value,
    previous: Value,
    pv: Vec<Move>,
}

/// One search thread: its position (made and unmade in place), history tables,
/// stack and principal-variation table.
struct Worker {
    pos: Position,
    hist: Histories,
    evals: EvalCache,
    stack: Vec<Frame>,
    pickers: Vec<Picker>,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    root_moves: Vec<RootMove>,
    pv_index: usize,
    root_depth: i32,
    nodes: u64,
    reported: u64,
    seldepth: usize,
    aborted: bool,
    stopped: bool,
    id: usize,
}

impl Worker {
    fn new(id: usize) -> Worker {
        Worker {
            pos: Position::start(),
            hist: Histories::new(),
            evals: EvalCache::new(),
            stack: vec![Frame::default(); MAX_PLY + 4],
            pickers: (0..MAX_PLY + 2).map(|_| Picker::default()).collect(),
            pv: vec![[Move::Pass; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            root_moves: Vec::new(),
            pv_index: 0,
            root_depth: 0,
            nodes: 0,
            reported: 0,
            seldepth: 0,
            aborted: false,
            stopped: false,
            id,
        }
    }
}

impl Engine {
    /// An engine with `config`.
    pub fn new(config: EngineConfig) -> Engine {
        Engine::with_features(config, Features::default())
    }

    /// An engine with some selective-search features turned off (for measuring
    /// them; not part of the public API).
    #[doc(hidden)]
    pub fn with_features(config: EngineConfig, features: Features) -> Engine {
        let threads = config.threads.clamp(1, 256);
        Engine {
            config,
            features,
            tt: Table::new(config.hash_mb),
            workers: (0..threads).map(Worker::new).collect(),
            stop: Arc::new(AtomicBool::new(false)),
            last_root: None,
        }
    }

    /// The config the engine was built with.
    pub fn config(&self) -> EngineConfig {
        self.config
    }

    /// Forgets what earlier searches learnt (the table, the histories): the next
    /// search gives what a new engine would (call it between games, as the program
    /// does on `usinewgame`).
    ///
    /// ```
    /// use yono::Position;
    /// use yono_engine::{Engine, Limits};
    /// let pos = Position::start();
    /// let fresh = Engine::default().search(&pos, Limits::nodes(2_000)).unwrap();
    /// let mut engine = Engine::default();
    /// engine.search(&pos, Limits::nodes(2_000)).unwrap();
    /// engine.clear();
    /// let again = engine.search(&pos, Limits::nodes(2_000)).unwrap();
    /// assert_eq!((again.best_move, again.nodes, again.pv), (fresh.best_move, fresh.nodes, fresh.pv));
    /// ```
    pub fn clear(&mut self) {
        self.last_root = None;
    }

    /// The stop flag of [`Engine::search`]: setting it (from any thread) ends the
    /// running search soon, which then returns the best move found so far.
    /// [`Engine::search`] clears it when it starts, so a stop sent before the search
    /// begins is lost; [`Engine::search_game`] takes a [`StopToken`] instead, which
    /// nothing clears.
    ///
    /// ```
    /// use std::sync::atomic::Ordering;
    /// let engine = yono_engine::Engine::default();
    /// let flag = engine.stop_flag();
    /// flag.store(true, Ordering::Relaxed);
    /// ```
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Searches `pos` within `limits` and returns the best move with its line and
    /// values. Always returns a legal move of `pos` when the game is not over. It
    /// knows no history before `pos` (use [`Engine::search_game`] for that) and
    /// stops on [`Engine::stop_flag`], which it clears first.
    ///
    /// # Errors
    ///
    /// [`SearchError::GameOver`] when the game is over.
    pub fn search(&mut self, pos: &Position, limits: Limits) -> Result<SearchResult, SearchError> {
        self.stop.store(false, Ordering::Relaxed);
        let stop = StopToken::from_flag(Arc::clone(&self.stop));
        self.run(pos, &[], &[], limits, &stop, &mut |_| {})
    }

    /// Searches the game's current position within `limits`, seeing its history: a
    /// line that comes back to a position of the game (or of the line itself) scores
    /// as the repetition draw it leads to. `on_info` is called on the searching
    /// thread after every completed iteration (once per MultiPV line); `stop` ends
    /// the search early from any thread (a token stopped before the call makes it
    /// return at once with the first move of its order).
    ///
    /// ```
    /// use yono::{Game, Ruleset};
    /// use yono_engine::{Engine, Limits, StopToken};
    /// let mut game = Game::new(Ruleset::Shogi);
    /// game.play_text("7g7f").unwrap();
    /// let mut depths = Vec::new();
    /// let result = Engine::default()
    ///     .search_game(&game, Limits::depth(3), &StopToken::new(), &mut |info| depths.push(info.depth))
    ///     .unwrap();
    /// assert!(game.is_legal(result.best_move));
    /// assert_eq!(depths, [1, 2, 3]);
    /// ```
    ///
    /// # Errors
    ///
    /// [`SearchError::GameOver`] when the game is over (won or drawn).
    pub fn search_game(
        &mut self,
        game: &Game,
        limits: Limits,
        stop: &StopToken,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, SearchError> {
        if game.live_position().is_none() {
            // Ended by repetition (a draw, or a loss by perpetual check).
            return Err(SearchError::GameOver);
        }
        let line = history::game_line(game);
        let mut keys: Vec<u64> = line.iter().map(|&(k, _)| k).collect();
        keys.sort_unstable();
        self.run(game.position(), &keys, &line, limits, stop, on_info)
    }
}

/// The main thread's view of the search: limits, time, reports.
struct Control {
    started: Instant,
    plan: TimePlan,
    limits: Limits,
    max_depth: u32,
    multipv: usize,
    single_reply: bool,
    /// Iterations in a row with the same best move.
    stable: u32,
    last_best: Option<Move>,
    last_score: Option<Value>,
    lines: Vec<SearchInfo>,
    completed: u32,
}

type Reporter<'a> = Option<(&'a mut Control, &'a mut dyn FnMut(&SearchInfo))>;
