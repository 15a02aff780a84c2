#!/usr/bin/env bash
# Benchmark: yono's Python bindings against cshogi and python-shogi, in one run.
# Makes its own virtualenv (yono-py/.venv-bench, reused), installs cshogi and
# python-shogi from PyPI and a release build of yono, then runs bench.py.
# Extra arguments go to bench.py (e.g. --time 2).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bench_run bench.py "cshogi python-shogi" "$@"
