//! The action index and the observation planes (pure Rust; layouts in docs/ML.md).
//!
//! Both are in the frame of one seat: the board turned (with the seats relabelled)
//! so that seat sits South. The game is symmetric under that turn, so a network sees
//! every seat's decisions as South's.

use yono::{Move, MoveList, PieceKind, Position, Seat, SeatState, Square};

/// Board moves: `(from * 81 + to) * 2 + promote`.
pub const BOARD_ACTIONS: usize = 81 * 81 * 2;
/// Drops follow: `BOARD_ACTIONS + hand_index * 81 + to` (hand order R B G S N L P).
pub const DROP_ACTIONS: usize = 7 * 81;
/// The last action is the pass.
pub const PASS_ACTION: usize = BOARD_ACTIONS + DROP_ACTIONS;
/// The number of actions.
pub const ACTION_SIZE: usize = PASS_ACTION + 1;

/// Planes: 4 seats x 14 kinds, 4 x 7 reserve counts, 4 in-game flags, 4 scores,
/// repetitions, move number (low and high byte), ruleset.
pub const OBS_PLANES: usize = 96;
/// Bytes of one observation.
pub const OBS_LEN: usize = OBS_PLANES * 81;

const PLANE_RESERVE: usize = 56;
/// The constant planes: every plane from the reserves on holds one value.
pub const FEATURE_PLANES: usize = OBS_PLANES - PLANE_RESERVE;
const PLANE_IN_GAME: usize = 84;
const PLANE_SCORE: usize = 88;
const PLANE_REPETITIONS: usize = 92;
const PLANE_MOVE_LOW: usize = 93;
const PLANE_MOVE_HIGH: usize = 94;
const PLANE_RULESET: usize = 95;

const fn rotation_table() -> [[u8; 81]; 4] {
    let mut table = [[0u8; 81]; 4];
    let mut t = 0;
    while t < 4 {
        let mut i = 0;
        while i < 81 {
            if let Some(sq) = Square::from_index(i) {
                table[t][i] = sq.rotated(t as u32).index() as u8;
            }
            i += 1;
        }
        t += 1;
    }
    table
}

/// `ROT[t][sq]`: the index of square `sq` after `t` clockwise quarter turns.
static ROT: [[u8; 81]; 4] = rotation_table();

/// Quarter turns that bring `seat` to South.
#[inline]
pub fn turns_to_south(seat: Seat) -> usize {
    (4 - seat.index()) % 4
}

#[inline]
fn rot(t: usize, sq: Square) -> usize {
    ROT[t][sq.index()] as usize
}

/// The action index of `mv`, a move of `mover`.
#[inline]
pub fn action_of(mv: Move, mover: Seat) -> usize {
    let t = turns_to_south(mover);
    match mv {
        Move::Board { from, to, promote } => {
            (rot(t, from) * 81 + rot(t, to)) * 2 + promote as usize
        }
        Move::Drop { kind, to } => BOARD_ACTIONS + kind.hand_index().unwrap_or(0) * 81 + rot(t, to),
        Move::Pass => PASS_ACTION,
    }
}

/// The move of action index `action` for `mover`; `None` outside the action space or
/// for a board move to its own square.
#[inline]
pub fn move_of(action: usize, mover: Seat) -> Option<Move> {
    // Back from South's frame to the board: the remaining quarter turns.
    let back = (4 - turns_to_south(mover)) % 4;
    let sq = |i: usize| Square::from_index(ROT[back][i] as usize);
    if action < BOARD_ACTIONS {
        let promote = action % 2 == 1;
        let (from, to) = (action / 2 / 81, action / 2 % 81);
        if from == to {
            return None;
        }
        Some(Move::Board {
            from: sq(from)?,
            to: sq(to)?,
            promote,
        })
    } else if action < PASS_ACTION {
        let a = action - BOARD_ACTIONS;
        Some(Move::Drop {
            kind: PieceKind::HAND[a / 81],
            to: sq(a % 81)?,
        })
    } else if action == PASS_ACTION {
        Some(Move::Pass)
    } else {
        None
    }
}

/// Writes the mask of `moves` (the legal moves of `mover`) into `out`
/// (`ACTION_SIZE` entries).
#[inline]
pub fn write_mask(moves: &MoveList, mover: Seat, out: &mut [bool]) {
    out.fill(false);
    for &mv in moves.iter() {
        out[action_of(mv, mover)] = true;
    }
}

/// Like [`write_mask`] into a mask that holds exactly the entries listed in `set`
/// (from the previous call): only those are cleared, and `set` lists the new ones.
/// Touching a few cache lines instead of 13,690 bytes is what makes batches fast.
#[inline]
pub fn update_mask(moves: &MoveList, mover: Seat, out: &mut [bool], set: &mut Vec<u16>) {
    for &i in set.iter() {
        out[i as usize] = false;
    }
    set.clear();
    for &mv in moves.iter() {
        let a = action_of(mv, mover);
        out[a] = true;
        set.push(a as u16);
    }
}

/// Writes the observation planes of `pos` (whose current state has occurred
/// `repetitions` times) as seen by `seat` into `out` (`OBS_LEN` bytes).
pub fn write_observation(pos: &Position, repetitions: usize, seat: Seat, out: &mut [u8]) {
    debug_assert_eq!(out.len(), OBS_LEN);
    out[..PLANE_RESERVE * 81].fill(0);
    write_pieces(pos, seat, out, |_| {});
    write_features(out, &features(pos, repetitions, seat), None);
}

/// Like [`write_observation`] into planes written before by this function: the piece
/// planes hold ones exactly at the indices listed in `set`, and the constant planes
/// the values `feats` (both updated here), so only what changed is written.
pub fn update_observation(
    pos: &Position,
    repetitions: usize,
    seat: Seat,
    out: &mut [u8],
    set: &mut Vec<u16>,
    feats: &mut [u8; FEATURE_PLANES],
) {
    for &i in set.iter() {
        out[i as usize] = 0;
    }
    set.clear();
    write_pieces(pos, seat, out, |i| set.push(i as u16));
    let now = features(pos, repetitions, seat);
    write_features(out, &now, Some(feats));
    *feats = now;
}

/// The piece planes (0-55): a one where relative seat r has a piece of kind k.
#[inline]
fn write_pieces(pos: &Position, seat: Seat, out: &mut [u8], mut record: impl FnMut(usize)) {
    let t = turns_to_south(seat);
    for r in 0..4 {
        // Relative seat r: 0 the viewer, 1 the next seat clockwise, 2 opposite, 3 previous.
        let owner = seat.rotated(r as u32);
        let mine = pos.pieces(owner);
        if mine.is_empty() {
            continue;
        }
        for kind in PieceKind::ALL {
            let plane = (r * 14 + kind.index()) * 81;
            for sq in mine & pos.kind_squares(kind) {
                let i = plane + rot(t, sq);
                out[i] = 1;
                record(i);
            }
        }
    }
}

/// The values of the constant planes (56-95): reserves, seats, scores, repetitions,
/// move number, ruleset.
#[inline]
pub fn features(pos: &Position, repetitions: usize, seat: Seat) -> [u8; FEATURE_PLANES] {
    let mut f = [0u8; FEATURE_PLANES];
    for r in 0..4 {
        let owner = seat.rotated(r as u32);
        let reserve = pos.reserve(owner);
        for (h, kind) in PieceKind::HAND.into_iter().enumerate() {
            f[r * 7 + h] = reserve.count(kind);
        }
        let (in_game, score) = match pos.seat_state(owner) {
            SeatState::Playing => (1, 0),
            SeatState::Out(score) => (0, score),
            SeatState::Absent => (0, 0),
        };
        f[PLANE_IN_GAME - PLANE_RESERVE + r] = in_game;
        f[PLANE_SCORE - PLANE_RESERVE + r] = score;
    }
    f[PLANE_REPETITIONS - PLANE_RESERVE] = repetitions.min(255) as u8;
    let number = pos.move_number().min(0xFFFF);
    f[PLANE_MOVE_LOW - PLANE_RESERVE] = (number & 0xFF) as u8;
    f[PLANE_MOVE_HIGH - PLANE_RESERVE] = (number >> 8) as u8;
    f[PLANE_RULESET - PLANE_RESERVE] = (pos.ruleset() == yono::Ruleset::Shogi) as u8;
    f
}

/// Fills the constant planes with `now`, skipping those that already hold it
/// according to `before` (`None`: fill all).
#[inline]
pub fn write_features(
    out: &mut [u8],
    now: &[u8; FEATURE_PLANES],
    before: Option<&[u8; FEATURE_PLANES]>,
) {
    for (i, &v) in now.iter().enumerate() {
        if before.is_none_or(|b| b[i] != v) {
            fill_plane(out, PLANE_RESERVE + i, v);
        }
    }
}

#[inline]
fn fill_plane(out: &mut [u8], plane: usize, value: u8) {
    out[plane * 81..(plane + 1) * 81].fill(value);
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
    fn south_frame_is_the_board() {
        let mv: Move = "5g5f".parse().unwrap();
        let a = action_of(mv, Seat::South);
        assert_eq!(move_of(a, Seat::South), Some(mv));
        // West's matching opening move has the same action.
        assert_eq!(action_of("7e6e".parse().unwrap(), Seat::West), a);
    }
}
