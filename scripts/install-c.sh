#!/usr/bin/env bash
# Builds the C library (release, stripped) and installs it under a prefix:
#
#   bash scripts/install-c.sh --prefix DIR [--no-build | --lib-dir LIBDIR]
#
#   DIR/include/yono.h
#   DIR/lib/libyono.so.X.Y.Z, libyono.so.<soname version> and libyono.so (links)
#   DIR/lib/libyono.a
#   DIR/lib/pkgconfig/yono.pc                  (relocatable: prefix=${pcfiledir}/../..;
#                                               `pkg-config --static` for `cc -static`)
#   DIR/lib/pkgconfig/yono-static.pc           (libyono.a in a dynamically linked program)
#   DIR/lib/cmake/yono/yonoConfig.cmake         (imported targets yono::yono, yono::yono_static)
#   DIR/lib/cmake/yono/yonoConfigVersion.cmake
#   DIR/share/doc/yono/{README.md,LICENSE-MIT,LICENSE-APACHE}
#
# The SONAME is libyono.so.<major>, or libyono.so.0.<minor> before 1.0 (every 0.x minor
# release may break the ABI); it is set by yono-ffi/build.rs. Nothing in the installed
# files names DIR, so the tree can be moved or packed (scripts/dist.sh packs it).
# --no-build installs what is already in <target-dir>/release, --lib-dir LIBDIR what is
# in LIBDIR (scripts/dist.sh builds there for glibc 2.17). Linux only.
#
# Environment: CARGO_TARGET_DIR (default: target).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

prefix=
build=1
libdir=
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --no-build) build=0; shift ;;
        --lib-dir) libdir=${2:?--lib-dir needs a directory}; build=0; shift 2 ;;
        -h | --help) sed -n '2,23p' "$0"; exit 0 ;;
        *) echo "install-c.sh: unknown argument $1 (use --prefix DIR)" >&2; exit 2 ;;
    esac
done
[ -n "$prefix" ] || { echo "install-c.sh: --prefix DIR is required" >&2; exit 2; }

target_dir=${CARGO_TARGET_DIR:-$root/target}
case "$target_dir" in /*) ;; *) target_dir=$root/$target_dir ;; esac
libdir=${libdir:-$target_dir/release}

if [ "$build" = 1 ]; then
    cargo build --release -p yono-ffi --locked
fi
# The version from Cargo (yono-ffi inherits the workspace version).
version=$(cargo pkgid -p yono-ffi --offline 2>/dev/null || cargo pkgid -p yono-ffi)
version=${version##*@}
version=${version##*#}
case "$version" in [0-9]*.[0-9]*.[0-9]*) ;; *) echo "install-c.sh: cannot read the version ($version)" >&2; exit 1 ;; esac
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
soname=$(readelf -d "$libdir/libyono.so" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
case "$soname" in
    libyono.so.?*) ;;
    *) echo "install-c.sh: $libdir/libyono.so has no versioned SONAME ($soname)" >&2; exit 1 ;;
esac

mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
inc=$prefix/include
lib=$prefix/lib
mkdir -p "$inc" "$lib/pkgconfig" "$lib/cmake/yono" "$prefix/share/doc/yono"

install -m 644 include/yono.h "$inc/yono.h"
real=libyono.so.$version
install -m 755 "$libdir/libyono.so" "$lib/$real"
ln -sfn "$real" "$lib/$soname"
ln -sfn "$soname" "$lib/libyono.so"
install -m 644 "$libdir/libyono.a" "$lib/libyono.a"
# The release profile strips the shared library; the static archive keeps the debug
# sections of the precompiled standard library unless stripped here.
strip --strip-debug "$lib/libyono.a"
install -m 644 README.md LICENSE-MIT LICENSE-APACHE "$prefix/share/doc/yono/"

# What a static link needs besides libyono.a: rustc --print native-static-libs, without
# -lgcc_s. The C compiler driver links the unwinder itself (libgcc_s in a dynamic
# program, libgcc_eh under -static, where there is no libgcc_s.a to find), so naming it
# here only broke `cc -static`.
static_libs="-lutil -lrt -lpthread -lm -ldl -lc"

cat >"$lib/pkgconfig/yono.pc" <<EOF
# pkg-config file of the yono C library. Relocatable: every path derives from the
# location of this file (pkg-config --define-prefix also works).
prefix=\${pcfiledir}/../..
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: yono
Description: Rules of Yo[n]o Shogi (four-player Shogi) and standard Shogi, C API
Version: $version
Libs: -L\${libdir} -lyono
Libs.private: $static_libs
Cflags: -I\${includedir}
EOF

cat >"$lib/pkgconfig/yono-static.pc" <<EOF
# pkg-config file of the yono C library linked statically into a program that is
# otherwise linked dynamically: \`pkg-config --libs yono-static\` names libyono.a itself.
# (A wholly static program: cc -static ... \$(pkg-config --static --libs yono).)
prefix=\${pcfiledir}/../..
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: yono-static
Description: Rules of Yo[n]o Shogi (four-player Shogi) and standard Shogi, C API (static library)
Version: $version
Libs: \${libdir}/libyono.a $static_libs
Cflags: -I\${includedir}
EOF

cat >"$lib/cmake/yono/yonoConfig.cmake" <<EOF
# CMake package of the yono C library $version:
#   find_package(yono $major.$minor REQUIRED)
#   target_link_libraries(app PRIVATE yono::yono)          # libyono.so
#   target_link_libraries(app PRIVATE yono::yono_static)   # libyono.a (also with -static)
# Relocatable: the prefix is found from this file's location.
get_filename_component(_yono_prefix "\${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

if(NOT TARGET yono::yono)
  add_library(yono::yono SHARED IMPORTED)
  set_target_properties(yono::yono PROPERTIES
    IMPORTED_LOCATION "\${_yono_prefix}/lib/$real"
    IMPORTED_SONAME "$soname"
    INTERFACE_INCLUDE_DIRECTORIES "\${_yono_prefix}/include")
endif()

if(NOT TARGET yono::yono_static)
  add_library(yono::yono_static STATIC IMPORTED)
  set_target_properties(yono::yono_static PROPERTIES
    IMPORTED_LOCATION "\${_yono_prefix}/lib/libyono.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "\${_yono_prefix}/include"
    INTERFACE_LINK_LIBRARIES "util;rt;pthread;m;dl")
endif()

set(yono_VERSION "$version")
set(yono_INCLUDE_DIRS "\${_yono_prefix}/include")
set(yono_LIBRARIES yono::yono)
unset(_yono_prefix)
EOF

cat >"$lib/cmake/yono/yonoConfigVersion.cmake" <<EOF
# Version check of the yono CMake package: CMake's SameMajorVersion rule from 1.0 on,
# and SameMinorVersion before 1.0 (a 0.x minor release may break the API and ABI, as
# Cargo's semver says; the SONAME follows the same rule). A version range is accepted
# when $version lies in it and its lower end passes the same rule.
set(PACKAGE_VERSION "$version")
set(_yono_major $major)
set(_yono_minor $minor)

if(PACKAGE_FIND_VERSION_RANGE)
  set(_yono_want_major "\${PACKAGE_FIND_VERSION_MIN_MAJOR}")
  set(_yono_want_minor "\${PACKAGE_FIND_VERSION_MIN_MINOR}")
  set(_yono_want "\${PACKAGE_FIND_VERSION_MIN}")
else()
  set(_yono_want_major "\${PACKAGE_FIND_VERSION_MAJOR}")
  set(_yono_want_minor "\${PACKAGE_FIND_VERSION_MINOR}")
  set(_yono_want "\${PACKAGE_FIND_VERSION}")
endif()
if("\${_yono_want_minor}" STREQUAL "")
  set(_yono_want_minor 0)
endif()

set(PACKAGE_VERSION_COMPATIBLE FALSE)
if(PACKAGE_VERSION VERSION_LESS _yono_want)
  # Older than asked for.
elseif(NOT _yono_want_major EQUAL _yono_major)
  # Another major version.
elseif(_yono_major EQUAL 0 AND NOT _yono_want_minor EQUAL _yono_minor)
  # Before 1.0, another minor version.
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
endif()
if(PACKAGE_FIND_VERSION_RANGE AND PACKAGE_VERSION_COMPATIBLE)
  if((PACKAGE_FIND_VERSION_RANGE_MAX STREQUAL "INCLUDE" AND PACKAGE_VERSION VERSION_GREATER PACKAGE_FIND_VERSION_MAX)
     OR (PACKAGE_FIND_VERSION_RANGE_MAX STREQUAL "EXCLUDE" AND NOT PACKAGE_VERSION VERSION_LESS PACKAGE_FIND_VERSION_MAX))
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
  endif()
endif()
if(PACKAGE_VERSION_COMPATIBLE AND PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
  set(PACKAGE_VERSION_EXACT TRUE)
endif()

# The library is built for 64-bit x86-64 Linux.
if(DEFINED CMAKE_SIZEOF_VOID_P AND NOT CMAKE_SIZEOF_VOID_P STREQUAL "8")
  set(PACKAGE_VERSION "\${PACKAGE_VERSION} (64bit)")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
endif()
unset(_yono_major)
unset(_yono_minor)
unset(_yono_want)
unset(_yono_want_major)
unset(_yono_want_minor)
EOF

echo "installed yono $version (SONAME $soname) under $prefix"
