//! The checks behind the fuzz targets, as plain functions: libFuzzer calls them
//! through `fuzz_targets/*.rs`, and `tests/replay.rs` calls them on the seed corpus
//! and the regression inputs with stable Rust and no fuzzer at all.
//!
//! Every function takes arbitrary bytes and panics only when yono breaks one of its
//! promises: a parser that panics, a text that does not round-trip, an incremental
//! hash that differs from the one computed from scratch, pieces appearing or
//! vanishing, a King left threatened by the seat to move, a rejected move that
//! changed the position, or a move accepted by one API and refused by another.

#[path = "../../yono-core/tests/invariants/mod.rs"]
mod invariants;

use yono::{Game, Move, MoveError, PieceKind, Position, Ruleset, Seat, SeatState, Setup};

/// How many legal moves of a parsed position are tried one by one (all of them in
/// practice: the most a position can have is [`yono::MAX_MOVES`]).
const MOVES_TRIED: usize = yono::MAX_MOVES;

/// Position text: parse, and write→parse on everything that parses.
pub fn position_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let setup = text.parse::<Setup>();
    if let Ok(setup) = &setup {
        // The writer is canonical and the reader reads it back exactly, whether or
        // not the position could exist.
        let written = setup.to_string();
        let again: Setup = written
            .parse()
            .unwrap_or_else(|e| panic!("written setup {written:?} does not parse: {e}"));
        assert_eq!(
            &again, setup,
            "setup round trip of {text:?} via {written:?}"
        );
        assert_eq!(again.to_string(), written, "setup text is not a fixpoint");
    }
    let parsed = Position::from_text(text);
    match (&setup, &parsed) {
        (Err(e), Err(yono::Error::Parse(p))) => assert_eq!(e, p),
        (Err(e), other) => panic!("setup error {e} but from_text gave {other:?}"),
        (Ok(s), Ok(pos)) => {
            assert_eq!(&pos.to_setup(), s, "position of {text:?} lost something");
            assert_eq!(pos.text(), s.to_string());
        }
        (Ok(s), Err(yono::Error::Position(e))) => {
            assert_eq!(Position::from_setup(s).as_ref(), Err(e));
        }
        (Ok(_), Err(e)) => panic!("unexpected error kind {e:?} for {text:?}"),
    }
    match parsed {
        Ok(pos) => {
            check_position(&pos);
            try_every_move(&pos);
        }
        Err(e) => check_error(&e),
    }
}

/// Move text against a position: `<position text>\n<move text>`, or just move text
/// (played against the start position).
pub fn move_text(data: &[u8]) {
    let (pos_part, mv_part) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&b""[..], data),
    };
    let pos = std::str::from_utf8(pos_part)
        .ok()
        .and_then(|t| Position::from_text(t).ok())
        .unwrap_or_else(Position::start);
    let Ok(text) = std::str::from_utf8(mv_part) else {
        return;
    };
    let legal = pos.legal_moves();
    let parsed = Move::from_usi(text);
    match &parsed {
        Ok(mv) => {
            let written = mv.to_string();
            assert_eq!(Move::from_usi(&written).as_ref(), Ok(mv), "{text:?}");
            assert_eq!(Move::from_code(mv.code()), Some(*mv));
            assert!(written.len() <= 5);
            assert_eq!(pos.is_legal(*mv), legal.contains(mv), "{mv} in {pos:?}");
        }
        Err(e) => {
            assert!(e.text.chars().count() <= 32, "error text not cut: {e:?}");
            assert!(!e.to_string().is_empty());
        }
    }
    let checked = pos.parse_move(text);
    match (&parsed, &checked) {
        (Err(e), Err(MoveError::Malformed(m))) => assert_eq!(e, m),
        (Ok(mv), Ok(m)) => {
            assert_eq!(mv, m);
            assert!(
                legal.contains(m),
                "{m} accepted but not generated in {pos:?}"
            );
        }
        (Ok(mv), Err(MoveError::Illegal { mv: m, reason })) => {
            assert_eq!(mv, m);
            assert!(
                !legal.contains(m),
                "{m} generated but refused ({reason}) in {pos:?}"
            );
            assert!(!reason.code().is_empty());
        }
        other => panic!("parse_move and from_usi disagree on {text:?}: {other:?}"),
    }
    // Playing: through Position and through Game, the same verdict; a rejected move
    // changes nothing.
    // (`play_text` is deprecated but kept for one release: it must stay consistent.)
    let mut copy = pos.clone();
    #[allow(deprecated)]
    let played = copy.play_text(text);
    let mut game = Game::from_position(pos.clone());
    #[allow(deprecated)]
    let game_played = game.play_text(text);
    assert_eq!(played.is_ok(), checked.is_ok());
    assert_eq!(game_played.is_ok(), checked.is_ok());
    match played {
        Ok(_) => {
            assert_eq!(game.position(), &copy);
            check_child(&pos, parsed.expect("played, so parsed"), &copy);
        }
        Err(e) => {
            assert_eq!(Err(e), checked.map(|_| ()).map_err(|e| e.clone()));
            assert_eq!(copy, pos, "a rejected move changed the position");
            assert_eq!(game.position(), &pos, "a rejected move changed the game");
            assert!(game.moves().is_empty());
        }
    }
}

/// SFEN (standard Shogi).
pub fn sfen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let setup = Setup::from_sfen(text);
    if let Ok(setup) = &setup {
        assert_eq!(setup.ruleset(), Some(Ruleset::Shogi));
        let written = setup.to_sfen().expect("a Shogi setup has an SFEN");
        let again = Setup::from_sfen(&written)
            .unwrap_or_else(|e| panic!("written SFEN {written:?} does not parse: {e}"));
        assert_eq!(&again, setup, "SFEN round trip of {text:?} via {written:?}");
        // The same setup as position text.
        let as_text: Setup = setup.to_string().parse().expect("position text parses");
        assert_eq!(&as_text, setup);
    }
    match Position::from_sfen(text) {
        Ok(pos) => {
            assert!(setup.is_ok());
            assert_eq!(pos.ruleset(), Ruleset::Shogi);
            check_position(&pos);
            try_every_move(&pos);
        }
        Err(e) => {
            if let (Err(s), yono::Error::Parse(p)) = (&setup, &e) {
                assert_eq!(s, p);
            }
            check_error(&e);
        }
    }
}

/// A game driven by the bytes: the first byte picks a start position; then each
/// step reads an opcode byte and one or two more. Most steps play one of the legal
/// moves; some try an arbitrary move code or a legal move bent out of shape (which
/// must be accepted exactly when it is legal, and otherwise change nothing), some
/// undo and replay. The invariants are checked after every step.
pub fn play(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let starts = starts();
    let mut game = Game::from_position(starts[first as usize % starts.len()].clone());
    let mut bytes = rest.iter().copied();
    while let (Some(op), Some(arg)) = (bytes.next(), bytes.next()) {
        let pos = game.position().clone();
        let legal = game.legal_moves();
        let probe = match op % 16 {
            0 => {
                let Some(hi) = bytes.next() else { break };
                Move::from_code(u16::from_le_bytes([arg, hi]))
            }
            1 if !legal.is_empty() => Some(bend(legal[arg as usize % legal.len()], op >> 4)),
            2 => {
                if let Some(mv) = game.undo() {
                    let back = game.position().clone();
                    assert!(back.is_legal(mv), "{mv} was played from {back:?}");
                    game.play(mv).expect("an undone move replays");
                    assert_eq!(game.position(), &pos);
                    if arg & 1 == 1 {
                        game.undo();
                        assert_eq!(game.position(), &back);
                    }
                }
                None
            }
            _ => {
                if legal.is_empty() {
                    assert!(game.is_over(), "no legal move but not over: {pos:?}");
                    assert_ne!(game.status(), yono::Status::Ongoing);
                    assert!(game.play(Move::Pass).is_err());
                    assert_eq!(game.position(), &pos);
                    return;
                }
                let index = (arg as usize) << 4 | (op >> 4) as usize;
                let mv = legal[index % legal.len()];
                game.play(mv).expect("a generated move is legal");
                check_child(&pos, mv, game.position());
                None
            }
        };
        if let Some(mv) = probe {
            let before = game.clone();
            assert_eq!(pos.is_legal(mv), legal.contains(&mv), "{mv} in {pos:?}");
            match game.play(mv) {
                Ok(_) => {
                    assert!(legal.contains(&mv), "{mv} accepted, not generated: {pos:?}");
                    check_child(&pos, mv, game.position());
                }
                Err(e) => {
                    assert!(
                        !legal.contains(&mv),
                        "{mv} generated, refused ({e}): {pos:?}"
                    );
                    assert_eq!(game, before, "a rejected move changed the game");
                    let mut copy = pos.clone();
                    assert!(copy.play(mv).is_err());
                    assert_eq!(copy, pos, "a rejected move changed the position");
                }
            }
        }
        check_game(&game);
    }
}

/// A legal move changed a little: promotion flipped, another destination, another
/// kind dropped, a board move turned into a drop, or `pass`.
fn bend(mv: Move, how: u8) -> Move {
    let square = |i: u8| yono::Square::from_index(usize::from(i) % 81).expect("0..81");
    match (mv, how % 5) {
        (Move::Board { from, to, promote }, 0) => Move::Board {
            from,
            to,
            promote: !promote,
        },
        (Move::Board { from, to, promote }, 1) => {
            let to2 = square(to.index() as u8 + 1 + how);
            if to2 == from {
                Move::Pass
            } else {
                Move::Board {
                    from,
                    to: to2,
                    promote,
                }
            }
        }
        (Move::Board { to, .. }, 2) => Move::Drop {
            kind: PieceKind::HAND[usize::from(how) % 7],
            to,
        },
        (Move::Drop { to, .. }, 0 | 1) => Move::Drop {
            kind: PieceKind::HAND[usize::from(how) % 7],
            to,
        },
        (Move::Drop { kind, to }, 2 | 3) => Move::Drop {
            kind,
            to: square(to.index() as u8 + how),
        },
        (Move::Pass, _) => Move::Drop {
            kind: PieceKind::HAND[usize::from(how) % 7],
            to: square(how * 7),
        },
        _ => Move::Pass,
    }
}

/// Every error has a code and a message.
fn check_error(e: &yono::Error) {
    assert!(!e.code().is_empty());
    assert!(!e.to_string().is_empty());
}

/// The invariants of one position.
pub fn check_position(pos: &Position) {
    let text = pos.text();
    assert_eq!(pos.key(), pos.compute_key(), "incremental hash of {text}");
    assert_eq!(
        Position::from_text(&text).as_ref(),
        Ok(pos),
        "text round trip of {text}"
    );
    if pos.ruleset() == Ruleset::Shogi {
        let sfen = pos.sfen().expect("a Shogi position has an SFEN");
        assert_eq!(Position::from_sfen(&sfen).as_ref(), Ok(pos), "SFEN {sfen}");
    } else {
        assert_eq!(pos.sfen(), None);
    }
    // The seat to move never threatens a King (it would have checkmated it).
    for seat in Seat::ALL {
        assert!(
            !pos.threatened_by(seat).contains(pos.turn()),
            "{}'s King is threatened by {}, the seat to move: {text}",
            seat,
            pos.turn()
        );
    }
    // One King per seat in the game, none for the others; no more pieces of a kind
    // than the game has.
    let in_game = pos.seats_in_game();
    assert!(in_game.contains(pos.turn()));
    for seat in Seat::ALL {
        let kings = pos.pieces_of(seat, PieceKind::King).count();
        let playing = pos.seat_state(seat) == SeatState::Playing;
        assert_eq!(playing, in_game.contains(seat));
        assert_eq!(
            kings,
            u32::from(playing),
            "{seat} has {kings} Kings: {text}"
        );
        if !playing {
            assert!(pos.pieces(seat).is_empty() && pos.reserve(seat).is_empty());
        }
    }
    for kind in PieceKind::HAND {
        let on_board: u32 = PieceKind::ALL
            .iter()
            .filter(|k| k.unpromoted() == kind)
            .map(|&k| pos.kind_squares(k).count())
            .sum();
        let held: u32 = Seat::ALL
            .iter()
            .map(|&s| u32::from(pos.reserve(s).count(kind)))
            .sum();
        assert!(
            on_board + held <= u32::from(pos.ruleset().supply(kind)),
            "{text}"
        );
    }
    // No legal moves exactly when the game is over.
    let legal = pos.legal_moves();
    assert_eq!(legal.is_empty(), pos.is_game_over(), "{text}");
    assert_eq!(legal.len() as u64, pos.count_legal_moves());
}

/// Plays each legal move of `pos` on a copy and checks the result.
fn try_every_move(pos: &Position) {
    for &mv in pos.legal_moves().iter().take(MOVES_TRIED) {
        assert!(pos.is_legal(mv), "{mv} generated but not legal in {pos:?}");
        let mut child = pos.clone();
        child.play(mv).expect("a generated move plays");
        check_child(pos, mv, &child);
    }
}

/// The invariants of a move from `parent` to `child` (shared with the property tests
/// and the long games), then those of `child` itself.
pub fn check_child(parent: &Position, mv: Move, child: &Position) {
    invariants::check_child(parent, mv, child);
    check_position(child);
}

/// The invariants of a game: its position's, and repetition.
fn check_game(game: &Game) {
    let pos = game.position();
    assert_eq!(game.is_drawn(), game.repetitions() >= 4);
    let legal = game.legal_moves();
    assert_eq!(legal.is_empty(), game.is_over());
    if game.is_drawn() {
        let scores = game.scores();
        for seat in pos.seats_in_game().iter() {
            assert!(scores[seat.index()].is_some());
        }
    }
}

/// Start positions for the `play` target: both rulesets, pieces in reserve (drops
/// and the binding limit from the first move), seats already out.
pub fn starts() -> Vec<Position> {
    let yono = Position::start();
    let shogi = Position::new(Ruleset::Shogi);
    use invariants::{
        out_starts, reserve_starts, with_in_reserve as in_reserve, with_out as without,
    };
    let [silvers, golds] = reserve_starts(&yono);
    let [west_out, west_north_out] = out_starts(&yono);
    vec![
        yono.clone(),
        shogi.clone(),
        silvers,
        golds,
        in_reserve(&yono, |k| {
            matches!(k, PieceKind::Rook | PieceKind::Gold | PieceKind::Lance)
        }),
        west_out,
        west_north_out,
        without(&yono, &[(Seat::East, 0), (Seat::West, 1)]),
        in_reserve(&shogi, |k| {
            matches!(k, PieceKind::Silver | PieceKind::Knight | PieceKind::Pawn)
        }),
    ]
}
