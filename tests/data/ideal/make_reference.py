#!/usr/bin/env python3
# make_reference.py: reference results of the ideal operations for tests/ideal/t-ideal.c,
# computed by Singular (an oracle independent of gbc): eliminate, intersect, quotient,
# sat (elim.lib), reduce, on seeded random and classical ideals, modulo 32003 and
# over Q. For each case NAME it writes NAME.a (the first input, in gbc's format),
# NAME.b (the second input, if any) and NAME.ref (Singular's result, a reduced
# Groebner basis or the normal forms), and one MANIFEST line "NAME OP [VARS]".
#
# Usage: python3 tests/data/ideal/make_reference.py [--singular PATH]
import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20261117


def rand_poly(rng, vs, nterms, maxdeg, fractions):
    terms = []
    for _ in range(nterms):
        c = rng.choice([x for x in range(-9, 10) if x != 0])
        cs = str(c)
        if fractions and rng.random() < 0.3:
            cs = "%d/%d" % (c, rng.choice([2, 3, 5, 7]))
        d = rng.randint(0, maxdeg)
        mono = []
        for _ in range(d):
            mono.append(rng.choice(vs))
        m = "*".join(mono)
        terms.append(cs + ("*" + m if m else ""))
    return " + ".join(terms).replace("+ -", "- ")


def rand_ideal(rng, vs, k, nterms, maxdeg, fractions):
    return [rand_poly(rng, vs, nterms, maxdeg, fractions) for _ in range(k)]


def cyclic(vs):
    n = len(vs)
    out = []
    for d in range(1, n):
        out.append(" + ".join("*".join(vs[(i + j) % n] for j in range(d)) for i in range(n)))
    out.append("*".join(vs) + " - 1")
    return out


def katsura(vs):
    n = len(vs) - 1
    x = lambda i: vs[abs(i)] if abs(i) <= n else None
    out = [" + ".join(["x0".replace("x0", vs[0])] + ["2*" + v for v in vs[1:]]) + " - 1"]
    for m in range(n):
        terms = []
        for l in range(-n, n + 1):
            a, b = x(l), x(m - l)
            if a is not None and b is not None:
                terms.append(a + "*" + b)
        out.append(" + ".join(terms) + " - " + vs[m])
    return out


def cases():
    rng = random.Random(SEED)
    xyz = ["x", "y", "z"]
    xyzw = ["x", "y", "z", "w"]
    out = []
    for p, tag in [(32003, "p"), (0, "q")]:
        fr = p == 0
        for k in range(3):
            a = rand_ideal(rng, xyz, 3, 3, 3, fr)
            b = rand_ideal(rng, xyz, 2, 3, 2, fr)
            out.append(("rand%d-%s-elim" % (k, tag), "eliminate", xyz, p, a, None, ["x"]))
            out.append(("rand%d-%s-int" % (k, tag), "intersect", xyz, p, a, b, None))
            f = [rand_poly(rng, xyz, 2, 2, fr)]
            # I : f with f a divisor of zero modulo I: a = f * (random) + ...
            a2 = ["(%s)*(%s)" % (f[0], g) for g in rand_ideal(rng, xyz, 2, 2, 2, fr)] + \
                 [rand_poly(rng, xyz, 3, 3, fr)]
            out.append(("rand%d-%s-quot" % (k, tag), "quotient", xyz, p, a2, f, None))
            out.append(("rand%d-%s-quotJ" % (k, tag), "quotient", xyz, p, a2, f + b[:1], None))
            out.append(("rand%d-%s-sat" % (k, tag), "saturate", xyz, p, a2, f, None))
            out.append(("rand%d-%s-red" % (k, tag), "reduce", xyz, p, a,
                        rand_ideal(rng, xyz, 3, 4, 4, fr), None))
        # classical
        out.append(("cyclic4-%s-elim" % tag, "eliminate", xyzw, p, cyclic(xyzw), None, ["x", "y"]))
        out.append(("katsura3-%s-elim" % tag, "eliminate", xyzw, p, katsura(xyzw), None, ["y", "w"]))
        out.append(("cyclic4-%s-quot" % tag, "quotient", xyzw, p, cyclic(xyzw), ["x*y - z*w"], None))
        out.append(("cyclic4-%s-int" % tag, "intersect", xyzw, p, cyclic(xyzw), katsura(xyzw), None))
        out.append(("twisted-%s-elim" % tag, "eliminate", ["t", "x", "y", "z"], p,
                    ["x - t", "y - t^2", "z - t^3"], None, ["t"]))
        # an embedded component at the origin: saturation removes it
        out.append(("embedded-%s-sat" % tag, "saturate", xyz, p,
                    ["x^2*y", "x*y^2", "x*y*z^3", "(x*y - z)*x^3"], ["x", "y", "z"], None))
        out.append(("cyclic4-%s-sat" % tag, "saturate", xyzw, p, cyclic(xyzw)[:3], ["x*y"], None))
        out.append(("cyclic4-%s-red" % tag, "reduce", xyzw, p, cyclic(xyzw),
                    ["x^5*y - 2*z", "(x + y + z + w)*(x - 1)", "w^7 + 1/2*x*y"], None))
    return out


def write_input(path, vs, p, polys):
    with open(path, "w") as f:
        f.write("%s\n%d\n" % (",".join(vs), p))
        f.write(",\n".join(polys) + "\n")


def singular_script(vs, p, op, a, b, elim):
    s = ['LIB "elim.lib";',
         "ring r = %d,(%s),dp;" % (p, ",".join(vs)),
         "short = 0; option(redSB); option(redTail);",
         "ideal a = %s;" % ", ".join(a)]
    if b is not None:
        s.append("ideal b = %s;" % ", ".join(b))
    if op == "eliminate":
        s.append("ideal R = std(eliminate(a, %s));" % "*".join(elim))
    elif op == "intersect":
        s.append("ideal R = std(intersect(a, b));")
    elif op == "quotient":
        s.append("ideal R = std(quotient(a, b));")
    elif op == "saturate":
        s.append("def S = sat(a, b); ideal R;")
        s.append('if (typeof(S) == "list") { R = std(S[1]); } else { R = std(S); }')
    elif op == "reduce":
        s.append("ideal R = reduce(b, std(a));")
    s.append('int i; for (i = 1; i <= ncols(R); i++) { print(string(R[i]) + ","); }')
    s.append('print("END");')
    s.append("quit;")
    return "\n".join(s) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--singular", default="Singular")
    args = ap.parse_args()
    manifest = []
    for name, op, vs, p, a, b, elim in cases():
        out = subprocess.run([args.singular, "-q"], input=singular_script(vs, p, op, a, b, elim),
                             capture_output=True, text=True, check=True).stdout
        lines = out.split("\n")
        if "END" not in lines:
            sys.exit("%s: Singular failed:\n%s" % (name, out))
        polys = [l.rstrip(",") for l in lines[:lines.index("END")] if l.strip()]
        if op == "reduce":
            # Singular's reduce may rescale over Q: the test compares up to a constant
            pass
        polys = [q for q in polys if q != "0"] if op != "reduce" else polys
        write_input(os.path.join(HERE, name + ".a"), vs, p, a)
        if b is not None:
            write_input(os.path.join(HERE, name + ".b"), vs, p, b)
        write_input(os.path.join(HERE, name + ".ref"), vs, p, polys)
        manifest.append("%s %s%s" % (name, op, " " + ",".join(elim) if elim else ""))
    with open(os.path.join(HERE, "MANIFEST"), "w") as f:
        f.write("\n".join(manifest) + "\n")
    print("%d cases" % len(manifest))


if __name__ == "__main__":
    main()
