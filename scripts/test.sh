#!/usr/bin/env bash
# Runs every check of the project: formatting, lints, the Rust tests (debug, then
# release mode for perft and long random games), a fuzz smoke run, the Python
# package's tests (on the release wheel), the web pages' server and browser tests
# (yono-py/web-test.sh), the C/C++ tests under valgrind, the SVG
# render check, and the release artefacts (scripts/test-release.sh).
# The release check and the C tests run beside other sections (see start_beside).
# It installs what it needs itself (Python tools go into a virtualenv it creates;
# docs/render.sh installs rsvg-convert with apt-get when it is missing).
set -euo pipefail
cd "$(dirname "$0")/.."

sections=0
current=""
section_start=$SECONDS
timings=""
cleanup=()
declare -A beside_pid=() beside_log=() # the checks run beside the others (below)
# CPU seconds used so far by the commands this script ran (user + system): beside the
# wall time, a measure that a busy machine does not inflate.
times_file="$(mktemp)"
cpu_now=0
read_cpu() { # sets cpu_now; run in this shell, as a subshell would count its own children
    times > "$times_file"
    cpu_now=$(awk 'NR == 2 { n = 0; for (i = 1; i <= 2; i++) { split($i, t, "m"); n += t[1] * 60 + t[2] }
        printf "%.0f", n }' "$times_file")
}
section_cpu=0
close_section() {
    [ -z "$current" ] && return 0
    read_cpu
    timings+=$(printf '%5ss wall %5ss CPU  %s' "$((SECONDS - section_start))" \
        "$((cpu_now - section_cpu))" "$current")$'\n'
    return 0
}
section() {
    close_section
    sections=$((sections + 1))
    current="$*"
    section_start=$SECONDS
    read_cpu
    section_cpu=$cpu_now
    printf '\n== %s\n' "$*"
}
# On any failure, say which section failed (set -e stops at the failing command).
on_exit() {
    local rc=$?
    for pid in "${beside_pid[@]}"; do
        kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
    done
    for dir in "${cleanup[@]}"; do rm -rf "$dir"; done
    rm -f "$times_file"
    if [ "$rc" -ne 0 ]; then
        printf '\n== FAILED: section %s of the test command, "%s" (exit %s after %ss)\n' \
            "$sections" "$current" "$rc" "$((SECONDS - section_start))" >&2
        [ -n "$timings" ] && printf '(the sections that passed)\n%s' "$timings" >&2
        echo "scripts/test.sh: $((sections - 1)) passed, 1 failed: $current" >&2
    fi
}
trap on_exit EXIT

# Checks that spend most of their time on one core run beside the others, each in a
# process group of its own with its output kept in a log: `start_beside NAME CMD...`
# starts one, `wait_beside NAME` (in its section, in the usual order) prints its log
# and fails as it failed. If the script ends early, on_exit stops them.
start_beside() {
    local name=$1
    shift
    beside_log[$name]=$(mktemp)
    cleanup+=("${beside_log[$name]}")
    setsid --wait "$@" >"${beside_log[$name]}" 2>&1 &
    beside_pid[$name]=$!
}
wait_beside() {
    local rc=0
    wait "${beside_pid[$1]}" || rc=$?
    unset "beside_pid[$1]"
    cat "${beside_log[$1]}"
    return "$rc"
}
# `ends_quietly_into_a_closed_pipe CMD...`: a reader that stops early (`perft ... |
# head -1`) must end the program quietly, status 0 and nothing on stderr, not with a
# panic; here the reader has gone before anything is written.
ends_quietly_into_a_closed_pipe() {
    local status=0 err
    err=$(mktemp)
    "$@" 2>"$err" | true || status=$?
    if [ "$status" != 0 ] || [ -s "$err" ]; then
        echo "$* into a closed pipe gave status $status and:"; cat "$err"; exit 1
    fi
    rm -f "$err"
}

# The release check (scripts/test-release.sh) builds in a fresh clone with a target
# directory of its own, mostly on one core (fat LTO, codegen-units = 1), then installs
# and runs what it built: it starts with the first section.
release_wheel=$(mktemp -d)
cleanup+=("$release_wheel")
start_beside release bash scripts/test-release.sh --wheel-dir "$release_wheel"

section "rustfmt"
cargo fmt --all -- --check
# fuzz/ is a workspace of its own: its files are checked directly.
rustfmt --edition 2021 --check fuzz/src/*.rs fuzz/fuzz_targets/*.rs fuzz/tests/*.rs

section "clippy"
cargo clippy --workspace --all-targets -- -D warnings

section "rustdoc: no broken or private links in the public docs"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --all-features -p yono-core -p yono-engine -p yono-ffi

section "yono-core with the rules alone (--no-default-features) and each feature alone"
# Type-checking each set is what proves it compiles alone; the test below builds one.
cargo check -p yono-core --no-default-features
for feature in serde record svg; do
    cargo check -p yono-core --no-default-features --features "$feature"
done
cargo test -p yono-core --no-default-features --lib -- --skip proptests

section "Rust tests (debug, with doctests)"
cargo test --workspace

section "Release mode: perft (Shogi depth 5, Yo[n]o depths 5-6, matsuri depth 3) and long random games"
cargo test --release -p yono-core --test perft --test long_games -- --include-ignored --nocapture
# The counts of a slow perft reach a reader that has gone.
cargo build -q --release -p yono-core --example perft
ends_quietly_into_a_closed_pipe "${CARGO_TARGET_DIR:-target}/release/examples/perft" yono 5

section "Engine smoke (release): a 4-game tournament, engine@2k against three random players"
cargo run -q --release -p yono-engine --example tournament -- --hero engine@2k --field random --games 4
bash scripts/strength-match.sh --smoke # the match harness of docs/ENGINE.md runs and reports (about 20 s)
# Every example of the three crates answers --help with its usage, and a malformed call
# with its error and usage and status 2 (not a panic); the analysis tool of
# docs/ENGINE.md searches.
cargo build -q --release -p yono-core -p yono-ml -p yono-engine --examples
examples_dir=${CARGO_TARGET_DIR:-target}/release/examples
example_err=$(mktemp)
for example in yono-core/examples/*.rs yono-ml/examples/*.rs yono-engine/examples/*.rs; do
    example=$(basename "$example" .rs)
    "$examples_dir/$example" --help | grep -q "^usage: $example"
    example_status=0
    "$examples_dir/$example" --no-such-flag >/dev/null 2>"$example_err" || example_status=$?
    if [ "$example_status" != 2 ] || ! grep -q "^$example: unknown argument" "$example_err" \
        || ! grep -q "^usage: $example" "$example_err"; then
        echo "$example: a malformed call gave status $example_status and:"; cat "$example_err"; exit 1
    fi
done
"$examples_dir/analyse" --depth 2 yono | grep -q '^bestmove '
ends_quietly_into_a_closed_pipe "$examples_dir/analyse" --depth 7 yono # as must its search's lines
ends_quietly_into_a_closed_pipe "$examples_dir/search" 4
ends_quietly_into_a_closed_pipe "$examples_dir/random_games" --games 20 --envs 8
# The reading of match records in docs/ENGINE.md: the falls of four short games, and
# what the hero's own search foresaw of its fall (node-limited, so deterministic).
records=$(mktemp) falls_out=$(mktemp)
"$examples_dir/match" --variant yono --a 'self:nodes=300' --b 'self:nodes=300' --games 4 \
    --record "$records" >/dev/null 2>&1
"$examples_dir/falls" "$records" --foresight-nodes 300 --each >"$falls_out"
grep -q '^4 games, ' "$falls_out"
grep -q "^  by the faller's seat, counted from the hero's (A's): hero " "$falls_out"
grep -q '^foresight over the four-seat phase of 4 games, read for the hero by its own search:' "$falls_out"
[ "$(grep -c "s reports at plies \[" "$falls_out")" = 4 ]
rm -f "$records" "$falls_out"

section "Fuzz smoke (libFuzzer on stable Rust, 2000 runs per target)"
bash scripts/fuzz.sh --runs 2000

section "Release: scripts/dist.sh in a fresh clone; crate, wheel and C SDK installed and tested (started with the first section)"
wait_beside release

# The C and C++ tests (valgrind, helgrind: one core) run beside the Python section
# (whose tests do not depend on timing); the browser and engine-program tests, which
# wait on real processes, run after them on a machine left to them.
start_beside c bash tests/c/run.sh

section "Python (the release wheel)"
YONO_PY_WHEEL=$(ls "$release_wheel"/yono-*.whl) bash yono-py/test.sh

section "C and C++ (started with the Python section)"
wait_beside c

section "Web: yono.web server tests, mypy and browser tests (headless Chromium) on the release wheel"
YONO_PY_WHEEL=$(ls "$release_wheel"/yono-*.whl) bash yono-py/web-test.sh

section "The engine as a program: cshogi, the Python client and the match runner against yono-engine"
bash scripts/test-engine-program.sh

section "SVG diagrams rendered to PNG and compared across renderers (librsvg, QtSvg, nanosvg)"
bash docs/render.sh

# Any failure above stops the script (set -e), so reaching here means every section passed.
close_section
read_cpu
printf '\n== all checks passed (seconds per section)\n%s%5ss wall %5ss CPU  in all\n' \
    "$timings" "$SECONDS" "$cpu_now"
echo "scripts/test.sh: $sections passed, 0 failed"
