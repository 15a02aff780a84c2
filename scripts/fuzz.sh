#!/usr/bin/env bash
# Builds the libFuzzer fuzz targets in fuzz/ and runs each one in turn.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     run each target SECONDS (default 60)
#   scripts/fuzz.sh --runs N [TARGET...]      run each target for N inputs instead
#   scripts/fuzz.sh --build                   only build
#   scripts/fuzz.sh --list                    list the targets
#
# Targets: position_text move_text sfen play (default: all four).
#
# Works with the stable toolchain: the coverage instrumentation libFuzzer needs
# (SanitizerCoverage) is switched on with stable `-C` codegen flags, and the
# libfuzzer-sys crate compiles libFuzzer itself with the system C++ compiler, so
# neither nightly Rust nor cargo-fuzz is needed. (With cargo-fuzz installed,
# `cargo fuzz run <target> --sanitizer none` uses the same layout.)
# FUZZ_SANITIZER=address adds AddressSanitizer, which needs -Zsanitizer and hence
# RUSTC_BOOTSTRAP=1 (set by this script); yono forbids unsafe code, so the default
# is none.
#
# Each target starts from its seed corpus (fuzz/seeds/<target>, committed) merged
# with what earlier runs found (fuzz/corpus/<target>, not committed). A crash or
# timeout stops the run with exit code 1 and leaves the input in
# fuzz/artifacts/<target>/: turn it into a regression test (see
# docs/RELIABILITY.md).
#
# Environment: FUZZ_JOBS (parallel jobs per target, default 1), FUZZ_SANITIZER,
# FUZZ_MAX_LEN (default 4096; play: 1024), FUZZ_TIMEOUT (seconds per input, default 10).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
ALL_TARGETS=(position_text move_text sfen play)

mode=time
amount=60
build_only=0
case "${1:-}" in
--runs)
    mode=runs
    amount=${2:?--runs needs a number}
    shift 2
    ;;
--build)
    build_only=1
    shift
    ;;
--list)
    printf '%s\n' "${ALL_TARGETS[@]}"
    exit 0
    ;;
-h | --help)
    sed -n '2,28p' "$0"
    exit 0
    ;;
'' | *[!0-9]*) ;;
*)
    amount=$1
    shift
    ;;
esac
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")

host=$(rustc -vV | sed -n 's/^host: //p')
export CARGO_TARGET_DIR=$ROOT/fuzz/target
flags=(
    -Cpasses=sancov-module
    -Cllvm-args=-sanitizer-coverage-level=4
    -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
    -Cllvm-args=-sanitizer-coverage-pc-table
    -Cllvm-args=-sanitizer-coverage-trace-compares
    --cfg fuzzing
    -Cdebug-assertions
    -Coverflow-checks
)
case "${FUZZ_SANITIZER:-none}" in
none) ;;
address)
    export RUSTC_BOOTSTRAP=1
    flags+=(-Zsanitizer=address)
    ;;
*)
    echo "FUZZ_SANITIZER must be none or address" >&2
    exit 2
    ;;
esac
export RUSTFLAGS="${flags[*]}"
# --target keeps the instrumentation off build scripts and proc macros.
echo "== building fuzz targets (libFuzzer, SanitizerCoverage, sanitizer ${FUZZ_SANITIZER:-none})"
cargo build --release --manifest-path fuzz/Cargo.toml --target "$host" --bins
[ "$build_only" -eq 0 ] || exit 0
bindir=$CARGO_TARGET_DIR/$host/release

status=0
for t in "${targets[@]}"; do
    [ -x "$bindir/$t" ] || {
        echo "unknown target $t (try --list)" >&2
        exit 2
    }
    corpus=fuzz/corpus/$t
    artifacts=fuzz/artifacts/$t
    mkdir -p "$corpus" "$artifacts"
    # A play input of 1 KiB is a game of about 500 moves, each checked in depth.
    max_len=4096
    [ "$t" != play ] || max_len=1024
    args=(
        "-max_len=${FUZZ_MAX_LEN:-$max_len}"
        "-timeout=${FUZZ_TIMEOUT:-10}"
        -rss_limit_mb=2048
        -print_final_stats=1
        -dict=fuzz/yono.dict
        "-artifact_prefix=$artifacts/"
    )
    if [ "$mode" = runs ]; then
        args+=("-runs=$amount")
    else
        args+=("-max_total_time=$amount")
    fi
    if [ "${FUZZ_JOBS:-1}" -gt 1 ]; then
        args+=("-jobs=$FUZZ_JOBS" "-workers=$FUZZ_JOBS")
    fi
    echo "== fuzzing $t ($mode $amount)"
    log=$(mktemp)
    if "$bindir/$t" "${args[@]}" "$corpus" "fuzz/seeds/$t" >"$log" 2>&1; then
        grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|Done [0-9]+ runs' "$log" || true
        echo "   $t: ok ($(ls "$corpus" | wc -l) corpus files)"
    else
        tail -n 60 "$log"
        echo "   $t: FAILED: see fuzz/artifacts/$t/"
        status=1
    fi
    rm -f "$log"
done
exit $status
