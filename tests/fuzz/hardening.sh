#!/usr/bin/env bash
# Check that a Release build (BUILD_DIR, default build) is hardened as GBC_HARDEN
# promises: the library's objects were compiled with -fstack-protector-strong,
# -D_FORTIFY_SOURCE=2 and -fPIC, and the binaries show it: libgbc.so and gbc
# reference __stack_chk_fail and fortified *_chk functions, and libgbc.so has no
# text relocations.
# usage: tests/fuzz/hardening.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
fail=0
flags=$build/CMakeFiles/gbc_obj.dir/flags.make
for want in -fstack-protector-strong -D_FORTIFY_SOURCE=2 -fPIC; do
  if ! grep -q -- "$want" "$flags"; then
    echo "FAIL: $want missing from the library's compile flags ($flags)"
    fail=1
  fi
done
so=$(readlink -f "$build/libgbc.so")
for bin in "$so" "$build/gbc"; do
  undef=$(nm -D --undefined-only "$bin")
  if ! grep -q '__stack_chk_fail' <<<"$undef"; then
    echo "FAIL: $bin does not reference __stack_chk_fail (no stack protector)"
    fail=1
  fi
  if ! grep -qE '__[a-z]+_chk@' <<<"$undef"; then
    echo "FAIL: $bin references no fortified __*_chk function (_FORTIFY_SOURCE)"
    fail=1
  fi
done
if ! readelf -h "$so" | grep -q 'DYN'; then
  echo "FAIL: $so is not a shared object"
  fail=1
fi
if readelf -d "$so" | grep -q TEXTREL; then
  echo "FAIL: $so has text relocations (not position-independent)"
  fail=1
fi
if [ $fail -eq 0 ]; then
  echo "hardened: $(basename "$so") and gbc use the stack protector and" \
       "$(nm -D --undefined-only "$so" | grep -oE '__[a-z]+_chk@' | tr -d @ | sort -u | tr '\n' ' ')," \
       "PIC without text relocations"
fi
exit $fail
