#!/bin/sh
# Configure test (run by ctest as api/configure): the build's options, configured
# into temporary build trees (configure only, nothing compiled).
# - Without Check (pkg-config made to see GMP alone) the configuration succeeds,
#   says that the tests are not built, and registers no test.
# - -DGBC_BUILD_TESTS=OFF -DGBC_BUILD_TOOLS=OFF: the libraries and no tool.
# - -DGBC_BUILD_TOOLS=OFF with the tests on is refused with a reason.
# - CMakeLists.txt and CMakePresets.json ask for no CMake newer than 3.22.
# usage: configure_test.sh SOURCE_DIR
set -eu
src=$1
tmp=$(mktemp -d /tmp/gbc-configure-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "configure test: $*" >&2; exit 1; }

# the minimum versions declared
min=$(sed -n 's/^cmake_minimum_required(VERSION \([0-9]*\.[0-9]*\).*/\1/p' "$src/CMakeLists.txt")
[ "$min" = "3.22" ] || fail "CMakeLists.txt requires CMake $min, not 3.22"
grep -q '"cmakeMinimumRequired": {"major": 3, "minor": 22, "patch": 0}' "$src/CMakePresets.json" \
    || fail "CMakePresets.json does not declare CMake 3.22"
pv=$(sed -n 's/^ *"version": \([0-9]*\),.*/\1/p' "$src/CMakePresets.json" | head -n 1)
[ -n "$pv" ] && [ "$pv" -le 3 ] || fail "CMakePresets.json version $pv needs CMake newer than 3.22"
echo "CMake 3.22 declared (presets version $pv)"

# pkg-config that finds GMP and nothing else
gmpdir=$(pkg-config --variable=pcfiledir gmp) || fail "pkg-config does not find gmp"
mkdir -p "$tmp/pc"
cp "$gmpdir/gmp.pc" "$tmp/pc/"
if PKG_CONFIG_LIBDIR="$tmp/pc" PKG_CONFIG_PATH="" pkg-config --exists check; then
    fail "could not hide Check from pkg-config"
fi

PKG_CONFIG_LIBDIR="$tmp/pc" PKG_CONFIG_PATH="" \
    cmake -S "$src" -B "$tmp/nocheck" -DCMAKE_BUILD_TYPE=Release > "$tmp/nocheck.log" 2>&1 || {
    cat "$tmp/nocheck.log"; fail "configuring without Check failed"; }
grep -q "Check (pkg-config module 'check') was not found" "$tmp/nocheck.log" || {
    cat "$tmp/nocheck.log"; fail "no message that the tests are off without Check"; }
n=$(cd "$tmp/nocheck" && ctest -N | sed -n 's/^Total Tests: //p')
[ "${n:-0}" -eq 0 ] || fail "without Check, $n tests are registered"
cmake --build "$tmp/nocheck" --target help > "$tmp/help.txt"
grep -q '\.\.\. gbc$' "$tmp/help.txt" || fail "without Check, the gbc tool is not a target"
echo "without Check: configured, tests off with a message, the tool still built"

PKG_CONFIG_LIBDIR="$tmp/pc" PKG_CONFIG_PATH="" \
    cmake -S "$src" -B "$tmp/libonly" -DCMAKE_BUILD_TYPE=Release -DGBC_BUILD_TESTS=OFF \
    -DGBC_BUILD_TOOLS=OFF > "$tmp/libonly.log" 2>&1 || {
    cat "$tmp/libonly.log"; fail "configuring the library alone failed"; }
if grep -q "was not found" "$tmp/libonly.log"; then
    fail "GBC_BUILD_TESTS=OFF still warns about Check"
fi
cmake --build "$tmp/libonly" --target help > "$tmp/help.txt"
for t in gbc_shared gbc_published; do
    grep -q "\.\.\. $t\$" "$tmp/help.txt" || fail "library only: no target $t"
done
for t in gbc gbc-mpi mibench soak; do
    if grep -q "\.\.\. $t\$" "$tmp/help.txt"; then
        fail "library only: $t is still a target"
    fi
done
echo "GBC_BUILD_TESTS=OFF GBC_BUILD_TOOLS=OFF: the libraries, no tool"

if cmake -S "$src" -B "$tmp/notools" -DGBC_BUILD_TOOLS=OFF > "$tmp/notools.log" 2>&1; then
    fail "tests without the tools were accepted"
fi
grep -q "GBC_BUILD_TESTS needs GBC_BUILD_TOOLS" "$tmp/notools.log" || {
    cat "$tmp/notools.log"; fail "no reason given for refusing tests without the tools"; }
echo "tests without the tools: refused with the reason"
echo "configure test passed"
