//! Positions along seeded random games of both rulesets, for the tests that hold a
//! fast path to its definition.

use yono::{Move, Position, Ruleset};

/// Calls `f` at each position along `games` seeded random games of each ruleset
/// (300 plies at most, until the game ends) with the position, its legal moves
/// and the move about to be played there. `f` may play and take back moves but
/// must leave the position as it found it.
pub(crate) fn each_position(
    seed: u64,
    games: usize,
    mut f: impl FnMut(&mut Position, &[Move], Move),
) {
    let mut state = seed;
    for ruleset in [Ruleset::Yono, Ruleset::Shogi] {
        for _game in 0..games {
            let mut pos = Position::new(ruleset);
            for _ply in 0..300 {
                let legal = pos.legal_moves();
                if legal.is_empty() || pos.seats_in_game().len() <= 1 {
                    break;
                }
                state = crate::eval::mix(state);
                let mv = legal[(state % legal.len() as u64) as usize];
                f(&mut pos, &legal, mv);
                pos.play_unchecked(mv);
            }
        }
    }
}
