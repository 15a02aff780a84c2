//! Plays one complete four-player game of Yo\[n\]o Shogi with a seeded, simple policy
//! (checkmate if possible, else capture the most valuable piece, else a random move),
//! explains the notation once, prints the board at every checkmate, and ends with the
//! result and the scores.
//!
//! `cargo run --release -p yono-selfplay -- [seed]`

#[path = "../examples/support/mod.rs"]
mod support;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;
use support::Rng;
use yono::{Game, Move, PieceKind, Position, Ruleset, Seat, Status};

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

/// What the diagrams and move lines mean, from the crate's own tables of names and
/// letters.
fn notation() -> String {
    let seats: Vec<String> = Seat::ALL
        .iter()
        .map(|s| format!("{} = {}", s.letter(), s.name()))
        .collect();
    let kinds: Vec<String> = PieceKind::ALL
        .iter()
        .filter(|k| !k.is_promoted())
        .map(|k| format!("{} {}", k.letter(), k.name()))
        .collect();
    format!(
        "How to read it:\n\
         \x20 seats     {} (turn order, clockwise); * marks the seat to move\n\
         \x20 pieces    seat letter, then the kind: {};\n\
         \x20           + marks a promoted piece (wL = West's Lance, n+P = North's promoted Pawn)\n\
         \x20 squares   file 9-1 from West's edge to East's, then rank a-i from North's edge to South's: 5e\n\
         \x20 moves     from and to square, + to promote (9a8a, 8h2b+); a drop from the reserve\n\
         \x20           is kind*square (P*5e); a seat with no legal move must pass\n\
         \x20 reserves  count and kind, a count of 1 left out: R2GS2P = Rook, 2 Golds, Silver, 2 Pawns; - for none\n\
         \x20 scores    a checkmated seat scores 3 minus the seats still in; the last one left scores 3\n",
        seats.join(", "),
        kinds.join(", "),
    )
}

fn main() -> ExitCode {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2026u64);
    support::exit_after_writing("selfplay", play(seed, &mut io::stdout().lock()))
}

/// Plays the game of `seed`, writing it to `out` as it goes.
fn play(seed: u64, out: &mut impl Write) -> io::Result<()> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let started = Instant::now();
    let mut game = Game::new(Ruleset::Yono);
    writeln!(
        out,
        "Yo[n]o Shogi self-play, seed {seed}\n\n{}\n{}\n",
        notation(),
        game
    )?;
    const MAX_PLIES: usize = 5000;
    while !game.is_over() && game.moves().len() < MAX_PLIES {
        let mover = game.position().turn();
        let mv = choose(game.position(), &mut rng);
        let played = game.play(mv).expect("the policy picks legal moves");
        for (fallen, score) in played.eliminations.iter() {
            let what = match mv {
                Move::Pass => format!("{mover} has no legal move and must pass"),
                _ => format!("{mover} plays {mv}"),
            };
            writeln!(
                out,
                "Move {}: {what}; {fallen} is checkmated and scores {score}.\n\n{}\n",
                game.position().move_number() - 1,
                game
            )?;
        }
    }
    match game.status() {
        Status::Won(w) => writeln!(out, "{w} wins after {} moves.", game.moves().len())?,
        Status::DrawnByRepetition => writeln!(out, "Drawn by fourfold repetition.")?,
        Status::Ongoing => writeln!(out, "Stopped at the {MAX_PLIES}-move cap.")?,
    }
    writeln!(out, "Scores:")?;
    for (seat, score) in game.scores() {
        match score {
            Some(score) => writeln!(out, "  {:<5} {score}", seat.name())?,
            None => writeln!(out, "  {:<5} undecided", seat.name())?,
        }
    }
    writeln!(out, "Played in {:.3} s.", started.elapsed().as_secs_f64())
}
