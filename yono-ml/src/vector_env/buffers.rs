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
    /// The first `games` games and the rest.
    pub(super) fn split(self, games: usize, mask_len: usize) -> (Part<'a>, Part<'a>) {
        let (slots, slots2) = self.slots.split_at_mut(games);
        let (obs, obs2) = self.obs.split_at_mut(games * OBS_LEN);
        let (masks, masks2) = self.masks.split_at_mut(games * mask_len);
        let (legal, legal2) = self.legal.split_at_mut(games * LEGAL_WIDTH);
        let (counts, counts2) = self.counts.split_at_mut(games);
        let (rewards, rewards2) = self.rewards.split_at_mut(games * 4);
        let (st, st2) = self.seat_terminated.split_at_mut(games * 4);
        let (su, su2) = self.seat_truncated.split_at_mut(games * 4);
        let (term, term2) = self.terminated.split_at_mut(games);
        let (trunc, trunc2) = self.truncated.split_at_mut(games);
        let (drawn, drawn2) = self.drawn.split_at_mut(games);
        let (to_play, to_play2) = self.to_play.split_at_mut(games);
        let (played, played2) = self.played.split_at_mut(games);
        let (final_plies, final_plies2) = self.final_plies.split_at_mut(games);
        let (game_ids, game_ids2) = self.game_ids.split_at_mut(games);
        (
            Part {
                first: self.first,
                slots,
                obs,
                masks,
                legal,
                counts,
                rewards,
                seat_terminated: st,
                seat_truncated: su,
                terminated: term,
                truncated: trunc,
                drawn,
                to_play,
                played,
                final_plies,
                game_ids,
            },
            Part {
                first: self.first + games,
                slots: slots2,
                obs: obs2,
                masks: masks2,
                legal: legal2,
                counts: counts2,
                rewards: rewards2,
                seat_terminated: st2,
                seat_truncated: su2,
                terminated: term2,
                truncated: trunc2,
                drawn: drawn2,
                to_play: to_play2,
                played: played2,
                final_plies: final_plies2,
                game_ids: game_ids2,
            },
        )
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
