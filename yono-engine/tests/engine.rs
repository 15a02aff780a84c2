//! The engine's contract: legal moves only, forced eliminations found, determinism.

use yono::{Move, Piece, PieceKind, Position, Reserve, Ruleset, Seat, SeatState, Setup, Square};
use yono_engine::{Engine, EngineConfig, Limits};

mod common;
use common::random_walk;

/// A position from pieces written `sK9i` (seat, kind letter with `+` if promoted,
/// square), the seat to move, and each seat's state as in the seats field (`s01e`).
fn build(pieces: &str, turn: char, seats: &str, reserves: [&str; 4]) -> Position {
    let mut board = [None; 81];
    for item in pieces.split_whitespace() {
        let mut chars = item.chars();
        let seat = Seat::from_letter(chars.next().unwrap()).unwrap();
        let mut rest: String = chars.collect();
        let promoted = rest.starts_with('+');
        if promoted {
            rest.remove(0);
        }
        let mut kind = PieceKind::from_letter(rest.chars().next().unwrap()).unwrap();
        if promoted {
            kind = kind.promoted().unwrap();
        }
        let sq: Square = rest[1..].parse().unwrap();
        board[sq.index()] = Some(Piece::new(seat, kind));
    }
    let states: Vec<SeatState> = seats
        .chars()
        .map(|c| match c {
            '-' => SeatState::Absent,
            d if d.is_ascii_digit() => SeatState::Out(d as u8 - b'0'),
            _ => SeatState::Playing,
        })
        .collect();
    let reserves = reserves.map(|r| {
        let mut res = Reserve::default();
        for c in r.chars() {
            res.add(PieceKind::from_letter(c).unwrap());
        }
        res
    });
    let setup = Setup {
        board,
        turn: Seat::from_letter(turn).unwrap(),
        reserves: reserves.into(),
        seats: yono::BySeat::new([states[0], states[1], states[2], states[3]]),
        move_number: 1,
    };
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{pieces}: {e}"))
}

fn after(pos: &Position, mv: Move) -> Position {
    let mut next = pos.clone();
    next.play(mv).unwrap();
    next
}

/// Whether `seat` has lost: checkmated out (Yo[n]o), or left without a move (Shogi).
fn is_out(pos: &Position, seat: Seat) -> bool {
    !pos.seats_in_game().contains(seat) || pos.score(seat) == Some(0)
}

/// Ground truth by brute force: whether `root` (the seat to move) can force `target`
/// out of the game within `n` more moves of its own, whatever the others play.
fn can_force(pos: &Position, root: Seat, target: Seat, n: u32) -> bool {
    if is_out(pos, target) {
        return true;
    }
    if n == 0 || pos.legal_moves().is_empty() || !pos.seats_in_game().contains(root) {
        return false;
    }
    let moves = pos.legal_moves();
    moves
        .iter()
        .any(|&mv| forced_after(&after(pos, mv), root, target, n - 1))
}

/// Whether `target` falls, whatever the other seats play, before `root` has made
/// `n` more moves (the position is right after a move of `root`).
fn forced_after(pos: &Position, root: Seat, target: Seat, n: u32) -> bool {
    if is_out(pos, target) {
        return true;
    }
    if !pos.seats_in_game().contains(root) || pos.legal_moves().is_empty() {
        return false;
    }
    if pos.turn() == root {
        return can_force(pos, root, target, n);
    }
    pos.legal_moves()
        .iter()
        .all(|&mv| forced_after(&after(pos, mv), root, target, n))
}

/// The engine's move at `depth` full-width plies, and the mate distance it reports.
/// The search is selective (late moves are searched shallower first), so it is
/// given a few plies more than the forced line is long.
fn engine_move(pos: &Position, depth: u32) -> (Move, Option<i32>) {
    let mut engine = Engine::default();
    let result = engine
        .search(pos, Limits::depth(depth).with_nodes(2_000_000))
        .unwrap();
    assert!(pos.is_legal(result.best_move));
    (result.best_move, result.mate)
}

struct Case {
    name: &'static str,
    pos: Position,
    target: Seat,
    moves: u32,
    /// Plies searched beyond the forcing moves' own (4 unless a case says why not).
    beyond: u32,
}

fn cases() -> Vec<Case> {
    let none = ["", "", "", ""];
    vec![
        // The seat order decides: the Silver uncovers West's Rook (West moves next, so
        // North falls at once); the Gold would uncover East's Rook on West's King, but
        // West moves before East and simply escapes. Five plies beyond: there the
        // discoveries score 1.42 and 9c9b (a check on West that East can answer)
        // 1.18. With North gone, West's and East's Rooks hunt South's lone King;
        // from depth 11 the search sees South fall after every move (9c9b then
        // loses slowest, and the search plays it), and at depth 10 the search
        // since the Best-Reply layer's pruning (2026-12-06) already sees part of
        // that after 5c6d, which scores 1.19 there against 9c9b's 1.18, a tie
        // this case cannot ask about. At depth 8, 9c9b scores within a hundredth
        // of the discoveries.
        Case {
            name: "seat-order discovery",
            pos: build("sK6i wK9a nK5a eK1e wR5f sS5c eR9e sG9c", 's', "swne", none),
            target: Seat::North,
            moves: 1,
            beyond: 5,
        },
        // A Silver steps off West's Bishop diagonal onto East's King.
        Case {
            name: "bishop discovery",
            pos: build("sK8i wK9a nK5a eK1i wB5e sS3g", 's', "swne", none),
            target: Seat::East,
            moves: 1,
            beyond: 4,
        },
        // West to move uncovers North's Lance onto South's King.
        Case {
            name: "lance discovery for the next seat",
            pos: build("sK4h wK9a nK1a eK1i nL4a wS4d", 'w', "swne", none),
            target: Seat::South,
            moves: 1,
            beyond: 4,
        },
        // The uncovering move is a capture (of East's Pawn) off the Rook's file.
        Case {
            name: "discovery by capture",
            pos: build("sK9i wK9a nK5a eK1i wR5g sG5d eP4c", 's', "swne", none),
            target: Seat::North,
            moves: 1,
            beyond: 4,
        },
        // Rook and Gold mate East in its corner; East must pass and falls when South
        // is about to move again (West and North have only Kings, far away).
        Case {
            name: "corner mate, four seats",
            pos: build("sK9i wK9a nK5e eK1a sG2c sR2i", 's', "swne", none),
            target: Seat::East,
            moves: 1,
            beyond: 4,
        },
        // The same mate with two seats left: East passes and falls at once.
        Case {
            name: "corner mate, two seats",
            pos: build("sK9i eK1a sG2c sR2i", 's', "s01e", none),
            target: Seat::East,
            moves: 1,
            beyond: 4,
        },
        // Three seats: North mates West (who moves right before North) in its corner.
        Case {
            name: "corner mate, three seats",
            pos: build("nK1a wK9i eK1i nG8g nR8a", 'n', "0wne", none),
            target: Seat::West,
            moves: 1,
            beyond: 4,
        },
        // A dropped Gold mates (two seats): drops count as much as board moves.
        Case {
            name: "drop mate",
            pos: build("sK9i eK5a sP5c", 's', "s01e", ["G", "", "", ""]),
            target: Seat::East,
            moves: 1,
            beyond: 4,
        },
        // Two drops: the first Gold drives the King back onto the Pawn's file.
        Case {
            name: "drop mate in two",
            pos: build("sK9i eK6a sP5c", 's', "s01e", ["GG", "", "", ""]),
            target: Seat::East,
            moves: 2,
            beyond: 4,
        },
        // Two moves of Gold and Rook against a King beside the corner.
        Case {
            name: "mate in two, two seats",
            pos: build("sK9i eK2a sG3c sR1i", 's', "s01e", none),
            target: Seat::East,
            moves: 2,
            beyond: 4,
        },
        Case {
            name: "mate in two, Rook behind",
            pos: build("sK9i eK1a sG3d sR2i", 's', "s01e", none),
            target: Seat::East,
            moves: 2,
            beyond: 4,
        },
        // Standard Shogi through the same code: the head Gold drop.
        Case {
            name: "shogi: head gold",
            pos: Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap(),
            target: Seat::North,
            moves: 1,
            beyond: 4,
        },
        // Standard Shogi, mate in two moves of Sente.
        Case {
            name: "shogi: mate in two",
            pos: Position::from_sfen("4k4/9/9/4P4/9/9/9/9/4K4 b 2G 1").unwrap(),
            target: Seat::North,
            moves: 2,
            beyond: 4,
        },
        Case {
            name: "shogi: Gold and Silver",
            pos: Position::from_sfen("4k4/9/9/4P4/9/9/9/9/4K4 b GS 1").unwrap(),
            target: Seat::North,
            moves: 2,
            beyond: 4,
        },
    ]
}

#[test]
fn the_cases_are_what_they_claim() {
    for case in cases() {
        let root = case.pos.turn();
        assert!(
            case.pos.seats_in_game().contains(case.target),
            "{}",
            case.name
        );
        assert!(
            can_force(&case.pos, root, case.target, case.moves),
            "{}: no forced elimination in {}",
            case.name,
            case.moves
        );
        if case.moves > 1 {
            assert!(
                !can_force(&case.pos, root, case.target, case.moves - 1),
                "{}: already forced in {}",
                case.name,
                case.moves - 1
            );
        }
    }
}

#[test]
fn finds_forced_eliminations() {
    for case in cases() {
        let root = case.pos.turn();
        let seats = case.pos.seats_in_game().len() as u32;
        let (mv, mate) = engine_move(&case.pos, seats * case.moves + case.beyond);
        assert!(
            forced_after(&after(&case.pos, mv), root, case.target, case.moves - 1),
            "{}: engine played {mv}, which does not force the elimination",
            case.name
        );
        // With two seats the elimination ends the game: a mate, reported in plies.
        // Shogi's loser is mated when it is to move without a move (after the
        // winner's n-th move); a Yo[n]o seat falls once it has passed and the winner
        // is about to move again.
        if seats == 2 {
            let plies = if case.pos.ruleset() == Ruleset::Shogi {
                2 * case.moves as i32 - 1
            } else {
                2 * case.moves as i32
            };
            assert_eq!(mate, Some(plies), "{}: mate distance", case.name);
        }
    }
}

#[test]
fn seat_order_decides_which_discovery_works() {
    let pos = build(
        "sK6i wK9a nK5a eK1e wR5f sS5c eR9e sG9c",
        's',
        "swne",
        ["", "", "", ""],
    );
    // The Gold uncovers East's Rook on West's King: West moves next and is not out.
    let gold = after(&pos, "9c8c".parse().unwrap());
    assert!(gold.seats_in_game().contains(Seat::West));
    assert_eq!(
        gold.threatened_by(Seat::West).iter().collect::<Vec<_>>(),
        [Seat::East]
    );
    // The Silver uncovers West's Rook on North's King: North falls at once.
    let silver = after(&pos, "5c4b".parse().unwrap());
    assert!(!silver.seats_in_game().contains(Seat::North));
}

/// Positions along seeded random games of both rulesets.
fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut state = seed | 1;
    let mut out = Vec::new();
    for ruleset in [Ruleset::Yono, Ruleset::Shogi] {
        while out.len() < count * if ruleset == Ruleset::Yono { 1 } else { 2 } {
            let mut pos = Position::new(ruleset);
            random_walk(&mut state, 160, &mut pos, Position::legal_moves, |p, mv| {
                p.play_unchecked(mv);
            });
            if !pos.legal_moves().is_empty() {
                out.push(pos);
            }
        }
    }
    out
}

#[test]
fn never_returns_an_illegal_move() {
    let mut engine = Engine::new(EngineConfig {
        hash_mb: 1,
        ..Default::default()
    });
    for pos in random_positions(20, 0xC0FFEE) {
        let result = engine.search(&pos, Limits::nodes(400)).unwrap();
        assert!(
            pos.is_legal(result.best_move),
            "{}: {}",
            pos.text(),
            result.best_move
        );
        assert_eq!(result.pv.first(), Some(&result.best_move));
        // The whole principal variation is playable.
        let mut p = pos.clone();
        for &mv in &result.pv {
            assert!(p.is_legal(mv), "{}: pv move {mv} illegal", pos.text());
            p.play_unchecked(mv);
        }
        let decided: f64 = result.eval.iter().flatten().sum();
        assert!(decided > 0.0 && decided <= 6.0 + 1e-9, "{decided}");
    }
}

#[test]
fn game_over_is_an_error() {
    let pos = build("sK9i eK1a sG2b sR2i", 'e', "s01e", ["", "", "", ""]);
    let mut p = pos.clone();
    // East has no move but pass; after it, South's Gold takes the King's place.
    p.play(Move::Pass).unwrap();
    assert!(p.is_game_over());
    let err = Engine::default().search(&p, Limits::depth(1)).unwrap_err();
    assert_eq!(err, yono_engine::SearchError::GameOver);
}

#[test]
fn deterministic_for_a_node_limit_and_seed() {
    let positions = random_positions(3, 42);
    for seed in [0, 9] {
        let config = EngineConfig {
            seed,
            noise: 20,
            hash_mb: 1,
            ..Default::default()
        };
        for pos in &positions {
            let a = Engine::new(config)
                .search(pos, Limits::nodes(1_500))
                .unwrap();
            // A reused engine, cleared, must not remember the previous search.
            let mut reused = Engine::new(config);
            reused
                .search(&Position::start(), Limits::nodes(700))
                .unwrap();
            reused.clear();
            let b = reused.search(pos, Limits::nodes(1_500)).unwrap();
            assert_eq!(
                (a.best_move, &a.pv, a.score, a.nodes, a.depth),
                (b.best_move, &b.pv, b.score, b.nodes, b.depth)
            );
            assert!(a.nodes <= 1_501);
        }
    }
}

#[test]
fn stop_flag_ends_an_unlimited_search() {
    let mut engine = Engine::default();
    let flag = engine.stop_flag();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let result = engine
        .search(&Position::start(), Limits::default())
        .unwrap();
    stopper.join().unwrap();
    assert!(result.stopped);
    assert!(Position::start().is_legal(result.best_move));
}

#[test]
fn time_limit_is_respected() {
    let mut engine = Engine::default();
    let t = std::time::Duration::from_millis(150);
    let result = engine.search(&Position::start(), Limits::time(t)).unwrap();
    // Without the limit this search would run for hours: returning at all, marked
    // stopped, is the check (how soon depends on the machine's load, so it is not
    // asserted).
    assert!(result.stopped);
}

/// The cases as the Python and C tests read them: `tests/vectors/engine_cases.txt`,
/// one per line, `name|position text|target seat letter|moves|every first move that
/// forces the elimination`. `YONO_UPDATE_ENGINE_CASES=1` rewrites the file.
#[test]
fn cases_file_is_fresh() {
    let mut text = String::from(
        "# Forced eliminations for the engine (generated by yono-engine/tests/engine.rs).\n\
         # name|position|target seat|moves of the seat to move|first moves that force it\n",
    );
    for case in cases() {
        let root = case.pos.turn();
        let solutions: Vec<String> = case
            .pos
            .legal_moves()
            .iter()
            .filter(|&&mv| forced_after(&after(&case.pos, mv), root, case.target, case.moves - 1))
            .map(|mv| mv.to_string())
            .collect();
        assert!(!solutions.is_empty(), "{}", case.name);
        text += &format!(
            "{}|{}|{}|{}|{}\n",
            case.name,
            case.pos.text(),
            case.target.letter(),
            case.moves,
            solutions.join(" ")
        );
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/vectors/engine_cases.txt"
    );
    if std::env::var_os("YONO_UPDATE_ENGINE_CASES").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert_eq!(
        on_disk, text,
        "run with YONO_UPDATE_ENGINE_CASES=1 to regenerate"
    );
}

#[test]
fn a_search_of_the_same_seat_keeps_what_the_last_one_learnt() {
    // The same position to the same depth again: the table answers much of it, so
    // the second search takes fewer nodes; for the other seat it starts afresh.
    for ruleset in [Ruleset::Shogi, Ruleset::Yono] {
        let pos = Position::new(ruleset);
        let fresh = Engine::default().search(&pos, Limits::depth(5)).unwrap();
        let mut engine = Engine::default();
        engine.search(&pos, Limits::depth(5)).unwrap();
        let again = engine.search(&pos, Limits::depth(5)).unwrap();
        assert!(
            again.nodes < fresh.nodes,
            "{ruleset:?}: {} >= {}",
            again.nodes,
            fresh.nodes
        );
        assert!(pos.is_legal(again.best_move));
        let mut other = pos.clone();
        other.play(fresh.best_move).unwrap();
        let other_fresh = Engine::default().search(&other, Limits::depth(5)).unwrap();
        let other_after = engine.search(&other, Limits::depth(5)).unwrap();
        assert_eq!(
            (other_after.best_move, other_after.nodes),
            (other_fresh.best_move, other_fresh.nodes),
            "{ruleset:?}"
        );
    }
}
