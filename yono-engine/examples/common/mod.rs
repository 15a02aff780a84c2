//! Players and helpers shared by the examples: the players of `tournament` and
//! `play_game`, the command line of every example and its output (`say!`), scoring and
//! benchmark positions.
#![allow(dead_code)]

use yono::{Game, Move, Position, Ruleset, Seat};
use yono_engine::{Engine, EngineConfig, Limits};

/// `println!` for a program whose output may go into a pipe: when the reader has gone
/// (`analyse | head`), the program ends quietly with status 0, where `println!`
/// panics; any other failure to write ends it with the error and status 1.
#[allow(unused_macros)]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
            eprintln!("writing to standard output: {e}");
            std::process::exit(1);
        }
    }};
}
#[allow(unused_imports)]
pub(crate) use say;

/// The seat of the hero (player A) in the four-seat game with index `game` (from 0):
/// `match` and `tournament` put it in every seat in turn, and `falls` reads it back
/// from a record's game number (the index + 1).
pub fn four_seat_hero(game: usize) -> Seat {
    Seat::ALL[game % 4]
}

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

/// A command line read flag by flag, for every example. `--help` (or `-h`) anywhere
/// prints the program's usage and exits with status 0; a malformed call ends with
/// its error and the usage on stderr and status 2 ([`Cli::or_exit`]), not a panic.
pub struct Cli {
    program: &'static str,
    usage: &'static str,
    args: std::vec::IntoIter<String>,
}

impl Cli {
    /// The program's arguments; `usage` is what follows `usage: ` in its messages.
    pub fn new(program: &'static str, usage: &'static str) -> Cli {
        let args: Vec<String> = std::env::args().skip(1).collect();
        if args.iter().any(|a| a == "--help" || a == "-h") {
            say!("usage: {usage}");
            std::process::exit(0);
        }
        Cli {
            program,
            usage,
            args: args.into_iter(),
        }
    }

    /// The next argument (a flag, or a positional argument).
    pub fn next_arg(&mut self) -> Option<String> {
        self.args.next()
    }

    /// The value that follows `flag`.
    pub fn value(&mut self, flag: &str) -> Result<String, String> {
        self.args
            .next()
            .ok_or_else(|| format!("{flag} needs a value"))
    }

    /// The value that follows `flag`, parsed; the error names the flag and the value.
    pub fn parsed<T: std::str::FromStr>(&mut self, flag: &str) -> Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        let value = self.value(flag)?;
        value.parse().map_err(|e| format!("{flag} {value:?}: {e}"))
    }

    /// The error for an argument the program does not take.
    pub fn unknown<T>(arg: &str) -> Result<T, String> {
        Err(format!("unknown argument {arg:?}"))
    }

    /// `result`'s value, or (on an error) the program's name, the error and the usage
    /// on stderr and exit status 2.
    pub fn or_exit<T>(&self, result: Result<T, String>) -> T {
        result.unwrap_or_else(|e| {
            eprintln!("{}: {e}\nusage: {}", self.program, self.usage);
            std::process::exit(2);
        })
    }
}

/// The ruleset a `--variant` value names: `shogi` or `yono`.
pub fn parse_variant(name: &str) -> Result<Ruleset, String> {
    match name {
        "shogi" => Ok(Ruleset::Shogi),
        "yono" => Ok(Ruleset::Yono),
        v => Err(format!("unknown variant {v:?}")),
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

/// Material of `seat` (board and reserve) in the engine's piece values.
pub fn material(pos: &Position, seat: Seat) -> i32 {
    let board: i32 = pos
        .pieces(seat)
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|p| yono_engine::piece_value(p.kind))
        .sum();
    let reserve: i32 = pos
        .reserve(seat)
        .iter()
        .map(|(k, n)| yono_engine::piece_value(k) * n as i32)
        .sum();
    board + reserve
}

/// Each seat's score in a finished game: the core's ([`Game::scores`], the repetition
/// draw of RULES.md §6 included), except that a drawn Shogi game gives each side half
/// a point (the core counts whole points).
pub fn finished_scores(game: &Game) -> [f64; 4] {
    let pos = game.position();
    if game.is_drawn() && pos.ruleset() == Ruleset::Shogi {
        return half_points(pos);
    }
    let s: [Option<u8>; 4] = game.scores().into();
    s.map(|x| x.unwrap_or(0) as f64)
}

/// Each seat's score in a game stopped at a ply cap: drawn in Shogi, ranked by
/// material in Yo[n]o ([`material_ranked_scores`]).
pub fn capped_scores(pos: &Position) -> [f64; 4] {
    match pos.ruleset() {
        Ruleset::Shogi => half_points(pos),
        Ruleset::Yono => material_ranked_scores(pos),
    }
}

/// Half a point to each seat still in.
fn half_points(pos: &Position) -> [f64; 4] {
    Seat::ALL.map(|s| {
        if pos.seats_in_game().contains(s) {
            0.5
        } else {
            0.0
        }
    })
}

/// The scores of a Yo[n]o game stopped at a ply cap: the seats still in are ranked by
/// material (the least takes the lowest score left), seats tied on material share
/// their places' scores, and the seats out keep the scores they received.
pub fn material_ranked_scores(pos: &Position) -> [f64; 4] {
    let in_game: Vec<Seat> = pos.seats_in_game().iter().collect();
    let base = 3 - (in_game.len() as i32 - 1);
    let mut scores = Seat::ALL.map(|s| pos.score(s).unwrap_or(0) as f64);
    let mut ranked: Vec<(i32, Seat)> = in_game.iter().map(|&s| (material(pos, s), s)).collect();
    ranked.sort_by_key(|&(m, s)| (m, s.index()));
    let mut i = 0;
    while i < ranked.len() {
        let mut j = i;
        while j + 1 < ranked.len() && ranked[j + 1].0 == ranked[i].0 {
            j += 1;
        }
        // Places i..=j share the scores base+i ..= base+j.
        let share = (i..=j).map(|r| (base + r as i32) as f64).sum::<f64>() / (j - i + 1) as f64;
        for r in &ranked[i..=j] {
            scores[r.1.index()] = share;
        }
        i = j + 1;
    }
    scores
}

/// The first position of a seeded greedy/random game with `seats` seats in, after
/// `extra` more plies (fewer if the count would drop).
pub fn middle_game(seats: usize, extra: usize, seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    let mut pos = Position::start();
    let mut after = 0;
    loop {
        let k = pos.seats_in_game().len();
        if k == seats && after >= extra {
            return pos;
        }
        let mv = if rng.below(3) == 0 {
            let legal = pos.legal_moves();
            legal[rng.below(legal.len())]
        } else {
            greedy(&pos, &mut rng)
        };
        let mut next = pos.clone();
        next.play_unchecked(mv);
        if next.seats_in_game().len() < seats && k == seats {
            return pos;
        }
        if k == seats {
            after += 1;
        }
        pos = next;
    }
}

/// A Shogi middle game: a fixed opening line.
pub fn shogi_middle() -> Position {
    let mut pos = Position::new(Ruleset::Shogi);
    for mv in "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 3i4h 8b4b 5i6h 5a6b 6h7h 6b7b 5g5f 3a3b 4i5h 7b8b 9g9f 9c9d 8h7g 7a7b 7h8h 4a5b 9i9h 6c6d 8h9i 5b6c 5h6h 6a7a 6g6f 3b4c 4g4f".split(' ') {
        pos.play(mv.parse().expect("a move")).expect("a legal line");
    }
    pos
}

/// The six positions of the speed benchmarks (`bench`, `search_cost`), named.
pub fn bench_positions() -> [(&'static str, Position); 6] {
    [
        ("Yo[n]o start", Position::start()),
        ("4 seats, middle game", middle_game(4, 30, 1)),
        ("3 seats, middle game", middle_game(3, 12, 2)),
        ("2 seats, middle game", middle_game(2, 8, 3)),
        ("Shogi start", Position::new(Ruleset::Shogi)),
        ("Shogi middle game", shogi_middle()),
    ]
}
