"""The learning baseline's short run (yono-py/examples/train.py --quick): the curve
has its phases and the policy learns. Checked for shape and improvement, not for time;
every seed is fixed, so the run is the same on every machine."""

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from conftest import PY_ROOT


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train", PY_ROOT / "examples" / "train.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Its dataclasses look their module up by name.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_quick_training_learns(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    example().main(["--quick", "--out", str(out)])
    run = json.loads(out.read_text())
    curve = run["curve"]
    phases = [p["phase"] for p in curve]
    assert phases[0] == "start" and "bc" in phases and phases[-1] == "pg"
    assert all(0.0 <= p["score"] <= 3.0 for p in curve)
    seconds = [p["seconds"] for p in curve]
    assert seconds == sorted(seconds)
    # Behaviour cloning fits the engine's moves better epoch after epoch.
    losses = [p["loss"] for p in curve if p["phase"] == "bc"]
    assert len(losses) >= 2 and losses[-1] < losses[0]
    # The trained policy beats random moves on the same fresh games, by a margin far
    # outside the noise of this many games.
    res = run["results"]
    assert res["score_vs_random"] > res["random_vs_random"] + 0.3
    assert curve[-1]["score"] > curve[0]["score"] + 0.3


def test_features_cover_every_legal_action_once() -> None:
    import numpy as np

    import yono

    train = example()
    env = yono.VectorEnv(8, seed=3, agents=["s"])
    for _ in range(60):
        env.step()
    legal, counts = env.legal_actions.astype(np.int64), env.legal_counts
    feats = train.action_features(train.piece_ids(env.observations), legal)
    assert feats.shape == legal.shape + (30,)
    assert feats.min() >= 0 and feats.max() < train.NUM_WEIGHTS
    # The target-square feature (the 26th) names each action's target square.
    valid = np.arange(legal.shape[1]) < counts[:, None]
    target = (feats[..., 25] - train.OFFSETS["target square"]) % 81
    assert np.array_equal(target[valid], yono.ACTION_PARTS[legal][..., 1][valid])
    with pytest.raises(SystemExit):
        train.main(["--no-such-flag"])
