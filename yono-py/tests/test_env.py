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


def test_gymnasium_ids_are_registered_and_pass_check_env() -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    for env_id, ruleset in (("yono/Yono-v0", yono.Ruleset.YONO), ("yono/Shogi-v0", yono.Ruleset.SHOGI)):
        g = gymnasium.make(env_id, illegal_action="lose")
        assert g.unwrapped.position.ruleset == ruleset
        # check_env samples any action of Discrete(13690): with "lose" an illegal one
        # ends the episode instead of raising.
        check_env(g.unwrapped)
        g.close()


def test_illegal_actions_raise_or_lose_as_asked() -> None:
    g = yenv.SingleAgentEnv()
    obs, _ = g.reset(seed=0)
    with pytest.raises(yono.IllegalMoveError, match="action_mask"):
        g.step(0)
    assert g.position.ply() == 0  # nothing was played
    lose = yenv.SingleAgentEnv(illegal_action="lose")
    lose.reset(seed=0)
    obs, reward, terminated, truncated, info = lose.step(0)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] and not obs["action_mask"].any()
    with pytest.raises(ValueError):
        yenv.SingleAgentEnv(illegal_action="ignore")


def test_step_after_the_end_says_what_to_do() -> None:
    import gymnasium

    g = yenv.SingleAgentEnv(illegal_action="lose")
    g.reset(seed=1)
    g.step(0)
    with pytest.raises(gymnasium.error.ResetNeeded, match="call reset"):
        g.step(0)
    obs, _ = g.reset(seed=1)
    assert obs["action_mask"].sum() == 12


def test_single_agent_env_against_the_engine_and_a_python_policy() -> None:
    rng = np.random.default_rng(2)
    for opponent in ("engine", yenv.random_policy):
        g = yenv.SingleAgentEnv(opponent=opponent, engine_nodes=30, max_plies=200)
        obs, _ = g.reset(seed=3)
        for _ in range(20):
            assert g.position.turn == yono.Seat.SOUTH
            obs, reward, terminated, truncated, _ = g.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if terminated or truncated:
                obs, _ = g.reset()
        assert obs["observation"].shape == (96, 9, 9)


def test_the_agents_outcome_is_terminated_never_truncated_only() -> None:
    # South against random players, cap short enough to cut many games off: South's
    # reward always arrives in a terminated step; truncated steps pay nothing.
    g = yenv.SingleAgentEnv(max_plies=120)
    rng = np.random.default_rng(4)
    obs, _ = g.reset(seed=5)
    outcomes = cut = 0
    for _ in range(3000):
        obs, reward, terminated, truncated, _ = g.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert not (terminated and truncated)
        if truncated:
            assert reward == 0.0
            cut += 1
        if terminated:
            outcomes += 1
        if terminated or truncated:
            obs, _ = g.reset()
    assert outcomes > 3 and cut > 3


def test_one_default_ply_cap_everywhere() -> None:
    assert yenv.YonoEnv().max_plies == yono.DEFAULT_MAX_PLIES
    assert yenv.SingleAgentEnv()._vec.max_plies == yono.DEFAULT_MAX_PLIES
    assert yono.VectorEnv(1).max_plies == yono.DEFAULT_MAX_PLIES


def test_aec_ties_share_their_places() -> None:
    # West's Rook eyes North's King and its Bishop East's: after any South move both
    # fall at the same moment and share places 0 and 1 (0.5 each: reward -2/3).
    e = yenv.raw_env()
    e.reset()
    e.position = yono.Game("4nK4/9/4wR4/9/wK7eK/9/4sP1wB2/5sG3/4sK4 s -/-/-/- swne 1")
    e.step(e.position.action("5i6i"))
    assert e.rewards["north"] == e.rewards["east"] == pytest.approx(-2 / 3)
    assert e.terminations["north"] and e.terminations["east"]
    assert yenv.score_reward(0.5, 3) == pytest.approx(-2 / 3)
    assert yenv.draw_reward(4, 3) == 0.0 and yenv.draw_reward(2, 1) == 0.0
