//! Players and helpers shared by the examples (tournament, play_game, bench).
#![allow(dead_code)]

use yono::{Move, Position};
use yono_engine::{Engine, EngineConfig, Limits};

/// xorshift64*: deterministic for a seed, no dependency.
pub struct Rng(u64);
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A player of the tournament.
pub enum Player {
    /// A uniformly random legal move.
    Random(Rng),
    /// One ply: the move whose resulting position the engine's static evaluation
    /// likes best for the mover (eliminations and captures included); ties at random.
    Greedy(Rng),
    /// The engine at a node budget per move.
    Engine(Box<Engine>, u64),
}

impl Player {
    /// Parses `random`, `greedy` or `engine@NODES` (e.g. `engine@10000`, `engine@10k`).
    pub fn parse(spec: &str, seed: u64) -> Result<Player, String> {
        match spec {
            "random" => Ok(Player::Random(Rng::new(seed))),
            "greedy" => Ok(Player::Greedy(Rng::new(seed))),
            _ => {
                let budget = spec
                    .strip_prefix("engine@")
                    .ok_or_else(|| format!("unknown player {spec:?}"))?;
                let nodes = parse_count(budget)?;
                let config = EngineConfig {
                    seed,
                    hash_mb: 4,
                    noise: 10,
                    ..Default::default()
                };
                Ok(Player::Engine(Box::new(Engine::new(config)), nodes))
            }
        }
    }

    pub fn choose(&mut self, pos: &Position) -> Move {
        let legal = pos.legal_moves();
        match self {
            Player::Random(rng) => legal[rng.below(legal.len())],
            Player::Greedy(rng) => greedy(pos, rng),
            Player::Engine(engine, nodes) => engine
                .search(pos, Limits::nodes(*nodes))
                .map(|r| r.best_move)
                .unwrap_or(legal[0]),
        }
    }
}

pub fn parse_count(text: &str) -> Result<u64, String> {
    let (digits, mul) = match text.strip_suffix(['k', 'K']) {
        Some(d) => (d, 1_000),
        None => match text.strip_suffix(['m', 'M']) {
            Some(d) => (d, 1_000_000),
            None => (text, 1),
        },
    };
    digits
        .parse::<u64>()
        .map(|n| n * mul)
        .map_err(|_| format!("bad count {text:?}"))
}

/// The greedy policy: one ply, scored by the static evaluation for the mover.
pub fn greedy(pos: &Position, rng: &mut Rng) -> Move {
    let mover = pos.turn().index();
    let legal = pos.legal_moves();
    let mut best = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for &mv in legal.iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let value = yono_engine::evaluate(&child)[mover].unwrap_or(0.0);
        if value > best_value + 1e-9 {
            best_value = value;
            best.clear();
            best.push(mv);
        } else if (value - best_value).abs() <= 1e-9 {
            best.push(mv);
        }
    }
    best[rng.below(best.len())]
}
