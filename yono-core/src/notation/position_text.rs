//! The unvalidated description of a position ([`Setup`]) and the position text of
//! [RULES.md §8](crate::rules#8-positions-in-text); the field readers here are shared with SFEN (`sfen.rs`).
//!
//! Parsing only checks the syntax; [`crate::Position::from_setup`] decides whether the
//! position can exist.

use crate::{BySeat, ParseError, Piece, PieceKind, Reserve, ReserveProblem, Ruleset, Seat};
use core::fmt;
use core::str::FromStr;

/// Longest text the parsers read; no real position text comes near it, and refusing
/// early keeps huge inputs cheap.
pub const MAX_TEXT_LEN: usize = 1024;

/// Where a seat stands in the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SeatState {
    /// Still in the game.
    Playing,
    /// Checkmated, with the score it received.
    Out(u8),
    /// Not part of the ruleset (West and East in standard Shogi).
    Absent,
}

/// A position as written, before validation.
///
/// ```
/// use yono::{Setup, Position};
/// let setup: Setup = yono::YONO_START.parse().unwrap();
/// assert_eq!(setup.to_string(), yono::YONO_START);
/// let pos = Position::from_setup(&setup).unwrap();
/// assert_eq!(pos.legal_moves().len(), 12);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Pieces by square index (see [`crate::Square`]).
    pub board: [Option<Piece>; 81],
    /// The seat to move.
    pub turn: Seat,
    /// Each seat's reserve.
    pub reserves: BySeat<Reserve>,
    /// Each seat's state.
    pub seats: BySeat<SeatState>,
    /// The move number, from 1.
    pub move_number: u32,
}

/// The position text: `Setup("wLwRwP1nK… s -/-/-/- swne 1")`.
impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({:?})", self.to_string())
    }
}

impl Setup {
    /// The ruleset the seats field implies: all four seats for Yo\[n\]o; exactly `s-n-`
    /// (South and North playing, West and East absent) for standard Shogi.
    pub fn ruleset(&self) -> Option<Ruleset> {
        let absent = self.seats.map(|s| s == SeatState::Absent);
        match absent.into_array() {
            [false, false, false, false] => Some(Ruleset::Yono),
            // Nobody is removed in Shogi (RULES.md §9): its seats field is exactly
            // `s-n-`, never a score.
            [false, true, false, true]
                if self.seats[Seat::South.index()] == SeatState::Playing
                    && self.seats[Seat::North.index()] == SeatState::Playing =>
            {
                Some(Ruleset::Shogi)
            }
            _ => None,
        }
    }
}

pub(super) fn split_fields(text: &str, expected: usize) -> Result<Vec<&str>, ParseError> {
    if text.len() > MAX_TEXT_LEN {
        return Err(ParseError::TooLong {
            len: text.len(),
            max: MAX_TEXT_LEN,
        });
    }
    let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
    if text.is_empty() {
        return Err(ParseError::Empty);
    }
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != expected || fields.iter().any(|f| f.is_empty()) {
        let found = text.split_ascii_whitespace().count();
        // The right number of fields with a run of spaces between two of them: say
        // where, rather than "expected 5 fields, found 5".
        if let (true, Some(empty)) = (found == expected, fields.iter().position(|f| f.is_empty())) {
            return Err(ParseError::FieldSeparator { after: empty });
        }
        return Err(ParseError::FieldCount { expected, found });
    }
    Ok(fields)
}

/// Reads the board field shared by both formats: ranks a to i separated by `/`, digits
/// for empty squares, and pieces read by `read_piece` (given the character that starts
/// the piece, the rest of the rank, and the rank letter).
pub(super) fn parse_board(
    field: &str,
    mut read_piece: impl FnMut(char, &mut core::str::Chars<'_>, char) -> Result<Piece, ParseError>,
) -> Result<[Option<Piece>; 81], ParseError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 9 {
        return Err(ParseError::RankCount(ranks.len()));
    }
    let mut board = [None; 81];
    for (row, rank) in ranks.iter().enumerate() {
        let rank_char = (b'a' + row as u8) as char;
        let mut col = 0usize;
        let mut chars = rank.chars();
        while let Some(c) = chars.next() {
            match c.to_digit(10) {
                Some(0) => {
                    return Err(ParseError::BoardChar {
                        rank: rank_char,
                        found: c,
                    })
                }
                Some(d) => col += d as usize,
                None => {
                    let piece = read_piece(c, &mut chars, rank_char)?;
                    if col < 9 {
                        board[row * 9 + col] = Some(piece);
                    }
                    col += 1;
                }
            }
        }
        if col != 9 {
            return Err(ParseError::RankLength {
                rank: rank_char,
                squares: col,
            });
        }
    }
    Ok(board)
}

/// `base` promoted when `promoted`, or the error for a `+` on a King or Gold.
pub(super) fn promote_if(
    promoted: bool,
    base: PieceKind,
    rank: char,
) -> Result<PieceKind, ParseError> {
    if !promoted {
        return Ok(base);
    }
    base.promoted()
        .ok_or(ParseError::CannotPromote { rank, kind: base })
}

pub(super) fn write_board(
    out: &mut String,
    board: &[Option<Piece>; 81],
    name: impl Fn(Piece) -> String,
) {
    for row in 0..9 {
        if row > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for col in 0..9 {
            match board[row * 9 + col] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push_str(&name(p));
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
    }
}

/// Walks count-and-letter pairs (`B2P`), calling `add(letter, count)`. An `Err(None)`
/// means a count with no letter after it.
pub(super) fn parse_counted(
    group: &str,
    mut add: impl FnMut(char, u8) -> Result<(), ParseError>,
) -> Result<(), Option<ParseError>> {
    let mut digits = String::new();
    for c in group.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let count = if digits.is_empty() {
            1
        } else {
            match digits.parse::<u8>() {
                Ok(n) if (1..=99).contains(&n) && digits.len() <= 2 && !digits.starts_with('0') => {
                    n
                }
                _ => return Err(Some(count_error(c, &digits))),
            }
        };
        digits.clear();
        add(c, count).map_err(Some)?;
    }
    if digits.is_empty() {
        Ok(())
    } else {
        Err(None)
    }
}

fn count_error(letter: char, digits: &str) -> ParseError {
    let seat = if letter.is_ascii_lowercase() {
        Seat::North
    } else {
        Seat::South
    };
    ParseError::Reserve {
        seat,
        problem: ReserveProblem::Count(digits.chars().take(8).collect()),
    }
}

pub(super) fn add_counted(
    reserve: &mut Reserve,
    seat: Seat,
    kind: PieceKind,
    count: u8,
) -> Result<(), ParseError> {
    let Some(h) = kind.hand_index() else {
        return Err(ParseError::Reserve {
            seat,
            problem: ReserveProblem::Letter(kind.letter()),
        });
    };
    if reserve.0[h] != 0 {
        return Err(ParseError::Reserve {
            seat,
            problem: ReserveProblem::Repeated(kind),
        });
    }
    reserve.0[h] = count;
    Ok(())
}

/// The move number: digits only, from 1, without a leading zero (the rule for every
/// number in the notation, reserve counts included: the writer's form is the only one).
pub(super) fn parse_move_number(field: &str) -> Result<u32, ParseError> {
    match field.parse::<u32>() {
        Ok(n) if n >= 1 && !field.starts_with('0') && field.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(n)
        }
        _ => Err(ParseError::MoveNumber(field.chars().take(16).collect())),
    }
}

impl FromStr for Setup {
    type Err = ParseError;

    /// Parses the position text of [RULES.md §8](crate::rules#8-positions-in-text) (syntax only).
    fn from_str(text: &str) -> Result<Setup, ParseError> {
        let fields = split_fields(text, 5)?;
        let board = parse_two_letter_board(fields[0])?;

        let turn_text = fields[1];
        let turn = match turn_text.chars().collect::<Vec<_>>()[..] {
            [c] => Seat::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| ParseError::Turn {
            expected: "s, w, n or e",
            found: turn_text.chars().take(16).collect(),
        })?;

        let groups: Vec<&str> = fields[2].split('/').collect();
        if groups.len() != 4 {
            return Err(ParseError::ReserveGroupCount(groups.len()));
        }
        let mut reserves = [Reserve::default(); 4];
        for (seat, group) in Seat::ALL.into_iter().zip(groups) {
            if group == "-" {
                continue;
            }
            if group.is_empty() {
                return Err(ParseError::Reserve {
                    seat,
                    problem: ReserveProblem::EmptyGroup,
                });
            }
            let reserve = &mut reserves[seat.index()];
            parse_counted(group, |letter, count| {
                let kind = PieceKind::from_letter(letter)
                    .filter(|k| k.hand_index().is_some())
                    .ok_or(ParseError::Reserve {
                        seat,
                        problem: ReserveProblem::Letter(letter),
                    })?;
                add_counted(reserve, seat, kind, count)
            })
            .map_err(|e| match e {
                Some(ParseError::Reserve { problem, .. }) => ParseError::Reserve { seat, problem },
                Some(other) => other,
                None => ParseError::Reserve {
                    seat,
                    problem: ReserveProblem::DanglingCount,
                },
            })?;
        }

        let seats_text = fields[3];
        let seat_chars: Vec<char> = seats_text.chars().collect();
        if seat_chars.len() != 4 {
            return Err(ParseError::Seats(format!(
                "expected 4 characters (one per seat: its letter, its score digit, or '-'), found {:?}",
                seats_text.chars().take(16).collect::<String>()
            )));
        }
        let mut seats = [SeatState::Absent; 4];
        for (seat, c) in Seat::ALL.into_iter().zip(seat_chars) {
            seats[seat.index()] = match c {
                '-' => SeatState::Absent,
                d if d.is_ascii_digit() => SeatState::Out(d as u8 - b'0'),
                c if c == seat.letter() => SeatState::Playing,
                other => {
                    return Err(ParseError::Seats(format!(
                        "character {} is {other:?}; expected {:?} ({} in the game), a score digit, or '-'",
                        seat.index() + 1,
                        seat.letter(),
                        seat
                    )))
                }
            };
        }
        let move_number = parse_move_number(fields[4])?;
        Ok(Setup {
            board,
            turn,
            reserves: reserves.into(),
            seats: seats.into(),
            move_number,
        })
    }
}

/// The board of the position text: each piece is a seat letter, an optional `+`, and a
/// kind letter.
fn parse_two_letter_board(field: &str) -> Result<[Option<Piece>; 81], ParseError> {
    parse_board(field, |c, rest, rank| {
        let seat = Seat::from_letter(c).ok_or(ParseError::BoardChar { rank, found: c })?;
        let missing = || ParseError::MissingKind { rank, seat: c };
        let mut next = rest.next().ok_or_else(missing)?;
        let promoted = next == '+';
        if promoted {
            next = rest.next().ok_or_else(missing)?;
        }
        let base =
            PieceKind::from_letter(next).ok_or(ParseError::BoardChar { rank, found: next })?;
        Ok(Piece::new(seat, promote_if(promoted, base, rank)?))
    })
}

impl fmt::Display for Setup {
    /// The canonical position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(128);
        write_board(&mut out, &self.board, |p| p.to_string());
        out.push(' ');
        out.push(self.turn.letter());
        out.push(' ');
        for (i, (_, r)) in self.reserves.iter().enumerate() {
            if i > 0 {
                out.push('/');
            }
            out.push_str(&r.to_string());
        }
        out.push(' ');
        for seat in Seat::ALL {
            match self.seats[seat.index()] {
                SeatState::Playing => out.push(seat.letter()),
                SeatState::Out(score) => out.push_str(&score.to_string()),
                SeatState::Absent => out.push('-'),
            }
        }
        write!(f, "{out} {}", self.move_number)
    }
}
