//! The game's history and decided results: terminal values, repetitions in the
//! line or the game's history (a draw, or Shogi's perpetual check), the draw value.

use super::*;

impl Worker {
    /// The value of a node where the game has decided the root seat's result, from
    /// the mover's side, if it has.
    pub(super) fn decided(&self, sh: &Shared, ply: usize) -> Option<Value> {
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

    /// The value, from the mover's side, of a position that repeats one of the line
    /// or of the game (no null move between, which would make it another game's
    /// position), if it does: a draw, or in Shogi a loss for the side whose every
    /// move since the earlier occurrence gave check (RULES.md §11).
    pub(super) fn repetition(&self, sh: &Shared, ply: usize) -> Option<Value> {
        let key = self.stack[ply].key;
        let line = &self.stack[..ply];
        // The earlier occurrence in the line, found by the keys alone (this runs at
        // every node, and a repetition is rare): the checks are read afterwards.
        let mut earlier = None;
        for (i, frame) in line.iter().enumerate().rev() {
            if frame.key == key {
                earlier = Some(i);
                break;
            }
            if frame.null {
                return None;
            }
        }
        if earlier.is_none() && !sh.is_game_key(key) {
            return None;
        }
        // Whether the move into each position of the cycle gave check, latest first:
        // the 0th, 2nd, ... are the moves of the seat that just moved ("theirs"), the
        // others those of the seat to move.
        let mut cycle = CheckCycle::new(self.stack[ply].in_check);
        let since = earlier.map_or(0, |i| i + 1);
        for frame in line[since..].iter().rev() {
            cycle.push(frame.in_check);
        }
        if earlier.is_none() {
            let mut found = false;
            for &(k, in_check) in sh.game_line.iter().rev() {
                if k == key {
                    found = true;
                    break;
                }
                cycle.push(in_check);
            }
            if !found {
                return None;
            }
        }
        if self.pos.ruleset() == Ruleset::Shogi {
            match (cycle.theirs, cycle.ours && cycle.len > 1) {
                (true, false) => return Some(-sh.scale.mated(ply)),
                (false, true) => return Some(sh.scale.mated(ply)),
                _ => {}
            }
        }
        Some(self.draw_value(sh))
    }

    /// A repetition draw from the mover's side.
    pub(super) fn draw_value(&self, sh: &Shared) -> Value {
        let k = self.pos.seats_in_game().len() as i32;
        let milli = if self.pos.ruleset() == Ruleset::Shogi {
            500
        } else {
            (3 - (k - 1)) * 1000
        };
        self.sign(sh) * sh.scale.exact(milli)
    }
}

/// Whether every move of a repetition cycle by each side gave check, folded move by
/// move, latest first (RULES.md §11).
struct CheckCycle {
    /// Every move of the seat that just moved (the 0th, 2nd, ... of the cycle).
    theirs: bool,
    /// Every move of the seat to move (the 1st, 3rd, ...).
    ours: bool,
    len: usize,
}

impl CheckCycle {
    fn new(last: bool) -> CheckCycle {
        CheckCycle {
            theirs: last,
            ours: true,
            len: 1,
        }
    }

    #[inline]
    fn push(&mut self, check: bool) {
        if self.len % 2 == 0 {
            self.theirs &= check;
        } else {
            self.ours &= check;
        }
        self.len += 1;
    }
}

/// The game's positions before its current one: key, and whether the seat to move
/// was in check.
pub(super) fn game_line(game: &Game) -> Vec<(u64, bool)> {
    let mut pos = game.start().clone();
    let mut line = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        line.push((pos.key(), pos.is_check()));
        pos.play_unchecked(mv);
    }
    line
}
