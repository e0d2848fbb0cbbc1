#!/usr/bin/env bash
# The fuzzing step of .ci/run: install clang and its libFuzzer runtime if missing,
# then build every harness with -fsanitize=fuzzer,address,undefined and run each for
# FUZZ_SECONDS (default 60) from its seed corpus (tests/fuzz/run.sh). Any crash,
# leak, sanitizer report or hang fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v clang >/dev/null 2>&1 || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang libclang-rt-dev >/dev/null
fi
exec tests/fuzz/run.sh "${FUZZ_SECONDS:-60}" "${FUZZ_BUILD:-build-fuzz}"
