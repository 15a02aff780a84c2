//! A game: a position with its history, for undo and fourfold repetition.

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
/// let played = game.play_text("5g5f").unwrap();
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
    /// repetition in which every move of that seat gave check (RULES.md §6,
    /// "Perpetual check"); the game is then won by the other side.
    pub lost_by_perpetual_check: Option<Seat>,
}

/// How a fourfold repetition ended the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Repetition {
    /// A draw: every remaining seat scores as RULES.md §6 says.
    Draw,
    /// Shogi: every move of `loser` from the first occurrence to the fourth gave check.
    PerpetualCheck { loser: Seat },
}

/// How many times each position key occurs in the game so far: an open-addressing
/// table with linear probing, indexed by the key's low bits (Zobrist keys are already
/// uniformly random, so they need no hashing), at most half full so a probe rarely
/// goes past the first slot. A key leaves when its count falls to zero (backward-shift
/// deletion, so no tombstones pile up); the table holds at most one entry per position
/// of the game and never shrinks, so play and undo allocate nothing once it has grown.
/// Play and undo each cost a few instructions, the same at any game length (a
/// `HashMap` with an identity hasher cost about twice as much).
#[derive(Clone, Debug)]
struct KeyCounts {
    /// `(key, count)`; a count of 0 marks an empty slot. The length is a power of two.
    slots: Box<[(u64, u32)]>,
    /// Occupied slots.
    len: usize,
}

impl Default for KeyCounts {
    fn default() -> KeyCounts {
        KeyCounts {
            slots: vec![(0, 0); 16].into_boxed_slice(),
            len: 0,
        }
    }
}

impl KeyCounts {
    #[inline]
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The slot holding `key`, or the empty slot where it would go.
    #[inline]
    fn find(&self, key: u64) -> usize {
        let mask = self.mask();
        let mut i = key as usize & mask;
        loop {
            let (k, n) = self.slots[i];
            if n == 0 || k == key {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// How often `key` has occurred.
    fn get(&self, key: u64) -> u32 {
        self.slots[self.find(key)].1
    }

    /// Counts one more occurrence of `key`; returns the new count.
    #[inline]
    fn add(&mut self, key: u64) -> u32 {
        let i = self.find(key);
        let slot = &mut self.slots[i];
        if slot.1 > 0 {
            slot.1 = slot.1.saturating_add(1);
            return slot.1;
        }
        *slot = (key, 1);
        self.len += 1;
        if self.len * 2 > self.slots.len() {
            self.grow();
        }
        1
    }

    /// Counts one occurrence of `key` less (nothing if it has none).
    #[inline]
    fn remove_one(&mut self, key: u64) {
        let mut hole = self.find(key);
        match self.slots[hole].1 {
            0 => return,
            1 => {}
            _ => {
                self.slots[hole].1 -= 1;
                return;
            }
        }
        // Backward-shift deletion: move up each later entry of the run that may live
        // in the hole (its home slot is not cyclically between the hole and it).
        let mask = self.mask();
        let mut j = hole;
        loop {
            j = (j + 1) & mask;
            let (k, n) = self.slots[j];
            if n == 0 {
                break;
            }
            let home = k as usize & mask;
            if (j.wrapping_sub(home) & mask) >= (j.wrapping_sub(hole) & mask) {
                self.slots[hole] = (k, n);
                hole = j;
            }
        }
        self.slots[hole] = (0, 0);
        self.len -= 1;
    }

    /// Doubles the table.
    #[cold]
    fn grow(&mut self) {
        let doubled = vec![(0, 0); self.slots.len() * 2].into_boxed_slice();
        let old = std::mem::replace(&mut self.slots, doubled);
        for (key, count) in old.iter().copied().filter(|&(_, n)| n > 0) {
            let i = self.find(key);
            self.slots[i] = (key, count);
        }
    }
}

/// A game in progress or finished: the start position, the moves, and the position
/// they led to. Adds what a bare [`Position`] cannot know: undo and the fourfold
/// repetition draw of RULES.md §6.
///
/// ```
/// use yono::{Game, Status};
/// let mut game = Game::new(yono::Ruleset::Yono);
/// game.play_text("5g5f").unwrap();
/// assert_eq!(game.moves().len(), 1);
/// game.undo().unwrap();
/// assert_eq!(game.position(), &yono::Position::start());
/// assert_eq!(game.status(), Status::Ongoing);
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
    ///     game.play_text(mv).unwrap();
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
    /// perpetual check (RULES.md §6).
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

    /// [`Game::legal_moves`] into a list the caller reuses (none once the game is
    /// over, the repetition draw included).
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Yono);
    /// let mut list = yono::MoveList::new();
    /// game.legal_moves_into(&mut list);
    /// assert_eq!(list.len(), 12);
    /// for mv in ["5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"].repeat(3) {
    ///     game.play_text(mv).unwrap();
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
    ///     game.play_text(mv).unwrap();
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
    ///     game.play_text(mv).unwrap();
    /// }
    /// let played = game.play_text("8h2b+").unwrap();
    /// assert!(played.promoted);
    /// assert_eq!(played.captured.map(|p| p.kind), Some(yono::PieceKind::Bishop));
    /// assert!(matches!(
    ///     game.play_text("2b1a"),
    ///     Err(MoveError::Illegal { reason: IllegalMove::NoPieceToMove(_), .. })
    /// ));
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Played, MoveError> {
        self.check_move_caching(mv)
            .map_err(|reason| MoveError::Illegal { mv, reason })?;
        Ok(self.play_unchecked(mv))
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
    /// memory-safe state.
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Shogi);
    /// let mv = game.legal_moves()[0];
    /// let played = game.play_unchecked(mv);
    /// assert_eq!(played.mover, yono::Seat::South);
    /// assert_eq!(game.moves(), [mv]);
    /// ```
    pub fn play_unchecked(&mut self, mv: Move) -> Played {
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

    /// What the fourfold repetition just reached means (RULES.md §6): a draw, or in
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
    /// game.play_text("5g5f").unwrap();
    /// game.play_text("7e6e").unwrap();
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

/// Scores added up over several games (RULES.md §6).
///
/// ```
/// use yono::{Series, Seat};
/// let mut series = Series::default();
/// series.add([Some(3), Some(2), Some(1), Some(0)]).unwrap();
/// series.add([Some(0), Some(3), Some(1), Some(1)]).unwrap();
/// assert_eq!(series.total(Seat::West), 5);
/// assert_eq!(series.games(), 2);
/// assert!(series.add([Some(3), None, Some(1), Some(0)]).is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Series {
    totals: BySeat<u32>,
    games: u32,
}

/// A game whose scores are not all decided cannot be added to a series.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game is not over: {0} has no score yet")]
pub struct GameNotOver(pub Seat);

impl Series {
    /// Adds one finished game's scores (a [`BySeat`] or an array by seat index). Seats
    /// not in the ruleset are `None` and must be so for every seat of the ruleset once
    /// the game is over; pass `Some` for each seat that played.
    pub fn add(&mut self, scores: impl Into<BySeat<Option<u8>>>) -> Result<(), GameNotOver> {
        self.add_for(scores.into(), crate::SeatSet::ALL)
    }

    /// Adds a finished game.
    pub fn add_game(&mut self, game: &Game) -> Result<(), GameNotOver> {
        self.add_for(game.scores(), game.position().ruleset().seats())
    }

    fn add_for(
        &mut self,
        scores: BySeat<Option<u8>>,
        seats: crate::SeatSet,
    ) -> Result<(), GameNotOver> {
        if let Some(seat) = seats.iter().find(|&s| scores[s].is_none()) {
            return Err(GameNotOver(seat));
        }
        for (seat, score) in scores {
            self.totals[seat] += score.unwrap_or(0) as u32;
        }
        self.games += 1;
        Ok(())
    }

    /// A series with the given totals (a [`BySeat`] or an array by seat index) after
    /// `games` games, e.g. to restore one that was saved.
    ///
    /// ```
    /// let s = yono::Series::from_totals([5, 3, 1, 0], 3);
    /// assert_eq!(s.totals(), [5, 3, 1, 0]);
    /// assert_eq!(s.totals()[yono::Seat::West], 3);
    /// assert_eq!(s.games(), 3);
    /// ```
    pub fn from_totals(totals: impl Into<BySeat<u32>>, games: u32) -> Series {
        Series {
            totals: totals.into(),
            games,
        }
    }

    /// Total score of `seat`.
    pub fn total(&self, seat: Seat) -> u32 {
        self.totals[seat]
    }

    /// Totals of every seat.
    pub fn totals(&self) -> BySeat<u32> {
        self.totals
    }

    /// Games added.
    pub fn games(&self) -> u32 {
        self.games
    }
}

#[cfg(test)]
mod tests {
    use super::KeyCounts;
    use std::collections::HashMap;

    /// The table against a `HashMap` model, over random adds and removes of keys that
    /// crowd a few home slots (long runs, runs that wrap past the end, growth), checking
    /// every count after every step.
    #[test]
    fn key_counts_agree_with_a_map() {
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        // Keys whose low bits fall on few slots: 40 keys, 6 home slots near the end of
        // a 16-slot table (so runs wrap), different high bits.
        let keys: Vec<u64> = (0..40u64)
            .map(|i| (i << 40) | [11, 12, 13, 14, 15, 0][i as usize % 6])
            .collect();
        let mut table = KeyCounts::default();
        let mut model: HashMap<u64, u32> = HashMap::new();
        for step in 0..20_000 {
            let key = keys[(next() % keys.len() as u64) as usize];
            // More adds than removes at first (the table grows), then balanced.
            let add = next() % 100 < if step < 2_000 { 70 } else { 50 };
            if add {
                let n = model.entry(key).or_insert(0);
                *n += 1;
                assert_eq!(table.add(key), *n);
            } else {
                table.remove_one(key);
                if let Some(n) = model.get_mut(&key) {
                    *n -= 1;
                    if *n == 0 {
                        model.remove(&key);
                    }
                }
            }
            assert_eq!(table.len, model.len(), "step {step}");
            for &k in &keys {
                assert_eq!(
                    table.get(k),
                    model.get(&k).copied().unwrap_or(0),
                    "step {step}"
                );
            }
        }
        // Emptied again: every slot is free.
        for &k in &keys {
            while table.get(k) > 0 {
                table.remove_one(k);
            }
        }
        assert_eq!(table.len, 0);
        assert!(table.slots.iter().all(|&(_, n)| n == 0));
    }
}
