"""Shared paths: where the cross-language test vectors and the README live."""

import os
from pathlib import Path

#: yono-py/tests -> repo root -> tests/vectors (override with YONO_VECTORS).
VECTORS = Path(os.environ.get("YONO_VECTORS", Path(__file__).resolve().parents[2] / "tests" / "vectors"))

#: The yono-py folder (README, pyproject).
PY_ROOT = Path(__file__).resolve().parents[1]
