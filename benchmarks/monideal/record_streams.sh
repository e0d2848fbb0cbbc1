#!/bin/sh
# Record divisor-lookup query streams from real Groebner computations and replay
# them through the list and the tree (mibench replay).
#   benchmarks/monideal/record_streams.sh [OUTDIR]     (run from the repository root)
# Builds gbc with -DGBC_DL_RECORD in /tmp/build-dlrec (the recorder in
# src/divlookup/divlookup.c writes every dl_* call to $GBC_DL_RECORD), runs F4 on
# cyclic-6, cyclic-7, katsura-9 and Buchberger on cyclic-6, katsura-6 over
# GF(65521), then replays the streams with a normal Release mibench.
set -e
out=${1:-/tmp/dlstreams}
rec=/tmp/build-dlrec
rel=/tmp/build-dlrel
mkdir -p "$out"
cmake -S . -B "$rec" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-DGBC_DL_RECORD >/dev/null
cmake --build "$rec" -j2 --target gbc >/dev/null
cmake -S . -B "$rel" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$rel" -j2 --target mibench >/dev/null
for s in cyclic-6 cyclic-7 katsura-6 katsura-9; do
    python3 benchmarks/systems/gen.py --char 65521 "$s" -o "$out/$s.txt"
done
for s in cyclic-6 cyclic-7 katsura-9; do
    GBC_DL_RECORD="$out/f4-$s.dl" "$rec/gbc" "$out/$s.txt" >/dev/null
done
for s in cyclic-6 katsura-6; do
    GBC_DL_RECORD="$out/bb-$s.dl" "$rec/gbc" --algorithm buchberger "$out/$s.txt" >/dev/null
done
"$rel/benchmarks/monideal/mibench" replay "$out"/*.dl
