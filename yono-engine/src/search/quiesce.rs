//! Quiescence: captures and check evasions below the horizon.

use super::*;

impl Worker {
    /// Below the horizon: the seat to move may stand on the static value or
    /// capture (good captures only); a seat in check must answer it (a King left
    /// threatened falls the instant the threatening seat is about to move).
    pub(super) fn quiesce(
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
        self.stack[ply].seat = Some(self.pos.turn());
        let pv_node = beta - alpha > 1;
        let sign = self.sign(sh);
        // In check past the last quiescence ply, the mover stands on its evaluation.
        let checked = self.in_check_at(ply);
        let in_check = checked && qply < MAX_QPLY && ply < MAX_PLY - 1;
        self.stack[ply].in_check = in_check;
        let hit = sh.tt.probe(key, &sh.step);
        if let Some(h) = hit {
            let v = scale.read_tt(h.value, ply, sign);
            if !pv_node && h.bound.ends_window(v, alpha, beta) {
                return v;
            }
        }
        let mut best = -INF;
        let mut eval = None;
        let mut stand_pat = None;
        if !in_check {
            let raw = match hit.and_then(|h| h.eval) {
                Some(e) => e,
                None => self.evaluate(sh, ply, checked),
            };
            eval = Some(raw);
            let stand = self.corrected(sh, raw);
            stand_pat = Some(stand);
            if stand >= beta || qply >= MAX_QPLY || ply >= MAX_PLY - 1 {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let tt_move = hit.and_then(|h| h.mv).and_then(Move::from_code);
        // The picker is used in place (as in `search`).
        self.pickers[ply].start_quiescence(&self.pos, tt_move, in_check);
        let ctx = self.context(sh, ply, false);
        let alpha0 = alpha;
        let mut best_move = None;
        let mut moves = 0;
        // Deep in quiescence, only the exchange on the last move's square goes on
        // (`Some(None)` after a null move: no capture qualifies): with three
        // opponents each capturing in turn, every capture chain would otherwise
        // multiply (a wild four-seat position took a million quiescence nodes at
        // depth 1).
        let recaptures_only =
            (!in_check && qply >= QS_RECAPTURES_FROM && sh.features.qs_recaptures).then(|| {
                ply.checked_sub(1)
                    .and_then(|p| self.stack[p].piece_to)
                    .map(movepick::piece_to_square)
            });
        // With three or more seats, the root seat's opponents are one coalition against
        // it: a capture of another opponent's piece only moves material inside the
        // coalition, so below the horizon they take only the root seat's pieces (or
        // threaten a King, which may open a fall).
        let coalition = !in_check
            && sign < 0
            && sh.features.coalition_captures
            && self.pos.seats_in_game().len() >= 3;
        while let Some(picked) = self.pickers[ply].next(&self.pos, &self.hist, &ctx) {
            if !in_check && picked.origin == Origin::BadNoisy && sh.features.see_pruning {
                break;
            }
            let mv = picked.mv;
            if let Some(square) = recaptures_only {
                if square != mv.to().map(|to| to.index()) {
                    continue;
                }
            }
            let victim = mv.to().and_then(|to| self.pos.piece_at(to));
            if coalition
                && victim.map(|p| p.seat) != Some(sh.root)
                && !self.pickers[ply].gives_check(&self.pos, mv)
            {
                continue;
            }
            // Delta pruning: even winning the piece outright leaves the seat to move
            // far below alpha (unless the capture threatens a King).
            if let (Some(stand), true) = (stand_pat, sh.features.delta_pruning) {
                let gain = victim.map_or(0, |p| eval::exchange_value(p.kind));
                if stand + (gain + 200) * scale.pawn() / 100 <= alpha
                    && !self.pickers[ply].gives_check(&self.pos, mv)
                {
                    continue;
                }
            }
            moves += 1;
            let undo = self.make(sh, ply, mv);
            let v = if self.sign(sh) == sign {
                self.quiesce(sh, ply + 1, qply + 1, alpha, beta)
            } else {
                -self.quiesce(sh, ply + 1, qply + 1, -beta, -alpha)
            };
            self.pos.undo_move(mv, undo);
            if self.aborted {
                return 0;
            }
            if self.take_value(ply, mv, v, &mut best, &mut best_move, &mut alpha, beta) {
                break;
            }
        }
        if in_check && moves == 0 {
            return self.no_move_value(sh, ply);
        }
        let bound = Bound::of_result(best, alpha0, beta, pv_node);
        sh.store(key, ply, sign, best_move, best, eval, 0, bound);
        best
    }
}
