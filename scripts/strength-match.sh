#!/usr/bin/env bash
# The strength measurements of docs/ENGINE.md ("Strength"), each a match of
# yono-engine/examples/match.rs (release build), run with `nice -n 10`:
#   yaneuraou  standard Shogi, this engine against YaneuraOu (material-only build,
#              USI; YANEURAOU=path, default /tmp/yaneuraou/source/YaneuraOu-by-gcc),
#              100 ms a move each, colours swapped over balanced openings
#   old        four seats, this engine against three copies of the engine of
#              commit 014eba7 (built by scripts/old-engine.sh), 50 ms a move each
#   time       four seats, this engine at 200 ms against three copies at 50 ms
#   modes      four seats, BRS, BRS+ and paranoid-brs each against three paranoid copies, 50 ms
#   features   standard Shogi (VARIANT=yono: four seats, the hero against three
#              copies), this engine against itself without one search feature
#              (FEATURES, default all of them in turn), 50 ms a move each
#   all        yaneuraou, old, time and modes
#   --smoke    a few games at 300 nodes a move (seconds; used by scripts/test.sh):
#              checks that matches run and report, not who wins
# Usage: [SEED=S] [FEATURES='nmp lmr'] [VARIANT=yono] scripts/strength-match.sh [yaneuraou|old|time|modes|features|all|--smoke] [GAMES]
# GAMES (default 24) per match; each line printed is a match's summary (W/D/L and
# Elo with a 95% interval for Shogi, the mean of 3 with its 95% interval for four
# seats); per-game lines go to stderr. At 24 games a match takes 5-10 minutes on a
# loaded 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
games="${2:-24}"
seed="${SEED:-1}"
cargo build -q --release -p yono-engine --example match
match=(nice -n 10 target/release/examples/match)

if [ "$what" = "--smoke" ]; then
    out=$("${match[@]}" --variant yono --a 'self:nodes=300' --b 'self:nodes=300,mode=brs' --games 4)
    echo "$out"
    grep -q '^A vs 3 x B: 4 games' <<<"$out"
    out=$("${match[@]}" --variant shogi --a 'self:nodes=300' --b 'self:nodes=300,without=nmp' --games 2)
    echo "$out"
    grep -q '^A vs B: 2 games' <<<"$out"
    exit 0
fi

yaneuraou() {
    local yo="${YANEURAOU:-/tmp/yaneuraou/source/YaneuraOu-by-gcc}"
    echo "== Shogi: yono-engine (100 ms) vs YaneuraOu material-only (100 ms), $games games"
    "${match[@]}" --variant shogi --a 'self:time=100' --b "usi:$yo;Threads=1;USI_Hash=16" \
        --tc movetime=100 --games "$games" --seed "$seed"
}
old() {
    local old_engine
    old_engine="$(bash scripts/old-engine.sh)"
    echo "== four seats: yono-engine (50 ms) vs 3 x engine@014eba7 (50 ms), $games games"
    "${match[@]}" --variant yono --a 'self:time=50' --b "proc:$old_engine" --tc movetime=50 \
        --games "$games" --seed "$seed"
}
more_time() {
    echo "== four seats: yono-engine at 200 ms vs 3 x itself at 50 ms, $games games"
    "${match[@]}" --variant yono --a 'self:time=200' --b 'self:time=50' --games "$games" --seed "$seed"
}
modes() {
    for mode in brs brs+ paranoid-brs; do
        echo "== four seats: mode $mode vs 3 x paranoid, 50 ms, $games games"
        "${match[@]}" --variant yono --a "self:time=50,mode=$mode" --b 'self:time=50,mode=paranoid' \
            --games "$games" --seed "$seed"
    done
}
features() {
    local variant="${VARIANT:-shogi}"
    for feature in ${FEATURES:-nmp lmr fut rfp razor see lmp asp iir check hist delta recap}; do
        echo "== $variant: yono-engine vs itself without $feature, 50 ms, $games games"
        "${match[@]}" --variant "$variant" --a 'self:time=50' --b "self:time=50,without=$feature" \
            --games "$games" --seed "$seed"
    done
}
case "$what" in
    yaneuraou) yaneuraou ;;
    features) features ;;
    old) old ;;
    time) more_time ;;
    modes) modes ;;
    all) yaneuraou; old; more_time; modes ;;
    *) echo "usage: $0 [yaneuraou|old|time|modes|features|all|--smoke] [GAMES]" >&2; exit 2 ;;
esac
