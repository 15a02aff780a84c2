#!/usr/bin/env bash
# Builds the Python bindings in release mode, installs them into a virtualenv and runs
# the pytest suite and mypy --strict. Run from anywhere (usually the repo root:
# `bash yono-py/test.sh`). Needs python3 (3.10+), cargo, and PyPI + crates.io.
#
# Environment:
#   YONO_PY_VENV   virtualenv to create or reuse (default: yono-py/.venv)
#   PYTHON         interpreter for the virtualenv (default: python3)
#   YONO_PY_WHEEL  test this wheel instead of building one
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="${YONO_PY_VENV:-$here/.venv}"
python="${PYTHON:-python3}"

# shellcheck source=wheel-venv.sh
source "$here/wheel-venv.sh"
echo "== installing the test tools"
pip_install --upgrade pip
pip_install "pytest>=7" "pytest-timeout>=2" "mypy>=1.8" "hypothesis>=6"
# The machine-learning layer's runtime and the `yono[env]` extra (tests/test_ml.py,
# tests/test_env.py run PettingZoo's api_test and seed_test).
pip_install numpy pettingzoo gymnasium
# Ray runs the self-play example (tests/test_ray_example.py, skipped without it).
pip_install ray || echo "   (ray not installed: the Ray example test will be skipped)"
# The `yono[web]` extra's runtime (Starlette, uvicorn, websockets): stubtest imports and
# checks every module of the package, yono.web included. (Its tests are
# yono-py/web-test.sh; tests/test_web.py skips here without the test client's httpx.)
pip_install "$wheel[web]"

echo "== pytest"
# Run from outside the source tree so that the installed wheel is what gets imported.
# A test that hangs fails by name after --timeout seconds (pytest-timeout), instead of
# stalling the test command; no test is near that long.
(cd "$here/tests" && "$vpy" -m pytest -q -p no:cacheprovider --timeout=600 .)

echo "== mypy --strict (typed example, benchmarks) and stubtest (stubs against the built module)"
(cd "$here" && "$venv/bin/mypy" --strict --no-incremental --cache-dir=/dev/null \
    tests/typed_example.py bench/bench.py bench/ml_bench.py bench/pushpop_instructions.py)
(cd "$dist" && "$vpy" -m mypy.stubtest yono --ignore-disjoint-bases)
echo "== yono-py: all checks passed"
