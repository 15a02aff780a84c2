"""pickle, copy and deepcopy round trips (positions cross process boundaries)."""

import copy
import multiprocessing
import pickle

import pytest

import yono

MOVES = ["5g5f", "7e6e", "5c5d", "3e4e", "5f5e", "6e5e"]


def _played():
    pos = yono.Game()
    for mv in MOVES:
        pos.push(mv)
    return pos


def test_played_moves_are_legal_and_capture():
    pos = _played()
    assert pos.move_number == len(MOVES) + 1
    # West's Pawn took South's on 5e: West holds a Pawn.
    assert pos.reserve("w") == {yono.PieceKind.PAWN: 1}


@pytest.mark.parametrize("protocol", range(2, pickle.HIGHEST_PROTOCOL + 1))
def test_position_pickle_keeps_history(protocol):
    pos = _played()
    clone = pickle.loads(pickle.dumps(pos, protocol=protocol))
    assert clone == pos and clone is not pos
    assert clone.text() == pos.text()
    assert clone.move_stack == pos.move_stack
    assert clone.root() == pos.root()
    assert clone.hash() == pos.hash()
    # The history is real: pop works on the clone.
    assert clone.pop() == yono.Move(MOVES[-1])
    assert clone != pos


def test_pickle_of_a_non_start_root_and_of_shogi():
    root = yono.Game.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1")
    root.push("G*5b")
    clone = pickle.loads(pickle.dumps(root))
    assert clone.root() == yono.Game.from_sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1")
    assert clone.sfen() == root.sfen()
    assert clone.move_stack == [yono.Move("G*5b")]


def test_pickle_of_a_drawn_game_keeps_the_draw():
    pos = yono.Game.shogi()
    for _ in range(3):
        for mv in ["2h3h", "8b7b", "3h2h", "7b8b"]:
            pos.push(mv)
    assert pos.status() == yono.Status.DRAWN_BY_REPETITION
    clone = pickle.loads(pickle.dumps(pos))
    assert clone.status() == yono.Status.DRAWN_BY_REPETITION
    assert clone.scores() == pos.scores()


def test_copy_and_deepcopy_are_independent():
    pos = _played()
    for clone in (copy.copy(pos), copy.deepcopy(pos), pos.copy()):
        assert clone == pos and clone.move_stack == pos.move_stack
        clone.pop()
        assert clone != pos
        assert len(pos.move_stack) == len(MOVES)
    nested = copy.deepcopy({"a": [pos, pos]})
    assert nested["a"][0] == pos
    shallow = pos.copy(stack=False)
    assert shallow == pos and shallow.move_stack == [] and shallow.root() == pos


@pytest.mark.parametrize(
    "value",
    [
        yono.Seat.NORTH,
        yono.PieceKind.PROMOTED_LANCE,
        yono.Ruleset.SHOGI,
        yono.Status.DRAWN_BY_REPETITION,
        yono.SQ_5E,
        yono.Piece.from_symbol("e+B"),
        yono.Move("8h2b+"),
        yono.Move("P*5e"),
        yono.Move.PASS,
    ],
)
def test_small_values_pickle_and_copy(value):
    for clone in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert clone == value
        assert type(clone) is type(value)
        assert hash(clone) == hash(value)
        assert str(clone) == str(value)


def test_unpickling_a_corrupt_history_raises():
    pos = yono.Game()
    func, args, state = pos.__reduce__()
    with pytest.raises(yono.IllegalMoveError):
        func(*args).__setstate__(["5g5f", "5g5f"])


def _work(pos):
    """Runs in a worker process: play one legal move and report."""
    first = sorted(pos.legal_moves, key=str)[0]
    pos.push(first)
    return pos, pos.perft(2)


def test_positions_through_a_process_pool():
    positions = [yono.Game(), yono.Game.shogi(), _played()]
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(2) as pool:
        results = pool.map(_work, positions)
    for original, (pos, count) in zip(positions, results):
        assert pos.root() == original.root()
        assert pos.move_stack[:-1] == original.move_stack
        expected = original.copy()
        expected.push(pos.peek())
        assert pos == expected
        assert count == expected.perft(2)
