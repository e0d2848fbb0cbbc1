#!/bin/sh
# python/package (ctest): the integrator's path for Python. Install libgbc into a
# temporary prefix, pip-install ./python offline into a virtual environment (with
# the system's site packages, for Debian's pytest and sympy; the package's own build
# backend needs nothing: tests/ffi/python_venv.sh checks a bare venv), and run the
# package's pytest suite against the installed package, which finds libgbc through
# PKG_CONFIG_PATH alone (GBC_CLI names the installed gbc tool, which the order tests
# run on the same text input). Exits 77 (skipped) when pytest, sympy or venv are
# missing, unless GBC_REQUIRE_PYTHON=1 (CI), when that is a failure.
# usage: python_package.sh PYTHON BUILD_DIR SOURCE_DIR
set -eu
py=$1
build=$2
src=$3
skip() {
    if [ "${GBC_REQUIRE_PYTHON:-0}" = 1 ]; then
        echo "python package test: $* (required by GBC_REQUIRE_PYTHON=1)" >&2
        exit 1
    fi
    echo "python package test skipped: $*"
    exit 77
}
"$py" -c "import pytest" 2>/dev/null || skip "pytest missing (apt-get install python3-pytest)"
"$py" -c "import sympy" 2>/dev/null || skip "sympy missing (apt-get install python3-sympy)"
tmp=$(mktemp -d /tmp/gbc-python-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "python package test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log" ||
    { cat "$tmp/install.log"; fail "cmake --install failed"; }
pc=$(find "$tmp/prefix" -name gbc.pc | head -n 1)
"$py" -m venv --system-site-packages "$tmp/venv" > "$tmp/venv.log" 2>&1 ||
    { cat "$tmp/venv.log"; skip "python3 -m venv failed (apt-get install python3-venv)"; }
# a copy, so that the build leaves nothing in the source tree
cp -r "$src/python" "$tmp/src"
rm -rf "$tmp/src/build" "$tmp/src"/*.egg-info
start=$(date +%s)
"$tmp/venv/bin/python" -m pip install --no-index --no-deps \
    --disable-pip-version-check "$tmp/src" > "$tmp/pip.log" 2>&1 ||
    { cat "$tmp/pip.log"; fail "pip install ./python failed (offline)"; }
echo "pip install ./python: $(( $(date +%s) - start )) s, offline"
rm -rf "$tmp/src"
cd "$tmp"
unset GBC_LIBRARY GBC_PREFIX
export PKG_CONFIG_PATH GBC_CLI
PKG_CONFIG_PATH="$(dirname "$pc")"
GBC_CLI="$tmp/prefix/bin/gbc"
[ -x "$GBC_CLI" ] || fail "the gbc tool was not installed at $GBC_CLI"
where=$("$tmp/venv/bin/python" -c "import gbc; print(gbc.__file__); print(gbc.library_path)") ||
    fail "import gbc failed"
echo "$where"
case "$where" in
    "$tmp/venv/"*"$tmp/prefix/"*) ;;
    *) fail "gbc was not imported from the venv with the installed libgbc" ;;
esac
# a test that runs for minutes has hung: faulthandler prints every thread's stack
# then, so that the log names it (ctest stops the test at 600 s)
"$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider -o faulthandler_timeout=240 \
    --durations=5 "$src/python/tests" ||
    fail "the package's tests failed"
