"""An example script using the API with full type annotations; checked by
``mypy --strict`` (see test.sh) and executed by the tests."""

import copy
import pickle
from typing import Dict, List, Optional

import numpy as np
import numpy.typing as npt

import yono


def legal_texts(pos: yono.Game) -> List[str]:
    """The legal moves as sorted texts."""
    return sorted(m.usi() for m in pos.legal_moves)


def count_material(pos: yono.Game, seat: yono.Seat) -> int:
    """Pieces of `seat` on the board plus in its reserve."""
    on_board = sum(1 for piece in pos.pieces().values() if piece.seat == seat)
    held: Dict[yono.PieceKind, int] = pos.reserve(seat)
    return on_board + sum(held.values())


def main() -> None:
    pos = yono.Game()
    assert legal_texts(pos)[0] == "5g5f"
    pos.push("5g5f")
    mv: yono.Move = pos.peek()
    assert mv.to_square == yono.SQ_5F and mv.from_square is not None
    pos.push(yono.Move.board("7e", yono.SQ_6E))
    threats: Dict[yono.Seat, List[yono.Seat]] = pos.threats()
    assert all(not by for by in threats.values())
    scores: List[Optional[int]] = pos.scores()
    assert scores == [None, None, None, None]
    assert count_material(pos, yono.Seat.SOUTH) == 12
    piece: Optional[yono.Piece] = pos.piece_at("5i")
    assert piece is not None and piece.kind == yono.PieceKind.KING
    status: yono.Status = pos.status()
    assert status == yono.Status.ONGOING and pos.winner() is None
    clone = pickle.loads(pickle.dumps(pos))
    assert isinstance(clone, yono.Game) and clone == copy.deepcopy(pos)
    shogi = yono.Game.shogi()
    assert shogi.perft(2) == 900 and shogi.sfen().endswith("b - 1")
    codes: List[int] = shogi.legal_move_codes()
    assert [yono.Move.from_code(c) for c in codes] == shogi.legal_moves
    try:
        yono.Game("not a position")
    except yono.ParseError as err:
        code: str = err.code
        assert code == "field_count"
    else:
        raise AssertionError("ParseError expected")
    assert pos.turn == yono.Seat.NORTH
    try:
        pos.push("5c5e")
    except yono.IllegalMoveError as err:
        assert err.code == "unreachable_square", err.code
        assert err.move == "5c5e"
    else:
        raise AssertionError("IllegalMoveError expected")
    series = yono.Series()
    series.add([3, 2, 1, 0])
    assert series.total(yono.Seat.SOUTH) == 3
    kinds: List[yono.PieceKind] = yono.HAND_KINDS
    assert str(kinds[0]) == "R"
    # Every int argument takes a numpy int (typing.SupportsIndex in the stubs).
    n = np.int64(2)
    assert shogi.perft(n) == 900 and shogi.divide(np.int32(1))[yono.Move("7g7f")] == 1
    assert yono.Square(np.int64(40)) == yono.SQ_5E == yono.SQUARES[np.int64(40)]
    assert shogi.piece_at(np.int64(76)) == yono.Piece("s", "K")
    assert yono.Seat(n) == yono.Seat.NORTH == yono.Seat.from_index(n) and yono.PieceKind(np.int8(7)) == yono.PieceKind.PAWN
    assert yono.Move.from_code(np.uint16(yono.Move("7g7f").code)) == "7g7f"
    assert yono.Game().playout(max_plies=np.int64(3), seed=np.uint64(1)) == 3
    assert yono.Game().svg(size=np.int64(0)).startswith("<?xml")
    # Every spelling the core reads: a seat by its letter or name, either case.
    assert yono.Game().king("S") == yono.Game().king("south") == yono.SQ_5I
    rec = yono.Record(pos)
    rec.set_comment(np.int64(1), "the centre Pawn")
    assert rec.comment(np.int64(1)) == "the centre Pawn"
    assert yono.Record.load(rec.save()).game == pos
    # What the core gives GUIs: the board as data, a move's check flag and removals.
    snap: yono.Snapshot = pos.board_snapshot()
    view: Optional[yono.PieceView] = snap.piece_at("5i")
    assert view is not None and view.facing == yono.Seat.NORTH and view.angle("s") == 0
    effect: yono.MoveEffect = yono.Game("4k4/9/9/9/9/9/9/9/4K4 b R 1").preview("R*5e")
    removed: List[yono.Removal] = effect.removed
    assert effect.gives_check and effect.checked == [yono.Seat.NORTH] and removed == []
    reason: Optional[yono.EndReason] = pos.end_reason
    assert reason is None and yono.Piece("s", "P").promoted() == yono.Piece("s", "+P")
    # The machine-learning layer.
    start = yono.Game()
    mask = start.legal_action_mask()
    planes = start.observation(out=np.zeros(yono.OBSERVATION_SHAPE, np.uint8))
    assert int(mask.sum()) == 12 and planes.shape == (96, 9, 9)
    first: yono.Move = start.move(int(start.legal_actions()[0]))
    assert start.action(first) < yono.ACTION_SIZE
    buffer = np.zeros(yono.ACTION_SIZE, np.int8)
    small: npt.NDArray[np.int8] = start.legal_action_mask(out=buffer)
    assert int(small.sum()) == 12
    start.copy().push_action(start.legal_actions()[0])  # a numpy int64
    env = yono.VectorEnv(2, "shogi", seed=1, agents=["s"], opponent="random")
    obs, masks, rewards, terminated, truncated = env.step()
    assert obs.shape == (2, 96, 9, 9) and rewards.shape == (2, 4) and masks is not None
    env.step(choices=np.zeros(2, np.int64))
    assert env.seat_terminated.shape == (2, 4) and env.legal_actions.dtype == np.int16


if __name__ == "__main__":
    main()
    print("typed example: ok")
