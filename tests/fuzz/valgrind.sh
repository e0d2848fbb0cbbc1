#!/usr/bin/env bash
# valgrind memcheck over the system-test inputs, through the gbc tool of BUILD_DIR
# (default build): every example and reference input of tests/data/gb (default F4;
# Buchberger and the certified path on a few), the monomial-ideal commands on
# tests/data/monideal, and malformed inputs that must fail cleanly (exit 1). Any
# memcheck error or leak (definite or indirect) fails; JOBS runs at a time.
# usage: tests/fuzz/valgrind.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
gbc=$build/gbc
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
command -v valgrind >/dev/null || { echo "valgrind is not installed"; exit 1; }
[ -x "$gbc" ] || { echo "no $gbc"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'x,y\n0\nx^2+\n' >"$work/bad-syntax.txt"
printf 'x,y\n4\nx+y\n' >"$work/bad-char.txt"
printf 'x,y\n0\nx^4294967296*y\n' >"$work/bad-overflow.txt"
printf 'x,x\n0\nx\n' >"$work/bad-names.txt"

# One case a line: expected exit status, then the gbc arguments. A subset that
# touches every path and finishes in about a minute on two cores.
{
  for f in examples/*.txt tests/data/gb/*-q.in tests/data/gb/*-p2147483647.in; do
    echo "0 $f"
  done
  for f in examples/katsura4.txt tests/data/gb/cyclic4-p32003.in; do
    echo "0 --algorithm buchberger $f"
    echo "0 --order lex $f"
  done
  echo "0 --certify examples/katsura4.txt"
  echo "0 --threads 2 examples/katsura6.txt"
  k=0
  for f in tests/data/monideal/*.txt; do
    case $f in */cases.txt|*/index.txt) continue ;; esac
    echo "0 hilbert $f"
    echo "0 irrdecom $f"
    if [ $((k++ % 4)) -eq 0 ]; then
      for c in alexdual assoprimes maxstandard dim; do echo "0 $c $f"; done
    fi
  done
  for f in "$work"/bad-*.txt; do echo "1 $f"; done
} >"$work/cases"

# Run one case; print a line only on failure.
one() {
  local want=$1; shift
  local rc=0
  valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    "$gbc" "$@" >/dev/null 2>"$work/err.$$.$RANDOM" || rc=$?
  if [ "$rc" -ne "$want" ]; then
    echo "FAIL (exit $rc, expected $want): gbc $*"
    return 1
  fi
}
export -f one
export gbc work
n=$(wc -l <"$work/cases")
if ! xargs -P "$jobs" -L 1 bash -c 'one "$@"' _ <"$work/cases" >"$work/fails" 2>&1; then
  cat "$work/fails"
  for f in "$work"/err.*; do [ -s "$f" ] && { echo "--- $f"; head -40 "$f"; }; done
  exit 1
fi
echo "valgrind memcheck: $n runs of gbc clean"
