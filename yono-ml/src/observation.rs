//! The observation planes of a position as one seat sees it (turned so that it sits
//! South), and the legal-action mask; layouts in the project's docs/ML.md.
//!
//! ```
//! use yono::{Game, Ruleset};
//! let game = Game::new(Ruleset::Yono);
//! let mut planes = vec![0u8; yono_ml::OBS_LEN];
//! let pos = game.position();
//! yono_ml::write_observation(pos, game.repetitions(), pos.turn(), &mut planes).unwrap();
//! // South's King (plane 0 of the viewer's pieces) on 5i: row 8, column 4.
//! assert_eq!(planes[8 * 9 + 4], 1);
//! ```

use crate::action::{action_of, turns_to_south, ACTION_SIZE};
use yono::{Move, PieceKind, Position, Seat, SeatState, Square};

/// Planes: 4 seats x 14 kinds, 4 x 7 reserve counts, 4 in-game flags, 4 scores,
/// repetitions, move number (low and high byte), ruleset.
///
/// ```
/// assert_eq!(yono_ml::OBS_PLANES * 81, yono_ml::OBS_LEN);
/// ```
pub const OBS_PLANES: usize = 96;
/// Bytes of one observation: 96 planes of 9 x 9.
pub const OBS_LEN: usize = OBS_PLANES * 81;

const PLANE_RESERVE: usize = 56;
/// The constant planes: every plane from the reserves on holds one value.
pub(crate) const FEATURE_PLANES: usize = OBS_PLANES - PLANE_RESERVE;
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

#[inline]
fn rot(t: usize, sq: Square) -> usize {
    ROT[t][sq.index()] as usize
}

/// An output slice of the wrong length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what}: the output has {got} entries, expected {expected}")]
pub struct SizeError {
    /// What was being written.
    pub what: &'static str,
    /// The length the output must have.
    pub expected: usize,
    /// The length it had.
    pub got: usize,
}

fn check_len(what: &'static str, expected: usize, got: usize) -> Result<(), SizeError> {
    if expected == got {
        Ok(())
    } else {
        Err(SizeError {
            what,
            expected,
            got,
        })
    }
}

/// Writes the legal-action mask of `moves` (the legal moves of `mover`) into `out`,
/// which must have [`ACTION_SIZE`] entries: true at each move's action index.
///
/// ```
/// use yono::Game;
/// let game = Game::new(yono::Ruleset::Yono);
/// let mut mask = vec![false; yono_ml::ACTION_SIZE];
/// yono_ml::write_mask(&game.legal_moves(), game.position().turn(), &mut mask).unwrap();
/// assert_eq!(mask.iter().filter(|&&m| m).count(), 12);
/// assert!(yono_ml::write_mask(&game.legal_moves(), yono::Seat::South, &mut mask[1..]).is_err());
/// ```
pub fn write_mask(moves: &[Move], mover: Seat, out: &mut [bool]) -> Result<(), SizeError> {
    check_len("legal-action mask", ACTION_SIZE, out.len())?;
    out.fill(false);
    for &mv in moves {
        out[action_of(mv, mover)] = true;
    }
    Ok(())
}

/// Sets the mask entries of `actions` (indices below [`ACTION_SIZE`]) to `value`: with
/// the previous legal list (false) and the new one (true), a mask is updated touching
/// a few cache lines instead of 13,690 bytes, which is what makes batches fast.
#[inline]
pub(crate) fn update_mask_from(actions: &[i16], out: &mut [bool], value: bool) {
    for &a in actions {
        if let Some(entry) = out.get_mut(a as u16 as usize) {
            *entry = value;
        }
    }
}

/// Writes the observation planes of `pos` (whose current state has occurred
/// `repetitions` times) as seen by `seat` into `out`, which must have [`OBS_LEN`]
/// bytes (see the module's example).
pub fn write_observation(
    pos: &Position,
    repetitions: usize,
    seat: Seat,
    out: &mut [u8],
) -> Result<(), SizeError> {
    check_len("observation", OBS_LEN, out.len())?;
    out[..PLANE_RESERVE * 81].fill(0);
    write_pieces(pos, seat, out, |_| {});
    write_features(out, &features(pos, repetitions, seat), None);
    Ok(())
}

/// Like [`write_observation`] into planes written before by this function: the piece
/// planes hold ones exactly at the indices listed in `set`, and the constant planes
/// the values `feats` (both updated here), so only what changed is written.
pub(crate) fn update_observation(
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
    let t = turns_to_south(seat) as usize;
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
pub(crate) fn features(pos: &Position, repetitions: usize, seat: Seat) -> [u8; FEATURE_PLANES] {
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
pub(crate) fn write_features(
    out: &mut [u8],
    now: &[u8; FEATURE_PLANES],
    before: Option<&[u8; FEATURE_PLANES]>,
) {
    for (i, &v) in now.iter().enumerate() {
        if before.map_or(true, |b| b[i] != v) {
            fill_plane(out, PLANE_RESERVE + i, v);
        }
    }
}

#[inline]
fn fill_plane(out: &mut [u8], plane: usize, value: u8) {
    out[plane * 81..(plane + 1) * 81].fill(value);
}
