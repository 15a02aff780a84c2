#!/usr/bin/env bash
# The engine as a program (docs/PROTOCOL.md), against the release yono-engine: cshogi
# (PyPI) drives it as a USI engine through a Shogi game and a two-game match; the
# Python client yono.engine is tested against it and against a broken fake engine
# (crash, hang, garbage, illegal move); the match runner plays it against itself in
# two and four seats and against broken engines, and its statistics are checked on
# synthetic results; mypy --strict checks the client, the runner and the tests.
# (The protocol's scripted dialogues are yono-engine/tests/protocol.rs, in the Rust
# tests.) Needs the virtualenv of yono-py/test.sh with the yono wheel installed
# (YONO_PY_VENV to use another); installs cshogi into it. About 45 s.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$(cd "${YONO_PY_VENV:-yono-py/.venv}" && pwd)"
cargo build -q --release -p yono-engine
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check cshogi "pytest-timeout>=2"
engine="$(pwd)/target/release/yono-engine"
# (--timeout: a hanging test fails by name, pytest-timeout.)
# The client and the runner leave no engine running and no pipe open: any warning
# fails them (the fallen engines of a match were once killed by a task the loop's end
# cancelled, leaving them unreaped). cshogi's engine class leaves its pipes open, so
# its tests run apart. Without hypothesis's plugin: it imports hypothesis only in the
# closing summary, and that late compile is where CPython 3.11.7 raised "AST
# constructor recursion depth mismatch" when such a leak's finalizer ran during it.
(cd yono-py/tests && YONO_ENGINE="$engine" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
    -p no:hypothesispytest --timeout=600 -W error test_engine_client.py test_match.py)
(cd yono-py/tests && YONO_ENGINE="$engine" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
    -p no:hypothesispytest --timeout=600 test_cshogi.py)
(cd yono-py && "$venv/bin/mypy" --strict --no-incremental --cache-dir=/dev/null \
    python/yono/engine.py python/yono/match tests/fake_engine.py)
