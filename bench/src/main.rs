//! Perft speed, side by side in one run: yono-core, shunsai and haitaka on standard
//! Shogi positions (after checking all three agree on the counts), then yono-core on
//! Yo\[n\]o positions.
//!
//! `cargo run --release -p yono-bench` (add `--quick` to skip depth 6, `--game` for
//! the `Game` play/undo rows alone, `--fast` for the public fast-path rows alone).

// The positions the push/pop workloads share with yono-core's examples.
#[path = "../../yono-core/examples/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Instant;
use yono::{Move, Position, Ruleset};

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

/// Mid-game Yo\[n\]o positions from seeded capture-happy random games: four seats with
/// reserves and a promoted piece, three seats with full reserves, two seats.
const YONO_POSITIONS: &[(&str, &str)] = &[
    (
        "4 seats, move 39",
        "1e+B2wP2nNnL/1wSwP3nSnBnR/4nPnPnPnPnP/2wP1nK4/wG1wP3ePeK1/2wKsP2eP1eG/1sPsB1eP1eN1eS/6sR1eN/sL1sSsGsK1ePeReL n GP/2P/NP/RBLP swne 39",
    ),
    (
        "3 seats, move 143",
        "4wP1nNnNnL/4w+BnP2nR/4nP3nP/2wP2nK2nB/wPwG3wSeP1eK/wK5nB2/5n+R3/eS3eL2eGeR/6eS2 n -/2P/2G2N2L4P/R7P 0wne 143",
    ),
    (
        "2 seats, move 165",
        "6nNnNnL/5nP2nR/4nP3nP/7nP1/6nK1eK/7eP1/eR1n+R6/eS3n+B3nB/4nR1eSeP1 e -/-/B4GS2N3L3P/4P 01ne 165",
    ),
];

fn yono_table(quick: bool) -> f64 {
    println!("\n## Yo[n]o perft, yono-core (nodes/s)\n");
    println!("| position | depth | nodes | bulk | play all |");
    println!("|---|---|---|---|---|");
    let mut positions = vec![("start".to_string(), Position::start())];
    positions.extend(YONO_POSITIONS.iter().map(|(name, text)| {
        (
            name.to_string(),
            Position::from_text(text).expect("valid position"),
        )
    }));
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

/// `--once <internal|public|public-counted|public-copy> <start|shogi|TEXT|SFEN> <depth>`: one perft,
/// nothing timed, for instruction counts under `valgrind --tool=callgrind` (the steady
/// measure on a shared machine; docs/PERFORMANCE.md).
fn perft_once(args: &[String]) {
    let [way, position, depth] = args else {
        eprintln!(
            "usage: yono-bench --once <internal|public|public-counted|public-copy> <position> <depth>"
        );
        std::process::exit(2);
    };
    let mut pos = match position.as_str() {
        "start" => Position::start(),
        "shogi" => Position::new(Ruleset::Shogi),
        text => Position::from_text(text)
            .or_else(|_| Position::from_sfen(text))
            .expect("a position text or SFEN"),
    };
    let depth: u32 = depth.parse().expect("a depth");
    let nodes = match way.as_str() {
        "internal" => yono::perft(&pos, depth),
        "public" => public_perft(&mut pos, depth, false),
        "public-counted" => public_perft(&mut pos, depth, true),
        "public-copy" => public_copy_perft(&pos, depth),
        other => panic!("unknown way {other:?}"),
    };
    println!("{nodes}");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--once") {
        perft_once(&args[2..]);
        return;
    }
    let quick = std::env::args().any(|a| a == "--quick");
    if std::env::args().any(|a| a == "--fast") {
        fast_paths_table();
        return;
    }
    if std::env::args().any(|a| a == "--game") {
        // The Game rows alone: seconds instead of minutes.
        game_play_undo();
        game_history_lengths();
        return;
    }
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
    fast_paths_table();
    game_play_undo();
    game_history_lengths();
}

// ---- the public fast paths (what an engine author writes) -------------------------

/// The legal moves through the public callback, into a `MoveList`.
fn public_moves(pos: &Position) -> yono::MoveList {
    let mut moves = yono::MoveList::new();
    pos.generate_moves(|set| {
        moves.extend(set);
        false
    });
    moves
}

/// Perft written only against the public API: the move callback, make/unmake with the
/// node's checkmate hint, and at the last ply either the callback's set sizes
/// (`count_last == false`) or `count_legal_moves` (the internal perft's bulk count).
fn public_perft(pos: &mut Position, depth: u32, count_last: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        if count_last {
            return pos.count_legal_moves();
        }
        let mut n = 0;
        pos.generate_moves(|set| {
            n += set.len() as u64;
            false
        });
        return n;
    }
    let moves = public_moves(pos);
    let hint = pos.checkmate_hint();
    let mut n = 0;
    for mv in moves {
        let (undo, _) = pos.do_move_hinted(mv, &hint);
        n += public_perft(pos, depth - 1, count_last);
        pos.undo_move(mv, undo);
    }
    n
}

/// The internal perft's algorithm written against the public API: the callback fills
/// a `MoveList`, each child is a copy of the parent played with
/// `play_unchecked_hinted`, and `count_legal_moves` counts the last ply.
// The deprecated copy-make fast path is measured while it exists (one release).
#[allow(deprecated)]
fn public_copy_perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => return 1,
        1 => return pos.count_legal_moves(),
        _ => {}
    }
    let moves = public_moves(pos);
    let hint = pos.checkmate_hint();
    let mut n = 0;
    for mv in moves {
        let mut child = pos.clone();
        child.play_unchecked_hinted(mv, &hint);
        n += public_copy_perft(&child, depth - 1);
    }
    n
}

/// Perft at depths 0 and 1 (bulk counting), where the two `legal_moves` perfts below
/// stop; `None` deeper.
fn shallow_perft(pos: &Position, depth: u32) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(pos.count_legal_moves()),
        _ => None,
    }
}

/// The same perft with copy-make: each child is a copy of the parent, then played.
fn copy_make_perft(pos: &Position, depth: u32) -> u64 {
    if let Some(n) = shallow_perft(pos, depth) {
        return n;
    }
    let mut n = 0;
    for mv in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        n += copy_make_perft(&child, depth - 1);
    }
    n
}

/// The same perft with make/unmake and `legal_moves` (the convenient list).
fn make_unmake_perft(pos: &mut Position, depth: u32) -> u64 {
    if let Some(n) = shallow_perft(pos, depth) {
        return n;
    }
    let mut n = 0;
    for mv in pos.legal_moves() {
        let (undo, _) = pos.do_move(mv);
        n += make_unmake_perft(pos, depth - 1);
        pos.undo_move(mv, undo);
    }
    n
}

fn fast_paths_table() {
    println!(
        "
## Public fast paths vs the internal perft (nodes/s, best of 3)
"
    );
    println!("| position | depth | nodes | internal perft | public: callback at every ply, make/unmake | / internal | public: the same, count_legal_moves at the last ply | / internal | public: callback, copy-make (play_unchecked_hinted), count_legal_moves | / internal | copy-make (legal_moves) | make/unmake (legal_moves) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut rows: Vec<(String, Position, u32)> = vec![
        ("Shogi start".into(), Position::new(Ruleset::Shogi), 5),
        ("Yo[n]o start".into(), Position::start(), 6),
    ];
    rows.push((
        "Shogi matsuri".into(),
        Position::from_sfen(SHOGI_POSITIONS[1].1).expect("sfen"),
        3,
    ));
    for (name, text) in YONO_POSITIONS.iter().take(2) {
        rows.push((
            name.to_string(),
            Position::from_text(text).expect("valid"),
            4,
        ));
    }
    for (name, pos, depth) in &rows {
        let (n, internal) = time(3, || yono::perft(pos, *depth));
        let mut p = pos.clone();
        let (m, public) = time(3, || public_perft(&mut p, *depth, false));
        assert_eq!(n, m, "public perft disagrees on {name}");
        let (m, counted) = time(3, || public_perft(&mut p, *depth, true));
        assert_eq!(n, m, "public perft (counted last ply) disagrees on {name}");
        let (m, copied) = time(3, || public_copy_perft(pos, *depth));
        assert_eq!(n, m, "public copy-make perft disagrees on {name}");
        let (c, copy) = time(3, || copy_make_perft(pos, *depth));
        assert_eq!(n, c, "copy-make perft disagrees on {name}");
        let (u, unmake) = time(3, || make_unmake_perft(&mut p, *depth));
        assert_eq!(n, u, "make/unmake perft disagrees on {name}");
        println!(
            "| {name} | {depth} | {n} | {} | {} | {:.2} | {} | {:.2} | {} | {:.2} | {} | {} |",
            mnps(internal),
            mnps(public),
            public / internal,
            mnps(counted),
            counted / internal,
            mnps(copied),
            copied / internal,
            mnps(copy),
            mnps(unmake)
        );
    }
    println!(
        "
size_of::<Undo>() = {} bytes",
        std::mem::size_of::<yono::Undo>()
    );
}

/// `Game::play` (checked) and `Game::undo` for every legal move of the positions of a
/// seeded random Shogi game: the Rust side of Python's push/pop.
fn game_play_undo() {
    let mut games = support::random_shogi_positions();
    let lists: Vec<Vec<Move>> = games.iter().map(|g| g.legal_moves().to_vec()).collect();
    let (pairs, per_second) = time(50, || {
        let mut pairs = 0;
        for (game, moves) in games.iter_mut().zip(&lists) {
            for &mv in moves {
                game.play(black_box(mv)).expect("a legal move");
                black_box(game.undo());
                pairs += 1;
            }
        }
        pairs
    });
    println!(
        "\nGame::play + Game::undo (Shogi, {} positions, {pairs} moves): {:.1} ns per pair",
        games.len(),
        1e9 / per_second
    );
}

/// `Game::play` + `Game::undo` after 10, 1,000 and 10,000 plies of history: the
/// repetition count is kept per key, so the cost must not grow with the game. The long
/// game is a seeded random Yo[n]o game that avoids moves removing a seat (which would
/// end it early); at each length every legal move is played and taken back.
fn game_history_lengths() {
    const LENGTHS: [usize; 3] = [10, 1_000, 10_000];
    let mut game = yono::Game::new(Ruleset::Yono);
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut snapshots = Vec::new();
    while game.moves().len() < LENGTHS[2] {
        let len = game.moves().len();
        if LENGTHS[..2].contains(&len)
            && !snapshots
                .iter()
                .any(|g: &yono::Game| g.moves().len() == len)
        {
            snapshots.push(game.clone());
        }
        let mut moves = game.legal_moves();
        let mut played = false;
        while !moves.is_empty() {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let mv = moves
                .swap_remove((rng % moves.len() as u64) as usize)
                .expect("in range");
            let result = game.play(mv).expect("a legal move");
            if result.eliminations.is_empty() && !game.is_over() {
                played = true;
                break;
            }
            game.undo();
        }
        if !played {
            // Every move removes a seat or ends the game: step back and choose again.
            for _ in 0..8 {
                game.undo();
            }
        }
    }
    snapshots.push(game);
    println!(
        "\n| Game::play + Game::undo (Yo[n]o) | plies of history | moves timed | ns per pair | same position, no history | ratio |"
    );
    println!("|---|---|---|---|---|---|");
    for long in snapshots {
        // The same position and moves with and without the history, so only the
        // history differs between the two figures.
        let fresh = yono::Game::from_position(long.position().clone());
        let moves = long.legal_moves();
        let [with, without] = [long, fresh].map(|mut game| {
            let (_, per_second) = time(500, || {
                let mut pairs = 0;
                for _ in 0..20 {
                    for &mv in &moves {
                        game.play(black_box(mv)).expect("a legal move");
                        black_box(game.undo());
                        pairs += 1;
                    }
                }
                pairs
            });
            (game.moves().len(), 1e9 / per_second)
        });
        println!(
            "| | {} | {} | {:.1} | {:.1} | {:.2} |",
            with.0,
            moves.len(),
            with.1,
            without.1,
            with.1 / without.1
        );
    }
}
