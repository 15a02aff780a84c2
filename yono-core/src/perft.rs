//! Perft: counting the leaves of the legal-move tree, to check move generation against
//! published numbers and to measure speed.

use crate::{Game, Move, MoveList, Position};

/// Leaf count at `depth`, counting `pass` as a move; a finished game has no moves.
/// The last ply is counted without playing its moves (bulk counting).
///
/// ```
/// let pos = yono::Position::new(yono::Ruleset::Shogi);
/// assert_eq!(yono::perft(&pos, 2), 900);
/// assert_eq!(yono::perft(&yono::Position::start(), 1), 12);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    count(pos, depth, true)
}

/// Like [`perft`] but plays every move of the last ply too (the slower convention some
/// programs report).
///
/// ```
/// let pos = yono::Position::start();
/// assert_eq!(yono::perft_full(&pos, 2), yono::perft(&pos, 2));
/// ```
pub fn perft_full(pos: &Position, depth: u32) -> u64 {
    count(pos, depth, false)
}

fn count(pos: &Position, depth: u32, bulk: bool) -> u64 {
    match depth {
        0 => return 1,
        1 if bulk => return pos.count_legal_moves(),
        _ => {}
    }
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    let hint = pos.checkmate_hint();
    list.iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_hinted(mv, &hint);
            count(&child, depth - 1, bulk)
        })
        .sum()
}

/// Perft split by first move, in the order moves are generated.
///
/// ```
/// let pos = yono::Position::start();
/// let split = yono::divide(&pos, 2);
/// assert_eq!(split.len(), 12);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), yono::perft(&pos, 2));
/// ```
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}

impl Game {
    /// [`perft`] of the current position, with the repetition draw: a drawn game has
    /// no moves (depth 0 still counts the one leaf).
    ///
    /// ```
    /// let mut game = yono::Game::new(yono::Ruleset::Yono);
    /// assert_eq!(game.perft(2), yono::perft(game.position(), 2));
    /// for mv in ["5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"].repeat(3) {
    ///     game.play(mv.parse().unwrap()).unwrap();
    /// }
    /// assert_eq!((game.perft(0), game.perft(1)), (1, 0));
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        match self.live_position() {
            Some(pos) => perft(pos, depth),
            None => u64::from(depth == 0),
        }
    }

    /// [`divide`] of the current position; empty once the game is drawn.
    ///
    /// ```
    /// let game = yono::Game::new(yono::Ruleset::Yono);
    /// assert_eq!(game.divide(2), yono::divide(game.position(), 2));
    /// ```
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        self.live_position()
            .map_or_else(Vec::new, |pos| divide(pos, depth))
    }
}
