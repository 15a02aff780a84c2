# Sourced by test.sh and web-test.sh: the virtualenv and the wheel they test, set up the
# same way. Expects `here` (yono-py), `venv` and `python` set; defines `vpy`,
# `pip_install`, `dist` (a temporary folder, removed on exit) and `wheel` (the wheel
# in it, installed into the virtualenv without its dependencies): YONO_PY_WHEEL when
# set (scripts/test.sh passes the release wheel of scripts/dist.sh), else one built
# with `maturin build --release`.

if [ ! -x "$venv/bin/python" ]; then
    echo "== creating virtualenv $venv"
    "$python" -m venv "$venv"
fi
vpy="$venv/bin/python"
pip_install() { "$vpy" -m pip install --quiet --disable-pip-version-check "$@"; }

dist="$(mktemp -d)"
trap 'rm -rf "$dist"' EXIT
if [ -n "${YONO_PY_WHEEL:-}" ]; then
    echo "== testing the given wheel $YONO_PY_WHEEL"
    cp "$YONO_PY_WHEEL" "$dist/"
else
    echo "== building the wheel (maturin build --release)"
    pip_install "maturin>=1.9.4,<2"
    (cd "$here" && "$venv/bin/maturin" build --release --quiet --out "$dist")
fi
wheel="$(ls "$dist"/yono-*.whl)"
echo "== installing $(basename "$wheel")"
pip_install --force-reinstall --no-deps "$wheel"
