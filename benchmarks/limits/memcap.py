#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The memory limit as the process sees it: each command of the gbc tool runs
with --memory-limit at several sizes and thread counts, and its peak resident
set (wait4's ru_maxrss), less that of a trivial run with the same options, is
compared with the limit. A run either succeeds (exit 0) or stops with exit 3
("memory limit"); the ratio over the limit is what docs/api.md bounds by
limit * 1.1 + 1 MB.

Commands and inputs (generated here): gb, solve and kbase --matrices of
katsura-7 and katsura-8 over Q; syz and res of 6 dense quadrics in 7 variables
mod 32003; eliminate and saturate of katsura-6 over Q; learn once, then apply
of katsura-9 mod 65521.

Usage: python3 benchmarks/limits/memcap.py [--gbc build/gbc] [--threads 1,2,16]
                                          [--limits 2M,4M,8M,16M] [--cmds solve,gb]
Python 3 standard library only. Prints one line a run and, per command, the
worst ratio (peak - trivial) / limit over the runs.
"""
import argparse
import itertools
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(REPO, "benchmarks", "systems"))
import gen  # noqa: E402


def system_text(name, char):
    names, polys = gen.system(name)
    return gen.to_gbc(names, polys, char)


def quadrics(n, k, seed):
    rng = random.Random(seed)
    names = ["x%d" % i for i in range(n)]
    mons = list(itertools.combinations_with_replacement(names, 2))
    gens = [" + ".join("%d*%s" % (rng.randint(1, 32002), "*".join(m)) for m in mons)
            for _ in range(k)]
    return ",".join(names) + "\n32003\n" + ",\n".join(gens) + "\n"


def size_bytes(s):
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(s[:-1]) * mult[s[-1]] if s[-1] in mult else int(s)


def peak(argv):
    """Run argv under /usr/bin/time (a small process: wait4 on a child forked from
    this interpreter would report the interpreter's pages as its peak); its exit
    status, peak RSS in bytes and first stderr line."""
    out = os.path.join(TMP, "rss")
    with open(os.path.join(TMP, "stderr"), "wb") as err:
        rc = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out] + argv,
                            stdout=subprocess.DEVNULL, stderr=err).returncode
    with open(out) as f:
        kb = int(f.read().split()[-1])
    with open(os.path.join(TMP, "stderr"), errors="replace") as f:
        first = f.readline().strip()
    return rc, kb * 1024, first


TMP = None


def main():
    global TMP
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gbc", default=os.path.join(REPO, "build", "gbc"))
    ap.add_argument("--threads", default="1,2,16")
    ap.add_argument("--limits", default="2M,4M,8M,16M")
    ap.add_argument("--cmds", default="gb,solve,kbase,syz,res,eliminate,saturate,apply")
    a = ap.parse_args()
    gbc = os.path.abspath(a.gbc)
    TMP = tempfile.mkdtemp(prefix="gbc-memcap-")
    files = {}

    def put(name, text):
        path = os.path.join(TMP, name)
        with open(path, "w") as f:
            f.write(text)
        files[name] = path
        return path

    put("k7", system_text("katsura-7", 0))
    put("k8", system_text("katsura-8", 0))
    put("k6", system_text("katsura-6", 0))
    put("quad", quadrics(7, 6, 11))
    put("k9p", system_text("katsura-9", 65521))
    put("triv", "x\n0\nx-1\n")
    k6names = system_text("katsura-6", 0).splitlines()[0].split(",")
    put("satj", ",".join(k6names) + "\n0\n" + k6names[0] + "\n")
    trace = os.path.join(TMP, "k9p.trace")
    subprocess.run([gbc, "learn", files["k9p"], "-o", trace], check=True,
                   stdout=subprocess.DEVNULL)
    elim = ",".join(k6names[:2])
    jobs = {
        "gb": [("katsura-8 Q", ["gb", files["k8"]])],
        "solve": [("katsura-7 Q", ["solve", files["k7"]]),
                  ("katsura-8 Q", ["solve", files["k8"]])],
        "kbase": [("katsura-7 Q", ["kbase", "--matrices", files["k7"]])],
        "syz": [("6 quadrics", ["syz", files["quad"]])],
        "res": [("6 quadrics", ["res", files["quad"]])],
        "eliminate": [("katsura-6 Q", ["eliminate", "--vars", elim, files["k6"]])],
        "saturate": [("katsura-6 Q", ["saturate", files["k6"], files["satj"]])],
        "apply": [("katsura-9 65521", ["apply", trace, files["k9p"]])],
    }
    threads = [int(t) for t in a.threads.split(",")]
    limits = a.limits.split(",")
    print("%-10s %-16s %3s %6s %4s %9s %7s  %s" % ("command", "input", "t", "limit", "exit",
                                                   "peak-0 MB", "/limit", "message"))
    worst = {}
    for cmd in a.cmds.split(","):
        for what, args in jobs[cmd]:
            for t in threads:
                for lim in limits:
                    opts = ["--threads", str(t), "--memory-limit", lim]
                    _, base, _ = peak([gbc, args[0]] + opts + [files["triv"]]
                                      if args[0] not in ("apply", "saturate") else
                                      [gbc, "gb"] + opts + [files["triv"]])
                    rc, pk, msg = peak([gbc] + args + opts)
                    r = (pk - base) / size_bytes(lim)
                    worst[cmd] = max(worst.get(cmd, 0.0), r)
                    print("%-10s %-16s %3d %6s %4d %9.2f %7.2f  %s" % (
                        cmd, what, t, lim, rc, (pk - base) / 2**20, r,
                        msg[:60] if rc else ""), flush=True)
    print("worst (peak - trivial) / limit:",
          ", ".join("%s %.2f" % (c, w) for c, w in worst.items()))


if __name__ == "__main__":
    main()
