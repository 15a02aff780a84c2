//! A plain-text board diagram: each piece as seat letter + kind (`sK`, `n+R`).

use crate::{Position, Seat, SeatState, Square};
use core::fmt;

impl fmt::Display for Position {
    /// ```
    /// let diagram = yono::Position::start().to_string();
    /// assert!(diagram.contains("sK"));
    /// assert!(diagram.starts_with("     9   8   7"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "     9   8   7   6   5   4   3   2   1")?;
        writeln!(f, "   +------------------------------------+")?;
        for rank in 1..=9u8 {
            let letter = (b'a' + rank - 1) as char;
            write!(f, " {letter} |")?;
            for file in (1..=9u8).rev() {
                let sq = Square::new(file, rank).unwrap_or_else(|| unreachable!());
                match self.piece_at(sq) {
                    Some(p) => write!(f, "{:>4}", p.to_string())?,
                    None => write!(f, "   .")?,
                }
            }
            writeln!(f, " | {letter}")?;
        }
        writeln!(f, "   +------------------------------------+")?;
        for seat in Seat::ALL {
            let state = match self.seat_state(seat) {
                SeatState::Absent => continue,
                SeatState::Playing => String::from("in the game"),
                SeatState::Out(score) => format!("checkmated, scored {score}"),
            };
            let marker = if seat == self.turn() { "*" } else { " " };
            writeln!(
                f,
                "{marker} {:<5} ({}) {:<24} reserve: {}",
                seat.name(),
                seat.letter(),
                state,
                self.reserve(seat)
            )?;
        }
        write!(f, "  move {}, {} to move", self.move_number(), self.turn())
    }
}
