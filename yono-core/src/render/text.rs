//! A plain-text board diagram: each piece as seat letter + kind (`sK`, `n+R`).

use crate::{BySeat, EndReason, Game, Position, Seat, SeatState, Square, Status};
use core::fmt;

impl fmt::Display for Position {
    /// ```
    /// let diagram = yono::Position::start().to_string();
    /// assert!(diagram.contains("sK"));
    /// assert!(diagram.starts_with("     9   8   7"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let status = self.status();
        let scores = BySeat::from_fn(|s| self.score_given(s, || status));
        diagram(f, self, status, self.end_reason_given(status), scores)
    }
}

/// The current position's diagram, with the game's status in its last line (a game
/// drawn by repetition says so).
///
/// ```
/// let mut game = yono::Game::new(yono::Ruleset::Yono);
/// for mv in ["5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"].repeat(3) {
///     game.play(mv.parse().unwrap()).unwrap();
/// }
/// assert!(game.to_string().ends_with("move 25, drawn by repetition"));
/// assert!(game.position().to_string().ends_with("move 25, South to move"));
/// ```
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let status = self.status();
        diagram(f, self.position(), status, self.end_reason(), self.scores())
    }
}

/// The board, each seat's line (state and reserve), then the move and how the game
/// stands (`move 745, North has won`: never "to move" once it is over).
fn diagram(
    f: &mut fmt::Formatter<'_>,
    pos: &Position,
    status: Status,
    reason: Option<EndReason>,
    scores: BySeat<Option<u8>>,
) -> fmt::Result {
    writeln!(f, "     9   8   7   6   5   4   3   2   1")?;
    writeln!(f, "   +------------------------------------+")?;
    for rank in 1..=9u8 {
        let letter = (b'a' + rank - 1) as char;
        write!(f, " {letter} |")?;
        for file in (1..=9u8).rev() {
            let sq = Square::new(file, rank).unwrap_or_else(|| unreachable!());
            match pos.piece_at(sq) {
                Some(p) => write!(f, "{:>4}", p.to_string())?,
                None => write!(f, "   .")?,
            }
        }
        writeln!(f, " | {letter}")?;
    }
    writeln!(f, "   +------------------------------------+")?;
    for seat in Seat::ALL {
        let state = match (pos.seat_state(seat), status, scores[seat]) {
            (SeatState::Absent, _, _) => continue,
            (SeatState::Out(score), _, _) => format!("checkmated, scored {score}"),
            (_, Status::Won(w), Some(score)) if w == seat => format!("won, scored {score}"),
            (_, Status::DrawnByRepetition, Some(score)) => format!("drawn, scored {score}"),
            (_, _, Some(score)) => format!("lost, scored {score}"),
            _ => String::from("in the game"),
        };
        let marker = if seat == pos.turn() && status == Status::Ongoing {
            "*"
        } else {
            " "
        };
        writeln!(
            f,
            "{marker} {:<5} ({}) {:<24} reserve: {}",
            seat.name(),
            seat.letter(),
            state,
            pos.reserve(seat)
        )?;
    }
    let standing = super::standing(pos.turn(), status, reason);
    write!(f, "  move {}, {standing}", pos.move_number())
}
