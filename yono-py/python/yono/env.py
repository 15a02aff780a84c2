"""Reinforcement-learning environments for Yo[n]o Shogi (and standard Shogi).

``yono.env.env()`` is a PettingZoo AEC environment (``pip install "yono[env]"`` brings
PettingZoo and Gymnasium): the agents are the seats ("south", "west", "north", "east";
"south" and "north" in Shogi), each observation is a dict with ``"observation"`` (the
(96, 9, 9) uint8 planes of ``Game.observation`` from that agent's seat) and
``"action_mask"`` (int8, ``ACTION_SIZE`` entries, all zero unless the agent is to
move). A checkmated seat is terminated at once with its reward and leaves the game
the PettingZoo way (one last ``step(None)``). Rewards (the one rule of docs/ML.md):
a seat's place ``p`` gives ``2 * p / max - 1`` (Yo[n]o: 3, 2, 1, 0 give 1, 1/3, -1/3,
-1; Shogi: 1, -1); seats that share places (checkmated at the same moment, or still
in at a repetition draw) get the mean of those places, so every game's rewards add up
to zero; ``infos[agent]["drawn"]`` marks draws. Games longer than ``max_plies`` plies
(``yono.DEFAULT_MAX_PLIES``) are truncated for every agent still in.

``yono.env.SingleAgentEnv`` is a Gymnasium environment, registered as
``"yono/Yono-v0"`` and ``"yono/Shogi-v0"`` (``import yono.env`` first, or name it
``"yono.env:yono/Yono-v0"``): one seat against random or engine opponents, stepped by
``yono.VectorEnv`` in Rust, or against any Python policy. See docs/ML.md.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from . import (
    ACTION_SIZE,
    DEFAULT_MAX_PLIES,
    OBSERVATION_SHAPE,
    IllegalMoveError,
    SEATS,
    Move,
    Game,
    Ruleset,
    Seat,
    Status,
    VectorEnv,
    decided_rewards,
    draw_place,
    place_reward,
)

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


def score_reward(score: float, max_score: int) -> float:
    """The reward of a place (a score, or the mean of shared scores):
    ``2 * score / max_score - 1``."""
    return place_reward(score, max_score)


def draw_reward(remaining: int, max_score: int) -> float:
    """The reward of each of ``remaining`` seats after a repetition draw: the mean of
    the places they share, ``1 - (remaining - 1) / max_score``."""
    ruleset = "shogi" if max_score == 1 else "yono"
    return place_reward(draw_place(remaining, ruleset), max_score)


def _observation_space() -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 255, OBSERVATION_SHAPE, dtype=np.uint8),
            "action_mask": spaces.Box(0, 1, (ACTION_SIZE,), dtype=np.int8),
        }
    )


def _decided_rewards(pos: Game, before: List[Seat]) -> Dict[Seat, float]:
    """Rewards of the seats among ``before`` (in the game before the last move) whose
    outcome the last move decided (yono-ml's ``decided_rewards``: the one rule)."""
    rewards = decided_rewards(pos, before)
    return {SEATS[i]: float(r) for i, r in enumerate(rewards) if r is not None}


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
        max_plies: int = DEFAULT_MAX_PLIES,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if max_plies < 1:
            raise ValueError("max_plies must be at least 1")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}")
        # Game checks the ruleset argument (a Ruleset, "yono" or "shogi").
        self.ruleset: Ruleset = Game(ruleset=ruleset).ruleset
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.possible_agents = [AGENT_NAMES[s] for s in self.ruleset.seats]
        self._seat_of = {AGENT_NAMES[s]: s for s in self.ruleset.seats}
        self.observation_spaces = {a: _observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ACTION_SIZE) for a in self.possible_agents}
        self.position = Game(ruleset=self.ruleset)

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
        self.position = Game(ruleset=self.ruleset)
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
            drawn = self.position.status() == Status.DRAWN_BY_REPETITION
            for seat, reward in _decided_rewards(self.position, before).items():
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
    ``max_plies=yono.DEFAULT_MAX_PLIES``, ``render_mode=None | "ansi" | "human"``),
    with PettingZoo's order-enforcing wrapper."""
    e: AECEnv = YonoEnv(**kwargs)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


Policy = Callable[[Game, np.random.Generator], Move]
#: What plays the other seats of a SingleAgentEnv.
Opponent = Union[str, Policy, None]


def random_policy(position: Game, rng: np.random.Generator) -> Move:
    """A uniformly random legal move."""
    moves = position.legal_moves
    return moves[int(rng.integers(len(moves)))]


class SingleAgentEnv(gymnasium.Env):
    """A Gymnasium environment: the agent plays ``seat`` (default South) and the other
    seats are played by ``opponent``: ``"random"`` (the default) or ``"engine"``
    (yono-engine at ``engine_nodes`` nodes a move), both stepped in Rust by a one-game
    ``yono.VectorEnv``, or a Python function ``(position, rng) -> Move``.

    Observations are dicts like the PettingZoo env's (``observation`` uint8 planes,
    ``action_mask`` int8), fresh arrays each step. The reward is the agent's (module
    docs), paid in the step that decides its outcome; the episode terminates then
    (even if the others would play on) and is truncated after ``max_plies`` plies.
    ``info["drawn"]`` marks a draw.

    ``illegal_action`` says what an action that is not legal does (the action space
    is ``Discrete(ACTION_SIZE)``, most of which is illegal at any moment; the mask
    says which are legal): ``"raise"`` (default) raises ``yono.IllegalMoveError`` and
    changes nothing; ``"lose"`` ends the episode with the worst reward, -1, and
    ``info["illegal_action"] = True`` (what ``gymnasium.utils.env_checker.check_env``
    and other tools that sample any action need).
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        seat: "Seat | str" = Seat.SOUTH,
        ruleset: "Ruleset | str" = "yono",
        opponent: Opponent = None,
        engine_nodes: int = 200,
        max_plies: int = DEFAULT_MAX_PLIES,
        illegal_action: str = "raise",
        render_mode: Optional[str] = None,
    ) -> None:
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f'illegal_action must be "raise" or "lose", got {illegal_action!r}')
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}")
        self._ruleset: Ruleset = Game(ruleset=ruleset).ruleset
        self.seat: Seat = _seat(seat)
        if self.seat not in self._ruleset.seats:
            raise ValueError(f"{self.seat} does not play in {self._ruleset}")
        self.agent = AGENT_NAMES[self.seat]
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.observation_space = _observation_space()
        self.action_space = spaces.Discrete(ACTION_SIZE)
        # Built-in opponents play inside the Rust step; a Python policy plays through
        # it, every seat being an agent of the VectorEnv.
        self._policy: Optional[Policy] = None
        if opponent is None or isinstance(opponent, str):
            self._vec = VectorEnv(
                1,
                self._ruleset,
                agents=[self.seat],
                opponent=opponent or "random",
                engine_nodes=engine_nodes,
                max_plies=max_plies,
            )
        elif callable(opponent):
            self._policy = opponent
            self._vec = VectorEnv(1, self._ruleset, max_plies=max_plies)
        else:
            raise TypeError('opponent must be "random", "engine" or a function (position, rng) -> Move')
        self._done = False
        self._why = ""
        self._last: Optional[Game] = None

    @property
    def position(self) -> Game:
        """A copy of the current game (the final one just after the episode ended)."""
        if self._last is not None:
            return self._last.copy()
        return self._vec.position(0)

    def _obs(self) -> ObsDict:
        mask = np.zeros(ACTION_SIZE, dtype=np.int8)
        if self._last is not None:
            # The episode ended: the final position from the agent's seat, no move.
            return {"observation": self._last.observation(seat=self.seat), "action_mask": mask}
        masks = self._vec.masks
        assert masks is not None
        mask[:] = masks[0]
        return {"observation": self._vec.observations[0].copy(), "action_mask": mask}

    def _play_policy_opponents(self) -> Tuple[float, bool, bool]:
        """With a Python opponent: its moves until the agent is to move or its
        outcome is decided; returns the agent's (reward, terminated, truncated)."""
        assert self._policy is not None
        s = self.seat.index
        vec = self._vec
        while int(vec.to_play[0]) != s:
            pos = vec.position(0)
            mv = self._policy(pos, self.np_random)
            try:
                action = pos.action(mv)
            except ValueError as e:
                raise ValueError(f"the opponent's move {mv!r} is not a move ({e})") from e
            if not pos.is_legal(mv):
                raise ValueError(f"the opponent played {mv}, which is not legal here")
            vec.step(np.array([action]))
            if vec.seat_terminated[0, s] or vec.seat_truncated[0, s]:
                return float(vec.rewards[0, s]), bool(vec.seat_terminated[0, s]), bool(vec.seat_truncated[0, s])
        return 0.0, False, False

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[ObsDict, Dict[str, Any]]:
        super().reset(seed=seed)
        self._vec.reset(seed=seed)
        self._done, self._why, self._last = False, "", None
        if self._policy is not None:
            # Before the agent's first turn no seat can be decided (tested in yono-ml).
            self._play_policy_opponents()
        return self._obs(), {"drawn": False}

    def _end(self, why: str) -> None:
        self._done, self._why = True, why
        last = self._vec.final_position(0)
        self._last = last if last is not None else self._vec.position(0)

    def step(self, action: Any) -> Tuple[ObsDict, float, bool, bool, Dict[str, Any]]:
        if self._done:
            raise gymnasium.error.ResetNeeded(
                f"step() was called after the episode ended ({self._why}); "
                "call reset() to start the next game"
            )
        s = self.seat.index
        vec = self._vec
        count = int(vec.legal_counts[0])
        legal = vec.legal_actions[0, :count]
        try:
            a = int(action)
        except (TypeError, ValueError) as e:
            raise TypeError(f"an action is an int below {ACTION_SIZE}, got {action!r}") from e
        if not (legal == a).any():
            pos = vec.position(0)
            text = _action_text(pos, a)
            if self.illegal_action == "raise":
                raise IllegalMoveError(
                    f"action {a} ({text}) is not legal for {self.seat.title} here: the "
                    f"observation's action_mask marks the {count} legal actions "
                    '(or make the env with illegal_action="lose")'
                )
            self._end(f"{self.seat.title} lost by playing the illegal action {a} ({text})")
            return self._obs(), -1.0, True, False, {"drawn": False, "illegal_action": True}
        vec.step(np.array([a]))
        reward = float(vec.rewards[0, s])
        terminated, truncated = bool(vec.seat_terminated[0, s]), bool(vec.seat_truncated[0, s])
        if self._policy is not None and not (terminated or truncated):
            reward, terminated, truncated = self._play_policy_opponents()
        drawn = terminated and bool(vec.drawn[0])
        if terminated:
            self._end(f"{self.seat.title}'s outcome was decided, reward {reward:+.3g}")
        elif truncated:
            self._end(f"the game reached the ply cap of {vec.max_plies}")
        return self._obs(), reward, terminated, truncated, {"drawn": drawn}

    def render(self) -> Optional[str]:
        return str(self.position) if self.render_mode == "ansi" else None


def _seat(seat: "Seat | str") -> Seat:
    if isinstance(seat, Seat):
        return seat
    for s in SEATS:
        if seat.lower() in (s.letter, AGENT_NAMES[s]):
            return s
    raise ValueError(f"not a seat: {seat!r}")


def _action_text(pos: Game, action: int) -> str:
    """The move an action index names, for messages."""
    try:
        return str(pos.move(action))
    except ValueError:
        return "no move"


for _id, _ruleset in (("yono/Yono-v0", "yono"), ("yono/Shogi-v0", "shogi")):
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id,
            entry_point="yono.env:SingleAgentEnv",
            kwargs={"ruleset": _ruleset},
            max_episode_steps=None,
        )
