//! The board snapshot and the move effect through C say what the core says, along every
//! game of the cross-language vectors and for every legal move of their positions.

use super::vectors::vectors;
use super::*;
use yono::{Game, MoveEffect, PieceKind, Seat, SeatState, Snapshot};

fn c_snapshot(pos: &Pos) -> yono_board_snapshot {
    let mut snap: yono_board_snapshot = unsafe { std::mem::zeroed() };
    snap.size = std::mem::size_of::<yono_board_snapshot>();
    assert_eq!(
        unsafe { yono_game_board_snapshot(pos.0, &mut snap) },
        YONO_STATUS_OK,
        "{}",
        last_message()
    );
    snap
}

fn bits(seats: impl IntoIterator<Item = Seat>) -> u8 {
    seats.into_iter().fold(0, |b, s| b | 1 << s.index())
}

fn none_or(v: Option<u8>) -> u8 {
    v.unwrap_or(255)
}

fn assert_snapshot(c: &yono_board_snapshot, core: &Snapshot, what: &str) {
    assert_eq!(c.ruleset as usize, core.ruleset.index(), "{what}");
    assert_eq!(c.move_number, core.move_number, "{what}");
    assert_eq!(c.to_move, none_or(core.to_move.map(|s| s.index() as u8)), "{what}: to move");
    assert_eq!(c.status as usize, core.status.index(), "{what}");
    assert_eq!(c.winner, none_or(core.status.winner().map(|s| s.index() as u8)), "{what}");
    assert_eq!(c.end_reason, none_or(core.end_reason.map(|r| r.index() as u8)), "{what}");
    assert_eq!(
        c.seats,
        bits(Seat::ALL.into_iter().filter(|&s| core.seats[s] != SeatState::Absent)),
        "{what}"
    );
    assert_eq!(c.in_game, bits(core.in_game.iter()), "{what}");
    for seat in Seat::ALL {
        let i = seat.index();
        assert_eq!(c.scores[i], none_or(core.scores[seat]), "{what}: score of {seat}");
        assert_eq!(c.checks[i], bits(core.checks[seat].iter()), "{what}: checks on {seat}");
        for (k, kind) in PieceKind::HAND.into_iter().enumerate() {
            assert_eq!(c.reserves[i][k], core.reserves[seat].count(kind), "{what}: {seat} {kind}");
        }
    }
    for (sq, (v, core)) in c.squares.iter().zip(&core.squares).enumerate() {
        let expected = match core {
            Some(p) => (p.seat.index() as u8, p.kind.index() as u8, p.promoted as u8, p.facing.index() as u8),
            None => (255, 255, 0, 255),
        };
        assert_eq!((v.seat, v.kind, v.promoted, v.facing), expected, "{what}: square {sq}");
    }
}

fn assert_effect(c: &yono_move_effect2, core: &MoveEffect, what: &str) {
    assert_eq!(c.mv, core.mv.to_c(), "{what}");
    assert_eq!(c.mover as usize, core.mover.index(), "{what}");
    assert_eq!(c.gives_check, core.gives_check as u8, "{what}: gives check");
    assert_eq!(c.checked, bits(core.checked.iter()), "{what}: checked");
    assert_eq!(c.fallen_count as usize, core.fallen.len(), "{what}");
    assert_eq!(c.removed_count as usize, core.removed.len(), "{what}: removed");
    let mut pieces = Vec::new();
    for (r, removal) in c.removed[..c.removed_count as usize].iter().zip(&core.removed) {
        assert_eq!((r.seat as usize, r.score), (removal.seat.index(), removal.score), "{what}");
        assert_eq!(r.first_piece as usize, pieces.len(), "{what}");
        assert_eq!(r.piece_count as usize, removal.pieces.len(), "{what}");
        let reserve: Vec<u8> = PieceKind::HAND.into_iter().map(|k| removal.reserve.count(k)).collect();
        assert_eq!(r.reserve.to_vec(), reserve, "{what}");
        pieces.extend(removal.pieces.iter().map(|&(sq, p)| (sq.index() as u8, p.to_c())));
    }
    let got: Vec<(u8, yono_piece)> = c.removed_pieces[..c.removed_piece_count as usize]
        .iter()
        .map(|p| (p.square, p.piece))
        .collect();
    assert_eq!(got, pieces, "{what}: removed pieces");
    assert_eq!(c.next_turn as usize, core.next_turn.index(), "{what}");
    assert_eq!(c.status as usize, core.status.index(), "{what}");
}

fn empty_effect() -> yono_move_effect2 {
    let mut fx: yono_move_effect2 = unsafe { std::mem::zeroed() };
    fx.size = std::mem::size_of::<yono_move_effect2>();
    fx
}

#[test]
fn the_snapshot_and_the_effect_follow_the_vector_games() {
    let (mut plies, mut checks, mut removals) = (0, 0, 0);
    for v in vectors("games.json") {
        let name = v["name"].as_str().unwrap();
        let start = v["start"].as_str().unwrap();
        let pos = Pos::from_text(start).unwrap();
        let mut core = Game::from_text(start).unwrap();
        for (i, mv) in v["moves"].as_array().unwrap().iter().enumerate() {
            let what = format!("{name}: before move {i} {mv}");
            assert_snapshot(&c_snapshot(&pos), &core.snapshot(), &what);
            let text = mv.as_str().unwrap();
            let mut c_move = yono_move::default();
            assert_eq!(unsafe { yono_move_from_text(c(text).as_ptr(), &mut c_move) }, YONO_STATUS_OK);
            let mut preview = empty_effect();
            assert_eq!(unsafe { yono_game_preview_effect(pos.0, c_move, &mut preview) }, YONO_STATUS_OK);
            let mut played = empty_effect();
            assert_eq!(unsafe { yono_game_play_effect(pos.0, c_move, &mut played) }, YONO_STATUS_OK);
            let effect = core.play_described(text.parse().unwrap()).unwrap();
            assert_effect(&preview, &effect, &what);
            assert_effect(&played, &effect, &what);
            plies += 1;
            checks += effect.gives_check as usize;
            removals += effect.removed.len();
        }
        assert_snapshot(&c_snapshot(&pos), &core.snapshot(), &format!("{name}: at the end"));
    }
    // The games exercise what is compared.
    assert!(
        plies > 100 && checks > 0 && removals > 0,
        "{plies} plies, {checks} checks, {removals} removals"
    );
}

#[test]
fn the_effect_of_every_legal_move_of_the_vector_positions() {
    for v in vectors("positions.json") {
        let name = v["name"].as_str().unwrap();
        let text = v["position"].as_str().unwrap();
        let pos = Pos::from_text(text).unwrap();
        let core = Game::from_text(text).unwrap();
        assert_snapshot(&c_snapshot(&pos), &core.snapshot(), name);
        for mv in core.legal_moves() {
            let mut fx = empty_effect();
            assert_eq!(unsafe { yono_game_preview_effect(pos.0, mv.to_c(), &mut fx) }, YONO_STATUS_OK);
            assert_effect(&fx, &core.preview(mv).unwrap(), &format!("{name}: {mv}"));
        }
    }
}
