//! [`Listed`]: the legal moves [`Game::list_legal_moves`](super::Game::list_legal_moves)
//! last handed out, so that [`Game::play`](super::Game::play) checks a move of the
//! usual loop (list, then play and undo each move) with one probe.

use crate::Move;

// A table entry is a move's index plus one, in a u16.
const _: () = assert!(Move::INDEX_COUNT < u16::MAX as usize);

/// The legal moves of one position of the game, as it last listed them: their move
/// indices ([`Move::index`]) in a small open-addressing table, with the ply (number of
/// moves played) of that position. The set stays valid while that position is in the
/// game: moves played above it and taken back to it leave it exactly as it was (a
/// move is taken back exactly), so only taking back a move below it forgets it.
///
/// A table at most half full keeps the set in one or two cache lines for a typical
/// position (128 bytes for 30 moves); a bitset over all 13,690 move indices took
/// 1.7 KB, and its bit for a move was usually a cache miss once other positions had
/// been used (docs/PERFORMANCE.md).
#[derive(Clone, Debug, Default)]
pub(super) struct Listed {
    /// The ply of the listed position plus one, 0 when no set is valid (one word, so
    /// that the probe and the undo's forgetting compare it in one instruction).
    ply_plus_one: usize,
    /// Each listed move's index plus one (0 marks an empty entry), at the entry its
    /// low bits name or after it (linear probing). The length is a power of two, at
    /// least twice the moves. An index is (from × 81 + to) × 2 + promotion, so one
    /// position's moves already differ in their low bits: indexing by them directly
    /// cost 60 fewer instructions a Python push+pop pair than a multiplicative hash.
    table: Vec<u16>,
}

impl Listed {
    /// Remembers `moves` as the legal moves at `ply`.
    pub(super) fn record(&mut self, ply: usize, moves: &[Move]) {
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
        self.ply_plus_one = ply + 1;
    }

    /// Whether `mv` was listed as legal at `ply` (false when the set is not for `ply`).
    #[inline]
    pub(super) fn contains(&self, ply: usize, mv: Move) -> bool {
        if self.ply_plus_one != ply + 1 {
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

    /// Forgets the set if its position is no longer in the game (`ply` moves now).
    #[inline]
    pub(super) fn forget_above(&mut self, ply: usize) {
        if self.ply_plus_one > ply + 1 {
            self.ply_plus_one = 0;
        }
    }

    /// The ply of the listed position, while the set is valid.
    #[cfg(test)]
    pub(super) fn ply(&self) -> Option<usize> {
        self.ply_plus_one.checked_sub(1)
    }

    /// The table's entry for the move: its index plus one, which is one to one
    /// except for drops of kinds that are never held (they share a Rook drop's index,
    /// and are never legal).
    #[inline]
    fn slot(mv: Move) -> Option<u16> {
        match mv {
            Move::Drop { kind, .. } if kind.hand_index().is_none() => None,
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

#[cfg(test)]
mod tests {
    use crate::{Game, IllegalMove, Move, MoveError, Position, Ruleset};

    fn mv(text: &str) -> Move {
        text.parse().expect("move text")
    }

    #[test]
    fn listed_moves_are_remembered_for_their_ply() {
        let mut game = Game::new(Ruleset::Shogi);
        assert_eq!(game.listed.ply(), None);
        let listed = game.list_legal_moves();
        assert_eq!(listed.len(), 30);
        assert_eq!(game.listed.ply(), Some(0));
        for &m in listed.iter() {
            assert!(game.listed.contains(0, m), "{m} listed");
            assert!(!game.listed.contains(1, m), "{m} is for ply 0 only");
        }
        assert!(!game.listed.contains(0, mv("7g7e")));
        assert!(!game.listed.contains(0, Move::Pass));
    }

    #[test]
    fn play_skips_the_check_for_a_listed_move() {
        // White box: a table that (wrongly) lists an unreachable Pawn move makes `play`
        // accept it, so a hit really skips the legality check...
        let mut game = Game::new(Ruleset::Shogi);
        let two_steps = mv("7g7e");
        game.listed.record(0, &[two_steps]);
        assert!(game.play(two_steps).is_ok());
        assert_eq!(game.moves(), [two_steps]);
        // ...and the same move without the table gets the full check.
        let mut fresh = Game::new(Ruleset::Shogi);
        assert!(matches!(
            fresh.play(two_steps),
            Err(MoveError::Illegal {
                reason: IllegalMove::UnreachableSquare { .. },
                ..
            })
        ));
    }

    #[test]
    fn listed_moves_play_as_checked_ones_do() {
        let mut game = Game::new(Ruleset::Yono);
        let mut plain = Game::new(Ruleset::Yono);
        for &m in game.list_legal_moves().iter() {
            assert_eq!(game.play(m), plain.play(m));
            assert_eq!(game.position(), plain.position());
            assert_eq!(game.undo(), plain.undo());
            assert_eq!(
                game.listed.ply(),
                Some(0),
                "undo back to the listed ply keeps it"
            );
        }
        assert_eq!(game.position(), &Position::start());
    }

    #[test]
    fn an_unlisted_move_gets_the_full_check_and_a_rejected_one_changes_nothing() {
        let mut game = Game::new(Ruleset::Shogi);
        game.list_legal_moves();
        let before = game.clone();
        let err = game.play(mv("7g7e")).unwrap_err();
        assert!(matches!(err, MoveError::Illegal { .. }));
        assert_eq!(game, before);
        assert_eq!(game.position(), before.position());
        assert_eq!(game.listed.ply(), Some(0), "a rejected move keeps the list");
        // A move listed at ply 0 is not legal at ply 1 (North to move): checked there.
        game.play(mv("7g7f")).unwrap();
        assert_eq!(game.listed.ply(), Some(0), "a move above the list keeps it");
        let at_one = game.clone();
        let south_pawn = mv("2g2f");
        assert!(game.listed.contains(0, south_pawn));
        let reason = at_one.check_move(south_pawn).unwrap_err();
        assert_eq!(
            game.play(south_pawn),
            Err(MoveError::Illegal {
                mv: south_pawn,
                reason
            })
        );
        assert_eq!(game.position(), at_one.position());
        assert_eq!(game.moves(), [mv("7g7f")]);
    }

    #[test]
    fn undo_below_the_listed_ply_forgets_it() {
        let mut game = Game::new(Ruleset::Shogi);
        game.play(mv("7g7f")).unwrap();
        let listed = game.list_legal_moves();
        assert_eq!(game.listed.ply(), Some(1));
        assert!(listed.contains(&mv("3c3d")));
        game.undo();
        assert_eq!(game.listed.ply(), None);
        // Redo returns to ply 1 but the list stays forgotten; North's move is checked.
        game.redo().unwrap();
        assert_eq!(game.listed.ply(), None);
        game.play(mv("3c3d")).unwrap();
        // At ply 0 North's move is not South's: the full check rejects it.
        game.undo();
        game.undo();
        assert!(game.play(mv("3c3d")).is_err());
        assert!(game.moves().is_empty());
    }

    #[test]
    fn a_clone_keeps_the_list_and_equality_ignores_it() {
        let mut game = Game::new(Ruleset::Yono);
        let unlisted = game.clone();
        game.list_legal_moves();
        let copy = game.clone();
        assert_eq!(copy.listed.ply(), Some(0));
        assert!(copy == game && game == unlisted && unlisted == copy);
        let m = game.legal_moves()[3];
        assert!(copy.listed.contains(0, m));
    }

    #[test]
    fn a_game_ended_by_repetition_lists_nothing_and_rejects_every_move() {
        let mut game = Game::new(Ruleset::Yono);
        let cycle = [
            "5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e",
        ];
        // List at the start, then repeat the start position until it is drawn.
        game.list_legal_moves();
        for m in cycle.repeat(3) {
            game.play(mv(m)).unwrap();
        }
        assert!(game.is_drawn());
        assert!(game.list_legal_moves().is_empty());
        let drawn = game.clone();
        assert!(matches!(
            game.play(mv("5g5f")),
            Err(MoveError::Illegal {
                reason: IllegalMove::GameOver,
                ..
            })
        ));
        assert_eq!(game.moves(), drawn.moves());
    }
}
