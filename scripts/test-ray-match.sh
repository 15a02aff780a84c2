#!/usr/bin/env bash
# The match runner on Ray: a small four-seat match of yono-engine against itself,
# played as Ray tasks on a Ray started on this machine (`--ray local`). Not part of
# scripts/test.sh (Ray is large: installing it and starting it take a minute or more).
# It makes a virtualenv of its own (YONO_RAY_VENV, default target/ray-venv) with Ray
# from PyPI and the yono wheel (YONO_PY_WHEEL, or one built here with maturin).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${YONO_RAY_VENV:-target/ray-venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "ray>=2" "maturin>=1.9.4,<2"
if [ -z "${YONO_PY_WHEEL:-}" ]; then
    dist="$(mktemp -d)"
    trap 'rm -rf "$dist"' EXIT
    (cd yono-py && "../$venv/bin/maturin" build --release --quiet --out "$dist")
    YONO_PY_WHEEL="$(ls "$dist"/yono-*.whl)"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$YONO_PY_WHEEL"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check numpy
cargo build -q --release -p yono-engine
engine="$(pwd)/target/release/yono-engine"
out="$(mktemp -d)"
"$venv/bin/python" -m yono.match --variant yono --engine "A=$engine" --engine "B=$engine" --option B:Noise=50 \
    --lineup ABBB --nodes 300 --openings 1 --random-plies 2 --ply-cap 24 --concurrency 2 --ray local --out "$out"
games=$(wc -l < "$out/games.jsonl")
records=$(ls "$out/games" | wc -l)
rm -rf "$out"
if [ "$games" -ne 4 ] || [ "$records" -lt 4 ]; then
    echo "scripts/test-ray-match.sh: expected 4 games and their records, got $games games, $records records" >&2
    echo "scripts/test-ray-match.sh: 0 passed, 1 failed"
    exit 1
fi
echo "scripts/test-ray-match.sh: 1 passed, 0 failed"
