//! Paranoid alpha-beta with iterative deepening, a transposition table, move ordering
//! and a quiescence search that knows this game's checkmate rule (docs/ENGINE.md).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use yono::{Game, Move, MoveList, Position, Seat};

use crate::api::{EngineConfig, Limits, SearchError, SearchInfo, SearchResult, StopToken};
use crate::eval::{self, captured, piece_value, POINT};
use crate::step;
use crate::time::TimePlan;

/// The deepest the search goes, extensions and quiescence included.
const MAX_PLY: usize = 96;
/// Full-width iterations stop here even without another limit.
pub const MAX_DEPTH: u32 = 64;
/// Quiescence plies (captures; check evasions) below the full-width horizon.
const MAX_QPLY: usize = 8;
/// Above every value (values are milli-points, 0..=3000).
const INF: i32 = 1_000_000;
/// How often (in nodes) the clock and the stop flag are read.
const POLL: u64 = 1024;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: i32,
    mv: u16,
    depth: i8,
    bound: u8,
    generation: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;
const NO_MOVE: u16 = 0xFFFE;

/// A search engine: its transposition table, move-ordering tables and stop flag.
/// Searches are independent (the tables are reset logically between searches), so
/// results depend only on the config, the position and the limits.
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
    tt: Vec<Entry>,
    generation: u8,
    history: Vec<i32>,
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

impl Engine {
    /// An engine with `config`.
    pub fn new(config: EngineConfig) -> Engine {
        let bytes = config.hash_mb.max(1) << 20;
        let entries = (bytes / std::mem::size_of::<Entry>()).next_power_of_two() / 2;
        let entries = entries.max(1024);
        Engine {
            config,
            tt: vec![Entry::default(); entries],
            generation: 0,
            history: vec![0; 4 << 16],
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
    pub fn search(&mut self, pos: &Position, limits: Limits) -> Result<SearchResult, SearchError> {
        self.stop.store(false, Ordering::Relaxed);
        let stop = StopToken::from_flag(Arc::clone(&self.stop));
        self.run(pos, Vec::new(), limits, &stop, &mut |_| {})
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
        self.run(game.position(), history_keys(game), limits, stop, on_info)
    }

    fn run(
        &mut self,
        pos: &Position,
        history: Vec<u64>,
        limits: Limits,
        stop: &StopToken,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, SearchError> {
        let started = Instant::now();
        let root_moves = pos.legal_moves();
        if root_moves.is_empty() || pos.seats_in_game().len() <= 1 {
            return Err(SearchError::GameOver);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Entries of 256 searches ago would look current again.
            self.tt.fill(Entry::default());
            self.generation = 1;
        }
        self.history.fill(0);
        let plan = TimePlan::new(&limits, pos.turn().index());
        let mut s = Searcher {
            config: self.config,
            tt: &mut self.tt,
            generation: self.generation,
            history: &mut self.history,
            killers: [[NO_MOVE; 2]; MAX_PLY + 1],
            pv: vec![[Move::Pass; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            path: Vec::with_capacity(MAX_PLY + 1),
            game_keys: history,
            root: pos.turn(),
            nodes: 0,
            seldepth: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX).max(1),
            deadline: plan.hard.map(|t| started + t),
            stop,
            aborted: false,
            stopped: false,
            root_best: None,
        };
        s.game_keys.sort_unstable();
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let win = pos.ruleset().max_score() as i32 * POINT;
        let mut best: Option<(Move, Vec<Move>, i32)> = None;
        let mut completed = 0;
        let mut lines = Vec::new();
        if stop.is_stopped() {
            s.stopped = true;
        }
        for depth in 1..=max_depth {
            if s.stopped {
                break;
            }
            s.root_best = None;
            let value = s.search(pos, depth as i32, 0, -INF, INF);
            let line: Vec<Move> = s.pv[0][..s.pv_len[0]].to_vec();
            if s.aborted {
                // The root searches the previous best move first, so a move that
                // completed with a better value in the cut-short iteration is better.
                if let Some((mv, v, pv)) = s.root_best.take() {
                    let better = best.as_ref().map_or(true, |(_, _, old)| v > *old);
                    if better {
                        best = Some((mv, pv, v));
                    }
                }
                break;
            }
            if let Some(&first) = line.first() {
                best = Some((first, line.clone(), value));
            }
            completed = depth;
            let time = started.elapsed();
            let info = SearchInfo {
                depth,
                seldepth: s.seldepth as u32,
                nodes: s.nodes,
                nps: nps(s.nodes, time),
                time,
                hashfull: hashfull(s.tt, s.generation),
                multipv: 1,
                scores: line_eval(pos, &line, self.config),
                pv: line,
                score: value as f64 / POINT as f64,
                mate: None,
            };
            on_info(&info);
            lines = vec![info];
            if s.nodes >= s.node_limit {
                break;
            }
            if limits.mate.is_some() && value >= win {
                break;
            }
            if plan.soft.is_some_and(|soft| started.elapsed() >= soft) {
                break;
            }
        }
        let (best_move, pv, value) = match best {
            Some(b) => b,
            // Cut short before any move finished: the first in the search's order.
            None => {
                let mv = s.ordered(pos, &root_moves, 0, None)[0];
                (mv, vec![mv], eval::evaluate(pos, 0, 0)[pos.turn().index()])
            }
        };
        let eval = line_eval(pos, &pv, self.config);
        let time = started.elapsed();
        if lines.first().map_or(true, |l| l.pv != pv) {
            // The cut-short iteration changed the best move: report that line.
            lines = vec![SearchInfo {
                depth: completed,
                seldepth: s.seldepth as u32,
                nodes: s.nodes,
                nps: nps(s.nodes, time),
                time,
                hashfull: hashfull(s.tt, s.generation),
                multipv: 1,
                pv: pv.clone(),
                score: value as f64 / POINT as f64,
                scores: eval,
                mate: None,
            }];
        }
        Ok(SearchResult {
            best_move,
            pv,
            score: value as f64 / POINT as f64,
            eval,
            depth: completed,
            seldepth: s.seldepth as u32,
            nodes: s.nodes,
            time,
            stopped: s.stopped,
            mate: None,
            lines,
        })
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

/// Permille of a sample of the table holding entries of this search.
fn hashfull(tt: &[Entry], generation: u8) -> u32 {
    let sample = &tt[..tt.len().min(1000)];
    let used = sample
        .iter()
        .filter(|e| e.generation == generation && e.bound != 0)
        .count();
    (used * 1000 / sample.len().max(1)) as u32
}

/// The per-seat evaluation at the end of `pv` played from `pos`.
fn line_eval(pos: &Position, pv: &[Move], config: EngineConfig) -> [Option<f64>; 4] {
    let mut p = pos.clone();
    for &mv in pv {
        if !p.is_legal(mv) {
            break;
        }
        p = step::child(&p, mv);
    }
    let no_moves = p.seats_in_game().len() > 1 && p.legal_moves().is_empty();
    let values = eval::terminal(&p, no_moves)
        .unwrap_or_else(|| eval::evaluate(&p, config.seed, config.noise));
    let seats = pos.ruleset().seats();
    Seat::ALL.map(|s| {
        seats
            .contains(s)
            .then(|| values[s.index()] as f64 / POINT as f64)
    })
}

struct Searcher<'a> {
    config: EngineConfig,
    tt: &'a mut [Entry],
    generation: u8,
    history: &'a mut [i32],
    killers: [[u16; 2]; MAX_PLY + 1],
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    path: Vec<u64>,
    /// The keys of the game's positions before the root, sorted.
    game_keys: Vec<u64>,
    root: Seat,
    nodes: u64,
    seldepth: usize,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: &'a StopToken,
    aborted: bool,
    stopped: bool,
    /// The best root move that completed in the current iteration, its value and line.
    root_best: Option<(Move, i32, Vec<Move>)>,
}

impl Searcher<'_> {
    /// Counts a node; says whether the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.aborted = true;
        } else if self.nodes % POLL == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            if late || self.stop.is_stopped() {
                self.aborted = true;
                self.stopped = true;
            }
        }
        self.aborted
    }

    fn value_of(&self, values: &[i32; 4]) -> i32 {
        values[self.root.index()]
    }

    fn static_value(&self, pos: &Position) -> i32 {
        self.value_of(&eval::evaluate(pos, self.config.seed, self.config.noise))
    }

    /// The full-width search. Values are the root seat's expected score; the root seat
    /// maximises, every other seat minimises (the paranoid assumption).
    fn search(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);
        if self.tick() {
            return 0;
        }
        if let Some(done) = eval::terminal(pos, false) {
            return self.value_of(&done);
        }
        let key = pos.key();
        if ply > 0 && (self.path.contains(&key) || self.game_keys.binary_search(&key).is_ok()) {
            return self.value_of(&eval::draw(pos));
        }
        let in_check = pos.is_check();
        let depth = if in_check && ply + (depth.max(0) as usize) < MAX_PLY / 2 {
            depth + 1
        } else {
            depth
        };
        if depth <= 0 || ply >= MAX_PLY - MAX_QPLY - 1 {
            return self.quiesce(pos, ply, 0, alpha, beta);
        }
        let slot = (key as usize) & (self.tt.len() - 1);
        let entry = self.tt[slot];
        let mut tt_move = None;
        if entry.key == key && entry.generation == self.generation {
            tt_move = Move::from_code(entry.mv).filter(|_| entry.mv != NO_MOVE);
            if ply > 0 && entry.depth as i32 >= depth {
                let v = entry.value;
                let usable = match entry.bound {
                    EXACT => true,
                    LOWER => v >= beta,
                    UPPER => v <= alpha,
                    _ => false,
                };
                if usable {
                    return v;
                }
            }
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return self.value_of(&eval::terminal(pos, true).unwrap_or_else(|| eval::draw(pos)));
        }
        let maximizing = pos.turn() == self.root;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximizing { -INF } else { INF };
        let mut best_move = None;
        let ordered = self.ordered(pos, &moves, ply, tt_move);
        self.path.push(key);
        for &mv in &ordered {
            let child = step::child(pos, mv);
            let v = self.search(&child, depth - 1, ply + 1, alpha, beta);
            if self.aborted {
                self.path.pop();
                return 0;
            }
            let improves = if maximizing { v > best } else { v < best };
            if improves {
                best = v;
                best_move = Some(mv);
                self.pv[ply][ply] = mv;
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                let child_len = self.pv_len[ply + 1].max(ply + 1);
                head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
                self.pv_len[ply] = child_len;
                if ply == 0 {
                    self.root_best = Some((mv, v, self.pv[0][..child_len].to_vec()));
                }
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                if captured(pos, mv).is_none() {
                    let code = mv.code();
                    let k = &mut self.killers[ply];
                    if k[0] != code {
                        k[1] = k[0];
                        k[0] = code;
                    }
                    let h = &mut self.history[(pos.turn().index() << 16) | code as usize];
                    *h = (*h + depth * depth).min(1 << 20);
                }
                break;
            }
        }
        self.path.pop();
        let bound = if best <= alpha0 {
            UPPER
        } else if best >= beta0 {
            LOWER
        } else {
            EXACT
        };
        self.tt[slot] = Entry {
            key,
            value: best,
            mv: best_move.map_or(NO_MOVE, Move::code),
            depth: depth.min(i8::MAX as i32) as i8,
            bound,
            generation: self.generation,
        };
        best
    }

    /// Below the horizon: the seat to move may stand on the static value or capture;
    /// a seat in check must answer it (a King left threatened falls the instant the
    /// threatening seat is about to move, so this cannot be cut off).
    fn quiesce(
        &mut self,
        pos: &Position,
        ply: usize,
        qply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);
        if ply > 0 && qply > 0 && self.tick() {
            return 0;
        }
        if let Some(done) = eval::terminal(pos, false) {
            return self.value_of(&done);
        }
        let maximizing = pos.turn() == self.root;
        let in_check = qply < MAX_QPLY && ply < MAX_PLY - 1 && pos.is_check();
        let mut best = if maximizing { -INF } else { INF };
        if !in_check {
            let stand = self.static_value(pos);
            if qply >= MAX_QPLY || ply >= MAX_PLY - 1 {
                return stand;
            }
            best = stand;
            if maximizing {
                if stand >= beta {
                    return stand;
                }
                alpha = alpha.max(stand);
            } else {
                if stand <= alpha {
                    return stand;
                }
                beta = beta.min(stand);
            }
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return self.value_of(&eval::terminal(pos, true).unwrap_or_else(|| eval::draw(pos)));
        }
        let mut list: Vec<(i32, Move)> = moves
            .iter()
            .filter_map(|&mv| {
                let victim = captured(pos, mv);
                if !in_check && victim.is_none() {
                    return None;
                }
                let gain = victim.map_or(0, |k| 16 * piece_value(k) + 10_000);
                let attacker = match mv {
                    Move::Board { from, .. } => {
                        pos.piece_at(from).map_or(0, |p| piece_value(p.kind))
                    }
                    _ => 0,
                };
                Some((gain - attacker / 16, mv))
            })
            .collect();
        list.sort_by_key(|e| std::cmp::Reverse(e.0));
        for (_, mv) in list {
            let child = step::child(pos, mv);
            let v = self.quiesce(&child, ply + 1, qply + 1, alpha, beta);
            if self.aborted {
                return 0;
            }
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The moves in search order: the table move, captures (most valuable victim
    /// first, cheapest attacker first), promotions, killers, then by history.
    fn ordered(
        &self,
        pos: &Position,
        moves: &MoveList,
        ply: usize,
        tt_move: Option<Move>,
    ) -> Vec<Move> {
        let seat = pos.turn().index();
        let killers = self.killers[ply.min(MAX_PLY)];
        let mut scored: Vec<(i32, Move)> = moves
            .iter()
            .map(|&mv| {
                let code = mv.code();
                let score = if Some(mv) == tt_move {
                    1 << 30
                } else if let Some(victim) = captured(pos, mv) {
                    let attacker = match mv {
                        Move::Board { from, .. } => {
                            pos.piece_at(from).map_or(0, |p| piece_value(p.kind))
                        }
                        _ => 0,
                    };
                    (1 << 26) + 64 * piece_value(victim) - attacker / 8
                } else if matches!(mv, Move::Board { promote: true, .. }) {
                    1 << 25
                } else if code == killers[0] {
                    (1 << 24) + 1
                } else if code == killers[1] {
                    1 << 24
                } else {
                    self.history[(seat << 16) | code as usize]
                };
                (score, mv)
            })
            .collect();
        // A stable sort keeps the generator's order among equals: deterministic.
        scored.sort_by_key(|e| std::cmp::Reverse(e.0));
        scored.into_iter().map(|(_, mv)| mv).collect()
    }
}
