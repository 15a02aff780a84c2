//! Rewards: a seat's place turned into a number in -1..=1, with one rule for ties.
//!
//! A seat that finishes with score `s` (Yo\[n\]o: 0 for the first out, then 1, 2, and
//! 3 for the winner; Shogi: 0 and 1) gets `2 * s / max_score - 1`. **Seats that share
//! places get the mean of the places they share**, whichever way they came to share
//! them:
//!
//! - seats checkmated at the same moment (the rules give each the lowest of the places
//!   they share: two seats falling together first both score 0, places 0 and 1), and
//! - the seats still in the game at a repetition draw (the rules give each the lowest
//!   shared place too: four seats drawing all score 0, places 0 to 3).
//!
//! So two seats falling together first get place 0.5 each (reward -2/3), a four-seat
//! draw gives every seat place 1.5 (reward 0), a Shogi draw 0 to both. The places of
//! a game always add up to 0 + 1 + 2 + 3 (Yo\[n\]o) or 0 + 1 (Shogi), so **the rewards
//! of every finished game add up to zero**: no separate zero-sum option is needed.
//! The core's scores (what records and the observation planes show) are unchanged;
//! only the rewards use the mean.

use yono::{Game, Ruleset, SeatSet, SeatState, Status};

/// The reward of place `place` (a score, or the mean of shared scores) in a game whose
/// winner scores `max_score`: `2 * place / max_score - 1`.
///
/// ```
/// assert_eq!(yono_ml::place_reward(3.0, 3), 1.0);
/// assert_eq!(yono_ml::place_reward(0.0, 3), -1.0);
/// assert_eq!(yono_ml::place_reward(1.5, 3), 0.0); // a four-seat draw
/// ```
pub fn place_reward(place: f32, max_score: u8) -> f32 {
    2.0 * place / f32::from(max_score) - 1.0
}

/// The mean of `count` places shared from `lowest` up: `lowest + (count - 1) / 2`.
///
/// ```
/// assert_eq!(yono_ml::shared_place(0, 2), 0.5); // two seats fall together first
/// assert_eq!(yono_ml::shared_place(0, 4), 1.5); // a four-seat draw
/// ```
pub fn shared_place(lowest: u8, count: usize) -> f32 {
    f32::from(lowest) + (count.max(1) as f32 - 1.0) / 2.0
}

/// The place each of the `remaining` seats still in a game takes if it ends now in a
/// draw: they share the top `remaining` places. The value of a game cut off by a ply
/// cap, for callers that need one (the Ray example's bootstrap).
///
/// ```
/// use yono::Ruleset;
/// assert_eq!(yono_ml::draw_place(4, Ruleset::Yono), 1.5);
/// assert_eq!(yono_ml::draw_place(2, Ruleset::Yono), 2.5);
/// assert_eq!(yono_ml::draw_place(2, Ruleset::Shogi), 0.5);
/// ```
pub fn draw_place(remaining: usize, ruleset: Ruleset) -> f32 {
    let max = ruleset.max_score();
    let lowest = (usize::from(max) + 1).saturating_sub(remaining.max(1)) as u8;
    shared_place(lowest, remaining)
}

/// The rewards of the seats whose outcome the last move of `game` decided, by seat
/// index: the seats of `before` (the seats in the game before that move) that fell on
/// it, and, when it ended the game, those still in. `None` for every other seat.
///
/// ```
/// use yono::{Game, Ruleset, Seat};
/// let mut game = Game::new(Ruleset::Shogi);
/// for mv in ["2h3h", "8b7b", "3h2h", "7b8b"].repeat(3) {
///     let before = game.position().seats_in_game();
///     game.play(mv.parse().unwrap()).unwrap();
///     let rewards = yono_ml::decided_rewards(before, &game);
///     if game.is_over() {
///         // A Shogi draw: both seats share places 0 and 1.
///         assert_eq!(rewards[Seat::South.index()], Some(0.0));
///         assert_eq!(rewards[Seat::North.index()], Some(0.0));
///     } else {
///         assert_eq!(rewards, [None; 4]);
///     }
/// }
/// ```
pub fn decided_rewards(before: SeatSet, game: &Game) -> [Option<f32>; 4] {
    let pos = game.position();
    let max = pos.ruleset().max_score();
    let after = pos.seats_in_game();
    let mut rewards = [None; 4];
    let fell = SeatSet::from_bits(before.bits() & !after.bits());
    let score_of = |seat| match pos.seat_state(seat) {
        SeatState::Out(score) => score,
        _ => 0,
    };
    for seat in fell.iter() {
        let score = score_of(seat);
        // Seats that fell at the same moment got the same score (RULES.md §6).
        let together = fell.iter().filter(|&s| score_of(s) == score).count();
        rewards[seat.index()] = Some(place_reward(shared_place(score, together), max));
    }
    match game.status() {
        Status::Ongoing => {}
        Status::DrawnByRepetition => {
            let place = draw_place(after.len(), pos.ruleset());
            for seat in after.iter() {
                rewards[seat.index()] = Some(place_reward(place, max));
            }
        }
        Status::Won(winner) => {
            // Yo[n]o ends with the winner alone; in Shogi the side left without a move
            // loses and takes the lowest place.
            let losers = after.without(winner);
            for seat in losers.iter() {
                let place = shared_place(0, losers.len());
                rewards[seat.index()] = Some(place_reward(place, max));
            }
            if after.contains(winner) {
                rewards[winner.index()] = Some(place_reward(f32::from(max), max));
            }
        }
    }
    rewards
}
