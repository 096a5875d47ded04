#!/usr/bin/env python3
"""The most any test could catch, given where a gate set's noise sits (standard library only).

  gate_bound.py DIR [CASES] [LEVELS]

Reads DIR/base_*.json (identical `run` invocations that bench/gate_power.sh wrote), takes per
case the spread of the invocations' means (inv sd, on the log scale, as variance_levels.py
prints, rounds with cpu_wait > 0.1 set aside), and asks: if that spread were known exactly,
how often would a slowdown of each of LEVELS (default "10 25", in %) be called `slower` when
a candidate merged from C invocations is compared with a baseline merged from B? The change's
standard error is then inv sd * sqrt(1/B + 1/C), and `compare`
needs the measured change above 5 % and, with Holm over CASES cases (default: the cases in the
set), a one-sided p at most 0.01 / CASES for the case found slowest:

  power = P(change > max(z * se, ln 1.05)),  z = the normal quantile of 1 - 0.01 / CASES.

No test that must estimate the spread, as compare does, can do better than this oracle; the
invocation spread is itself estimated from the set's 10-12 invocations (about +-25 %), so read
the bound to about +-10 points.
"""
import glob
import json
import math
import statistics
import sys
from statistics import NormalDist

from variance_levels import case_name, per_process

# (B, C): baseline and candidate invocations; C = 1 is one `run` of the candidate.
DESIGNS = ((1, 1), (3, 1), (5, 1), (math.inf, 1), (3, 2), (3, 3), (5, 3))


def invocation_sd(folder, max_wait):
    means = {}
    for path in sorted(glob.glob(folder + "/base_*.json")):
        p = json.load(open(path))
        for c in p["cases"]:
            per = [x for x in per_process(c, len(p["runs"]), max_wait) if x]
            if per:
                means.setdefault(case_name(c), []).append(
                    statistics.fmean(statistics.fmean(x) for x in per))
    return {name: statistics.stdev(m) for name, m in means.items() if len(m) >= 2}


def power(sd, level, design, z):
    b, c = design
    se = sd * math.sqrt((0 if b == math.inf else 1 / b) + 1 / c)
    bar = max(z * se, math.log(1.05))
    return 1 - NormalDist().cdf((bar - math.log1p(level)) / se)


def main():
    folder = sys.argv[1]
    sds = invocation_sd(folder, 0.1)
    cases = int(sys.argv[2]) if len(sys.argv) > 2 else len(sds)
    levels = [float(x) / 100 for x in (sys.argv[3] if len(sys.argv) > 3 else "10 25").split()]
    z = NormalDist().inv_cdf(1 - 0.01 / cases)
    heads = " ".join(f"{('inf' if b == math.inf else str(b)) + '+' + str(c):>6s}"
                     for b, c in DESIGNS)
    print(f"# {folder}: the oracle's % of pairs called slower, baseline of B invocations + "
          f"candidate of C (B+C); Holm over {cases} cases (z = {z:.2f})")
    print(f"{'case':36s} {'inv sd':>6s} {'level':>6s} {heads}")
    for name, sd in sds.items():
        for level in levels:
            cells = " ".join(f"{100 * power(sd, level, d, z):6.0f}" for d in DESIGNS)
            print(f"{name:36s} {100 * sd:6.2f} {100 * level:5.1f}% {cells}")


if __name__ == "__main__":
    main()
