//! What a board GUI asks between clicks: the moves from a square, the drops of a
//! reserve kind, whether a from→to move may or must promote, what a move will do (or
//! did), who has lost, and redo.
//!
//! ```
//! use yono::{Game, PromotionStatus, Ruleset, Square};
//! let sq = |s: &str| s.parse::<Square>().unwrap();
//! let mut game = Game::new(Ruleset::Yono);
//! // Click on 5g: where can that Pawn go?
//! let moves = game.position().moves_from(sq("5g"));
//! assert_eq!(moves.len(), 1);
//! assert_eq!(game.position().promotion_status(sq("5g"), sq("5f")), Some(PromotionStatus::Impossible));
//! // Click on 5f: play it, and learn what it did.
//! let effect = game.play_described(moves[0]).unwrap();
//! assert_eq!(effect.captured, None);
//! assert!(effect.fallen.is_empty());
//! // Undo and redo.
//! game.undo().unwrap();
//! assert_eq!(game.redo().unwrap(), moves[0]);
//! ```

use crate::{
    BySeat, Eliminations, Game, Move, MoveError, Piece, PieceKind, Position, PromotionStatus,
    Reserve, Seat, SeatSet, Square, Status,
};

/// What a move does: what it takes, whether it promotes, whether it gives check, which
/// seats lose by it (with their scores, and for seats checkmated and removed the pieces
/// that leave the board) and how the game stands after it. From [`Position::preview`]
/// before playing, or [`Game::play_described`] as it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MoveEffect {
    /// The move.
    pub mv: Move,
    /// The seat that played it.
    pub mover: Seat,
    /// The piece moved or dropped, as it was before the move (`None` for a pass).
    pub piece: Option<Piece>,
    /// The piece taken, as it stood on the board (it joins the mover's reserve
    /// unpromoted).
    pub captured: Option<Piece>,
    /// Whether the move promotes.
    pub promotes: bool,
    /// Whether the move gives check: after it, the mover threatens the King of a seat
    /// still in the game ([`MoveEffect::checked`] says whose).
    pub gives_check: bool,
    /// The seats whose King the mover threatens after the move.
    pub checked: SeatSet,
    /// The seats that lose by this move, with their scores, in seat order: seats
    /// checkmated and removed (Yo\[n\]o), and at the end of a won game every seat but
    /// the winner (in Shogi the checkmated side, which stays on the board).
    pub fallen: Vec<(Seat, u8)>,
    /// The seats the checkmate rule removed after the move, in the order they fell,
    /// with what left the board with each (for animation).
    pub removed: Vec<Removal>,
    /// The status after the move (a [`Game`] also knows the repetition rules).
    pub status: Status,
    /// The seat to move after the move (see [`Position::turn`]).
    pub next_turn: Seat,
}

/// A seat removed by the checkmate rule, and what left the board with it: its pieces
/// on their squares and its reserve, as they stood when it fell.
///
/// ```
/// use yono::{Piece, PieceKind, Position, Removal, Reserve, Seat};
/// // South's Gold on 5a steps back and uncovers West's Rook on 9a, next to move: it
/// // threatens North's King on 1a, so North falls with its King, its Pawn on 1c and
/// // the Pawn in its reserve.
/// let pos = Position::from_text("wR3sG3nK/9/8nP/9/wK8/9/9/9/4sK3eK s -/-/P/- swne 1").unwrap();
/// let effect = pos.preview("5a5b".parse().unwrap()).unwrap();
/// let north = |kind| Piece::new(Seat::North, kind);
/// let mut reserve = Reserve::default();
/// reserve.add(PieceKind::Pawn);
/// assert_eq!(effect.removed, [Removal {
///     seat: Seat::North,
///     score: 0,
///     pieces: vec![
///         ("1a".parse().unwrap(), north(PieceKind::King)),
///         ("1c".parse().unwrap(), north(PieceKind::Pawn)),
///     ],
///     reserve,
/// }]);
/// assert_eq!(effect.fallen, [(Seat::North, 0)]);
/// assert!(!effect.gives_check);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    /// The seat.
    pub seat: Seat,
    /// The score it received.
    pub score: u8,
    /// Its pieces that stood on the board, with their squares, in square order.
    pub pieces: Vec<(Square, Piece)>,
    /// Its reserve, emptied.
    pub reserve: Reserve,
}

impl Position {
    /// The legal board moves of the piece on `from` (none if the square is empty or
    /// not the mover's), both promotion choices included.
    ///
    /// ```
    /// let pos = yono::Position::start();
    /// assert_eq!(pos.moves_from("9i".parse().unwrap()).len(), 0); // a boxed-in Lance
    /// assert_eq!(pos.moves_from("5g".parse().unwrap()).len(), 1); // a Pawn
    /// assert_eq!(pos.moves_from("9a".parse().unwrap()).len(), 0); // not South's
    /// ```
    pub fn moves_from(&self, from: Square) -> Vec<Move> {
        self.legal_moves()
            .iter()
            .copied()
            .filter(|mv| mv.from() == Some(from))
            .collect()
    }

    /// The legal drops of `kind` from the mover's reserve (none if it holds none);
    /// their [`Move::to`] squares are where the GUI shows drop targets.
    ///
    /// ```
    /// let pos = yono::Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    /// assert_eq!(pos.drops_of(yono::PieceKind::Gold).len(), 78); // every empty square
    /// assert!(pos.drops_of(yono::PieceKind::Rook).is_empty());
    /// ```
    pub fn drops_of(&self, kind: PieceKind) -> Vec<Move> {
        self.legal_moves()
            .iter()
            .copied()
            .filter(|mv| matches!(mv, Move::Drop { kind: k, .. } if *k == kind))
            .collect()
    }

    /// Whether the move `from`→`to` may promote, or `None` when no legal move goes
    /// from `from` to `to`.
    ///
    /// ```
    /// use yono::{Position, PromotionStatus};
    /// let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b - 1").unwrap();
    /// let sq = |s: &str| s.parse().unwrap();
    /// assert_eq!(pos.promotion_status(sq("5c"), sq("5b")), Some(PromotionStatus::Optional));
    /// assert_eq!(pos.promotion_status(sq("5c"), sq("5d")), None);
    /// ```
    pub fn promotion_status(&self, from: Square, to: Square) -> Option<PromotionStatus> {
        let (mut plain, mut promoting) = (false, false);
        for mv in self.legal_moves().iter() {
            if let Move::Board {
                from: f,
                to: t,
                promote,
            } = *mv
            {
                if f == from && t == to {
                    if promote {
                        promoting = true;
                    } else {
                        plain = true;
                    }
                }
            }
        }
        match (plain, promoting) {
            (true, true) => Some(PromotionStatus::Optional),
            (true, false) => Some(PromotionStatus::Impossible),
            (false, true) => Some(PromotionStatus::Compulsory),
            (false, false) => None,
        }
    }

    /// The seats that have lost: those checkmated and removed, and once the game is
    /// won every seat but the winner (in Shogi the checkmated side, which is never
    /// removed and so stays in [`Position::seats_in_game`]).
    ///
    /// ```
    /// use yono::{Position, Seat};
    /// let mut pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    /// pos.play("G*5b".parse().unwrap()).unwrap();
    /// assert_eq!(pos.lost_seats().iter().collect::<Vec<_>>(), [Seat::North]);
    /// ```
    pub fn lost_seats(&self) -> SeatSet {
        self.lost_seats_given(self.status())
    }

    /// [`Position::lost_seats`] once the status is known (a [`Game`]'s, with the
    /// repetition rules).
    fn lost_seats_given(&self, status: Status) -> SeatSet {
        let mut lost = self.out_seats();
        if let Status::Won(w) = status {
            for seat in self.seats_in_game().without(w).iter() {
                lost = lost.with(seat);
            }
        }
        lost
    }

    /// What `mv` would do, without playing it: [`MoveEffect`]. The error is the one
    /// [`Position::play`] would give.
    ///
    /// ```
    /// use yono::{Position, Seat};
    /// let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    /// let effect = pos.preview(pos.parse_move("G*5b").unwrap()).unwrap();
    /// assert_eq!(effect.fallen, [(Seat::North, 0)]);
    /// assert_eq!(effect.status, yono::Status::Won(Seat::South));
    /// ```
    pub fn preview(&self, mv: Move) -> Result<MoveEffect, MoveError> {
        let mut after = self.clone();
        let eliminations = after.play(mv)?;
        let status = after.status();
        let sides = Sides {
            before: self,
            lost_before: self.lost_seats(),
            after: &after,
            lost_after: after.lost_seats_given(status),
            scores_after: BySeat::from_fn(|s| after.score_given(s, || status)),
            status_after: status,
        };
        Ok(describe(sides, mv, eliminations))
    }
}

impl Position {
    /// The seats checkmated and removed from the game.
    fn out_seats(&self) -> SeatSet {
        let mut out = SeatSet::EMPTY;
        for seat in self.ruleset().seats().iter() {
            if matches!(self.seat_state(seat), crate::SeatState::Out(_)) {
                out = out.with(seat);
            }
        }
        out
    }
}

/// The game's view around one move: what [`describe`] needs from before and after.
struct Sides<'a> {
    before: &'a Position,
    lost_before: SeatSet,
    after: &'a Position,
    lost_after: SeatSet,
    scores_after: BySeat<Option<u8>>,
    status_after: Status,
}

fn describe(sides: Sides<'_>, mv: Move, eliminations: Eliminations) -> MoveEffect {
    let Sides {
        before,
        lost_before,
        after,
        lost_after,
        scores_after,
        status_after,
    } = sides;
    let mover = before.turn();
    let (piece, captured, promotes) = match mv {
        Move::Board { from, to, promote } => (before.piece_at(from), before.piece_at(to), promote),
        Move::Drop { kind, .. } => (Some(Piece::new(mover, kind)), None, false),
        Move::Pass => (None, None, false),
    };
    let fallen = lost_after
        .iter()
        .filter(|s| !lost_before.contains(*s))
        .map(|s| (s, scores_after[s].unwrap_or(0)))
        .collect();
    let removed = if eliminations.is_empty() {
        Vec::new()
    } else {
        // The board the checkmate rule found: the move made, no seat removed yet.
        let mut moved = before.clone();
        moved.apply_move(mover, mv);
        eliminations
            .iter()
            .map(|(seat, score)| Removal {
                seat,
                score,
                pieces: moved
                    .pieces(seat)
                    .into_iter()
                    .filter_map(|sq| Some((sq, moved.piece_at(sq)?)))
                    .collect(),
                reserve: *moved.reserve(seat),
            })
            .collect()
    };
    let checked: SeatSet = after
        .seats_in_game()
        .without(mover)
        .iter()
        .filter(|&s| {
            after.seats_in_game().contains(mover) && after.threatened_by(s).contains(mover)
        })
        .collect();
    MoveEffect {
        mv,
        mover,
        piece,
        captured,
        promotes,
        gives_check: !checked.is_empty(),
        checked,
        fallen,
        removed,
        status: status_after,
        next_turn: after.turn(),
    }
}

/// The GUI questions of a game: those of [`Position`] on the current position, with the
/// repetition draw (once drawn, no moves and no losers beyond the seats already out).
///
/// ```
/// use yono::{Game, PieceKind, Ruleset, Square};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let mut game = Game::new(Ruleset::Yono);
/// assert_eq!(game.moves_from(sq("5g")), game.position().moves_from(sq("5g")));
/// for mv in ["5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"].repeat(3) {
///     game.play(mv.parse().unwrap()).unwrap();
/// }
/// assert!(game.is_drawn());
/// assert!(game.moves_from(sq("5g")).is_empty());
/// assert_eq!(game.position().moves_from(sq("5g")).len(), 1); // the board alone goes on
/// assert!(game.drops_of(PieceKind::Pawn).is_empty());
/// assert_eq!(game.promotion_status(sq("5g"), sq("5f")), None);
/// assert!(game.lost_seats().is_empty());
/// ```
impl Game {
    /// [`Position::moves_from`] on the current position; none once the game is over.
    pub fn moves_from(&self, from: Square) -> Vec<Move> {
        self.live_position()
            .map_or_else(Vec::new, |pos| pos.moves_from(from))
    }

    /// [`Position::drops_of`] on the current position; none once the game is over.
    pub fn drops_of(&self, kind: PieceKind) -> Vec<Move> {
        self.live_position()
            .map_or_else(Vec::new, |pos| pos.drops_of(kind))
    }

    /// [`Position::promotion_status`] on the current position; `None` once the game
    /// is over.
    pub fn promotion_status(&self, from: Square, to: Square) -> Option<PromotionStatus> {
        self.live_position()?.promotion_status(from, to)
    }

    /// [`Position::lost_seats`] with the repetition rules: a game drawn by repetition
    /// has no loser beyond the seats already checkmated and removed; after a loss by
    /// perpetual check (Shogi) the checker has lost.
    pub fn lost_seats(&self) -> SeatSet {
        self.position().lost_seats_given(self.status())
    }

    /// What `mv` would do in the current position (with the repetition draw): see
    /// [`Position::preview`].
    ///
    /// ```
    /// let game = yono::Game::new(yono::Ruleset::Yono);
    /// let effect = game.preview(yono::Move::from_usi("5g5f").unwrap()).unwrap();
    /// assert_eq!(effect.next_turn, yono::Seat::West);
    /// assert_eq!(game.moves().len(), 0); // nothing played
    /// ```
    pub fn preview(&self, mv: Move) -> Result<MoveEffect, MoveError> {
        let mut after = self.clone();
        let played = after.play(mv)?;
        Ok(describe_game(self, &after, mv, played.eliminations))
    }

    /// Plays `mv` like [`Game::play`] and says what it did.
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Yono);
    /// let effect = game.play_described(yono::Move::from_usi("5g5f").unwrap()).unwrap();
    /// assert_eq!(effect.mover, yono::Seat::South);
    /// assert_eq!(game.moves().len(), 1);
    /// ```
    ///
    /// It exists beside [`Game::play`] for GUIs: the description costs a clone of the
    /// game and a status search that `play`, the path of searches and bindings' push,
    /// does not pay.
    pub fn play_described(&mut self, mv: Move) -> Result<MoveEffect, MoveError> {
        let before = self.clone();
        let played = self.play(mv)?;
        Ok(describe_game(&before, self, mv, played.eliminations))
    }
}

/// [`describe`] for a move of `before` that led to `after`, with the game's status,
/// scores and losers.
fn describe_game(before: &Game, after: &Game, mv: Move, eliminations: Eliminations) -> MoveEffect {
    let sides = Sides {
        before: before.position(),
        lost_before: before.lost_seats(),
        after: after.position(),
        lost_after: after.lost_seats(),
        scores_after: after.scores(),
        status_after: after.status(),
    };
    describe(sides, mv, eliminations)
}
