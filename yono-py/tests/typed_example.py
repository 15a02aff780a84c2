"""An example script using the API with full type annotations; checked by
``mypy --strict`` (see test.sh) and executed by the tests."""

import copy
import pickle
from typing import Dict, List, Optional

import numpy as np
import numpy.typing as npt

import yono


def legal_texts(pos: yono.Position) -> List[str]:
    """The legal moves as sorted texts."""
    return sorted(m.usi() for m in pos.legal_moves)


def count_material(pos: yono.Position, seat: yono.Seat) -> int:
    """Pieces of `seat` on the board plus in its reserve."""
    on_board = sum(1 for piece in pos.pieces().values() if piece.seat == seat)
    held: Dict[yono.PieceKind, int] = pos.reserve(seat)
    return on_board + sum(held.values())


def main() -> None:
    pos = yono.Position()
    assert legal_texts(pos)[0] == "5g5f"
    mv: yono.Move = pos.push_usi("5g5f")
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
    assert isinstance(clone, yono.Position) and clone == copy.deepcopy(pos)
    shogi = yono.Position.shogi()
    assert shogi.perft(2) == 900 and shogi.sfen().endswith("b - 1")
    codes: List[int] = shogi.legal_move_codes()
    assert [yono.Move.from_code(c) for c in codes] == shogi.legal_moves
    try:
        yono.Position("not a position")
    except yono.ParseError as err:
        code: str = err.code
        assert code == "field_count"
    else:
        raise AssertionError("ParseError expected")
    assert pos.turn == yono.Seat.NORTH
    try:
        pos.push_usi("5c5e")
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
    # The machine-learning layer.
    start = yono.Position()
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
