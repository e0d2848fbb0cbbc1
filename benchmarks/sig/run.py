#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The signature-based F4 against gbc's F4, mathicgb (siggb, gb) and msolve (exact F4,
-q 1 signatures) on homogenised and affine benchmark systems; CPU time (user + sys)
of each whole process, the median of --repeats runs, one thread.

Usage:
  benchmarks/sig/run.py [--systems hkatsura-10,heco-12,katsura-10] [--char 65521]
                        [--repeats 3] [--timeout 600] [--tools sig,sigx,f4x,gbc,mgb-sig,...]
A system hNAME is gen.py's NAME homogenised (benchmarks/sig/homog.py). gbc's sig and
F4 outputs are compared byte for byte (both print the reduced basis); sigx is sig
with --linear-algebra exact (exact after a handover too); the tools alternate
within each repeat; the other
tools' outputs are not checked here (benchmarks/systems/run.py does that for F4).
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "benchmarks", "systems"))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import homog  # noqa: E402

TOOLS = {
    "sig": lambda a, f, d: [a.gbc, "--algorithm", "sig", "-o", d + ".sig", f],
    "sigx": lambda a, f, d: [a.gbc, "--algorithm", "sig", "--linear-algebra", "exact", "-o",
                             d + ".sigx", f],
    "f4x": lambda a, f, d: [a.gbc, "--algorithm", "f4", "--linear-algebra", "exact",
                            "-o", d + ".f4x", f],
    "gbc": lambda a, f, d: [a.gbc, "-o", d + ".gbc", f],
    "msolve": lambda a, f, d: [a.msolve, "-t", "1", "-g", "2", "-l", "2", "-f", f, "-o",
                               d + ".ms"],
    "msolve-q1": lambda a, f, d: [a.msolve, "-t", "1", "-g", "2", "-q", "1", "-f", f,
                                  "-o", d + ".msq"],
    "mgb-sig": lambda a, f, d: [a.mgb, "siggb", os.path.basename(d), "-outputResult", "off"],
    "mgb": lambda a, f, d: [a.mgb, "gb", os.path.basename(d), "-reducer", "26",
                            "-threadCount", "1", "-outputResult", "off"],
}


def cpu_run(cmd, cwd, timeout):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        return None, "timeout"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, ("ok" if rc == 0 else "rc=%d" % rc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--systems", default="hkatsura-10,heco-12,katsura-10")
    ap.add_argument("--char", type=int, default=65521)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--tools", default="sig,f4x,gbc,mgb-sig,mgb,msolve,msolve-q1")
    ap.add_argument("--gbc", default=os.path.join(REPO, "build", "gbc"))
    ap.add_argument("--mgb", default="mgb")
    ap.add_argument("--msolve", default="/tmp/anchors/bin/msolve")
    a = ap.parse_args(argv)
    tools = a.tools.split(",")
    tmp = tempfile.mkdtemp(prefix="gbc-sig-bench-")
    ratio_tools = [t for t in ("sig", "sigx") if t in tools] or ["sig"]
    print("| system | " + " | ".join(tools) + " | " +
          " | ".join("%s / f4x" % t for t in ratio_tools) + " |")
    print("|---" * (len(tools) + 1 + len(ratio_tools)) + "|")
    for name in a.systems.split(","):
        if name.startswith("h"):
            names, polys = homog.homogenise(*gen.system(name[1:]))
        else:
            names, polys = gen.system(name)
        base = os.path.join(tmp, name.replace("-", "_"))
        with open(base + ".txt", "w") as f:
            f.write(gen.to_gbc(names, polys, a.char))
        with open(base + ".ideal", "w") as f:
            f.write(gen.to_mgb(names, polys, a.char))
        cells, med = [], {}
        # the tools alternate within each repeat (sig, f4x, ..., sig, f4x, ...), so
        # that a change of the machine's load falls on all of them alike
        times = {t: [] for t in tools}
        status = {t: "ok" for t in tools}
        for _ in range(a.repeats):
            for t in tools:
                if status[t] != "ok":
                    continue
                c, status[t] = cpu_run(TOOLS[t](a, base + ".txt", base), tmp, a.timeout)
                if c is not None and status[t] == "ok":
                    times[t].append(c)
        for t in tools:
            if status[t] != "ok":
                cells.append(status[t])
                continue
            med[t] = statistics.median(times[t])
            cells.append("%.2f" % med[t])
        same = ""
        ref = base + ".f4x"
        for ext in (".sig", ".sigx"):
            if os.path.exists(base + ext) and os.path.exists(ref) and \
                    open(base + ext).read() != open(ref).read():
                same = " (OUTPUTS DIFFER: %s)" % ext[1:]
        ratios = []
        for t in ratio_tools:
            ratios.append("%.2f" % (med[t] / med["f4x"]) if t in med and "f4x" in med else "-")
        print("| %s | %s | %s%s |" % (name, " | ".join(cells), " | ".join(ratios), same),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
