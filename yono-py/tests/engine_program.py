"""Where the tests find engine programs: the project's ``yono-engine`` (the path in
the YONO_ENGINE environment variable) and the deliberately broken fake engine beside
this file.

The tests that play through the program run when YONO_ENGINE is set (the test
command's section "The engine as a program" builds the release program and sets
it; ``YONO_ENGINE=target/release/yono-engine pytest ...`` by hand) and are skipped
otherwise, so that yono-py/test.sh does not play them a second time. A YONO_ENGINE
that names no program fails them."""

import contextlib
import gc
import os
import sys
import warnings
from pathlib import Path
from typing import Iterator, List

import pytest

FAKE = Path(__file__).resolve().parent / "fake_engine.py"


def yono_engine() -> List[str]:
    """The command line of the project's engine program (skips the test without it)."""
    given = os.environ.get("YONO_ENGINE")
    if not given:
        pytest.skip("set YONO_ENGINE to a yono-engine program (cargo build --release -p yono-engine) to run this test")
    path = Path(given)
    if not (path.is_file() and os.access(path, os.X_OK)):
        pytest.fail(f"YONO_ENGINE={given} is not an executable program")
    return [str(path.resolve())]


def fake(mode: str, after: int = 1) -> List[str]:
    """The command line of the fake engine misbehaving as ``mode`` from its ``after``-th go."""
    return [sys.executable, str(FAKE), mode, str(after)]


@contextlib.contextmanager
def reaped() -> Iterator[None]:
    """Fails the test if an engine process started in the block is left running or its
    pipes open: collected afterwards, such objects warn ("subprocess N is still
    running", "unclosed transport"), and any such warning fails it."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        yield
        gc.collect()
    leaks = [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)]
    assert not leaks, leaks
