//! Every fall in files of match records (`examples/match.rs --record`), and which
//! seat's threat made each: a tool for reading four-seat games.
//!
//! ```text
//! cargo run --release -p yono-engine --example falls -- games.rec [more.rec ...] [--each]
//!     [--foresight MS | --foresight-nodes N] [--seat hero|upstream|downstream|opposite]
//! ```
//!
//! A seat falls when the seat about to move threatens its King (RULES.md §6); that
//! seat is the *faller's upstream* neighbour when it moves just before the faller
//! (the faller must answer its check at once), *downstream* when it moves just
//! after, *opposite* otherwise. The tally counts the first fall of each game, when
//! every seat is still in, so the three relations are the seats' own order; it also
//! counts those first fallers by their seat counted from the match's hero (player A,
//! whose seat the game's number gives: the match puts it in every seat in turn). With
//! `--each` every game's falls are printed as well (ply, the seat that had just
//! moved or passed, the seats that fell).
//!
//! `--foresight MS` (or `--foresight-nodes N`, deterministic) asks, of Yo[n]o records,
//! whether a seat's own search saw its fall coming: at each of that seat's turns while
//! all four seats are in, this crate's engine (one per game, keeping its table from move
//! to move as a player does) searches the game for MS milliseconds, and a result that
//! reports a forced fall of the seat itself (a negative `mate`) is a *report*. The seat
//! is the hero or, by `--seat`, its neighbour upstream (moving just before it),
//! downstream or opposite. The tally: the games with a report, the seat's first
//! falls and how many of them a report preceded, and A's mean score with and without
//! a report; `--each` adds the plies of the reports.

mod common;

use common::say;

use std::time::Duration;

use yono::{Game, Move, Position, Seat};
use yono_engine::{Engine, EngineConfig, Limits, StopToken};

/// The threatening seat's relation to the faller, as an index into [`RELATIONS`].
const RELATIONS: [&str; 3] = ["upstream", "downstream", "opposite"];

fn relation(faller: Seat, threatener: Seat) -> usize {
    if threatener.next() == faller {
        0
    } else if faller.next() == threatener {
        1
    } else {
        2
    }
}

/// The seats `--seat` names, by their place in the turn order after the hero's.
const SEATS: [&str; 4] = ["hero", "downstream", "opposite", "upstream"];
/// The same seats in the tally's words.
const SEAT_LABELS: [&str; 4] = [
    "the hero",
    "the hero's downstream neighbour",
    "the seat opposite the hero",
    "the hero's upstream neighbour",
];

/// What `--foresight` asks: whose search, and how long it runs.
struct Foresight {
    limits: Limits,
    /// The studied seat's place in the turn order after the hero's (0: the hero).
    after_hero: usize,
}

fn main() {
    let mut cli = common::Cli::new(
        "falls",
        "falls FILE.rec [FILE.rec ...] [--each] [--foresight MS | --foresight-nodes N] \
         [--seat hero|upstream|downstream|opposite]",
    );
    let mut files = Vec::new();
    let mut each = false;
    let mut limits = None;
    let mut after_hero = 0;
    while let Some(a) = cli.next_arg() {
        let parsed: Result<(), String> = match a.as_str() {
            "--each" => {
                each = true;
                Ok(())
            }
            "--foresight" => cli
                .parsed::<u64>(&a)
                .map(|ms| limits = Some(Limits::time(Duration::from_millis(ms.max(1))))),
            "--foresight-nodes" => cli
                .value(&a)
                .and_then(|v| common::parse_count(&v))
                .map(|n| limits = Some(Limits::nodes(n.max(1)))),
            "--seat" => cli.value(&a).and_then(|v| {
                SEATS
                    .iter()
                    .position(|&s| s == v)
                    .map(|i| after_hero = i)
                    .ok_or(format!("--seat {v:?}: one of {}", SEATS.join(", ")))
            }),
            _ if a.starts_with("--") => common::Cli::unknown(&a),
            _ => {
                files.push(a);
                Ok(())
            }
        };
        cli.or_exit(parsed);
    }
    if files.is_empty() {
        cli.or_exit(Err::<(), _>("no record file named".to_string()));
    }
    if after_hero != 0 && limits.is_none() {
        cli.or_exit(Err::<(), _>("--seat goes with --foresight".to_string()));
    }
    let foresight = limits.map(|limits| Foresight { limits, after_hero });
    let tallied = tally(&files, each, foresight.as_ref());
    cli.or_exit(tallied);
}

/// The seat whose foresight one game is read for, and its engine.
struct Studied {
    seat: Seat,
    engine: Engine,
}

/// What `--foresight` found over all the games.
#[derive(Default)]
struct ForesightTally {
    games: usize,
    reported: usize,
    first_falls: usize,
    first_falls_reported: usize,
    /// A's total score and games, without and with a report.
    scores: [(f64, usize); 2],
}

/// Reads every game of `files` and prints the falls' tally (and with `each`, every
/// game's falls).
fn tally(files: &[String], each: bool, foresight: Option<&Foresight>) -> Result<(), String> {
    let (mut games, mut first) = (0usize, [0usize; 3]);
    // The first fallers of four-seat games by their place in the turn order after
    // the hero's.
    let mut first_fallers = [0usize; 4];
    let mut seen = ForesightTally::default();
    // Every fall, and those of a seat whose last turn was a pass (it had no legal
    // move: a mate in Shogi's sense, not a King left open by another seat's move).
    let (mut falls, mut mated) = (0usize, 0usize);
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            let fields: Vec<&str> = line.split('|').collect();
            let [number, start, moves, ..] = fields[..] else {
                return Err(format!("{file}:{}: not a record line", n + 1));
            };
            let pos = Position::from_text(start).map_err(|e| format!("{file}:{}: {e}", n + 1))?;
            let mut game = Game::from_position(pos);
            let mut seats = game.position().seats_in_game();
            let mut out = format!("{file}:{}", n + 1);
            let mut counted = false;
            let mut passed = [false; 4];
            games += 1;
            // The match puts its hero in every seat in turn, by the game's number.
            let hero = match number.parse::<usize>() {
                Ok(g) if g >= 1 && seats.len() == 4 => Some(common::four_seat_hero(g - 1)),
                _ => None,
            };
            // The studied seat and its engine, with --foresight; the plies of its reports.
            let mut studied = match (foresight, hero) {
                (Some(f), Some(hero)) => Some(Studied {
                    seat: Seat::ALL[(hero.index() + f.after_hero) % 4],
                    engine: Engine::new(EngineConfig::default()),
                }),
                (Some(_), None) if seats.len() == 4 => {
                    return Err(format!("{file}:{}: no game number", n + 1))
                }
                _ => None,
            };
            let mut reports: Vec<usize> = Vec::new();
            let mut studied_fell_first = false;
            for (i, text) in moves.split_whitespace().enumerate() {
                let mover = game.position().turn();
                if let (Some(s), Some(f)) = (studied.as_mut(), foresight) {
                    if mover == s.seat && seats.len() == 4 {
                        let result = s
                            .engine
                            .search_game(&game, f.limits, &StopToken::new(), &mut |_| {})
                            .map_err(|e| format!("{file}:{}: ply {}: {e}", n + 1, i + 1))?;
                        if result.mate.is_some_and(|d| d < 0) {
                            reports.push(i + 1);
                        }
                    }
                }
                let mv: Move = text
                    .parse()
                    .map_err(|e| format!("{file}:{}: {text}: {e}", n + 1))?;
                game.play(mv)
                    .map_err(|e| format!("{file}:{}: {text}: {e}", n + 1))?;
                passed[mover.index()] = mv == Move::Pass;
                let now = game.position().seats_in_game();
                if now == seats {
                    continue;
                }
                // The threat came from the seat about to move when the fall happened:
                // the next seat after the mover that was still in.
                let mut threatener = mover.next();
                while !seats.contains(threatener) {
                    threatener = threatener.next();
                }
                let fell: Vec<Seat> = seats.iter().filter(|&s| !now.contains(s)).collect();
                falls += fell.len();
                mated += fell.iter().filter(|s| passed[s.index()]).count();
                if !counted && seats.len() == 4 {
                    for &f in &fell {
                        first[relation(f, threatener)] += 1;
                    }
                    counted = true;
                    if let Some(hero) = hero {
                        for f in &fell {
                            first_fallers[(f.index() + 4 - hero.index()) % 4] += 1;
                        }
                    }
                    studied_fell_first = studied.as_ref().is_some_and(|s| fell.contains(&s.seat));
                }
                let fell: Vec<String> = fell.iter().map(|s| format!("{s:?}")).collect();
                out += &format!(" | ply {} after {mover:?} fell {}", i + 1, fell.join("+"));
                seats = now;
            }
            if let Some(Studied { seat, .. }) = studied {
                let a_score: f64 = fields
                    .get(3)
                    .and_then(|t| t.parse().ok())
                    .ok_or(format!("{file}:{}: no score of A", n + 1))?;
                let reported = !reports.is_empty();
                seen.games += 1;
                seen.reported += reported as usize;
                seen.first_falls += studied_fell_first as usize;
                seen.first_falls_reported += (studied_fell_first && reported) as usize;
                let (total, count) = &mut seen.scores[reported as usize];
                *total += a_score;
                *count += 1;
                let plies: Vec<String> = reports.iter().map(|p| p.to_string()).collect();
                out += &format!(" | {seat:?}'s reports at plies [{}]", plies.join(" "));
            }
            if each {
                say!("{out}");
            }
        }
    }
    say!("{falls} falls, {mated} of them of a seat that had passed for want of a legal move");
    let total: usize = first.iter().sum();
    say!("{games} games, {total} first falls (four seats in) by the threatening seat:");
    for (name, count) in RELATIONS.iter().zip(first) {
        say!(
            "  {name:<10} {count:>5} ({:.0}%)",
            100.0 * count as f64 / total.max(1) as f64
        );
    }
    if first_fallers.iter().sum::<usize>() > 0 {
        let fallers: Vec<String> = SEATS
            .iter()
            .zip(first_fallers)
            .map(|(name, count)| format!("{name} {count}"))
            .collect();
        say!(
            "  by the faller's seat, counted from the hero's (A's): {}",
            fallers.join(", ")
        );
    }
    if let Some(f) = foresight {
        report_foresight(f, &seen);
    }
    Ok(())
}

/// Prints what `--foresight` found.
fn report_foresight(f: &Foresight, seen: &ForesightTally) {
    let mean = |(total, count): (f64, usize)| {
        if count == 0 {
            "-".to_string()
        } else {
            format!("{:.2}", total / count as f64)
        }
    };
    say!(
        "foresight over the four-seat phase of {} games, read for {} by its own search:",
        seen.games,
        SEAT_LABELS[f.after_hero]
    );
    say!(
        "  games with a report of its own forced fall: {}; its first falls: {}, {} of them in those games",
        seen.reported,
        seen.first_falls,
        seen.first_falls_reported
    );
    say!(
        "  A's mean score: {} over the {} games with a report, {} over the {} without",
        mean(seen.scores[1]),
        seen.scores[1].1,
        mean(seen.scores[0]),
        seen.scores[0].1
    );
}
