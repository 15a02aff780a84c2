"""The GUI helpers from Python: moves from a square, drops of a kind, promotion status,
preview and push_described, lost seats, redo, snapshots for another thread, and a
loaded record continued and saved with every comment and unknown header kept."""

import random
import threading

import pytest

import yono
from yono import Game, Move, PieceKind, PromotionStatus, Seat, Status

from conftest import VECTORS

MATE_SFEN = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"


def random_positions(count=12, seed=3):
    rng = random.Random(seed)
    for i in range(count):
        pos = Game(ruleset="shogi") if i % 3 == 2 else Game()
        for _ in range(rng.randrange(0, 80)):
            moves = pos.legal_moves
            if not moves:
                break
            pos.push(rng.choice(moves))
        yield pos


def test_moves_from_and_drops_of_partition_the_legal_moves():
    for pos in random_positions():
        legal = pos.legal_moves
        parts = []
        for sq in yono.SQUARES:
            from_sq = pos.moves_from(sq)
            assert all(m.from_square == sq for m in from_sq)
            parts += from_sq
        for kind in yono.HAND_KINDS:
            drops = pos.drops_of(kind)
            assert all(m.drop_kind == kind for m in drops)
            parts += drops
        passes = [m for m in legal if str(m) == "pass"]
        assert sorted(map(str, parts + passes)) == sorted(map(str, legal))


def test_promotion_status_matches_the_move_list():
    for pos in random_positions(count=6):
        legal = {str(m) for m in pos.legal_moves}
        for m in pos.legal_moves:
            if m.from_square is None:
                continue
            f, t = m.from_square, m.to_square
            plain, promo = f"{f}{t}" in legal, f"{f}{t}+" in legal
            want = {
                (True, True): PromotionStatus.OPTIONAL,
                (True, False): PromotionStatus.IMPOSSIBLE,
                (False, True): PromotionStatus.COMPULSORY,
            }[(plain, promo)]
            assert pos.promotion_status(f, t) == want
    pos = Game.from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b - 1")
    assert pos.promotion_status("5c", "5b") == PromotionStatus.OPTIONAL
    assert pos.promotion_status("5c", "5d") is None


def test_preview_and_push_described_agree_with_playing():
    for pos in random_positions(count=8):
        for m in pos.legal_moves[::5]:
            effect = pos.preview(m)
            after = pos.copy()
            played = after.push_described(m)
            assert (effect.move, effect.mover, effect.captured, effect.promotes) == (
                played.move, played.mover, played.captured, played.promotes)
            assert effect.fallen == played.fallen
            assert effect.mover == pos.turn and effect.next_turn == after.turn
            assert effect.status == after.status()
            if m.from_square is not None:
                assert effect.captured == pos.piece_at(m.to_square)
            for seat, score in effect.fallen:
                assert seat in after.lost_seats and seat not in pos.lost_seats
                assert after.scores()[int(seat)] == score
    with pytest.raises(yono.IllegalMoveError):
        Game().preview("5i4g")


def test_shogi_win_turn_is_out_and_lost_seats_agree():
    pos = Game.from_sfen(MATE_SFEN)
    effect = pos.push_described("G*5b")
    assert effect.status == Status.WON and effect.winner == Seat.SOUTH
    assert effect.fallen == [(Seat.NORTH, 0)]
    assert pos.winner() == Seat.SOUTH
    # The checkmated side is the seat to move (it has no move) and stays on the board.
    assert pos.turn == Seat.NORTH
    assert pos.seats == [Seat.SOUTH, Seat.NORTH]
    assert pos.lost_seats == [Seat.NORTH]
    assert pos.scores()[int(Seat.NORTH)] == 0 and pos.scores()[int(Seat.SOUTH)] == 1


def test_redo():
    pos = Game()
    pos.push("5g5f")
    pos.push("7e6e")
    pos.pop()
    pos.pop()
    assert [str(m) for m in pos.redo_stack] == ["7e6e", "5g5f"]
    assert str(pos.redo()) == "5g5f"
    pos.push("7e6e")  # the same move: the line is kept
    assert pos.redo_stack == []
    pos.pop()
    other = next(m for m in pos.legal_moves if str(m) != "7e6e")
    pos.push(other)
    with pytest.raises(IndexError):
        pos.redo()


def test_copies_for_a_gui_thread():
    game = Game()
    lock = threading.Lock()
    frames = []
    done = threading.Event()

    def player():
        rng = random.Random(5)
        for _ in range(60):
            with lock:
                moves = game.legal_moves
                if not moves:
                    break
                game.push(rng.choice(moves))
                frames.append(game.copy())
        done.set()

    t = threading.Thread(target=player)
    t.start()
    t.join()
    assert done.is_set()
    # Each copy is independent of the game that went on.
    plies = [s.ply() for s in frames]
    assert plies == list(range(1, len(frames) + 1))
    assert frames[0].ply() == 1 and game.ply() == len(frames)


def test_a_loaded_record_continued_keeps_comments_and_unknown_headers():
    # The record tests/c/test_gui.c loads too.
    game = yono.Record.load((VECTORS / "club_night.yrec").read_text(encoding="utf-8"))
    assert game.comment(1) == "the centre Pawn"
    assert "x-clock" in game.metadata
    nxt = game.game.legal_moves[0]
    game.push(nxt, "North plays on")
    back = yono.Record.load(game.save())
    assert back.comments == ["the centre Pawn", "West answers", "North plays on"]
    assert back.meta("x-clock") == "10+5" and back.meta("event") == "Club night"


def test_svg_gui_options_and_geometry():
    pos = Game()
    svg = yono.svg(pos, orientation="west", selected="5g", destinations=["5f"],
                   text_as_paths=True, selected_reserve=(Seat.SOUTH, "P"))
    assert svg.count('class="selected"') == 2
    assert '<circle class="destination"' in svg
    assert ">P</text>" not in svg  # letters drawn as paths
    assert '<g class="panel w"><rect x="188" y="752"' in svg  # West at the bottom
    assert pos.svg(orientation=Seat.NORTH) != pos.svg()
    with pytest.raises(TypeError):
        pos.svg(colour="red")
    for bottom in yono.SEATS:
        for sq in yono.SQUARES:
            x, y, w, h = yono.svg_square_rect(sq, bottom)
            assert (w, h) == (60, 60)
            assert yono.svg_hit_test(x + 30, y + 30, bottom) == sq
        x, y, w, h = yono.svg_reserve_rect(Seat.EAST, PieceKind.PAWN, bottom)
        assert yono.svg_hit_test(x + 1, y + 1, bottom) == (Seat.EAST, PieceKind.PAWN)
    assert yono.svg_hit_test(0, 0) is None
    with pytest.raises(ValueError):
        yono.svg_reserve_rect(Seat.SOUTH, PieceKind.KING)
