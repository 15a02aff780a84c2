"""yono.match: the statistics on synthetic results with known answers, the forfeit
rule, and small real matches (the project's program against itself in two and four
seats, and against broken engines that crash, hang, lose on time or play illegally)."""

import json
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

import yono
from yono.match import (
    Player,
    TimeControl,
    crosstable,
    elo_of_score,
    four_seat_unit,
    mean_ci,
    places,
    remove_seats,
    run_match,
    schedule,
    score_of_elo,
    shared_scores,
    sprt,
    sprt_elo,
    sprt_four,
    Opening,
)

from engine_program import fake, reaped, yono_engine

# ---------------------------------------------------------------------------------
# Statistics on synthetic results


def test_mean_and_interval() -> None:
    m, ci = mean_ci([3, 3, 0, 0, 1.5, 1.5])
    assert m == 1.5
    sd = math.sqrt(sum((v - 1.5) ** 2 for v in [3, 3, 0, 0, 1.5, 1.5]) / 5)
    assert ci == pytest.approx(1.959964 * sd / math.sqrt(6), rel=1e-6)
    assert math.isnan(mean_ci([1.0])[1])
    assert elo_of_score(0.5) == 0 and score_of_elo(0) == 0.5
    assert elo_of_score(score_of_elo(123.0)) == pytest.approx(123.0)
    assert elo_of_score(0.75) == pytest.approx(190.848, abs=0.01)


def test_crosstable_of_known_results() -> None:
    games: List[Dict[str, Any]] = [
        {"players": {"s": "A", "w": "B", "n": "B", "e": "B"}, "scores": {"s": 3, "w": 2, "n": 1, "e": 0}},
        {"players": {"s": "B", "w": "A", "n": "B", "e": "B"}, "scores": {"s": 3, "w": 0, "n": 2, "e": 1}},
        {"players": {"s": "B", "w": "B", "n": "A", "e": "B"}, "scores": {"s": 1.5, "w": 1.5, "n": 1.5, "e": 1.5}},
        {"players": {"s": "B", "w": "B", "n": "B", "e": "A"}, "scores": {"s": 0, "w": 1, "n": 2, "e": 3}},
    ]
    rows = {r.name: r for r in crosstable(games)}
    a, b = rows["A"], rows["B"]
    assert a.games == 4 and b.games == 12
    assert a.mean == pytest.approx((3 + 0 + 1.5 + 3) / 4)
    # A won two games outright and shared the third four ways.
    assert a.win_share == pytest.approx((1 + 0 + 0.25 + 1) / 4)
    assert a.pairwise["B"] == (4, pytest.approx(1.875))
    assert b.mean == pytest.approx((3 + 6 + 4.5 + 3) / 12)
    m, ci = mean_ci([3, 0, 1.5, 3])
    assert a.ci95 == pytest.approx(ci)


def test_sprt_formula_by_hand() -> None:
    # 60 wins, 20 draws, 20 losses: mean 0.7, variance 0.16.
    units = [1.0] * 60 + [0.5] * 20 + [0.0] * 20
    s0, s1 = 0.5, 1 / (1 + 10 ** (-10 / 400))
    expected = 100 * (s1 - s0) * (2 * 0.7 - s0 - s1) / (2 * 0.16)
    r = sprt_elo(units, 0, 10)
    assert r.llr == pytest.approx(expected, rel=1e-9)
    assert r.lower == pytest.approx(math.log(0.05 / 0.95)) and r.upper == pytest.approx(math.log(0.95 / 0.05))
    assert r.decision is None  # 1.73 lies between -2.94 and 2.94
    assert sprt_elo(units * 3, 0, 10).decision == "H1"
    assert sprt_elo([1.0 - u for u in units] * 3, 0, 10).decision == "H0"
    with pytest.raises(ValueError):
        sprt(units, 0.5, 0.5)


def _trinomial(rng: random.Random, elo: float, draw: float = 0.3) -> float:
    # Win/draw/loss with the given draw rate and expected score of the Elo difference.
    p = score_of_elo(elo)
    win = p - draw / 2
    x = rng.random()
    return 1.0 if x < win else 0.5 if x < win + draw else 0.0


def _run_sprt(rng: random.Random, elo: float, elo0: float, elo1: float) -> str:
    units: List[float] = []
    while True:
        units.append(_trinomial(rng, elo))
        if len(units) % 10 == 0:
            r = sprt_elo(units, elo0, elo1)
            if r.decision is not None:
                return r.decision


def test_sprt_decides_right_on_seeded_streams() -> None:
    rng = random.Random(20261201)
    runs = 200
    # Truth at H0: false positives stay near alpha; truth at H1: near 1 - beta.
    at_h0 = sum(_run_sprt(rng, 0.0, 0.0, 60.0) == "H1" for _ in range(runs)) / runs
    at_h1 = sum(_run_sprt(rng, 60.0, 0.0, 60.0) == "H1" for _ in range(runs)) / runs
    assert at_h0 <= 0.10, at_h0
    assert at_h1 >= 0.90, at_h1
    # Far beyond H1 the answer is always H1.
    assert all(_run_sprt(rng, 200.0, 0.0, 60.0) == "H1" for _ in range(50))


def test_four_seat_sprt_on_known_places() -> None:
    # A takes first place with probability q, else a uniform place among the rest.
    def game(rng: random.Random, q: float) -> float:
        places = [3, 2, 1, 0]
        rng.shuffle(places)
        if rng.random() < q:
            a = 3
            others = [2, 1, 0]
        else:
            a = rng.choice([2, 1, 0])
            others = [p for p in [3, 2, 1, 0] if p != a]
        return four_seat_unit(a, others)

    assert four_seat_unit(3, [2, 1, 0]) == 3  # scores summing to 6: A's own score
    assert four_seat_unit(0, [0, 2, 3]) == pytest.approx(1.5 + 0.75 * (0 - 5 / 3))
    rng = random.Random(7)
    for q, expected in ((0.25, "H0"), (0.6, "H1")):
        # q = 0.25 is an equal player (mean 1.5); q = 0.6 has mean 0.6*3 + 0.4*1 = 2.2.
        units: List[float] = []
        decision = None
        while decision is None:
            units.append(game(rng, q))
            decision = sprt_four(units, 0.0, 0.3).decision if len(units) > 1 else None
        assert decision == expected, (q, len(units))


# ---------------------------------------------------------------------------------
# Forfeits and adjudication


def test_a_forfeit_removes_the_seat_and_applies_the_checkmate_rule() -> None:
    # South's Gold on 5a blocks West's Rook from North's King on 1a: when South
    # forfeits, North falls too, in the next round, with West about to move.
    pos = yono.Game("wR3sG3nK/9/9/9/wK8/9/9/9/4sK3eK s -/-/-/- swne 1")
    after, fell = remove_seats(pos, [0])
    assert fell == [("s", 0), ("n", 1)]
    assert after.text() == "wR8/9/9/9/wK8/9/9/9/8eK w -/-/-/- 0w1e 2"
    # Without the Rook nobody else falls.
    quiet, fell = remove_seats(yono.Game("4sG3nK/9/9/9/wK8/9/9/9/4sK3eK s -/-/-/- swne 1"), [0])
    assert fell == [("s", 0)] and quiet.turn == yono.Seat.WEST and quiet.seats == [yono.Seat.WEST, yono.Seat.NORTH, yono.Seat.EAST]
    # The last two: a forfeit wins the game for the other.
    duel = yono.Game("8nK/9/9/9/9/9/9/9/4sK4 s -/-/-/- s0n1 9")
    won, fell = remove_seats(duel, [0])
    assert fell == [("s", 2)] and won.is_game_over() and won.winner() == yono.Seat.NORTH
    assert won.scores() == [2, 0, 3, 1]


def test_forfeits_on_random_positions_give_valid_positions() -> None:
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        pos = yono.Game()
        for _ in range(rng.randrange(10, 120)):
            legal = pos.legal_moves
            if not legal:
                break
            pos.push(rng.choice(legal))
        if pos.is_game_over():
            continue
        mover = pos.turn
        after, fell = remove_seats(pos, [mover.index])
        checked += 1
        assert fell[0][0] == mover.letter
        left = {s.letter for s in after.seats}
        assert mover.letter not in left and left == {s.letter for s in pos.seats} - {f for f, _ in fell}
        assert all(p.seat.letter in left for p in after.pieces().values())
        assert not after.is_game_over() or len(left) == 1
    assert checked >= 20


def test_shared_scores_and_places() -> None:
    start = yono.Game()
    assert shared_scores(start) == [1.5, 1.5, 1.5, 1.5]
    two_left = yono.Game("8nK/9/9/9/9/9/9/9/4sK4 s -/-/-/- s0n1 9")
    assert shared_scores(two_left) == [2.5, 0.0, 2.5, 1.0]
    assert shared_scores(yono.Game(ruleset="shogi")) == [0.5, None, 0.5, None]
    assert places([2.5, 0.0, 2.5, 1.0]) == {"s": 1, "w": 4, "n": 1, "e": 3}


def test_schedule_rotates_every_player_through_every_seat() -> None:
    a, b = Player("A", ("a",)), Player("B", ("b",))
    op = Opening("o", yono.Game().text(), ())
    specs = schedule([a, b], yono.Ruleset.YONO, [op])
    assert [s.lineup for s in specs] == ["ABBB"] * 4 + ["BAAA"] * 4
    seats_of_a = [next(l for l, p in s.seats if p == a) for s in specs[:4]]
    assert sorted(seats_of_a) == ["e", "n", "s", "w"]
    two = schedule([a, b], yono.Ruleset.SHOGI, [op, op])
    assert [tuple(p.name for _, p in s.seats) for s in two] == [("A", "B"), ("B", "A")] * 2
    with pytest.raises(ValueError, match="lineup"):
        schedule([a, b], yono.Ruleset.YONO, [op], lineups=["AB"])


# ---------------------------------------------------------------------------------
# Real matches (small)


def _check_records(out: Path, games: List[Dict[str, Any]]) -> None:
    lines = (out / "games.jsonl").read_text().splitlines()
    assert len(lines) == len(games)
    for entry in map(json.loads, lines):
        for path in entry["records"]:
            record = yono.Record.load((out / path).read_text())  # replays every move
            assert record.meta("time-control") == entry["time_control"]
            assert record.meta("termination")
            assert record.meta("round") == str(entry["game"])
        assert (out / "crosstable.txt").exists()


def test_self_play_in_four_seats(tmp_path: Path) -> None:
    me = Player("yono", tuple(yono_engine()))
    summary = run_match([me], "yono", time=TimeControl(nodes=300), random_plies=2, openings=1,
                        ply_cap=24, concurrency=2, out_dir=tmp_path)
    assert len(summary.games) == 4
    for g in summary.games:
        assert set(g["players"]) == {"s", "w", "n", "e"} and not g["forfeits"]
        assert g["reason"]
        assert sum(g["scores"].values()) == pytest.approx(6.0) or "repetition" in g["reason"]
    (row,) = summary.rows
    assert row.games == 16 and row.mean == pytest.approx(1.5)
    _check_records(tmp_path, summary.games)


def test_self_play_in_two_seats_with_a_clock(tmp_path: Path) -> None:
    players = [Player("A", tuple(yono_engine())), Player("B", tuple(yono_engine()), (("Noise", "50"),))]
    summary = run_match(players, "shogi", time=TimeControl(base=5.0, inc=0.05, margin=2.0), random_plies=2,
                        openings=1, ply_cap=16, out_dir=tmp_path)
    assert len(summary.games) == 2
    assert {g["players"]["s"] for g in summary.games} == {"A", "B"}
    for g in summary.games:
        assert not g["forfeits"], g["forfeits"]
        assert sum(g["scores"].values()) == pytest.approx(1.0)
    assert "A" in summary.table and "B" in summary.table
    _check_records(tmp_path, summary.games)


@pytest.mark.parametrize(
    "mode, reason, time",
    [
        ("crash", "crashed", TimeControl(nodes=100)),
        ("illegal", "illegal move", TimeControl(nodes=100)),
        ("hang", "lost on time", TimeControl(movetime=0.05, margin=0.5)),
        ("slow", "lost on time", TimeControl(base=0.5, margin=0.2)),
    ],
)
def test_broken_engines_fall_and_the_game_goes_on(tmp_path: Path, mode: str, reason: str, time: TimeControl) -> None:
    good = Player("good", tuple(yono_engine()))
    broken = Player("broken", tuple(fake(mode, after=2)))
    with reaped():  # every fallen engine was killed and reaped, its pipes closed
        summary = run_match([good, broken], "yono", time=time, random_plies=2, openings=1,
                            lineups=["ABBB"], ply_cap=60, out_dir=tmp_path)
    assert len(summary.games) == 4
    for g in summary.games:
        fallen = [f["seat"] for f in g["forfeits"]]
        # Every copy of the broken engine fell by forfeit (unless checkmated first),
        # each with the reason, and the good engine played on to the end.
        assert fallen, g
        assert all(reason in f["reason"] for f in g["forfeits"]), g["forfeits"]
        good_seat = next(s for s, p in g["players"].items() if p == "good")
        assert good_seat not in fallen
        assert len(g["records"]) == len(g["forfeits"]) + 1 or g["reason"].startswith(f"{fallen[-1]} forfeited")
    rows = {r.name: r for r in summary.rows}
    assert rows["good"].mean > rows["broken"].mean
    _check_records(tmp_path, summary.games)


def test_a_forfeit_ends_a_two_seat_game(tmp_path: Path) -> None:
    with reaped():
        summary = run_match([Player("good", tuple(yono_engine())), Player("crash", tuple(fake("crash", 2)))],
                            "shogi", time=TimeControl(nodes=100), random_plies=2, openings=1, ply_cap=40)
    for g in summary.games:
        loser = next(s for s, p in g["players"].items() if p == "crash")
        assert g["scores"][loser] == 0 and "crashed" in g["reason"]


def test_the_command_line(tmp_path: Path) -> None:
    engine = " ".join(yono_engine())
    run = subprocess.run(
        [sys.executable, "-m", "yono.match", "--variant", "yono", "--engine", f"A={engine}", "--engine", f"B={engine}",
         "--option", "B:Noise=30", "--nodes", "200", "--openings", "1", "--random-plies", "2", "--ply-cap", "16",
         "--lineup", "ABBB", "--out", str(tmp_path), "--sprt", "0,0.5"],
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stderr
    assert "mean score" in run.stdout and "SPRT: llr" in run.stdout
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 4
    bad = subprocess.run([sys.executable, "-m", "yono.match", "--engine", "nocommand"], capture_output=True, text=True)
    assert bad.returncode == 2 and "NAME=COMMAND" in bad.stderr
