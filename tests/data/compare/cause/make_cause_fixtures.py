#!/usr/bin/env python3
"""Writes the check profiles that explain compare's slower cases in tests (#68 item 3), from one
real check profile of the timed fixtures' kernels:

    gpu-reduce-prof check -k reduce0,reduce3,reduce6 -t float,int -l 256 -q -o /tmp/c.json
    python3 tests/data/compare/cause/make_cause_fixtures.py /tmp/c.json

base.check.json      the check profile as written, every kernel's sha256 set to the timed
                     fixtures' (555...: ../base.json, ../slower10.json, ../duet_controlled.json)
slower10.check.json  the candidate's: reduce0 executes 1/8 more instructions (more-work),
                     reduce3 touches 8x the global sectors and lines (worse-access), reduce6/float
                     is the base's (same work and access: device-side) and reduce6/int is left
                     out (cause unknown: no check profile covers it)

The timed fixtures are at n=2^20, these at check's 4099: the cause says "counted at n=4099".
"""
import copy
import json
import sys


def main(src):
    with open(src) as f:
        base = json.load(f)
    for k in base["kernels"]:
        k["sha256"] = "5" * 64
    cand = copy.deepcopy(base)
    kept = []
    for c in cand["cases"]:
        key = c["key"]
        if key["kernel"] == "reduce0":
            for p in c["check"]["passes"]:
                p["instructions"] += p["instructions"] // 8
        elif key["kernel"] == "reduce3":
            seg = c["check"]["access"]["segments_per_request"]
            for name in seg:
                seg[name] *= 8
        elif key["kernel"] == "reduce6" and key["type"] == "int":
            continue
        kept.append(c)
    cand["cases"] = kept
    for name, p in (("base.check.json", base), ("slower10.check.json", cand)):
        with open(name, "w") as f:
            json.dump(p, f, separators=(",", ":"))
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
