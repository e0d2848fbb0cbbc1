#!/usr/bin/env bash
# Build the libFuzzer harnesses with clang and run each from its seed corpus for
# SECONDS (default 60). Any crash, leak, sanitizer report or timeout fails.
# usage: tests/fuzz/run.sh [SECONDS] [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."
secs=${1:-60}
build=${2:-build-fuzz}
CC=clang cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGBC_FUZZ=ON \
  -DGBC_BUILD_TESTS=OFF -DGBC_HARDEN=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" >/dev/null
status=0
for f in "$build"/fuzz/fuzz_*; do
  name=$(basename "$f")
  corpus=tests/fuzz/corpus/${name#fuzz_}
  work=$(mktemp -d)
  cp -r "$corpus"/. "$work"/ 2>/dev/null || true
  echo "== $name: ${secs}s from $corpus"
  if ! ASAN_OPTIONS=detect_leaks=1 "$f" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
       -max_len=4096 -print_final_stats=1 "$work" 2>"$work.log"; then
    status=1
    tail -60 "$work.log"
    mkdir -p fuzz-artifacts && cp crash-* leak-* timeout-* oom-* fuzz-artifacts/ 2>/dev/null || true
  else
    grep -E "stat::number_of_executed_units|cov:" "$work.log" | tail -2
  fi
  rm -rf "$work" "$work.log"
done
exit $status
