# Sourced by run.sh and ml_run.sh (not run on its own): the one way both benchmarks
# set up, so they measure the same release build in the same virtualenv.
#
# bench_run SCRIPT "PACKAGES" [ARGS...]: makes or reuses the bench virtualenv
# (yono-py/.venv-bench, or $YONO_BENCH_VENV), installs maturin and PACKAGES from
# PyPI and a release build of yono, then runs SCRIPT (in this folder) with ARGS.
bench_run() {
    local script="$1" packages="$2"
    shift 2
    local here py_root venv
    here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
    py_root="$(cd "$here/.." && pwd)"
    venv="${YONO_BENCH_VENV:-$py_root/.venv-bench}"
    if [ ! -x "$venv/bin/python" ]; then
        "${PYTHON:-python3}" -m venv "$venv"
    fi
    # shellcheck disable=SC2086 # PACKAGES is a space-separated list on purpose.
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        "maturin>=1.9.4,<2" $packages
    # Global, not local: the EXIT trap runs after the function has returned.
    bench_dist="$(mktemp -d)"
    trap 'rm -rf "$bench_dist"' EXIT
    (cd "$py_root" && "$venv/bin/maturin" build --release --quiet --out "$bench_dist")
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$bench_dist"/yono-*.whl
    cd "$here"
    "$venv/bin/python" "$script" "$@"
}
