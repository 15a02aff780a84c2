//! [`Listed`]: the legal moves `legal_moves` last listed, so that `push` checks a move
//! of the usual loop with one probe.
//!
//! Issue 23 asks for one legality cache, in the core, beside `yono::Game`'s King facts;
//! until the core keeps the listed moves itself (see the yono-py section of
//! docs/ARCHITECTURE.md), this table is the binding's one cache, and it is kept in
//! step with the game by the only two places that change the ply (`play`, `pop`).

/// The legal moves of one position of the game, as `legal_moves` last listed them:
/// their move indices (`yono::Move::index`) in a small open-addressing table. The set
/// stays valid while that position is on the game's stack: pushes above it and the
/// pops back to it leave it exactly as it was (the moves are taken back exactly), so
/// `push` checks a move of the usual loop (`for m in game.legal_moves: game.push(m) ...
/// game.pop()`) with one probe instead of the full legality test. A pop below it or
/// any other change (through `PyGame::game_mut`) forgets it.
///
/// A table at most half full keeps the set in one or two cache lines for a typical
/// position (128 bytes for 30 moves); a bitset over all 13,690 slots took 1.7 KB, and
/// its bit for a move was usually a cache miss once other positions had been used.
#[derive(Default)]
pub(crate) struct Listed {
    /// The ply (number of moves played) of the listed position, when the set is valid.
    pub(crate) ply: Option<usize>,
    /// Each listed move's index plus one (0 marks an empty entry), at the entry its
    /// low bits name or after it (linear probing). The length is a power of two, at
    /// least twice the moves. An index is (from × 81 + to) × 2 + promotion, so one
    /// position's moves already differ in their low bits: indexing by them directly
    /// cost 60 fewer instructions a push+pop pair than a multiplicative hash.
    table: Vec<u16>,
}

impl Listed {
    /// Remembers `moves` as the legal moves at `ply`.
    pub(crate) fn record(&mut self, ply: usize, moves: &[yono::Move]) {
        let len = (moves.len() * 2).next_power_of_two().max(16);
        self.table.clear();
        self.table.resize(len, 0);
        let mask = self.mask();
        for slot in moves.iter().filter_map(|&mv| Listed::slot(mv)) {
            let mut i = self.home(slot);
            while let Some(entry) = self.table.get_mut(i) {
                if *entry == 0 || *entry == slot {
                    *entry = slot;
                    break;
                }
                i = (i + 1) & mask;
            }
        }
        self.ply = Some(ply);
    }

    /// Whether `mv` was listed as legal at `ply` (false when the set is not for `ply`).
    #[inline]
    pub(crate) fn contains(&self, ply: usize, mv: yono::Move) -> bool {
        if self.ply != Some(ply) {
            return false;
        }
        let Some(slot) = Listed::slot(mv) else {
            return false;
        };
        let mask = self.mask();
        let mut i = self.home(slot);
        while let Some(&entry) = self.table.get(i) {
            if entry == slot {
                return true;
            }
            if entry == 0 {
                return false;
            }
            i = (i + 1) & mask;
        }
        false
    }

    /// Forgets the set if its position is no longer on the stack (`ply` moves now).
    #[inline]
    pub(crate) fn forget_above(&mut self, ply: usize) {
        if self.ply.is_some_and(|at| at > ply) {
            self.ply = None;
        }
    }

    /// The table's entry for the move: its index plus one, which is one to one
    /// except for drops of kinds that are never held (they share a Rook drop's index,
    /// and are never legal).
    #[inline]
    fn slot(mv: yono::Move) -> Option<u16> {
        match mv {
            yono::Move::Drop { kind, .. } if kind.hand_index().is_none() => None,
            _ => u16::try_from(mv.index() + 1).ok(),
        }
    }

    /// Where the probe for `slot` starts.
    #[inline]
    fn home(&self, slot: u16) -> usize {
        usize::from(slot) & self.mask()
    }

    /// The table's length minus one (its length is a power of two, or 0).
    #[inline]
    fn mask(&self) -> usize {
        self.table.len().wrapping_sub(1)
    }
}
