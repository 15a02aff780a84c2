"""Where the tests find engine programs: the project's ``yono-engine`` (the
YONO_ENGINE environment variable, else the workspace's target/release or
target/debug build) and the deliberately broken fake engine beside this file.

Without a built ``yono-engine`` the tests that need it are skipped, unless
YONO_REQUIRE_ENGINE=1 (the test command sets it), which makes them fail instead."""

import os
import sys
from pathlib import Path
from typing import List

import pytest

ROOT = Path(__file__).resolve().parents[2]
FAKE = Path(__file__).resolve().parent / "fake_engine.py"


def yono_engine() -> List[str]:
    """The command line of the project's engine program (skips the test without it)."""
    given = os.environ.get("YONO_ENGINE")
    candidates = [Path(given)] if given else [ROOT / "target" / "release" / "yono-engine", ROOT / "target" / "debug" / "yono-engine"]
    for path in candidates:
        if path.is_file() and os.access(path, os.X_OK):
            return [str(path)]
    message = f"no yono-engine program (looked at {', '.join(map(str, candidates))}; build it with cargo build --release -p yono-engine)"
    if os.environ.get("YONO_REQUIRE_ENGINE") == "1":
        pytest.fail(message)
    pytest.skip(message)
    raise AssertionError("unreachable")


def fake(mode: str, after: int = 1) -> List[str]:
    """The command line of the fake engine misbehaving as ``mode`` from its ``after``-th go."""
    return [sys.executable, str(FAKE), mode, str(after)]
