#!/usr/bin/env bash
# Benchmark of the machine-learning layer (docs/ML.md) against cshogi, in one run.
# Reuses the bench virtualenv of run.sh (yono-py/.venv-bench), adds cshogi, numpy,
# PettingZoo and Gymnasium, builds yono in release mode, then runs ml_bench.py.
# Extra arguments go to ml_bench.py (e.g. --time 2 --envs 256).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
py_root="$(cd "$here/.." && pwd)"
venv="${YONO_BENCH_VENV:-$py_root/.venv-bench}"
if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "maturin>=1.9.4,<2" cshogi numpy pettingzoo gymnasium
dist="$(mktemp -d)"
trap 'rm -rf "$dist"' EXIT
(cd "$py_root" && "$venv/bin/maturin" build --release --quiet --out "$dist")
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$dist"/yono-*.whl
cd "$here"
exec "$venv/bin/python" ml_bench.py "$@"
