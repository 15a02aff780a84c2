//! Perft against published standard Shogi counts (RULES.md §9) and the recorded
//! Yo[n]o counts (matched by the square-by-square reference generator).

use yono::{divide, perft, perft_full, Position, Ruleset};

#[test]
fn shogi_start_perft_1_to_4() {
    let pos = Position::new(Ruleset::Shogi);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&pos, d)).collect();
    assert_eq!(counts, [30, 900, 25_470, 719_731]);
}

/// Depth 5 takes seconds in release mode; the test command runs it with `--release`.
#[test]
#[cfg_attr(debug_assertions, ignore = "run in release mode")]
fn shogi_start_perft_5() {
    assert_eq!(perft(&Position::new(Ruleset::Shogi), 5), 19_861_490);
}

#[test]
fn yono_start_perft_1_to_4() {
    let pos = Position::start();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&pos, d)).collect();
    assert_eq!(counts, [12, 134, 1_498, 16_746]);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "run in release mode")]
fn yono_start_perft_5_and_6() {
    let pos = Position::start();
    assert_eq!(perft(&pos, 5), 191_797);
    assert_eq!(perft(&pos, 6), 2_183_704);
}

#[test]
fn bulk_and_full_counting_agree() {
    for pos in [Position::start(), Position::new(Ruleset::Shogi)] {
        assert_eq!(perft(&pos, 3), perft_full(&pos, 3));
        let total: u64 = divide(&pos, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(total, perft(&pos, 3));
    }
}

#[test]
fn shogi_perft_from_a_position_with_drops_and_checks() {
    // The "matsuri" position of Shogi perft suites: pieces in hand for both sides,
    // many drops and checks. Published counts: 207, 28,684, 4,809,015.
    let pos = Position::from_sfen(
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    )
    .unwrap();
    assert_eq!(perft(&pos, 1), 207);
    assert_eq!(perft(&pos, 2), 28_684);
    if cfg!(not(debug_assertions)) {
        assert_eq!(perft(&pos, 3), 4_809_015);
    }
}
