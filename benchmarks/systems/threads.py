#!/usr/bin/env python3
"""One thread against several: gbc's own timer and its phases, and Amdahl's model.

For each system file, runs `gbc gb --threads 1 -v FILE` and `--threads T -v FILE`
alternately (REPEATS pairs), reads the computation's wall time and its phases
from the verbose report (symbolic preprocessing, linear algebra, pair update,
final interreduction with the output, the rest), and prints the medians, the
median of the paired ratios T-threads / one thread, each phase's serial
fraction s fitted to the two medians (ratio = s + (1 - s) / T), and what the
model with those fractions expects on 8 and 64 cores (each phase's one-thread
time times s + (1 - s) / N, summed).

    python3 benchmarks/systems/threads.py FILE... [--gbc build/gbc] [--threads 2] [--repeats 9]

The files are the systems' text (python3 benchmarks/systems/gen.py NAME --char P -o
FILE). Wall time on a shared machine: run it with nothing else running.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

PHASES = ["symbolic", "linalg", "pairs", "final", "other"]


def run(gbc, path, threads):
    out = subprocess.run([gbc, "gb", "--threads", str(threads), "-v", path, "-o", os.devnull],
                         capture_output=True, text=True, check=True).stderr
    tot = re.search(r"elements, .*?([0-9.]+) s, peak", out)
    ph = re.search(r"symbolic preprocessing ([0-9.]+), linear algebra ([0-9.]+), "
                   r"pair update ([0-9.]+), interreduction ([0-9.]+)", out)
    if tot is None or ph is None:
        sys.exit("threads.py: no timing report from gbc -v on " + path)
    t = float(tot.group(1))
    sp, la, pu, fi = (float(x) for x in ph.groups())
    return [t, sp, la, pu, fi, max(t - sp - la - pu - fi, 0.0)]


def serial_fraction(one, many, threads):
    if one <= 0:
        return 1.0
    r = many / one
    s = (r - 1.0 / threads) / (1.0 - 1.0 / threads)
    return min(max(s, 0.0), 1.0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--gbc", default="build/gbc")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=9)
    a = ap.parse_args()
    T = a.threads
    for path in a.files:
        ones, manys, ratios = [], [], []
        for _ in range(a.repeats):
            x = run(a.gbc, path, 1)
            y = run(a.gbc, path, T)
            ones.append(x)
            manys.append(y)
            ratios.append(y[0] / x[0])
        m1 = [statistics.median(c) for c in zip(*ones)]
        mT = [statistics.median(c) for c in zip(*manys)]
        print(f"{os.path.basename(path)}: 1 thread {m1[0]:.3f} s, {T} threads {mT[0]:.3f} s, "
              f"{T} / 1 (median of paired ratios) {statistics.median(ratios):.2f}")
        model = {8: 0.0, 64: 0.0}
        for k, name in enumerate(PHASES, start=1):
            s = serial_fraction(m1[k], mT[k], T)
            for n in model:
                model[n] += m1[k] * (s + (1 - s) / n)
            print(f"  {name:9s} {m1[k]:.3f} -> {mT[k]:.3f} s, serial fraction {s:.2f}")
        for n, t in model.items():
            print(f"  model, {n} cores: {t:.3f} s = {t / m1[0]:.2f} of one thread "
                  f"(speed-up {m1[0] / t:.1f})")


if __name__ == "__main__":
    main()
