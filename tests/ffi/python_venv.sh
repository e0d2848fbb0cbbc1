#!/bin/sh
# python/venv (ctest): the package installs offline into a bare virtual environment
# (no system site packages: no setuptools, wheel, cffi, pytest or sympy), through its
# own standard-library build backend: with pip's default build isolation, without
# it, and from the sdist the backend writes; then it imports and computes one
# Groebner basis against an installed libgbc, and an editable install (pip install
# -e) of a copy imports that copy.
# Exits 77 (skipped, with the reason) when python3 -m venv cannot make an environment
# with pip (Debian: apt-get install python3-venv), unless GBC_REQUIRE_PYTHON=1.
# usage: python_venv.sh PYTHON BUILD_DIR SOURCE_DIR
set -eu
py=$1
build=$2
src=$3
skip() {
    if [ "${GBC_REQUIRE_PYTHON:-0}" = 1 ]; then
        echo "python venv test: $* (required by GBC_REQUIRE_PYTHON=1)" >&2
        exit 1
    fi
    echo "python venv test skipped: $*"
    exit 77
}
fail() { echo "python venv test: $*" >&2; exit 1; }
tmp=$(mktemp -d /tmp/gbc-python-venv.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

"$py" -m venv "$tmp/venv" > "$tmp/venv.log" 2>&1 ||
    { cat "$tmp/venv.log"; skip "python3 -m venv failed (apt-get install python3-venv)"; }
"$tmp/venv/bin/python" -m pip --version > /dev/null 2>&1 ||
    skip "the virtual environment has no pip (apt-get install python3-venv)"
cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log" ||
    { cat "$tmp/install.log"; fail "cmake --install failed"; }
pc=$(find "$tmp/prefix" -name gbc.pc | head -n 1)
[ -n "$pc" ] || fail "no gbc.pc under the installation prefix"
# a copy, so that the build leaves nothing in the source tree
cp -r "$src/python" "$tmp/src"
for isolation in "" --no-build-isolation; do
    "$tmp/venv/bin/python" -m pip install --no-index --disable-pip-version-check \
        --force-reinstall $isolation "$tmp/src" > "$tmp/pip.log" 2>&1 ||
        { cat "$tmp/pip.log"; fail "pip install --no-index ${isolation:+$isolation }./python failed in a bare venv"; }
    echo "pip install --no-index ${isolation:+$isolation }./python: installed in a bare venv"
done
# the sdist the backend writes installs too (its files suffice to build the wheel)
sdist=$(cd "$tmp/src/_backend" && "$py" -B -c \
    "import gbc_backend, sys; print(gbc_backend.build_sdist(sys.argv[1]))" "$tmp/dist") ||
    fail "the backend's build_sdist failed"
"$tmp/venv/bin/python" -m pip install --no-index --disable-pip-version-check \
    --force-reinstall "$tmp/dist/$sdist" > "$tmp/pip.log" 2>&1 ||
    { cat "$tmp/pip.log"; fail "pip install of the sdist $sdist failed in a bare venv"; }
echo "pip install --no-index $sdist (the backend's sdist): installed in a bare venv"
rm -rf "$tmp/src"
cd "$tmp"
unset GBC_LIBRARY GBC_PREFIX
PKG_CONFIG_PATH="$(dirname "$pc")" "$tmp/venv/bin/python" - "$tmp" <<'PY' ||
import sys
import gbc
tmp = sys.argv[1]
assert gbc.__file__.startswith(tmp + "/venv/"), gbc.__file__
assert gbc.library_path.startswith(tmp + "/prefix/"), gbc.library_path
R = gbc.Ring("x, y", field=0, order="lex")
G = R.ideal("x^2 - y", "x*y - 1").groebner()
# the defining properties, not a stored answer: both generators reduce to zero, G
# is a Groebner basis, lies in the ideal (its elements are combinations of the
# generators: checked by membership in the ideal of the generators), and the
# quotient ring has dimension 0 and degree 3 (x^3 = 1)
assert all(g.is_zero() for g in G.normal_form(["x^2 - y", "x*y - 1"]))
assert G.is_groebner()
assert all(R.ideal("x^2 - y", "x*y - 1").contains(list(G)))
assert G.dimension() == 0 and G.degree() == 3
# the environment is bare: Debian's packages are not visible in it
import importlib.util
for absent in ("sympy", "pytest", "cffi"):
    assert importlib.util.find_spec(absent) is None, absent + " is in the bare venv"
print("import gbc from the bare venv:", gbc.__file__, "libgbc:", gbc.library_path)
print("basis:", ", ".join(str(g) for g in G))
PY
    fail "import gbc or the basis failed in the bare venv"
# an editable install (PEP 660) of another copy: the venv then imports that copy
cp -r "$src/python" "$tmp/edit"
"$tmp/venv/bin/python" -m pip install --no-index --disable-pip-version-check -e "$tmp/edit" \
    > "$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; fail "pip install -e ./python failed"; }
where=$(PKG_CONFIG_PATH="$(dirname "$pc")" "$tmp/venv/bin/python" -c \
    "import gbc; print(gbc.__file__); print(gbc.Ring('x').ideal('x^2').degree())") ||
    fail "import gbc after the editable install failed"
case "$where" in
    "$tmp/edit/gbc/__init__.py"*2) echo "pip install -e ./python: imports the source copy" ;;
    *) fail "the editable install does not import the source copy: $where" ;;
esac
