#!/bin/sh
# Install test (run by ctest as api/install): cmake --install into a temporary
# prefix, check what is installed (shared library with SONAME and version, static
# library, headers, gbc.pc, gbcConfig.cmake, the tools that were built), build every
# docs/examples/*.c against the installed tree through pkg-config and run it, link
# each fully static through pkg-config --static with clang (GBC_REQUIRE_CLANG=1:
# clang must be there) and with cc's own LTO, and build and run a tiny CMake
# project that uses find_package(gbc).
# usage: install_test.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1
src=$2
tmp=$(mktemp -d /tmp/gbc-install-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "install test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log" || {
    cat "$tmp/install.log"; fail "cmake --install failed"; }
pc=$(find "$tmp/prefix" -name gbc.pc | head -n 1)
[ -n "$pc" ] || fail "gbc.pc not installed"
libdir=$(dirname "$(dirname "$pc")")
for f in "$tmp/prefix/include/gbc.h" "$tmp/prefix/include/gbc_gmp.h" \
         "$tmp/prefix/include/gbc_cdef.h" "$libdir/libgbc.a" \
         "$libdir/libgbc.so" "$libdir/cmake/gbc/gbcConfig.cmake" \
         "$libdir/cmake/gbc/gbcConfigVersion.cmake"; do
    [ -e "$f" ] || fail "$f not installed"
done
real=$(readlink -f "$libdir/libgbc.so")
case "$real" in
    *libgbc.so.[0-9]*.[0-9]*.[0-9]*) ;;
    *) fail "libgbc.so is not a versioned library ($real)" ;;
esac
soname=$(readelf -d "$real" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
[ -n "$soname" ] || fail "libgbc.so has no SONAME"
[ -e "$libdir/$soname" ] || fail "no $soname link in $libdir"
echo "installed $(basename "$real"), SONAME $soname"
# the installed headers must not refer to internal ones
if grep -n '#include "' "$tmp/prefix/include/gbc.h" "$tmp/prefix/include/gbc_gmp.h" \
        | grep -v '"gbc.h"'; then
    fail "installed headers include internal headers"
fi

export PKG_CONFIG_PATH="$libdir/pkgconfig"
flags=$(pkg-config --cflags --libs gbc) || fail "pkg-config --cflags --libs gbc failed"
echo "pkg-config --cflags --libs gbc: $flags"
cc=${CC:-cc}
n=0
for ex in "$src"/docs/examples/*.c; do
    name=$(basename "$ex" .c)
    # shellcheck disable=SC2086
    "$cc" -std=c11 -Wall -Wextra -Werror -pedantic -o "$tmp/$name" "$ex" $flags -pthread \
        || fail "docs/examples/$name.c does not build against the installed tree"
    LD_LIBRARY_PATH="$libdir" "$tmp/$name" > "$tmp/$name.out" 2>&1 || {
        cat "$tmp/$name.out"; fail "docs/examples/$name.c failed"; }
    echo "docs/examples/$name.c: built and ran"
    n=$((n + 1))
done
[ "$n" -ge 4 ] || fail "expected at least 4 examples, found $n"
# The static library with another toolchain: libgbc.a holds machine code, not one
# compiler's LTO bytecode. Every docs/examples program linked fully static through
# pkg-config --static, with clang and with cc doing its own LTO under -Werror (no
# warning of the library may surface at the consumer's link); each prints what the
# shared build above printed (timings masked; interrupt.c's output is all timings).
sflags=$(pkg-config --static --cflags --libs gbc) || fail "pkg-config --static --cflags --libs gbc failed"
echo "pkg-config --static --cflags --libs gbc: $sflags"
if command -v clang > /dev/null 2>&1; then
    static_ccs="clang|$cc -flto=auto"
elif [ "${GBC_REQUIRE_CLANG:-0}" = 1 ]; then
    fail "clang not found (GBC_REQUIRE_CLANG=1)"
else
    echo "clang not found: the static link is tested with $cc only"
    static_ccs="$cc -flto=auto"
fi
mask() { sed -e 's/[0-9][0-9.e-]* m\{0,1\}s\b/T s/g' "$1"; }
old_ifs=$IFS
IFS='|'
for scc in $static_ccs; do
    IFS=$old_ifs
    for ex in "$src"/docs/examples/*.c; do
        name=$(basename "$ex" .c)
        # shellcheck disable=SC2086
        $scc -static -std=c11 -Wall -Wextra -Werror -pedantic -o "$tmp/static-$name" "$ex" \
            $sflags -pthread > "$tmp/static.log" 2>&1 || {
            cat "$tmp/static.log"; fail "docs/examples/$name.c does not link statically ($scc)"; }
        if readelf -d "$tmp/static-$name" 2>/dev/null | grep -q NEEDED; then
            fail "docs/examples/$name.c ($scc, -static) has dynamic dependencies"
        fi
        "$tmp/static-$name" > "$tmp/static-$name.out" 2>&1 || {
            cat "$tmp/static-$name.out"; fail "docs/examples/$name.c linked statically ($scc) failed"; }
        if [ "$name" != interrupt ]; then
            mask "$tmp/$name.out" > "$tmp/$name.masked"
            mask "$tmp/static-$name.out" | diff "$tmp/$name.masked" - || \
                fail "docs/examples/$name.c prints otherwise when linked statically ($scc)"
        fi
    done
    echo "docs/examples/*.c: linked fully static with $scc through pkg-config --static, ran"
    IFS='|'
done
IFS=$old_ifs

# the tools, when built
for t in gbc gbc-mpi; do
    if [ -x "$build/$t" ]; then
        [ -x "$tmp/prefix/bin/$t" ] || fail "$t was built but not installed"
        echo "bin/$t installed"
    fi
done

# the program of docs/api.md's complete example, if present, extracted verbatim
if [ -f "$src/docs/api.md" ]; then
    sed -n '/^```c complete-example$/,/^```$/p' "$src/docs/api.md" | sed '1d;$d' > "$tmp/apimd.c"
    if [ -s "$tmp/apimd.c" ]; then
        # shellcheck disable=SC2086
        "$cc" -std=c11 -Wall -Wextra -Werror -o "$tmp/apimd" "$tmp/apimd.c" $flags \
            || fail "the complete example of docs/api.md does not build"
        LD_LIBRARY_PATH="$libdir" "$tmp/apimd" > "$tmp/apimd.out" 2>&1 || {
            cat "$tmp/apimd.out"; fail "the complete example of docs/api.md failed"; }
        echo "docs/api.md complete example: built and ran"
    fi
fi

# find_package(gbc) from a tiny CMake project
mkdir -p "$tmp/proj"
cat > "$tmp/proj/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.22)
project(use_gbc C)
find_package(gbc 0.1 REQUIRED)
add_executable(use_gbc main.c)
target_link_libraries(use_gbc PRIVATE gbc::gbc)
CM
cat > "$tmp/proj/main.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <gbc.h>
int main(void)
{
    const char *t = "x, y\n101\nx^2 - y, x*y - 1\n";
    gbc_ring *r = NULL;
    gbc_polys *f = NULL, *g = NULL;
    if (gbc_parse(&r, &f, t, strlen(t), NULL, NULL, NULL) != GBC_OK ||
        gbc_groebner(&g, f, NULL, NULL) != GBC_OK)
        return 1;
    printf("gbc %s: %zu elements\n", gbc_version(), gbc_polys_count(g));
    gbc_polys_free(g);
    gbc_polys_free(f);
    gbc_ring_free(r);
    return 0;
}
C
cmake -S "$tmp/proj" -B "$tmp/proj/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
    -DCMAKE_BUILD_TYPE=Release > "$tmp/proj.log" 2>&1 || {
    cat "$tmp/proj.log"; fail "find_package(gbc) failed"; }
cmake --build "$tmp/proj/build" > "$tmp/proj.log" 2>&1 || {
    cat "$tmp/proj.log"; fail "the find_package project does not build"; }
LD_LIBRARY_PATH="$libdir" "$tmp/proj/build/use_gbc" || fail "the find_package project failed"
echo "find_package(gbc): built and ran"

# the static target, on a machine without pkg-config (CMake told not to find it)
sed -i 's/gbc::gbc)/gbc::gbc_static)/' "$tmp/proj/CMakeLists.txt"
cmake -S "$tmp/proj" -B "$tmp/proj/build-static" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
    -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON -DCMAKE_BUILD_TYPE=Release \
    > "$tmp/proj.log" 2>&1 || {
    cat "$tmp/proj.log"; fail "find_package(gbc) without pkg-config failed"; }
cmake --build "$tmp/proj/build-static" > "$tmp/proj.log" 2>&1 || {
    cat "$tmp/proj.log"; fail "the gbc::gbc_static project does not build"; }
# linked statically: runs without LD_LIBRARY_PATH, and needs no libgbc.so
if readelf -d "$tmp/proj/build-static/use_gbc" | grep -q 'libgbc\.so'; then
    fail "the gbc::gbc_static project links libgbc.so"
fi
"$tmp/proj/build-static/use_gbc" || fail "the gbc::gbc_static project failed"
echo "find_package(gbc) without pkg-config, gbc::gbc_static: built and ran"
echo "install test passed"
