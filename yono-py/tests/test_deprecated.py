"""Old names and old uses keep working for one release, each with a DeprecationWarning
that names its replacement (docs/ARCHITECTURE.md, "One name per concept").

``yono.Position`` is the old name of ``yono.Game``; the old record class ``yono.Game``
is ``yono.Record`` now, and what old record code did with ``yono.Game`` (``Game(game)``,
metadata, comments, ``save``, ``Game.load``, ``==``) still works on the new ``Game``.
"""

import copy
import pickle
import warnings

import pytest

import yono

# Pickles made by the release before the rename (yono 0.1.0): a Shogi `Position` after
# 7g7f 3c3d 8h2b+, and the old record class `Game` of it with metadata and a comment.
OLD_POSITION_PICKLE = b"\x80\x02cyono\nPosition\nq\x00Xr\x00\x00\x00nLnNnSnGnKnGnSnNnL/1nR5nB1/nPnPnPnPnPnPnPnPnP/9/9/9/sPsPsPsPsPsPsPsPsP/1sB5sR1/sLsNsSsGsKsGsSsNsL s -/-/-/- s-n- 1q\x01\x85q\x02Rq\x03c_codecs\nencode\nq\x04X\x08\x00\x00\x00\xc2\xb8\x17\xc2\x98\x10@Hq\x05X\x06\x00\x00\x00latin1q\x06\x86q\x07Rq\x08b."
OLD_RECORD_PICKLE = b"\x80\x02cyono\nGame\nq\x00)Rq\x01(Xr\x00\x00\x00nLnNnSnGnKnGnSnNnL/1nR5nB1/nPnPnPnPnPnPnPnPnP/9/9/9/sPsPsPsPsPsPsPsPsP/1sB5sR1/sLsNsSsGsKsGsSsNsL s -/-/-/- s-n- 1q\x02c_codecs\nencode\nq\x03X\x08\x00\x00\x00\xc2\xb8\x17\xc2\x98\x10@Hq\x04X\x06\x00\x00\x00latin1q\x05\x86q\x06Rq\x07]q\x08X\x05\x00\x00\x00eventq\tX\x03\x00\x00\x00oldq\n\x86q\x0ba]q\x0c(NNX\x0c\x00\x00\x00bishop takesq\retq\x0eb."
OLD_MOVES = ["7g7f", "3c3d", "8h2b+"]


def test_position_is_the_deprecated_name_of_game():
    with pytest.warns(DeprecationWarning, match="yono.Game"):
        cls = yono.Position
    assert cls is yono.Game
    with pytest.warns(DeprecationWarning):
        from yono import Position
    pos = Position()
    assert isinstance(pos, yono.Game) and pos == yono.Game()
    assert "Position" not in yono.__all__ and "Game" in yono.__all__ and "Record" in yono.__all__
    with pytest.raises(AttributeError):
        yono.NoSuchName  # type: ignore[attr-defined]


def test_snapshot_is_deprecated_for_copy():
    game = yono.Game()
    game.push("5g5f")
    with pytest.warns(DeprecationWarning, match="copy"):
        clone = game.snapshot()
    assert clone == game and clone.move_stack == game.move_stack and clone is not game
    clone.pop()
    assert game.ply() == 1


def test_push_usi_is_deprecated_for_push():
    game = yono.Game()
    with pytest.warns(DeprecationWarning, match="push"):
        mv = game.push_usi("5g5f")
    assert mv == yono.Move("5g5f") and game.peek() == mv
    game.push("7e6e")  # push takes text itself, without a warning
    assert game.ply() == 2


def test_old_record_code_on_game_keeps_working():
    pos = yono.Game()
    pos.push("5g5f")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Game(game) is a copy, not a deprecated use
        game = yono.Game(pos)
    assert game == pos and game.move_stack == pos.move_stack and game is not pos
    with pytest.warns(DeprecationWarning, match="Record"):
        game.set_meta("event", "old code")
    with pytest.warns(DeprecationWarning, match="Record"):
        game.push("7e6e", comment="West answers")
    with pytest.warns(DeprecationWarning):
        game.set_comment(1, "centre")
    with pytest.warns(DeprecationWarning):
        text = game.save()
    assert "event: old code" in text and "1 s 5g5f ; centre" in text and "; West answers" in text
    with pytest.warns(DeprecationWarning, match="Record.load"):
        back = yono.Game.load(text)
    assert back == game
    with pytest.warns(DeprecationWarning):
        assert back.metadata == {"event": "old code"} and back.meta("event") == "old code"
    with pytest.warns(DeprecationWarning):
        assert back.comments == ["centre", "West answers"] and back.comment(2) == "West answers"
    with pytest.warns(DeprecationWarning):
        assert back.moves == back.move_stack
    with pytest.warns(DeprecationWarning):
        assert back.position == back and back.position is not back
    with pytest.warns(DeprecationWarning):
        assert back.start == yono.Game() == back.root()
    with pytest.warns(DeprecationWarning):
        assert len(back) == 2 == back.ply()
    assert bool(yono.Game())  # a Game is true, though it has a (deprecated) length
    with pytest.warns(DeprecationWarning):
        assert back.remove_meta("event") == "old code"
    with pytest.warns(DeprecationWarning):
        game2 = yono.Game(position=back)
    assert game2 == back
    # The notes follow the game: a pop takes the move's comment with it.
    back.pop()
    back.push("7e6e")
    with pytest.warns(DeprecationWarning):
        assert back.comments == ["centre", None]
    # ... and copies and pickles keep them.
    for clone in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game)), game.copy()):
        with pytest.warns(DeprecationWarning):
            assert clone.save() == text


def test_a_refused_comment_or_move_changes_nothing():
    game = yono.Game()
    with pytest.warns(DeprecationWarning):
        with pytest.raises(yono.RecordError):
            game.push("5g5f", comment="two\nlines")
    with pytest.warns(DeprecationWarning):
        with pytest.raises(yono.IllegalMoveError):
            game.push("5g5e", comment="fine")
    assert game.ply() == 0 and game == yono.Game()
    # push takes `comment` by keyword only: a second positional argument is refused.
    with pytest.raises(TypeError):
        game.push("5g5f", "a comment")  # type: ignore[call-overload]


def test_record_is_the_old_record_class():
    game = yono.Game()
    game.push("5g5f")
    rec = yono.Record(game)
    rec.push("7e6e", "West answers")
    assert rec.game.move_stack == [yono.Move("5g5f"), yono.Move("7e6e")]
    with pytest.warns(DeprecationWarning, match="Record.game"):
        assert rec.position == rec.game
    assert yono.Record.load(rec.save()) == rec
    assert repr(rec) == "<yono.Record 2 moves, ongoing>"


def test_pickles_of_the_release_before_load():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # they name yono.Position
        pos = pickle.loads(OLD_POSITION_PICKLE)
        rec = pickle.loads(OLD_RECORD_PICKLE)
    assert isinstance(pos, yono.Game) and isinstance(rec, yono.Game)
    assert [m.usi() for m in pos.move_stack] == OLD_MOVES == [m.usi() for m in rec.move_stack]
    assert pos.ruleset == yono.Ruleset.SHOGI and pos == rec
    with pytest.warns(DeprecationWarning):
        assert rec.meta("event") == "old" and rec.comment(3) == "bishop takes"
    assert yono.Record(rec).comments == [None, None, "bishop takes"]
