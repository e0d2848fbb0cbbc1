#!/usr/bin/env python3
"""Random monomial ideals for the monomial-ideal benchmarks and tests.

Writes an ideal in gbc's input format (variables x1..xn, characteristic 0, one
monomial per generator) to standard output or -o FILE. Deterministic for a given
seed (Python's Mersenne Twister via random.Random).

Two families:
  * exponents: each generator draws a support of --support variables (all when 0;
    a range LO-HI draws the size uniformly in it) and exponents uniform in
    [1, --maxexp] on it;
  * --squarefree: supports of --support variables (or a random size in [2, 4]
    when 0), all exponents 1.

Example: genideal.py --vars 20 --gens 2000 --maxexp 10 --support 6 --seed 1
"""
import argparse
import random
import sys


def support_size(rng, support, default):
    """support: an int (0 means default) or a (lo, hi) pair drawn uniformly."""
    if isinstance(support, tuple):
        return rng.randint(support[0], support[1])
    return support if support > 0 else default()


def generate(nvars, ngens, maxexp, support, squarefree, seed):
    rng = random.Random(seed)
    gens = []
    seen = set()
    attempts = 0
    while len(gens) < ngens and attempts < 50 * ngens + 1000:
        attempts += 1
        if squarefree:
            s = support_size(rng, support, lambda: rng.randint(2, 4))
            s = min(s, nvars)
            vs = rng.sample(range(nvars), s)
            e = [0] * nvars
            for v in vs:
                e[v] = 1
        else:
            s = support_size(rng, support, lambda: nvars)
            s = min(s, nvars)
            vs = rng.sample(range(nvars), s)
            e = [0] * nvars
            for v in vs:
                e[v] = rng.randint(1, maxexp)
        t = tuple(e)
        if t in seen:
            continue
        seen.add(t)
        gens.append(t)
    return gens


def monomial(e):
    parts = []
    for i, x in enumerate(e):
        if x == 1:
            parts.append("x%d" % (i + 1))
        elif x > 1:
            parts.append("x%d^%d" % (i + 1, x))
    return "*".join(parts) if parts else "1"


def write_gbc(f, nvars, gens):
    f.write(",".join("x%d" % (i + 1) for i in range(nvars)) + "\n0\n")
    f.write(",\n".join(monomial(e) for e in gens) + "\n")


def parse_support(text):
    if "-" in text:
        lo, hi = text.split("-", 1)
        return (int(lo), int(hi))
    return int(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vars", type=int, required=True)
    ap.add_argument("--gens", type=int, required=True)
    ap.add_argument("--maxexp", type=int, default=10)
    ap.add_argument("--support", type=parse_support, default=0,
                    help="variables per generator: N, or a range LO-HI "
                         "(0: all, or 2..4 if squarefree)")
    ap.add_argument("--squarefree", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", dest="out")
    a = ap.parse_args()
    gens = generate(a.vars, a.gens, a.maxexp, a.support, a.squarefree, a.seed)
    if a.out:
        with open(a.out, "w") as f:
            write_gbc(f, a.vars, gens)
    else:
        write_gbc(sys.stdout, a.vars, gens)


if __name__ == "__main__":
    main()
