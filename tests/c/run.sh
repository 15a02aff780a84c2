#!/usr/bin/env bash
# C/C++ tests of the yono C API. Run from the repository root:  bash tests/c/run.sh
#
# Builds libyono.so / libyono.a (cargo, release), checks that include/yono.h is what
# cbindgen generates (and runs the yono-ffi Rust tests, which include the test
# vectors through the C ABI, the header's published declarations, the names table),
# compiles the C tests (gcc -std=c11; test_boundary.c, test_vocab.c, test_board_data.c and
# test_deprecated.c among them), the C++ test (g++ -std=c++17) and the example with
# -Wall -Wextra -Werror using the generated yono.pc, runs them, runs the C and C++
# tests under valgrind, and links the example wholly statically (cc -static with
# pkg-config --static); then the GUI-style tests (test_gui.c in C11, test_gui.cpp in
# C++17 with -Wold-style-cast) under valgrind, ASan/UBSan and, for the snapshot
# threading pattern, helgrind (0 reports required); checks that ignoring a status
# warns (YONO_MUST_USE, the engine functions included) and that an old name warns
# (YONO_DEPRECATED) but still builds; and runs the panic-boundary check against the test-only
# "selftest" build (debug) of the library, whose symbol the release library lacks.
# Exits non-zero on any failure.
#
# Environment: CARGO_TARGET_DIR (default: target), CC (gcc), CXX (g++).
set -u
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
case "$TARGET_DIR" in /*) ;; *) TARGET_DIR=$ROOT/$TARGET_DIR ;; esac
LIBDIR=$TARGET_DIR/release
OUT=$TARGET_DIR/c-tests
CC=${CC:-gcc}
CXX=${CXX:-g++}
# Backtraces of the deliberate panic in the self-test would only add noise.
unset RUST_BACKTRACE RUST_LIB_BACKTRACE

passed=0
failed=0
step() { # step NAME COMMAND...: runs a step, counts it
    local name=$1
    shift
    echo "== $name"
    if "$@"; then
        passed=$((passed + 1))
    else
        echo "FAILED: $name"
        failed=$((failed + 1))
    fi
}
finish() {
    echo "tests/c/run.sh: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit $?
}

step "cargo build -p yono-ffi --release" cargo build -q -p yono-ffi --release
if [ ! -f "$LIBDIR/libyono.so" ] || [ ! -f "$LIBDIR/libyono.a" ] || [ ! -f "$LIBDIR/yono.pc" ]; then
    echo "libyono.so, libyono.a or yono.pc missing in $LIBDIR"
    failed=$((failed + 1))
    finish
fi
step "header is fresh; yono-ffi Rust tests" cargo test -q -p yono-ffi --release

mkdir -p "$OUT"
export PKG_CONFIG_PATH=$LIBDIR${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
read -r -a PC_CFLAGS <<<"$(pkg-config --cflags yono)"
read -r -a PC_LIBS <<<"$(pkg-config --libs yono)"
RPATH=(-Wl,-rpath,"$LIBDIR")
CWARN=(-std=c11 -Wall -Wextra -Werror -g -O1)
CXXWARN=(-std=c++17 -Wall -Wextra -Werror -g -O1)

# The C11 tests, each one program: compiled, run, and run under valgrind.
C_TESTS=(test_api test_null test_adversarial test_svg_record test_boundary test_vocab test_deprecated test_board_data)
for t in "${C_TESTS[@]}"; do
    step "compile $t.c" "$CC" "${CWARN[@]}" "${PC_CFLAGS[@]}" "tests/c/$t.c" -o "$OUT/$t" "${PC_LIBS[@]}" "${RPATH[@]}"
done
step "compile test_cpp.cpp" "$CXX" "${CXXWARN[@]}" "${PC_CFLAGS[@]}" tests/c/test_cpp.cpp -o "$OUT/test_cpp" "${PC_LIBS[@]}" "${RPATH[@]}"
step "compile test_gui.c (C11, pthreads)" "$CC" "${CWARN[@]}" "${PC_CFLAGS[@]}" tests/c/test_gui.c -o "$OUT/test_gui" "${PC_LIBS[@]}" "${RPATH[@]}" -pthread
step "compile test_gui.cpp (C++17, -Wold-style-cast -pedantic)" "$CXX" "${CXXWARN[@]}" -Wold-style-cast -pedantic "${PC_CFLAGS[@]}" tests/c/test_gui.cpp -o "$OUT/test_gui_cpp" "${PC_LIBS[@]}" "${RPATH[@]}" -pthread
SAN=(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
step "compile test_gui.c and test_gui.cpp with ASan/UBSan" bash -c "
    $CC ${CWARN[*]} ${SAN[*]} ${PC_CFLAGS[*]} tests/c/test_gui.c -o '$OUT/test_gui_san' ${PC_LIBS[*]} ${RPATH[*]} -pthread &&
    $CXX ${CXXWARN[*]} ${SAN[*]} ${PC_CFLAGS[*]} tests/c/test_gui.cpp -o '$OUT/test_gui_cpp_san' ${PC_LIBS[*]} ${RPATH[*]} -pthread"
# ignored_status_warns CALL: a program that ignores the status of CALL fails to compile
# with -Werror in C11 and C++17, and compiles once YONO_MUST_USE is defined empty.
ignored_status_warns() {
    printf '#include "yono.h"\nint main(void) { yono_game *game = yono_game_new(); yono_engine *engine = 0;\n  %s;\n  yono_game_free(game); return engine != 0; }\n' "$1" >"$OUT/ignored.c" &&
        cp "$OUT/ignored.c" "$OUT/ignored.cpp" &&
        ! $CC -std=c11 -Werror "${PC_CFLAGS[@]}" -c "$OUT/ignored.c" -o /dev/null 2>/dev/null &&
        ! $CXX -std=c++17 -Werror "${PC_CFLAGS[@]}" -c "$OUT/ignored.cpp" -o /dev/null 2>/dev/null &&
        $CC -std=c11 -Werror -DYONO_MUST_USE= "${PC_CFLAGS[@]}" -c "$OUT/ignored.c" -o /dev/null
}
for call in 'yono_game_play_text(game, "5g5f")' 'yono_engine_options_default(0)' \
    'yono_engine_new(0, &engine)' 'yono_engine_stop(engine)' 'yono_engine_search(engine, game, 0, 0)'; do
    step "an ignored status warns (YONO_MUST_USE): $call" ignored_status_warns "$call"
done
step "an old name warns (YONO_DEPRECATED) and still compiles without -Werror" bash -c "
    printf '#include \"yono.h\"\nint main(void) { yono_position *p = yono_position_new(); yono_position_free(p); return 0; }\n' > '$OUT/old_name.c' &&
    ! $CC -std=c11 -Werror ${PC_CFLAGS[*]} -c '$OUT/old_name.c' -o /dev/null 2>/dev/null &&
    $CC -std=c11 ${PC_CFLAGS[*]} '$OUT/old_name.c' -o '$OUT/old_name' ${PC_LIBS[*]} ${RPATH[*]} 2>/dev/null &&
    '$OUT/old_name'"
step "the release library does not export yono_selftest_internal_error" bash -c "! nm -D '$LIBDIR/libyono.so' | grep -q yono_selftest"
step "compile yono.h alone as C11 and C++17" bash -c "
    printf '#include \"yono.h\"\nint main(void) { return yono_version() == 0; }\n' > '$OUT/header_only.c' &&
    cp '$OUT/header_only.c' '$OUT/header_only.cpp' &&
    $CC ${CWARN[*]} -pedantic ${PC_CFLAGS[*]} '$OUT/header_only.c' -o '$OUT/header_only_c' ${PC_LIBS[*]} &&
    $CXX ${CXXWARN[*]} -pedantic ${PC_CFLAGS[*]} '$OUT/header_only.cpp' -o '$OUT/header_only_cpp' ${PC_LIBS[*]}"
step "compile example play_game.c (shared)" "$CC" "${CWARN[@]}" "${PC_CFLAGS[@]}" yono-ffi/examples/play_game.c -o "$OUT/play_game" "${PC_LIBS[@]}" "${RPATH[@]}"
step "compile example perft.c" "$CC" "${CWARN[@]}" -pedantic "${PC_CFLAGS[@]}" yono-ffi/examples/perft.c -o "$OUT/perft" "${PC_LIBS[@]}" "${RPATH[@]}"
step "compile and run example call_cost.c" bash -c "
    $CC ${CWARN[*]} ${PC_CFLAGS[*]} yono-ffi/examples/call_cost.c -o '$OUT/call_cost' ${PC_LIBS[*]} ${RPATH[*]} &&
    '$OUT/call_cost' 100 0 && '$OUT/call_cost' 100 1"
# A wholly static program, as `pkg-config --static` is meant for (libyono.a is the
# only yono library the linker looks for under -static).
read -r -a PC_STATIC <<<"$(pkg-config --static --libs yono)"
step "compile example play_game.c (cc -static, pkg-config --static)" "$CC" "${CWARN[@]}" -static "${PC_CFLAGS[@]}" yono-ffi/examples/play_game.c -o "$OUT/play_game_static" "${PC_STATIC[@]}"

# readme_c_example SECTION FILE: the first C block of the README's section SECTION
# into FILE, to compile and run as written.
readme_c_example() {
    python3 - README.md "$1" "$2" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
section = text.split("## " + sys.argv[2], 1)[1].split("\n## ", 1)[0]
open(sys.argv[3], "w").write(re.findall(r"```c\n(.*?)```", section, flags=re.S)[0])
PY
}

# The C example of the top-level README, compiled and run as written.
readme_c_example "C and C++" "$OUT/readme_example.c"
step "compile the README's C example" "$CC" "${CWARN[@]}" "${PC_CFLAGS[@]}" "$OUT/readme_example.c" -o "$OUT/readme_example" "${PC_LIBS[@]}" "${RPATH[@]}"
step "run the README's C example under valgrind" bash -c "
    valgrind -q --leak-check=full --error-exitcode=1 '$OUT/readme_example' 2>&1 | tee '$OUT/readme_example.out' &&
    grep -q '^12 legal moves' '$OUT/readme_example.out' &&
    grep -q '^pass_not_allowed: ' '$OUT/readme_example.out'"

for t in "${C_TESTS[@]}" test_cpp test_gui test_gui_cpp; do
    step "run $t" "$OUT/$t"
done
for t in test_gui_san test_gui_cpp_san; do
    step "run $t (ASan/UBSan)" env ASAN_OPTIONS=detect_leaks=1 "$OUT/$t"
done
# The panic boundary from C: only the test-only "selftest" build exports the function
# (a debug build, quick next to the release one).
step "panic boundary through C (selftest build)" bash -c "
    cargo build -q -p yono-ffi --features selftest &&
    $CC ${CWARN[*]} -DYONO_SELFTEST ${PC_CFLAGS[*]} tests/c/test_api.c -o '$OUT/test_api_selftest' -L'$TARGET_DIR/debug' -lyono -Wl,-rpath,'$TARGET_DIR/debug' &&
    '$OUT/test_api_selftest'"

# The engine (yono_engine_*, yono_search_*): the shared forced-elimination cases,
# errors, the asynchronous searches (a stop is never lost), and the GUI-thread /
# search-thread patterns under helgrind (helgrind-engine.supp explains why races
# inside the library itself are suppressed: std's futex locks, which helgrind cannot
# model, in safe Rust; the calling C code's races are still reported).
step "compile test_engine.c" "$CC" "${CWARN[@]}" "${PC_CFLAGS[@]}" tests/c/test_engine.c -o "$OUT/test_engine" "${PC_LIBS[@]}" -lpthread -lm "${RPATH[@]}"
step "run test_engine" "$OUT/test_engine" tests/vectors/engine_cases.txt
if command -v valgrind >/dev/null; then
    step "valgrind test_engine" valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
        --error-exitcode=1 "$OUT/test_engine" tests/vectors/engine_cases.txt
    # Helgrind runs against the `profiling` build (the same code with its symbols and
    # line tables kept), so that its reports name the library's frames.
    PROFDIR=$TARGET_DIR/profiling
    step "build libyono with symbols (profiling profile) for helgrind" cargo build -q -p yono-ffi --profile profiling
    step "compile test_engine.c against the profiling build" "$CC" "${CWARN[@]}" "${PC_CFLAGS[@]}" tests/c/test_engine.c \
        -o "$OUT/test_engine_prof" -L"$PROFDIR" -lyono -lpthread -lm -Wl,-rpath,"$PROFDIR"
    step "helgrind test_engine (search thread + GUI thread)" valgrind -q --tool=helgrind --error-exitcode=1 \
        --suppressions=tests/c/helgrind-engine.supp "$OUT/test_engine_prof" tests/vectors/engine_cases.txt threads
fi
# docs/GUI.md's example of drawing the board from the snapshot ("Drawing the board
# yourself"), compiled and run as written under valgrind.
python3 - docs/GUI.md "$OUT" <<'PY'
import re, sys
section = open(sys.argv[1], encoding="utf-8").read().split("## Drawing the board yourself: the snapshot", 1)[1].split("\n## ", 1)[0]
open(f"{sys.argv[2]}/gui_snapshot.c", "w").write(re.findall(r"```c\n(.*?)```", section, flags=re.S)[0])
PY
step "compile docs/GUI.md's snapshot example" "$CC" "${CWARN[@]}" "${PC_CFLAGS[@]}" "$OUT/gui_snapshot.c" -o "$OUT/gui_snapshot" "${PC_LIBS[@]}" "${RPATH[@]}"
step "run it under valgrind (North's pieces fade out, North is out)" bash -c "
    valgrind -q --leak-check=full --error-exitcode=1 '$OUT/gui_snapshot' >'$OUT/gui_snapshot.out' &&
    grep -q '^fade out n.s piece on 1a' '$OUT/gui_snapshot.out' && grep -q '^fade out n.s piece on 1c' '$OUT/gui_snapshot.out' &&
    grep -q '^n (out) reserve' '$OUT/gui_snapshot.out'"
# The two engine examples of docs/GUI.md ("A computer player"), compiled and run as
# written: in process (start, poll, stop) under valgrind, and the program as a child
# process speaking the protocol.
python3 - docs/GUI.md "$OUT" <<'PY'
import re, sys
section = open(sys.argv[1], encoding="utf-8").read().split("## A computer player: the engine", 1)[1]
for name, code in zip(("gui_engine_inprocess", "gui_engine_child"), re.findall(r"```c\n(.*?)```", section, flags=re.S)):
    open(f"{sys.argv[2]}/{name}.c", "w").write(code)
PY
step "compile docs/GUI.md's in-process engine example" "$CC" "${CWARN[@]}" "${PC_CFLAGS[@]}" "$OUT/gui_engine_inprocess.c" -o "$OUT/gui_engine_inprocess" "${PC_LIBS[@]}" "${RPATH[@]}"
step "run it under valgrind" bash -c "valgrind -q --leak-check=full --error-exitcode=1 '$OUT/gui_engine_inprocess' | grep -q '^engine plays '"
step "compile docs/GUI.md's child-process engine example" "$CC" "${CWARN[@]}" "$OUT/gui_engine_child.c" -o "$OUT/gui_engine_child"
step "run it against target/release/yono-engine" bash -c "cargo build -q --release -p yono-engine &&
    '$OUT/gui_engine_child' '$TARGET_DIR/release/yono-engine' | grep -q '^engine plays '"
readme_c_example "Playing against the engine" "$OUT/readme_engine.c"
step "compile the README's engine example" "$CC" "${CWARN[@]}" "${PC_CFLAGS[@]}" "$OUT/readme_engine.c" -o "$OUT/readme_engine" "${PC_LIBS[@]}" "${RPATH[@]}"
step "run the README's engine example" bash -c "'$OUT/readme_engine' | grep -q '^engine plays '"
step "run example (shared)" "$OUT/play_game" 1 4
step "run example (static, needs no shared library at all)" bash -c "! ldd '$OUT/play_game_static' >/dev/null 2>&1 && '$OUT/play_game_static' 2 >/dev/null"
step "run example perft.c (Yo[n]o perft 4 = 16746)" bash -c "'$OUT/perft' yono 4 | grep -q ': 16746 nodes'"

if command -v valgrind >/dev/null; then
    for t in "${C_TESTS[@]}" test_cpp test_gui test_gui_cpp; do
        step "valgrind $t" valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
            --error-exitcode=1 "$OUT/$t"
    done
    # The documented threading pattern (a player thread publishing snapshots, the GUI
    # thread and a second reader reading one snapshot at once) with zero reports.
    step "helgrind test_gui (snapshot pattern, 0 reports)" valgrind -q --tool=helgrind --error-exitcode=1 "$OUT/test_gui"
else
    echo "valgrind not found: install it (apt-get install valgrind)"
    failed=$((failed + 1))
fi
finish
