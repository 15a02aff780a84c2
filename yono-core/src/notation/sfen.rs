//! SFEN, the standard Shogi position notation (standard Shogi positions only): upper
//! case is South (Sente, `b`), lower case North (Gote, `w`).

use super::position_text::{
    add_counted, parse_board, parse_counted, parse_move_number, promote_if, split_fields,
    write_board,
};
use super::{SeatState, Setup};
use crate::{BySeat, ParseError, Piece, PieceKind, Reserve, ReserveProblem, Ruleset, Seat};

impl Setup {
    /// Parses SFEN (standard Shogi only): upper case is South (Sente, `b`), lower
    /// case North (Gote, `w`).
    ///
    /// ```
    /// let setup = yono::Setup::from_sfen("8k/9/9/9/9/9/9/9/K8 b 2Pr 5").unwrap();
    /// assert_eq!(setup.to_sfen().unwrap(), "8k/9/9/9/9/9/9/9/K8 b 2Pr 5");
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseError`] naming the field (and rank or seat) that is malformed.
    pub fn from_sfen(text: &str) -> Result<Setup, ParseError> {
        let fields = split_fields(text, 4)?;
        let board = parse_board(fields[0], |c, rest, rank| {
            // SFEN: an optional `+`, then one letter, upper case for Sente (South).
            let promoted = c == '+';
            let letter = if promoted {
                rest.next()
                    .ok_or(ParseError::BoardChar { rank, found: '+' })?
            } else {
                c
            };
            let seat = if letter.is_ascii_uppercase() {
                Seat::South
            } else {
                Seat::North
            };
            let base = PieceKind::from_letter(letter.to_ascii_uppercase()).ok_or(
                ParseError::BoardChar {
                    rank,
                    found: letter,
                },
            )?;
            Ok(Piece::new(seat, promote_if(promoted, base, rank)?))
        })?;
        let turn = match fields[1] {
            "b" => Seat::South,
            "w" => Seat::North,
            other => {
                return Err(ParseError::Turn {
                    expected: "b or w",
                    found: other.chars().take(16).collect(),
                })
            }
        };
        let mut reserves = [Reserve::default(); 4];
        if fields[2] != "-" {
            parse_counted(fields[2], |letter, count| {
                let seat = if letter.is_ascii_uppercase() {
                    Seat::South
                } else {
                    Seat::North
                };
                let kind = PieceKind::from_letter(letter.to_ascii_uppercase())
                    .filter(|k| k.hand_index().is_some())
                    .ok_or(ParseError::Reserve {
                        seat,
                        problem: ReserveProblem::Letter(letter),
                    })?;
                add_counted(&mut reserves[seat.index()], seat, kind, count)
            })
            .map_err(|e| {
                e.unwrap_or(ParseError::Reserve {
                    seat: Seat::South,
                    problem: ReserveProblem::DanglingCount,
                })
            })?;
        }
        let move_number = parse_move_number(fields[3])?;
        Ok(Setup {
            board,
            turn,
            reserves: reserves.into(),
            seats: BySeat::new([
                SeatState::Playing,
                SeatState::Absent,
                SeatState::Playing,
                SeatState::Absent,
            ]),
            move_number,
        })
    }

    /// Writes SFEN; `None` unless this is a standard Shogi setup.
    pub fn to_sfen(&self) -> Option<String> {
        if self.ruleset() != Some(Ruleset::Shogi) {
            return None;
        }
        let mut out = String::with_capacity(96);
        write_board(&mut out, &self.board, |p| {
            let c = p.kind.letter();
            let c = if p.seat == Seat::South {
                c
            } else {
                c.to_ascii_lowercase()
            };
            let mut s = String::new();
            if p.kind.is_promoted() {
                s.push('+');
            }
            s.push(c);
            s
        });
        out.push(' ');
        out.push(if self.turn == Seat::South { 'b' } else { 'w' });
        out.push(' ');
        let mut hands = String::new();
        for seat in [Seat::South, Seat::North] {
            for (kind, count) in self.reserves[seat.index()].iter() {
                if count > 1 {
                    hands.push_str(&count.to_string());
                }
                let c = kind.letter();
                hands.push(if seat == Seat::South {
                    c
                } else {
                    c.to_ascii_lowercase()
                });
            }
        }
        out.push_str(if hands.is_empty() { "-" } else { &hands });
        out.push(' ');
        out.push_str(&self.move_number.to_string());
        Some(out)
    }
}
