//! Iterative deepening with aspiration windows at the root, MultiPV, and the main
//! thread's control after each iteration (limits, stability, reports).

use super::*;

impl Worker {
    pub(super) fn prepare(&mut self, pos: &Position, moves: &yono::MoveList, keep: bool) {
        self.pos = pos.clone();
        if !keep {
            self.hist.clear();
        }
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
    pub(super) fn iterate(
        &mut self,
        sh: &Shared,
        max_depth: u32,
        multipv: usize,
        mut report: Reporter,
    ) {
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
                // The lines so far best first: a later line's search may find more
                // than an earlier one's did (Stockfish sorts them the same way).
                self.root_moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
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
}

impl Control {
    /// After a completed iteration: reports it and says whether to stop.
    pub(super) fn finish_iteration(
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

pub(super) fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1) as u64;
    nodes.saturating_mul(1_000_000) / micros
}

/// The per-seat expected scores at the end of `pv` played from `pos`.
pub(super) fn line_eval(pos: &Position, pv: &[Move], config: EngineConfig) -> [Option<f64>; 4] {
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
