//! Making and unmaking moves: the move itself (captures into the reserve, promotion,
//! drops), the turn, and the hand-over to the checkmate rule (`checkmate.rs`).

use crate::position::checkmate::{CheckmateHint, Eliminations};
use crate::{Move, MoveError, Piece, PieceKind, Position, Seat, Square};

/// What [`Position::undo_move`] needs to take a move back: the token
/// [`Position::do_move`], [`Position::null_move`] and [`Position::pass_turn_to`]
/// return. 32 bytes on 64-bit targets; it owns a copy of the position only when the
/// checkmate rule removed a seat (rare), so it is cheap to keep one per ply.
///
/// ```
/// assert!(core::mem::size_of::<yono::Undo>() <= 32);
/// ```
#[derive(Clone, Debug)]
pub struct Undo {
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

impl Undo {
    /// The key of the position before the move.
    pub(crate) fn key(&self) -> u64 {
        self.key
    }
    /// The seat that made the move.
    pub(crate) fn turn(&self) -> Seat {
        self.turn
    }
}

impl Position {
    /// Plays a legal move, then applies the checkmate rule of [RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring). Returns
    /// the seats that fell. The position is unchanged when the move is rejected.
    /// The checked, convenient way to play (the crate docs list the others, "Ways to
    /// play a move"); move text goes in as `pos.play(text.parse()?)`.
    ///
    /// ```
    /// use yono::{MoveError, Position};
    /// let mut pos = Position::start();
    /// let err = pos.play("5i4g".parse().unwrap()).unwrap_err();
    /// assert!(err.to_string().contains("cannot move"));
    /// assert_eq!(pos, Position::start());
    ///
    /// fn play_text(pos: &mut Position, text: &str) -> Result<(), MoveError> {
    ///     pos.play(text.parse()?)?; // malformed text is a MoveError too
    ///     Ok(())
    /// }
    /// assert_eq!(play_text(&mut pos, "5j5k").unwrap_err().code(), "malformed_move");
    /// play_text(&mut pos, "5g5f").unwrap();
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
    #[deprecated(note = "use `play(text.parse()?)`: one checked way to play a move")]
    pub fn play_text(&mut self, text: &str) -> Result<Eliminations, MoveError> {
        let mv = Move::from_usi(text)?;
        self.play(mv)
    }

    /// Parses move text and checks that it is legal here.
    ///
    /// # Errors
    ///
    /// [`MoveError::Malformed`] for text that is no move, [`MoveError::Illegal`] for
    /// an illegal one.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = Move::from_usi(text)?;
        self.check_move(mv)
            .map_err(|reason| MoveError::Illegal { mv, reason })?;
        Ok(mv)
    }

    /// [`Position::play_unchecked`] with the [`CheckmateHint`] of this position (the
    /// copy-make version of [`Position::do_move_hinted`]).
    #[deprecated(
        note = "use `do_move_hinted` (make/unmake, the search's fast path) or `play_unchecked` (copy-make)"
    )]
    #[inline]
    pub fn play_unchecked_hinted(&mut self, mv: Move, hint: &CheckmateHint) -> Eliminations {
        self.play_hinted(mv, hint)
    }

    /// The internal perft's copy-make step: [`Position::play_unchecked`] with the
    /// node's [`CheckmateHint`], building no undo token.
    #[inline]
    pub(crate) fn play_hinted(&mut self, mv: Move, hint: &CheckmateHint) -> Eliminations {
        self.play_hinted_observed(mv, hint, |_| {})
    }

    /// Plays `mv`, which must be legal (from [`Position::legal_moves`]); an illegal
    /// move leaves the position in an unspecified but memory-safe state. The
    /// unchecked fast path for copy-make (`let mut child = pos.clone();
    /// child.play_unchecked(mv)`); in place with undo, [`Position::do_move`].
    ///
    /// ```
    /// let pos = yono::Position::start();
    /// for mv in pos.legal_moves() {
    ///     let mut child = pos.clone();
    ///     child.play_unchecked(mv);
    ///     assert_eq!(child.move_number(), 2);
    /// }
    /// ```
    pub fn play_unchecked(&mut self, mv: Move) -> Eliminations {
        self.play_observed(mv, |_| {})
    }

    /// [`Position::play_unchecked`], showing `before_fall` the position just before
    /// the checkmate rule removes the first seat (when it removes one).
    // Always inlined, for `play_reversibly` (see there).
    #[inline(always)]
    pub(crate) fn play_observed(
        &mut self,
        mv: Move,
        before_fall: impl FnOnce(&Position),
    ) -> Eliminations {
        let mover = self.turn;
        let next = self.next_in_game(mover);
        self.apply_and_pass_turn(mv, next);
        let suspects = self.first_round_suspects(Some(mv), mover, next);
        self.resolve_checkmates(suspects, before_fall)
    }

    /// Makes `mv` in place (the fast path of a search): plays it like
    /// [`Position::play_unchecked`] and returns the [`Undo`] token that
    /// [`Position::undo_move`] takes to restore the position exactly (key included),
    /// with the seats that fell. Nothing is checked and nothing is allocated unless a
    /// seat falls.
    ///
    /// `mv` must be legal here (from [`Position::generate_moves`] or
    /// [`Position::legal_moves`]). An illegal move does not panic and is memory-safe,
    /// but leaves a position that may break the rules (check with
    /// [`Position::is_legal`] first when a move comes from outside).
    ///
    /// ```
    /// use yono::Position;
    /// let mut pos = Position::start();
    /// let before = pos.clone();
    /// let mv = "5g5f".parse().unwrap();
    /// let (undo, fallen) = pos.do_move(mv);
    /// assert!(fallen.is_empty());
    /// assert_ne!(pos, before);
    /// pos.undo_move(mv, undo);
    /// assert_eq!(pos, before);
    /// assert_eq!(pos.key(), before.key());
    /// ```
    #[inline]
    pub fn do_move(&mut self, mv: Move) -> (Undo, Eliminations) {
        self.play_reversibly(mv)
    }

    /// [`Position::do_move`] with the [`CheckmateHint`] of this position (computed
    /// once per node by [`Position::checkmate_hint`], before any move is made): the
    /// same result, with fewer checkmate tests. `hint` must come from this very
    /// position; one from another position may miss an elimination (no panic).
    ///
    /// It exists beside `do_move` for the hot loop of a search: computing the hint
    /// once per node lets every move of the node skip the tests of Kings it cannot
    /// expose (the internal perft's path; `do_move` must test every King).
    ///
    /// ```
    /// use yono::Position;
    /// let mut pos = Position::start();
    /// let hint = pos.checkmate_hint();
    /// let mv = "5g5f".parse().unwrap();
    /// let (undo, fallen) = pos.do_move_hinted(mv, &hint);
    /// assert!(fallen.is_empty());
    /// pos.undo_move(mv, undo);
    /// assert_eq!(pos, Position::start());
    /// ```
    #[inline]
    pub fn do_move_hinted(&mut self, mv: Move, hint: &CheckmateHint) -> (Undo, Eliminations) {
        let mut unplay = self.undo_token(mv);
        let fallen = self.play_hinted_observed(mv, hint, |before| {
            unplay.before_fall = Some(Box::new(before.clone()))
        });
        (unplay, fallen)
    }

    /// Takes back `mv`, made by [`Position::do_move`] (or a null move, with
    /// [`Move::Pass`]) which returned `undo`. Undos must come in the reverse order of
    /// the moves; a token given to another position or out of order leaves an
    /// unspecified (memory-safe) position.
    ///
    /// ```
    /// use yono::{Move, Position};
    /// let mut pos = Position::start();
    /// let (undo, _) = pos.null_move();
    /// pos.undo_move(Move::Pass, undo);
    /// assert_eq!(pos, Position::start());
    /// ```
    #[inline]
    pub fn undo_move(&mut self, mv: Move, undo: Undo) {
        self.unplay(mv, undo)
    }

    /// The null move of a search: the seat to move does nothing and the turn goes to
    /// the next seat in the game, exactly as a [`Move::Pass`] would (move number up by
    /// one, then the checkmate rule of [RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring) with the new mover: every King it
    /// threatens falls, the passing seat's included). Undo it with
    /// [`Position::undo_move`]`(Move::Pass, undo)`. Once the game is over it changes
    /// nothing but the move number.
    ///
    /// ```
    /// use yono::{Position, Seat};
    /// let mut pos = Position::start();
    /// let (_undo, fallen) = pos.null_move();
    /// assert_eq!(pos.turn(), Seat::West);
    /// assert!(fallen.is_empty());
    /// ```
    pub fn null_move(&mut self) -> (Undo, Eliminations) {
        let next = self.next_in_game(self.turn);
        self.hand_turn(next)
    }

    /// Lets `seat` move now ("best-reply" search): like [`Position::null_move`], but
    /// the turn goes to `seat` instead of the next seat. The checkmate rule is applied
    /// as after any move, because a search wants the game's own semantics: a seat
    /// whose King the new mover threatens falls. Returns `None` (and changes nothing)
    /// when `seat` is not in the game or the game is over. Undo it with
    /// [`Position::undo_move`]`(Move::Pass, undo)`.
    ///
    /// ```
    /// use yono::{Move, Position, Seat};
    /// let mut pos = Position::start();
    /// let (undo, _) = pos.pass_turn_to(Seat::North).unwrap();
    /// assert_eq!(pos.turn(), Seat::North);
    /// assert_eq!(pos.move_number(), 2);
    /// pos.undo_move(Move::Pass, undo);
    /// assert_eq!(pos, Position::start());
    /// ```
    #[deprecated(
        note = "use `null_move` (the turn to the next seat); handing it to any seat is not a move of the game"
    )]
    pub fn pass_turn_to(&mut self, seat: Seat) -> Option<(Undo, Eliminations)> {
        self.hand_turn_to(seat)
    }

    /// [`Position::pass_turn_to`], for the crate's own tests of the search semantics.
    pub(crate) fn hand_turn_to(&mut self, seat: Seat) -> Option<(Undo, Eliminations)> {
        if !self.in_game.contains(seat) || self.in_game.len() <= 1 {
            return None;
        }
        Some(self.hand_turn(seat))
    }

    fn hand_turn(&mut self, next: Seat) -> (Undo, Eliminations) {
        let mut unplay = Undo {
            key: self.key,
            turn: self.turn,
            move_number: self.move_number,
            moved: None,
            captured: None,
            before_fall: None,
        };
        let passer = self.turn;
        self.move_number = self.move_number.saturating_add(1);
        self.set_turn(next);
        let suspects = self.first_round_suspects(None, passer, next);
        let fallen = self.resolve_checkmates(suspects, |before| {
            unplay.before_fall = Some(Box::new(before.clone()))
        });
        (unplay, fallen)
    }

    /// [`Position::play_unchecked`], returning what [`Position::unplay`] needs to take
    /// the move back: a few bytes, or (when a seat fell) the position before the fall;
    /// and the seats that fell.
    // Always inlined, with `play_observed` (its body): `Game::play`, the hot half of a
    // Python push, is one of four callers (with `Game::play_unchecked` and, through
    // `do_move`, two in the engine), and the compiler kept one or the other out of
    // line, a second call under `Game::play`. Both inlined, and the checkmate rounds
    // split off (`resolve_checkmates`), a push+pop pair costs 37 instructions less
    // (callgrind, yono-py/bench/pushpop_instructions.sh; docs/PERFORMANCE.md).
    #[inline(always)]
    pub(crate) fn play_reversibly(&mut self, mv: Move) -> (Undo, Eliminations) {
        let mut unplay = self.undo_token(mv);
        let fallen = self.play_observed(mv, |before| {
            unplay.before_fall = Some(Box::new(before.clone()))
        });
        (unplay, fallen)
    }

    #[inline]
    fn undo_token(&self, mv: Move) -> Undo {
        let (moved, captured) = match mv {
            Move::Board { from, to, .. } => (self.board[from.index()], self.board[to.index()]),
            _ => (None, None),
        };
        Undo {
            key: self.key,
            turn: self.turn,
            move_number: self.move_number,
            moved,
            captured,
            before_fall: None,
        }
    }

    /// Takes back `mv`, played by [`Position::play_reversibly`] which returned `unplay`.
    // Always inlined: `Game::undo` (the hot half of a push+pop pair) is one of two
    // callers since the perpetual-check walk-back, and out of line it cost 18
    // instructions a pair (callgrind, yono-py/bench/pushpop_instructions.sh).
    #[inline(always)]
    pub(crate) fn unplay(&mut self, mv: Move, unplay: Undo) {
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
