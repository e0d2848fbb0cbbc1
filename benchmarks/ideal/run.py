#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Ideal operations: gbc's eliminate, intersect, quotient, saturate, reduce and
lift commands against Singular's eliminate, intersect, quotient, sat (elim.lib),
reduce and lift, on a few classical systems (benchmarks/systems/gen.py); for the
saturations also each of gbc's methods behind --method auto (eliminate and f4)
and msolve's F4SAT (-S) on 32-bit primes.

Measured as in benchmarks/systems: CPU seconds (user + system) of the whole
process, the median of --repeats runs, and its peak RSS. Each pair of results is
checked for the same number of elements (reduced bases: the same ideal has as
many elements in both, Singular's result made a reduced basis by std).

Usage: python3 benchmarks/ideal/run.py [--cases a,b] [--repeats 3] [--gbc PATH]
Python 3 standard library only.
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(REPO, "benchmarks", "systems"))
import gen  # noqa: E402


def polys_of(name, names, char):
    _, polys = gen.system(name)
    return [gen.poly_to_text(names, p, char) for p in polys]


def homog_of(name, names, char):
    """The generators of a system homogenised by a last variable (names[-1])."""
    _, polys = gen.system(name)
    out = []
    for p in polys:
        d = max(sum(m) for m in p)
        out.append(gen.poly_to_text(names, {m + (d - sum(m),): c for m, c in p.items()},
                                    char))
    return out


def rand_polys(names, k, deg, nterms, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(k):
        terms = []
        for _ in range(nterms):
            d = rng.randint(0, deg)
            m = "*".join(rng.choice(names) for _ in range(d))
            c = rng.randint(1, 99)
            terms.append(str(c) + ("*" + m if m else ""))
        out.append(" + ".join(terms))
    return out


def names_n(n):
    return ["x%d" % i for i in range(n)]


# name: (op, nvars, char, first generators, second input or None, vars to eliminate)
def cases():
    c = {}
    n7, n9 = names_n(7), names_n(9)
    c["elim-katsura8"] = ("eliminate", n9, 32003, polys_of("katsura-8", n9, 32003), None,
                          ["x0", "x1"])
    n5 = names_n(5)
    c["elim-bicubic"] = ("eliminate", n5, 32003,
                         polys_of("implicit-bicubic", n5, 32003), None, ["x0", "x1"])
    n6 = names_n(6)
    c["int-cyclic6-katsura5"] = ("intersect", n6, 32003, polys_of("cyclic-6", n6, 32003),
                                 polys_of("katsura-5", n6, 32003), None)
    c["quot-katsura8"] = ("quotient", n9, 32003, polys_of("katsura-8", n9, 32003),
                          ["x0*x1 - x2*x3 + x4"], None)
    c["sat-cyclic7-open"] = ("saturate", n7, 32003, polys_of("cyclic-7", n7, 32003)[:6],
                             ["x0*x1*x2"], None)
    c["sat-cyclic7-open-p30"] = ("saturate", n7, 1073741827,
                                 polys_of("cyclic-7", n7, 1073741827)[:6], ["x0*x1*x2"], None)
    c["sat-cyclic6-open-q"] = ("saturate", n6, 0, polys_of("cyclic-6", n6, 0)[:5],
                               ["x0*x1*x2"], None)
    # for the choice between the saturation methods (docs/ideal.md): by a variable,
    # a linear form, a quadric; homogenised systems by h
    c["sat-cyclic7-open-x0"] = ("saturate", n7, 32003, polys_of("cyclic-7", n7, 32003)[:6],
                                ["x0"], None)
    c["sat-cyclic7-open-lin"] = ("saturate", n7, 32003,
                                 polys_of("cyclic-7", n7, 32003)[:6], ["x0 + x1"], None)
    c["sat-cyclic7-open-x0x1"] = ("saturate", n7, 32003,
                                  polys_of("cyclic-7", n7, 32003)[:6], ["x0*x1"], None)
    nk = names_n(10) + ["h"]
    c["sat-katsura9-h"] = ("saturate", nk, 32003, homog_of("katsura-9", nk, 32003), ["h"],
                           None)
    c["sat-cyclic7-h"] = ("saturate", n7 + ["h"], 32003,
                          homog_of("cyclic-7", n7 + ["h"], 32003), ["h"], None)
    c["sat-eco10-h"] = ("saturate", names_n(10) + ["h"], 32003,
                        homog_of("eco-10", names_n(10) + ["h"], 32003), ["h"], None)
    c["reduce-katsura8"] = ("reduce", n9, 32003, polys_of("katsura-8", n9, 32003),
                            rand_polys(n9, 300, 8, 30, 17), None)
    c["lift-katsura6"] = ("lift", n7, 32003, polys_of("katsura-6", n7, 32003), None, None)
    c["elim-katsura6-q"] = ("eliminate", n7, 0, polys_of("katsura-6", n7, 0), None,
                            ["x0", "x1"])
    return c


def write_gbc(path, names, char, polys):
    with open(path, "w") as f:
        f.write(",".join(names) + "\n%d\n" % char + ",\n".join(polys) + "\n")


def singular_script(op, names, char, a, b, elim):
    s = ['LIB "elim.lib";', "ring r = %d,(%s),dp;" % (char, ",".join(names)),
         "option(redSB); option(redTail);", "ideal a = %s;" % ",\n".join(a)]
    if b is not None:
        s.append("ideal b = %s;" % ",\n".join(b))
    if op == "eliminate":
        s.append("ideal R = eliminate(a, %s);" % "*".join(elim))
    elif op == "intersect":
        s.append("ideal R = intersect(a, b);")
    elif op == "quotient":
        s.append("ideal R = quotient(a, b);")
    elif op == "saturate":
        s.append("def S = sat(a, b); ideal R;")
        s.append('if (typeof(S) == "list") { R = S[1]; } else { R = S; }')
    elif op == "reduce":
        s.append("ideal R = reduce(b, std(a));")
    elif op == "lift":
        s.append("ideal G = std(a); matrix T = lift(a, G); ideal R = G;")
    if op in ("reduce", "lift"):
        s.append('print("SIZE " + string(ncols(R)));')
    else:
        s.append('R = std(R); print("SIZE " + string(size(R)));')
    s.append("quit;")
    return "\n".join(s) + "\n"


def measure(cmd, repeats):
    """(median CPU seconds, peak RSS MB, stdout, exit status) of repeats runs; the
    rusage of each process comes from wait4, so nothing else is counted."""
    cpus, rss, out, status = [], 0.0, "", 0
    for _ in range(repeats):
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
        out = p.stdout.read()
        p.stdout.close()
        _, st, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(st)
        cpus.append(ru.ru_utime + ru.ru_stime)
        rss = max(rss, ru.ru_maxrss / 1024.0)
        status = p.returncode
    return statistics.median(cpus), rss, out, status


def gbc_count(op, out):
    lines = out.split("\n")
    if op == "lift":
        return sum(1 for l in lines if l.startswith("# cofactors"))
    body = [l for l in lines[2:] if l.strip()]
    return len(body)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", default=None)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--gbc", default=os.path.join(REPO, "build", "gbc"))
    ap.add_argument("--singular", default="Singular")
    ap.add_argument("--gbc-args", default="")
    ap.add_argument("--msolve", default="/tmp/anchors/bin/msolve",
                    help="msolve, for its F4SAT saturation (-S) on 32-bit primes")
    args = ap.parse_args()
    all_cases = cases()
    names = args.cases.split(",") if args.cases else list(all_cases)
    tmp = tempfile.mkdtemp(prefix="gbc-ideal-bench-")
    have_msolve = os.access(args.msolve, os.X_OK)
    if not have_msolve:
        print("(msolve not found at %s: its column is left empty)\n" % args.msolve)
    print("| case | op | char | gbc CPU s | Singular CPU s | gbc/Singular | gbc MB | Singular MB | elements | msolve -S CPU s | --method eliminate CPU s | --method f4 CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    bad = 0
    for name in names:
        op, vs, char, a, b, elim = all_cases[name]
        fa = os.path.join(tmp, name + ".a")
        write_gbc(fa, vs, char, a)
        cmd = [args.gbc, op] + args.gbc_args.split()
        if elim:
            cmd += ["--vars", ",".join(elim)]
        cmd.append(fa)
        if b is not None:
            fb = os.path.join(tmp, name + ".b")
            write_gbc(fb, vs, char, b)
            cmd += ["--with", fb]
        fs = os.path.join(tmp, name + ".sing")
        with open(fs, "w") as f:
            f.write(singular_script(op, vs, char, a, b, elim))
        gt, gm, gout, gst = measure(cmd, args.repeats)
        st, sm, sout, sst = measure([args.singular, "-q", fs], args.repeats)
        gn = gbc_count(op, gout) if gst == 0 else -1
        sn = -1
        for line in sout.split("\n"):
            if line.startswith("SIZE "):
                sn = int(line.split()[1])
        agree = "%d" % gn if gn == sn else "!!! %d vs %d !!!" % (gn, sn)
        if gn != sn:
            bad = 1
        mcol = ""
        if have_msolve and op == "saturate" and len(b) == 1 and char >= 1 << 16:
            # msolve -S: the saturation of the first k-1 polynomials by the last
            fm = os.path.join(tmp, name + ".ms")
            write_gbc(fm, vs, char, a + b)
            mt, _, _, mst = measure([args.msolve, "-S", "-g", "2", "-f", fm, "-o",
                                     os.path.join(tmp, name + ".msout")], args.repeats)
            mcol = "%.2f" % mt if mst == 0 else "fail"
        ecol = fcol = ""
        if op == "saturate":
            # the two methods behind auto (the gbc column): each must agree
            for meth in ("eliminate", "f4"):
                mt, _, mout, mst = measure(cmd[:2] + ["--method", meth] + cmd[2:],
                                           args.repeats)
                ok = mst == 0 and gbc_count(op, mout) == sn
                if not ok:
                    bad = 1
                col = "%.2f" % mt if ok else "!!! fail !!!"
                if meth == "eliminate":
                    ecol = col
                else:
                    fcol = col
        print("| %s | %s | %d | %.2f | %.2f | %.2f | %.0f | %.0f | %s | %s | %s | %s |" %
              (name, op, char, gt, st, gt / st if st > 0 else 0, gm, sm, agree, mcol,
               ecol, fcol))
        sys.stdout.flush()
    return bad


if __name__ == "__main__":
    sys.exit(main())
