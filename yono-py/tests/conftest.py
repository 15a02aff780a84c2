"""Shared paths (where the cross-language test vectors and the README live) and a
race-free check that a call releases the GIL."""

import os
import threading
from pathlib import Path
from typing import Callable

from yono import _yono

#: yono-py/tests -> repo root -> tests/vectors (override with YONO_VECTORS).
VECTORS = Path(os.environ.get("YONO_VECTORS", Path(__file__).resolve().parents[2] / "tests" / "vectors"))

#: The yono-py folder (README, pyproject).
PY_ROOT = Path(__file__).resolve().parents[1]


def runs_without_gil(call: Callable[[], object], max_calls: int = 20000) -> bool:
    """True when another Python thread ran while ``call`` was inside Rust without the GIL.

    A worker thread repeats ``call``; this thread polls the bindings' count of threads
    inside a GIL-free call (``_yono._threads_without_gil``). Polling is Python code and
    needs the GIL, so the poll can see a count above zero only if the worker let the GIL
    go while it was inside Rust. Nothing is timed: with the GIL held, the poll runs only
    between calls (count 0) and the check fails after ``max_calls`` calls.
    """
    stop = threading.Event()
    calls = [0]

    def worker() -> None:
        while not stop.is_set() and calls[0] < max_calls:
            call()
            calls[0] += 1

    t = threading.Thread(target=worker)
    t.start()
    seen = False
    try:
        while t.is_alive() and not seen:
            seen = _yono._threads_without_gil() > 0
    finally:
        stop.set()
        t.join()
    return seen
