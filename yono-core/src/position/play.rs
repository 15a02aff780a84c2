//! Making and unmaking moves: the move itself (captures into the reserve, promotion,
//! drops), the turn, and the hand-over to the checkmate rule (`checkmate.rs`).

use crate::position::checkmate::Eliminations;
use crate::{Move, MoveError, Piece, PieceKind, Position, Seat, Square};

/// What [`Position::unplay`] needs to take a move back.
#[derive(Clone, Debug)]
pub(crate) struct Unplay {
    key: u64,
    turn: Seat,
    move_number: u32,
    /// The piece on the move's `from` square (before any promotion), and the piece it
    /// captured.
    moved: Option<Piece>,
    captured: Option<Piece>,
    /// The position just before the checkmate rule removed a seat, if it did (rare).
    before_fall: Option<Box<Position>>,
}

impl Position {
    /// Plays a legal move, then applies the checkmate rule of RULES.md §6. Returns
    /// the seats that fell. The position is unchanged when the move is rejected.
    ///
    /// ```
    /// use yono::{Position, Move};
    /// let mut pos = Position::start();
    /// let err = pos.play(Move::from_usi("5i4g").unwrap()).unwrap_err();
    /// assert!(err.to_string().contains("cannot move"));
    /// assert_eq!(pos, Position::start());
    /// ```
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] with the reason when `mv` is not legal here.
    pub fn play(&mut self, mv: Move) -> Result<Eliminations, MoveError> {
        self.check_move(mv)
            .map_err(|reason| MoveError::Illegal { mv, reason })?;
        Ok(self.play_unchecked(mv))
    }

    /// Parses move text and plays it (see [`Position::play`]).
    ///
    /// # Errors
    ///
    /// [`MoveError::Malformed`] for text that is no move, [`MoveError::Illegal`] for
    /// an illegal one.
    pub fn play_text(&mut self, text: &str) -> Result<Eliminations, MoveError> {
        let mv = Move::from_usi(text)?;
        self.play(mv)
    }

    /// Parses move text and checks that it is legal here.
    ///
    /// # Errors
    ///
    /// As [`Position::play_text`].
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = Move::from_usi(text)?;
        self.check_move(mv)
            .map_err(|reason| MoveError::Illegal { mv, reason })?;
        Ok(mv)
    }

    /// Plays `mv`, which must be legal (from [`Position::legal_moves`]); an illegal
    /// move leaves the position in an unspecified but memory-safe state.
    pub fn play_unchecked(&mut self, mv: Move) -> Eliminations {
        self.play_observed(mv, |_| {})
    }

    /// [`Position::play_unchecked`], showing `before_fall` the position just before
    /// the checkmate rule removes the first seat (when it removes one).
    pub(crate) fn play_observed(
        &mut self,
        mv: Move,
        before_fall: impl FnOnce(&Position),
    ) -> Eliminations {
        let mover = self.turn;
        let next = self.next_in_game(mover);
        self.apply_and_pass_turn(mv, next);
        // A legal move leaves the mover's King unthreatened by every seat, so the first
        // round need not look at it; a pass is the one move that may not.
        let mut suspects = self.in_game.without(next);
        if mv != Move::Pass {
            suspects = suspects.without(mover);
        }
        self.resolve_checkmates(suspects, before_fall)
    }

    /// [`Position::play_unchecked`], returning what [`Position::unplay`] needs to take
    /// the move back: a few bytes, or (when a seat fell) the position before the fall;
    /// and the seats that fell.
    pub(crate) fn play_reversibly(&mut self, mv: Move) -> (Unplay, Eliminations) {
        let (moved, captured) = match mv {
            Move::Board { from, to, .. } => (self.board[from.index()], self.board[to.index()]),
            _ => (None, None),
        };
        let mut unplay = Unplay {
            key: self.key,
            turn: self.turn,
            move_number: self.move_number,
            moved,
            captured,
            before_fall: None,
        };
        let fallen = self.play_observed(mv, |before| {
            unplay.before_fall = Some(Box::new(before.clone()))
        });
        (unplay, fallen)
    }

    /// Takes back `mv`, played by [`Position::play_reversibly`] which returned `unplay`.
    pub(crate) fn unplay(&mut self, mv: Move, unplay: Unplay) {
        if let Some(before) = unplay.before_fall {
            *self = *before;
        }
        let mover = unplay.turn;
        // The key is restored whole at the end, so the pieces move without it.
        match mv {
            Move::Board { from, to, .. } => {
                // Without a piece on `from` the move changed nothing on the board.
                if let Some(piece) = unplay.moved {
                    self.lift(to);
                    self.place(from, piece);
                    if let Some(captured) = unplay.captured {
                        if let Some(h) = captured.kind.unpromoted().hand_index() {
                            let count = &mut self.reserves[mover.index()].0[h];
                            *count = count.saturating_sub(1);
                        }
                        self.place(to, captured);
                    }
                }
            }
            Move::Drop { kind, to } => {
                self.lift(to);
                if let Some(h) = kind.hand_index() {
                    let count = &mut self.reserves[mover.index()].0[h];
                    *count = count.saturating_add(1);
                }
            }
            Move::Pass => {}
        }
        self.move_number = unplay.move_number;
        self.turn = mover;
        self.key = unplay.key;
    }

    /// The move of the seat to move, then the turn to `next`; the checkmate rule is
    /// the caller's next step.
    #[inline]
    pub(crate) fn apply_and_pass_turn(&mut self, mv: Move, next: Seat) {
        self.apply_move(self.turn, mv);
        self.move_number = self.move_number.saturating_add(1);
        self.set_turn(next);
    }

    /// The move itself: captures into the reserve, promotion, drops. The turn and the
    /// checkmate rule are [`Position::play_unchecked`]'s business.
    pub(crate) fn apply_move(&mut self, mover: Seat, mv: Move) {
        match mv {
            Move::Board { from, to, promote } => {
                if let Some(piece) = self.remove(from) {
                    if let Some(captured) = self.remove(to) {
                        self.add_to_reserve(mover, captured.kind.unpromoted());
                    }
                    let kind = if promote {
                        piece.kind.promoted().unwrap_or(piece.kind)
                    } else {
                        piece.kind
                    };
                    self.put(to, Piece::new(mover, kind));
                }
            }
            Move::Drop { kind, to } => {
                self.take_from_reserve(mover, kind);
                self.put(to, Piece::new(mover, kind));
            }
            Move::Pass => {}
        }
    }

    /// A copy with a piece dropped, for look-ahead such as the uchifuzume test.
    pub(crate) fn with_drop(&self, seat: Seat, kind: PieceKind, to: Square) -> Position {
        let mut after = self.clone();
        after.apply_move(seat, Move::Drop { kind, to });
        after
    }
}
