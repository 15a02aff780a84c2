//! The output buffers, allocated once, and their split into the contiguous parts
//! that the pool's threads fill.

use crate::observation::OBS_LEN;

use super::*;

/// The output buffers, allocated once.
pub(super) struct Buffers {
    pub(super) observations: Box<[u8]>,
    pub(super) masks: Box<[bool]>,
    pub(super) legal: Box<[i16]>,
    pub(super) counts: Box<[i32]>,
    pub(super) rewards: Box<[f32]>,
    pub(super) seat_terminated: Box<[bool]>,
    pub(super) seat_truncated: Box<[bool]>,
    pub(super) terminated: Box<[bool]>,
    pub(super) truncated: Box<[bool]>,
    pub(super) drawn: Box<[bool]>,
    pub(super) to_play: Box<[i8]>,
    pub(super) played: Box<[i64]>,
    pub(super) final_plies: Box<[i32]>,
    pub(super) game_ids: Box<[i64]>,
}

/// A contiguous range of games with their share of every buffer.
pub(super) struct Part<'a> {
    pub(super) first: usize,
    pub(super) slots: &'a mut [Slot],
    pub(super) obs: &'a mut [u8],
    pub(super) masks: &'a mut [bool],
    pub(super) legal: &'a mut [i16],
    pub(super) counts: &'a mut [i32],
    pub(super) rewards: &'a mut [f32],
    pub(super) seat_terminated: &'a mut [bool],
    pub(super) seat_truncated: &'a mut [bool],
    pub(super) terminated: &'a mut [bool],
    pub(super) truncated: &'a mut [bool],
    pub(super) drawn: &'a mut [bool],
    pub(super) to_play: &'a mut [i8],
    pub(super) played: &'a mut [i64],
    pub(super) final_plies: &'a mut [i32],
    pub(super) game_ids: &'a mut [i64],
}

impl<'a> Part<'a> {
    /// Cuts the first `games` games off the part and returns them; the part keeps the
    /// rest.
    pub(super) fn take_first(&mut self, games: usize, mask_len: usize) -> Part<'a> {
        let first = self.first;
        self.first += games;
        Part {
            first,
            slots: cut(&mut self.slots, games),
            obs: cut(&mut self.obs, games * OBS_LEN),
            masks: cut(&mut self.masks, games * mask_len),
            legal: cut(&mut self.legal, games * LEGAL_WIDTH),
            counts: cut(&mut self.counts, games),
            rewards: cut(&mut self.rewards, games * 4),
            seat_terminated: cut(&mut self.seat_terminated, games * 4),
            seat_truncated: cut(&mut self.seat_truncated, games * 4),
            terminated: cut(&mut self.terminated, games),
            truncated: cut(&mut self.truncated, games),
            drawn: cut(&mut self.drawn, games),
            to_play: cut(&mut self.to_play, games),
            played: cut(&mut self.played, games),
            final_plies: cut(&mut self.final_plies, games),
            game_ids: cut(&mut self.game_ids, games),
        }
    }

    /// Runs `f` on each game of the part with its outputs.
    pub(super) fn each(
        mut self,
        mask_len: usize,
        mut f: impl FnMut(usize, &mut Slot, GameOut<'_>),
    ) {
        while !self.slots.is_empty() {
            let game = self.take_first(1, mask_len);
            let out = GameOut {
                obs: game.obs,
                mask: game.masks,
                legal: game.legal,
                count: &mut game.counts[0],
                rewards: game.rewards,
                seat_terminated: game.seat_terminated,
                seat_truncated: game.seat_truncated,
                terminated: &mut game.terminated[0],
                truncated: &mut game.truncated[0],
                drawn: &mut game.drawn[0],
                to_play: &mut game.to_play[0],
                played: &mut game.played[0],
                final_plies: &mut game.final_plies[0],
                game_id: &mut game.game_ids[0],
            };
            f(game.first, &mut game.slots[0], out);
        }
    }
}

/// Cuts the first `len` items off `rest` and returns them.
fn cut<'a, T>(rest: &mut &'a mut [T], len: usize) -> &'a mut [T] {
    let (head, tail) = std::mem::take(rest).split_at_mut(len);
    *rest = tail;
    head
}
