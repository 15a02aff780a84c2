#!/usr/bin/env bash
# Instructions per Rust `Game::play` + `Game::undo` pair, counted by callgrind, for a
# listed move (from `Game::list_legal_moves`: one probe) and a checked one.
# Usage: bash yono-core/examples/play_instructions.sh [BINARY]
# BINARY defaults to target/release/examples/play_instructions (built here when absent).
# Runs the workload with 10 and 30 passes and prints (Ir(30) - Ir(10)) / extra pairs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${1:-$root/target/release/examples/play_instructions}"
if [ ! -x "$bin" ]; then
    cargo build --release -p yono-core --example play_instructions --manifest-path "$root/Cargo.toml"
fi
count() {
    local log
    log="$(mktemp)"
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file="$log" \
        "$bin" "$1" "$2" >/dev/null
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log"
    rm -f "$log"
}
for mode in checked listed; do
    pairs="$("$bin" "$mode" 1 | sed -n 's/.*pairs //p')"
    low="$(count "$mode" 10)"
    high="$(count "$mode" 30)"
    awk -v m="$mode" -v h="$high" -v l="$low" -v p="$pairs" \
        'BEGIN { printf "%s: %.1f instructions per play+undo pair (%d pairs a pass)\n", m, (h - l) / (20 * p), p }'
done
