#!/usr/bin/env python3
"""Inputs at gbc's documented limits (README, "Limits"). Writes into DIR:
  vars1000.txt      1000 variables: x_i^2 + x_{i+1}, x_999^2 - 1 over Z/32003
  vars1000-linear.txt  1000 sparse affine linear forms in 1000 variables
  vars1000-hopeless.txt  the chain plus a dense linear form (degree 2^999: no end)
  gens100k.txt      10^5 random binomials of degree <= 4 in 6 variables, Z/32003
  deg-2e31.txt      exponents near 2^31: x^2147483647 - y, y^3 - 1 (computes)
  deg-spair.txt     x^2147483648*y - 1, x*y^2147483648 - 1: an S-pair of degree
                    2^32 + 1 (must fail with an overflow error)
  deg-2e32.txt      a term of total degree 2^32 (must fail with its position)
  big-principal.txt one generator of ~100 MB (principal ideal: computes)
  big-random.txt    ~100 MB of random dense generators (parses; the basis is huge)
usage: gen.py DIR [--no-big]"""
import os
import random
import sys


def write(path, names, char, gens):
    with open(path, "w") as f:
        f.write(",".join(names) + "\n%d\n" % char)
        f.write(",\n".join(gens) + "\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    big = "--no-big" not in sys.argv
    os.makedirs(out, exist_ok=True)
    r = random.Random(2026)
    n = 1000
    xs = ["x%d" % i for i in range(n)]
    gens = ["%s^2+%s" % (xs[i], xs[i + 1]) for i in range(n - 1)] + [xs[-1] + "^2-1"]
    write(os.path.join(out, "vars1000.txt"), xs, 32003, gens)
    # 1000 sparse affine linear forms (5 terms each): F4 eliminates a 1000 x 1001
    # matrix that fills in; the answer is one point (x_i - a_i)
    gens = []
    for i in range(n):
        vs_ = sorted(set([i] + [r.randrange(n) for _ in range(4)]))
        gens.append("+".join("%d*%s" % (r.randrange(1, 32003), xs[v]) for v in vs_)
                    + "+%d" % r.randrange(1, 32003))
    write(os.path.join(out, "vars1000-linear.txt"), xs, 32003, gens)
    # a dense linear form added to the chain: the basis is that of a zero-dimensional
    # ideal of degree 2^999 (cannot finish; shows that a run needs a bound)
    gens = ["%s^2+%s" % (xs[i], xs[i + 1]) for i in range(n - 1)] + [xs[-1] + "^2"]
    gens.append("+".join("%d*%s" % (r.randrange(1, 32003), x) for x in xs))
    write(os.path.join(out, "vars1000-hopeless.txt"), xs, 32003, gens)

    vs = ["a", "b", "c", "d", "e", "f"]

    def mono(deg):
        e = [0] * 6
        for _ in range(deg):
            e[r.randrange(6)] += 1
        return "*".join("%s^%d" % (v, k) for v, k in zip(vs, e) if k) or "1"

    gens = ["%s-%d*%s" % (mono(r.randrange(1, 5)), r.randrange(1, 32003), mono(r.randrange(0, 5)))
            for _ in range(100000)]
    write(os.path.join(out, "gens100k.txt"), vs, 32003, gens)

    write(os.path.join(out, "deg-2e31.txt"), ["x", "y"], 32003, ["x^2147483647-y", "y^3-1"])
    write(os.path.join(out, "deg-spair.txt"), ["x", "y"], 32003,
          ["x^2147483648*y-1", "x*y^2147483648-1"])
    write(os.path.join(out, "deg-2e32.txt"), ["x", "y"], 32003,
          ["x+y", "x^2147483648*y^2147483648+1"])
    if not big:
        return
    # ~100 MB: one generator with ~7 million terms in 3 variables
    with open(os.path.join(out, "big-principal.txt"), "w") as f:
        f.write("x,y,z\n32003\n")
        first = True
        size = 0
        i = 0
        while size < 100_000_000:
            a, b, c = i % 200, (i // 200) % 200, i // 40000
            t = "%s%d*x^%d*y^%d*z^%d" % ("" if first else "+", r.randrange(1, 32003), a, b, c)
            f.write(t)
            size += len(t)
            first = False
            i += 1
        f.write("\n")
    # ~100 MB of random dense generators of degree <= 3 in 8 variables
    vs8 = ["x%d" % i for i in range(8)]
    with open(os.path.join(out, "big-random.txt"), "w") as f:
        f.write(",".join(vs8) + "\n32003\n")
        size = 0
        first = True
        while size < 100_000_000:
            terms = []
            for _ in range(30):
                e = [0] * 8
                for _ in range(r.randrange(0, 4)):
                    e[r.randrange(8)] += 1
                m = "*".join("%s^%d" % (v, k) for v, k in zip(vs8, e) if k)
                terms.append("%d%s" % (r.randrange(1, 32003), "*" + m if m else ""))
            g = ("" if first else ",\n") + "+".join(terms)
            f.write(g)
            size += len(g)
            first = False
        f.write("\n")


if __name__ == "__main__":
    main()
