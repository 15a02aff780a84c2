//! The search: iterative deepening with aspiration windows over a principal
//! variation search (negamax with the seats in two sides: the root seat, and the
//! others together, the paranoid view), make/unmake on one position per thread,
//! staged move generation, the usual selective search (null move, late-move
//! reductions, futility, reverse futility, razoring, SEE pruning, check extension,
//! internal iterative reduction), mate-distance scores, a shared transposition table
//! and Lazy SMP (docs/ENGINE.md).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use yono::{Game, Move, Position, Ruleset, Seat, SeatState};

use crate::api::{EngineConfig, Limits, SearchError, SearchInfo, SearchResult, StopToken};
use crate::eval;
use crate::movepick::{self, Context, Histories, Origin, Picker, NO_MOVE, PIECE_TO};
use crate::score::{Scale, Value, INF, MAX_PLY};
use crate::see;
use crate::time::TimePlan;
use crate::tt::{Bound, EvalStep, Table};

/// Full-width iterations stop here even without another limit.
pub const MAX_DEPTH: u32 = 64;
/// Quiescence plies at most (captures, and the evasions they force).
const MAX_QPLY: usize = 16;
/// How often (in nodes) the clock and the stop signals are read.
const POLL: u64 = 1024;

/// Late-move reduction in plies, by depth and move number (both capped at 63).
fn lmr_table() -> &'static [[u8; 64]; 64] {
    static TABLE: std::sync::OnceLock<[[u8; 64]; 64]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
            }
        }
        t
    })
}

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
                _ => return Err(format!("unknown feature {name:?}")),
            };
            *flag = false;
        }
        Ok(f)
    }
}

/// A search engine: its transposition table (shared by its threads) and each
/// thread's tables. Searches are independent (nothing of an earlier search is seen),
/// so with one thread and a node or depth limit the result depends only on the
/// config, the position (and history) and the limits.
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
    root: Seat,
    scale: Scale,
    step: EvalStep,
    /// Keys of the game's positions before the root, sorted.
    game_keys: &'a [u64],
    node_limit: u64,
    deadline: Option<Instant>,
    threads: usize,
}

impl Shared<'_> {
    fn is_game_key(&self, key: u64) -> bool {
        self.game_keys.binary_search(&key).is_ok()
    }
}

#[derive(Clone, Copy, Default)]
struct Frame {
    key: u64,
    /// The static evaluation from the mover's side (None in check).
    eval: Option<Value>,
    /// The piece-to index of the move made at this ply (None: none yet, or a null
    /// move).
    piece_to: Option<usize>,
    /// Whether the move made at this ply was a null move.
    null: bool,
    killers: [u16; 2],
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
        }
    }

    /// The config the engine was built with.
    pub fn config(&self) -> EngineConfig {
        self.config
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
        self.run(pos, &[], limits, &stop, &mut |_| {})
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
        if game.is_drawn() {
            return Err(SearchError::GameOver);
        }
        let mut keys = history_keys(game);
        keys.sort_unstable();
        self.run(game.position(), &keys, limits, stop, on_info)
    }

    fn run(
        &mut self,
        pos: &Position,
        game_keys: &[u64],
        limits: Limits,
        stop: &StopToken,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, SearchError> {
        let started = Instant::now();
        let root_moves = pos.legal_moves();
        if root_moves.is_empty() || pos.seats_in_game().len() <= 1 {
            return Err(SearchError::GameOver);
        }
        self.tt.new_search();
        let scale = Scale::new(pos.ruleset());
        let plan = TimePlan::new(&limits, pos.turn().index());
        let threads = self.workers.len();
        let shared = Shared {
            tt: &self.tt,
            stop,
            done: AtomicBool::new(false),
            total_nodes: AtomicU64::new(0),
            config: self.config,
            features: self.features,
            root: pos.turn(),
            scale,
            step: EvalStep(if scale.is_yono() {
                crate::score::YONO_UNIT * 8
            } else {
                1
            }),
            game_keys,
            node_limit: limits.nodes.unwrap_or(u64::MAX).max(1),
            deadline: plan.hard.map(|t| started + t),
            threads,
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let multipv = self.config.multipv.clamp(1, root_moves.len());
        for w in self.workers.iter_mut() {
            w.prepare(pos, &root_moves);
        }
        let (main, helpers) = self.workers.split_first_mut().expect("one worker at least");
        let mut control = Control {
            started,
            plan,
            limits,
            max_depth,
            multipv,
            single_reply: root_moves.len() == 1,
            stable: 0,
            last_best: None,
            last_score: None,
            lines: Vec::new(),
            completed: 0,
        };
        if stop.is_stopped() {
            // Stopped before it started: the first move of the order, at once.
            main.stopped = true;
        } else {
            std::thread::scope(|scope| {
                for helper in helpers.iter_mut() {
                    let shared = &shared;
                    scope.spawn(move || helper.iterate(shared, max_depth, 1, None));
                }
                main.iterate(&shared, max_depth, multipv, Some((&mut control, on_info)));
                shared.done.store(true, Ordering::Relaxed);
            });
        }
        let main = &self.workers[0];
        let total_nodes: u64 = self.workers.iter().map(|w| w.nodes).sum();
        let time = started.elapsed();
        let best = &main.root_moves[0];
        let pv = if best.pv.is_empty() {
            vec![best.mv]
        } else {
            best.pv.clone()
        };
        let value = if best.score > -INF {
            best.score
        } else if best.previous > -INF {
            best.previous
        } else {
            scale.of_eval(eval::search_raw(
                pos,
                shared.root,
                self.config.seed,
                self.config.noise,
            ))
        };
        let eval = line_eval(pos, &pv, self.config);
        let mut lines = std::mem::take(&mut control.lines);
        if lines.first().map_or(true, |l| l.pv != pv) {
            // The cut-short iteration changed the best move (or none completed).
            lines = vec![SearchInfo {
                depth: control.completed,
                seldepth: main.seldepth as u32,
                nodes: total_nodes,
                nps: nps(total_nodes, time),
                time,
                hashfull: self.tt.hashfull(),
                multipv: 1,
                pv: pv.clone(),
                score: scale.points(value),
                scores: eval,
                mate: scale.mate_distance(value),
            }];
        }
        let stopped = self.workers.iter().any(|w| w.stopped) || main.stopped;
        Ok(SearchResult {
            best_move: pv[0],
            score: scale.points(value),
            mate: scale.mate_distance(value),
            pv,
            eval,
            depth: control.completed,
            seldepth: main.seldepth as u32,
            nodes: total_nodes,
            time,
            stopped,
            lines,
        })
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

impl Worker {
    fn prepare(&mut self, pos: &Position, moves: &yono::MoveList) {
        self.pos = pos.clone();
        self.hist.clear();
        for f in &mut self.stack {
            *f = Frame::default();
        }
        for f in &mut self.stack {
            f.killers = [NO_MOVE; 2];
        }
        self.root_moves = moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INF,
                previous: -INF,
                pv: Vec::new(),
            })
            .collect();
        // A first order: noisy moves by value, then the generator's order.
        let p = &self.pos;
        self.root_moves.sort_by_key(|rm| {
            std::cmp::Reverse(if movepick::is_noisy(p, rm.mv) {
                1_000_000 + see::mvv_lva(p, rm.mv)
            } else {
                0
            })
        });
        self.nodes = 0;
        self.reported = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.stopped = false;
        self.pv_index = 0;
    }

    /// Iterative deepening. The main thread (with `report`) checks the limits after
    /// each iteration and reports; helpers run until the main thread is done.
    fn iterate(&mut self, sh: &Shared, max_depth: u32, multipv: usize, mut report: Reporter) {
        let pawn = sh.scale.pawn();
        for depth in 1..=max_depth {
            // Helpers skip some depths so that threads spread over the tree.
            if self.id > 0 && depth > 2 && (depth as usize + self.id) % 3 == 0 {
                continue;
            }
            self.root_depth = depth as i32;
            for rm in &mut self.root_moves {
                rm.previous = rm.score;
            }
            for pv_index in 0..multipv {
                self.pv_index = pv_index;
                let previous = self.root_moves[pv_index].previous;
                let mut delta = pawn / 3;
                let (mut alpha, mut beta) = if sh.features.aspiration
                    && depth >= 4
                    && previous > -INF
                    && !sh.scale.is_decided(previous)
                {
                    (previous - delta, previous + delta)
                } else {
                    (-INF, INF)
                };
                loop {
                    for rm in &mut self.root_moves[pv_index..] {
                        rm.score = -INF;
                    }
                    let v = self.search(sh, 0, depth as i32, alpha, beta, false);
                    // A stable sort keeps the earlier order among equal values.
                    self.root_moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                    if self.aborted {
                        break;
                    }
                    if v <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (v - delta).max(-INF);
                    } else if v >= beta {
                        beta = (v + delta).min(INF);
                    } else {
                        break;
                    }
                    delta += delta;
                    if delta > 30 * pawn {
                        alpha = -INF;
                        beta = INF;
                    }
                }
                if self.aborted {
                    break;
                }
            }
            if self.aborted {
                // Moves that completed this iteration are sorted first; keep the
                // previous iteration's order if none did.
                if self.root_moves[0].score == -INF {
                    self.root_moves
                        .sort_by_key(|rm| std::cmp::Reverse(rm.previous));
                }
                break;
            }
            if let Some((control, on_info)) = report.as_mut() {
                control.completed = depth;
                if control.finish_iteration(self, sh, depth, &mut **on_info) {
                    break;
                }
            } else if sh.done.load(Ordering::Relaxed) {
                break;
            }
        }
        if report.is_some() && self.aborted && self.root_moves[0].score == -INF {
            for rm in &mut self.root_moves {
                rm.score = rm.previous;
            }
        }
    }

    fn sign(&self, sh: &Shared) -> Value {
        if self.pos.turn() == sh.root {
            1
        } else {
            -1
        }
    }

    /// Counts a node; says whether the search must stop.
    #[inline]
    fn tick(&mut self, sh: &Shared) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if sh.threads == 1 && self.nodes > sh.node_limit {
            self.aborted = true;
        }
        if self.nodes % POLL == 0 {
            let total = sh
                .total_nodes
                .fetch_add(self.nodes - self.reported, Ordering::Relaxed)
                + (self.nodes - self.reported);
            self.reported = self.nodes;
            if sh.threads > 1 && total > sh.node_limit {
                self.aborted = true;
            }
            let late = sh.deadline.is_some_and(|d| Instant::now() >= d);
            if late || sh.stop.is_stopped() {
                self.aborted = true;
                self.stopped = true;
            }
            if self.id > 0 && sh.done.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The value of a node where the game has decided the root seat's result, from
    /// the mover's side, if it has.
    fn decided(&self, sh: &Shared, ply: usize) -> Option<Value> {
        let in_game = self.pos.seats_in_game();
        let root_relative = if let SeatState::Out(score) = self.pos.seat_state(sh.root) {
            sh.scale.fallen(score, ply)
        } else if in_game.len() <= 1 {
            sh.scale.won(ply)
        } else {
            return None;
        };
        Some(self.sign(sh) * root_relative)
    }

    /// Whether the position repeats one of the line or of the game (no null move
    /// between, which would make it another game's position).
    fn repeats(&self, sh: &Shared, ply: usize) -> bool {
        let key = self.stack[ply].key;
        for i in (0..ply).rev() {
            if self.stack[i].key == key {
                return true;
            }
            if self.stack[i].null {
                return false;
            }
        }
        sh.is_game_key(key)
    }

    /// A repetition draw from the mover's side.
    fn draw_value(&self, sh: &Shared) -> Value {
        let k = self.pos.seats_in_game().len() as i32;
        let milli = if self.pos.ruleset() == Ruleset::Shogi {
            500
        } else {
            (3 - (k - 1)) * 1000
        };
        self.sign(sh) * sh.scale.exact(milli)
    }

    /// The static evaluation from the mover's side.
    fn evaluate(&mut self, sh: &Shared) -> Value {
        let raw = eval::search_raw(&self.pos, sh.root, sh.config.seed, sh.config.noise);
        self.sign(sh) * sh.scale.of_eval(raw)
    }

    /// Searches the position after a move or null move, from the side of the seat
    /// that made it (whose side had `sign`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child(
        &mut self,
        sh: &Shared,
        ply: usize,
        depth: i32,
        alpha: Value,
        beta: Value,
        cut: bool,
        sign: Value,
    ) -> Value {
        let same = self.sign(sh) == sign;
        match (depth <= 0, same) {
            (true, true) => self.quiesce(sh, ply + 1, 0, alpha, beta),
            (true, false) => -self.quiesce(sh, ply + 1, 0, -beta, -alpha),
            (false, true) => self.search(sh, ply + 1, depth, alpha, beta, cut),
            (false, false) => -self.search(sh, ply + 1, depth, -beta, -alpha, !cut),
        }
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// The full-width search of the node at `ply`, from the mover's side.
    fn search(
        &mut self,
        sh: &Shared,
        ply: usize,
        mut depth: i32,
        mut alpha: Value,
        mut beta: Value,
        cut_node: bool,
    ) -> Value {
        if depth <= 0 {
            return self.quiesce(sh, ply, 0, alpha, beta);
        }
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        let scale = sh.scale;
        let pawn = scale.pawn();
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);
        let key = self.pos.key();
        self.stack[ply].key = key;
        if !root {
            if self.tick(sh) {
                return 0;
            }
            if let Some(v) = self.decided(sh, ply) {
                return v;
            }
            if self.repeats(sh, ply) {
                return self.draw_value(sh);
            }
            if ply >= MAX_PLY - MAX_QPLY - 2 {
                return self.evaluate(sh);
            }
            if !scale.is_yono() {
                // Mate-distance pruning: no line from here beats a mate already found
                // nearer the root.
                alpha = alpha.max(scale.mated(ply));
                beta = beta.min(-scale.mated(ply + 1));
                if alpha >= beta {
                    return alpha;
                }
            }
        }
        let sign = self.sign(sh);
        let in_check = self.pos.is_check();
        if in_check && sh.features.check_extension && (ply as i32) < 2 * self.root_depth {
            depth += 1;
        }

        // The table.
        let hit = sh.tt.probe(key, &sh.step);
        let tt_move = hit.and_then(|h| h.mv).and_then(Move::from_code);
        let tt_value = hit.map(|h| scale.read_tt(h.value, ply, sign));
        if let (Some(h), Some(v)) = (hit, tt_value) {
            if !pv_node && h.depth >= depth {
                let usable = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    return v;
                }
            }
        }

        // The static evaluation (none in check: the position is not quiet).
        let eval = if in_check {
            None
        } else {
            Some(match hit.and_then(|h| h.eval) {
                Some(e) => e,
                None => self.evaluate(sh),
            })
        };
        self.stack[ply].eval = eval;
        let period = self.pos.seats_in_game().len();
        let improving = match eval {
            Some(e) if ply >= period => self.stack[ply - period].eval.map_or(true, |old| e > old),
            _ => false,
        };
        self.stack[ply + 1].killers = [NO_MOVE; 2];
        if ply + 2 < self.stack.len() {
            self.stack[ply + 2].killers = [NO_MOVE; 2];
        }

        if let (false, false, Some(eval)) = (pv_node, in_check, eval) {
            // Reverse futility: far above beta, the seat to move keeps it.
            if sh.features.reverse_futility
                && depth <= 8
                && !scale.is_extreme(beta)
                && eval - pawn * (depth - improving as i32) * 9 / 10 >= beta
            {
                return eval;
            }
            // Razoring: far below alpha, only captures can help.
            if sh.features.razoring && depth <= 3 && eval + pawn * (3 + 2 * depth * depth) < alpha {
                let v = self.quiesce(sh, ply, 0, alpha, alpha + 1);
                if v <= alpha {
                    return v;
                }
            }
            // Null move: the seat to move lets the next seat move. If that still
            // fails high, a real move will too.
            if sh.features.null_move
                && depth >= 3
                && eval >= beta
                && !self.stack[ply.saturating_sub(1)].null
                && !scale.is_extreme(beta)
            {
                let r = 3 + depth / 3 + ((eval - beta) / pawn).min(3);
                let (undo, fallen) = self.pos.null_move();
                if fallen.is_empty() {
                    self.stack[ply].null = true;
                    self.stack[ply].piece_to = None;
                    let v = self.child(sh, ply, depth - r, beta - 1, beta, !cut_node, sign);
                    self.stack[ply].null = false;
                    self.pos.undo_move(Move::Pass, undo);
                    if self.aborted {
                        return 0;
                    }
                    if v >= beta {
                        return if scale.is_extreme(v) { eval } else { v };
                    }
                } else {
                    self.pos.undo_move(Move::Pass, undo);
                }
            }
        }
        // Internal iterative reduction: no table move where one is expected means
        // the node was not searched before; search it shallower first.
        if sh.features.iir && depth >= 4 && tt_move.is_none() && (pv_node || cut_node) {
            depth -= 1;
        }

        let seat = self.pos.turn().index();
        let prev1 = if ply >= 1 {
            self.stack[ply - 1].piece_to
        } else {
            None
        };
        let prev2 = if ply >= 2 {
            self.stack[ply - 2].piece_to
        } else {
            None
        };
        let side = see::side_of_mover(&self.pos, sh.root);
        let ctx = Context {
            seat,
            side,
            cont1: prev1,
            cont2: prev2,
        };
        let counter = prev1.map_or(NO_MOVE, |p| self.hist.counter[seat * PIECE_TO + p]);
        let mut picker = std::mem::take(&mut self.pickers[ply]);
        picker.start(
            &self.pos,
            tt_move,
            self.stack[ply].killers,
            counter,
            in_check,
        );

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move: Option<Move> = None;
        let mut move_count = 0usize;
        let mut quiets: [Option<(Move, Option<usize>)>; 32] = [None; 32];
        let mut quiet_count = 0;
        let mut root_index = self.pv_index;
        let lmr = lmr_table();
        loop {
            let picked = if root {
                let Some(rm) = self.root_moves.get(root_index) else {
                    break;
                };
                root_index += 1;
                movepick::Picked {
                    mv: rm.mv,
                    origin: Origin::Table,
                    noisy: movepick::is_noisy(&self.pos, rm.mv),
                    history: 0,
                }
            } else {
                match picker.next(&self.pos, &self.hist, &ctx) {
                    Some(p) => p,
                    None => break,
                }
            };
            let mv = picked.mv;
            move_count += 1;
            let quiet = !picked.noisy;
            let reduction = lmr[(depth as usize).min(63)][move_count.min(63)] as i32;

            // Shallow-depth pruning, once a move that does not lose is in hand.
            if !root && best > -scale.max_eval() && !in_check {
                let lmr_depth = (depth - 1 - reduction).max(0);
                if quiet {
                    if sh.features.late_move_pruning
                        && move_count as i32 >= (3 + depth * depth) / (2 - improving as i32)
                    {
                        picker.skip_quiets();
                        if picked.origin == Origin::Quiet {
                            continue;
                        }
                    }
                    if sh.features.futility
                        && lmr_depth <= 6
                        && eval.is_some_and(|e| e + pawn * (1 + 2 * lmr_depth) <= alpha)
                    {
                        picker.skip_quiets();
                        continue;
                    }
                    if sh.features.history_pruning
                        && lmr_depth <= 3
                        && picked.history < -4000 * depth
                    {
                        continue;
                    }
                    if sh.features.see_pruning
                        && !see::see_ge(&self.pos, mv, -30 * lmr_depth * lmr_depth, side)
                    {
                        continue;
                    }
                } else if sh.features.see_pruning
                    && depth <= 8
                    && !see::see_ge(&self.pos, mv, -120 * depth, side)
                {
                    continue;
                }
            }

            let piece_to = movepick::piece_to(&self.pos, mv);
            self.stack[ply].piece_to = piece_to;
            self.stack[ply].null = false;
            let nodes_before = self.nodes;
            let (undo, _) = self.pos.do_move(mv);
            let new_depth = depth - 1;
            let mut v;
            if move_count == 1 && pv_node {
                v = self.child(sh, ply, new_depth, alpha, beta, false, sign);
            } else {
                let mut searched_full = false;
                v = -INF;
                if sh.features.lmr
                    && depth >= 2
                    && move_count > 1 + pv_node as usize
                    && (quiet || picked.origin == Origin::BadNoisy)
                {
                    let mut r = reduction;
                    r += !pv_node as i32;
                    r += cut_node as i32;
                    r += !improving as i32;
                    r -= (picked.origin == Origin::Refutation) as i32;
                    r -= picked.history / 8000;
                    let d = (new_depth - r.max(0)).clamp(1, new_depth);
                    v = self.child(sh, ply, d, alpha, alpha + 1, true, sign);
                    searched_full = d >= new_depth;
                }
                if !searched_full && (v == -INF || v > alpha) {
                    v = self.child(sh, ply, new_depth, alpha, alpha + 1, !cut_node, sign);
                }
                if pv_node && v > alpha && (root || v < beta) {
                    v = self.child(sh, ply, new_depth, alpha, beta, false, sign);
                }
            }
            self.pos.undo_move(mv, undo);
            if self.aborted {
                self.pickers[ply] = picker;
                return 0;
            }
            let _ = nodes_before;
            if root {
                let i = root_index - 1;
                if move_count == 1 || v > alpha {
                    let rm = &mut self.root_moves[i];
                    rm.score = v;
                    let len = self.pv_len[ply + 1].max(ply + 1);
                    rm.pv.clear();
                    rm.pv.push(mv);
                    rm.pv.extend_from_slice(&self.pv[ply + 1][ply + 1..len]);
                }
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if v >= beta {
                        if quiet {
                            self.reward_quiet(
                                ply,
                                seat,
                                mv,
                                piece_to,
                                prev1,
                                prev2,
                                depth,
                                &quiets[..quiet_count],
                            );
                        }
                        break;
                    }
                    alpha = v;
                }
            }
            if quiet && quiet_count < quiets.len() && Some(mv) != best_move {
                quiets[quiet_count] = Some((mv, piece_to));
                quiet_count += 1;
            }
        }
        self.pickers[ply] = picker;

        if move_count == 0 {
            // No legal move: in Shogi the seat to move has lost (Yo[n]o always has a
            // move, `pass` at least, while the game goes on).
            return if scale.is_yono() {
                self.draw_value(sh)
            } else {
                scale.mated(ply)
            };
        }
        if best == -INF {
            // Every move was pruned away (cannot happen before one is searched).
            return alpha;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !(root && self.pv_index > 0) {
            sh.tt.store(
                key,
                best_move.map(Move::code),
                scale.for_tt(best, ply, sign),
                eval,
                depth,
                bound,
                &sh.step,
            );
        }
        best
    }

    /// Rewards the quiet move that caused a cutoff and punishes the quiet moves
    /// tried before it.
    #[allow(clippy::too_many_arguments)]
    fn reward_quiet(
        &mut self,
        ply: usize,
        seat: usize,
        mv: Move,
        piece_to: Option<usize>,
        prev1: Option<usize>,
        prev2: Option<usize>,
        depth: i32,
        tried: &[Option<(Move, Option<usize>)>],
    ) {
        let k = &mut self.stack[ply].killers;
        let code = mv.code();
        if k[0] != code {
            k[1] = k[0];
            k[0] = code;
        }
        if let Some(p) = prev1 {
            self.hist.counter[seat * PIECE_TO + p] = code;
        }
        let bonus = (300 * depth - 250).min(2500);
        let h = &mut self.hist;
        let mut apply = |m: Move, pt: Option<usize>, b: i32| {
            movepick::update(&mut h.main[Histories::main_index(seat, m)], b);
            if let Some(pt) = pt {
                if let Some(p) = prev1 {
                    movepick::update(&mut h.cont1[p * PIECE_TO + pt], b);
                }
                if let Some(p) = prev2 {
                    movepick::update(&mut h.cont2[p * PIECE_TO + pt], b);
                }
            }
        };
        apply(mv, piece_to, bonus);
        for &(m, pt) in tried.iter().flatten() {
            apply(m, pt, -bonus);
        }
    }

    /// Below the horizon: the seat to move may stand on the static value or
    /// capture (good captures only); a seat in check must answer it (a King left
    /// threatened falls the instant the threatening seat is about to move).
    fn quiesce(
        &mut self,
        sh: &Shared,
        ply: usize,
        qply: usize,
        mut alpha: Value,
        beta: Value,
    ) -> Value {
        let scale = sh.scale;
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);
        if self.tick(sh) {
            return 0;
        }
        if let Some(v) = self.decided(sh, ply) {
            return v;
        }
        let key = self.pos.key();
        self.stack[ply].key = key;
        let pv_node = beta - alpha > 1;
        let sign = self.sign(sh);
        let in_check = qply < MAX_QPLY && ply < MAX_PLY - 1 && self.pos.is_check();
        let hit = sh.tt.probe(key, &sh.step);
        if let Some(h) = hit {
            let v = scale.read_tt(h.value, ply, sign);
            if !pv_node {
                let usable = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if usable {
                    return v;
                }
            }
        }
        let mut best = -INF;
        let mut eval = None;
        if !in_check {
            let stand = match hit.and_then(|h| h.eval) {
                Some(e) => e,
                None => self.evaluate(sh),
            };
            eval = Some(stand);
            if stand >= beta || qply >= MAX_QPLY || ply >= MAX_PLY - 1 {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let tt_move = hit.and_then(|h| h.mv).and_then(Move::from_code);
        let mut picker = std::mem::take(&mut self.pickers[ply]);
        picker.start_quiescence(&self.pos, tt_move, in_check);
        let ctx = Context {
            seat: self.pos.turn().index(),
            side: see::side_of_mover(&self.pos, sh.root),
            cont1: if ply >= 1 {
                self.stack[ply - 1].piece_to
            } else {
                None
            },
            cont2: None,
        };
        let alpha0 = alpha;
        let mut best_move = None;
        let mut moves = 0;
        while let Some(picked) = picker.next(&self.pos, &self.hist, &ctx) {
            if !in_check && picked.origin == Origin::BadNoisy && sh.features.see_pruning {
                break;
            }
            let mv = picked.mv;
            moves += 1;
            self.stack[ply].piece_to = movepick::piece_to(&self.pos, mv);
            self.stack[ply].null = false;
            let (undo, _) = self.pos.do_move(mv);
            let v = if self.sign(sh) == sign {
                self.quiesce(sh, ply + 1, qply + 1, alpha, beta)
            } else {
                -self.quiesce(sh, ply + 1, qply + 1, -beta, -alpha)
            };
            self.pos.undo_move(mv, undo);
            if self.aborted {
                self.pickers[ply] = picker;
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if v >= beta {
                        break;
                    }
                    alpha = v;
                }
            }
        }
        self.pickers[ply] = picker;
        if in_check && moves == 0 {
            return if scale.is_yono() {
                self.draw_value(sh)
            } else {
                scale.mated(ply)
            };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if pv_node && best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        sh.tt.store(
            key,
            best_move.map(Move::code),
            scale.for_tt(best, ply, sign),
            eval,
            0,
            bound,
            &sh.step,
        );
        best
    }
}

impl Control {
    /// After a completed iteration: reports it and says whether to stop.
    fn finish_iteration(
        &mut self,
        w: &Worker,
        sh: &Shared,
        depth: u32,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> bool {
        let time = self.started.elapsed();
        let nodes = sh.total_nodes.load(Ordering::Relaxed) + (w.nodes - w.reported);
        let nodes = if sh.threads == 1 { w.nodes } else { nodes };
        self.lines.clear();
        for (i, rm) in w.root_moves.iter().take(self.multipv).enumerate() {
            let pv = if rm.pv.is_empty() {
                vec![rm.mv]
            } else {
                rm.pv.clone()
            };
            let info = SearchInfo {
                depth,
                seldepth: w.seldepth as u32,
                nodes,
                nps: nps(nodes, time),
                time,
                hashfull: sh.tt.hashfull(),
                multipv: i as u32 + 1,
                scores: line_eval(&w.pos, &pv, sh.config),
                pv,
                score: sh.scale.points(rm.score),
                mate: sh.scale.mate_distance(rm.score),
            };
            on_info(&info);
            self.lines.push(info);
        }
        let best = &w.root_moves[0];
        if self.last_best == Some(best.mv) {
            self.stable += 1;
        } else {
            self.stable = 0;
        }
        let falling = self
            .last_score
            .is_some_and(|old| best.score < old - sh.scale.pawn() / 2);
        self.last_best = Some(best.mv);
        self.last_score = Some(best.score);
        if depth >= self.max_depth || (sh.threads == 1 && w.nodes >= sh.node_limit) {
            return true;
        }
        if sh.threads > 1 && nodes >= sh.node_limit {
            return true;
        }
        if let Some(moves) = self.limits.mate {
            if let Some(d) = sh.scale.mate_distance(best.score) {
                let seats = w.pos.seats_in_game().len() as i32;
                if d > 0 && d <= (moves as i32 - 1) * seats + 1 {
                    return true;
                }
            }
        }
        let Some(soft) = self.plan.soft else {
            return false;
        };
        if self.limits.time.is_some() {
            // A fixed move time is used whole (the hard limit ends it).
            return false;
        }
        if self.single_reply {
            return true;
        }
        // A stable best move needs less time, a changing or falling one more.
        let mut scale = match self.stable {
            0 => 1.4,
            1 => 1.1,
            2 => 0.9,
            _ => 0.7,
        };
        if falling {
            scale *= 1.3;
        }
        time.as_secs_f64() >= soft.as_secs_f64() * scale
    }
}

/// The keys of the game's positions before its current one.
fn history_keys(game: &Game) -> Vec<u64> {
    let mut pos = game.start().clone();
    let mut keys = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        keys.push(pos.key());
        pos.play_unchecked(mv);
    }
    keys
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1) as u64;
    nodes.saturating_mul(1_000_000) / micros
}

/// The per-seat expected scores at the end of `pv` played from `pos`.
fn line_eval(pos: &Position, pv: &[Move], config: EngineConfig) -> [Option<f64>; 4] {
    let mut p = pos.clone();
    for &mv in pv {
        if !p.is_legal(mv) {
            break;
        }
        p.play_unchecked(mv);
    }
    let no_moves = p.seats_in_game().len() > 1 && p.legal_moves().is_empty();
    let values = eval::terminal(&p, no_moves)
        .unwrap_or_else(|| eval::evaluate(&p, config.seed, config.noise));
    let seats = pos.ruleset().seats();
    Seat::ALL.map(|s| {
        seats
            .contains(s)
            .then(|| values[s.index()] as f64 / eval::POINT as f64)
    })
}
