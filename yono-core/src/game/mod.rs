//! A game: a position with its history, for undo, fourfold repetition and perpetual
//! check. The counts behind repetition are `key_counts.rs`; the legal moves last
//! listed, which `play` checks with one probe, are `listed.rs`; adding up the scores
//! of several games is `series.rs`.

mod key_counts;
mod listed;
mod series;

use key_counts::KeyCounts;
use listed::Listed;
pub use series::{GameNotOver, Series};

use crate::position::KingFacts;
use crate::position::Undo as Unplay;
use crate::{
    BySeat, Eliminations, EndReason, Error, IllegalMove, Move, MoveError, MoveList, Piece,
    Position, Ruleset, Seat, SeatSet, SeatState, Status,
};

/// What one move did, as [`Game::play`] reports it: who moved, what was taken, whether
/// the piece promoted, which seats the checkmate rule removed, and whether the game
/// ended by repetition (a draw, or in Shogi a loss by perpetual check).
///
/// ```
/// use yono::{Game, Ruleset, Seat};
/// let mut game = Game::new(Ruleset::Yono);
/// let played = game.play("5g5f".parse().unwrap()).unwrap();
/// assert_eq!(played.mover, Seat::South);
/// assert_eq!(played.captured, None);
/// assert!(!played.promoted && played.eliminations.is_empty() && !played.drawn);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Played {
    /// The seat that made the move.
    pub mover: Seat,
    /// The piece that stood on the destination square and went to the mover's
    /// reserve, as it stood (its owner, promoted or not).
    pub captured: Option<Piece>,
    /// Whether a board move promoted its piece.
    pub promoted: bool,
    /// Seats the checkmate rule removed after the move, in the order they fell.
    pub eliminations: Eliminations,
    /// Whether the move made the fourth occurrence of a position and the game is
    /// drawn ([`Status::DrawnByRepetition`]).
    pub drawn: bool,
    /// The seat that lost by perpetual check with this move: in Shogi, a fourfold
    /// repetition in which every move of that seat gave check ([RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring),
    /// "Perpetual check"); the game is then won by the other side.
    pub lost_by_perpetual_check: Option<Seat>,
}

/// How a fourfold repetition ended the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Repetition {
    /// A draw: every remaining seat scores as [RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring) says.
    Draw,
    /// Shogi: every move of `loser` from the first occurrence to the fourth gave check.
    PerpetualCheck { loser: Seat },
}

/// A game in progress or finished: the start position, the moves, and the position
/// they led to. Adds what a bare [`Position`] cannot know: undo and the fourfold
/// repetition draw of [RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring).
///
/// ```
/// use yono::{Game, Status};
/// let mut game = Game::new(yono::Ruleset::Yono);
/// game.play("5g5f".parse().unwrap()).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// game.undo().unwrap();
/// assert_eq!(game.position(), &yono::Position::start());
/// assert_eq!(game.status(), Status::Ongoing);
/// ```
///
/// # The listed moves
///
/// A game remembers the legal moves [`Game::list_legal_moves`] last handed out, with
/// the position they were listed in. While that position is in the game (moves played
/// above it and taken back to it leave it exactly as it was), [`Game::play`] of one of
/// them skips the legality check: one probe of a small table instead. Any other move
/// gets the full check, so an illegal move is still rejected with its reason and
/// changes nothing. Taking back a move below that position forgets the list; listing
/// again replaces it. A clone keeps it (the clone has the same history, so the list is
/// still true there); equality ignores it, like the other caches.
///
/// ```
/// use yono::{Game, IllegalMove, MoveError, Ruleset};
/// let mut game = Game::new(Ruleset::Shogi);
/// let listed = game.list_legal_moves();
/// for &mv in listed.iter() {
///     game.play(mv).unwrap(); // checked with one probe
///     game.undo();
/// }
/// // A move that was not listed still gets the full check, and changes nothing.
/// let two_steps = "7g7e".parse().unwrap();
/// assert!(matches!(
///     game.play(two_steps),
///     Err(MoveError::Illegal { reason: IllegalMove::UnreachableSquare { .. }, .. })
/// ));
/// assert!(game.moves().is_empty());
/// // Remembering the list is invisible to equality, and a clone keeps it.
/// assert!(game == Game::new(Ruleset::Shogi) && game.clone() == game);
/// ```
#[derive(Clone)]
pub struct Game {
    start: Position,
    /// The position after `moves`: played forward in place, taken back with `undo`.
    current: Position,
    /// Per move, what taking it back needs (a few bytes; rarely a whole position).
    undo: Vec<Unplay>,
    /// For each position key of the game, how often it has occurred: kept up to date
    /// by play and undo, so repetition costs the same at any game length. A key leaves
    /// the map when its count falls to zero, so the map holds at most one entry per
    /// position of the game, and play/undo allocate nothing once it has grown.
    counts: KeyCounts,
    moves: Vec<Move>,
    /// Set when a position occurs for the fourth time: the game is over.
    repetition: Option<Repetition>,
    /// The King facts of the position after `ply` moves, kept while that position is
    /// in the game: a caller trying many moves in one position (push, pop, push...)
    /// checks each cheaply.
    king_facts: Option<(usize, KingFacts)>,
    /// Moves taken back by `undo`, the most recent last, for `redo`; playing another
    /// move forgets them.
    redo: Vec<Move>,
    /// The legal moves `list_legal_moves` last handed out, while their position is in
    /// the game: `play` of one of them skips the check.
    listed: Listed,
}

/// The start position's text, the moves, and the status: what the game is (the
/// caches and undo tokens are left out).
///
/// ```
/// let mut game = yono::Game::new(yono::Ruleset::Shogi);
/// game.play("7g7f".parse().unwrap()).unwrap();
/// let debug = format!("{game:?}");
/// assert!(debug.starts_with(r#"Game { start: "nLnNnSnGnK"#));
/// assert!(debug.ends_with("moves: [7g7f], status: Ongoing }"));
/// ```
impl core::fmt::Debug for Game {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Game")
            .field("start", &self.start.text())
            .field("moves", &self.moves)
            .field("status", &self.status())
            .finish()
    }
}

/// Games are equal when their histories are; the cached facts do not count.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.start == other.start && self.moves == other.moves
    }
}

impl Eq for Game {}

impl Game {
    /// A game from the start position of `ruleset`.
    pub fn new(ruleset: Ruleset) -> Game {
        Game::from_position(Position::new(ruleset))
    }

    /// A game starting from `position`.
    pub fn from_position(position: Position) -> Game {
        let mut counts = KeyCounts::default();
        counts.add(position.key());
        Game {
            counts,
            current: position.clone(),
            start: position,
            undo: Vec::new(),
            moves: Vec::new(),
            repetition: None,
            king_facts: None,
            redo: Vec::new(),
            listed: Listed::default(),
        }
    }

    /// A game starting from a position text.
    pub fn from_text(text: &str) -> Result<Game, Error> {
        Ok(Game::from_position(Position::from_text(text)?))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How often the current position (board, reserves, seat to move, seats in the
    /// game) has occurred in this game, the current one included.
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Yono);
    /// for mv in ["5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"] {
    ///     game.play(mv.parse().unwrap()).unwrap();
    /// }
    /// assert_eq!(game.repetitions(), 2);
    /// ```
    pub fn repetitions(&self) -> usize {
        self.counts.get(self.position().key()) as usize
    }

    /// Whether the game ended drawn by a fourfold repetition (cheaper than
    /// [`Game::status`], which in Shogi must look for a legal move). A Shogi
    /// repetition lost by perpetual check is not a draw.
    pub fn is_drawn(&self) -> bool {
        self.repetition == Some(Repetition::Draw)
    }

    /// The status, with the repetition rules: the draw, and in Shogi the loss by
    /// perpetual check ([RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring)).
    ///
    /// ```
    /// use yono::{EndReason, Game, Position, Seat, Status};
    /// // Shogi: South's Rook checks from 1a and 1b; North's King steps 9a-9b and back.
    /// let start = Position::from_sfen("k8/8R/9/9/9/9/9/9/4K4 b - 1").unwrap();
    /// let mut game = Game::from_position(start);
    /// for mv in ["1b1a", "9a9b", "1a1b", "9b9a"].repeat(3) {
    ///     game.play(mv.parse().unwrap()).unwrap();
    /// }
    /// // The start position occurs for the fourth time, and every South move checked.
    /// assert_eq!(game.status(), Status::Won(Seat::North));
    /// assert_eq!(game.end_reason(), Some(EndReason::PerpetualCheck));
    /// assert_eq!(game.perpetual_checker(), Some(Seat::South));
    /// assert_eq!(game.scores(), [Some(0), None, Some(1), None]);
    /// assert!(!game.is_drawn() && game.legal_moves().is_empty());
    /// ```
    pub fn status(&self) -> Status {
        match self.repetition {
            Some(Repetition::Draw) => Status::DrawnByRepetition,
            Some(Repetition::PerpetualCheck { loser }) => match self.other_side(loser) {
                Some(winner) => Status::Won(winner),
                None => Status::DrawnByRepetition,
            },
            None => self.position().status(),
        }
    }

    /// How the game ended: `None` while it goes on; [`EndReason::Repetition`] for the
    /// draw, [`EndReason::PerpetualCheck`] for a Shogi loss by perpetual check, else
    /// what the position says ([`Position::end_reason`]).
    pub fn end_reason(&self) -> Option<EndReason> {
        match self.repetition {
            Some(Repetition::Draw) => Some(EndReason::Repetition),
            Some(Repetition::PerpetualCheck { .. }) => Some(EndReason::PerpetualCheck),
            None => self.position().end_reason(),
        }
    }

    /// The seat that lost by perpetual check (Shogi), once the game ended so.
    pub fn perpetual_checker(&self) -> Option<Seat> {
        match self.repetition {
            Some(Repetition::PerpetualCheck { loser }) => Some(loser),
            _ => None,
        }
    }

    /// In a two-seat game, the seat still in the game that is not `seat`.
    fn other_side(&self, seat: Seat) -> Option<Seat> {
        self.current.seats_in_game().without(seat).iter().next()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.status() != Status::Ongoing
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// [`Game::legal_moves`], remembered (see "The listed moves" above): while this
    /// position is in the game, [`Game::play`] of one of these moves checks it with one
    /// probe instead of the full legality test. The loop it is for lists once, then
    /// plays and takes back each move (a search, perft, a binding's `push`/`pop`).
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Yono);
    /// let listed = game.list_legal_moves();
    /// assert_eq!(listed, game.legal_moves());
    /// for &mv in listed.iter() {
    ///     let played = game.play(mv).unwrap();
    ///     assert_eq!(played.mover, yono::Seat::South);
    ///     assert_eq!(game.undo(), Some(mv));
    /// }
    /// ```
    pub fn list_legal_moves(&mut self) -> MoveList {
        let list = self.legal_moves();
        self.listed.record(self.moves.len(), list.as_slice());
        list
    }

    /// [`Game::legal_moves`] into a list the caller reuses (none once the game is
    /// over, the repetition draw included).
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Yono);
    /// let mut list = yono::MoveList::new();
    /// game.legal_moves_into(&mut list);
    /// assert_eq!(list.len(), 12);
    /// for mv in ["5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"].repeat(3) {
    ///     game.play(mv.parse().unwrap()).unwrap();
    /// }
    /// assert!(game.is_drawn());
    /// game.legal_moves_into(&mut list);
    /// assert!(list.is_empty());
    /// ```
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        match self.live_position() {
            Some(pos) => pos.legal_moves_into(list),
            None => list.clear(),
        }
    }

    /// Whether `mv` is legal now: [`Game::check_move`] without the reason (false once
    /// the game is over, the repetition draw included).
    ///
    /// ```
    /// let game = yono::Game::new(yono::Ruleset::Yono);
    /// assert!(game.is_legal("5g5f".parse().unwrap()));
    /// assert!(!game.is_legal("5g5e".parse().unwrap()));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// The current position while the history allows moves in it: `None` once a
    /// fourfold repetition ended the game (drawn, or lost by perpetual check), the one
    /// place that rule ("no more moves") is answered. The position's own questions (legal moves, promotion
    /// status) already know when it is won.
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Yono);
    /// assert!(game.live_position().is_some());
    /// for mv in ["5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"].repeat(3) {
    ///     game.play(mv.parse().unwrap()).unwrap();
    /// }
    /// assert!(game.live_position().is_none());
    /// assert_eq!(game.position().legal_moves().len(), 12); // the board alone goes on
    /// ```
    pub fn live_position(&self) -> Option<&Position> {
        self.repetition.is_none().then(|| self.position())
    }

    /// Plays a legal move and says what it did. After a fourth occurrence of a
    /// position the game is over: drawn, or in Shogi lost by a side that gave check
    /// with every move since the first occurrence ([`Game::status`]). A rejected move
    /// changes nothing.
    ///
    /// ```
    /// use yono::{Game, IllegalMove, MoveError, Ruleset};
    /// let mut game = Game::new(Ruleset::Shogi);
    /// for mv in ["7g7f", "3c3d"] {
    ///     game.play(mv.parse().unwrap()).unwrap();
    /// }
    /// let played = game.play("8h2b+".parse().unwrap()).unwrap();
    /// assert!(played.promoted);
    /// assert_eq!(played.captured.map(|p| p.kind), Some(yono::PieceKind::Bishop));
    /// assert!(matches!(
    ///     game.play("2b1a".parse().unwrap()),
    ///     Err(MoveError::Illegal { reason: IllegalMove::NoPieceToMove(_), .. })
    /// ));
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Played, MoveError> {
        // A move `list_legal_moves` listed in this very position is legal.
        if !self.listed.contains(self.moves.len(), mv) {
            self.check_move_caching(mv)
                .map_err(|reason| MoveError::Illegal { mv, reason })?;
        }
        Ok(self.play_in_place(mv))
    }

    /// Checks `mv` as [`Game::play`] would, without playing it: [`Position::check_move`]
    /// on the current position, and [`IllegalMove::GameOver`] once the game is drawn.
    ///
    /// ```
    /// use yono::{Game, IllegalMove, Move, Ruleset};
    /// let game = Game::new(Ruleset::Yono);
    /// assert_eq!(game.check_move("5g5f".parse().unwrap()), Ok(()));
    /// assert_eq!(game.check_move(Move::Pass), Err(IllegalMove::PassNotAllowed));
    /// ```
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let pos = self.live_position().ok_or(IllegalMove::GameOver)?;
        match &self.king_facts {
            Some((at, facts)) if *at == self.moves.len() => pos.check_move_with(mv, Some(facts)),
            _ => pos.check_move(mv),
        }
    }

    /// [`Game::check_move`], keeping the King facts of the current position for the
    /// next move tried in it.
    fn check_move_caching(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.repetition.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let ply = self.moves.len();
        let facts = match self.king_facts {
            Some((at, facts)) if at == ply => facts,
            _ => {
                let facts = self.position().king_facts();
                self.king_facts = Some((ply, facts));
                facts
            }
        };
        self.position().check_move_with(mv, Some(&facts))
    }

    /// Plays a move known to be legal (one from [`Game::legal_moves`]) without
    /// checking it again. An illegal move leaves the game in an unspecified but
    /// memory-safe state. It exists beside [`Game::play`] for callers that picked the
    /// move from the legal list themselves (a random playout): the check costs about as
    /// much as the move. A loop that lists once and plays each move in turn gets
    /// nearly the same speed from the checked [`Game::play`] after
    /// [`Game::list_legal_moves`].
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Shogi);
    /// let mv = game.legal_moves()[0];
    /// let played = game.play_unchecked(mv);
    /// assert_eq!(played.mover, yono::Seat::South);
    /// assert_eq!(game.moves(), [mv]);
    /// ```
    pub fn play_unchecked(&mut self, mv: Move) -> Played {
        self.play_in_place(mv)
    }

    /// The body of [`Game::play_unchecked`], inlined into [`Game::play`] too: a
    /// caller's push (a listed move, checked with one probe) is then one call, as it
    /// was when a binding kept the table and called `play_unchecked` itself; with two
    /// nested calls a Python push+pop pair cost about 25 instructions more.
    #[inline(always)]
    fn play_in_place(&mut self, mv: Move) -> Played {
        let mover = self.current.turn();
        let (captured, promoted) = match mv {
            Move::Board { to, promote, .. } => (self.current.piece_at(to), promote),
            _ => (None, false),
        };
        // Played in place, remembering only what undoing needs: no position copy.
        let (unplay, eliminations) = self.current.play_reversibly(mv);
        self.undo.push(unplay);
        self.moves.push(mv);
        let (drawn, lost_by_perpetual_check) = if self.counts.add(self.current.key()) >= 4 {
            self.end_by_repetition()
        } else {
            (false, None)
        };
        // Replaying the undone move keeps the rest of the line for redo.
        if self.redo.pop() != Some(mv) {
            self.redo.clear();
        }
        Played {
            mover,
            captured,
            promoted,
            eliminations,
            drawn,
            lost_by_perpetual_check,
        }
    }

    /// Ends the game at a fourfold repetition; returns [`Played::drawn`] and
    /// [`Played::lost_by_perpetual_check`].
    #[cold]
    fn end_by_repetition(&mut self) -> (bool, Option<Seat>) {
        let repetition = self.judge_repetition();
        self.repetition = Some(repetition);
        match repetition {
            Repetition::Draw => (true, None),
            Repetition::PerpetualCheck { loser } => (false, Some(loser)),
        }
    }

    /// What the fourfold repetition just reached means ([RULES.md §6](crate::rules#6-check-legality-checkmate-elimination-scoring)): a draw, or in
    /// Shogi a loss for a side each of whose moves since the first occurrence of the
    /// position gave check. Walks back over the moves since then (only here, once a
    /// game: the hot path keeps no per-move check flags).
    fn judge_repetition(&self) -> Repetition {
        if self.current.ruleset() != Ruleset::Shogi {
            return Repetition::Draw;
        }
        let key = self.current.key();
        // `undo[m]` holds the key of the position before move `m`, that is after `m`
        // moves; the first of the three earlier occurrences starts the span.
        let Some(first) = self.undo.iter().position(|u| u.key() == key) else {
            return Repetition::Draw;
        };
        // Seats that moved in the span, and those of them whose every move gave check.
        let (mut moved, mut always_checked) = (SeatSet::EMPTY, SeatSet::ALL);
        let mut after = self.current.clone();
        for m in (first..self.moves.len()).rev() {
            let unplay = self.undo[m].clone();
            let mover = unplay.turn();
            moved = moved.with(mover);
            // `after` is the position after move `m`: its side to move was checked.
            if !after.is_check() {
                always_checked = always_checked.without(mover);
            }
            after.unplay(self.moves[m], unplay);
        }
        let mut checkers = moved.iter().filter(|s| always_checked.contains(*s));
        match (checkers.next(), checkers.next()) {
            (Some(loser), None) => Repetition::PerpetualCheck { loser },
            // Nobody, or (Decision) both sides checked throughout: a draw.
            _ => Repetition::Draw,
        }
    }

    /// Parses and plays move text (see [`Game::play`]).
    ///
    /// # Errors
    ///
    /// [`MoveError::Malformed`] for text that is no move, else as [`Game::play`].
    #[deprecated(note = "use `play(text.parse()?)`: one checked way to play a move")]
    pub fn play_text(&mut self, text: &str) -> Result<Played, MoveError> {
        let mv = Move::from_usi(text)?;
        self.play(mv)
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.counts.remove_one(self.current.key());
        if let Some(unplay) = self.undo.pop() {
            self.current.unplay(mv, unplay);
        }
        if matches!(self.king_facts, Some((at, _)) if at > self.moves.len()) {
            self.king_facts = None;
        }
        self.listed.forget_above(self.moves.len());
        // A game can only continue from a position that had not ended by repetition.
        self.repetition = None;
        self.redo.push(mv);
        Some(mv)
    }

    /// Plays again the last move taken back by [`Game::undo`]; `None` when there is
    /// none (nothing undone, or another move played since). Undo and redo step a GUI
    /// back and forth through a game; playing a new move forgets the undone line.
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Yono);
    /// game.play("5g5f".parse().unwrap()).unwrap();
    /// game.play("7e6e".parse().unwrap()).unwrap();
    /// game.undo();
    /// game.undo();
    /// assert_eq!(game.redo_moves().len(), 2);
    /// assert_eq!(game.redo().unwrap().to_string(), "5g5f");
    /// assert_eq!(game.redo().unwrap().to_string(), "7e6e");
    /// assert_eq!(game.redo(), None);
    /// game.undo();
    /// let other = *game.legal_moves().iter().find(|m| m.to_string() != "7e6e").unwrap();
    /// game.play(other).unwrap();
    /// assert!(game.redo_moves().is_empty());
    /// ```
    pub fn redo(&mut self) -> Option<Move> {
        let mv = *self.redo.last()?;
        // Undone moves were legal in this very position, and nothing else changed it.
        let _ = self.play_unchecked(mv);
        Some(mv)
    }

    /// The moves [`Game::redo`] would play, the next one last.
    pub fn redo_moves(&self) -> &[Move] {
        &self.redo
    }

    /// The score of each seat once decided, the repetition rules included: after a
    /// draw every remaining seat scores the maximum minus the other remaining seats;
    /// after a loss by perpetual check (Shogi) the checker scores 0, the other 1.
    ///
    /// ```
    /// use yono::Seat;
    /// let game = yono::Game::new(yono::Ruleset::Yono);
    /// assert_eq!(game.scores(), [None; 4]);
    /// assert_eq!(game.scores()[Seat::North], None);
    /// ```
    pub fn scores(&self) -> BySeat<Option<u8>> {
        let pos = self.position();
        match self.repetition {
            None => return pos.scores(),
            Some(Repetition::PerpetualCheck { .. }) => {
                let status = self.status();
                return BySeat::from_fn(|s| pos.score_given(s, || status));
            }
            Some(Repetition::Draw) => {}
        }
        let remaining = pos.seats_in_game().len() as u8;
        BySeat::from_fn(|s| match pos.seat_state(s) {
            SeatState::Out(score) => Some(score),
            SeatState::Playing => Some(pos.ruleset().max_score().saturating_sub(remaining - 1)),
            SeatState::Absent => None,
        })
    }
}
