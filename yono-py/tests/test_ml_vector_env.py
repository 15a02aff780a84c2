"""VectorEnv's learner-facing contract (docs/ML.md): per-seat ends, outputs the caller
cannot corrupt, legal-action lists and choices, engine opponents, game ids."""

from typing import List

import numpy as np
import pytest

import yono

S = yono.Seat.SOUTH.index


def test_an_agents_outcome_arrives_only_in_a_step_where_it_is_terminated() -> None:
    # South alone against random seats, with a cap that cuts many games short: the
    # situation in which South's outcome used to arrive in a truncated step.
    env = yono.VectorEnv(32, seed=1, agents=["s"], max_plies=150)
    outcomes = cut = 0
    for _ in range(2000):
        _, _, rewards, terminated, truncated = env.step()
        seat_term, seat_trunc = env.seat_terminated, env.seat_truncated
        assert env.seat_terminated.shape == env.seat_truncated.shape == (32, 4)
        assert not (seat_term & seat_trunc).any()
        # A reward is only ever paid to a seat the step terminated.
        assert not (rewards != 0)[~seat_term].any()
        # South is the only agent: its end is its game's end.
        assert np.array_equal(seat_term[:, S], terminated)
        assert np.array_equal(seat_trunc[:, S], truncated)
        outcomes += int(terminated.sum())
        cut += int(truncated.sum())
    assert outcomes > 50 and cut > 50


def test_a_game_stops_once_its_agents_are_out_unless_asked_to_play_on() -> None:
    for play_out in (False, True):
        env = yono.VectorEnv(16, seed=2, agents=["s"], play_out=play_out, max_plies=100000)
        stopped = 0
        for _ in range(3000):
            _, _, _, terminated, truncated = env.step()
            assert not truncated.any()
            still_playing = env.seat_truncated.any(axis=1)
            if play_out:
                assert not still_playing.any()
            stopped += int((terminated & still_playing).sum())
        assert play_out or stopped > 5


def all_outputs(env: yono.VectorEnv) -> List[np.ndarray]:
    outs = [
        env.observations, env.masks, env.legal_actions, env.legal_counts, env.rewards,
        env.seat_terminated, env.seat_truncated, env.terminated, env.truncated, env.drawn,
        env.to_play, env.played_actions, env.final_plies, env.game_ids,
    ]
    return [o for o in outs if o is not None]


def test_the_caller_cannot_write_into_the_outputs() -> None:
    env = yono.VectorEnv(4, seed=3, agents=["s"])
    env.step()
    for out in all_outputs(env) + [yono.ACTION_PARTS]:
        assert not out.flags.writeable
        with pytest.raises(ValueError):
            out.flat[0] = 1
        with pytest.raises(ValueError):
            out.flags.writeable = True
    # The masks stay the legal moves however the caller treats its copies.
    masks = env.masks.copy()
    masks[:, 0] = True
    env.step()
    for i in range(4):
        assert np.array_equal(env.masks[i], env.position(i).legal_action_mask())


def test_outputs_are_the_same_objects_every_step() -> None:
    env = yono.VectorEnv(3, seed=4)
    obs, masks, rewards, terminated, truncated = env.step()
    again = env.step()
    assert again[0] is obs and again[1] is masks and again[2] is rewards
    assert again[3] is terminated and again[4] is truncated
    assert obs is env.observations and env.seat_terminated is env.seat_terminated


@pytest.mark.parametrize("ruleset", ["yono", "shogi"])
def test_legal_lists_are_the_legal_actions(ruleset: str) -> None:
    env = yono.VectorEnv(6, ruleset, seed=5, max_plies=300)
    for _ in range(300):
        env.step()
        legal, counts = env.legal_actions, env.legal_counts
        assert legal.dtype == np.int16 and legal.shape == (6, counts.max())
        for i in range(6):
            pos = env.position(i)
            assert legal[i, : counts[i]].tolist() == pos.legal_actions().tolist()
            assert (legal[i, counts[i]:] == -1).all()
            assert np.array_equal(np.flatnonzero(env.masks[i]), np.sort(legal[i, : counts[i]]))


def test_choices_index_the_legal_lists() -> None:
    a = yono.VectorEnv(5, seed=6, agents=["s"])
    b = yono.VectorEnv(5, seed=6, agents=["s"])
    rng = np.random.default_rng(0)
    for _ in range(200):
        choices = rng.integers(a.legal_counts)
        actions = b.legal_actions[np.arange(5), choices].astype(np.int64)
        a.step(choices=choices)
        b.step(actions)
        assert np.array_equal(a.played_actions, actions)
        assert np.array_equal(a.observations, b.observations)
        assert np.array_equal(a.rewards, b.rewards)
    bad = np.zeros(5, np.int64)
    bad[3] = a.legal_counts[3]
    before = a.position(3)
    with pytest.raises(ValueError, match="game 3"):
        a.step(choices=bad)
    assert a.position(3) == before
    with pytest.raises(ValueError, match="at most one"):
        a.step(bad, choices=bad)
    with pytest.raises(TypeError):
        a.step(choices=bad.astype(np.float32))


def test_masks_are_optional() -> None:
    env = yono.VectorEnv(3, seed=7, masks=False)
    obs, masks, _, _, _ = env.step()
    assert masks is None and env.masks is None
    assert env.reset()[1] is None
    assert (env.legal_counts > 0).all()


def test_engine_opponents_play_the_engines_moves() -> None:
    env = yono.VectorEnv(3, seed=8, agents=["s"], opponent="engine", engine_nodes=40)
    for _ in range(5):
        env.step()
        assert (env.to_play == S).all()
    engine = yono.Engine(hash_mb=1)
    for i in range(3):
        game = env.position(i)
        replay = yono.Game()
        for mv in game.move_stack:
            if replay.turn != yono.Seat.SOUTH:
                assert engine.best_move(replay, nodes=40) == mv
            replay.push(mv)
    # The agents' own moves from the engine, reported in played_actions.
    before = [env.position(i) for i in range(3)]
    env.step(engine=40)
    for i, pos in enumerate(before):
        assert env.played_actions[i] == pos.action(engine.best_move(pos, nodes=40))
    with pytest.raises(ValueError):
        yono.VectorEnv(2, opponent="minimax")
    with pytest.raises(ValueError):
        env.step(engine=0)


def test_engine_steps_release_the_gil() -> None:
    from conftest import runs_without_gil

    env = yono.VectorEnv(4, seed=9, agents=["s"], opponent="engine", engine_nodes=30, threads=2)
    assert runs_without_gil(env.step)


def test_game_ids_and_final_plies() -> None:
    env = yono.VectorEnv(4, seed=10, max_plies=20)
    assert env.game_ids.tolist() == [0, 1, 2, 3]
    seen = set(env.game_ids.tolist())
    for step in range(1, 61):
        ids = env.game_ids.copy()
        env.step()
        ended = env.terminated | env.truncated
        assert np.array_equal(env.final_plies > 0, ended)
        for i in np.flatnonzero(ended):
            assert env.game_ids[i] == ids[i] + 4 and env.game_ids[i] not in seen
            seen.add(int(env.game_ids[i]))
        assert np.array_equal(env.game_ids[~ended], ids[~ended])
    assert len(seen) > 8


def test_default_ply_cap_is_shared() -> None:
    assert yono.VectorEnv(1).max_plies == yono.DEFAULT_MAX_PLIES
