"""The Ray self-play example: its shards (written without Ray, directly) give every
sample its outcome, keep the outcomes of seats that fell, carry game ids and load in
one call; and the example runs on Ray at small scale.

The Ray run is skipped when Ray is not installed (yono-py/test.sh installs it when it
can) or when YONO_TEST_RAY=0; starting Ray takes some 20-40 s.
"""

import importlib.util
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from conftest import PY_ROOT

import yono

SCRIPT = PY_ROOT / "examples" / "ray_selfplay.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ray_selfplay", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_shards(data: dict, games: int) -> None:
    n = len(data["actions"])
    assert n > 0 and data["observations"].shape == (n, 96, 9, 9)
    assert data["masks"].shape == (n, yono.ACTION_SIZE)
    # Every recorded action was legal where it was played, and every sample has its
    # outcome.
    assert data["masks"][np.arange(n), data["actions"]].all()
    assert np.isfinite(data["outcomes"]).all()
    assert ((data["outcomes"] >= -1) & (data["outcomes"] <= 1)).all()
    by_game = defaultdict(list)
    for i, g in enumerate(data["game_ids"].tolist()):
        by_game[g].append(i)
    assert len(by_game) == games
    for rows in by_game.values():
        # A game's samples are its plies in order, each seat with one outcome.
        assert data["plies"][rows].tolist() == list(range(len(rows)))
        per_seat = {}
        for r in rows:
            per_seat.setdefault(int(data["to_play"][r]), set()).add(float(data["outcomes"][r]))
        assert all(len(v) == 1 for v in per_seat.values())
        if not data["bootstrapped"][rows].any():
            # Played to the end: the four seats' outcomes add up to zero.
            assert len(per_seat) == 4
            assert abs(sum(v.pop() for v in per_seat.values())) < 1e-5


def test_shards_give_every_sample_its_outcome(tmp_path: Path) -> None:
    ex = example()
    # Played to the end (the default cap): fallen seats' outcomes are kept.
    info = ex.generate_shard(0, str(tmp_path), envs=4, games=4, seed=1)
    data = ex.load_shards(str(tmp_path))
    assert info["games"] == 4 and len(data["actions"]) == info["samples"]
    check_shards(data, 4)
    assert not data["bootstrapped"].any()
    assert (data["outcomes"] == -1).any()  # the first seat out, kept
    # Cut off early: the seats still in get the value of a draw among them.
    short = tmp_path / "short"
    short.mkdir()
    ex.generate_shard(1, str(short), envs=4, games=6, seed=2, max_plies=60)
    data = ex.load_shards(str(short / "shard-*.npz"))
    check_shards(data, 6)
    assert data["bootstrapped"].all()
    draw_values = {yono.place_reward(yono.draw_place(k, "yono"), 3) for k in (2, 3, 4)}
    for outcome in np.unique(data["outcomes"]):
        assert any(abs(outcome - v) < 1e-6 for v in draw_values), outcome
    assert (data["game_ids"] >> 32 == 1).all()
    with pytest.raises(FileNotFoundError):
        ex.load_shards(str(tmp_path / "nothing-here"))


@pytest.mark.skipif(os.environ.get("YONO_TEST_RAY") == "0", reason="YONO_TEST_RAY=0")
def test_ray_example_writes_shards(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    out = tmp_path / "shards"
    args = ["--local", "--out", str(out), "--tasks", "2", "--envs", "4", "--games", "2",
            "--max-plies", "40", "--local-cpus", "2"]
    run = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "2 shards" in run.stdout
    data = example().load_shards(str(out))
    check_shards(data, 4)
    assert set((data["game_ids"] >> 32).tolist()) == {0, 1}
