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
        // Whether the move into each position of the cycle gave check, latest first.
        let mut checks: Vec<bool> = vec![self.stack[ply].in_check];
        let mut found = false;
        for i in (0..ply).rev() {
            if self.stack[i].key == key {
                found = true;
                break;
            }
            if self.stack[i].null {
                return None;
            }
            checks.push(self.stack[i].in_check);
        }
        if !found {
            if !sh.is_game_key(key) {
                return None;
            }
            for &(k, in_check) in sh.game_line.iter().rev() {
                if k == key {
                    found = true;
                    break;
                }
                checks.push(in_check);
            }
            if !found {
                return None;
            }
        }
        if self.pos.ruleset() == Ruleset::Shogi {
            // checks[0] is the move of the seat that just moved, checks[1] the one
            // before (by the seat to move), and so on.
            let theirs = checks.iter().step_by(2).all(|&c| c);
            let ours = checks.iter().skip(1).step_by(2).all(|&c| c) && checks.len() > 1;
            match (theirs, ours) {
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
