//! Quarter turns of the board with the seats relabelled.
//!
//! Yo\[n\]o is symmetric under a quarter turn: turning the board a quarter clockwise
//! (as drawn, South at the bottom) carries South's camp onto West's, West's onto
//! North's and so on, and relabelling each seat as the next one clockwise gives a
//! position with exactly the same moves, threats and scores. These helpers turn
//! squares, seats, moves, setups and positions; machine-learning code uses them to
//! look at a position from the seat to move (turned so that it sits South).
//!
//! A quarter turn maps the square in column `x` (0 = file 9, the West edge) and row
//! `y` (0 = rank a, the North edge) to column `8 - y`, row `x`: rank i becomes file 9.

use crate::{Move, Piece, Position, PositionError, Seat, Setup, Square};

impl Square {
    /// The square after `quarter_turns` clockwise quarter turns of the board (as drawn
    /// with South at the bottom); 4 turns are the identity.
    ///
    /// ```
    /// use yono::Square;
    /// let sq: Square = "9i".parse().unwrap(); // South's left-hand corner
    /// assert_eq!(sq.rotated(1).to_string(), "9a"); // West's left-hand corner
    /// assert_eq!(sq.rotated(2).to_string(), "1a");
    /// assert_eq!(sq.rotated(4), sq);
    /// ```
    #[inline]
    pub const fn rotated(self, quarter_turns: u32) -> Square {
        let mut i = self.index();
        let mut t = quarter_turns % 4;
        while t > 0 {
            let (x, y) = (i % 9, i / 9);
            i = x * 9 + (8 - y);
            t -= 1;
        }
        Square::from_index_unchecked(i)
    }
}

impl Seat {
    /// The seat whose place this seat takes after `quarter_turns` clockwise quarter
    /// turns: one turn makes South West.
    ///
    /// ```
    /// use yono::Seat;
    /// assert_eq!(Seat::South.rotated(1), Seat::West);
    /// assert_eq!(Seat::East.rotated(1), Seat::South);
    /// assert_eq!(Seat::West.rotated(3), Seat::South);
    /// ```
    #[inline]
    pub const fn rotated(self, quarter_turns: u32) -> Seat {
        match Seat::from_index((self.index() + quarter_turns as usize) % 4) {
            Some(s) => s,
            None => self,
        }
    }
}

impl Move {
    /// The move with its squares turned by `quarter_turns` clockwise quarter turns (the
    /// same move in the turned position; a drop keeps its kind, a pass stays a pass).
    ///
    /// ```
    /// use yono::Move;
    /// let mv: Move = "5g5f".parse().unwrap();
    /// assert_eq!(mv.rotated(1).to_string(), "7e6e"); // West's matching opening move
    /// assert_eq!(mv.rotated(1).rotated(3), mv);
    /// ```
    #[inline]
    pub fn rotated(self, quarter_turns: u32) -> Move {
        match self {
            Move::Board { from, to, promote } => Move::Board {
                from: from.rotated(quarter_turns),
                to: to.rotated(quarter_turns),
                promote,
            },
            Move::Drop { kind, to } => Move::Drop {
                kind,
                to: to.rotated(quarter_turns),
            },
            Move::Pass => Move::Pass,
        }
    }
}

impl Setup {
    /// The setup turned by `quarter_turns` clockwise quarter turns with every seat
    /// relabelled (pieces, reserves, seat states and the seat to move). The move number
    /// is kept. An odd number of turns of a standard Shogi setup makes a setup with
    /// West and East playing, which [`Position::from_setup`] refuses.
    ///
    /// ```
    /// use yono::{Position, Setup};
    /// let setup = Position::start().to_setup().rotated(1);
    /// assert_eq!(setup.turn, yono::Seat::West);
    /// assert!(Position::from_setup(&setup).is_ok());
    /// ```
    pub fn rotated(&self, quarter_turns: u32) -> Setup {
        let mut out = self.clone();
        for sq in Square::all() {
            out.board[sq.rotated(quarter_turns).index()] =
                self.board[sq.index()].map(|p| Piece::new(p.seat.rotated(quarter_turns), p.kind));
        }
        for seat in Seat::ALL {
            let to = seat.rotated(quarter_turns).index();
            out.reserves[to] = self.reserves[seat.index()];
            out.seats[to] = self.seats[seat.index()];
        }
        out.turn = self.turn.rotated(quarter_turns);
        out
    }
}

impl Position {
    /// The position turned by `quarter_turns` clockwise quarter turns with the seats
    /// relabelled: it has the same moves (turned), threats and scores (relabelled).
    /// Fails only for an odd number of turns of a standard Shogi position.
    ///
    /// ```
    /// use yono::Position;
    /// let mut pos = Position::start();
    /// pos.play("5g5f".parse().unwrap()).unwrap();
    /// let turned = pos.rotated(1).unwrap();
    /// assert_eq!(turned.turn(), yono::Seat::North);
    /// assert_eq!(turned.legal_moves().len(), pos.legal_moves().len());
    /// assert_eq!(turned.rotated(3).unwrap(), pos);
    /// assert!(Position::new(yono::Ruleset::Shogi).rotated(1).is_err());
    /// ```
    pub fn rotated(&self, quarter_turns: u32) -> Result<Position, PositionError> {
        Position::from_setup(&self.to_setup().rotated(quarter_turns))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_turns_are_the_identity_and_one_turn_is_a_bijection() {
        let mut seen = [false; 81];
        for sq in Square::all() {
            assert_eq!(sq.rotated(4), sq);
            assert_eq!(sq.rotated(1).rotated(3), sq);
            assert_eq!(sq.rotated(2), sq.rotated(1).rotated(1));
            seen[sq.rotated(1).index()] = true;
            assert_eq!(sq.rotated(1).is_even_binding(), sq.is_even_binding());
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn every_piece_moves_to_the_turned_square_and_seat() {
        let start = Position::start();
        let turned = start.rotated(1).unwrap();
        assert_eq!(turned.turn(), Seat::West);
        for sq in Square::all() {
            assert_eq!(
                turned.piece_at(sq.rotated(1)),
                start
                    .piece_at(sq)
                    .map(|p| Piece::new(p.seat.rotated(1), p.kind))
            );
        }
    }

    #[test]
    fn turned_positions_have_the_turned_moves() {
        let mut pos = Position::start();
        let mut rng = 0x1234_5678_9abc_def0_u64;
        for _ in 0..300 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for turns in 1..4 {
                let turned = pos.rotated(turns).unwrap();
                let mut a: Vec<Move> = moves.iter().map(|m| m.rotated(turns)).collect();
                let mut b: Vec<Move> = turned.legal_moves().to_vec();
                a.sort();
                b.sort();
                assert_eq!(a, b);
                assert_eq!(turned.status(), pos.status());
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = moves[(rng >> 33) as usize % moves.len()];
            pos.play(mv).unwrap();
        }
    }
}
