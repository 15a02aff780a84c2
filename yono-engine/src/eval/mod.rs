//! Static evaluation: each seat's expected final score, in milli-points.
//!
//! A seat's final score is fixed by how many of the seats still in the game fall
//! before it, so the evaluation estimates, for every pair of seats still in, the
//! probability that one outlasts the other, from each seat's *strength*: a weighted
//! sum of features of the position ([`features`]), with weights fitted to self-play
//! games (`weights.rs`, written by `examples/tune.rs`; docs/ENGINE.md says how).
//! All arithmetic is integer, so the value is the same on every machine.
//!
//! Features, per seat (coordinates seat-relative: rank counted forward from the
//! seat's own back line, file from its left; standard Shogi folds the files, the
//! game being symmetric left to right):
//! - material on the board by kind; in reserve by kind (the first piece, each more);
//! - each piece kind's rank and file;
//! - King safety: enemy pieces next to the King and two squares away, by kind; own
//!   pieces there, by kind; the squares from which an enemy's reserve piece could be
//!   dropped giving check, by kind (the drop threats of Shogi attacks);
//! - mobility of the long-range pieces (squares reached);
//! - the move, and pending threats: the seat to move in check, a King threatened by
//!   a seat that moves after its owner, and a "doomed" King threatened by a seat
//!   that moves before it (only a third seat can still save it).

use yono::{attacks, Bitboard, PieceKind, Position, Ruleset, Seat, SeatState, Square};

use crate::seats;
use crate::threats::{possible_threateners, Attackers};
use crate::weights;

mod placement;
pub(crate) use placement::{placement, placement_change};

/// One point of score.
pub(crate) const POINT: i32 = 1000;

/// Material value of a piece on the board, in centi-pawns, for exchanges and move
/// ordering (the evaluation has its own, fitted, values).
pub(crate) const fn piece_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::King => 0,
        PieceKind::Rook => 950,
        PieceKind::Bishop => 800,
        PieceKind::Gold => 600,
        PieceKind::Silver => 550,
        PieceKind::Knight => 400,
        PieceKind::Lance => 350,
        PieceKind::Pawn => 100,
        PieceKind::Dragon => 1250,
        PieceKind::Horse => 1050,
        PieceKind::PromotedSilver => 600,
        PieceKind::PromotedKnight => 600,
        PieceKind::PromotedLance => 600,
        PieceKind::PromotedPawn => 650,
    }
}

/// What capturing a piece of `kind` is worth in an exchange: its owner loses it from
/// the board and the capturer gains it (unpromoted) in reserve.
pub(crate) const fn exchange_value(kind: PieceKind) -> i32 {
    piece_value(kind) + reserve_value(kind.unpromoted())
}

/// A reserve piece can be dropped where it is needed, so it is worth a little more
/// than the same piece on the board.
const fn reserve_value(kind: PieceKind) -> i32 {
    piece_value(kind) * 11 / 10
}

/// How far apart two strengths must be for a 3:1 chance of outlasting (the `T` of the
/// sigmoid `½ + ½·d / (T + |d|)`).
pub const SPREAD: i32 = 1500;

// ---- the feature layout -----------------------------------------------------------

/// Material on the board, by kind.
pub const BOARD: usize = 0;
/// The first reserve piece of a kind (by reserve index `R B G S N L P`).
pub const HAND_FIRST: usize = BOARD + 14;
/// Each further reserve piece of a kind.
pub const HAND_MORE: usize = HAND_FIRST + 7;
/// A piece's rank, counted forward from its seat's back line: `RANK + 9·kind + r`.
pub const RANK: usize = HAND_MORE + 7;
/// A piece's file from its seat's left: `FILE + 9·kind + f`.
pub const FILE: usize = RANK + 14 * 9;
/// An enemy piece next to the seat's King, by kind.
pub const ENEMY_NEAR: usize = FILE + 14 * 9;
/// An enemy piece two squares from the King, by kind.
pub const ENEMY_FAR: usize = ENEMY_NEAR + 14;
/// An own piece next to the King, by kind.
pub const OWN_NEAR: usize = ENEMY_FAR + 14;
/// An own piece two squares from the King, by kind.
pub const OWN_FAR: usize = OWN_NEAR + 14;
/// A square from which an enemy reserve piece (by reserve index) would be dropped
/// giving check.
pub const DROP_CHECK: usize = OWN_FAR + 14;
/// Squares a long-range piece reaches: Rook, Bishop, Lance, Dragon, Horse.
pub const MOBILITY: usize = DROP_CHECK + 7;
/// The seat to move is in check.
pub const IN_CHECK: usize = MOBILITY + 5;
/// The King is threatened by a seat that moves after its owner.
pub const THREATENED: usize = IN_CHECK + 1;
/// The King is threatened by a seat that moves before its owner.
pub const DOOMED: usize = THREATENED + 1;
/// Having the move.
pub const TEMPO: usize = DOOMED + 1;
/// The number of features.
pub const FEATURES: usize = TEMPO + 1;

/// The weights of one ruleset, by feature.
pub type Weights = [i32; FEATURES];

/// The fitted weights of `ruleset`.
#[inline]
pub fn weights_of(ruleset: Ruleset) -> &'static Weights {
    match ruleset {
        Ruleset::Shogi => &weights::SHOGI,
        Ruleset::Yono => &weights::YONO,
    }
}

/// The rank (forward from the back line) and file (from the left) of `sq` as `seat`
/// sees the board.
#[inline]
const fn relative(seat: Seat, sq: Square) -> (usize, usize) {
    let file = sq.file() as usize; // 1..=9, 1 the East edge
    let rank = sq.rank() as usize; // 1..=9, 1 (rank a) the North edge
    match seat {
        Seat::South => (9 - rank, 9 - file),
        Seat::North => (rank - 1, file - 1),
        Seat::West => (9 - file, rank - 1),
        Seat::East => (file - 1, 9 - rank),
    }
}

/// The index of a long-range kind among the mobility features.
#[inline]
fn slider(kind: PieceKind) -> Option<usize> {
    match kind {
        PieceKind::Rook => Some(0),
        PieceKind::Bishop => Some(1),
        PieceKind::Lance => Some(2),
        PieceKind::Dragon => Some(3),
        PieceKind::Horse => Some(4),
        _ => None,
    }
}

/// How many moves after the seat to move `seat` moves (0 for the seat to move).
fn turns_until(pos: &Position, seat: Seat) -> usize {
    let in_game = pos.seats_in_game();
    let mut s = pos.turn();
    let mut n = 0;
    while s != seat && n < 4 {
        s = s.next();
        if in_game.contains(s) {
            n += 1;
        }
    }
    n
}

/// Hands every feature occurrence of `pos` to `add(seat index, feature, count)`.
/// The evaluation sums weights with it; the tuner collects the counts.
#[inline]
pub fn features(pos: &Position, mut add: impl FnMut(usize, usize, i32)) {
    let in_game = pos.seats_in_game();
    let shogi = pos.ruleset() == Ruleset::Shogi;
    let occupied = pos.occupied();
    let kings = pos.kind_squares(PieceKind::King);
    for seat in in_game.iter() {
        let s = seat.index();
        let own = pos.pieces(seat);
        for sq in own {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let k = piece.kind.index();
            let (r, mut f) = relative(seat, sq);
            if shogi {
                f = f.min(8 - f);
            }
            if piece.kind != PieceKind::King {
                add(s, BOARD + k, 1);
            }
            add(s, RANK + 9 * k + r, 1);
            add(s, FILE + 9 * k + f, 1);
            if let Some(i) = slider(piece.kind) {
                let reach = attacks::attacks(seat, piece.kind, sq, occupied) & !own;
                add(s, MOBILITY + i, reach.count() as i32);
            }
        }
        for (kind, n) in pos.reserve(seat).iter() {
            if let Some(h) = kind.hand_index() {
                if n > 0 {
                    add(s, HAND_FIRST + h, 1);
                    if n > 1 {
                        add(s, HAND_MORE + h, n as i32 - 1);
                    }
                }
            }
        }
        let Some(king) = pos.king(seat) else {
            continue;
        };
        // Pieces around the King (Kings left out).
        let near = attacks::king_attacks(king);
        for sq in occupied & !kings & king_box(king) {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let adjacent = near.contains(sq);
            let k = piece.kind.index();
            let feature = match (piece.seat == seat, adjacent) {
                (true, true) => OWN_NEAR,
                (true, false) => OWN_FAR,
                (false, true) => ENEMY_NEAR,
                (false, false) => ENEMY_FAR,
            };
            add(s, feature + k, 1);
        }
        // Drop threats: where each enemy's reserve pieces would land giving check.
        for enemy in in_game.iter().filter(|&e| e != seat) {
            let reserve = pos.reserve(enemy);
            if reserve.is_empty() {
                continue;
            }
            let zone = pos.ruleset().drop_zone(enemy) & !occupied;
            let back = enemy.opposite();
            for (kind, n) in reserve.iter() {
                if n == 0 {
                    continue;
                }
                let Some(h) = kind.hand_index() else {
                    continue;
                };
                // A piece of `enemy` on X attacks the King exactly when a piece of
                // the opposite seat on the King's square would reach X.
                let from = attacks::attacks(back, kind, king, occupied) & zone;
                let count = from.count() as i32;
                if count > 0 {
                    add(s, DROP_CHECK + h, count);
                }
            }
        }
        // Pending threats.
        let threats = pos.threatened_by(seat);
        if !threats.is_empty() {
            let mine = turns_until(pos, seat);
            if mine == 0 {
                add(s, IN_CHECK, 1);
            } else if threats.iter().any(|t| turns_until(pos, t) < mine) {
                add(s, DOOMED, 1);
            } else {
                add(s, THREATENED, 1);
            }
        }
    }
    add(pos.turn().index(), TEMPO, 1);
}

/// The squares within two of `sq` (without it).
#[inline]
fn king_box(sq: Square) -> Bitboard {
    KING_BOXES[sq.index()]
}

/// [`king_box`] by square index (`9 * row + column`), built at compile time (a
/// table built on first use checks its state at every lookup).
static KING_BOXES: [Bitboard; 81] = {
    let mut boxes = [Bitboard::EMPTY; 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut bits = 0u128;
        let mut b: usize = 0;
        while b < 81 {
            let rows = (a / 9).abs_diff(b / 9);
            let columns = (a % 9).abs_diff(b % 9);
            let distance = if rows > columns { rows } else { columns };
            if distance == 1 || distance == 2 {
                bits |= 1 << b;
            }
            b += 1;
        }
        boxes[a] = Bitboard(bits);
        a += 1;
    }
    boxes
};

/// The decided scores when the game is over, by seat index, in milli-points: one seat
/// left (Yo\[n\]o), or `no_moves` (the seat to move has no legal move: in Shogi it
/// loses). `None` while the game goes on.
pub(crate) fn terminal(pos: &Position, no_moves: bool) -> Option<[i32; 4]> {
    let in_game = pos.seats_in_game();
    let max = pos.ruleset().max_score() as i32;
    if in_game.len() <= 1 {
        return Some(Seat::ALL.map(|s| match pos.seat_state(s) {
            SeatState::Out(score) => score as i32 * POINT,
            SeatState::Playing => max * POINT,
            SeatState::Absent => 0,
        }));
    }
    if no_moves {
        // Shogi: the seat to move has lost, the other seat wins.
        return Some(Seat::ALL.map(|s| match pos.seat_state(s) {
            SeatState::Out(score) => score as i32 * POINT,
            SeatState::Playing if s == pos.turn() => 0,
            SeatState::Playing => max * POINT,
            SeatState::Absent => 0,
        }));
    }
    None
}

/// Each seat's strength in centi-pawns (seats not in the game: 0): the weighted sum
/// of [`features`], computed without handing out each feature (the search's hot
/// path; a test holds the two equal). Material, rank, file and reserves are the
/// [`placement`] terms, and the threats come from [`Attackers`], built once for all
/// seats.
pub(crate) fn strengths(pos: &Position) -> [i32; 4] {
    strengths_with(pos, &placement(pos), pos.is_check())
}

/// [`strengths`] with the position's [`placement`] already in hand (the search
/// keeps it up to date move by move), and whether the seat to move is in check
/// (`pos.is_check()`, which the search knows).
#[inline]
pub(crate) fn strengths_with(pos: &Position, placement: &[i32; 4], in_check: bool) -> [i32; 4] {
    debug_assert_eq!(in_check, pos.is_check(), "{}", pos.text());
    let ruleset = pos.ruleset();
    let w = weights_of(ruleset);
    let in_game = pos.seats_in_game();
    let mover = pos.turn();
    let occupied = pos.occupied();
    let kings = pos.kind_squares(PieceKind::King);
    let mut groups = None;
    // Each seat's reserve as a mask of the kinds held (bit = reserve index), read
    // once: every other seat's drop threats look at it.
    let mut held = [0u8; 4];
    for seat in seats(in_game) {
        held[seat.index()] = kinds_held(pos.reserve(seat));
    }
    let mut v = [0i32; 4];
    for seat in seats(in_game) {
        let s = seat.index();
        let own = pos.pieces(seat);
        let mut x = placement[s] + mobility(pos, w, seat, occupied);
        let Some(king) = pos.king(seat) else {
            v[s] = x;
            continue;
        };
        // Pieces around the King (Kings left out), a loop per feature group.
        let near = attacks::king_attacks(king);
        let around = occupied & !kings & king_box(king);
        let far = around & !near;
        let near = around & near;
        let enemies = !own;
        // A call per group (a loop over an array of the four cost 0.2–0.5% more
        // instructions of a search).
        let mut around_term = |squares: Bitboard, feature: usize| {
            each_square(squares, |i| {
                if let Some(piece) = Square::from_index(i).and_then(|sq| pos.piece_at(sq)) {
                    x += w[feature + piece.kind.index()];
                }
            });
        };
        around_term(near & own, OWN_NEAR);
        around_term(far & own, OWN_FAR);
        around_term(near & enemies, ENEMY_NEAR);
        around_term(far & enemies, ENEMY_FAR);
        // Drop threats. A Rook's or Bishop's checking squares do not depend on its
        // seat: found once for all enemies.
        let (mut rook, mut bishop) = (None, None);
        for enemy in seats(in_game.without(seat)) {
            let mut kinds = held[enemy.index()];
            if kinds == 0 {
                continue;
            }
            let zone = ruleset.drop_zone(enemy) & !occupied;
            let back = enemy.opposite();
            while kinds != 0 {
                let h = kinds.trailing_zeros() as usize;
                kinds &= kinds - 1;
                // By reserve index, R B G S N L P.
                let from = match h {
                    0 => *rook.get_or_insert_with(|| attacks::rook_attacks(king, occupied)),
                    1 => *bishop.get_or_insert_with(|| attacks::bishop_attacks(king, occupied)),
                    2 => attacks::gold_attacks(back, king),
                    3 => attacks::silver_attacks(back, king),
                    4 => attacks::knight_attacks(back, king),
                    5 => attacks::lance_attacks(back, king, occupied),
                    _ => attacks::pawn_attacks(back, king),
                };
                x += w[DROP_CHECK + h] * (from & zone).count() as i32;
            }
        }
        // Pending threats: the seat to move's is being in check.
        if seat == mover {
            x += if in_check { w[IN_CHECK] } else { 0 };
        } else if !possible_threateners(pos, seat).is_empty() {
            let groups = groups.get_or_insert_with(|| Attackers::of(pos));
            let threats = groups.threatened_by(pos, seat);
            if !threats.is_empty() {
                let mine = turns_until(pos, seat);
                x += if seats(threats).any(|t| turns_until(pos, t) < mine) {
                    w[DOOMED]
                } else {
                    w[THREATENED]
                };
            }
        }
        v[s] = x;
    }
    v[pos.turn().index()] += w[TEMPO];
    v
}

/// The kinds a reserve holds, as a mask by reserve index: the seven counts read
/// as one word, a bit per non-zero byte.
#[inline]
fn kinds_held(reserve: &yono::Reserve) -> u8 {
    let c = reserve.0;
    let x = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], 0]);
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // Bit 7 of each byte: set when the byte is not zero.
    let nonzero = (((x & LOW7) + LOW7) | x) & !LOW7;
    // Gathers bit 8i + 7 into bit 56 + i.
    ((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The weighted mobility of `seat`'s long-range pieces: the squares each reaches
/// ([`attacks::attacks`]), its own pieces' left out. A loop per kind, each with its
/// own attack lookup (one loop over the kinds, dispatching on the kind for every
/// piece, cost about 1% more instructions of a search).
#[inline]
fn mobility(pos: &Position, w: &Weights, seat: Seat, occupied: Bitboard) -> i32 {
    let own = pos.pieces(seat);
    let term = |kind, attacks: &dyn Fn(Square) -> Bitboard| -> i32 {
        let mut n = 0;
        for sq in own & pos.kind_squares(kind) {
            n += (attacks(sq) & !own).count();
        }
        slider(kind).map_or(0, |i| w[MOBILITY + i] * n as i32)
    };
    term(PieceKind::Rook, &|sq| attacks::rook_attacks(sq, occupied))
        + term(PieceKind::Bishop, &|sq| {
            attacks::bishop_attacks(sq, occupied)
        })
        + term(PieceKind::Lance, &|sq| {
            attacks::lance_attacks(seat, sq, occupied)
        })
        + term(PieceKind::Dragon, &|sq| {
            attacks::rook_attacks(sq, occupied) | attacks::king_attacks(sq)
        })
        + term(PieceKind::Horse, &|sq| {
            attacks::bishop_attacks(sq, occupied) | attacks::king_attacks(sq)
        })
}

/// Calls `f` with the index of every square of `bb`, in index order: the two
/// words of the board one after the other, cheaper than the 128-bit iterator.
#[inline(always)]
fn each_square(bb: Bitboard, mut f: impl FnMut(usize)) {
    let mut low = bb.0 as u64;
    while low != 0 {
        f(low.trailing_zeros() as usize);
        low &= low - 1;
    }
    let mut high = (bb.0 >> 64) as u64;
    while high != 0 {
        f(64 + high.trailing_zeros() as usize);
        high &= high - 1;
    }
}

/// P(a seat of strength difference `d` outlasts the other), milli-points.
#[inline]
pub(crate) fn outlasts(d: i32) -> i32 {
    POINT / 2 + (POINT / 2) * d / (SPREAD + d.abs())
}

/// Each seat's expected final score in milli-points, by seat index (seats not in the
/// ruleset: 0). `noise` (centi-pawns) perturbs the strengths by a hash of the position
/// and `seed`, to vary play between games; 0 turns it off.
pub(crate) fn evaluate(pos: &Position, seed: u64, noise: u32) -> [i32; 4] {
    if let Some(done) = terminal(pos, false) {
        return done;
    }
    let mut v = strengths(pos);
    add_noise(pos, &mut v, seed, noise);
    expected_scores(pos, &v)
}

/// Each seat's expected final score from the strengths `v`.
pub(crate) fn expected_scores(pos: &Position, v: &[i32; 4]) -> [i32; 4] {
    let in_game = pos.seats_in_game();
    let k = in_game.len() as i32;
    let base = (pos.ruleset().max_score() as i32 - (k - 1)) * POINT;
    let mut e = Seat::ALL.map(|s| match pos.seat_state(s) {
        SeatState::Out(score) => score as i32 * POINT,
        SeatState::Playing => base,
        SeatState::Absent => 0,
    });
    let mut seats = [Seat::South; 4];
    let mut n = 0;
    for seat in in_game.iter() {
        seats[n] = seat;
        n += 1;
    }
    for (a, &i) in seats[..n].iter().enumerate() {
        for &j in &seats[a + 1..n] {
            let p = outlasts(v[i.index()] - v[j.index()]);
            e[i.index()] += p;
            e[j.index()] += POINT - p;
        }
    }
    e
}

/// The search's evaluation of `pos` for the seat `root`: in Yo\[n\]o its expected
/// final score in milli-points, in standard Shogi its strength minus the other
/// seat's in centi-pawns.
pub(crate) fn search_raw(pos: &Position, root: Seat, seed: u64, noise: u32) -> i32 {
    search_raw_with(pos, &placement(pos), pos.is_check(), root, seed, noise)
}

/// [`search_raw`] with the position's [`placement`] in hand and whether its seat to
/// move is in check.
#[inline]
pub(crate) fn search_raw_with(
    pos: &Position,
    placement: &[i32; 4],
    in_check: bool,
    root: Seat,
    seed: u64,
    noise: u32,
) -> i32 {
    let mut v = strengths_with(pos, placement, in_check);
    add_noise(pos, &mut v, seed, noise);
    if pos.ruleset() == Ruleset::Shogi {
        let other = root.opposite();
        v[root.index()] - v[other.index()]
    } else {
        expected_scores(pos, &v)[root.index()]
    }
}

/// Standard Shogi: the expected score of a strength difference (centi-pawns), the
/// evaluation's own sigmoid.
pub(crate) fn shogi_win_probability(d: i32) -> f64 {
    0.5 + 0.5 * d as f64 / (SPREAD as f64 + (d as f64).abs())
}

/// Perturbs the strengths by up to `noise` centi-pawns, from a hash of the position
/// and the seed.
fn add_noise(pos: &Position, v: &mut [i32; 4], seed: u64, noise: u32) {
    if noise == 0 {
        return;
    }
    let span = 2 * noise as u64 + 1;
    for (i, x) in v.iter_mut().enumerate() {
        let h = mix(pos.key() ^ seed.rotate_left(17) ^ (i as u64 + 1).wrapping_mul(0x9E37));
        *x += (h % span) as i32 - noise as i32;
    }
}

/// splitmix64's finaliser: a well-spread hash of a 64-bit value.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_games::each_position;

    #[test]
    fn every_seat_sees_its_start_alike() {
        // The Yo[n]o start is the same army for every seat, turned: the same
        // features but the move.
        let pos = Position::start();
        let mut counts = vec![[0i32; 4]; FEATURES];
        features(&pos, |s, f, n| counts[f][s] += n);
        for (f, c) in counts.iter().enumerate() {
            if f != TEMPO {
                assert!(c.iter().all(|&x| x == c[0]), "feature {f}: {c:?}");
            }
        }
    }

    #[test]
    fn a_king_box_is_the_squares_one_or_two_steps_away() {
        for a in Square::all() {
            for b in Square::all() {
                let files = (a.file() as i32 - b.file() as i32).abs();
                let ranks = (a.rank() as i32 - b.rank() as i32).abs();
                let steps = files.max(ranks);
                assert_eq!(king_box(a).contains(b), steps == 1 || steps == 2, "{a} {b}");
            }
        }
    }

    #[test]
    fn kinds_held_are_the_nonzero_counts() {
        let mut state = 7u64;
        for _ in 0..10_000 {
            state = mix(state);
            let mut r = yono::Reserve::default();
            for (h, c) in r.0.iter_mut().enumerate() {
                // Mostly zero, sometimes large.
                *c = match (state >> (8 * h)) & 7 {
                    0..=3 => 0,
                    4 => 1,
                    5 => 255,
                    _ => (state >> (8 * h + 3)) as u8,
                };
            }
            let expected = (0..7).fold(0u8, |m, h| m | ((r.0[h] > 0) as u8) << h);
            assert_eq!(kinds_held(&r), expected, "{:?}", r.0);
        }
    }

    #[test]
    fn strengths_are_the_weighted_features() {
        each_position(0x2545_F491_4F6C_DD1D, 30, |pos, _, _| {
            let w = weights_of(pos.ruleset());
            let mut v = [0i32; 4];
            features(pos, |s, f, n| v[s] += w[f] * n);
            assert_eq!(strengths(pos), v, "{}", pos.text());
        });
    }

    #[test]
    fn shogi_start_is_symmetric() {
        let pos = Position::new(Ruleset::Shogi);
        let v = strengths(&pos);
        let tempo = weights_of(Ruleset::Shogi)[TEMPO];
        assert_eq!(v[Seat::South.index()] - tempo, v[Seat::North.index()]);
    }
}
