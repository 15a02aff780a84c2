//! The four-seat modes: paranoid's two sides (the root seat against the others)
//! and the Best-Reply Search / BRS+ layer of the other seats.

use arrayvec::ArrayVec;

use super::*;

/// Moves played around a Best-Reply layer's replier (the seats before it, or after
/// it to the end of the round), with what takes each back: three at the most, kept
/// on the stack because a layer makes one for each of its replies.
type Line = ArrayVec<(Move, yono::Undo), 3>;

impl Worker {
    pub(super) fn sign(&self, sh: &Shared) -> Value {
        if self.pos.turn() == sh.root {
            1
        } else {
            -1
        }
    }

    /// Whether the node at `ply` (its seat to move already recorded) is a Best-Reply
    /// layer: the other seats' turn right after a move of the root seat, with three or
    /// more seats in, in BRS and BRS+ always, in paranoid-brs after the first round
    /// (plies 1 to 3 answer the root seat's first move as the real seats would, so
    /// every line of that round is a game of the rules).
    pub(super) fn is_reply_layer(&self, sh: &Shared, ply: usize) -> bool {
        let layered = match sh.mode {
            SearchMode::Paranoid => false,
            SearchMode::BestReply | SearchMode::BestReplyPlus => true,
            SearchMode::ParanoidBestReply => ply > 3,
        };
        layered
            && ply > 0
            && self.stack[ply - 1].seat == Some(sh.root)
            && self.pos.turn() != sh.root
            && self.pos.seats_in_game().len() > 2
    }

    /// Best-Reply Search's layer of the other seats, entered right after the root
    /// seat moved (from their side, as a node of theirs). Each opponent in turn is
    /// the one that replies with all its moves: in BRS the others skip their turns
    /// (`pass_turn_to`; an opponent whose turn cannot be handed over without the
    /// checkmate rule removing a seat is left out, that fall being an artefact of
    /// the skip); in BRS+ they play the first move of their move order, so the line
    /// stays a game of the rules. The whole layer is one ply of depth. Outside BRS+
    /// the seat that refuted the last layer at this ply replies first; quiet replies
    /// are pruned as at a full-width node (docs/ENGINE.md, "Algorithm").
    pub(super) fn reply_layer(
        &mut self,
        sh: &Shared,
        ply: usize,
        depth: i32,
        mut alpha: Value,
        beta: Value,
    ) -> Value {
        let scale = sh.scale;
        let sign = self.sign(sh);
        let key = self.stack[ply].key;
        let alpha0 = alpha;
        let hit = sh.tt.probe(key, &sh.step);
        if let Some(h) = hit {
            let v = scale.read_tt(h.value, ply, sign);
            if beta - alpha == 1 && h.depth >= depth && h.bound.ends_window(v, alpha, beta) {
                return v;
            }
        }
        // The pruning of a full-width node, for the layer: its static evaluation is the
        // replying side's, whoever replies (the board is the same).
        let pv_layer = beta - alpha > 1;
        let pawn = scale.pawn();
        let eval = if sh.features.reply_pruning && !pv_layer && !self.stack[ply].in_check {
            Some(self.evaluate(sh, ply, false))
        } else {
            None
        };
        if let Some(e) = eval {
            // Reverse futility: the root seat's move left the others far above beta
            // (unless a King is threatened: a fall may be near).
            if !scale.is_extreme(beta)
                && node::reverse_futile(e, pawn, depth, false, beta)
                && !self.another_king_threatened()
            {
                return e;
            }
        }
        let plus = sh.mode == SearchMode::BestReplyPlus;
        let mut order = [Seat::South; 3];
        let mut n = 0;
        let mut s = self.pos.turn();
        for _ in 0..4 {
            if s != sh.root && self.pos.seats_in_game().contains(s) && n < 3 {
                order[n] = s;
                n += 1;
            }
            s = s.next();
        }
        if let (false, true, Some(r)) = (plus, sh.features.replier_order, self.stack[ply].refuter) {
            if let Some(j) = order[..n].iter().position(|&s| s == r) {
                order[..=j].rotate_right(1);
            }
        }
        let mut best = -INF;
        let mut best_move = None;
        let mut searched = 0usize;
        'repliers: for k in 0..n {
            // Bring the replier to move: the others before it play (BRS+) or skip.
            let mut prefix = Line::new();
            let mut ok = true;
            if plus {
                for (i, &seat) in order[..k].iter().enumerate() {
                    if self.pos.turn() != seat || self.decided(sh, ply).is_some() {
                        ok = false;
                        break;
                    }
                    let Some(played) = self.play_ordering_move(sh, ply + i) else {
                        ok = false;
                        break;
                    };
                    prefix.push(played);
                }
                ok &= self.pos.turn() == order[k] && self.decided(sh, ply).is_none();
            } else {
                // The seats before the replier pass, one by one (the checkmate rule
                // applies at each hand-over, as after a real pass).
                while self.pos.turn() != order[k] && prefix.len() < 3 {
                    let (undo, fallen) = self.pos.null_move();
                    self.stack[ply + prefix.len()].null = true;
                    prefix.push((Move::Pass, undo));
                    if !fallen.is_empty() || self.decided(sh, ply).is_some() {
                        ok = false;
                        break;
                    }
                }
                ok &= self.pos.turn() == order[k];
            }
            let at = ply + prefix.len();
            if ok {
                let replier_key = self.pos.key();
                let tt_move = if at == ply {
                    hit.and_then(|h| h.mv).and_then(Move::from_code)
                } else {
                    sh.tt
                        .probe(replier_key, &sh.step)
                        .and_then(|h| h.mv)
                        .and_then(Move::from_code)
                };
                let (mut picker, ctx) = self.start_reply_order(sh, at, tt_move);
                // A replier brought to move by the others' passes may be in check:
                // its evasions are not pruned.
                let eval = eval.filter(|_| at == ply || !self.pos.is_check());
                let side = see::side_of_mover(&self.pos, sh.root);
                let mut i = 0usize;
                while let Some(picked) = picker.next(&self.pos, &self.hist, &ctx) {
                    let mv = picked.mv;
                    i += 1;
                    let late_reduction = lmr_table()[(depth as usize).min(63)][i.min(63)] as i32;
                    // Late or hopeless quiet replies that threaten no King are skipped
                    // once the layer has a value, as at a full-width node.
                    if let (Some(e), true) = (eval, !picked.noisy && searched > 0) {
                        if best > -scale.max_eval() && !picker.gives_check(&self.pos, mv) {
                            let lmr_depth = node::reduced_depth(depth, late_reduction);
                            if i as i32 >= node::late_move_limit(depth, false)
                                || node::futile(e, pawn, lmr_depth, alpha)
                            {
                                picker.skip_quiets();
                                continue;
                            }
                            let threshold = node::quiet_see_threshold(lmr_depth);
                            if !see::see_ge(&self.pos, mv, threshold, side) {
                                continue;
                            }
                        }
                    }
                    self.stack[at].seat = Some(self.pos.turn());
                    let undo = self.make(sh, at, mv);
                    // The rest of the round: the later opponents play (BRS+) or skip.
                    let mut suffix = Line::new();
                    let mut j = 0;
                    while self.pos.turn() != sh.root
                        && self.decided(sh, at + 1 + j).is_none()
                        && j < 3
                    {
                        if plus {
                            let Some(played) = self.play_ordering_move(sh, at + 1 + j) else {
                                break;
                            };
                            suffix.push(played);
                        } else {
                            let (u, _) = self.pos.null_move();
                            self.stack[at + 1 + j].null = true;
                            suffix.push((Move::Pass, u));
                        }
                        j += 1;
                    }
                    let child_ply = at + suffix.len();
                    let v = if i == 1 {
                        self.child(sh, child_ply, depth - 1, alpha, beta, false, sign)
                    } else {
                        // Late quiet replies are searched shallower first.
                        let r = if sh.features.lmr && depth >= 3 && !picked.noisy && i > 3 {
                            late_reduction.min(depth - 2)
                        } else {
                            0
                        };
                        let mut z =
                            self.child(sh, child_ply, depth - 1 - r, alpha, alpha + 1, true, sign);
                        if r > 0 && z > alpha {
                            z = self.child(sh, child_ply, depth - 1, alpha, alpha + 1, true, sign);
                        }
                        if z > alpha && z < beta {
                            self.child(sh, child_ply, depth - 1, alpha, beta, false, sign)
                        } else {
                            z
                        }
                    };
                    let suffix_moves: ArrayVec<Move, 3> = suffix.iter().map(|(m, _)| *m).collect();
                    self.undo_line(suffix);
                    self.pos.undo_move(mv, undo);
                    if self.aborted {
                        self.pickers[at] = picker;
                        self.undo_line(prefix);
                        return 0;
                    }
                    searched += 1;
                    if v > best {
                        best = v;
                        if v > alpha {
                            if at == ply {
                                best_move = Some(mv);
                            }
                            // The line: BRS+ lines are games of the rules and are
                            // kept whole; a BRS line ends before its skipped turns.
                            self.pv_len[ply] = ply;
                            if plus {
                                let tail_len = self.pv_len[child_ply + 1].max(child_ply + 1);
                                let mut line: Vec<Move> = prefix.iter().map(|(m, _)| *m).collect();
                                line.push(mv);
                                line.extend_from_slice(&suffix_moves);
                                line.extend_from_slice(
                                    &self.pv[child_ply + 1][child_ply + 1..tail_len],
                                );
                                let len = line.len().min(MAX_PLY + 1 - ply);
                                self.pv[ply][ply..ply + len].copy_from_slice(&line[..len]);
                                self.pv_len[ply] = ply + len;
                            }
                            if v >= beta {
                                self.stack[ply].refuter = Some(order[k]);
                                self.pickers[at] = picker;
                                self.undo_line(prefix);
                                break 'repliers;
                            }
                            alpha = v;
                        }
                    }
                }
                self.pickers[at] = picker;
            }
            self.undo_line(prefix);
        }
        if searched == 0 {
            // No opponent could reply (cannot happen with a seat to move): stand.
            return self.evaluate(sh, ply, self.stack[ply].in_check);
        }
        let bound = Bound::of_result(best, alpha0, beta, beta - alpha0 > 1);
        sh.store(key, ply, sign, best_move, best, None, depth, bound);
        best
    }

    /// BRS+: the seat to move at `ply` plays the first move of its move order, if it
    /// has one (the move and how to take it back).
    fn play_ordering_move(&mut self, sh: &Shared, ply: usize) -> Option<(Move, yono::Undo)> {
        let mv = self.ordering_move(sh, ply)?;
        self.stack[ply].piece_to = movepick::piece_to(&self.pos, mv);
        self.stack[ply].seat = Some(self.pos.turn());
        let (undo, _) = self.pos.do_move(mv);
        Some((mv, undo))
    }

    /// Takes back a line of moves played from the current position, last first.
    fn undo_line(&mut self, line: Line) {
        for (mv, undo) in line.into_iter().rev() {
            self.pos.undo_move(mv, undo);
        }
    }
}
