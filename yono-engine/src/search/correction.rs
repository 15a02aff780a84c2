//! Correction history (standard Shogi only): how far searches of positions with the
//! same Pawns found the static evaluation off, added to it where the pruning rules
//! and quiescence's stand-pat read it.

use super::*;

/// A correction entry moved `weight`/256 of the way toward `target`: an average of
/// the recent results that leans on the deeper searches.
#[inline]
fn correction_step(entry: i32, target: i32, weight: i32) -> i32 {
    ((entry as i64 * (256 - weight) as i64 + target as i64 * weight as i64) / 256) as i32
}

/// Whether the search corrects its static evaluation: standard Shogi only (in
/// Yo[n]o it was measured as no gain).
#[inline]
fn corrects(sh: &Shared) -> bool {
    sh.features.correction && !sh.scale.is_yono()
}

impl Worker {
    /// The correction table's slot of the position: the seat to move and the Pawns
    /// on the board (its own apart from the others').
    #[inline]
    fn correction_slot(&self) -> usize {
        let pawns = self.pos.kind_squares(PieceKind::Pawn);
        let seat = self.pos.turn();
        let mine = pawns & self.pos.pieces(seat);
        let fold = |b: Bitboard| (b.0 as u64) ^ ((b.0 >> 64) as u64).rotate_left(23);
        let h = eval::mix(fold(pawns) ^ fold(mine).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        seat.index() * CORRECTION_SIZE + (h as usize & (CORRECTION_SIZE - 1))
    }

    /// The static evaluation `raw` (the mover's side) moved by how far searches of
    /// positions with the same Pawns have found the evaluation off (when the search
    /// [`corrects`]).
    #[inline]
    pub(super) fn corrected(&self, sh: &Shared, raw: Value) -> Value {
        if !corrects(sh) {
            return raw;
        }
        let c = self.hist.correction[self.correction_slot()] / CORRECTION_GRAIN;
        let m = sh.scale.max_eval();
        (raw + c).clamp(-m, m)
    }

    /// Moves the correction of the position toward the search's result `best`
    /// against the uncorrected evaluation `raw`, the more the deeper the search.
    pub(super) fn update_correction(&mut self, sh: &Shared, raw: Value, best: Value, depth: i32) {
        if !corrects(sh) {
            return;
        }
        let limit = 4 * sh.scale.pawn();
        let target = (best - raw).clamp(-limit, limit) * CORRECTION_GRAIN;
        let weight = (depth + 1).min(16);
        let slot = self.correction_slot();
        let entry = &mut self.hist.correction[slot];
        *entry = correction_step(*entry, target, weight);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_correction_stays_between_its_start_and_its_target_and_reaches_it() {
        for (start, target) in [
            (0, 400 * CORRECTION_GRAIN),
            (0, -400 * CORRECTION_GRAIN),
            (300 * CORRECTION_GRAIN, -25 * CORRECTION_GRAIN),
        ] {
            for weight in 1..=16 {
                let (lo, hi) = (start.min(target), start.max(target));
                let mut entry = start;
                for _ in 0..20_000 {
                    entry = correction_step(entry, target, weight);
                    assert!((lo..=hi).contains(&entry), "{entry} outside {lo}..={hi}");
                }
                // Within one value unit of the target (the entry's fixed point is
                // off by at most 256 / weight grains).
                assert!(
                    (entry - target).abs() < CORRECTION_GRAIN,
                    "{entry} vs {target}"
                );
            }
        }
    }
}
