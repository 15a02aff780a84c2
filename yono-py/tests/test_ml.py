"""The machine-learning layer: action index, masks, observation planes, rotation,
VectorEnv (docs/ML.md)."""

import random
from typing import Iterator, List, Tuple

import numpy as np
import pytest

import yono

RNG_SEEDS = range(12)


def random_positions(ruleset: str, games: int, every: int = 7) -> Iterator[yono.Game]:
    """Positions along seeded random games (some finished ones too)."""
    for seed in range(games):
        pos = yono.Game(ruleset=ruleset)
        rng = random.Random(seed)
        while True:
            if pos.ply() % every == 0:
                yield pos.copy()
            moves = pos.legal_moves
            if not moves or pos.ply() > 600:
                yield pos.copy()
                break
            pos.push(rng.choice(moves))


@pytest.mark.parametrize("ruleset", ["yono", "shogi"])
def test_mask_is_the_legal_move_set(ruleset: str) -> None:
    checked = 0
    for pos in random_positions(ruleset, 6):
        mask = pos.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (yono.ACTION_SIZE,)
        from_moves = sorted(pos.action(m) for m in pos.legal_moves)
        assert sorted(np.flatnonzero(mask).tolist()) == from_moves
        assert len(set(from_moves)) == len(from_moves)
        assert sorted(pos.legal_actions().tolist()) == from_moves
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("ruleset", ["yono", "shogi"])
def test_action_move_round_trip_for_every_legal_move(ruleset: str) -> None:
    for pos in random_positions(ruleset, 4):
        for mv in pos.legal_moves:
            a = pos.action(mv)
            assert 0 <= a < yono.ACTION_SIZE
            assert pos.move(a) == mv
            check = pos.copy()
            assert check.push_action(a) == mv


def test_actions_are_in_the_movers_frame() -> None:
    pos = yono.Game()
    south_first = pos.action("5g5f")
    pos.push("5g5f")
    # West's matching move, turned a quarter, is the same action.
    assert pos.action("7e6e") == south_first
    assert pos.move(south_first) == yono.Move("7e6e")
    assert yono.Move("5g5f").rotated(1) == yono.Move("7e6e")
    assert pos.action("pass") == yono.ACTION_SIZE - 1


def test_bad_actions_are_refused() -> None:
    pos = yono.Game()
    for bad in (-1, yono.ACTION_SIZE, 2**70, 0):  # 0 is 9a to 9a: no move
        with pytest.raises(ValueError):
            pos.move(bad)
    with pytest.raises(yono.IllegalMoveError):
        pos.push_action(pos.action("9i9h"))  # 9h holds South's own Rook


@pytest.mark.parametrize("ruleset,turns", [("yono", 1), ("yono", 2), ("yono", 3), ("shogi", 2)])
def test_observation_is_invariant_under_quarter_turns(ruleset: str, turns: int) -> None:
    checked = 0
    for pos in random_positions(ruleset, 4, every=11):
        turned = pos.rotated(turns)
        assert np.array_equal(turned.observation(), pos.copy(stack=False).observation())
        for seat in pos.ruleset.seats:
            assert np.array_equal(
                turned.observation(seat=seat.rotated(turns)),
                pos.copy(stack=False).observation(seat=seat),
            )
        assert sorted(turned.legal_actions().tolist()) == sorted(pos.legal_actions().tolist())
        checked += 1
    assert checked > 10


def test_rotation_helpers() -> None:
    assert yono.Square("9i").rotated(1) == yono.Square("9a")
    assert all(sq.rotated(4) == sq and sq.rotated(1).rotated(-1) == sq for sq in yono.SQUARES)
    assert yono.Seat.SOUTH.rotated(1) == yono.Seat.WEST
    assert yono.Seat.EAST.rotated() == yono.Seat.SOUTH
    pos = yono.Game()
    pos.push("5g5f")
    turned = pos.rotated()
    assert turned.turn == yono.Seat.NORTH
    assert turned.rotated(3) == pos
    with pytest.raises(ValueError):
        yono.Game.shogi().rotated(1)


def test_observation_layout() -> None:
    pos = yono.Game()
    pos.playout(80, seed=5)
    obs = pos.observation()
    assert obs.shape == yono.OBSERVATION_SHAPE == (96, 9, 9) and obs.dtype == np.uint8
    turn = pos.turn
    turns = (4 - turn.index) % 4
    kinds = [yono.PieceKind.from_symbol(s) for s in "K R B G S N L P +R +B +S +N +L +P".split()]
    for r in range(4):
        seat = turn.rotated(r)
        for k, kind in enumerate(kinds):
            plane = obs[r * 14 + k]
            expected = np.zeros((9, 9), np.uint8)
            for sq, piece in pos.pieces().items():
                if piece.seat == seat and piece.kind == kind:
                    i = sq.rotated(turns).index
                    expected[i // 9, i % 9] = 1
            assert np.array_equal(plane, expected), (r, kind)
        reserve = pos.reserve(seat)
        for h, kind in enumerate(yono.HAND_KINDS):
            assert (obs[56 + r * 7 + h] == reserve.get(kind, 0)).all()
        assert (obs[84 + r] == (seat in pos.seats)).all()
    assert (obs[92] == pos.repetitions()).all()
    assert (obs[93].astype(int) + 256 * obs[94].astype(int) == pos.move_number).all()
    assert (obs[95] == 0).all()
    assert (yono.Game.shogi().observation()[95] == 1).all()


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint8])
def test_masks_are_written_into_bool_int8_and_uint8_arrays(dtype: type) -> None:
    pos = yono.Game()
    out = np.full(yono.ACTION_SIZE, 7, dtype)
    assert pos.legal_action_mask(out=out) is out
    assert sorted(np.flatnonzero(out).tolist()) == sorted(pos.legal_actions().tolist())
    assert set(np.unique(out).tolist()) == {0, 1}


def test_a_mask_of_another_dtype_is_a_type_error_naming_it() -> None:
    pos = yono.Game()
    for dtype in (np.float32, np.int64):
        with pytest.raises(TypeError, match=np.dtype(dtype).name):
            pos.legal_action_mask(out=np.zeros(yono.ACTION_SIZE, dtype))
    with pytest.raises(TypeError, match="list"):
        pos.legal_action_mask(out=[0] * yono.ACTION_SIZE)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="float32"):
        pos.observation(out=np.zeros(yono.OBSERVATION_SHAPE, np.float32))  # type: ignore[arg-type]


def test_action_parts_factor_every_action() -> None:
    parts = yono.ACTION_PARTS
    assert parts.shape == (yono.ACTION_SIZE, 3) and not parts.flags.writeable
    source, target, promote = parts.T.astype(np.int64)
    board = source < 81
    rebuilt = np.where(
        board,
        (source * 81 + target) * 2 + promote,
        np.where(source < 88, 13122 + (source - 81) * 81 + target, yono.ACTION_SIZE - 1),
    )
    assert np.array_equal(rebuilt, np.arange(yono.ACTION_SIZE))
    assert source.max() == yono.ACTION_SOURCES - 1 and target.max() == yono.ACTION_TARGETS - 1
    pos = yono.Game()  # South to move: its frame is the board
    e5 = yono.Square("5e").index
    assert parts[pos.action("P*5e")].tolist() == [81 + 6, e5, 0]
    assert parts[pos.action("8h2b+")].tolist() == [yono.Square("8h").index, yono.Square("2b").index, 1]
    assert parts[pos.action("pass")].tolist() == [88, 0, 0]


def test_out_arrays_are_written_in_place() -> None:
    pos = yono.Game()
    obs = np.full((96, 9, 9), 7, np.uint8)
    assert pos.observation(out=obs) is obs
    assert np.array_equal(obs, pos.observation())
    batch = np.zeros((2, yono.ACTION_SIZE), np.bool_)
    pos.legal_action_mask(out=batch[1])
    assert batch[1].sum() == 12 and batch[0].sum() == 0
    with pytest.raises(ValueError):
        pos.observation(out=np.zeros((95, 9, 9), np.uint8))
    with pytest.raises(TypeError):
        pos.observation(out=np.zeros((96, 9, 9), np.float32))
    with pytest.raises(ValueError):
        pos.legal_action_mask(out=np.zeros((yono.ACTION_SIZE * 2,), np.bool_)[::2])
    readonly = np.zeros(yono.ACTION_SIZE, np.bool_)
    readonly.flags.writeable = False
    with pytest.raises(ValueError):
        pos.legal_action_mask(out=readonly)


def test_finished_and_drawn_positions_have_empty_masks() -> None:
    pos = yono.Game()
    pos.playout(100000, seed=3)
    assert pos.is_game_over()
    assert not pos.legal_action_mask().any()


# ---- VectorEnv ------------------------------------------------------------------------


def test_vector_env_outputs_match_the_positions() -> None:
    env = yono.VectorEnv(6, seed=11, max_plies=200)
    for _ in range(150):
        obs, mask, rewards, terminated, truncated = env.step()
        assert obs is env.observations and mask is env.masks
        for i in range(len(env)):
            pos = env.position(i)
            assert env.to_play[i] == pos.turn.index
            assert np.array_equal(obs[i], pos.observation())
            assert np.array_equal(mask[i], pos.legal_action_mask())


def test_vector_env_is_deterministic_and_thread_independent() -> None:
    runs = []
    for threads in (1, 2, 3):
        env = yono.VectorEnv(5, "yono", seed=4, threads=threads, max_plies=300)
        trace: List[Tuple[bytes, ...]] = []
        for _ in range(400):
            out = env.step()
            trace.append(tuple(a.tobytes() for a in out))
        runs.append(trace)
    assert runs[0] == runs[1] == runs[2]


def test_vector_env_actions_and_errors() -> None:
    env = yono.VectorEnv(3, seed=1)
    mask = env.masks.copy()
    actions = np.array([int(np.flatnonzero(m)[0]) for m in mask], dtype=np.int64)
    before = [env.position(i) for i in range(3)]
    bad = actions.copy()
    bad[2] = 0
    with pytest.raises(ValueError, match="game 2"):
        env.step(bad)
    assert [env.position(i) for i in range(3)] == before  # nothing was played
    with pytest.raises(ValueError):
        env.step(actions[:2])
    with pytest.raises(TypeError):
        env.step(actions.astype(np.float64))
    env.step(actions.astype(np.int32).tolist())  # any ints will do
    for i in range(3):
        expected = before[i].copy()
        expected.push_action(int(actions[i]))
        assert env.position(i) == expected


def test_vector_env_rewards_add_up_to_zero_in_every_finished_game() -> None:
    # Ties share the mean of their places (docs/ML.md), so the places of a game are
    # always 0 + 1 + 2 + 3 and the rewards sum to zero.
    env = yono.VectorEnv(8, seed=2, max_plies=100000)
    totals = np.zeros((8, 4))
    finished = 0
    for _ in range(20000):
        _, _, rewards, terminated, truncated = env.step()
        totals += rewards
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            assert abs(totals[i].sum()) < 1e-5, totals[i]
            assert env.final_plies[i] > 0
            if not env.drawn[i]:
                assert totals[i].max() == pytest.approx(1.0)  # one winner
            totals[i] = 0
            finished += 1
        if finished >= 3:
            break
    assert finished >= 3


def test_vector_env_truncates_and_resets() -> None:
    env = yono.VectorEnv(4, seed=3, max_plies=10)
    steps = 0
    while not env.truncated.any():
        env.step()
        steps += 1
    assert steps == 10
    for i in np.flatnonzero(env.truncated):
        assert env.position(i).ply() == 0


def test_vector_env_agents_play_against_random_opponents() -> None:
    env = yono.VectorEnv(4, "shogi", seed=9, agents=[yono.Seat.NORTH])
    for _ in range(50):
        assert (env.to_play == yono.Seat.NORTH.index).all()
        env.step()
    with pytest.raises(ValueError):
        yono.VectorEnv(2, "shogi", agents=["w"])
    with pytest.raises(ValueError):
        yono.VectorEnv(0)


def test_vector_env_shogi_draws_and_wins() -> None:
    env = yono.VectorEnv(16, "shogi", seed=5, max_plies=400)
    seen = set()
    for _ in range(3000):
        _, _, rewards, terminated, _ = env.step()
        for i in np.flatnonzero(terminated):
            seen.add(tuple(rewards[i].tolist()))
    # South and North only; a win is +1/-1 and a draw 0/0.
    assert seen <= {(1.0, 0.0, -1.0, 0.0), (-1.0, 0.0, 1.0, 0.0), (0.0, 0.0, 0.0, 0.0)}
    assert seen


def test_vector_env_step_releases_the_gil() -> None:
    from conftest import runs_without_gil

    env = yono.VectorEnv(64, seed=5, threads=1)
    assert runs_without_gil(env.step)
