"""Reinforcement-learning environments for Yo[n]o Shogi (and standard Shogi).

``yono.env.env()`` is a PettingZoo AEC environment (``pip install "yono[env]"`` brings
PettingZoo and Gymnasium): the agents are the seats ("south", "west", "north", "east";
"south" and "north" in Shogi), each observation is a dict with ``"observation"`` (the
(96, 9, 9) uint8 planes of ``Position.observation`` from that agent's seat) and
``"action_mask"`` (int8, ``ACTION_SIZE`` entries, all zero unless the agent is to
move). A checkmated seat is terminated at once with its reward and leaves the game
the PettingZoo way (one last ``step(None)``). Rewards: a seat's decided score ``s``
gives ``2 * s / max - 1`` (Yo[n]o: 3, 2, 1, 0 give 1, 1/3, -1/3, -1; Shogi: 1, -1);
after a repetition draw the seats still in the game share the mean of their places
(0 for a four-seat draw or a Shogi draw), and ``infos[agent]["drawn"]`` says so.
Games longer than ``max_plies`` plies are truncated for every agent.

``yono.env.SingleAgentEnv`` is a Gymnasium environment: one seat against random
opponents (or any policy function). See docs/ML.md.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from . import ACTION_SIZE, OBSERVATION_SHAPE, Move, Position, Ruleset, Seat, Status

__all__ = [
    "AGENT_NAMES",
    "SingleAgentEnv",
    "YonoEnv",
    "draw_reward",
    "env",
    "raw_env",
    "score_reward",
]

#: The agent name of each seat.
AGENT_NAMES: Dict[Seat, str] = {
    Seat.SOUTH: "south",
    Seat.WEST: "west",
    Seat.NORTH: "north",
    Seat.EAST: "east",
}

ObsDict = Dict[str, "np.ndarray[Any, Any]"]


def score_reward(score: int, max_score: int) -> float:
    """The reward of a decided score: ``2 * score / max_score - 1``."""
    return 2.0 * score / max_score - 1.0


def draw_reward(remaining: int, max_score: int) -> float:
    """The reward of each of ``remaining`` seats after a repetition draw: the mean of
    the places they share, ``1 - (remaining - 1) / max_score``."""
    return 1.0 - (remaining - 1) / max_score


def _observation_space() -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 255, OBSERVATION_SHAPE, dtype=np.uint8),
            "action_mask": spaces.Box(0, 1, (ACTION_SIZE,), dtype=np.int8),
        }
    )


def _decided_rewards(
    pos: Position, before: List[Seat]
) -> Tuple[Dict[Seat, float], bool]:
    """Rewards of the seats among ``before`` (in the game before the last move) whose
    scores the last move decided, and whether the game ended in a draw."""
    max_score = pos.ruleset.max_score
    status = pos.status()
    now = pos.seats
    scores = pos.scores()
    out: Dict[Seat, float] = {}
    if status == Status.DRAWN_BY_REPETITION:
        for seat in before:
            if seat in now:
                out[seat] = draw_reward(len(now), max_score)
            else:
                score = scores[seat.index]
                assert score is not None
                out[seat] = score_reward(score, max_score)
        return out, True
    for seat in before:
        if seat not in now or status == Status.WON:
            score = scores[seat.index]
            if score is not None:
                out[seat] = score_reward(score, max_score)
    return out, False


class YonoEnv(AECEnv):  # type: ignore[misc]
    """The PettingZoo AEC environment (use ``env()`` for the wrapped version)."""

    metadata: Dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "yono_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        ruleset: "Ruleset | str" = "yono",
        max_plies: int = 2000,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if max_plies < 1:
            raise ValueError("max_plies must be at least 1")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}")
        # Position checks the ruleset argument (a Ruleset, "yono" or "shogi").
        self.ruleset: Ruleset = Position(ruleset=ruleset).ruleset
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.possible_agents = [AGENT_NAMES[s] for s in self.ruleset.seats]
        self._seat_of = {AGENT_NAMES[s]: s for s in self.ruleset.seats}
        self.observation_spaces = {a: _observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ACTION_SIZE) for a in self.possible_agents}
        self.position = Position(ruleset=self.ruleset)

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.action_spaces[agent]

    def observe(self, agent: str) -> ObsDict:
        seat = self._seat_of[agent]
        obs = self.position.observation(seat=seat)
        mask = np.zeros(ACTION_SIZE, dtype=np.int8)
        if (
            agent == self.agent_selection
            and not self.terminations.get(agent, True)
            and not self.truncations.get(agent, True)
        ):
            self.position.legal_action_mask(out=mask.view(np.bool_))
        return {"observation": obs, "action_mask": mask}

    def reset(
        self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> None:
        # The game has no chance element: the seed only matters to callers' sampling.
        self.position = Position(ruleset=self.ruleset)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {"drawn": False} for a in self.agents}
        self.agent_selection = AGENT_NAMES[self.position.turn]
        self._skip_agent_selection = None

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is not an action")
        before = self.position.seats
        self.position.push_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        for a in self.rewards:
            self.rewards[a] = 0.0
        over = self.position.is_game_over()
        # Scores are decided only by a checkmate (a seat fewer) or the end of the game.
        if over or len(self.position.seats) != len(before):
            decided, drawn = _decided_rewards(self.position, before)
            for seat, reward in decided.items():
                a = AGENT_NAMES[seat]
                self.rewards[a] = reward
                self.terminations[a] = True
                self.infos[a]["drawn"] = drawn
        if not over:
            if self.position.ply() >= self.max_plies:
                for a in self.agents:
                    self.truncations[a] = True
            self.agent_selection = AGENT_NAMES[self.position.turn]
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = str(self.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> YonoEnv:
    """The environment without PettingZoo's checking wrappers."""
    return YonoEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The PettingZoo AEC environment (``ruleset="yono"`` or ``"shogi"``,
    ``max_plies=2000``, ``render_mode=None | "ansi" | "human"``), with PettingZoo's
    order-enforcing wrapper."""
    e: AECEnv = YonoEnv(**kwargs)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


Policy = Callable[[Position, np.random.Generator], Move]


def random_policy(position: Position, rng: np.random.Generator) -> Move:
    """A uniformly random legal move."""
    moves = position.legal_moves
    return moves[int(rng.integers(len(moves)))]


class SingleAgentEnv(gymnasium.Env):
    """A Gymnasium environment: the agent plays ``seat`` (default South) against
    ``opponent`` (a function ``(position, rng) -> Move``; default uniformly random
    moves) for every other seat. Observations are dicts like the PettingZoo env's;
    the reward is the agent's (see the module docs), given when its score is decided;
    the episode terminates then (even if the others play on) and is truncated after
    ``max_plies`` plies."""

    metadata: Dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        seat: Seat = Seat.SOUTH,
        ruleset: "Ruleset | str" = "yono",
        opponent: Optional[Policy] = None,
        max_plies: int = 2000,
        render_mode: Optional[str] = None,
    ) -> None:
        self._aec = YonoEnv(ruleset=ruleset, max_plies=max_plies)
        if seat not in self._aec.ruleset.seats:
            raise ValueError(f"{seat} does not play in {self._aec.ruleset}")
        self.seat = seat
        self.agent = AGENT_NAMES[seat]
        self.opponent: Policy = opponent if opponent is not None else random_policy
        self.render_mode = render_mode
        self.observation_space = _observation_space()
        self.action_space = spaces.Discrete(ACTION_SIZE)

    @property
    def position(self) -> Position:
        return self._aec.position

    def _play_opponents(self) -> None:
        aec = self._aec
        while aec.agents and aec.agent_selection != self.agent:
            a = aec.agent_selection
            if aec.terminations[a] or aec.truncations[a]:
                aec.step(None)
                continue
            mv = self.opponent(aec.position, self.np_random)
            aec.step(aec.position.action(mv))

    def _outcome(self) -> Tuple[ObsDict, float, bool, bool, Dict[str, Any]]:
        aec = self._aec
        reward = aec._cumulative_rewards.get(self.agent, 0.0)
        terminated = aec.terminations.get(self.agent, True)
        truncated = aec.truncations.get(self.agent, False)
        info = dict(aec.infos.get(self.agent, {}))
        return aec.observe(self.agent), float(reward), bool(terminated), bool(truncated), info

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[ObsDict, Dict[str, Any]]:
        super().reset(seed=seed)
        self._aec.reset(seed=seed)
        self._play_opponents()
        obs, _, _, _, info = self._outcome()
        return obs, info

    def step(self, action: int) -> Tuple[ObsDict, float, bool, bool, Dict[str, Any]]:
        self._aec.step(int(action))
        if not (self._aec.terminations[self.agent] or self._aec.truncations[self.agent]):
            self._play_opponents()
        return self._outcome()

    def render(self) -> Optional[str]:
        return str(self.position) if self.render_mode == "ansi" else None
