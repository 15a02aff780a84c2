//! Equal-time (or equal-node) matches: standard Shogi between two players with the
//! colours swapped over balanced openings, and four-seat Yo[n]o between a hero and
//! three copies of a field player with the hero rotated through every seat.
//!
//! ```text
//! cargo run --release -p yono-engine --example match -- --variant shogi \
//!     --a 'self:time=100' --b 'usi:/path/to/engine;Threads=1;USI_Hash=16' --games 100
//! cargo run --release -p yono-engine --example match -- --variant yono \
//!     --a 'self:time=50' --b 'proc:/path/to/old-engine' --games 96
//! ```
//!
//! Players:
//! - `self[:key=value,...]`: this crate's engine in-process. Keys: `time` (ms per
//!   move), `clock` (`BASE+INC` in ms: a clock of BASE that gains INC after each
//!   move, the engine's own time management spending it; a player whose clock runs
//!   out loses as one that gives no move), `nodes`, `depth`, `without` (features
//!   off, `+`-separated: `nmp+lmr`),
//!   `mode` (`paranoid`, `brs`, `brs+`, `paranoid-brs`), `hash` (MiB), `threads`, `noise`.
//! - `usi:PATH[;Option=value...]`: a USI engine program (standard Shogi), given
//!   `setoption` for each pair, `position sfen ... moves ...`, `go movetime|nodes`.
//! - `proc:PATH[;arg...]`: a program reading `position <position text> [moves ...]`
//!   and `go movetime MS` / `go nodes N` lines and answering `bestmove <move>`
//!   (`examples/line_engine.rs`).
//!
//! The time or node budget of an outside program is that of the `--tc` option
//! (`movetime=100` or `nodes=10000`); an in-process player uses its own keys, or
//! `--tc` when it has none.
//!
//! Openings: `--plies N` random legal plies from the start (seeded by `--seed`),
//! kept only when this crate's engine at 20,000 nodes rates the position within
//! `--balance` (default 0.08 points) of an equal share. Shogi plays each opening
//! twice, colours swapped; Yo[n]o plays each four times, the hero in every seat.
//! Adjudication: Shogi games reaching `--max-plies` (default 320) are draws;
//! Yo[n]o games reaching it (default 800) score the seats still in by material,
//! least first, as `examples/tournament.rs` does. A fourfold repetition is a draw
//! (RULES.md §6). A program that answers an illegal move, or nothing, loses (falls).
//! `--record FILE` appends each game as `number|start position|moves|A's score|how
//! it ended`; `--concurrency K` plays K games at once.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

mod common;

use common::say;

use yono::{Game, Move, Ruleset, Seat, Status};
use yono_engine::{Clock, Engine, EngineConfig, Features, Limits, StopToken};

#[derive(Clone, Copy, Debug)]
enum Budget {
    Time(Duration),
    /// A clock: the main time, and what each move adds to it.
    Clock(Duration, Duration),
    Nodes(u64),
    Depth(u32),
}

impl Budget {
    fn parse(text: &str) -> Result<Budget, String> {
        let (k, v) = text
            .split_once('=')
            .ok_or_else(|| format!("bad --tc {text:?}"))?;
        let n: u64 = v.parse().map_err(|_| format!("bad --tc {text:?}"))?;
        match k {
            "movetime" | "time" => Ok(Budget::Time(Duration::from_millis(n))),
            "nodes" => Ok(Budget::Nodes(n)),
            "depth" => Ok(Budget::Depth(n as u32)),
            _ => Err(format!("bad --tc {text:?}")),
        }
    }
}

/// A player's description (parsed once, instantiated per game).
#[derive(Clone, Debug)]
enum Spec {
    InProcess {
        config: EngineConfig,
        features: Features,
        budget: Option<Budget>,
    },
    Usi {
        path: String,
        options: Vec<(String, String)>,
    },
    Proc {
        path: String,
        args: Vec<String>,
    },
}

impl Spec {
    fn parse(text: &str) -> Result<Spec, String> {
        if let Some(rest) = text.strip_prefix("usi:") {
            let mut parts = rest.split(';');
            let path = parts.next().unwrap_or_default().to_string();
            let options = parts
                .map(|p| {
                    p.split_once('=')
                        .map(|(a, b)| (a.to_string(), b.to_string()))
                        .ok_or_else(|| format!("bad USI option {p:?}"))
                })
                .collect::<Result<_, _>>()?;
            return Ok(Spec::Usi { path, options });
        }
        if let Some(rest) = text.strip_prefix("proc:") {
            let mut parts = rest.split(';');
            let path = parts.next().unwrap_or_default().to_string();
            return Ok(Spec::Proc {
                path,
                args: parts.map(str::to_string).collect(),
            });
        }
        let rest = text
            .strip_prefix("self")
            .ok_or_else(|| format!("unknown player {text:?}"))?;
        let mut config = EngineConfig::default();
        let mut features = Features::default();
        let mut budget = None;
        for kv in rest
            .trim_start_matches(':')
            .split(',')
            .filter(|s| !s.is_empty())
        {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| format!("bad player option {kv:?}"))?;
            let num = || {
                v.parse::<u64>()
                    .map_err(|_| format!("bad number in {kv:?}"))
            };
            match k {
                "time" => budget = Some(Budget::Time(Duration::from_millis(num()?))),
                "clock" => {
                    let bad = || format!("bad clock {v:?} (BASE+INC in ms)");
                    let (base, inc) = v.split_once('+').ok_or_else(bad)?;
                    let ms = |t: &str| t.parse().map(Duration::from_millis).map_err(|_| bad());
                    budget = Some(Budget::Clock(ms(base)?, ms(inc)?));
                }
                "nodes" => budget = Some(Budget::Nodes(num()?)),
                "depth" => budget = Some(Budget::Depth(num()? as u32)),
                "without" => features = Features::without(&v.replace('+', ","))?,
                "mode" => config.mode = v.parse().map_err(|e| format!("{e}"))?,
                "hash" => config.hash_mb = num()? as usize,
                "threads" => config.threads = num()? as usize,
                "noise" => config.noise = num()? as u32,
                _ => return Err(format!("unknown player option {k:?}")),
            }
        }
        Ok(Spec::InProcess {
            config,
            features,
            budget,
        })
    }
}

/// A player of one game.
enum Player {
    InProcess {
        engine: Box<Engine>,
        budget: Budget,
        /// With a clock budget: the main time left.
        remaining: Duration,
        /// The clock ran out (the player lost on time).
        flagged: bool,
    },
    Process {
        child: Child,
        stdin: ChildStdin,
        stdout: BufReader<ChildStdout>,
        usi: bool,
        budget: Budget,
    },
}

impl Player {
    fn new(spec: &Spec, tc: Budget, seed: u64) -> Result<Player, String> {
        match spec {
            Spec::InProcess {
                config,
                features,
                budget,
            } => {
                let config = EngineConfig { seed, ..*config };
                let budget = budget.unwrap_or(tc);
                Ok(Player::InProcess {
                    engine: Box::new(Engine::with_features(config, *features)),
                    budget,
                    remaining: match budget {
                        Budget::Clock(base, _) => base,
                        _ => Duration::ZERO,
                    },
                    flagged: false,
                })
            }
            Spec::Usi { path, options } => {
                let mut p = Player::spawn(path, &[], true, tc)?;
                p.send("usi")?;
                p.wait_for("usiok")?;
                for (k, v) in options {
                    p.send(&format!("setoption name {k} value {v}"))?;
                }
                p.send("isready")?;
                p.wait_for("readyok")?;
                p.send("usinewgame")?;
                Ok(p)
            }
            Spec::Proc { path, args } => Player::spawn(path, args, false, tc),
        }
    }

    fn spawn(path: &str, args: &[String], usi: bool, budget: Budget) -> Result<Player, String> {
        if let Budget::Clock(..) = budget {
            return Err(format!("{path}: a clock is for in-process players only"));
        }
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{path}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Player::Process {
            child,
            stdin,
            stdout,
            usi,
            budget,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        match self {
            Player::Process { stdin, .. } => {
                writeln!(stdin, "{line}").map_err(|e| e.to_string())?;
                stdin.flush().map_err(|e| e.to_string())
            }
            Player::InProcess { .. } => Ok(()),
        }
    }

    fn wait_for(&mut self, prefix: &str) -> Result<String, String> {
        let Player::Process { stdout, .. } = self else {
            return Err("not a process".into());
        };
        let mut line = String::new();
        loop {
            line.clear();
            if stdout.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err(format!("the program ended before {prefix:?}"));
            }
            if line.trim_start().starts_with(prefix) {
                return Ok(line.trim().to_string());
            }
        }
    }

    /// The player's move in the game (`None`: no answer, or resignation).
    fn choose(&mut self, game: &Game) -> Option<Move> {
        match self {
            Player::InProcess {
                engine,
                budget,
                remaining,
                flagged,
            } => {
                let limits = match *budget {
                    Budget::Time(t) => Limits::time(t),
                    Budget::Clock(_, increment) => {
                        let mut clocks = [None; 4];
                        clocks[game.position().turn().index()] = Some(Clock {
                            remaining: *remaining,
                            increment,
                            byoyomi: Duration::ZERO,
                        });
                        Limits::clocks(clocks)
                    }
                    Budget::Nodes(n) => Limits::nodes(n),
                    Budget::Depth(d) => Limits::depth(d),
                };
                let started = Instant::now();
                let best = engine
                    .search_game(game, limits, &StopToken::new(), &mut |_| {})
                    .ok()
                    .map(|r| r.best_move);
                if let Budget::Clock(_, increment) = *budget {
                    let spent = started.elapsed();
                    if spent > *remaining {
                        *flagged = true;
                        return None;
                    }
                    *remaining = *remaining - spent + increment;
                }
                best
            }
            Player::Process { usi, budget, .. } => {
                let go = match *budget {
                    Budget::Time(t) => format!("go movetime {}", t.as_millis()),
                    Budget::Clock(..) => return None, // refused by Player::spawn
                    Budget::Nodes(n) => format!("go nodes {n}"),
                    Budget::Depth(d) => format!("go depth {d}"),
                };
                let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
                let start = if *usi {
                    format!("sfen {}", game.start().sfen()?)
                } else {
                    game.start().text()
                };
                let position = if moves.is_empty() {
                    format!("position {start}")
                } else {
                    format!("position {start} moves {}", moves.join(" "))
                };
                self.send(&position).ok()?;
                self.send(&go).ok()?;
                let line = self.wait_for("bestmove").ok()?;
                let text = line.split_whitespace().nth(1)?;
                text.parse().ok()
            }
        }
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        if let Player::Process { child, stdin, .. } = self {
            let _ = writeln!(stdin, "quit");
            let _ = stdin.flush();
            std::thread::sleep(Duration::from_millis(20));
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Openings: `count` positions `plies` random plies from the start that the
/// engine rates near an equal share.
fn openings(ruleset: Ruleset, count: usize, plies: usize, seed: u64, balance: f64) -> Vec<Game> {
    let mut rng = common::Rng::new(seed);
    let equal = if ruleset == Ruleset::Shogi { 0.5 } else { 1.5 };
    let mut out = Vec::new();
    let mut engine = Engine::new(EngineConfig {
        hash_mb: 4,
        ..Default::default()
    });
    while out.len() < count {
        let mut game = Game::new(ruleset);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.below(moves.len())]).expect("legal");
        }
        if game.is_over() || game.position().seats_in_game().len() < ruleset.seats().len() {
            continue;
        }
        let Ok(r) =
            engine.search_game(&game, Limits::nodes(20_000), &StopToken::new(), &mut |_| {})
        else {
            continue;
        };
        if (r.score - equal).abs() <= balance {
            out.push(game);
        }
    }
    out
}

/// Final scores by seat; seats still in at the ply cap ranked by material (Yo[n]o)
/// or drawn (Shogi).
fn final_scores(game: &Game, capped: bool) -> [f64; 4] {
    if capped {
        common::capped_scores(game.position())
    } else {
        common::finished_scores(game)
    }
}

/// Plays one game from `opening`; `players[seat index]` is the player of a seat.
/// Returns the scores and the number of plies played.
fn play(
    opening: &Game,
    players: &mut [Option<Player>; 4],
    max_plies: usize,
) -> ([f64; 4], Game, String) {
    let mut game = opening.clone();
    let reason = loop {
        if game.is_over() {
            break match game.status() {
                Status::DrawnByRepetition => "repetition".to_string(),
                _ => "decided".to_string(),
            };
        }
        if game.moves().len() >= max_plies {
            let s = final_scores(&game, true);
            return (s, game, "ply cap".into());
        }
        let seat = game.position().turn();
        let player = players[seat.index()]
            .as_mut()
            .expect("a player for every seat");
        let mv = player.choose(&game).filter(|&m| game.is_legal(m));
        match mv {
            Some(m) => {
                game.play(m).expect("checked legal");
            }
            None => {
                // No legal answer: the seat loses (Shogi) or falls (scored last).
                let mut s = final_scores(&game, true);
                if game.position().ruleset() == Ruleset::Shogi {
                    s = Seat::ALL.map(|x| {
                        if x == seat {
                            0.0
                        } else if game.position().ruleset().seats().contains(x) {
                            1.0
                        } else {
                            0.0
                        }
                    });
                } else {
                    s[seat.index()] = 0.0;
                }
                let flagged = matches!(player, Player::InProcess { flagged: true, .. });
                let why = if flagged {
                    format!("{} lost on time", seat.name())
                } else {
                    format!("{} gave no legal move", seat.name())
                };
                return (s, game, why);
            }
        }
    };
    (final_scores(&game, false), game, reason)
}

struct Args {
    variant: Ruleset,
    a: Spec,
    b: Spec,
    tc: Budget,
    games: usize,
    seed: u64,
    plies: usize,
    balance: f64,
    max_plies: usize,
    concurrency: usize,
    /// Appends `game|start text|moves|A's score|reason` per game.
    record: Option<String>,
}

const USAGE: &str =
    "match --a PLAYER --b PLAYER [--variant shogi|yono] [--tc movetime=MS|nodes=N|depth=D] \
[--games N] [--seed N] [--plies N] [--balance X] [--max-plies N] [--concurrency N] [--record FILE] \
(PLAYER: self[:key=value,...], usi:PATH[;Option=value...] or proc:PATH[;arg...])";

fn parse_args(cli: &mut common::Cli) -> Result<Args, String> {
    let mut variant = Ruleset::Shogi;
    let mut a = None;
    let mut b = None;
    let mut tc = Budget::Time(Duration::from_millis(100));
    let mut games = 100;
    let mut seed = 1;
    let mut plies = None;
    let mut balance = 0.08;
    let mut max_plies = None;
    let mut concurrency = 1;
    let mut record = None;
    while let Some(flag) = cli.next_arg() {
        match flag.as_str() {
            "--variant" => variant = common::parse_variant(&cli.value(&flag)?)?,
            "--a" => a = Some(Spec::parse(&cli.value(&flag)?)?),
            "--b" => b = Some(Spec::parse(&cli.value(&flag)?)?),
            "--tc" => tc = Budget::parse(&cli.value(&flag)?)?,
            "--games" => games = cli.parsed(&flag)?,
            "--seed" => seed = cli.parsed(&flag)?,
            "--plies" => plies = Some(cli.parsed(&flag)?),
            "--balance" => balance = cli.parsed(&flag)?,
            "--max-plies" => max_plies = Some(cli.parsed(&flag)?),
            "--concurrency" => concurrency = cli.parsed(&flag)?,
            "--record" => record = Some(cli.value(&flag)?),
            other => return common::Cli::unknown(other),
        }
    }
    let yono = variant == Ruleset::Yono;
    Ok(Args {
        variant,
        a: a.ok_or("--a is required")?,
        b: b.ok_or("--b is required")?,
        tc,
        games,
        seed,
        plies: plies.unwrap_or(if yono { 4 } else { 8 }),
        balance,
        max_plies: max_plies.unwrap_or(if yono { 800 } else { 320 }),
        concurrency: concurrency.max(1),
        record,
    })
}

/// Elo of a score share (NaN-free at the ends).
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

fn main() {
    let mut cli = common::Cli::new("match", USAGE);
    let parsed = parse_args(&mut cli);
    let args = cli.or_exit(parsed);
    let started = Instant::now();
    let per_opening = if args.variant == Ruleset::Shogi { 2 } else { 4 };
    let count = args.games.div_ceil(per_opening);
    let openings = openings(args.variant, count, args.plies, args.seed, args.balance);
    eprintln!(
        "{} openings in {:.1} s; load: {}",
        openings.len(),
        started.elapsed().as_secs_f64(),
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, f64, usize)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= args.games {
                    break;
                }
                let opening = &openings[g / per_opening];
                let hero_seat = if args.variant == Ruleset::Shogi {
                    [Seat::South, Seat::North][g % 2]
                } else {
                    common::four_seat_hero(g)
                };
                let seed = args.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
                let mut players: [Option<Player>; 4] = [None, None, None, None];
                for seat in args.variant.seats().iter() {
                    let spec = if seat == hero_seat { &args.a } else { &args.b };
                    match Player::new(spec, args.tc, seed.wrapping_add(seat.index() as u64)) {
                        Ok(p) => players[seat.index()] = Some(p),
                        Err(e) => {
                            eprintln!("match: {e}");
                            std::process::exit(2);
                        }
                    }
                }
                let (scores, game, reason) = play(opening, &mut players, args.max_plies);
                let plies = game.moves().len();
                let hero = scores[hero_seat.index()];
                if let Some(path) = &args.record {
                    let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
                    let line = format!(
                        "{}|{}|{}|{hero}|{reason}\n",
                        g + 1,
                        game.start().text(),
                        moves.join(" ")
                    );
                    let mut f = std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(path)
                        .expect("the record file");
                    f.write_all(line.as_bytes()).expect("the record file");
                }
                eprintln!(
                    "game {:>3}: A as {} scores {hero} ({plies} plies, {reason}) [{:.0} s]",
                    g + 1,
                    hero_seat.name(),
                    started.elapsed().as_secs_f64()
                );
                results.lock().unwrap().push((g, hero, plies));
            });
        }
    });
    let results = results.into_inner().unwrap();
    let n = results.len() as f64;
    let scores: Vec<f64> = results.iter().map(|r| r.1).collect();
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let ci = 1.96 * (var / n).sqrt();
    let mean_plies = results.iter().map(|r| r.2).sum::<usize>() as f64 / n;
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    if args.variant == Ruleset::Shogi {
        let w = scores.iter().filter(|&&s| s == 1.0).count();
        let d = scores.iter().filter(|&&s| s == 0.5).count();
        let l = scores.iter().filter(|&&s| s == 0.0).count();
        say!(
            "A vs B: {n} games, +{w} ={d} -{l}, score {:.3} ± {:.3}, Elo {:+.0} (95%: {:+.0} to {:+.0}), plies {mean_plies:.0}, {:.0} s, load {}",
            mean,
            ci,
            elo(mean),
            elo(mean - ci),
            elo(mean + ci),
            started.elapsed().as_secs_f64(),
            load.trim()
        );
    } else {
        let wins = scores.iter().filter(|&&s| s >= 3.0).count();
        say!(
            "A vs 3 x B: {n} games, mean {mean:.2} ± {ci:.2} of 3, wins {wins}, plies {mean_plies:.0}, {:.0} s, load {}",
            started.elapsed().as_secs_f64(),
            load.trim()
        );
    }
}
