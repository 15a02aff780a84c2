//! What several of the engine's test files share: seeded random play.

use yono::{Move, MoveList};

/// xorshift64*.
fn rng(state: &mut u64) -> u64 {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    state.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// Plays on `board` a random number of random legal moves (below `max_plies`; fewer
/// where no move is left), drawn from `state`: `legal_moves` lists them, `play`
/// plays one.
pub fn random_walk<B>(
    state: &mut u64,
    max_plies: u64,
    board: &mut B,
    legal_moves: impl Fn(&B) -> MoveList,
    mut play: impl FnMut(&mut B, Move),
) {
    let plies = rng(state) % max_plies;
    for _ in 0..plies {
        let moves = legal_moves(board);
        if moves.is_empty() {
            break;
        }
        let mv = moves[(rng(state) % moves.len() as u64) as usize];
        play(board, mv);
    }
}
