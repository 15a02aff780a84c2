#!/usr/bin/env bash
# Benchmark: yono's Python bindings against cshogi and python-shogi, in one run.
# Makes its own virtualenv (yono-py/.venv-bench, reused), installs cshogi and
# python-shogi from PyPI and a release build of yono, then runs bench.py.
# Extra arguments go to bench.py (e.g. --time 2).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
py_root="$(cd "$here/.." && pwd)"
venv="${YONO_BENCH_VENV:-$py_root/.venv-bench}"
if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "maturin>=1.9.4,<2" cshogi python-shogi
dist="$(mktemp -d)"
trap 'rm -rf "$dist"' EXIT
(cd "$py_root" && "$venv/bin/maturin" build --release --quiet --out "$dist")
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$dist"/yono-*.whl
cd "$here"
exec "$venv/bin/python" bench.py "$@"
