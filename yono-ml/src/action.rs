//! The action index: every move of the seat to move as one number below
//! [`ACTION_SIZE`], in that seat's frame (the board turned so that it sits South), and
//! the factored form of the same number for policy heads that score a move's parts.
//!
//! ```text
//!  actions          meaning                                    index
//!  0 - 13121        board move from square f to square t,      (f * 81 + t) * 2 + promote
//!                   promoting or not
//!  13122 - 13688    drop of hand kind h (R B G S N L P = 0-6)  13122 + h * 81 + t
//!                   on square t
//!  13689            pass                                       13689
//! ```
//!
//! Square indices are [`Square::index`] in the mover's frame (0 = 9a, 8 = 1a, 80 = 1i
//! once the board is turned). The 162 board actions with `f == t` name no move.

use yono::{Move, Seat};

/// Board moves: `(from * 81 + to) * 2 + promote`.
pub const BOARD_ACTIONS: usize = 81 * 81 * 2;
/// Drops follow the board moves: `BOARD_ACTIONS + hand_index * 81 + to`.
pub const DROP_ACTIONS: usize = 7 * 81;
/// The last action is the pass.
pub const PASS_ACTION: usize = BOARD_ACTIONS + DROP_ACTIONS;
/// The number of actions (13,690): the core's dense move index ([`Move::index`]),
/// taken in the mover's frame.
pub const ACTION_SIZE: usize = Move::INDEX_COUNT;

// The layout below is the core's: the table of the module docs and `ActionParts`
// read it.
const _: () = assert!(PASS_ACTION + 1 == ACTION_SIZE);

/// The number of values [`ActionParts::source`] takes: 81 squares, 7 drop kinds, the
/// pass.
pub const SOURCES: usize = 81 + 7 + 1;
/// The number of values [`ActionParts::target`] takes: the 81 squares.
pub const TARGETS: usize = 81;
/// [`ActionParts::source`] of the drops: `DROP_SOURCE + hand_index`.
pub const DROP_SOURCE: usize = 81;
/// [`ActionParts::source`] of the pass.
pub const PASS_SOURCE: usize = 88;

/// Quarter turns that bring `seat` to South: the turn into `seat`'s frame.
///
/// ```
/// use yono::Seat;
/// assert_eq!(yono_ml::turns_to_south(Seat::South), 0);
/// assert_eq!(yono_ml::turns_to_south(Seat::West), 3);
/// ```
#[inline]
pub fn turns_to_south(seat: Seat) -> u32 {
    ((4 - seat.index()) % 4) as u32
}

/// The action index of `mv`, a move of `mover`: the move turned into the mover's frame,
/// then indexed ([`Move::index`]). Every move has one, legal or not.
///
/// ```
/// use yono::{Move, Seat};
/// use yono_ml::{action_of, move_of};
/// let mv: Move = "5g5f".parse().unwrap();
/// let a = action_of(mv, Seat::South);
/// assert_eq!(move_of(a, Seat::South), Some(mv));
/// // West's matching opening move is the same action in West's frame.
/// assert_eq!(action_of("7e6e".parse().unwrap(), Seat::West), a);
/// ```
#[inline]
pub fn action_of(mv: Move, mover: Seat) -> usize {
    mv.rotated(turns_to_south(mover)).index()
}

/// The move of action index `action` for `mover`, legal or not; `None` outside
/// `0..ACTION_SIZE` and for a board move to its own square.
///
/// ```
/// use yono::Seat;
/// assert_eq!(yono_ml::move_of(yono_ml::PASS_ACTION, Seat::East), Some(yono::Move::Pass));
/// assert_eq!(yono_ml::move_of(0, Seat::South), None); // 9a to 9a
/// assert_eq!(yono_ml::move_of(yono_ml::ACTION_SIZE, Seat::South), None);
/// ```
#[inline]
pub fn move_of(action: usize, mover: Seat) -> Option<Move> {
    // Back from the mover's frame to the board: the remaining quarter turns.
    let back = (4 - turns_to_south(mover)) % 4;
    Move::from_index(action).map(|mv| mv.rotated(back))
}

/// An action split into the parts a factored policy head scores: where the move comes
/// from, where it goes, and whether it promotes.
///
/// ```
/// use yono_ml::{ActionParts, DROP_SOURCE};
/// let a = yono_ml::action_of("P*5e".parse().unwrap(), yono::Seat::South);
/// let parts = ActionParts::of(a).unwrap();
/// assert_eq!(parts.source as usize, DROP_SOURCE + 6); // the Pawn, hand index 6
/// assert_eq!(parts.target as usize, "5e".parse::<yono::Square>().unwrap().index());
/// assert_eq!(parts.action(), a);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActionParts {
    /// 0-80: the square a board move starts on (mover's frame); 81-87: a drop of hand
    /// kind `source - 81` (R B G S N L P); 88: the pass.
    pub source: u8,
    /// 0-80: the destination square (mover's frame); 0 for the pass.
    pub target: u8,
    /// Whether a board move promotes (false for drops and the pass).
    pub promote: bool,
}

impl ActionParts {
    /// The parts of `action`; `None` outside `0..ACTION_SIZE`. The 162 indices that
    /// name no move (a board move to its own square) have parts too.
    pub fn of(action: usize) -> Option<ActionParts> {
        let (source, target, promote) = if action < BOARD_ACTIONS {
            (action / 2 / 81, action / 2 % 81, action % 2 == 1)
        } else if action < PASS_ACTION {
            let a = action - BOARD_ACTIONS;
            (DROP_SOURCE + a / 81, a % 81, false)
        } else if action == PASS_ACTION {
            (PASS_SOURCE, 0, false)
        } else {
            return None;
        };
        Some(ActionParts {
            source: source as u8,
            target: target as u8,
            promote,
        })
    }

    /// The action index these parts make (the inverse of [`ActionParts::of`]).
    pub fn action(self) -> usize {
        let (s, t) = (self.source as usize, self.target as usize);
        match s {
            PASS_SOURCE => PASS_ACTION,
            s if s >= DROP_SOURCE => BOARD_ACTIONS + (s - DROP_SOURCE) * 81 + t,
            s => (s * 81 + t) * 2 + self.promote as usize,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_decodes_to_a_move_that_encodes_back() {
        for seat in Seat::ALL {
            let mut moves = 0;
            for a in 0..ACTION_SIZE {
                if let Some(mv) = move_of(a, seat) {
                    assert_eq!(action_of(mv, seat), a);
                    moves += 1;
                }
            }
            assert_eq!(moves, ACTION_SIZE - 81 * 2);
        }
        assert!(move_of(ACTION_SIZE, Seat::South).is_none());
    }

    #[test]
    fn souths_frame_is_the_cores_index() {
        for a in 0..ACTION_SIZE {
            if let Some(mv) = Move::from_index(a) {
                assert_eq!(action_of(mv, Seat::South), mv.index());
            }
        }
    }

    #[test]
    fn parts_round_trip_and_cover_their_ranges() {
        let mut sources = [false; SOURCES];
        let mut targets = [false; TARGETS];
        for a in 0..ACTION_SIZE {
            let p = ActionParts::of(a).unwrap();
            assert_eq!(p.action(), a);
            sources[p.source as usize] = true;
            targets[p.target as usize] = true;
        }
        assert!(sources.iter().all(|&s| s) && targets.iter().all(|&t| t));
        assert_eq!(ActionParts::of(ACTION_SIZE), None);
    }
}
