"""The PettingZoo AEC environment and the Gymnasium single-agent wrapper (yono.env)."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import yono  # noqa: E402
from yono import env as yenv  # noqa: E402


@pytest.mark.parametrize("ruleset", ["yono", "shogi"])
def test_pettingzoo_api_test(ruleset: str) -> None:
    api_test(yenv.env(ruleset=ruleset, max_plies=300), num_cycles=300)


@pytest.mark.parametrize("ruleset", ["yono", "shogi"])
def test_pettingzoo_seed_test(ruleset: str) -> None:
    seed_test(lambda: yenv.env(ruleset=ruleset, max_plies=200), num_cycles=100)


def play_out(e, rng: np.random.Generator):
    """Random legal actions until every agent has left; returns the rewards."""
    totals = {a: 0.0 for a in e.possible_agents}
    order = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            order.append(agent)
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        e.step(int(rng.choice(legal)))
    return totals, order


def test_full_games_reward_the_scores_and_eliminated_seats_leave() -> None:
    rng = np.random.default_rng(0)
    e = yenv.env(max_plies=100000)
    wins = 0
    for seed in range(3):
        e.reset(seed=seed)
        assert e.agents == ["south", "west", "north", "east"]
        pos = e.unwrapped.position
        totals, order = play_out(e, rng)
        assert e.agents == []
        assert len(order) == 4
        if pos.status() == yono.Status.WON:
            wins += 1
            scores = pos.scores()
            for seat, name in yenv.AGENT_NAMES.items():
                assert totals[name] == pytest.approx(yenv.score_reward(scores[seat.index], 3))
            assert sorted(totals.values()) == pytest.approx([-1, -1 / 3, 1 / 3, 1])
    assert wins >= 1


def test_observation_is_the_agents_view_and_only_the_mover_has_a_mask() -> None:
    e = yenv.env()
    e.reset()
    pos = e.unwrapped.position
    for agent, seat in zip(e.possible_agents, yono.SEATS):
        obs = e.observe(agent)
        assert np.array_equal(obs["observation"], pos.observation(seat=seat))
        assert obs["action_mask"].dtype == np.int8
        if agent == "south":
            assert obs["action_mask"].sum() == 12
        else:
            assert not obs["action_mask"].any()


def test_draw_rewards_are_not_losses() -> None:
    # Shuffle two Rooks back and forth in Shogi: the fourth occurrence draws.
    e = yenv.env(ruleset="shogi")
    e.reset()
    pos = e.unwrapped.position
    for mv in ["2h3h", "8b7b", "3h2h", "7b8b"] * 3:
        e.step(pos.action(mv))
    assert pos.status() == yono.Status.DRAWN_BY_REPETITION
    for agent in ["south", "north"]:
        assert e.terminations[agent]
        assert e._cumulative_rewards[agent] == 0.0
        assert e.infos[agent]["drawn"]


def test_truncation() -> None:
    e = yenv.env(max_plies=5)
    e.reset()
    for _ in range(5):
        obs, _, _, _, _ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(e.truncations.values())


def test_illegal_actions_raise() -> None:
    e = yenv.env()
    e.reset()
    with pytest.raises(ValueError, match="not an action"):
        e.step(0 + 1)  # 9a to 9a promoting: no move
    with pytest.raises(yono.IllegalMoveError):
        e.step(e.unwrapped.position.action("9i9h"))  # onto South's own Rook
    assert e.agent_selection == "south" and e.unwrapped.position.ply() == 0


def test_single_agent_env() -> None:
    # (gymnasium's check_env steps with unmasked random actions, which are illegal here.)
    g = yenv.SingleAgentEnv(seat=yono.Seat.NORTH, ruleset="shogi", max_plies=400)
    rng = np.random.default_rng(1)
    ends = 0
    for episode in range(3):
        obs, info = g.reset(seed=episode)
        assert g.position.turn == yono.Seat.NORTH
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, info = g.step(action)
            assert g.observation_space.contains(obs)
            done = terminated or truncated
        assert reward in (-1.0, 0.0, 1.0)
        ends += 1
    assert ends == 3
