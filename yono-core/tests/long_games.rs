//! Long games: thousands of complete random games, every move checked.
//!
//! Each game plays uniformly random legal moves through a [`Game`] (so fourfold
//! repetition ends games too) until it is over or reaches the move cap, and checks
//! after every move: the incremental hash equals the one computed from scratch, the
//! position text reads back to the same position, pieces are conserved (only a
//! checkmated seat's pieces leave the game), no King is threatened by the seat to
//! move, and the moves played are exactly the generated ones. It prints how the
//! games ended: checkmate (won), repetition, or the cap.
//!
//! Release mode only (about a minute there; far too slow in debug):
//! `cargo test --release -p yono-core --test long_games -- --include-ignored --nocapture`

mod invariants;

use invariants::{check_child, out_starts, reserve_starts, Rng};
use yono::{Game, Move, Position, Ruleset, Status};

/// Yo\[n\]o games (from the start and from starts with reserves and fallen seats).
const YONO_GAMES: u64 = 2000;
/// Standard Shogi games.
const SHOGI_GAMES: u64 = 400;
/// Every this many games, the players like to take their last move back (when that
/// is legal), as a shuffling player would: those games end by repetition often.
const SHUFFLER_EVERY: u64 = 5;
/// Plies after which a game is stopped.
const MOVE_CAP: usize = 1500;

#[derive(Default, Debug, Clone, Copy)]
struct Tally {
    games: u64,
    checkmate: u64,
    repetition: u64,
    cap: u64,
    plies: u64,
    eliminations: u64,
    passes: u64,
    drops: u64,
    promotions: u64,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.games += o.games;
        self.checkmate += o.checkmate;
        self.repetition += o.repetition;
        self.cap += o.cap;
        self.plies += o.plies;
        self.eliminations += o.eliminations;
        self.passes += o.passes;
        self.drops += o.drops;
        self.promotions += o.promotions;
    }
}

fn yono_starts() -> Vec<Position> {
    let yono = Position::start();
    let mut starts = vec![yono.clone(), yono.clone(), yono.clone()];
    starts.extend(reserve_starts(&yono));
    starts.extend(out_starts(&yono));
    starts
}

fn play_games(starts: &[Position], games: std::ops::Range<u64>, label: &str) -> Tally {
    let mut tally = Tally::default();
    for g in games {
        let mut rng = Rng(0x10C6_A3E5 ^ g.wrapping_mul(0x2545_F491_4F6C_DD1D));
        let start = &starts[g as usize % starts.len()];
        let mut game = Game::from_position(start.clone());
        let ctx = format!("{label} game {g}");
        let mut plies = 0;
        let shuffler = g % SHUFFLER_EVERY == SHUFFLER_EVERY - 1;
        let mut last: [Option<Move>; 4] = [None; 4];
        loop {
            let legal = game.legal_moves();
            if legal.is_empty() {
                assert!(game.is_over(), "{ctx}: no legal move, game not over");
                break;
            }
            assert!(!game.is_over(), "{ctx}: moves in a finished game");
            if plies == MOVE_CAP {
                break;
            }
            let parent = game.position().clone();
            let back = match last[parent.turn().index()] {
                Some(Move::Board { from, to, .. }) => Some(Move::Board {
                    from: to,
                    to: from,
                    promote: false,
                }),
                _ => None,
            };
            let mv = match back {
                Some(b) if shuffler && rng.next() % 10 != 0 && legal.contains(&b) => b,
                _ => rng.pick(&legal),
            };
            last[parent.turn().index()] = Some(mv);
            let before_in_game = parent.seats_in_game().len();
            // Through move text, as a user would.
            game.play(mv.to_string().parse().unwrap())
                .unwrap_or_else(|e| panic!("{ctx}: generated {mv} refused: {e}"));
            plies += 1;
            let child = game.position();
            check_child(&parent, mv, child);
            tally.eliminations += (before_in_game - child.seats_in_game().len()) as u64;
            match mv {
                Move::Pass => tally.passes += 1,
                Move::Drop { .. } => tally.drops += 1,
                Move::Board { promote: true, .. } => tally.promotions += 1,
                Move::Board { .. } => {}
            }
        }
        tally.games += 1;
        tally.plies += plies as u64;
        match game.status() {
            Status::Won(_) => {
                tally.checkmate += 1;
                let scores = game.scores();
                for seat in game.position().ruleset().seats().iter() {
                    assert!(scores[seat.index()].is_some(), "{ctx}: undecided score");
                }
            }
            Status::DrawnByRepetition => {
                tally.repetition += 1;
                assert_eq!(game.repetitions(), 4, "{ctx}");
            }
            Status::Ongoing => {
                assert_eq!(plies, MOVE_CAP, "{ctx}");
                tally.cap += 1;
            }
        }
        // Nothing may be played once the game is over.
        if game.is_over() {
            let before = game.clone();
            assert!(game.play(Move::Pass).is_err(), "{ctx}");
            assert_eq!(game, before, "{ctx}");
        }
    }
    tally
}

/// Plays `count` games from `starts` on two threads.
fn run(starts: Vec<Position>, count: u64, label: &str) -> Tally {
    let half = count / 2;
    let (a, b) = std::thread::scope(|s| {
        let first = s.spawn(|| play_games(&starts, 0..half, label));
        let second = play_games(&starts, half..count, label);
        (first.join().expect("first half"), second)
    });
    let mut total = a;
    total.add(&b);
    total
}

fn report(label: &str, t: &Tally) {
    println!(
        "{label}: {} games, {} ended by checkmate, {} by repetition, {} by the cap of {MOVE_CAP} plies; \
         {} plies in all ({} per game), {} eliminations, {} passes, {} drops, {} promotions",
        t.games,
        t.checkmate,
        t.repetition,
        t.cap,
        t.plies,
        t.plies / t.games.max(1),
        t.eliminations,
        t.passes,
        t.drops,
        t.promotions
    );
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release mode only: see the module docs")]
fn two_thousand_random_yono_games_keep_every_invariant() {
    let t = run(yono_starts(), YONO_GAMES, "yono");
    report("Yo[n]o", &t);
    assert_eq!(t.games, YONO_GAMES);
    assert_eq!(t.checkmate + t.repetition + t.cap, t.games);
    // Random play does finish games, by every route.
    assert!(t.checkmate > 0 && t.repetition > 0 && t.eliminations > 0);
    assert!(t.passes > 0 && t.drops > 0 && t.promotions > 0);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release mode only: see the module docs")]
fn random_shogi_games_keep_every_invariant() {
    let t = run(vec![Position::new(Ruleset::Shogi)], SHOGI_GAMES, "shogi");
    report("Shogi", &t);
    assert_eq!(t.games, SHOGI_GAMES);
    assert_eq!(t.checkmate + t.repetition + t.cap, t.games);
}
