"""The Python API bugs of issue 17, one test each."""

import copy
import pickle
import pytest

import yono
from conftest import runs_without_gil


@pytest.mark.parametrize(
    "member",
    [yono.Seat.WEST, yono.PieceKind.DRAGON, yono.Status.WON, yono.Ruleset.SHOGI],
)
def test_enums_hash_like_the_int_they_equal(member: object) -> None:
    value = int(member)  # type: ignore[call-overload]
    assert member == value and hash(member) == hash(value)
    assert {value: "x"}.get(member) == "x"
    assert {member: "y"}.get(value) == "y"


def test_enum_pickles_stay_members() -> None:
    for member in (yono.Seat.EAST, yono.PieceKind.PROMOTED_PAWN, yono.Status.ONGOING):
        assert pickle.loads(pickle.dumps(member)) is member


def test_square_equals_and_hashes_like_its_index() -> None:
    sq = yono.Square("5e")
    assert sq == 40 and 40 == sq and sq != 41
    assert hash(sq) == hash(40) and {40: 1}[sq] == 1
    assert sq < 41 and sq > yono.Square(39)
    assert sq < 2**70 and sq > -(2**70) and sq != 2**70
    assert sq != "5e" and sq != 40.5 and sq != True  # noqa: E712
    assert sorted([yono.SQ_1I, yono.SQ_9A]) == [yono.SQ_9A, yono.SQ_1I]


def test_square_refuses_bools_and_out_of_range_ints() -> None:
    with pytest.raises(TypeError):
        yono.Square(True)
    for bad in (2**64, -1, 81, -(2**70)):
        with pytest.raises(ValueError, match="not a square index"):
            yono.Square(bad)


def test_out_of_range_ints_name_the_argument() -> None:
    pos = yono.Game()
    cases = [
        (lambda: pos.perft(-1), "depth"),
        (lambda: yono.perft(pos, 2**40), "depth"),
        (lambda: pos.divide(-3), "depth"),
        (lambda: pos.svg(size=-1), "size"),
        (lambda: yono.svg(pos, size=2**33), "size"),
        (lambda: pos.playout(-1), "max_plies"),
        (lambda: pos.playout(10, seed=-1), "seed"),
        (lambda: pos.playout(10, seed=2**64), "seed"),
        (lambda: yono.VectorEnv(2, seed=-5), "seed"),
        (lambda: yono.VectorEnv(-2), "num_envs"),
        (lambda: pos.move(-1), "action"),
    ]
    for call, name in cases:
        with pytest.raises(ValueError, match=name):
            call()
    assert pos.playout(0, seed=2**64 - 1) == 0


def test_game_pickles_and_copies() -> None:
    game = yono.Record()
    for mv in ["5g5f", "7e6e"]:
        game.push(mv)
    game.set_meta("event", "test")
    game.set_comment(1, "first")
    for clone in (pickle.loads(pickle.dumps(game)), copy.copy(game), copy.deepcopy(game)):
        assert clone == game and clone is not game
        assert clone.meta("event") == "test" and clone.comment(1) == "first"
    clone = copy.copy(game)
    clone.push("4c4d")
    assert len(clone) == 3 and len(game) == 2
    shogi = yono.Record(ruleset="shogi")
    shogi.push("7g7f")
    back = pickle.loads(pickle.dumps(shogi))
    assert back == shogi and back.game.ruleset == yono.Ruleset.SHOGI
    # A corrupt state raises instead of making an impossible game.
    cls, args, state = game.__reduce__()
    start, codes, meta, comments = state
    for bad in (
        (start, codes + codes[:2], meta, comments),  # 5g5f again: not West's move
        (start, codes[:3], meta, comments),  # half a move
        (start, codes, [("Bad Key", "x")], comments),
    ):
        with pytest.raises(ValueError):
            cls(*args).__setstate__(bad)


def test_svg_highlight_takes_one_square_or_an_index() -> None:
    pos = yono.Game()
    one = pos.svg(highlight=yono.SQ_5E)
    assert pos.svg(highlight=40) == one == pos.svg(highlight="5e") == pos.svg(highlight=[40])
    assert one != pos.svg()
    with pytest.raises(TypeError):
        pos.svg(highlight=True)


def test_series_takes_the_scores_of_a_finished_shogi_game() -> None:
    pos = yono.Game.shogi()
    pos.playout(100000, seed=1)
    assert pos.is_game_over()
    series = yono.Series()
    series.add(pos.scores())
    assert series.games == 1 and sum(series.totals()) in (0, 1)
    for bad in ([9, 9, 9, 9], [4, 0, 0, 0], [-1, 1, 2, 3], [2, None, 0, None], [3, 2, 1]):
        with pytest.raises(ValueError):
            series.add(bad)
    series.add([0, 0, 0, 0])  # a four-seat repetition draw
    series.add([3, 1, 0, 2])
    assert series.games == 3


def test_legal_moves_contain_move_text() -> None:
    pos = yono.Game()
    assert "5g5f" in pos.legal_moves
    assert "5g5e" not in pos.legal_moves
    assert yono.Move("5g5f") == "5g5f" and "5g5f" == yono.Move("5g5f")
    assert hash(yono.Move("5g5f")) == hash("5g5f")
    assert yono.Move("5g5f") != 3


def test_position_reads_sfen() -> None:
    sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    assert yono.Game(sfen) == yono.Game.from_sfen(sfen) == yono.Game.shogi()
    with pytest.raises(yono.ParseError):
        yono.Game("lnsgkgsnl/9/9/9/9/9/9/9/9 b - 1")


def test_positions_are_unhashable() -> None:
    pos = yono.Game()
    with pytest.raises(TypeError):
        hash(pos)
    with pytest.raises(TypeError):
        {pos}  # noqa: B018
    assert isinstance(pos.hash(), int)


def test_playout_releases_the_gil() -> None:
    assert yono.Game().playout(100000, seed=37) == 7383  # a 7,383-ply game
    assert runs_without_gil(lambda: yono.Game().playout(100000, seed=37))


def test_perft_releases_the_gil() -> None:
    assert runs_without_gil(lambda: yono.Game().perft(3))


def test_the_gil_check_sees_a_call_that_keeps_the_gil() -> None:
    # The control: listing moves keeps the GIL, so the check must say so.
    assert not runs_without_gil(lambda: yono.Game().legal_moves, max_calls=500)
