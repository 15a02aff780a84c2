//! Every fall in files of match records (`examples/match.rs --record`), and which
//! seat's threat made each: a tool for reading four-seat games.
//!
//! ```text
//! cargo run --release -p yono-engine --example falls -- games.rec [more.rec ...] [--each]
//! ```
//!
//! A seat falls when the seat about to move threatens its King (RULES.md §6); that
//! seat is the *faller's upstream* neighbour when it moves just before the faller
//! (the faller must answer its check at once), *downstream* when it moves just
//! after, *opposite* otherwise. The tally counts the first fall of each game, when
//! every seat is still in, so the three relations are the seats' own order. With
//! `--each` every game's falls are printed as well (ply, the seat that had just
//! moved or passed, the seats that fell).

mod common;

use common::say;

use yono::{Game, Move, Position, Seat};

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

fn main() {
    let mut cli = common::Cli::new("falls", "falls FILE.rec [FILE.rec ...] [--each]");
    let mut files = Vec::new();
    let mut each = false;
    while let Some(a) = cli.next_arg() {
        match a.as_str() {
            "--each" => each = true,
            _ if a.starts_with("--") => cli.or_exit(common::Cli::unknown(&a)),
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        cli.or_exit(Err::<(), _>("no record file named".to_string()));
    }
    let tallied = tally(&files, each);
    cli.or_exit(tallied);
}

/// Reads every game of `files` and prints the falls' tally (and with `each`, every
/// game's falls).
fn tally(files: &[String], each: bool) -> Result<(), String> {
    let (mut games, mut first) = (0usize, [0usize; 3]);
    // Every fall, and those of a seat whose last turn was a pass (it had no legal
    // move: a mate in Shogi's sense, not a King left open by another seat's move).
    let (mut falls, mut mated) = (0usize, 0usize);
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            let fields: Vec<&str> = line.split('|').collect();
            let [_, start, moves, ..] = fields[..] else {
                return Err(format!("{file}:{}: not a record line", n + 1));
            };
            let pos = Position::from_text(start).map_err(|e| format!("{file}:{}: {e}", n + 1))?;
            let mut game = Game::from_position(pos);
            let mut seats = game.position().seats_in_game();
            let mut out = format!("{file}:{}", n + 1);
            let mut counted = false;
            let mut passed = [false; 4];
            games += 1;
            for (i, text) in moves.split_whitespace().enumerate() {
                let mover = game.position().turn();
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
                }
                let fell: Vec<String> = fell.iter().map(|s| format!("{s:?}")).collect();
                out += &format!(" | ply {} after {mover:?} fell {}", i + 1, fell.join("+"));
                seats = now;
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
    Ok(())
}
