"""Shared fixtures: where the cross-language test vectors live, and loaders."""

import json
import os
from pathlib import Path
from typing import Any, List

import pytest

#: yono-py/tests -> repo root -> tests/vectors (override with YONO_VECTORS).
VECTORS = Path(os.environ.get("YONO_VECTORS", Path(__file__).resolve().parents[2] / "tests" / "vectors"))

#: The yono-py folder (README, pyproject).
PY_ROOT = Path(__file__).resolve().parents[1]


def load_vectors(name: str) -> List[Any]:
    """The parsed vector file `name`.json; fails (not skips) when it is missing."""
    path = VECTORS / f"{name}.json"
    if not path.exists():
        pytest.fail(f"test vectors missing: {path}")
    with path.open(encoding="utf-8") as f:
        data = json.load(f)
    assert isinstance(data, list) and data, f"{path} holds no vectors"
    return data
