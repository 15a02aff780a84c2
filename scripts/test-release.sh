#!/usr/bin/env bash
# Tests what a release ships, the way its users get it (a section of scripts/test.sh):
#
#  1. scripts/dist.sh in a fresh clone of the committed tree;
#  2. licence files inside the crates, the sdist, the wheel and the C SDK; the sdist
#     carries the CPU target; the extension module is stripped and uses POPCNT;
#  3. auditwheel: the wheel is manylinux_2_17 (manylinux2014) or older;
#  4. the wheel in a fresh virtualenv whose PATH has no cargo/rustc: a game and a perft;
#  5. the C SDK unpacked into a temporary prefix with the build tree moved away:
#     libyono.so asks for no glibc symbol newer than 2.17 (the wheel's floor); a C11
#     and a C++17 program built with pkg-config and with CMake find_package(yono 0.1),
#     shared, with libyono.a (yono-static.pc, yono::yono_static) and wholly static
#     (cc -static with pkg-config --static, and with yono::yono_static), and run;
#     readelf shows the versioned SONAME;
#  6. a moved checkout never keeps a stale build-tree yono.pc;
#  7. the yono-core .crate unpacked and its unit and integration tests run (offline;
#     they read the packaged test vectors; the doctests are the workspace's, run by
#     the Rust tests section from the same files), and a fresh cargo
#     project that depends on yono-core = "0.1" and yono-engine = "0.1" (the packaged
#     crates standing in for crates.io through [patch.crates-io]) builds and runs;
#  8. the sizes README.md states are the build's (scripts/release-sizes.py).
#
#   bash scripts/test-release.sh [--wheel-dir DIR] [--dist-dir DIR]
#                         (copies the tested wheel, or every tested artefact, to DIR)
#
# YONO_RELEASE_DIST=DIR tests the artefacts in DIR (as dist.sh names them) instead of
# building them.
#
# Installs cmake with apt-get when it is missing; auditwheel comes from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
wheel_dir=
dist_dir=
while [ $# -gt 0 ]; do
    case "$1" in
        --wheel-dir) wheel_dir=${2:?--wheel-dir needs a directory}; shift 2 ;;
        --dist-dir) dist_dir=${2:?--dist-dir needs a directory}; shift 2 ;;
        *) echo "test-release.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
step() { printf -- '-- [%4ss] %s\n' "$SECONDS" "$*"; }
fail() {
    echo "test-release.sh: FAILED: $*" >&2
    exit 1
}

if ! command -v cmake >/dev/null; then
    step "installing cmake (apt-get)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cmake >/dev/null
fi

step "the README's Rust examples are the crate README's (which the crate runs as doctests)"
python3 - README.md yono-core/README.md <<'PY'
import re, sys
blocks = lambda path: re.findall(r"```rust\n(.*?)```", open(path, encoding="utf-8").read(), flags=re.S)
top, crate = blocks(sys.argv[1]), blocks(sys.argv[2])
missing = [b for b in top if b not in crate]
assert top and not missing, f"README.md Rust examples missing from yono-core/README.md: {missing}"
PY

step "scripts/dist.sh in a fresh clone"
git clone -q "$root" "$tmp/src"
# The artefacts are tested from outside the clone, which is moved away below.
dist=$tmp/dist
mkdir "$dist"
if [ -n "${YONO_RELEASE_DIST:-}" ]; then
    # Artefacts built elsewhere (e.g. by a release job): test those instead.
    cp "$YONO_RELEASE_DIST"/* "$dist/"
else
    # The Python build tools are reused between runs; the build itself starts clean.
    YONO_DIST_VENV=$root/dist/.venv bash "$tmp/src/scripts/dist.sh"
    cp "$tmp"/src/dist/* "$dist/"
fi
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$tmp/src/Cargo.toml" | head -n 1)
crate=$dist/yono-core-$version.crate
engine_crate=$dist/yono-engine-$version.crate
sdist=$dist/yono-$version.tar.gz
csdk=$dist/yono-c-$version-x86_64-linux-gnu.tar.gz
wheel=$(ls "$dist"/yono-"$version"-cp310-abi3-*.whl)
for f in "$crate" "$engine_crate" "$sdist" "$csdk" "$wheel"; do
    [ -f "$f" ] || fail "missing $f"
done
(cd "$dist" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS"
if [ -n "$dist_dir" ]; then
    # Kept before any check, so that a failed run can be repeated on them
    # (YONO_RELEASE_DIST=DIR) without building again.
    mkdir -p "$dist_dir"
    cp "$dist"/* "$dist_dir/"
fi

step "licence files in every artefact"
# (Listings go to files: grep -q in a pipeline would stop its writer early, and
# pipefail would count that as a failure.)
tar tzf "$crate" >"$tmp/crate.txt"
tar tzf "$engine_crate" >"$tmp/engine_crate.txt"
tar tzf "$sdist" >"$tmp/sdist.txt"
unzip -Z1 "$wheel" >"$tmp/wheel.txt"
tar tzf "$csdk" >"$tmp/csdk.txt"
for lic in LICENSE-MIT LICENSE-APACHE; do
    grep -qx "yono-core-$version/$lic" "$tmp/crate.txt" || fail "$lic not in the crate"
    grep -qx "yono-$version/$lic" "$tmp/sdist.txt" || fail "$lic not in the sdist"
    grep -qx "yono-$version.dist-info/licenses/$lic" "$tmp/wheel.txt" || fail "$lic not in the wheel"
    grep -qx "yono-c-$version/share/doc/yono/$lic" "$tmp/csdk.txt" || fail "$lic not in the C SDK"
done
grep -qx "yono-core-$version/tests/vectors/positions.json" "$tmp/crate.txt" || fail "the crate lacks its test vectors"
grep -qx "yono-engine-$version/src/lib.rs" "$tmp/engine_crate.txt" || fail "the yono-engine crate lacks its sources"
tar xzf "$engine_crate" -O "yono-engine-$version/Cargo.toml" >"$tmp/engine_Cargo.toml"
grep -A3 '^\[dependencies.yono-core\]' "$tmp/engine_Cargo.toml" | grep -qx "version = \"$version\"" ||
    fail "the packaged yono-engine does not ask for yono-core $version"
unzip -p "$wheel" "yono-$version.dist-info/METADATA" >"$tmp/METADATA"
grep -qx 'License-Expression: MIT OR Apache-2.0' "$tmp/METADATA" || fail "no PEP 639 License-Expression"
grep -q '^Classifier: Programming Language :: Python :: 3.13$' "$tmp/METADATA" || fail "classifiers"
tar xzf "$sdist" -C "$tmp" "yono-$version/pyproject.toml"
grep -q 'target-cpu=x86-64-v2' "$tmp/yono-$version/pyproject.toml" || fail "the sdist lost the CPU target"

step "the extension module: stripped, POPCNT"
mkdir "$tmp/whl"
unzip -q "$wheel" -d "$tmp/whl"
so=$(ls "$tmp"/whl/yono/_yono*.so)
if readelf -S "$so" | grep -c '\.debug_\|\.symtab' >/dev/null; then fail "the extension keeps debug info or symbols"; fi
objdump -d "$so" | grep -c popcnt >/dev/null || fail "no POPCNT in the extension module"
echo "wheel $(basename "$wheel"): $(stat -c %s "$wheel") bytes, extension $(stat -c %s "$so") bytes"

step "auditwheel show: manylinux_2_17 or older"
"$root/dist/.venv/bin/python" -m pip install --quiet --disable-pip-version-check auditwheel
"$root/dist/.venv/bin/auditwheel" show "$wheel" | tee "$tmp/auditwheel.txt"
glibc_minor=$(tr -d '\n' <"$tmp/auditwheel.txt" | grep -o 'platform tag: *"manylinux_2_[0-9]*_x86_64"' | grep -o '2_[0-9]*' | head -n 1 | cut -d_ -f2)
[ -n "$glibc_minor" ] && [ "$glibc_minor" -le 17 ] || fail "wheel needs glibc 2.${glibc_minor:-?}"

step "the wheel in a fresh virtualenv, with no cargo or rustc on PATH"
base_python=$(python3 -c 'import sys; print(sys.executable)')
"$base_python" -m venv "$tmp/venv"
# numpy (a dependency since the ML layer) comes from PyPI; yono itself from the file.
"$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel"
cat >"$tmp/play.py" <<'PY'
import random, sys, yono
assert yono.__version__ == sys.argv[1], (yono.__version__, sys.argv[1])
pos = yono.Game()
rng = random.Random(7)
while not pos.is_game_over() and len(pos.move_stack) < 2000:
    pos.push(rng.choice(list(pos.legal_moves)))
print("game:", len(pos.move_stack), "plies, scores", pos.scores())
# Standard Shogi's published perft(3) from the start.
assert yono.perft(yono.Game.shogi(), 3) == 25470
print("perft ok, yono", yono.__version__)
PY
env -i HOME="$tmp" PATH="$tmp/venv/bin:/usr/bin:/bin" bash -c \
    '! command -v cargo && ! command -v rustc && cd / && python "$0/play.py" "$1"' "$tmp" "$version" ||
    fail "the wheel does not work without a Rust toolchain"

step "C SDK: unpacked into a prefix, build tree moved away"
prefix=$tmp/prefix
mkdir "$prefix"
tar xzf "$csdk" -C "$prefix" --strip-components=1
mv "$tmp/src" "$tmp/moved"
lib=$prefix/lib
real=libyono.so.$version
[ -f "$lib/$real" ] && [ -f "$lib/libyono.a" ] && [ -f "$prefix/include/yono.h" ] || fail "SDK layout"
soname=$(readelf -d "$lib/$real" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
echo "SONAME $soname"
case "$soname" in libyono.so.0.* | libyono.so.[1-9]*) ;; *) fail "unversioned SONAME $soname" ;; esac
[ "$(readlink "$lib/$soname")" = "$real" ] && [ "$(readlink "$lib/libyono.so")" = "$soname" ] || fail "links"
if readelf -S "$lib/$real" | grep -c '\.debug_\|\.symtab' >/dev/null; then fail "libyono.so is not stripped"; fi
# The glibc floor: the newest GLIBC_ symbol version libyono.so asks for.
objdump -T "$lib/$real" | grep -o 'GLIBC_[0-9][0-9.]*' | sort -u -V >"$tmp/glibc.txt"
newest=$(tail -n 1 "$tmp/glibc.txt")
echo "libyono.so needs $(tr '\n' ' ' <"$tmp/glibc.txt")(newest $newest)"
[ -n "$newest" ] && [ "$(printf '%s\n' "$newest" GLIBC_2.17 | sort -V | tail -n 1)" = GLIBC_2.17 ] ||
    fail "libyono.so needs $newest, newer than the wheel's floor GLIBC_2.17"

mkdir "$tmp/app"
cat >"$tmp/app/app.c" <<'C'
#include <stdio.h>
#include <string.h>
#include "yono.h"
int main(void) {
    if (!yono_version_compatible(YONO_VERSION_NUMBER) || strcmp(yono_version(), YONO_VERSION_STRING) != 0) {
        fprintf(stderr, "need libyono %s, found %s\n", YONO_VERSION_STRING, yono_version());
        return 1;
    }
    yono_game *game = yono_game_new();
    yono_move moves[YONO_MAX_MOVES];
    size_t n = 0;
    if (yono_game_legal_moves(game, moves, YONO_MAX_MOVES, &n) != YONO_STATUS_OK || n != 12) return 2;
    yono_game_free(game);
    printf("C11: yono %s, %zu legal moves\n", yono_version(), n);
    return 0;
}
C
cat >"$tmp/app/app.cpp" <<'CPP'
#include <cstdio>
#include <memory>
#include <string>
#include "yono.h"
int main() {
    static_assert(YONO_VERSION_NUMBER == YONO_VERSION_MAJOR * 1000000 + YONO_VERSION_MINOR * 1000 + YONO_VERSION_PATCH);
    if (!yono_version_compatible(YONO_VERSION_NUMBER) || yono_version_number() != YONO_VERSION_NUMBER) return 1;
    std::unique_ptr<yono_game, decltype(&yono_game_free)> game(yono_game_new(), yono_game_free);
    if (yono_game_play_text(game.get(), "5g5f") != YONO_STATUS_OK) return 2;
    size_t n = 0;
    if (yono_game_legal_moves(game.get(), nullptr, 0, &n) != YONO_STATUS_OK || n == 0) return 3;
    std::printf("C++17: yono %s, %zu legal moves after 5g5f\n", std::string(yono_version()).c_str(), n);
    return 0;
}
CPP
cat >"$tmp/app/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(yono_app C CXX)
set(CMAKE_C_STANDARD 11)
set(CMAKE_CXX_STANDARD 17)
find_package(yono 0.1 REQUIRED)
add_executable(app_c app.c)
target_link_libraries(app_c PRIVATE yono::yono)
add_executable(app_c_static app.c)
target_link_libraries(app_c_static PRIVATE yono::yono_static)
add_executable(app_cpp app.cpp)
target_link_libraries(app_cpp PRIVATE yono::yono)
add_executable(app_cpp_static app.cpp)
target_link_libraries(app_cpp_static PRIVATE yono::yono_static)
# Wholly static: the imported target's link interface must not ask for libgcc_s.
add_executable(app_c_fullstatic app.c)
target_link_libraries(app_c_fullstatic PRIVATE yono::yono_static)
target_link_options(app_c_fullstatic PRIVATE -static)
CMAKE

export PKG_CONFIG_PATH=$lib/pkgconfig
[ "$(pkg-config --modversion yono)" = "$version" ] || fail "pkg-config version"
[ "$(pkg-config --define-prefix --variable=prefix yono)" = "$prefix" ] || fail "pkg-config --define-prefix"
[ "$(cd "$(pkg-config --variable=includedir yono)" && pwd)" = "$prefix/include" ] || fail "relocatable yono.pc"
read -r -a cflags <<<"$(pkg-config --cflags yono)"
read -r -a libs <<<"$(pkg-config --libs yono)"
# pkg-config --static is for wholly static programs (cc -static); yono-static.pc puts
# libyono.a into a program that is otherwise linked dynamically.
read -r -a static_libs <<<"$(pkg-config --static --libs yono)"
read -r -a yono_static <<<"$(pkg-config --libs yono-static)"
grep -q -- '-lgcc_s' <<<"${static_libs[*]} ${yono_static[*]}" && fail "the .pc files ask for libgcc_s"
warn=(-Wall -Wextra -Werror)
cc -std=c11 "${warn[@]}" "${cflags[@]}" "$tmp/app/app.c" -o "$tmp/app/pc_c" "${libs[@]}" -Wl,-rpath,"$lib"
c++ -std=c++17 "${warn[@]}" "${cflags[@]}" "$tmp/app/app.cpp" -o "$tmp/app/pc_cpp" "${libs[@]}" -Wl,-rpath,"$lib"
cc -std=c11 "${warn[@]}" "${cflags[@]}" "$tmp/app/app.c" -o "$tmp/app/pc_c_static" "${yono_static[@]}"
c++ -std=c++17 "${warn[@]}" "${cflags[@]}" "$tmp/app/app.cpp" -o "$tmp/app/pc_cpp_static" "${yono_static[@]}"
cc -static -std=c11 "${warn[@]}" "${cflags[@]}" "$tmp/app/app.c" -o "$tmp/app/pc_c_fullstatic" "${static_libs[@]}" ||
    fail "cc -static with pkg-config --static"
cmake -S "$tmp/app" -B "$tmp/app/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$tmp/app/build" >/dev/null
for exe in pc_c pc_cpp build/app_c build/app_cpp; do
    ldd "$tmp/app/$exe" | grep -c "$soname => $lib/$soname" >/dev/null || fail "$exe does not load $lib/$soname"
    "$tmp/app/$exe" || fail "$exe"
done
for exe in pc_c_static pc_cpp_static build/app_c_static build/app_cpp_static; do
    if ldd "$tmp/app/$exe" | grep -c libyono >/dev/null; then fail "$exe is not static"; fi
    "$tmp/app/$exe" >/dev/null || fail "$exe"
done
for exe in pc_c_fullstatic build/app_c_fullstatic; do
    if ldd "$tmp/app/$exe" >/dev/null 2>&1; then fail "$exe is not wholly static"; fi
    "$tmp/app/$exe" >/dev/null || fail "$exe"
done
# The version rule: 0.1 does not satisfy a request for 0.2 (nor 1.0).
printf 'cmake_minimum_required(VERSION 3.16)\nproject(v NONE)\nfind_package(yono 0.2 QUIET)\nif(yono_FOUND)\n  message(FATAL_ERROR "0.2 accepted")\nendif()\n' >"$tmp/app/v.cmake"
mkdir "$tmp/v" && cp "$tmp/app/v.cmake" "$tmp/v/CMakeLists.txt"
cmake -S "$tmp/v" -B "$tmp/v/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null || fail "CMake accepted 0.2"

step "a moved checkout never keeps a stale build-tree yono.pc"
# build.rs writes yono.pc; `cargo check` runs it as `cargo build` does, without the
# code generation.
(cd "$tmp/moved" && cargo check -q --offline -p yono-ffi)
same_dir() { [ "$(cd "$1" && pwd -P)" = "$(cd "$2" && pwd -P)" ]; }
pcdir=$tmp/moved/target/debug
same_dir "$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=includedir yono)" "$tmp/moved/include" ||
    fail "$pcdir/yono.pc: includedir"
same_dir "$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=libdir yono)" "$pcdir" || fail "$pcdir/yono.pc: libdir"
mv "$tmp/moved" "$tmp/moved-again"
(cd "$tmp/moved-again" && cargo check -q --offline -p yono-ffi)
pcdir=$tmp/moved-again/target/debug
same_dir "$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=includedir yono)" "$tmp/moved-again/include" ||
    fail "stale yono.pc after a move"
same_dir "$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=libdir yono)" "$pcdir" || fail "stale yono.pc after a move"

step "the .crate unpacked and tested (offline)"
mkdir "$tmp/crate"
tar xzf "$crate" -C "$tmp/crate"
if ! (cd "$tmp/crate/yono-core-$version" &&
    CARGO_TARGET_DIR=$tmp/moved-again/target cargo test -q --offline --tests >"$tmp/crate.log" 2>&1); then
    tail -n 40 "$tmp/crate.log"
    fail "the packaged crate's tests"
fi
grep -c '^test result: ok' "$tmp/crate.log" | sed 's/^/test binaries passed: /'

step "a fresh cargo project on the packaged yono-core and yono-engine"
tar xzf "$engine_crate" -C "$tmp/crate"
mkdir -p "$tmp/fresh/src"
# As a user writes it once the crates are published; [patch.crates-io] stands in for
# crates.io with the packaged crates (both, so that yono-engine's own yono-core
# requirement resolves to the same yono-core: no "package collision").
cat >"$tmp/fresh/Cargo.toml" <<TOML
[package]
name = "fresh"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
yono-core = "${version%.*}"
yono-engine = "${version%.*}"

[patch.crates-io]
yono-core = { path = "$tmp/crate/yono-core-$version" }
yono-engine = { path = "$tmp/crate/yono-engine-$version" }
TOML
cat >"$tmp/fresh/src/main.rs" <<'RUST'
use yono::{Game, Ruleset};
use yono_engine::{Engine, Limits};

fn main() {
    let mut game = Game::new(Ruleset::Yono);
    let mut engine = Engine::default();
    for _ in 0..4 {
        let result = engine.search(game.position(), Limits::nodes(300)).expect("a move");
        game.play(result.best_move).expect("a legal move");
    }
    println!("fresh: 4 engine moves, move {}", game.position().move_number());
}
RUST
# The target directory of the crate's tests: yono-core is compiled there already.
if ! (cd "$tmp/fresh" && CARGO_TARGET_DIR=$tmp/moved-again/target cargo run -q --offline >"$tmp/fresh.log" 2>&1); then
    cat "$tmp/fresh.log"
    fail "a project on the packaged crates"
fi
grep -qx 'fresh: 4 engine moves, move 5' "$tmp/fresh.log" || { cat "$tmp/fresh.log"; fail "the fresh project's output"; }
grep -q 'name = "yono-engine"' "$tmp/fresh/Cargo.lock" || fail "no yono-engine in the fresh lock file"

if [ -n "$wheel_dir" ]; then
    mkdir -p "$wheel_dir"
    cp "$wheel" "$wheel_dir/"
fi

# Last, so that a stale figure does not hide another failure.
step "the sizes README.md states are the build's"
python3 "$root/scripts/release-sizes.py" "$dist" --check "$root/README.md" || fail "README.md's sizes (see above)"
echo "test-release.sh: all release checks passed in ${SECONDS}s"
