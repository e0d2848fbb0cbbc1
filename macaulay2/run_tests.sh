#!/bin/sh
# macaulay2 (ctest): load macaulay2/Gbc.m2 in M2 and run its TESTs, then the
# differential test macaulay2/tests/differential.m2 (random ideals in every order
# the package maps, compared with M2's own gb, % and hilbertSeries; every ring it
# must refuse raises an error). Exits 77 (skipped) without M2, unless
# GBC_REQUIRE_M2=1 (CI). GBC_TEST_SEED sets the differential test's seed.
# usage: run_tests.sh LIBGBC SOURCE_DIR
set -eu
lib=$1
src=$2
if ! command -v M2 >/dev/null 2>&1; then
    [ "${GBC_REQUIRE_M2:-0}" = 1 ] && { echo "M2 missing (apt-get install macaulay2)" >&2; exit 1; }
    echo "M2 not installed (apt-get install macaulay2): skipped"
    exit 77
fi
tmp=$(mktemp -d /tmp/gbc-m2-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
GBC_LIBRARY=$lib M2 --stop --no-readline --silent -q -e "
loadPackage(\"Gbc\", FileName => \"$src/macaulay2/Gbc.m2\");
check(\"Gbc\", UserMode => false);
load \"$src/macaulay2/tests/differential.m2\";
print \"Gbc: all tests passed\";
exit 0" </dev/null
