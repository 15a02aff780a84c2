"""A match runner for engines speaking the yono protocol, in two seats (standard
Shogi) or four (Yo[n]o Shogi): ``python -m yono.match --help``; docs/PROTOCOL.md,
"Matches", describes the schedule, the clocks, forfeits, adjudication, the records
and the statistics.

>>> from yono.match import Player, TimeControl, run_match          # doctest: +SKIP
>>> summary = run_match([Player("A", ("yono-engine",))], "yono",      # doctest: +SKIP
...                     time=TimeControl(nodes=1000), random_plies=2, openings=1)
>>> print(summary.table)                                            # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from .. import Ruleset
from .rules import places, remove_seats, shared_scores
from .runner import (
    GameSpec,
    Log,
    Opening,
    Player,
    TimeControl,
    play_game,
    random_openings,
    read_openings,
    run_games,
    schedule,
    write_records,
)
from .stats import (
    PlayerRow,
    SprtResult,
    crosstable,
    elo_of_score,
    format_crosstable,
    four_seat_unit,
    mean_ci,
    score_of_elo,
    sprt,
    sprt_elo,
    sprt_four,
)

__all__ = [
    "GameSpec",
    "Opening",
    "Player",
    "PlayerRow",
    "Sprt",
    "SprtResult",
    "Summary",
    "TimeControl",
    "crosstable",
    "elo_of_score",
    "format_crosstable",
    "four_seat_unit",
    "mean_ci",
    "places",
    "play_game",
    "random_openings",
    "read_openings",
    "remove_seats",
    "run_games",
    "run_match",
    "schedule",
    "score_of_elo",
    "shared_scores",
    "sprt",
    "sprt_elo",
    "sprt_four",
    "write_records",
]


@dataclasses.dataclass(frozen=True)
class Sprt:
    """The test "is the first player (A) stronger than the second (B)": two seats on
    Elo (``low``/``high`` are elo0/elo1), four seats on A's mean score against three
    copies of B (``low``/``high`` are the points above 1.5 of H0 and H1)."""

    low: float
    high: float
    alpha: float = 0.05
    beta: float = 0.05


@dataclasses.dataclass
class Summary:
    """A finished (or SPRT-stopped) match."""

    games: List[Dict[str, Any]]
    rows: List[PlayerRow]
    table: str
    sprt: Optional[SprtResult]


def sprt_units(games: Sequence[Dict[str, Any]], a: str, b: str, seats: int) -> List[float]:
    """The SPRT's observations: for every complete block (one opening and lineup in
    all its rotations) with A and B in it, the block's mean of A's score (two seats) or
    of :func:`four_seat_unit` (four seats)."""
    blocks: Dict[Tuple[str, str, int], List[Dict[str, Any]]] = {}
    for g in games:
        key = (g["opening"], g["lineup"], (g["game"] - 1) // seats)
        blocks.setdefault(key, []).append(g)
    units = []
    for block in blocks.values():
        if len(block) < seats:
            continue
        values = []
        for g in block:
            mine = [s for s, p in g["players"].items() if p == a]
            theirs = [s for s, p in g["players"].items() if p == b]
            if len(mine) != 1 or not theirs:
                continue
            if seats == 2:
                values.append(float(g["scores"][mine[0]]))
            else:
                values.append(four_seat_unit(g["scores"][mine[0]], [g["scores"][s] for s in theirs]))
        if len(values) == seats:
            units.append(sum(values) / len(values))
    return units


def _sprt_state(games: Sequence[Dict[str, Any]], players: Sequence[Player], seats: int, test: Sprt) -> SprtResult:
    units = sprt_units(games, players[0].name, players[1].name, seats)
    if seats == 2:
        return sprt_elo(units, test.low, test.high, test.alpha, test.beta)
    return sprt_four(units, test.low, test.high, test.alpha, test.beta)


def _play_on_ray(spec: GameSpec) -> Dict[str, Any]:
    return asyncio.run(play_game(spec))


def _run_on_ray(
    specs: Sequence[GameSpec],
    address: str,
    window: int,
    log: Log,
    on_result: Callable[[Dict[str, Any]], bool],
) -> List[Dict[str, Any]]:
    # Ray is optional and only needed here; imported by name so that type checkers
    # need not read it.
    ray: Any = importlib.import_module("ray")

    if not ray.is_initialized():
        ray.init(address=None if address == "local" else address, include_dashboard=False, log_to_driver=False)
    remote = ray.remote(num_cpus=1)(_play_on_ray)
    todo = list(specs)
    pending: Dict[Any, GameSpec] = {}
    results: Dict[int, Dict[str, Any]] = {}
    stopped = False
    while todo or pending:
        while todo and not stopped and len(pending) < window:
            spec = todo.pop(0)
            pending[remote.remote(spec)] = spec
        if not pending:
            break
        done, _ = ray.wait(list(pending), num_returns=1)
        for ref in done:
            spec = pending.pop(ref)
            entry = ray.get(ref)
            results[spec.index] = entry
            log.add(spec, entry)
            if on_result(entry):
                stopped = True
                todo = []
    return [results[i] for i in sorted(results)]


def run_match(
    players: Sequence[Player],
    variant: Union[str, Ruleset],
    *,
    time: TimeControl = TimeControl(nodes=2000),
    book: Optional[Union[str, Path]] = None,
    random_plies: int = 4,
    openings: int = 2,
    seed: int = 1,
    lineups: Optional[Sequence[str]] = None,
    rounds: int = 1,
    ply_cap: int = 400,
    concurrency: int = 2,
    out_dir: Optional[Union[str, Path]] = None,
    test: Optional[Sprt] = None,
    ray_address: Optional[str] = None,
    on_game: Optional[Callable[[Dict[str, Any], Optional[SprtResult]], None]] = None,
    event: str = "yono match",
) -> Summary:
    """Plays a match (see :func:`schedule` for who plays whom) and returns its games,
    crosstable and SPRT state. The openings come from ``book`` or are ``openings``
    random openings of ``random_plies`` plies from ``seed``. With ``test`` the match
    stops as soon as the SPRT decides (four seats: the default lineup is then ``ABBB``
    only). ``ray_address`` ("local" for a Ray on this machine) plays the games as Ray
    tasks, ``concurrency`` at a time."""
    ruleset = variant if isinstance(variant, Ruleset) else (Ruleset.YONO if variant == "yono" else Ruleset.SHOGI)
    if isinstance(variant, str) and variant not in ("yono", "shogi"):
        raise ValueError(f"the variant is yono or shogi, got {variant!r}")
    seats = len(ruleset.seats)
    if test is not None:
        if len(players) != 2:
            raise ValueError("the SPRT compares two engines: give exactly two")
        if lineups is None and seats == 4:
            lineups = ["ABBB"]
    book_openings = read_openings(book, ruleset) if book is not None else random_openings(ruleset, openings, random_plies, seed)
    specs = schedule(players, ruleset, book_openings, lineups, time, ply_cap, rounds, event)
    finished: List[Dict[str, Any]] = []
    state: List[Optional[SprtResult]] = [None]

    def on_result(entry: Dict[str, Any]) -> bool:
        finished.append(entry)
        if test is not None:
            state[0] = _sprt_state(finished, players, seats, test)
        if on_game is not None:
            on_game(entry, state[0])
        return state[0] is not None and state[0].decision is not None

    out = Path(out_dir) if out_dir is not None else None
    if ray_address is not None:
        log = Log(out)
        try:
            games = _run_on_ray(specs, ray_address, max(1, concurrency), log, on_result)
        finally:
            log.close()
    else:
        games = asyncio.run(run_games(specs, concurrency, out, on_result))
    rows = crosstable(games)
    table = format_crosstable(rows, ruleset.max_score)
    if out is not None:
        (out / "crosstable.txt").write_text(table + "\n")
    return Summary(games, rows, table, state[0])
