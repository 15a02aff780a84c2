//! Perft speed, side by side in one run: yono-core, shunsai and haitaka on standard
//! Shogi positions (after checking all three agree on the counts), then yono-core on
//! Yo[n]o positions.
//!
//! `cargo run --release -p yono-bench` (add `--quick` to skip depth 6).

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Instant;
use yono::{Game, Move, Position, Ruleset, Seat};

const SHOGI_POSITIONS: &[(&str, &str, u32)] = &[
    (
        "start",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        5,
    ),
    (
        "matsuri",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        3,
    ),
    (
        "max moves",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        3,
    ),
    (
        "middle game",
        "l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1",
        4,
    ),
];

// ---- yono ------------------------------------------------------------------------

fn yono_full(pos: &Position, depth: u32) -> u64 {
    yono::perft_full(pos, depth)
}

// ---- shunsai ---------------------------------------------------------------------

fn shunsai_pos(sfen: &str) -> shunsai::Position {
    use shogi_usi_parser::FromUsi;
    let partial = shogi_core::PartialPosition::from_usi(&format!("sfen {sfen}")).expect("sfen");
    shunsai::Position::new(partial)
}

fn shunsai_perft(pos: &mut shunsai::Position, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if bulk && depth == 1 {
        let mut n = 0u64;
        let _ = pos.generate_moves(|set| {
            n += set.len() as u64;
            ControlFlow::Continue(())
        });
        return n;
    }
    let mut moves = Vec::with_capacity(600);
    let _ = pos.generate_moves(|set| {
        set.write_into(&mut moves);
        ControlFlow::Continue(())
    });
    let mut n = 0;
    for mv in moves {
        let undo = pos.do_move(mv);
        n += shunsai_perft(pos, depth - 1, bulk);
        pos.undo_move(mv, undo);
    }
    n
}

// ---- haitaka ---------------------------------------------------------------------

fn haitaka_perft(board: &haitaka::Board, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if bulk && depth == 1 {
        board.generate_board_moves(|moves| {
            nodes += moves.into_iter().len() as u64;
            false
        });
        board.generate_drops(|moves| {
            nodes += moves.into_iter().len() as u64;
            false
        });
        return nodes;
    }
    let mut visit = |moves: haitaka::PieceMoves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += haitaka_perft(&child, depth - 1, bulk);
        }
        false
    };
    board.generate_board_moves(&mut visit);
    board.generate_drops(&mut visit);
    nodes
}

// ---- timing ----------------------------------------------------------------------

/// Best of `runs` timings of `f`, returning (count, nodes per second).
fn time(runs: u32, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = f64::INFINITY;
    let mut count = 0;
    for _ in 0..runs {
        let t = Instant::now();
        count = black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    (count, count as f64 / best)
}

fn mnps(nps: f64) -> String {
    format!("{:.1} M/s", nps / 1e6)
}

fn shogi_table(quick: bool) {
    println!("## Standard Shogi perft (nodes/s; ratio = yono / peer)\n");
    println!("| position | depth | counting | nodes | yono-core | shunsai | haitaka | yono/shunsai | yono/haitaka |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for &(name, sfen, base_depth) in SHOGI_POSITIONS {
        let yono_pos = Position::from_sfen(sfen).expect("valid sfen");
        let mut sh = shunsai_pos(sfen);
        let hb: haitaka::Board = haitaka::Board::from_sfen(sfen).expect("haitaka sfen");
        // Agreement first: the same counts at every depth up to the base depth.
        for d in 1..=base_depth.min(3) {
            let a = yono::perft(&yono_pos, d);
            let b = shunsai_perft(&mut sh, d, true);
            let c = haitaka_perft(&hb, d, true);
            assert!(
                a == b && b == c,
                "{name} depth {d}: yono {a}, shunsai {b}, haitaka {c}"
            );
        }
        let mut depths = vec![base_depth];
        if name == "start" && !quick {
            depths.push(6);
        }
        for depth in depths {
            for bulk in [true, false] {
                if depth == 6 && !bulk {
                    continue;
                }
                let runs = if depth >= 6 { 1 } else { 3 };
                let (n1, y) = time(runs, || {
                    if bulk {
                        yono::perft(&yono_pos, depth)
                    } else {
                        yono_full(&yono_pos, depth)
                    }
                });
                let (n2, s) = time(runs, || shunsai_perft(&mut sh, depth, bulk));
                let (n3, h) = time(runs, || haitaka_perft(&hb, depth, bulk));
                assert!(n1 == n2 && n2 == n3, "{name} depth {depth}: {n1} {n2} {n3}");
                println!(
                    "| {name} | {depth} | {} | {n1} | {} | {} | {} | {:.2} | {:.2} |",
                    if bulk { "bulk" } else { "play all" },
                    mnps(y),
                    mnps(s),
                    mnps(h),
                    y / s,
                    y / h
                );
            }
        }
    }
}

/// Deterministic mid-game Yo[n]o positions: a capture-happy seeded game, sampled when
/// it reaches four seats with full reserves, three seats, and two seats.
fn yono_positions() -> Vec<(String, Position)> {
    let mut found: Vec<(String, Position)> = Vec::new();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut rng = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for _attempt in 0..50 {
        let mut game = Game::new(Ruleset::Yono);
        let mut want = vec![4usize, 3, 2];
        while !game.is_over() && game.moves().len() < 3000 && !want.is_empty() {
            let pos = game.position().clone();
            let seats = pos.seats_in_game().len();
            let reserves: u32 = Seat::ALL.iter().map(|&s| pos.reserve(s).total()).sum();
            let promoted = Seat::ALL
                .iter()
                .flat_map(|&s| pos.pieces(s))
                .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.kind.is_promoted()))
                .count();
            if want.first() == Some(&seats)
                && (seats < 4 || (reserves >= 10 && promoted >= 1))
                && pos.legal_moves().len() > 20
            {
                found.push((
                    format!("{seats} seats, move {}", pos.move_number()),
                    pos.clone(),
                ));
                want.remove(0);
            } else if want.first().is_some_and(|&w| w > seats) {
                want.remove(0);
            }
            let legal = game.legal_moves();
            let captures: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Board { to, .. } if pos.piece_at(*to).is_some()))
                .collect();
            let mv = if !captures.is_empty() && rng(2) == 0 {
                captures[rng(captures.len())]
            } else {
                legal[rng(legal.len())]
            };
            game.play(mv).expect("legal");
        }
        if found.len() >= 3 {
            break;
        }
    }
    found
}

fn yono_table(quick: bool) -> f64 {
    println!("\n## Yo[n]o perft, yono-core (nodes/s)\n");
    println!("| position | depth | nodes | bulk | play all |");
    println!("|---|---|---|---|---|");
    let mut positions = vec![("start".to_string(), Position::start())];
    positions.extend(yono_positions());
    let mut worst = f64::INFINITY;
    for (name, pos) in &positions {
        let depths: Vec<u32> = if name == "start" {
            if quick {
                vec![4, 5]
            } else {
                vec![4, 5, 6]
            }
        } else {
            vec![3, 4]
        };
        for depth in depths {
            let (n, bulk) = time(3, || yono::perft(pos, depth));
            let (_, full) = time(1, || yono_full(pos, depth));
            worst = worst.min(bulk);
            println!(
                "| {name} | {depth} | {n} | {} | {} |",
                mnps(bulk),
                mnps(full)
            );
        }
    }
    println!("\nPositions:");
    for (name, pos) in &positions {
        println!("- {name}: `{}`", pos.text());
    }
    worst
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    println!(
        "size_of::<Position>() = {} bytes, size_of::<Move>() = {} bytes\n",
        std::mem::size_of::<Position>(),
        std::mem::size_of::<Move>()
    );
    shogi_table(quick);
    let start = Position::new(Ruleset::Shogi);
    let (_, shogi_nps) = time(3, || yono::perft(&start, 5));
    let worst = yono_table(quick);
    println!(
        "\nslowest Yo[n]o bulk rate / Shogi start depth-5 bulk rate = {:.2}",
        worst / shogi_nps
    );
}
