#!/usr/bin/env bash
# Builds everything a release ships into dist/ (run from a clean checkout):
#
#   dist/yono-core-X.Y.Z.crate, yono-engine-X.Y.Z.crate
#                                                 the Rust crates (cargo package, in
#                                                 dependency order; each verified by building
#                                                 it unpacked against the other)
#   dist/yono-X.Y.Z.tar.gz                       the Python sdist
#   dist/yono-X.Y.Z-cp310-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
#                                                 the abi3 wheel (CPython 3.10+, glibc 2.17+),
#                                                 stripped, built with zig as the linker
#   dist/yono-c-X.Y.Z-x86_64-linux-gnu.tar.gz    the C SDK: an install prefix (see
#                                                 scripts/install-c.sh) under yono-c-X.Y.Z/,
#                                                 libyono.so linked by zig for glibc 2.17+ as
#                                                 the wheel is
#   dist/SHA256SUMS
#
# and prints the size of every artefact (the figures README.md states; the release test
# compares them). Every artefact carries LICENSE-MIT and LICENSE-APACHE (the yono-engine
# crate: see yono-engine/Cargo.toml). Python build tools (maturin, ziglang) come from PyPI
# into a virtualenv, $YONO_DIST_VENV (default: dist/.venv).
# YONO_DIST_ALLOW_DIRTY=1 packages the crates from a tree with uncommitted changes.
#
# Environment: CARGO_TARGET_DIR (default: target), PYTHON (default: python3).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dist=$root/dist
venv=${YONO_DIST_VENV:-$dist/.venv}
python=${PYTHON:-python3}
target_dir=${CARGO_TARGET_DIR:-$root/target}
case "$target_dir" in /*) ;; *) target_dir=$root/$target_dir ;; esac

mkdir -p "$dist"
# Keep the virtualenv (and anything else hidden); replace the artefacts.
find "$dist" -mindepth 1 -maxdepth 1 ! -name '.*' -exec rm -rf {} +

version=$(cargo pkgid -p yono-core --offline 2>/dev/null || cargo pkgid -p yono-core)
version=${version##*@}
version=${version##*#}
echo "== yono $version"

echo "== Python build tools (maturin, ziglang) in $venv"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "maturin>=1.9.4,<2" "ziglang>=0.13"
# maturin finds zig through the ziglang package of the interpreter first on PATH.
export PATH="$venv/bin:$PATH"

# The published crates, in dependency order: cargo packages them together and verifies
# yono-engine against the yono-core it just packaged (not against crates.io).
crates=(yono-core yono-engine)
echo "== crates: cargo package ${crates[*]}"
allow_dirty=()
if [ "${YONO_DIST_ALLOW_DIRTY:-0}" = 1 ]; then
    allow_dirty=(--allow-dirty)
fi
cargo package "${crates[@]/#/--package=}" --locked "${allow_dirty[@]}"
for crate in "${crates[@]}"; do
    cp "$target_dir/package/$crate-$version.crate" "$dist/"
done

echo "== Python sdist"
(cd yono-py && maturin sdist --out "$dist")

echo "== Python wheel: abi3, manylinux2014 (glibc 2.17), stripped"
(cd yono-py && maturin build --release --strip --zig --compatibility manylinux2014 \
    --target x86_64-unknown-linux-gnu --out "$dist")

echo "== C library: linked by zig for glibc 2.17, as the wheel"
# The same target directory as the wheel, so that the two builds share what they can.
c_target=x86_64-unknown-linux-gnu
zig_cc=$target_dir/zigcc-$c_target.2.17.sh
mkdir -p "$target_dir"
cat >"$zig_cc" <<EOF
#!/bin/sh
# rustc's linker for the C library: zig cc against glibc 2.17 (maturin's zig wrapper
# passes on what zig understands of rustc's linker arguments).
exec "$venv/bin/maturin" zig cc -- -target x86_64-linux-gnu.2.17 "\$@"
EOF
chmod +x "$zig_cc"
CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER=$zig_cc \
    cargo build --release -p yono-ffi --locked --target "$c_target"

echo "== C SDK tarball"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
name=yono-c-$version
bash scripts/install-c.sh --prefix "$stage/$name" --lib-dir "$target_dir/$c_target/release"
tar -C "$stage" --owner=0 --group=0 --numeric-owner -czf "$dist/$name-x86_64-linux-gnu.tar.gz" "$name"

(cd "$dist" && sha256sum -- *.crate *.tar.gz *.whl >SHA256SUMS)
echo "== dist/"
(cd "$dist" && ls -l -- *.crate *.tar.gz *.whl SHA256SUMS)
echo "== sizes (MB = 10^6 bytes; README.md states them, scripts/test-release.sh compares)"
python3 "$root/scripts/release-sizes.py" "$dist"
