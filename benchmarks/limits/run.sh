#!/usr/bin/env bash
# Generate the limit inputs (gen.py) into DIR and run the gbc tool of BUILD_DIR on
# each under /usr/bin/time -v with a wall-clock cap of CAP seconds (default 300) and
# an address-space cap of MEM_KB (default 8000000), printing exit status, CPU time,
# peak memory and the first line of any error: the figures of README's "Limits".
# usage: benchmarks/limits/run.sh [BUILD_DIR] [DIR] [--no-big]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
dir=${2:-/tmp/gbc-limits}
gbc=$(cd "$build" && pwd)/gbc
python3 "$here/gen.py" "$dir" ${3:-}
cap=${CAP:-300}
mem=${MEM_KB:-8000000}
printf '%-24s %5s %9s %9s  %s\n' input exit cpu_s peak_MB error
for f in "$dir"/*.txt; do
  name=$(basename "$f" .txt)
  ( ulimit -v "$mem"; /usr/bin/time -v timeout "$cap" "$gbc" "$f" >"$dir/$name.out" 2>"$dir/$name.err" )
  rc=$?
  cpu=$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {printf "%.2f", u + s}' "$dir/$name.err")
  peak=$(awk -F': ' '/Maximum resident/ {printf "%.0f", $2 / 1024}' "$dir/$name.err")
  msg=$(grep -vE '^\s|^Command exited' "$dir/$name.err" | head -1)
  [ "$rc" -eq 124 ] && msg="stopped after ${cap} s"
  printf '%-24s %5s %9s %9s  %s\n' "$name" "$rc" "$cpu" "$peak" "$msg"
done
