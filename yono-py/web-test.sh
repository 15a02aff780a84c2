#!/usr/bin/env bash
# Tests yono.web (docs/WEB.md) on an installed wheel with its [web] extra: the server
# tests (pytest with Starlette's test client), mypy --strict on the package, and the
# browser tests (Debian's headless Chromium driven by playwright-core from npm).
# Run from anywhere: `bash yono-py/web-test.sh`; `--screenshots` saves the browser
# tests' screenshots into docs/web (the pictures docs/WEB.md shows).
#
# It installs what it needs: yono[web], pytest, httpx2 and mypy from PyPI into a
# virtualenv, playwright-core with `npm ci`, and Debian's chromium (and nodejs, npm)
# with apt-get when they are missing. No browser is downloaded.
#
# Environment:
#   YONO_PY_WHEEL         test this wheel instead of building one (scripts/test.sh
#                         passes the release wheel)
#   YONO_WEB_VENV         virtualenv to create or reuse (default: yono-py/.venv-web)
#   PYTHON                interpreter for the virtualenv (default: python3)
#   CHROMIUM              the browser (default: /usr/bin/chromium)
#   YONO_WEB_SCREENSHOTS  where the browser tests save screenshots (default: a
#                         temporary folder)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="${YONO_WEB_VENV:-$here/.venv-web}"
python="${PYTHON:-python3}"
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ "${1:-}" = "--screenshots" ]; then
    export YONO_WEB_SCREENSHOTS="$here/../docs/web"
fi
# shellcheck source=wheel-venv.sh
source "$here/wheel-venv.sh"
echo "== installing its [web] extra and the test tools"
pip_install "$wheel[web]" "pytest>=7" "pytest-timeout>=2" "mypy>=1.8"
# Starlette's test client runs on httpx2 (or httpx on older Starlette).
pip_install httpx2 || pip_install httpx

echo "== server tests (pytest, Starlette's test client)"
# From outside the source tree, so that the installed wheel is what gets imported.
# A test that hangs fails by name after --timeout seconds (pytest-timeout), instead of
# stalling the test command; no test is near that long.
(cd "$here/tests" && "$vpy" -m pytest -q -p no:cacheprovider --timeout=300 test_web*.py)

echo "== mypy --strict yono.web (the installed package)"
(cd "$dist" && "$venv/bin/mypy" --strict --cache-dir="$venv/.mypy_cache" -p yono.web)

echo "== browser tests (headless Chromium, playwright-core)"
missing=()
[ -x "$chromium" ] || missing+=(chromium)
command -v node > /dev/null && command -v npm > /dev/null || missing+=(nodejs npm)
if [ "${#missing[@]}" -gt 0 ]; then
    echo "   installing Debian's ${missing[*]} (missing)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
(cd "$here/web-tests" && npm ci --no-audit --no-fund --loglevel=error)
(cd "$here/web-tests" && CHROMIUM="$chromium" YONO_WEB_PYTHON="$vpy" \
    node --test browser.test.mjs)
echo "== yono.web: all checks passed"
