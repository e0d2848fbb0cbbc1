#!/usr/bin/env python3
# make_reference.py: builds the reference Groebner bases of tests/data/gb/ with
# Singular, an oracle independent of gbc: the inputs (cyclic, katsura, seeded random
# ideals), one reduced basis per (input, order, characteristic) case, and MANIFEST.
#
# Usage: python3 tests/data/make_reference.py [--singular PATH] [--only NAME,...]
# Needs only Singular (its polylib.lib, called poly.lib upstream) and python3.

import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUTDIR = os.path.join(HERE, "gb")
SEED = 20240617
P31 = 2147483647

# Characteristics and the orders computed in each: every order for 32003 and the
# rationals, grevlex and lex for the extreme primes.
CHARS = [(32003, "p32003", None), (0, "q", None), (2, "p2", ("grevlex", "lex")),
         (P31, "p2147483647", ("grevlex", "lex"))]

# Cases (system, characteristic tag, order tag) left out of the manifest because
# gbc's Buchberger needs more than about 10 s on them (see README.md); they are not
# generated either.
SLOW = {("katsura6", "q", "lex"), ("katsura6", "q", "blocks-dp-lp")}


def orders(n):
    """The orders for an n-variable ring: (tag, gbc spec, Singular spec)."""
    w = [(i % 3) + 1 for i in range(n)]
    ws = ",".join(str(x) for x in w)
    k = n // 2
    return [
        ("grevlex", "grevlex", "dp"),
        ("lex", "lex", "lp"),
        ("deglex", "deglex", "Dp"),
        ("weights", "weights:" + ws, "(a(%s),dp)" % ws),
        ("blocks-dp2-dp", "blocks:grevlex(2),grevlex(%d)" % (n - 2),
         "(dp(2),dp(%d))" % (n - 2)),
        ("blocks-lp1-dp", "blocks:lex(1),grevlex(%d)" % (n - 1),
         "(lp(1),dp(%d))" % (n - 1)),
        ("blocks-dp-lp", "blocks:grevlex(%d),lex(%d)" % (k, n - k),
         "(dp(%d),lp(%d))" % (k, n - k)),
        ("blocks-Dp-dp", "blocks:deglex(%d),grevlex(%d)" % (n - k, k),
         "(Dp(%d),dp(%d))" % (n - k, k)),
    ]


# ---- seeded random ideals, written as text Singular parses in any characteristic --

def rand_coef(rng, fractions):
    c = rng.choice([x for x in range(-9, 10) if x != 0])
    if fractions and rng.random() < 0.4:
        # Odd denominators prime to every characteristic used here.
        return "%d/%d" % (c, rng.choice([3, 5, 7, 9, 11]))
    return str(c)


def rand_mono(rng, names, deg):
    e = [0] * len(names)
    for _ in range(deg):
        e[rng.randrange(len(names))] += 1
    return e


def mono_text(names, e):
    parts = []
    for v, k in zip(names, e):
        if k == 1:
            parts.append(v)
        elif k > 1:
            parts.append("%s^%d" % (v, k))
    return "*".join(parts)


def rand_poly(rng, names, deg, nterms, homogeneous, fractions):
    """A polynomial with nterms distinct terms of degree <= deg (== deg when
    homogeneous); the first term has degree deg."""
    monos = []
    while len(monos) < nterms:
        d = deg if homogeneous or not monos else rng.randint(0, deg)
        e = rand_mono(rng, names, d)
        if e not in monos:
            monos.append(e)
    out = ""
    for e in monos:
        c = rand_coef(rng, fractions)
        m = mono_text(names, e)
        term = c if not m else c + "*" + m
        if out and not term.startswith("-"):
            out += "+"
        out += term
    return out


def random_systems():
    rng = random.Random(SEED)
    xyz, xyzw = ["x", "y", "z"], ["x", "y", "z", "w"]
    systems = []
    # Three generic homogeneous quadrics in 3 variables: zero-dimensional.
    systems.append(("rand1-homog", xyz,
                    [rand_poly(rng, xyz, 2, 4, True, False) for _ in range(3)]))
    # Four affine generators of degrees 2-3 in 4 variables, rational coefficients.
    systems.append(("rand2-affine", xyzw,
                    [rand_poly(rng, xyzw, d, 5, False, True) for d in (2, 2, 3, 3)]))
    # Two homogeneous generators in 4 variables: a positive-dimensional cone.
    systems.append(("rand3-homog-posdim", xyzw,
                    [rand_poly(rng, xyzw, d, 5, True, False) for d in (2, 3)]))
    # Two affine generators in 3 variables: a curve.
    systems.append(("rand4-curve", xyz,
                    [rand_poly(rng, xyz, d, 4, False, True) for d in (3, 2)]))
    # Repeated and zero generators; the last one, a multiple of the first, vanishes
    # in characteristic 2 only.
    f = rand_poly(rng, xyz, 2, 3, False, False)
    g = rand_poly(rng, xyz, 3, 4, False, False)
    h = rand_poly(rng, xyz, 2, 3, True, False)
    systems.append(("rand5-dupzero", xyz,
                    [f, "0", g, f, "-3*(%s)" % f, "0", h, g, "2*x*(%s)" % f]))
    # The unit ideal: the third generator is h1*f1 + h2*f2 + 1 expanded.
    f1 = rand_poly(rng, xyz, 2, 4, False, False)
    f2 = rand_poly(rng, xyz, 3, 4, False, False)
    h1 = rand_poly(rng, xyz, 1, 3, False, False)
    h2 = rand_poly(rng, xyz, 1, 2, False, False)
    f3 = "(%s)*(%s)+(%s)*(%s)+1" % (h1, f1, h2, f2)
    systems.append(("rand6-unit", xyz, [f1, f2, f3]))
    # Sparse binomial-like affine system in 4 variables of mixed degrees.
    systems.append(("rand7-sparse", xyzw,
                    [rand_poly(rng, xyzw, d, 3, False, True) for d in (3, 2, 3, 2)]))
    return systems


def all_systems():
    """(name, variables, generators): generators are a Singular expression string
    (cyclic/katsura from polylib.lib) or a list of polynomial texts."""
    letters = ["a", "b", "c", "d", "e", "f"]
    named = [("cyclic4", letters[:4], "cyclic(4)"),
             ("cyclic5", letters[:5], "cyclic(5)"),
             ("katsura4", letters[:4], "katsura(4)"),
             ("katsura5", letters[:5], "katsura(5)"),
             ("katsura6", letters[:6], "katsura(6)")]
    return named + random_systems()


# ---- Singular --------------------------------------------------------------------

def singular_script(names, gens, char, ords):
    vs = ",".join(names)
    if isinstance(gens, str):
        ideal = gens
    else:
        ideal = ",\n  ".join(gens)
    s = ['LIB "polylib.lib";',
         "option(redSB);",
         "option(redTail);",
         "ring r0 = %d,(%s),dp;" % (char, vs),
         "short = 0;",
         "ideal I0 = %s;" % ideal,
         'print("@@INPUT");',
         "int k;",
         "for (k = 1; k <= ncols(I0); k++) { print(string(I0[k])); }",
         'print("@@END");']
    for j, (tag, _, sord) in enumerate(ords):
        s += ["ring r%d = %d,(%s),%s;" % (j + 1, char, vs, sord),
              "short = 0;",
              "ideal I = imap(r0, I0);",
              # Hilbert-driven std (through the homogenised ideal), then std once
              # more so that redSB leaves the reduced basis: plain std with lp on
              # affine ideals over Q takes Singular minutes.
              "ideal G = std(stdhilb(I));",
              # A second opinion by another algorithm (slimgb): both bases must
              # contain each other and have the same number of elements (reduced
              # bases are unique), and G must contain the input. (stdfglm is no
              # oracle here: with (a(w),dp) it returned polynomials outside I.)
              "ideal H = slimgb(I);",
              "if (size(G) != size(H) || size(reduce(H, G)) != 0 ||"
              " size(reduce(G, std(H))) != 0 || size(reduce(I, G)) != 0)"
              ' { print("@@MISMATCH %s"); }' % tag,
              'print("@@GB %s");' % tag,
              "for (k = 1; k <= ncols(G); k++) { if (G[k] != 0) { print(string(G[k])); } }",
              'print("@@END");',
              "kill r%d;" % (j + 1)]
    s.append("quit;")
    return "\n".join(s) + "\n"


def run_singular(singular, script):
    r = subprocess.run([singular, "-q", "--no-rc", "--no-warn"], input=script,
                       capture_output=True, text=True, check=False)
    if r.returncode != 0 or "?" in r.stdout or r.stderr.strip():
        sys.exit("Singular failed:\n" + r.stdout + r.stderr + "\nscript:\n" + script)
    blocks, cur, name = {}, None, None
    for line in r.stdout.splitlines():
        line = line.strip()
        if line.startswith("@@MISMATCH"):
            sys.exit("std and slimgb disagree: " + line)
        if line.startswith("@@INPUT"):
            name, cur = "@input", []
        elif line.startswith("@@GB "):
            name, cur = line[5:], []
        elif line == "@@END":
            blocks[name] = cur
            cur = None
        elif cur is not None and line:
            cur.append(line)
    return blocks


def write_text(path, names, char, polys):
    with open(path, "w") as f:
        f.write(",".join(names) + "\n%d\n" % char)
        f.write(",\n".join(polys) + ("\n" if polys else ""))


def main():
    ap = argparse.ArgumentParser(
        description="Regenerate tests/data/gb/ (inputs, reference bases, MANIFEST).")
    ap.add_argument("--singular", default="Singular")
    ap.add_argument("--only", default="", help="comma-separated system names")
    a = ap.parse_args()
    only = set(a.only.split(",")) if a.only else None
    os.makedirs(OUTDIR, exist_ok=True)
    manifest = []
    for name, names, gens in all_systems():
        ords_all = orders(len(names))
        for char, ctag, keep in CHARS:
            ords = [o for o in ords_all if (keep is None or o[0] in keep) and
                    (name, ctag, o[0]) not in SLOW]
            base = "%s-%s" % (name, ctag)
            if only is None or name in only:
                blocks = run_singular(a.singular, singular_script(names, gens, char, ords))
                write_text(os.path.join(OUTDIR, base + ".in"), names, char,
                           blocks["@input"])
                for tag, _, _ in ords:
                    write_text(os.path.join(OUTDIR, "%s-%s.gb" % (base, tag)), names,
                               char, blocks[tag])
                print("wrote", base, file=sys.stderr)
            for tag, spec, _ in ords:
                manifest.append("%s.in %s %s-%s.gb" % (base, spec, base, tag))
    with open(os.path.join(OUTDIR, "MANIFEST"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
