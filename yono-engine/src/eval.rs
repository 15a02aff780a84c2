//! Static evaluation: each seat's expected final score, in milli-points.
//!
//! A seat's final score is fixed by how many of the seats still in the game fall before
//! it, so the evaluation estimates, for every pair of seats still in, the probability
//! that one outlasts the other, from a strength in material units (material on the
//! board and in reserve, King exposure, pending threats, the move). All arithmetic is
//! integer, so the value is the same on every machine.

use std::sync::OnceLock;

use yono::{Bitboard, PieceKind, Position, Seat, SeatState, Square};

/// One point of score.
pub(crate) const POINT: i32 = 1000;

/// Material value of a piece on the board, in centi-pawns.
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
/// sigmoid `d / (T + |d|)`).
const SPREAD: i32 = 1500;
/// A seat whose King is threatened by a seat that moves before it does: only a third
/// seat can still save it.
const DOOMED: i32 = 6000;
/// The seat to move is in check and must answer.
const IN_CHECK: i32 = 150;
/// A King threatened by a seat that moves after its owner: the owner must answer.
const THREATENED: i32 = 250;
/// Having the move.
const TEMPO: i32 = 40;

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

/// Chebyshev distance between two squares.
fn distance(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32)
        .abs()
        .max((a.rank() as i32 - b.rank() as i32).abs())
}

/// For every square: the squares at distance 1, and those at distance 1 or 2.
fn king_boxes() -> &'static [(Bitboard, Bitboard); 81] {
    static BOXES: OnceLock<[(Bitboard, Bitboard); 81]> = OnceLock::new();
    BOXES.get_or_init(|| {
        let mut boxes = [(Bitboard::EMPTY, Bitboard::EMPTY); 81];
        for a in Square::all() {
            for b in Square::all() {
                match distance(a, b) {
                    1 => {
                        boxes[a.index()].0 = boxes[a.index()].0.with(b);
                        boxes[a.index()].1 = boxes[a.index()].1.with(b);
                    }
                    2 => boxes[a.index()].1 = boxes[a.index()].1.with(b),
                    _ => {}
                }
            }
        }
        boxes
    })
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

/// Each seat's strength in centi-pawns (seats not in the game: 0).
pub(crate) fn strengths(pos: &Position) -> [i32; 4] {
    let in_game = pos.seats_in_game();
    let mut v = [0i32; 4];
    let mut kings = [None; 4];
    for seat in in_game.iter() {
        kings[seat.index()] = pos.king(seat);
        let mut m = 0;
        for (kind, count) in pos.reserve(seat).iter() {
            m += reserve_value(kind) * count as i32;
        }
        v[seat.index()] = m;
    }
    let all_kings = pos.kind_squares(PieceKind::King);
    for seat in in_game.iter() {
        for sq in pos.pieces(seat) & !all_kings {
            if let Some(piece) = pos.piece_at(sq) {
                v[seat.index()] += piece_value(piece.kind);
            }
        }
    }
    // Pieces near each King (Kings themselves left out): defenders beside it, and
    // attackers within two squares, worth more the closer they are.
    let boxes = king_boxes();
    for seat in in_game.iter() {
        let Some(king) = kings[seat.index()] else {
            continue;
        };
        let (ring1, box2) = boxes[king.index()];
        v[seat.index()] += 25 * (pos.pieces(seat) & ring1 & !all_kings).count() as i32;
        for other in in_game.iter().filter(|&o| o != seat) {
            for sq in pos.pieces(other) & box2 & !all_kings {
                if let Some(piece) = pos.piece_at(sq) {
                    let weight = if ring1.contains(sq) { 60 } else { 25 };
                    v[seat.index()] -= weight + piece_value(piece.kind) / 20;
                }
            }
        }
    }
    for seat in in_game.iter() {
        let threats = pos.threatened_by(seat);
        if threats.is_empty() {
            continue;
        }
        let mine = turns_until(pos, seat);
        if mine == 0 {
            v[seat.index()] -= IN_CHECK;
        } else if threats.iter().any(|t| turns_until(pos, t) < mine) {
            v[seat.index()] -= DOOMED;
        } else {
            v[seat.index()] -= THREATENED;
        }
    }
    v[pos.turn().index()] += TEMPO;
    v
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
            let d = v[i.index()] - v[j.index()];
            let p = POINT / 2 + (POINT / 2) * d / (SPREAD + d.abs());
            e[i.index()] += p;
            e[j.index()] += POINT - p;
        }
    }
    e
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

/// The search's evaluation of `pos` for the seat `root`: in Yo\[n\]o its expected
/// final score in milli-points, in standard Shogi its strength minus the other
/// seat's in centi-pawns.
pub(crate) fn search_raw(pos: &Position, root: Seat, seed: u64, noise: u32) -> i32 {
    if pos.ruleset().seats().len() == 2 {
        let mut v = strengths(pos);
        add_noise(pos, &mut v, seed, noise);
        let other = pos
            .ruleset()
            .seats()
            .without(root)
            .iter()
            .next()
            .unwrap_or(root);
        v[root.index()] - v[other.index()]
    } else {
        evaluate(pos, seed, noise)[root.index()]
    }
}

/// Standard Shogi: the expected score of a strength difference (centi-pawns), the
/// evaluation's own sigmoid.
pub(crate) fn shogi_win_probability(d: i32) -> f64 {
    0.5 + 0.5 * d as f64 / (SPREAD as f64 + (d as f64).abs())
}
