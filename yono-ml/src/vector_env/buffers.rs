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
    pub(super) fn each(self, mask_len: usize, mut f: impl FnMut(usize, &mut Slot, GameOut<'_>)) {
        let games = self
            .slots
            .iter_mut()
            .zip(self.obs.chunks_exact_mut(OBS_LEN))
            .zip(self.legal.chunks_exact_mut(LEGAL_WIDTH))
            .zip(self.counts.iter_mut())
            .zip(self.rewards.chunks_exact_mut(4))
            .zip(self.seat_terminated.chunks_exact_mut(4))
            .zip(self.seat_truncated.chunks_exact_mut(4))
            .zip(self.terminated.iter_mut())
            .zip(self.truncated.iter_mut())
            .zip(self.drawn.iter_mut())
            .zip(self.to_play.iter_mut())
            .zip(self.played.iter_mut())
            .zip(self.final_plies.iter_mut())
            .zip(self.game_ids.iter_mut());
        let mut masks = self.masks.chunks_exact_mut(mask_len.max(1));
        for (i, item) in games.enumerate() {
            let (
                (
                    (
                        (
                            (
                                (
                                    (((((((slot, obs), legal), count), rewards), st), su), term),
                                    trunc,
                                ),
                                drawn,
                            ),
                            to_play,
                        ),
                        played,
                    ),
                    final_plies,
                ),
                game_id,
            ) = item;
            let mask = if mask_len == 0 {
                &mut [][..]
            } else {
                masks.next().unwrap_or(&mut [])
            };
            let out = GameOut {
                obs,
                mask,
                legal,
                count,
                rewards,
                seat_terminated: st,
                seat_truncated: su,
                terminated: term,
                truncated: trunc,
                drawn,
                to_play,
                played,
                final_plies,
                game_id,
            };
            f(self.first + i, slot, out);
        }
    }
}

/// Cuts the first `len` items off `rest` and returns them.
fn cut<'a, T>(rest: &mut &'a mut [T], len: usize) -> &'a mut [T] {
    let (head, tail) = std::mem::take(rest).split_at_mut(len);
    *rest = tail;
    head
}
