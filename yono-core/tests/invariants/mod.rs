//! The invariants every move must keep, derived start positions and a seeded random
//! source, shared by the property tests (`src/proptests.rs`), the long games
//! (`tests/long_games.rs`), the engine-API, GUI and SVG tests and the
//! fuzz targets and their replay test (`fuzz/src/lib.rs`, `fuzz/tests/replay.rs`),
//! which include this file by path.
//!
//! Test-only code: it panics (with the position in the message) when an invariant
//! breaks.

#![allow(dead_code)]

use yono::{Game, Move, PieceKind, Position, Ruleset, Seat, SeatState};

/// splitmix64: a fixed, dependency-free random source, so every run plays the same
/// games and makes the same mutations.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// One of `moves` (not empty), uniformly.
    pub fn pick(&mut self, moves: &[Move]) -> Move {
        moves[self.below(moves.len())]
    }
}

/// xorshift64, seeded from a game number: the random games of the GUI and SVG tests
/// (`tests/gui.rs`, `tests/svg.rs`).
pub struct XorShift(u64);

impl XorShift {
    pub fn new(seed: u64) -> XorShift {
        XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The start of random game number `seed` and its source: every `shogi_every`-th
    /// game (the last of each group) is Shogi, the others Yo[n]o.
    pub fn game(seed: u64, shogi_every: u64) -> (Game, XorShift) {
        let ruleset = if seed % shogi_every == shogi_every - 1 {
            Ruleset::Shogi
        } else {
            Ruleset::Yono
        };
        (Game::new(ruleset), XorShift::new(seed))
    }

    /// Plays one of the legal moves of `game` and returns it; `None` when it has none.
    pub fn play(&mut self, game: &mut Game) -> Option<Move> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let s = &mut self.0;
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        let mv = moves[(*s % moves.len() as u64) as usize];
        game.play(mv).unwrap();
        Some(mv)
    }
}

/// Pieces a seat has on the board and in its reserve.
pub fn material_of(pos: &Position, seat: Seat) -> u32 {
    pos.pieces(seat).count() + pos.reserve(seat).total()
}

/// Pieces on the board and in all reserves.
pub fn material(pos: &Position) -> u32 {
    Seat::ALL.iter().map(|&s| material_of(pos, s)).sum()
}

/// `pos` with every piece of a kind that `pick` selects moved from the board into its
/// owner's reserve.
pub fn with_in_reserve(pos: &Position, pick: impl Fn(PieceKind) -> bool) -> Position {
    let mut setup = pos.to_setup();
    for slot in setup.board.iter_mut() {
        if let Some(p) = *slot {
            if pick(p.kind) {
                setup.reserves[p.seat.index()].add(p.kind);
                *slot = None;
            }
        }
    }
    Position::from_setup(&setup).expect("valid derived start")
}

/// Two Yo[n]o starts with pieces in reserve, so that drops (and the binding limit)
/// come from the first move: Silvers, Knights and Lances; Golds, Bishops, Silvers and
/// Knights.
pub fn reserve_starts(yono: &Position) -> [Position; 2] {
    [
        with_in_reserve(yono, |k| {
            matches!(k, PieceKind::Silver | PieceKind::Knight | PieceKind::Lance)
        }),
        with_in_reserve(yono, |k| {
            matches!(
                k,
                PieceKind::Gold | PieceKind::Bishop | PieceKind::Silver | PieceKind::Knight
            )
        }),
    ]
}

/// Two Yo[n]o starts with seats already out: West (score 0); West and North (0, 1).
pub fn out_starts(yono: &Position) -> [Position; 2] {
    [
        with_out(yono, &[(Seat::West, 0)]),
        with_out(yono, &[(Seat::West, 0), (Seat::North, 1)]),
    ]
}

/// `pos` with the given seats already checkmated, with those scores.
pub fn with_out(pos: &Position, out: &[(Seat, u8)]) -> Position {
    let mut setup = pos.to_setup();
    for &(seat, score) in out {
        for slot in setup.board.iter_mut() {
            if slot.is_some_and(|p| p.seat == seat) {
                *slot = None;
            }
        }
        setup.seats[seat.index()] = SeatState::Out(score);
    }
    Position::from_setup(&setup).expect("valid derived start")
}

/// Checks the move `mv` from `parent` that gave `child`:
/// - the incremental hash equals the hash from scratch;
/// - the text (and, for Shogi, the SFEN) reads back to the same position;
/// - no King is threatened by the seat to move, and each seat in the game has one King;
/// - pieces are conserved: what left the board and the reserves is exactly what the
///   fallen seats held (the piece a fallen mover just captured included);
/// - the moved piece stands where the move says (unless the mover fell at once);
/// - each fallen seat's score fits the seats still in the game;
/// - the move number went up by one.
pub fn check_child(parent: &Position, mv: Move, child: &Position) {
    let at = || format!("after {mv} from {}", parent.text());
    assert_eq!(child.key(), child.compute_key(), "hash {}", at());
    let text = child.text();
    assert_eq!(
        Position::from_text(&text).as_ref(),
        Ok(child),
        "text round trip of {text} {}",
        at()
    );
    if child.ruleset() == Ruleset::Shogi {
        let sfen = child.sfen().expect("a Shogi position has an SFEN");
        assert_eq!(
            Position::from_sfen(&sfen).as_ref(),
            Ok(child),
            "{sfen} {}",
            at()
        );
    }
    for seat in Seat::ALL {
        assert!(
            !child.threatened_by(seat).contains(child.turn()),
            "{seat}'s King is threatened by the seat to move {}",
            at()
        );
        assert_eq!(
            child.pieces_of(seat, PieceKind::King).count(),
            u32::from(child.seats_in_game().contains(seat)),
            "Kings of {seat} {}",
            at()
        );
    }

    let mover = parent.turn();
    let fallen: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|&s| parent.seats_in_game().contains(s) && !child.seats_in_game().contains(s))
        .collect();
    let mut removed: u32 = fallen.iter().map(|&s| material_of(parent, s)).sum();
    if let Move::Board { to, .. } = mv {
        if let Some(captured) = parent.piece_at(to) {
            if fallen.contains(&captured.seat) {
                removed -= 1;
            }
            if fallen.contains(&mover) {
                removed += 1;
            }
        }
    }
    assert_eq!(
        material(parent) - material(child),
        removed,
        "pieces not conserved {}",
        at()
    );

    if child.seats_in_game().contains(mover) {
        if let Some(to) = mv.to() {
            assert_eq!(child.piece_at(to).map(|p| p.seat), Some(mover), "{}", at());
        }
        if let Some(from) = mv.from() {
            assert_eq!(child.piece_at(from), None, "{}", at());
        }
    }
    // A fallen seat scored 3 minus the others still in when it fell: at least the
    // seats left now (later rounds of the same move only raise it), below the winner's.
    let before = parent.seats_in_game().len() as u8;
    let max = parent.ruleset().max_score();
    for &s in &fallen {
        let SeatState::Out(score) = child.seat_state(s) else {
            panic!("{s} left the game without a score {}", at());
        };
        assert!(
            score < max && score + before > max,
            "{s} scored {score} {}",
            at()
        );
    }
    assert_eq!(
        child.move_number(),
        parent.move_number().saturating_add(1),
        "move number {}",
        at()
    );
}
