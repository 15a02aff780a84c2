//! Lazy SMP: one search's shared state, the helper threads over the shared table,
//! the node count and the stop signals, and the result.

use super::*;

impl Engine {
    pub(super) fn run(
        &mut self,
        pos: &Position,
        game_keys: &[u64],
        game_line: &[(u64, bool)],
        limits: Limits,
        stop: &StopToken,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, SearchError> {
        let started = Instant::now();
        let root_moves = pos.legal_moves();
        if root_moves.is_empty() || pos.seats_in_game().len() <= 1 {
            return Err(SearchError::GameOver);
        }
        // The table and histories of the last search carry over when it searched for
        // the same seat of the same ruleset (its values then mean the same).
        let root = (pos.ruleset(), pos.turn());
        let keep = self.last_root == Some(root);
        self.last_root = Some(root);
        self.tt.new_search(keep);
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
            mode: if pos.ruleset() == Ruleset::Yono {
                self.config.mode
            } else {
                SearchMode::Paranoid
            },
            root: pos.turn(),
            scale,
            step: EvalStep(if scale.is_yono() {
                crate::score::YONO_UNIT * 8
            } else {
                1
            }),
            game_keys,
            game_line,
            node_limit: limits.nodes.unwrap_or(u64::MAX).max(1),
            deadline: plan.hard.map(|t| started + t),
            threads,
            two_seats: pos.seats_in_game().len() == 2,
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let multipv = self.config.multipv.clamp(1, root_moves.len());
        for w in self.workers.iter_mut() {
            w.prepare(pos, &root_moves, keep);
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

impl Worker {
    /// Counts a node; says whether the search must stop.
    #[inline]
    pub(super) fn tick(&mut self, sh: &Shared) -> bool {
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
}
