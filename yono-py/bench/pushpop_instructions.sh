#!/usr/bin/env bash
# Instructions per Python push+pop pair, counted by callgrind (docs/PERFORMANCE.md).
# Usage: bash yono-py/bench/pushpop_instructions.sh [PYTHON]
# PYTHON is an interpreter with yono installed (default: python3). Runs the workload of
# pushpop_instructions.py with 10 and with 30 passes under callgrind (whole process)
# and prints (Ir(30) - Ir(10)) / (20 passes x pairs per pass).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${1:-python3}"
# Python's string hashing is seeded per process: fix it, so that runs agree.
export PYTHONHASHSEED=0
# numpy (imported by yono since the ML layer) starts an OpenBLAS thread pool whose
# threads run for a varying time under callgrind (whole process): 1,238-1,361 a pair
# over six runs of one build with it, one figure every run without it.
export OPENBLAS_NUM_THREADS=1
count() {
    local passes="$1" log
    log="$(mktemp)"
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file="$log" \
        "$python" "$here/pushpop_instructions.py" --passes "$passes" >/dev/null
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log"
    rm -f "$log"
}
pairs="$("$python" "$here/pushpop_instructions.py" --passes 1 | sed -n 's/pairs per pass //p')"
low="$(count 10)"
high="$(count 30)"
echo "pairs per pass: $pairs"
echo "Ir(10 passes): $low   Ir(30 passes): $high"
awk -v h="$high" -v l="$low" -v p="$pairs" 'BEGIN { printf "instructions per push+pop pair: %.1f\n", (h - l) / (20 * p) }'
