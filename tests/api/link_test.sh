#!/bin/sh
# Link test (run by ctest as api/link): what the installed libgbc.a and libgbc.so
# publish. cmake --install into a temporary prefix, then check that
# - the defined global symbols of libgbc.a, and the dynamic ones of libgbc.so, are
#   exactly the functions that gbc.h and gbc_gmp.h declare with GBC_API (the list is
#   read from the installed headers here, independently of the build's generator):
#   in particular no defined global symbol lacks the gbc_ prefix;
# - libgbc.a holds machine code only (no GCC LTO or LLVM bitcode sections);
# - tests/api/link_clash.c, which defines poly_mul, f4_free, mod_run, la_reduce and
#   more of gbc's internal names itself, links with libgbc.a (with cc and, when
#   present, clang) and runs correctly;
# - as a control, the same program does not link with the internal archive of the
#   build tree (libgbc_internal.a), which keeps every symbol global.
# usage: link_test.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1
src=$2
tmp=$(mktemp -d /tmp/gbc-link-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "link test: $*" >&2; exit 1; }
# symbols that must be exported although they lack the gbc_ prefix: none so far
allowed=""

cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log" || {
    cat "$tmp/install.log"; fail "cmake --install failed"; }
pc=$(find "$tmp/prefix" -name gbc.pc | head -n 1)
[ -n "$pc" ] || fail "gbc.pc not installed"
libdir=$(dirname "$(dirname "$pc")")
inc=$tmp/prefix/include
archive=$libdir/libgbc.a
so=$(readlink -f "$libdir/libgbc.so")
[ -f "$archive" ] || fail "libgbc.a not installed"
[ -f "$so" ] || fail "libgbc.so not installed"

# the public API: every 'GBC_API ... gbc_name(' of the installed headers
sed -n 's/^GBC_API .*[ *]\(gbc_[A-Za-z0-9_]*\)(.*/\1/p' "$inc/gbc.h" "$inc/gbc_gmp.h" \
    | sort -u > "$tmp/api.txt"
napi=$(wc -l < "$tmp/api.txt")
[ "$napi" -ge 100 ] || fail "only $napi GBC_API functions found in the installed headers"
api_lines=$(grep -c '^GBC_API ' "$inc/gbc.h" "$inc/gbc_gmp.h" | awk -F: '{s += $2} END {print s}')
[ "$api_lines" -eq "$napi" ] || fail "$api_lines GBC_API declarations but $napi names read"

# compare: defined global symbols of $1 (listed in $2) against the API
check_exports() {
    what=$1
    list=$2
    sort -u "$list" > "$list.sorted"
    bad=$(grep -v '^gbc_' "$list.sorted" || true)
    for a in $allowed; do
        bad=$(printf '%s\n' "$bad" | grep -vx "$a" || true)
    done
    if [ -n "$bad" ]; then
        printf '%s\n' "$bad" | head -n 20 >&2
        fail "$what defines $(printf '%s\n' "$bad" | wc -l) global symbols without the gbc_ prefix"
    fi
    extra=$(comm -13 "$tmp/api.txt" "$list.sorted")
    [ -z "$extra" ] || { printf '%s\n' "$extra" | head -n 20 >&2
        fail "$what exports gbc_ symbols that gbc.h does not declare"; }
    missing=$(comm -23 "$tmp/api.txt" "$list.sorted")
    [ -z "$missing" ] || { printf '%s\n' "$missing" | head -n 20 >&2
        fail "$what lacks functions that gbc.h declares"; }
    echo "$what: exactly the $napi functions of gbc.h and gbc_gmp.h are global"
}
nm -g --defined-only "$archive" | awk 'NF == 3 {print $3}' > "$tmp/a.txt"
check_exports "libgbc.a" "$tmp/a.txt"
nm -D --defined-only "$so" | awk 'NF == 3 {print $3}' | sed 's/@.*//' > "$tmp/so.txt"
check_exports "$(basename "$so")" "$tmp/so.txt"

# machine code only: no LTO intermediate language that only one compiler reads
if readelf -SW "$archive" | grep -E '\.gnu\.lto_|\.llvmbc|\.llvm\.lto' > "$tmp/lto.txt"; then
    head -n 5 "$tmp/lto.txt" >&2
    fail "libgbc.a contains LTO bytecode sections"
fi
nm "$archive" | grep -qE '__gnu_lto_(slim|v1)' && fail "libgbc.a has GCC LTO marker symbols"
text=$(size "$archive" | awk 'NR == 2 {print $1}')
[ -n "$text" ] && [ "$text" -gt 100000 ] || fail "libgbc.a has little or no machine code ($text bytes)"
echo "libgbc.a: machine code only ($text bytes of text, no LTO sections)"

# a host program with gbc's internal names, statically linked
cflags=$(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags gbc) || fail "pkg-config failed"
compilers=${CC:-cc}
if command -v clang > /dev/null 2>&1; then
    compilers="$compilers clang"
else
    echo "clang not found: the clash program is linked with ${CC:-cc} only"
fi
for c in $compilers; do
    # shellcheck disable=SC2086
    "$c" -std=c11 -Wall -Wextra -Werror -O2 $cflags -o "$tmp/clash" "$src/tests/api/link_clash.c" \
        "$archive" -lgmp -lm -pthread > "$tmp/clash.log" 2>&1 || {
        cat "$tmp/clash.log"; fail "link_clash.c does not link with libgbc.a ($c)"; }
    "$tmp/clash" || fail "link_clash.c linked with libgbc.a ($c) failed"
    if readelf -d "$tmp/clash" | grep -q 'libgbc\.so'; then
        fail "the clash program ($c) links libgbc.so, not libgbc.a"
    fi
    echo "link_clash.c with libgbc.a ($c): linked and ran"
done

# the control: with every internal symbol global, the host's definitions collide
if [ -f "$build/libgbc_internal.a" ]; then
    # shellcheck disable=SC2086
    if "${CC:-cc}" -std=c11 -O2 $cflags -o "$tmp/clash-internal" "$src/tests/api/link_clash.c" \
            "$build/libgbc_internal.a" -lgmp -lm -pthread > "$tmp/internal.log" 2>&1; then
        fail "link_clash.c links with libgbc_internal.a too: it no longer tests a clash"
    fi
    grep -q 'multiple definition' "$tmp/internal.log" || {
        cat "$tmp/internal.log"; fail "the control link failed for another reason"; }
    echo "control: link_clash.c does not link with libgbc_internal.a (multiple definitions)"
fi
echo "link test passed"
