#!/usr/bin/env bash
# Benchmark of the machine-learning layer (docs/ML.md) against cshogi, in one run.
# Reuses the bench virtualenv of run.sh (yono-py/.venv-bench), adds cshogi, numpy,
# PettingZoo and Gymnasium, builds yono in release mode, then runs ml_bench.py.
# Extra arguments go to ml_bench.py (e.g. --time 2 --envs 256).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bench_run ml_bench.py "cshogi numpy pettingzoo gymnasium" "$@"
