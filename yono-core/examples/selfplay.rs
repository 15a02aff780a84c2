//! Plays one complete four-player game of Yo\[n\]o Shogi with a seeded, simple policy
//! (checkmate if possible, else capture the most valuable piece, else a random move),
//! prints the board at every checkmate and the final scores.
//!
//! `cargo run --release -p yono-core --example selfplay -- [seed]`

mod support;

use std::time::Instant;
use support::Rng;
use yono::{Game, Move, PieceKind, Position, Ruleset, Seat, Series, Status};

fn value(kind: PieceKind) -> u32 {
    match kind.unpromoted() {
        PieceKind::Rook => 10,
        PieceKind::Bishop => 8,
        PieceKind::Gold | PieceKind::Silver => 6,
        PieceKind::Knight | PieceKind::Lance => 4,
        _ => 1,
    }
}

/// The policy: a move that checkmates someone, else the richest capture, else random.
fn choose(pos: &Position, rng: &mut Rng) -> Move {
    let legal = pos.legal_moves();
    let fells = |mv: Move| {
        let mut child = pos.clone();
        !child.play_unchecked(mv).is_empty()
    };
    if let Some(mv) = legal.iter().copied().find(|&mv| fells(mv)) {
        return mv;
    }
    let best_capture = legal
        .iter()
        .filter_map(|&mv| match mv {
            Move::Board { to, .. } => pos.piece_at(to).map(|p| (value(p.kind), mv)),
            _ => None,
        })
        .max_by_key(|(v, _)| *v);
    match best_capture {
        Some((_, mv)) if rng.below(4) > 0 => mv,
        _ => legal[rng.below(legal.len())],
    }
}

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2026u64);
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let started = Instant::now();
    let mut game = Game::new(Ruleset::Yono);
    println!(
        "Yo[n]o Shogi self-play, seed {seed}\n\n{}\n",
        game.position()
    );
    const MAX_PLIES: usize = 5000;
    while !game.is_over() && game.moves().len() < MAX_PLIES {
        let mover = game.position().turn();
        let mv = choose(game.position(), &mut rng);
        let before = game.position().seats_in_game();
        game.play(mv).expect("the policy picks legal moves");
        let after = game.position().seats_in_game();
        for fallen in before.iter().filter(|s| !after.contains(*s)) {
            let score = game.position().score(fallen).unwrap_or(0);
            println!(
                "Move {}: {} plays {mv}; {} is checkmated and scores {score}.\n\n{}\n",
                game.position().move_number() - 1,
                mover,
                fallen,
                game.position()
            );
        }
    }
    match game.status() {
        Status::Won(w) => println!("{w} wins after {} moves.", game.moves().len()),
        Status::DrawnByRepetition => println!("Drawn by fourfold repetition."),
        Status::Ongoing => println!("Stopped at the {MAX_PLIES}-move cap."),
    }
    let mut series = Series::default();
    if series.add_game(&game).is_ok() {
        for seat in Seat::ALL {
            println!("  {:<5} {}", seat.name(), series.total(seat));
        }
    }
    println!("Played in {:.3} s.", started.elapsed().as_secs_f64());
}
