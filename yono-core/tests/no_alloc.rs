//! Move generation, play and perft never touch the heap: a counting global allocator
//! proves it (speed claims are measured in `bench/`, not asserted here).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use yono::{perft, MoveList, Position, Ruleset};

struct Counting;

thread_local! {
    // Per thread, so the test harness's other threads do not count.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: forwards every call unchanged to the system allocator; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

/// The Yo[n]o and Shogi starts and a Shogi middle game: positions where nobody falls.
fn quiet_positions() -> Vec<Position> {
    vec![
        Position::start(),
        Position::new(Ruleset::Shogi),
        Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        )
        .unwrap(),
    ]
}

#[test]
fn generation_play_and_perft_do_not_allocate() {
    // Positions are parsed first (parsing may allocate); then nothing may. The last
    // one has a seat about to fall.
    let mut positions = quiet_positions();
    positions
        .push(Position::from_text("nK8/2sS6/1sG7/9/wK7eK/9/9/9/4sK4 s P/-/-/- swne 1").unwrap());
    let mut list = MoveList::new();
    let n = allocations_during(|| {
        for pos in &positions {
            pos.legal_moves_into(&mut list);
            for &mv in list.iter() {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                std::hint::black_box(child.count_legal_moves());
                std::hint::black_box(child.is_legal(mv));
            }
            std::hint::black_box(perft(pos, 3));
            std::hint::black_box(pos.threats());
            std::hint::black_box(pos.status());
        }
    });
    assert_eq!(n, 0, "heap allocations in move generation or play");
    // The counter does see allocations, so a zero above means something.
    assert!(allocations_during(|| drop(std::hint::black_box(positions[0].text()))) > 0);
}

#[test]
fn public_fast_paths_do_not_allocate() {
    // The callback, make/unmake and null moves, in positions where nobody falls (a
    // fall keeps a copy of the position in the undo token, documented on `Undo`).
    let positions = quiet_positions();
    let mut list = MoveList::new();
    let n = allocations_during(|| {
        for pos in &positions {
            let mut pos = pos.clone();
            let mut count = 0;
            pos.generate_moves(|set| {
                count += set.len();
                false
            });
            let mut from_origins = 0;
            pos.generate_moves_for(pos.pieces(pos.turn()), |set| {
                from_origins += set.into_iter().count();
                false
            });
            assert!(from_origins <= count);
            let mut captures = 0;
            let own = pos.pieces(pos.turn());
            pos.generate_board_moves(own, pos.occupied() & !own, |set| {
                captures += set.into_iter().count();
                false
            });
            assert!(captures <= from_origins);
            pos.legal_moves_into(&mut list);
            assert_eq!(count, list.len());
            for &mv in list.iter() {
                let (undo, fallen) = pos.do_move(mv);
                assert!(fallen.is_empty());
                std::hint::black_box(pos.count_legal_moves());
                pos.undo_move(mv, undo);
            }
            let before = pos.clone();
            let (undo, _) = pos.null_move();
            pos.undo_move(yono::Move::Pass, undo);
            assert_eq!(pos, before);
        }
    });
    assert_eq!(n, 0, "heap allocations in the public fast paths");
}

#[test]
fn position_is_small_enough_to_copy() {
    let size = std::mem::size_of::<Position>();
    println!("size_of::<Position>() = {size} bytes");
    assert!(size <= 640, "Position grew to {size} bytes");
}

#[test]
fn game_play_and_undo_do_not_allocate_once_warm() {
    // A long game, then every legal move played and taken back at its end: the first
    // rounds may grow the history and the repetition map; later rounds may not
    // (except a move that removes a seat, which keeps the position before the fall).
    let mut game = yono::Game::new(Ruleset::Yono);
    let mut seed = 7u64;
    while game.moves().len() < 300 {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        game.play(moves[(seed >> 33) as usize % moves.len()])
            .unwrap();
    }
    let mut quiet = game.legal_moves();
    for _ in 0..4 {
        quiet.retain(|&mv| {
            let played = game.play(mv).unwrap();
            game.undo();
            played.eliminations.is_empty()
        });
    }
    assert!(quiet.len() > 5, "{}", quiet.len());
    let n = allocations_during(|| {
        for _ in 0..3 {
            for &mv in quiet.iter() {
                std::hint::black_box(game.play(mv).unwrap());
                game.undo();
            }
        }
    });
    assert_eq!(n, 0, "heap allocations in Game::play/undo");
}
