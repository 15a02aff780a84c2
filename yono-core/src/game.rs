//! A game: a position with its history, for undo and fourfold repetition.

use crate::movegen::KingFacts;
use crate::position::Unplay;
use crate::{Error, Move, MoveError, MoveList, Position, Ruleset, Seat, SeatState, Status};

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
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    /// The position after `moves`: played forward in place, taken back with `undo`.
    current: Position,
    /// Per move, what taking it back needs (a few bytes; rarely a whole position).
    undo: Vec<Unplay>,
    /// The key of every position of the game, the start's first: repetition scans
    /// these, not the positions themselves.
    keys: Vec<u64>,
    moves: Vec<Move>,
    drawn: bool,
    /// The King facts of the position after `ply` moves, kept while that position is
    /// in the game: a caller trying many moves in one position (push, pop, push...)
    /// checks each cheaply.
    king_facts: Option<(usize, KingFacts)>,
    /// Moves taken back by `undo`, the most recent last, for `redo`; playing another
    /// move forgets them.
    redo: Vec<Move>,
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
        Game {
            keys: vec![position.key()],
            current: position.clone(),
            start: position,
            undo: Vec::new(),
            moves: Vec::new(),
            drawn: false,
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
    pub fn repetitions(&self) -> usize {
        let key = self.position().key();
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// Whether the game ended in a fourfold repetition (cheaper than
    /// [`Game::status`], which in Shogi must look for a legal move).
    pub fn is_drawn(&self) -> bool {
        self.drawn
    }

    /// The status, with the repetition draw.
    pub fn status(&self) -> Status {
        if self.drawn {
            Status::DrawnByRepetition
        } else {
            self.position().status()
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.status() != Status::Ongoing
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.drawn {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Plays a legal move. After a fourth occurrence of a position the game is drawn.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.drawn {
            return Err(MoveError::Illegal {
                mv,
                reason: crate::IllegalMove::GameOver,
            });
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
        self.position()
            .check_move_with(mv, Some(&facts))
            .map_err(|reason| MoveError::Illegal { mv, reason })?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal (one from [`Game::legal_moves`]) without
    /// checking it again. An illegal move leaves the game in an unspecified but
    /// memory-safe state.
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Shogi);
    /// let mv = game.legal_moves()[0];
    /// game.play_unchecked(mv);
    /// assert_eq!(game.moves(), [mv]);
    /// ```
    pub fn play_unchecked(&mut self, mv: Move) {
        // Played in place, remembering only what undoing needs: no position copy.
        self.undo.push(self.current.play_reversibly(mv));
        self.keys.push(self.current.key());
        self.moves.push(mv);
        self.drawn = self.repetitions() >= 4;
        // Replaying the undone move keeps the rest of the line for redo.
        if self.redo.pop() != Some(mv) {
            self.redo.clear();
        }
    }

    /// Parses and plays move text.
    pub fn play_text(&mut self, text: &str) -> Result<(), MoveError> {
        let mv = Move::from_usi(text)?;
        self.play(mv)
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        if let Some(unplay) = self.undo.pop() {
            self.current.unplay(mv, unplay);
        }
        self.keys.pop();
        if matches!(self.king_facts, Some((at, _)) if at > self.moves.len()) {
            self.king_facts = None;
        }
        // A game can only continue from a position that was not yet drawn.
        self.drawn = false;
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
        self.play_unchecked(mv);
        Some(mv)
    }

    /// The moves [`Game::redo`] would play, the next one last.
    pub fn redo_moves(&self) -> &[Move] {
        &self.redo
    }

    /// The score of each seat (by index) once decided, the repetition draw included:
    /// then every remaining seat scores the maximum minus the other remaining seats.
    ///
    /// ```
    /// let game = yono::Game::new(yono::Ruleset::Yono);
    /// assert_eq!(game.scores(), [None; 4]);
    /// ```
    pub fn scores(&self) -> [Option<u8>; 4] {
        let pos = self.position();
        if !self.drawn {
            return pos.scores();
        }
        let remaining = pos.seats_in_game().len() as u8;
        Seat::ALL.map(|s| match pos.seat_state(s) {
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
    totals: [u32; 4],
    games: u32,
}

/// A game whose scores are not all decided cannot be added to a series.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game is not over: {0} has no score yet")]
pub struct GameNotOver(pub Seat);

impl Series {
    /// Adds one finished game's scores (by seat index). Seats not in the ruleset are
    /// `None` and must be so for every seat of the ruleset once the game is over; pass
    /// `Some` for each seat that played.
    pub fn add(&mut self, scores: [Option<u8>; 4]) -> Result<(), GameNotOver> {
        self.add_for(scores, crate::SeatSet::ALL)
    }

    /// Adds a finished game.
    pub fn add_game(&mut self, game: &Game) -> Result<(), GameNotOver> {
        self.add_for(game.scores(), game.position().ruleset().seats())
    }

    fn add_for(
        &mut self,
        scores: [Option<u8>; 4],
        seats: crate::SeatSet,
    ) -> Result<(), GameNotOver> {
        if let Some(seat) = seats.iter().find(|s| scores[s.index()].is_none()) {
            return Err(GameNotOver(seat));
        }
        for (total, score) in self.totals.iter_mut().zip(scores) {
            *total += score.unwrap_or(0) as u32;
        }
        self.games += 1;
        Ok(())
    }

    /// A series with the given totals (by seat index) after `games` games, e.g. to
    /// restore one that was saved.
    ///
    /// ```
    /// let s = yono::Series::from_totals([5, 3, 1, 0], 3);
    /// assert_eq!((s.totals(), s.games()), ([5, 3, 1, 0], 3));
    /// ```
    pub fn from_totals(totals: [u32; 4], games: u32) -> Series {
        Series { totals, games }
    }

    /// Total score of `seat`.
    pub fn total(&self, seat: Seat) -> u32 {
        self.totals[seat.index()]
    }

    /// Totals by seat index.
    pub fn totals(&self) -> [u32; 4] {
        self.totals
    }

    /// Games added.
    pub fn games(&self) -> u32 {
        self.games
    }
}
