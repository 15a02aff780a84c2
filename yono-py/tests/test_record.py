"""Game records from Python: yono.Record, Record.load / Record.save, RecordError."""

import json

import pytest

import yono


def finished_game(seed):
    pos = yono.Game()
    pos.playout(max_plies=5000, seed=seed)
    return pos


def test_round_trip_of_complete_games():
    for seed in range(8):
        pos = finished_game(seed)
        game = yono.Record(pos)
        game.set_meta("event", "Python test")
        game.set_meta("south", "Alice")
        if len(game):
            game.set_comment(1, "first move")
        assert game.moves == pos.move_stack
        assert game.game == pos
        assert game.scores() == pos.scores()
        for fmt in ("text", "json"):
            saved = game.save(fmt)
            back = yono.Record.load(saved)
            assert back == game
            assert back.save(fmt) == saved
            assert back.metadata == {"event": "Python test", "south": "Alice"}
        assert json.loads(game.save("json"))["format"] == "yono-record 1"


def test_building_a_game_by_hand():
    game = yono.Record()
    game.push("5g5f", comment="centre")
    game.push(yono.Move("7e6e"))
    assert game.comments == ["centre", None]
    assert game.comment(1) == "centre"
    assert str(game.pop()) == "7e6e"
    assert len(game) == 1
    assert game.status() == yono.Status.ONGOING
    assert game.winner() is None
    assert game.start == yono.Game()
    assert game.remove_meta("event") is None
    assert "1 s 5g5f ; centre" in game.save()
    with pytest.raises(yono.IllegalMoveError):
        game.push("pass")
    with pytest.raises(ValueError):
        game.save("kif")
    shogi = yono.Record(ruleset="shogi")
    shogi.push("7g7f")
    assert "ruleset: shogi" in shogi.save()
    assert yono.Record.load(shogi.save()) == shogi


def test_a_bad_move_names_its_number():
    game = yono.Record(finished_game(3))
    text = game.save()
    lines = text.splitlines()
    n = min(7, len(game))
    for i, line in enumerate(lines):
        if line.startswith(f"{n} "):
            lines[i] = " ".join(line.split()[:2] + ["9a1i"])
    with pytest.raises(yono.RecordError) as info:
        yono.Record.load("\n".join(lines))
    err = info.value
    assert err.code == "record_bad_move"
    assert err.ply == n
    assert err.line is not None
    assert str(err).startswith(f"move {n} ")
    doc = json.loads(game.save("json"))
    doc["moves"][n - 1] = {"move": "9a1i"}
    with pytest.raises(yono.RecordError) as info:
        yono.Record.load(json.dumps(doc))
    assert info.value.ply == n and info.value.line is None


def test_contradicting_results_and_bad_metadata():
    game = yono.Record(finished_game(5))
    text = game.save()
    with pytest.raises(yono.RecordError) as info:
        yono.Record.load(text.replace("status: won", "status: ongoing # was won"))
    assert info.value.code == "record_result"
    assert info.value.ply is None
    with pytest.raises(yono.RecordError) as info:
        game.set_meta("Bad Key", "x")
    assert info.value.code == "record_bad_key"
    with pytest.raises(yono.RecordError):
        game.set_meta("event", "two\nlines")
    with pytest.raises(yono.RecordError):
        game.set_comment(len(game) + 1, "no such move")
    assert isinstance(info.value, ValueError)
