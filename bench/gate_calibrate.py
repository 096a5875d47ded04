#!/usr/bin/env python3
"""FIXED_CYCLES for bench/gate/gridstride_delay.cl, from two duets of the DELAY=V copy against
the base: one built with FIXED_CYCLES=0, one with FIXED_CYCLES=F1. A copy's change is linear in
FIXED_CYCLES at each case (it spins V % of the loop's cycles plus V % of FIXED_CYCLES), so the two
give each case's line; the value printed is the least-squares FIXED_CYCLES that brings every
case's change closest to V %. Standard library only; prints the per-case lines on stderr and the
chosen value (an integer >= 0) on stdout.

  gate_calibrate.py BIN V DUET_AT_0.json F1 DUET_AT_F1.json
"""
import json, subprocess, sys

binary, share, at0, f1, at1 = sys.argv[1], float(sys.argv[2]) / 100, sys.argv[3], float(sys.argv[4]), sys.argv[5]


def changes(path):
    out = subprocess.run([binary, "compare", path, "--json"], capture_output=True, text=True)
    j = json.loads(out.stdout)
    got = {}
    for c in j["comparisons"]:
        if c.get("role") != "control":
            for k in c["cases"]:
                got[(k["key"]["n"], k["key"]["local_size"])] = k["change"]
    return got


c0, c1 = changes(at0), changes(at1)
num = den = 0.0
for key in sorted(c0):
    slope = (c1[key] - c0[key]) / f1
    print(f"n={key[0]} local {key[1]}: {100 * c0[key]:+.1f} % at 0, {100 * c1[key]:+.1f} % at {f1:.0f}",
          file=sys.stderr)
    num += slope * (share - c0[key])
    den += slope * slope
print(max(0, round(num / den)) if den > 0 else 0)
