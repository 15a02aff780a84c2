"""The Ray self-play example writes valid shards (small scale, Ray on this machine).

Skipped when Ray is not installed (yono-py/test.sh installs it when it can) or when
YONO_TEST_RAY=0; starting Ray takes some 20-40 s.
"""

import os
import subprocess
import sys

import numpy as np
import pytest

from conftest import PY_ROOT

import yono

pytestmark = pytest.mark.skipif(os.environ.get("YONO_TEST_RAY") == "0", reason="YONO_TEST_RAY=0")


def test_ray_example_writes_shards(tmp_path) -> None:
    pytest.importorskip("ray")
    script = PY_ROOT / "examples" / "ray_selfplay.py"
    out = tmp_path / "shards"
    args = ["--local", "--out", str(out), "--tasks", "2", "--envs", "4", "--steps", "80",
            "--max-plies", "30", "--local-cpus", "2"]
    run = subprocess.run([sys.executable, str(script), *args], capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "2 shards" in run.stdout
    shards = sorted(out.glob("shard-*.npz"))
    assert len(shards) == 2
    for path in shards:
        with np.load(path) as data:
            n = len(data["actions"])
            assert n > 0
            assert data["observations"].shape == (n, 96, 9, 9)
            masks = np.unpackbits(data["masks_packed"], axis=1)[:, : yono.ACTION_SIZE]
            # Every recorded action was legal where it was played.
            assert masks[np.arange(n), data["actions"]].all()
            outcomes = data["outcomes"]
            finite = outcomes[np.isfinite(outcomes)]
            assert ((finite >= -1) & (finite <= 1)).all()
            assert set(np.unique(data["to_play"]).tolist()) <= {0, 1, 2, 3}
