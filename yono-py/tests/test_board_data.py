"""What the core added for GUIs and for standard Shogi, from Python: the board snapshot,
the pieces removed with a fallen seat, the check flag of a move, a piece's promoted
form, and the perpetual-check result (status, reason, and the words every picture
uses)."""

import json

import pytest
from conftest import VECTORS

import yono

PERPETUAL = next(g for g in json.loads((VECTORS / "games.json").read_text()) if g["name"] == "shogi perpetual check")
SHOGI_CYCLE = ["2h3h", "8b7b", "3h2h", "7b8b"]


def played(start, moves):
    game = yono.Game(start) if start else yono.Game.shogi()
    for m in moves:
        game.push(m)
    return game


def test_the_board_snapshot_has_what_a_gui_draws():
    game = yono.Game()
    game.push("5g5f")
    snap = game.board_snapshot()
    assert isinstance(snap, yono.Snapshot)
    assert len(snap.squares) == 81 and sum(p is not None for p in snap.squares) == 48
    king = snap.piece_at("5i")
    assert king is not None and king == snap.squares[yono.SQ_5I.index]
    assert (king.seat, king.kind, king.promoted, king.facing) == (yono.Seat.SOUTH, yono.PieceKind.KING, False, yono.Seat.NORTH)
    assert king.piece == game.piece_at("5i") and king.angle() == 0 and king.angle("n") == 180
    west = snap.piece_at("9e")
    assert west is not None and west.facing == yono.Seat.EAST and west.angle() == 90 and west.angle(yono.Seat.WEST) == 0
    assert {sq: v.piece for sq, v in snap.pieces().items()} == game.pieces()
    assert snap.reserves == [{}, {}, {}, {}] and snap.seats == yono.SEATS
    assert snap.to_move == yono.Seat.WEST and snap.move_number == 2
    assert snap.status == yono.Status.ONGOING and snap.winner is None and snap.end_reason is None
    assert snap.checks == {s: [] for s in yono.SEATS} and snap.scores == [None] * 4
    assert snap.ruleset == yono.Ruleset.YONO
    # A copy: later moves do not change it.
    game.push("7e6e")
    assert snap.move_number == 2 and game.board_snapshot().move_number == 3


def test_a_snapshot_shows_promotion_reserves_checks_and_the_end():
    shogi = played(None, ["7g7f", "3c3d", "8h2b+"])
    snap = shogi.board_snapshot()
    horse = snap.piece_at("2b")
    assert horse is not None and horse.promoted and horse.kind == yono.PieceKind.HORSE
    assert snap.reserves[yono.Seat.SOUTH.index] == {yono.PieceKind.BISHOP: 1}
    assert snap.seats == [yono.Seat.SOUTH, yono.Seat.NORTH]
    checked = yono.Game("4k4/9/9/9/9/9/9/9/4K4 b R 1")
    checked.push("R*5e")
    assert checked.board_snapshot().checks == {yono.Seat.SOUTH: [], yono.Seat.NORTH: [yono.Seat.SOUTH]}
    won = yono.Game("9/9/9/9/wK8/9/9/9/9 w -/-/-/- 2w10 40").board_snapshot()
    assert won.to_move is None and won.winner == yono.Seat.WEST and won.status == yono.Status.WON
    assert won.end_reason == yono.EndReason.LAST_SEAT_STANDING and won.scores == [2, 3, 1, 0]


def test_a_move_effect_says_whether_it_gives_check():
    game = yono.Game("4k4/9/9/9/9/9/9/9/4K4 b R 1")
    effect = game.preview("R*5e")
    assert effect.gives_check and effect.checked == [yono.Seat.NORTH]
    quiet = game.preview("R*1e")
    assert not quiet.gives_check and quiet.checked == []
    assert game.push_described("R*5e").gives_check and game.ply() == 1


def test_a_move_effect_lists_the_pieces_removed_with_a_fallen_seat():
    # South's Gold on 5a steps back and uncovers West's Rook on 9a, next to move: it
    # threatens North's King on 1a, so North falls with its King, its Pawn on 1c and
    # the Pawn in its reserve (the core's example).
    game = yono.Game("wR3sG3nK/9/8nP/9/wK8/9/9/9/4sK3eK s -/-/P/- swne 1")
    effect = game.preview("5a5b")
    assert effect.fallen == [(yono.Seat.NORTH, 0)]
    (removal,) = effect.removed
    assert isinstance(removal, yono.Removal)
    assert removal.seat == yono.Seat.NORTH and removal.score == 0
    assert removal.pieces == [(yono.SQ_1A, yono.Piece("n", "K")), (yono.SQ_1C, yono.Piece("n", "P"))]
    assert removal.reserve == {yono.PieceKind.PAWN: 1}
    assert game.push_described("5a5b").removed[0].pieces == removal.pieces
    assert yono.Game().preview("5g5f").removed == []


def test_a_piece_has_its_promoted_and_unpromoted_forms():
    pawn = yono.Piece("w", "P")
    assert pawn.promoted() == yono.Piece("w", "+P") and pawn.promoted().unpromoted() == pawn
    assert yono.Piece("s", "K").promoted() is None and yono.Piece("n", "G").promoted() is None
    assert yono.Piece("e", "+R").promoted() is None and yono.Piece("e", "+R").unpromoted() == yono.Piece("e", "R")
    assert [k.can_promote for k in yono.HAND_KINDS] == [True, True, False, True, True, True, True]
    assert not yono.PieceKind.KING.can_promote and not yono.PieceKind.DRAGON.can_promote


def test_perpetual_check_loses_in_shogi():
    game = played(PERPETUAL["start"], PERPETUAL["moves"])
    assert game.status() == yono.Status.WON and game.winner() == yono.Seat.NORTH
    assert game.end_reason == yono.EndReason.PERPETUAL_CHECK and game.perpetual_checker == yono.Seat.SOUTH
    assert game.scores() == [0, None, 1, None] and game.is_game_over() and game.legal_moves == []
    assert str(game).endswith("North has won by perpetual check") and "to move" not in str(game).splitlines()[-1]
    assert "perpetual check" in game.svg() and "to move" not in game.svg()
    snap = game.board_snapshot()
    assert snap.end_reason == yono.EndReason.PERPETUAL_CHECK and snap.to_move is None
    record = yono.Record(game)
    assert repr(record) == f"<yono.Record {len(PERPETUAL['moves'])} moves, won by North>"
    assert yono.Record.load(record.save()).game == game
    # Taking the last move back reopens the game.
    game.pop()
    assert game.status() == yono.Status.ONGOING and game.end_reason is None and game.perpetual_checker is None


def test_a_repetition_without_checks_stays_a_draw_and_every_picture_says_drawn():
    game = played(None, SHOGI_CYCLE * 3)
    assert game.status() == yono.Status.DRAWN_BY_REPETITION and game.end_reason == yono.EndReason.REPETITION
    assert game.perpetual_checker is None and game.winner() is None
    assert str(game).endswith("drawn by repetition")
    svg = game.svg()
    assert "drawn by repetition" in svg and "to move" not in svg
    assert "drawn" in game._repr_svg_() and "drawn" in yono.Record(game)._repr_svg_()
    assert repr(yono.Record(game)) == "<yono.Record 12 moves, drawn by repetition>"
    assert game.board_snapshot().status == yono.Status.DRAWN_BY_REPETITION


@pytest.mark.parametrize("ruleset", ["yono", "shogi"])
def test_the_diagram_never_says_to_move_once_the_game_is_over(ruleset):
    for seed in range(6):
        game = yono.Game(ruleset=ruleset)
        game.playout(3000, seed=seed)
        last = str(game).splitlines()[-1]
        assert ("to move" in last) == (not game.is_game_over()), last
