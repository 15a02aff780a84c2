//! The evaluation's placement terms: what each piece adds by its kind and square
//! (material, rank, file) and each reserve by its counts. A move changes them only
//! where it touches, so the search carries them from node to node.

use yono::{Move, PieceKind, Position, Ruleset, Seat, Square};

use super::{
    each_square, kinds_held, relative, weights_of, Weights, BOARD, FILE, HAND_FIRST, HAND_MORE,
    RANK,
};

/// Each seat's placement terms (seats not in the game: 0): the weights of its
/// pieces' material, rank and file, and of its reserve. A move changes them only
/// on the squares and the reserve count it touches ([`Touched`]), so the search
/// carries them from node to node instead of summing every piece again.
pub(crate) fn placement(pos: &Position) -> [i32; 4] {
    let w = weights_of(pos.ruleset());
    let table = square_table(pos.ruleset());
    let mut v = [0i32; 4];
    for seat in crate::seats(pos.seats_in_game()) {
        let s = seat.index();
        let by_kind = &table[s];
        let mut x = 0;
        each_square(pos.pieces(seat), |i| {
            if let Some(piece) = Square::from_index(i).and_then(|sq| pos.piece_at(sq)) {
                x += by_kind[piece.kind.index()][i];
            }
        });
        let reserve = pos.reserve(seat);
        let mut kinds = kinds_held(reserve);
        while kinds != 0 {
            let h = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            x += hand_term(w, h, reserve.0[h]);
        }
        v[s] = x;
    }
    v
}

/// The weight of holding `n` pieces of reserve index `h`.
#[inline]
fn hand_term(w: &Weights, h: usize, n: u8) -> i32 {
    match n {
        0 => 0,
        n => w[HAND_FIRST + h] + w[HAND_MORE + h] * (n as i32 - 1),
    }
}

/// What a move touches of the placement terms: its two squares (a drop: one)
/// and the mover's reserve count it changes (a capture or a drop).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Touched {
    squares: [Option<Square>; 2],
    reserve: Option<(Seat, usize)>,
}

impl Touched {
    /// What `mv`, about to be played in `pos`, touches.
    #[inline]
    pub(crate) fn by(pos: &Position, mv: Move) -> Touched {
        let mover = pos.turn();
        match mv {
            Move::Board { from, to, .. } => Touched {
                squares: [Some(from), Some(to)],
                reserve: pos
                    .piece_at(to)
                    .and_then(|c| c.kind.unpromoted().hand_index())
                    .map(|h| (mover, h)),
            },
            Move::Drop { kind, to } => Touched {
                squares: [Some(to), None],
                reserve: kind.hand_index().map(|h| (mover, h)),
            },
            Move::Pass => Touched {
                squares: [None, None],
                reserve: None,
            },
        }
    }

    /// The placement terms of what is touched, as `pos` has it (before the move,
    /// then after it: the difference is the move's change to [`placement`]). The
    /// seats in the game must be those of the whole placement's.
    #[inline]
    pub(crate) fn terms(&self, pos: &Position) -> [i32; 4] {
        let w = weights_of(pos.ruleset());
        let table = square_table(pos.ruleset());
        let in_game = pos.seats_in_game();
        let mut v = [0i32; 4];
        for sq in self.squares.into_iter().flatten() {
            if let Some(piece) = pos.piece_at(sq) {
                if in_game.contains(piece.seat) {
                    v[piece.seat.index()] +=
                        table[piece.seat.index()][piece.kind.index()][sq.index()];
                }
            }
        }
        if let Some((seat, h)) = self.reserve {
            v[seat.index()] += hand_term(w, h, pos.reserve(seat).0[h]);
        }
        v
    }
}

/// Per seat, kind and square, the weights of a piece's material, rank and file,
/// summed: the features every piece has, looked up once.
type SquareTable = [[[i32; 81]; 14]; 4];

fn square_table(ruleset: Ruleset) -> &'static SquareTable {
    static YONO: std::sync::OnceLock<Box<SquareTable>> = std::sync::OnceLock::new();
    static SHOGI: std::sync::OnceLock<Box<SquareTable>> = std::sync::OnceLock::new();
    let cell = match ruleset {
        Ruleset::Yono => &YONO,
        Ruleset::Shogi => &SHOGI,
    };
    cell.get_or_init(|| {
        let w = weights_of(ruleset);
        let mut t = Box::new([[[0i32; 81]; 14]; 4]);
        for seat in Seat::ALL {
            for (k, &kind) in PieceKind::ALL.iter().enumerate() {
                for sq in Square::all() {
                    let (r, mut f) = relative(seat, sq);
                    if ruleset == Ruleset::Shogi {
                        f = f.min(8 - f);
                    }
                    let board = if kind == PieceKind::King {
                        0
                    } else {
                        w[BOARD + k]
                    };
                    t[seat.index()][k][sq.index()] =
                        board + w[RANK + 9 * k + r] + w[FILE + 9 * k + f];
                }
            }
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_games::each_position;

    #[test]
    fn a_move_changes_the_placement_where_it_touches() {
        // The placement before a move, less what the move touches before it, plus
        // what it touches after, is the placement after (captures, drops and
        // promotions included).
        let mut checked = 0;
        each_position(0x9E37_79B9_7F4A_7C15, 30, |pos, _, mv| {
            let parent = placement(pos);
            let touched = Touched::by(pos, mv);
            let before = touched.terms(pos);
            let (undo, fallen) = pos.do_move(mv);
            if fallen.is_empty() {
                let after = touched.terms(pos);
                let carried: Vec<i32> = (0..4).map(|s| parent[s] - before[s] + after[s]).collect();
                assert_eq!(carried, placement(pos), "{mv} to {}", pos.text());
                checked += 1;
            }
            pos.undo_move(mv, undo);
        });
        assert!(checked > 5000, "{checked} moves checked");
    }
}
