"""The cross-language test vectors (tests/vectors/*.json), run through Python."""

import json

import pytest

import yono
from conftest import VECTORS

SEAT_LETTERS = "swne"


def _load(name):
    path = VECTORS / f"{name}.json"
    if not path.exists():  # fail at collection time with a clear message
        raise FileNotFoundError(f"test vectors missing: {path}")
    with path.open(encoding="utf-8") as f:
        data = json.load(f)
    assert data, f"{path} is empty"
    return data


POSITIONS = _load("positions")
GAMES = _load("games")
BAD_POSITIONS = _load("bad_positions")
BAD_MOVES = _load("bad_moves")


def _ids(vectors, key):
    return [f"{i}-{v[key]}"[:60] for i, v in enumerate(vectors)]


def _threat_letters(pos):
    return {seat.letter: "".join(s.letter for s in by) for seat, by in pos.threats().items()}


@pytest.mark.parametrize("vec", POSITIONS, ids=_ids(POSITIONS, "name"))
def test_position_vector(vec):
    pos = yono.Game(vec["position"])
    # Round trip of the canonical text.
    assert pos.text() == vec["position"]
    legal = sorted(m.usi() for m in pos.legal_moves)
    assert legal == vec["legal_moves"]
    assert sorted(str(yono.Move.from_code(c)) for c in pos.legal_move_codes()) == vec["legal_moves"]
    assert pos.legal_move_count() == len(vec["legal_moves"])
    for text in vec["legal_moves"]:
        assert pos.is_legal(text)
    assert str(pos.status()) == vec["status"]
    winner = pos.winner()
    assert (winner.letter if winner is not None else None) == vec["winner"]
    assert pos.is_game_over() == (vec["status"] != "ongoing")
    assert _threat_letters(pos) == vec["threats"]
    for depth, expected in enumerate(vec["perft"], start=1):
        assert pos.perft(depth) == expected, f"perft({depth})"
    # divide adds up to perft and lists exactly the legal moves.
    if vec["perft"]:
        split = pos.divide(1)
        assert sorted(m.usi() for m in split) == vec["legal_moves"]
        assert sum(split.values()) == vec["perft"][0]


@pytest.mark.parametrize("vec", GAMES, ids=_ids(GAMES, "name"))
def test_game_vector(vec):
    pos = yono.Game(vec["start"])
    for i, text in enumerate(vec["moves"]):
        assert pos.is_legal(text), f"ply {i}: {text} should be legal"
        pos.push(text)
    assert pos.text() == vec["final"]
    assert str(pos.status()) == vec["status"]
    winner = pos.winner()
    assert (winner.letter if winner is not None else None) == vec["winner"]
    expected_scores = vec["scores"]
    assert pos.scores() == expected_scores
    reason = pos.end_reason
    assert (str(reason) if reason is not None else None) == vec["end_reason"]
    assert [m.usi() for m in pos.move_stack] == vec["moves"]
    assert pos.ply() == len(vec["moves"])
    if vec["status"] != "ongoing":
        assert pos.is_game_over()
        assert pos.legal_moves == []
    # Popping everything returns to the start, move by move.
    for text in reversed(vec["moves"]):
        assert pos.pop().usi() == text
    assert pos.text() == vec["start"]
    assert pos == yono.Game(vec["start"])
    with pytest.raises(IndexError):
        pos.pop()


@pytest.mark.parametrize("vec", BAD_POSITIONS, ids=_ids(BAD_POSITIONS, "error"))
def test_bad_position_vector(vec):
    parse = yono.Game.from_sfen if vec.get("format") == "sfen" else yono.Game.from_text
    with pytest.raises(yono.ParseError) as info:
        parse(vec["text"])
    err = info.value
    assert isinstance(err, ValueError)
    assert err.code == vec["error"]
    assert str(err), "the message must say what is wrong"
    if vec.get("format") != "sfen":
        # The constructor reports the same error.
        with pytest.raises(yono.ParseError) as info2:
            yono.Game(vec["text"])
        assert info2.value.code == vec["error"]
        assert str(info2.value) == str(err)


@pytest.mark.parametrize("vec", BAD_MOVES, ids=_ids(BAD_MOVES, "error"))
def test_bad_move_vector(vec):
    pos = yono.Game(vec["position"])
    before = pos.text()
    assert not pos.is_legal(vec["move"])
    with pytest.raises(yono.IllegalMoveError) as info:
        pos.push(vec["move"])
    assert info.value.code == vec["error"]
    assert isinstance(info.value, ValueError)
    assert str(info.value)
    if vec["error"] == "malformed_move":
        assert info.value.move is None
    else:
        assert info.value.move == vec["move"]
    # Rejected moves leave the position unchanged.
    assert pos.text() == before
    assert pos.move_stack == []
    with pytest.raises(yono.IllegalMoveError) as info2:
        pos.check_move(vec["move"])
    assert info2.value.code == vec["error"]
    with pytest.raises(yono.IllegalMoveError) as info3:
        pos.push(vec["move"])
    assert info3.value.code == vec["error"]
    assert pos.text() == before


def test_vector_files_cover_every_kind():
    """Guards against a vector file silently shrinking."""
    assert len(POSITIONS) >= 10
    assert any(v["status"] == "won" for v in GAMES)
    assert any(v["status"] == "drawn_by_repetition" for v in GAMES)
    assert {v["error"] for v in BAD_MOVES} >= {"malformed_move", "king_threatened", "game_over"}
