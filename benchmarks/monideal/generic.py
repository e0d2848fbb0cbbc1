#!/usr/bin/env python3
"""Hilbert series of near-generic monomial ideals: gbc against Frobby.

The instances are modelled on Frobby's benchmark nearGenericV15G50: random
ideals with large exponents (uniform in [0, --maxexp], so few values repeat
within a column) and a few forced repeats (--shared pairs of generators given
the same exponent in one variable), so that the ideal is near-generic: the
Hilbert recursion reaches strongly generic subproblems quickly, where gbc ends
it with the Scarf complex. Deterministic for a given seed.

For each instance it runs `gbc hilbert` (univariate) and `gbc hilbert
--multigraded` against `frobby hilbert -univariate` and `frobby hilbert`, --reps
times each, and prints the median CPU time (user + system of the process) and the
peak resident set size of each, checks that the answers agree, and prints one
Markdown table row per instance and grading.

    python3 benchmarks/monideal/generic.py                     # V15G50, seed 1
    python3 benchmarks/monideal/generic.py --vars 12 --gens 40 --seeds 1,2,3
    python3 benchmarks/monideal/generic.py --ops hilbert --reps 1

Standard library only (imports run.py's formats). Exit status 1 when some answer
disagrees.
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run  # noqa: E402


def near_generic(nvars, ngens, maxexp, shared, seed):
    """ngens exponent vectors, entries uniform in [0, maxexp], then `shared`
    random pairs given the same exponent in a random variable."""
    rng = random.Random(seed)
    gens = [[rng.randint(0, maxexp) for _ in range(nvars)] for _ in range(ngens)]
    for _ in range(shared):
        v = rng.randrange(nvars)
        a, b = rng.sample(range(ngens), 2)
        gens[b][v] = gens[a][v]
    return [tuple(g) for g in gens]


def measured(cmd, stdin_path, reps):
    """Median CPU time, median peak RSS (MiB) and the last output over reps runs."""
    times, rss, out = [], [], None
    for _ in range(reps):
        with open(stdin_path, "rb") as fin:
            p = subprocess.Popen(cmd, stdin=fin, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL)
            # read the output while the process runs (it may exceed a pipe buffer),
            # then reap it with its own resource usage
            out_b = p.stdout.read()
            _, status, ru = os.wait4(p.pid, 0)
            p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode != 0:
            return None, None, None
        times.append(ru.ru_utime + ru.ru_stime)
        rss.append(ru.ru_maxrss / 1024.0)
        out = out_b.decode()
    return statistics.median(times), statistics.median(rss), out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gbc", default=os.path.join(HERE, "..", "..", "build", "gbc"))
    ap.add_argument("--frobby", default=shutil.which("frobby") or "/usr/bin/frobby")
    ap.add_argument("--vars", type=int, default=15)
    ap.add_argument("--gens", type=int, default=50)
    ap.add_argument("--maxexp", type=int, default=10000)
    ap.add_argument("--shared", type=int, default=4)
    ap.add_argument("--seeds", default="1")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--ops", default="hilbert,hilbert-mg")
    ap.add_argument("--no-frobby", action="store_true", help="time gbc only")
    a = ap.parse_args()
    gbc = os.path.abspath(a.gbc)
    if not os.path.exists(gbc):
        sys.exit("gbc not found at %s (build it, or pass --gbc)" % gbc)
    frobby = None if a.no_frobby else a.frobby
    if frobby and not os.path.exists(frobby):
        sys.exit("frobby not found (apt-get install frobby, or --no-frobby)")
    d = tempfile.mkdtemp(prefix="gbc-generic-")
    bad = 0
    try:
        print("| instance | grading | gbc CPU (s) | gbc RSS (MiB) | Frobby CPU (s) "
              "| Frobby RSS (MiB) | Frobby/gbc | terms | answers |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---|")
        sys.stdout.flush()
        for seed in [int(s) for s in a.seeds.split(",")]:
            name = "ngV%dG%d-s%d" % (a.vars, a.gens, seed)
            gens = near_generic(a.vars, a.gens, a.maxexp, a.shared, seed)
            paths = run.write_inputs(d, name, a.vars, gens)
            for op in a.ops.split(","):
                tg, mg, og = measured(run.gbc_cmd(gbc, op), paths["gbc"], a.reps)
                tf = mf = of = None
                if frobby:
                    tf, mf, of = measured(run.frobby_cmd(frobby, op), paths["m2"], a.reps)
                agree, terms = "-", "-"
                if og is not None:
                    cg = run.canon_gbc(op, og)
                    terms = str(len(cg))
                    if of is not None:
                        agree = "agree" if cg == run.canon_frobby(op, of) else "DIFFER"
                        bad += agree == "DIFFER"
                ratio = "%.1fx" % (tf / tg) if tg and tf else "-"
                f = lambda x: "-" if x is None else "%.1f" % x  # noqa: E731
                print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                    name, "univariate" if op == "hilbert" else "multigraded", f(tg), f(mg),
                    f(tf), f(mf), ratio, terms, agree))
                sys.stdout.flush()
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
