//! A small paranoid alpha-beta written only against the public fast paths: the move
//! callback (`generate_moves`), make/unmake (`do_move_hinted` / `undo_move`) and the
//! null move. `cargo run --release --example search -- [depth]` (default 5) prints nodes/s on the
//! Yo\[n\]o start and on a four-seat middle game.
//!
//! Paranoid: the seat at the root maximises, every other seat plays against it, so
//! a four-seat game becomes a two-sided search that alpha-beta can prune.

mod support;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;
use support::Program;
use yono::{Move, MoveList, Position, Seat, Status};

const PROGRAM: Program = Program {
    name: "search",
    usage: "search [DEPTH] (1 to 9, default 5)",
};

const WIN: i32 = 1_000_000;

/// Material from `me`'s point of view: own pieces and reserve minus the strongest
/// opponent's, so the search does not pretend the other three are one army.
fn evaluate(pos: &Position, me: Seat) -> i32 {
    let material = |seat: Seat| -> i32 {
        let board: i32 = pos
            .pieces(seat)
            .into_iter()
            .filter_map(|sq| pos.piece_at(sq))
            .map(|p| value(p.kind))
            .sum();
        let reserve: i32 = pos
            .reserve(seat)
            .iter()
            .map(|(kind, n)| value(kind) * i32::from(n))
            .sum();
        board + reserve
    };
    let strongest = pos
        .seats_in_game()
        .iter()
        .filter(|&s| s != me)
        .map(material)
        .max()
        .unwrap_or(0);
    material(me) - strongest
}

fn value(kind: yono::PieceKind) -> i32 {
    use yono::PieceKind::*;
    match kind {
        Pawn => 100,
        Lance | Knight => 300,
        Silver => 400,
        Gold | PromotedPawn | PromotedLance | PromotedKnight | PromotedSilver => 500,
        Bishop => 800,
        Rook => 1000,
        Horse => 1100,
        Dragon => 1300,
        King => 0,
    }
}

struct Search {
    me: Seat,
    nodes: u64,
}

impl Search {
    fn alpha_beta(&mut self, pos: &mut Position, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if !pos.seats_in_game().contains(self.me) {
            return -WIN;
        }
        if let Status::Won(seat) = pos.status() {
            return if seat == self.me { WIN } else { -WIN };
        }
        if depth == 0 {
            return evaluate(pos, self.me);
        }
        // The callback fills a stack list: no allocation; captures first.
        let mut moves = MoveList::new();
        pos.generate_moves(|set| {
            moves.extend(set);
            false
        });
        moves.sort_by_key(|mv| match mv.to() {
            Some(to) if pos.piece_at(to).is_some() => 0,
            _ => 1,
        });
        let maximising = pos.turn() == self.me;
        let hint = pos.checkmate_hint();
        let mut best = if maximising { -WIN - 1 } else { WIN + 1 };
        for mv in moves {
            let (undo, _fallen) = pos.do_move_hinted(mv, &hint);
            let score = self.alpha_beta(pos, depth - 1, alpha, beta);
            pos.undo_move(mv, undo);
            if maximising {
                best = best.max(score);
                alpha = alpha.max(score);
            } else {
                best = best.min(score);
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// Searches `pos` to `depth` and returns (best move, score, nodes, whether passing
/// would lose the root seat's King).
fn search(pos: &Position, depth: u32) -> (Option<Move>, i32, u64, bool) {
    let mut pos = pos.clone();
    let mut s = Search {
        me: pos.turn(),
        nodes: 0,
    };
    let mut best = (None, -WIN - 1);
    let mut moves = MoveList::new();
    pos.generate_moves(|set| {
        moves.extend(set);
        false
    });
    for mv in moves {
        let (undo, _) = pos.do_move(mv);
        let score = s.alpha_beta(&mut pos, depth - 1, best.1, WIN + 1);
        pos.undo_move(mv, undo);
        if score > best.1 {
            best = (Some(mv), score);
        }
    }
    // A null move shows what the next seat threatens when the root seat passes.
    let (undo, fallen) = pos.null_move();
    let threatened = !fallen.is_empty();
    pos.undo_move(Move::Pass, undo);
    (best.0, best.1, s.nodes, threatened)
}

fn main() -> ExitCode {
    let args = PROGRAM.arguments(&[]);
    let depth = match args.as_slice() {
        [] => 5,
        [d] => match d.parse::<u32>() {
            Ok(d @ 1..=9) => d,
            _ => PROGRAM.refuse(&format!("depth {d:?} is not 1 to 9")),
        },
        _ => PROGRAM.refuse("one depth at most"),
    };
    support::exit_after_writing(PROGRAM.name, report(depth, &mut io::stdout().lock()))
}

/// Searches the two positions to `depth` and writes what each search found.
fn report(depth: u32, out: &mut impl Write) -> io::Result<()> {
    let middle = Position::from_text(
        "1e+B2wP2nNnL/1wSwP3nSnBnR/4nPnPnPnPnP/2wP1nK4/wG1wP3ePeK1/2wKsP2eP1eG/1sPsB1eP1eN1eS/6sR1eN/sL1sSsGsK1ePeReL n GP/2P/NP/RBLP swne 39",
    )
    .expect("a valid position");
    for (name, pos) in [
        ("Yo[n]o start", Position::start()),
        ("four-seat middle game", middle),
    ] {
        let t = Instant::now();
        let (mv, score, nodes, threatened) = search(&pos, depth);
        let secs = t.elapsed().as_secs_f64();
        if threatened {
            writeln!(out, "  (passing here would lose the King)")?;
        }
        writeln!(
            out,
            "{name}: depth {depth}, best {}, score {score}, {nodes} nodes in {:.3} s = {:.2} M nodes/s",
            mv.map_or("-".to_string(), |m| m.to_string()),
            secs,
            nodes as f64 / secs / 1e6
        )?;
    }
    Ok(())
}
