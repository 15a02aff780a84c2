//! History tables: how often a move caused a cutoff, per seat and per the moves
//! before it, and the continuation histories' piece-to rows the picker scores quiet
//! moves by.

use yono::{Move, Position};

use super::Context;

/// History tables: how often a move caused a cutoff, per seat and per the moves
/// before it.
pub(crate) struct Histories {
    /// `[seat][move index]`.
    pub main: Vec<i16>,
    /// `[piece-to of the move one ply back][piece-to of this move]`.
    pub cont1: Vec<i16>,
    /// The same for the move two plies back.
    pub cont2: Vec<i16>,
    /// `[seat][piece-to of the move one ply back]`: the move that refuted it.
    pub counter: Vec<u16>,
    /// `[seat][pawn structure]`: how far the search's results have lain above the
    /// static evaluation (in [`CORRECTION_GRAIN`]ths of a value unit), standard Shogi
    /// only ([`crate::search`]'s correction history).
    pub correction: Vec<i32>,
}

/// Entries per seat in [`Histories::correction`].
pub(crate) const CORRECTION_SIZE: usize = 1 << 14;
/// The fixed-point scale of a correction entry.
pub(crate) const CORRECTION_GRAIN: i32 = 256;

/// Indices per seat in [`Histories::main`]: board moves by their code (15 bits),
/// drops after them.
const MOVE_INDICES: usize = 0x8000 + 0x400;
/// Piece kind (14) × destination (81).
pub(crate) const PIECE_TO: usize = 14 * 81;
/// History values stay within ±this.
pub(crate) const HISTORY_MAX: i32 = 16_000;
pub(crate) const NO_MOVE: u16 = 0xFFFE;

impl Histories {
    pub(crate) fn new() -> Histories {
        Histories {
            main: vec![0; 4 * MOVE_INDICES],
            cont1: vec![0; PIECE_TO * PIECE_TO],
            cont2: vec![0; PIECE_TO * PIECE_TO],
            counter: vec![NO_MOVE; 4 * PIECE_TO],
            correction: vec![0; 4 * CORRECTION_SIZE],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.main.fill(0);
        self.cont1.fill(0);
        self.cont2.fill(0);
        self.counter.fill(NO_MOVE);
        self.correction.fill(0);
    }

    /// The index of `mv` of `seat` in [`Histories::main`].
    #[inline]
    pub(crate) fn main_index(seat: usize, mv: Move) -> usize {
        seat * MOVE_INDICES + move_index(mv)
    }

    /// The rows the quiet moves of a node are scored from (see [`QuietRows`]).
    #[inline]
    pub(super) fn quiet_rows(&self, ctx: &Context) -> QuietRows<'_> {
        fn row(table: &[i16], p: usize) -> &[i16; PIECE_TO] {
            table[p * PIECE_TO..][..PIECE_TO]
                .try_into()
                .expect("a row of PIECE_TO entries")
        }
        QuietRows {
            main: self.main[ctx.seat * MOVE_INDICES..][..MOVE_INDICES]
                .try_into()
                .expect("a row of MOVE_INDICES entries"),
            cont1: ctx.cont1.map(|p| row(&self.cont1, p)),
            cont2: ctx.cont2.map(|p| row(&self.cont2, p)),
        }
    }
}

/// The index of `mv` in a seat's row of [`Histories::main`]: a board move's code, a
/// drop's after them.
#[inline]
fn move_index(mv: Move) -> usize {
    let code = mv.code() as usize;
    let i = if code & 0x8000 != 0 {
        0x8000 + (code & 0x3FF)
    } else {
        code
    };
    i.min(MOVE_INDICES - 1)
}

/// The history rows that score the quiet moves of one node: the mover's row of the
/// main history, and the continuation histories' rows of the moves one and two
/// plies back. Found once per node, not once per move.
pub(super) struct QuietRows<'a> {
    main: &'a [i16; MOVE_INDICES],
    cont1: Option<&'a [i16; PIECE_TO]>,
    cont2: Option<&'a [i16; PIECE_TO]>,
}

impl QuietRows<'_> {
    /// The quiet-move score of `mv` (with `piece_to` its own piece-to index).
    #[inline]
    pub(super) fn score(&self, mv: Move, piece_to: usize) -> i32 {
        let mut s = 2 * self.main[move_index(mv)] as i32;
        if let Some(row) = self.cont1 {
            s += row[piece_to] as i32;
        }
        if let Some(row) = self.cont2 {
            s += row[piece_to] as i32;
        }
        s
    }
}

/// Moves a history value toward ±`HISTORY_MAX` by `bonus` (the "gravity" update:
/// large values move less).
#[inline]
pub(crate) fn update(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let v = *entry as i32;
    *entry = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
}

/// The piece-to index of a move in `pos` (before it is made): the moving (or
/// dropped) kind and the destination.
#[inline]
pub(crate) fn piece_to(pos: &Position, mv: Move) -> Option<usize> {
    match mv {
        Move::Board { from, to, .. } => {
            pos.piece_at(from).map(|p| p.kind.index() * 81 + to.index())
        }
        Move::Drop { kind, to } => Some(kind.index() * 81 + to.index()),
        Move::Pass => None,
    }
}

/// The destination square's index of a [`piece_to`] index.
#[inline]
pub(crate) fn piece_to_square(piece_to: usize) -> usize {
    piece_to % 81
}
