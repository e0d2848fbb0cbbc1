#!/usr/bin/env bash
# Build the libFuzzer harnesses with clang (-fsanitize=fuzzer,address,undefined) and
# run each from a copy of its seed corpus in tests/fuzz/corpus for SECONDS (default
# 60), JOBS at a time (default: the number of cores). Any crash, leak, sanitizer
# report, out-of-memory or hang (a unit slower than FUZZ_TIMEOUT s, default 25) fails;
# the failing inputs and the whole log of a failing harness are copied to
# fuzz-artifacts/; with FUZZ_LOGS=DIR every harness's log is kept there.
# ASan's quarantine is FUZZ_QUARANTINE_MB (default 64): with ASan's 256 MB the
# allocation churn of the differential harness (GMP and polynomial temporaries,
# 5 s per input at most) kept 0.4-0.9 GB of freed memory resident, and with the
# size-class caches a long run crossed -rss_limit_mb=2048 (a false out-of-memory:
# without ASan gbc's peak per input is mostly under 30 MB, rarely up to ~160 MB, and
# the harness caps it at 256 MB; the heaviest corpus input peaks at 486 MB under
# ASan with the default quarantine, 17 MB with none, 5.8 MB without ASan). With 64 MB
# fuzz_diff peaked at 713 MB in 30 minutes (1396 MB with 256 MB at the same count);
# libFuzzer's own tables still grow, so for runs of an hour or more raise
# FUZZ_RSS_MB (the -rss_limit_mb, default 2048).
# usage: tests/fuzz/run.sh [SECONDS] [BUILD_DIR] [HARNESS...]
set -euo pipefail
cd "$(dirname "$0")/../.."
secs=${1:-60}
build=${2:-build-fuzz}
shift $(( $# > 2 ? 2 : $# ))
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=(parse diff arrays monideal)
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
tmo=${FUZZ_TIMEOUT:-25}
quarantine=${FUZZ_QUARANTINE_MB:-64}
rss_mb=${FUZZ_RSS_MB:-2048}

CC=clang cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGBC_FUZZ=ON \
  -DGBC_BUILD_TESTS=OFF -DGBC_HARDEN=OFF >/dev/null
targets=()
for h in "${harnesses[@]}"; do targets+=(--target "fuzz_$h"); done
cmake --build "$build" -j"$jobs" "${targets[@]}" >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One harness: run it, then judge its log. Prints one summary line.
run_one() {
  local h=$1 dir=$work/$1
  mkdir -p "$dir/corpus" "$dir/artifacts"
  cp tests/fuzz/corpus/"$h"/* "$dir/corpus/"
  local rc=0 maxlen=8192
  # the parser's seeds hold headers of thousands of names and digit strings of
  # 20000 digits, and its mutator inserts such pieces: room for them
  [ "$h" = parse ] && maxlen=65536
  ASAN_OPTIONS=detect_leaks=1:quarantine_size_mb=$quarantine \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$build/fuzz/fuzz_$h" -max_total_time="$secs" -timeout="$tmo" -rss_limit_mb="$rss_mb" \
      -max_len="$maxlen" -print_final_stats=1 -artifact_prefix="$dir/artifacts/" \
      "$dir/corpus" >"$dir/log" 2>&1 || rc=$?
  local execs cov
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$dir/log" | grep -o '[0-9]*$' || true)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$dir/log" | tail -1 || true)
  if [ -n "${FUZZ_LOGS:-}" ]; then
    mkdir -p "$FUZZ_LOGS"
    cp "$dir/log" "$FUZZ_LOGS/fuzz_$h.log"
  fi
  if [ "$rc" -ne 0 ] || grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:' "$dir/log"; then
    echo "FAIL fuzz_$h (exit $rc) after ${execs:-?} executions"
    grep -vE '^#[0-9]+ ' "$dir/log" | tail -60
    mkdir -p fuzz-artifacts
    cp "$dir/log" "fuzz-artifacts/fuzz_$h.log"
    cp "$dir"/artifacts/crash-* "$dir"/artifacts/leak-* "$dir"/artifacts/timeout-* \
       "$dir"/artifacts/oom-* fuzz-artifacts/ 2>/dev/null || true
    return 1
  fi
  echo "ok   fuzz_$h: ${secs}s, ${execs:-?} executions, ${cov:-no coverage line}"
}

status=0
pids=()
for h in "${harnesses[@]}"; do
  run_one "$h" >"$work/$h.out" 2>&1 &
  pids+=($!)
  if [ ${#pids[@]} -ge "$jobs" ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
for h in "${harnesses[@]}"; do cat "$work/$h.out"; done
exit $status
