"""The statistics of a match: each player's mean score with a 95% confidence
interval, win share and pairwise results (the crosstable), and the sequential
probability ratio test that answers "is A stronger than B" (two seats on Elo, four
seats on A's mean score against three copies of B)."""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def mean_ci(values: Sequence[float]) -> Tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal
    approximation, sample standard deviation; 0 for fewer than two values)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan)
    m = sum(values) / n
    if n < 2:
        return (m, math.nan)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return (m, Z95 * math.sqrt(var / n))


def elo_of_score(p: float) -> float:
    """The logistic Elo difference of an expected score ``p`` (0 to 1)."""
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1)


def score_of_elo(elo: float) -> float:
    """The expected score (0 to 1) of a logistic Elo difference."""
    return 1 / (1 + 10 ** (-elo / 400))


@dataclasses.dataclass
class PlayerRow:
    """One player's line of the crosstable."""

    name: str
    games: int
    mean: float
    ci95: float
    win_share: float
    #: Against each other player met: (games together, this player's mean score there).
    pairwise: Dict[str, Tuple[int, float]]


def crosstable(games: Sequence[Mapping[str, Any]]) -> List[PlayerRow]:
    """The crosstable of finished games, each a mapping with ``players`` (seat letter
    to player name) and ``scores`` (seat letter to match score), best mean first. A
    player's win share counts a shared first place as the fraction it shared."""
    names: List[str] = []
    for g in games:
        for name in g["players"].values():
            if name not in names:
                names.append(name)
    rows = []
    for name in names:
        scores: List[float] = []
        wins = 0.0
        pair: Dict[str, List[float]] = {}
        for g in games:
            seats = [s for s, p in g["players"].items() if p == name]
            if not seats:
                continue
            best = max(g["scores"].values())
            firsts = [s for s, v in g["scores"].items() if v == best]
            others = {p for s, p in g["players"].items() if p != name}
            for s in seats:
                v = float(g["scores"][s])
                scores.append(v)
                if s in firsts:
                    wins += 1 / len(firsts)
                for o in others:
                    pair.setdefault(o, []).append(v)
        m, ci = mean_ci(scores)
        rows.append(
            PlayerRow(
                name,
                len(scores),
                m,
                ci,
                wins / len(scores) if scores else math.nan,
                {o: (len(v), sum(v) / len(v)) for o, v in pair.items()},
            )
        )
    rows.sort(key=lambda r: -r.mean if not math.isnan(r.mean) else math.inf)
    return rows


def format_crosstable(rows: Sequence[PlayerRow], max_score: float) -> str:
    """The crosstable as text: games, mean score ± 95% CI (out of ``max_score``), win
    share, and each pairing's mean score."""
    names = [r.name for r in rows]
    width = max([len(n) for n in names] + [6])
    head = f"{'player':<{width}}  {'games':>5}  {'mean score':>17}  {'wins':>6}"
    for n in names:
        head += f"  {n[:10]:>10}"
    lines = [head]
    for r in rows:
        line = f"{r.name:<{width}}  {r.games:>5}  {r.mean:>7.3f} ± {r.ci95:<5.3f}/{max_score:g}  {100 * r.win_share:>5.1f}%"
        for n in names:
            if n == r.name or n not in r.pairwise:
                line += f"  {'-':>10}"
            else:
                count, m = r.pairwise[n]
                line += f"  {m:>5.3f} ({count})".rjust(12)
        lines.append(line)
    return "\n".join(lines)


@dataclasses.dataclass
class SprtResult:
    """The state of a sequential test."""

    llr: float
    lower: float
    upper: float
    #: "H1" (A is stronger by the alternative's margin), "H0", or None (go on).
    decision: Optional[str]
    units: int
    mean: float


def sprt(
    units: Sequence[float], mu0: float, mu1: float, alpha: float = 0.05, beta: float = 0.05, min_units: int = 10
) -> SprtResult:
    """The generalised SPRT (the normal approximation of the log-likelihood ratio used
    by fishtest and cutechess-cli): ``units`` are independent observations of the
    quantity under test (a game's score, or the mean over one opening's rotations),
    H0: its mean is ``mu0``, H1: ``mu1``. LLR = n (mu1 - mu0) (2 x̄ - mu0 - mu1) / (2 s²)
    with s² the observations' variance; accept H1 above log((1 - beta) / alpha), H0 below
    log(beta / (1 - alpha)). No decision is taken before ``min_units`` observations
    (the variance of a handful is no estimate) nor while they are all equal."""
    if not (0 < alpha < 1 and 0 < beta < 1) or mu0 == mu1:
        raise ValueError("alpha and beta must be in (0, 1) and mu0 != mu1")
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    n = len(units)
    if n < 2:
        return SprtResult(0.0, lower, upper, None, n, units[0] if n else math.nan)
    m = sum(units) / n
    var = sum((u - m) ** 2 for u in units) / n
    if var <= 0:
        return SprtResult(0.0, lower, upper, None, n, m)
    llr = n * (mu1 - mu0) * (2 * m - mu0 - mu1) / (2 * var)
    decision = None if n < min_units else "H1" if llr >= upper else "H0" if llr <= lower else None
    return SprtResult(llr, lower, upper, decision, n, m)


def sprt_elo(units: Sequence[float], elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05) -> SprtResult:
    """Two seats: the SPRT of H0 "A is elo0 stronger" against H1 "elo1", on A's scores
    (0, 0.5, 1 per game, or means over openings played with colours swapped)."""
    return sprt(units, score_of_elo(elo0), score_of_elo(elo1), alpha, beta)


def four_seat_unit(a_score: float, b_scores: Sequence[float]) -> float:
    """One four-seat game as seen by the test of A against three copies of B: A's score
    measured against the copies' mean, 1.5 + 3/4 (a - mean(b)). When the game's scores
    add up to 6 (no seats fell together, no repetition) this is A's score itself; it
    stays fair (mean 1.5 for equal players) when they do not."""
    return 1.5 + 0.75 * (a_score - sum(b_scores) / len(b_scores))


def sprt_four(
    units: Sequence[float], delta0: float, delta1: float, alpha: float = 0.05, beta: float = 0.05
) -> SprtResult:
    """Four seats: the SPRT of H0 "A's mean score against three copies of B is
    1.5 + delta0" against H1 "1.5 + delta1" (points out of 3), on
    :func:`four_seat_unit` values (or their means over an opening's rotations)."""
    return sprt(units, 1.5 + delta0, 1.5 + delta1, alpha, beta)
