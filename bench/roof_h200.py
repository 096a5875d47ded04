#!/usr/bin/env python3
"""Summary of bench/roof_h200.sh's profiles: per profile the statuses, the peak phase and wall,
and for each input size the roof the tool holds a case to (the roof measured at that size, or
the peak for an input at least the peak's size: cli/grp/model/measure/roof.cpp) with the highest
case GB/s over that roof. A case above 2.0 is `implausible`.
Usage: roof_h200.py OUTDIR"""
import glob
import json
import os
import sys


def roof_of(dev, nbytes):
    roofs = {r["bytes"]: r["read_gbps"] for r in dev.get("roofs", [])}
    if nbytes in roofs:
        return roofs[nbytes]
    peak = dev.get("peak") or {}
    return peak.get("read_gbps") if peak and nbytes >= peak.get("bytes", 0) else None


def main(out):
    for path in sorted(glob.glob(os.path.join(out, "profiles", "*.json"))):
        try:
            p = json.load(open(path))
        except (OSError, ValueError) as e:
            print("unreadable", path, e)
            continue
        d = p["devices"][0]
        statuses = {}
        for c in p["cases"]:
            statuses[c["status"]] = statuses.get(c["status"], 0) + 1
        peak = d.get("peak") or {}
        print("%-16s statuses %s, peak phase %.3f s, wall %.2f s, peak %.0f GB/s at %d B, %d roofs"
              % (os.path.basename(path)[:-5], statuses, d["phases_s"].get("peak", 0),
                 p["runs"][0].get("wall_s") or 0, peak.get("read_gbps") or 0,
                 peak.get("bytes") or 0, len(d.get("roofs", []))))
        worst = {}
        for c in p["cases"]:
            roof = roof_of(d, c["bytes"])
            if c.get("gbps") and roof:
                ratio = c["gbps"] / roof
                if ratio > worst.get(c["bytes"], (0, ""))[0]:
                    worst[c["bytes"]] = (ratio, "%s %s" % (c["key"]["kernel"], c["key"]["type"]), roof)
        if d.get("roofs"):
            for b in sorted(worst):
                print("  %11d B: roof %7.1f GB/s, highest case/roof %.2f (%s)"
                      % (b, worst[b][2], worst[b][0], worst[b][1]))


if __name__ == "__main__":
    main(sys.argv[1])
