//! The full-width alpha-beta node (principal variation search with the selective
//! search: null move, late-move reductions and pruning, futility, razoring, SEE
//! pruning, check extension, internal iterative reduction) and its helpers.

use super::*;

/// Late-move reduction in plies, by depth and move number (both capped at 63).
pub(super) fn lmr_table() -> &'static [[u8; 64]; 64] {
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

/// Depth left after a late-move reduction of `reduction` plies: what the shallow
/// pruning rules below judge a quiet move by.
#[inline(always)]
pub(super) fn reduced_depth(depth: i32, reduction: i32) -> i32 {
    (depth - 1 - reduction).max(0)
}

/// Late-move pruning: after this many moves of a node of `depth`, its quiet moves
/// are skipped.
#[inline(always)]
pub(super) fn late_move_limit(depth: i32, improving: bool) -> i32 {
    (3 + depth * depth) / (2 - improving as i32)
}

/// Futility pruning: a quiet move is skipped when the static evaluation `eval`
/// plus a margin for the reduced depth cannot reach `alpha`.
#[inline(always)]
pub(super) fn futile(eval: Value, pawn: Value, lmr_depth: i32, alpha: Value) -> bool {
    lmr_depth <= 6 && eval + pawn * (1 + 2 * lmr_depth) <= alpha
}

/// SEE pruning of quiet moves: the least exchange value a quiet move must keep.
#[inline(always)]
pub(super) fn quiet_see_threshold(lmr_depth: i32) -> i32 {
    -30 * lmr_depth * lmr_depth
}

/// Reverse futility: the side to move keeps `beta` when its static evaluation is
/// that far above it.
#[inline(always)]
pub(super) fn reverse_futile(
    eval: Value,
    pawn: Value,
    depth: i32,
    improving: bool,
    beta: Value,
) -> bool {
    depth <= 8 && eval - pawn * (depth - improving as i32) * 9 / 10 >= beta
}

impl Worker {
    /// The static evaluation from the mover's side, `in_check` telling whether the
    /// mover is in check.
    pub(super) fn evaluate(&mut self, sh: &Shared, ply: usize, in_check: bool) -> Value {
        let key = self.pos.key();
        let raw = match self.evals.get(key, sh.root) {
            Some(raw) => {
                debug_assert_eq!(raw, self.evaluate_raw(sh, ply, in_check));
                raw
            }
            None => {
                let raw = self.evaluate_raw(sh, ply, in_check);
                self.evals.put(key, sh.root, raw);
                raw
            }
        };
        self.sign(sh) * sh.scale.of_eval(raw)
    }

    /// The evaluation of the position at `ply` for the root seat, computed.
    fn evaluate_raw(&mut self, sh: &Shared, ply: usize, in_check: bool) -> Value {
        let placement = self.placement(ply);
        eval::search_raw_with(
            &self.pos,
            &placement,
            in_check,
            sh.root,
            sh.config.seed,
            sh.config.noise,
        )
    }

    /// The evaluation's placement terms of the position at `ply`: carried from the
    /// parent by [`Worker::make`], or summed afresh where the line came another way
    /// (the root, a null move).
    #[inline]
    fn placement(&mut self, ply: usize) -> [i32; 4] {
        let key = self.pos.key();
        let frame = &mut self.stack[ply];
        if frame.placement_key != Some(key) {
            frame.placement = eval::placement(&self.pos);
            frame.placement_key = Some(key);
        }
        debug_assert_eq!(
            frame.placement,
            eval::placement(&self.pos),
            "{}",
            self.pos.text()
        );
        frame.placement
    }

    /// Searches the position after a move or null move, from the side of the seat
    /// that made it (whose side had `sign`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn child(
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

    /// The piece-to index of the move made `back` plies before `ply` (None before
    /// the root, or for a null move): the continuation histories' key.
    #[inline]
    pub(super) fn piece_to_before(&self, ply: usize, back: usize) -> Option<usize> {
        ply.checked_sub(back).and_then(|p| self.stack[p].piece_to)
    }

    /// What the move order at `ply` scores quiet moves with: the mover, its side in
    /// exchanges, the previous move, and (`two_back`) the one before it.
    #[inline]
    pub(super) fn context(&self, sh: &Shared, ply: usize, two_back: bool) -> Context {
        Context {
            seat: self.pos.turn().index(),
            side: see::side_of_mover(&self.pos, sh.root),
            cont1: self.piece_to_before(ply, 1),
            cont2: if two_back {
                self.piece_to_before(ply, 2)
            } else {
                None
            },
        }
    }

    /// Starts the staged move order of a node of the other seats' layer (no counter
    /// move, one continuation), taking the picker of `ply` out of the worker: the
    /// caller puts it back.
    pub(super) fn start_reply_order(
        &mut self,
        sh: &Shared,
        ply: usize,
        tt_move: Option<Move>,
    ) -> (Picker, Context) {
        let ctx = self.context(sh, ply, false);
        let mut picker = std::mem::take(&mut self.pickers[ply]);
        let in_check = self.pos.is_check();
        picker.start(
            &self.pos,
            tt_move,
            self.stack[ply].killers,
            NO_MOVE,
            in_check,
        );
        (picker, ctx)
    }

    /// Plays `mv` at `ply`, keeping its piece-to index for the histories of the
    /// plies below, and has the child's table bucket fetched while the child
    /// starts (its probe then finds it in the cache).
    #[inline]
    pub(super) fn make(&mut self, sh: &Shared, ply: usize, mv: Move) -> yono::Undo {
        self.stack[ply].piece_to = movepick::piece_to(&self.pos, mv);
        self.stack[ply].null = false;
        let parent = self.placement(ply);
        let change = eval::placement_change(&self.pos, mv);
        let (undo, fallen) = self.pos.do_move(mv);
        let key = self.pos.key();
        sh.tt.prefetch(key);
        let child = &mut self.stack[ply + 1];
        if fallen.is_empty() {
            for s in 0..4 {
                child.placement[s] = parent[s] + change[s];
            }
            child.placement_key = Some(key);
        } else {
            // A fall removes a seat's pieces: summed afresh when needed.
            child.placement_key = None;
        }
        if sh.two_seats {
            child.made_by = fallen.is_empty().then_some((key, mv));
        }
        undo
    }

    /// Whether the seat to move at `ply` is in check: from the move that made the
    /// position when [`Frame::made_by`] has it (a key from another line means the
    /// same position, made by a move from another position, which tells as much).
    #[inline]
    pub(super) fn in_check_at(&self, ply: usize) -> bool {
        match self.stack[ply].made_by {
            Some((key, mv)) if key == self.pos.key() => {
                let checked = movepick::checked_by_move(&self.pos, mv);
                debug_assert_eq!(checked, self.pos.is_check(), "{mv} {}", self.pos.text());
                checked
            }
            _ => self.pos.is_check(),
        }
    }

    /// The value of a node whose mover has no legal move: in Shogi it has lost; Yo[n]o
    /// always has a move (`pass` at least) while the game goes on, so there it is a
    /// draw.
    pub(super) fn no_move_value(&self, sh: &Shared, ply: usize) -> Value {
        if sh.scale.is_yono() {
            self.draw_value(sh)
        } else {
            sh.scale.mated(ply)
        }
    }

    /// Takes the value `v` of the move `mv` searched at `ply` into the node's best
    /// value and move: a value above alpha makes `mv` the best move, its line the
    /// node's, and raises alpha, unless it reaches beta: then the node is cut off
    /// (`true`, alpha left as it was).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn take_value(
        &mut self,
        ply: usize,
        mv: Move,
        v: Value,
        best: &mut Value,
        best_move: &mut Option<Move>,
        alpha: &mut Value,
        beta: Value,
    ) -> bool {
        if v > *best {
            *best = v;
            if v > *alpha {
                *best_move = Some(mv);
                self.update_pv(ply, mv);
                if v >= beta {
                    return true;
                }
                *alpha = v;
            }
        }
        false
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// Whether the King of a seat other than the mover is threatened. Then no null
    /// move: the fall that threat may bring shows only when the threatening seat is
    /// about to move, which in Yo[n]o lies up to a round of seats ahead, beyond the
    /// null move's reduced horizon.
    pub(super) fn another_king_threatened(&self) -> bool {
        let mover = self.pos.turn();
        let in_game = self.pos.seats_in_game();
        // The seat to move threatens no King (RULES.md §6), so in a game of two the
        // other King is safe.
        in_game.len() > 2
            && in_game
                .iter()
                .any(|s| s != mover && !self.pos.threatened_by(s).is_empty())
    }

    /// The full-width search of the node at `ply`, from the mover's side.
    pub(super) fn search(
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
            self.stack[ply].in_check = self.in_check_at(ply);
            if let Some(v) = self.repetition(sh, ply) {
                return v;
            }
            if ply >= MAX_PLY - MAX_QPLY - 2 {
                return self.evaluate(sh, ply, self.stack[ply].in_check);
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
        self.stack[ply].seat = Some(self.pos.turn());
        if self.is_reply_layer(sh, ply) {
            return self.reply_layer(sh, ply, depth, alpha, beta);
        }
        let sign = self.sign(sh);
        if root {
            self.stack[ply].in_check = self.pos.is_check();
        }
        let in_check = self.stack[ply].in_check;
        if in_check && sh.features.check_extension && (ply as i32) < 2 * self.root_depth {
            depth += 1;
        }

        // The table.
        let hit = sh.tt.probe(key, &sh.step);
        let tt_move = hit.and_then(|h| h.mv).and_then(Move::from_code);
        if let Some(h) = hit {
            let v = scale.read_tt(h.value, ply, sign);
            if !pv_node && h.depth >= depth && h.bound.ends_window(v, alpha, beta) {
                return v;
            }
        }

        // The static evaluation (none in check: the position is not quiet); the
        // table keeps it uncorrected.
        let raw_eval = if in_check {
            None
        } else {
            Some(match hit.and_then(|h| h.eval) {
                Some(e) => e,
                None => self.evaluate(sh, ply, false),
            })
        };
        let eval = raw_eval.map(|e| self.corrected(sh, e));
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
                && !scale.is_extreme(beta)
                && reverse_futile(eval, pawn, depth, improving, beta)
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
                && !self.another_king_threatened()
            {
                let r = 3 + depth / 3 + ((eval - beta) / pawn).min(3);
                let (undo, fallen) = self.pos.null_move();
                if fallen.is_empty() {
                    if sh.two_seats {
                        self.stack[ply + 1].made_by = Some((self.pos.key(), Move::Pass));
                    }
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
        // ProbCut (standard Shogi): a good capture whose reduced search clears a
        // margin above beta would clear beta at full depth.
        let cut_beta = beta + 2 * pawn - (improving as i32) * pawn / 2;
        let probcut_may_cut = sh.features.probcut
            && !pv_node
            && !scale.is_yono()
            && depth >= 5
            && !scale.is_extreme(beta)
            && !hit.is_some_and(|h| {
                h.depth >= depth - 3 && scale.read_tt(h.value, ply, sign) < cut_beta
            });
        if let (true, Some(e)) = (probcut_may_cut, eval) {
            if let Some((mv, v)) = self.probcut(sh, ply, depth, cut_beta, e, tt_move, cut_node) {
                sh.store(
                    key,
                    ply,
                    sign,
                    Some(mv),
                    v,
                    raw_eval,
                    depth - 3,
                    Bound::Lower,
                );
                return v;
            }
            if self.aborted {
                return 0;
            }
        }
        // Internal iterative reduction: no table move where one is expected means
        // the node was not searched before; search it shallower first.
        if sh.features.iir && depth >= 4 && tt_move.is_none() && (pv_node || cut_node) {
            depth -= 1;
        }

        let ctx = self.context(sh, ply, true);
        let (seat, side, prev1, prev2) = (ctx.seat, ctx.side, ctx.cont1, ctx.cont2);
        let counter = prev1.map_or(NO_MOVE, |p| self.hist.counter[seat * PIECE_TO + p]);
        // The node's picker is used in place: nothing below this node uses the
        // picker of its ply (moving it out and back copied it at every node).
        self.pickers[ply].start(
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
        // The quiet moves tried (their piece-to indexes are found again if one is
        // punished: a small array is cheaper to start at every node).
        let mut quiets = [Move::Pass; 32];
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
                match self.pickers[ply].next(&self.pos, &self.hist, &ctx) {
                    Some(p) => p,
                    None => break,
                }
            };
            let mv = picked.mv;
            move_count += 1;
            let quiet = !picked.noisy;
            let reduction = lmr[(depth as usize).min(63)][move_count.min(63)] as i32;

            // Shallow-depth pruning, once a move that does not lose is in hand; never
            // of a move that threatens a King. Whether the move threatens one is asked
            // only where pruning or a reduction could follow (not for a node's first
            // move, which is all a cut node often tries).
            let may_prune = !root && best > -scale.max_eval() && !in_check;
            let may_reduce = sh.features.lmr
                && !root
                && depth >= 2
                && move_count > 1 + pv_node as usize
                && (quiet || picked.origin == Origin::BadNoisy);
            let checks = (may_prune || may_reduce) && self.pickers[ply].gives_check(&self.pos, mv);
            if may_prune && !checks {
                let lmr_depth = reduced_depth(depth, reduction);
                if quiet {
                    if sh.features.late_move_pruning
                        && move_count as i32 >= late_move_limit(depth, improving)
                    {
                        self.pickers[ply].skip_quiets();
                        if picked.origin == Origin::Quiet {
                            continue;
                        }
                    }
                    if sh.features.futility
                        && eval.is_some_and(|e| futile(e, pawn, lmr_depth, alpha))
                    {
                        self.pickers[ply].skip_quiets();
                        continue;
                    }
                    if sh.features.history_pruning
                        && lmr_depth <= 3
                        && picked.history < -4000 * depth
                    {
                        continue;
                    }
                    if sh.features.see_pruning
                        && !see::see_ge(&self.pos, mv, quiet_see_threshold(lmr_depth), side)
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

            let undo = self.make(sh, ply, mv);
            let piece_to = self.stack[ply].piece_to;
            let new_depth = depth - 1;
            let mut v;
            if move_count == 1 && pv_node {
                v = self.child(sh, ply, new_depth, alpha, beta, false, sign);
            } else {
                let mut searched_full = false;
                v = -INF;
                // A move that threatens a King is reduced a ply less, and no move at
                // the root is reduced: in Yo[n]o the fall a threat prepares shows only
                // a round of seats later, beyond a reduced horizon.
                if may_reduce {
                    let mut r = reduction;
                    r += !pv_node as i32;
                    r += cut_node as i32;
                    r += !improving as i32;
                    r -= (picked.origin == Origin::Refutation) as i32;
                    r -= checks as i32;
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
                return 0;
            }
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
            if self.take_value(ply, mv, v, &mut best, &mut best_move, &mut alpha, beta) {
                if quiet {
                    let tried = &quiets[..quiet_count];
                    self.reward_quiet(ply, seat, mv, piece_to, prev1, prev2, depth, tried);
                }
                break;
            }
            if quiet && quiet_count < quiets.len() && Some(mv) != best_move {
                quiets[quiet_count] = mv;
                quiet_count += 1;
            }
        }

        if move_count == 0 {
            return self.no_move_value(sh, ply);
        }
        if best == -INF {
            // Every move was pruned away (cannot happen before one is searched).
            return alpha;
        }
        if !(root && self.pv_index > 0) {
            let bound = Bound::of_result(best, alpha0, beta, pv_node);
            if let (Some(raw), Some(e)) = (raw_eval, eval) {
                let quiet_best = best_move.map_or(true, |m| !movepick::is_noisy(&self.pos, m));
                let informative = match bound {
                    Bound::Lower => best > e,
                    Bound::Upper => best < e,
                    Bound::Exact => true,
                };
                if quiet_best && informative && !scale.is_decided(best) {
                    self.update_correction(sh, raw, best, depth);
                }
            }
            sh.store(key, ply, sign, best_move, best, raw_eval, depth, bound);
        }
        best
    }

    /// ProbCut's captures: each good capture whose exchange alone could reach
    /// `cut_beta` from the evaluation `eval`, checked by quiescence and then searched
    /// four plies shallower against `cut_beta`. The first that holds, with its value.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        sh: &Shared,
        ply: usize,
        depth: i32,
        cut_beta: Value,
        eval: Value,
        tt_move: Option<Move>,
        cut_node: bool,
    ) -> Option<(Move, Value)> {
        let sign = self.sign(sh);
        let ctx = self.context(sh, ply, false);
        let mut picker = std::mem::take(&mut self.pickers[ply]);
        picker.start_quiescence(&self.pos, tt_move, false);
        let threshold = (cut_beta - eval) * 100 / sh.scale.pawn();
        let mut found = None;
        while let Some(picked) = picker.next(&self.pos, &self.hist, &ctx) {
            if picked.origin == Origin::BadNoisy {
                break;
            }
            let mv = picked.mv;
            if !see::see_ge(&self.pos, mv, threshold, ctx.side) {
                continue;
            }
            let undo = self.make(sh, ply, mv);
            let mut v = self.child(sh, ply, 0, cut_beta - 1, cut_beta, !cut_node, sign);
            if v >= cut_beta && !self.aborted {
                v = self.child(sh, ply, depth - 4, cut_beta - 1, cut_beta, !cut_node, sign);
            }
            self.pos.undo_move(mv, undo);
            if self.aborted {
                break;
            }
            if v >= cut_beta {
                found = Some((mv, v));
                break;
            }
        }
        self.pickers[ply] = picker;
        found
    }

    /// a killer, the best quiet move by history): what a seat that is not the best
    /// replier plays in BRS+.
    pub(super) fn ordering_move(&mut self, sh: &Shared, ply: usize) -> Option<Move> {
        let key = self.pos.key();
        let tt_move = sh
            .tt
            .probe(key, &sh.step)
            .and_then(|h| h.mv)
            .and_then(Move::from_code);
        let (mut picker, ctx) = self.start_reply_order(sh, ply, tt_move);
        let mv = picker.next(&self.pos, &self.hist, &ctx).map(|p| p.mv);
        self.pickers[ply] = picker;
        mv
    }

    /// Rewards the quiet move that caused a cutoff and punishes the quiet moves
    /// tried before it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn reward_quiet(
        &mut self,
        ply: usize,
        seat: usize,
        mv: Move,
        piece_to: Option<usize>,
        prev1: Option<usize>,
        prev2: Option<usize>,
        depth: i32,
        tried: &[Move],
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
        for &m in tried {
            apply(m, movepick::piece_to(&self.pos, m), -bonus);
        }
    }
}
