//! Building a [`Position`] from outside data: every invariant of [RULES.md §8](crate::rules#8-positions-in-text) is
//! checked here, so every `Position` in existence satisfies them.

use crate::notation::{SeatState, Setup};
use crate::zones::{dead_squares, pawn_line};
use crate::{Bitboard, Error, PieceKind, Position, PositionError, Ruleset, Seat, SeatSet, Square};

impl Position {
    /// Parses and validates position text ([RULES.md §8](crate::rules#8-positions-in-text)). The ruleset comes from the
    /// seats field (`s-n-` is standard Shogi).
    ///
    /// ```
    /// use yono::{Position, Error};
    /// let pos = Position::from_text(yono::YONO_START).unwrap();
    /// assert_eq!(pos.text(), yono::YONO_START);
    /// let err = Position::from_text("9/9/9 s -/-/-/- swne 1").unwrap_err();
    /// assert_eq!(err.code(), "rank_count");
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for malformed text, [`Error::Position`] for a position that
    /// cannot exist.
    pub fn from_text(text: &str) -> Result<Position, Error> {
        let setup: Setup = text.parse()?;
        Ok(Position::from_setup(&setup)?)
    }

    /// Builds a position from a standard Shogi SFEN.
    ///
    /// ```
    /// let pos = yono::Position::from_sfen(
    ///     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap();
    /// assert_eq!(pos, yono::Position::new(yono::Ruleset::Shogi));
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Position::from_text`].
    pub fn from_sfen(sfen: &str) -> Result<Position, Error> {
        let setup = Setup::from_sfen(sfen)?;
        Ok(Position::from_setup(&setup)?)
    }

    /// Validates `setup` against every rule of [RULES.md §8](crate::rules#8-positions-in-text).
    ///
    /// # Errors
    ///
    /// The first [`PositionError`] found, in the order of [RULES.md §8](crate::rules#8-positions-in-text).
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let ruleset = setup.ruleset().ok_or(PositionError::NoRuleset)?;
        let mut pos = Position {
            ruleset,
            board: [None; 81],
            by_seat: [Bitboard::EMPTY; 4],
            by_kind: [Bitboard::EMPTY; 14],
            occupied: Bitboard::EMPTY,
            reserves: setup.reserves,
            seats: setup.seats,
            in_game: SeatSet::EMPTY,
            turn: setup.turn,
            move_number: setup.move_number,
            key: 0,
        };
        for seat in Seat::ALL {
            if setup.seats[seat.index()] == SeatState::Playing {
                pos.in_game = pos.in_game.with(seat);
            }
        }
        if !pos.in_game.contains(setup.turn) {
            return Err(PositionError::TurnNotInGame(setup.turn));
        }
        check_scores(ruleset, &setup.seats, pos.in_game)?;
        for sq in Square::all() {
            if let Some(piece) = setup.board[sq.index()] {
                if !ruleset.seats().contains(piece.seat) {
                    return Err(PositionError::SeatNotInRuleset(piece.seat));
                }
                if !pos.in_game.contains(piece.seat) {
                    return Err(PositionError::PieceOfSeatNotInGame { piece, square: sq });
                }
                if dead_squares(piece.seat, piece.kind).contains(sq) {
                    return Err(PositionError::DeadPiece { piece, square: sq });
                }
                pos.put(sq, piece);
            }
        }
        for seat in Seat::ALL {
            if setup.reserves[seat.index()].is_empty() {
                continue;
            }
            if !ruleset.seats().contains(seat) {
                return Err(PositionError::SeatNotInRuleset(seat));
            }
            if !pos.in_game.contains(seat) {
                return Err(PositionError::ReserveOfSeatNotInGame(seat));
            }
        }
        for seat in pos.in_game.iter() {
            let kings = (pos.by_seat[seat.index()] & pos.by_kind[PieceKind::King.index()]).count();
            match kings {
                0 => return Err(PositionError::MissingKing(seat)),
                1 => {}
                count => return Err(PositionError::TooManyKings { seat, count }),
            }
        }
        for kind in PieceKind::ALL.into_iter().filter(|k| !k.is_promoted()) {
            let mut count = pos.by_kind[kind.index()].count();
            if let Some(promoted) = kind.promoted() {
                count += pos.by_kind[promoted.index()].count();
            }
            count += pos
                .reserves
                .values()
                .map(|r| r.count(kind) as u32)
                .sum::<u32>();
            let max = ruleset.supply(kind);
            if count > max as u32 {
                return Err(PositionError::TooManyPieces { kind, count, max });
            }
        }
        for seat in pos.in_game.iter() {
            let mut pawns = pos.pieces_of(seat, PieceKind::Pawn);
            while let Some(first) = pawns.first() {
                pawns = pawns.without(first);
                if let Some(second) = (pawns & pawn_line(seat, first)).first() {
                    return Err(PositionError::Nifu {
                        seat,
                        first,
                        second,
                    });
                }
            }
        }
        for victim in pos.in_game.without(pos.turn).iter() {
            if pos.threatened_by(victim).contains(pos.turn) {
                return Err(PositionError::KingCapturable {
                    attacker: pos.turn,
                    victim,
                });
            }
        }
        pos.key = pos.compute_key();
        Ok(pos)
    }
}

/// Every score must be possible for the ruleset and fit the order of checkmates: a seat
/// that scored `k` fell when `players - k` seats (itself included) were in the game.
fn check_scores(
    ruleset: Ruleset,
    seats: &[SeatState; 4],
    in_game: SeatSet,
) -> Result<(), PositionError> {
    let max = ruleset.max_score().saturating_sub(1);
    let players = ruleset.seats().len();
    for seat in Seat::ALL {
        if let SeatState::Out(score) = seats[seat.index()] {
            if score > max {
                return Err(PositionError::ScoreOutOfRange { seat, score, max });
            }
            let at_least = seats
                .iter()
                .filter(|s| matches!(s, SeatState::Out(o) if *o >= score))
                .count();
            if in_game.len() + at_least != players - score as usize {
                return Err(PositionError::InconsistentScore { seat, score });
            }
        }
    }
    Ok(())
}
