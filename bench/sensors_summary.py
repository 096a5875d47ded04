#!/usr/bin/env python3
"""Summarizes the sensor readings of profiles (issue #30): per profile, the sensor record and
how many rounds carry conditions; per case, clocks, temperature, power and energy per launch.

  sensors_summary.py PROFILE.json [...]
"""
import json
import statistics
import sys


def fmt(v, spec):
    return "-" if v is None else format(v, spec)


for path in sys.argv[1:]:
    p = json.load(open(path))
    print("==", path, "schema", p["schema_version"])
    for d in p["devices"]:
        s = d.get("sensors") or {}
        print("device:", d["name"], "| backend", s.get("backend"), "| found", s.get("found"),
              "| lacking", s.get("lacking"))
        print("  settle:", fmt(s.get("settle_s"), ".3f"), "s,", s.get("settle"))
    rounds = [r for c in p["cases"] for r in c.get("rounds", [])]
    cond = [r["conditions"] for r in rounds if r.get("conditions")]
    unsteady = [c["unsteady"] for c in cond if c.get("unsteady")]
    sources = {}
    for c in cond:
        sources[c.get("energy_source") or "none"] = sources.get(c.get("energy_source") or "none", 0) + 1
    print("rounds: %d, with conditions %d, unsteady %d, energy sources %s" %
          (len(rounds), len(cond), len(unsteady), sources))
    for u in sorted(set(unsteady))[:8]:
        print("  unsteady:", u, "x%d" % unsteady.count(u))
    print("%-34s %-5s %6s %9s %9s %7s %7s %9s %9s %8s  %s" % (
        "case", "cache", "rounds", "SM MHz", "mem MHz", "max C", "W", "mJ/launch", "GB/s/W",
        "Gelem/J", "basis"))
    for c in p["cases"]:
        conds = [r["conditions"] for r in c.get("rounds", []) if r.get("conditions")]
        k = c["key"]
        name = "%s/%s/%s/n=%d/l=%d" % (k["kernel"], k["type"], k["layout"], k["n"], k["local_size"])
        lo = min((x["clock_mhz_min"] for x in conds if x.get("clock_mhz_min")), default=None)
        hi = max((x["clock_mhz_max"] for x in conds if x.get("clock_mhz_max")), default=None)
        mem = statistics.median([x["mem_clock_mhz_max"] for x in conds if x.get("mem_clock_mhz_max")] or [0]) or None
        temp = max((x["temperature_c"] for x in conds if x.get("temperature_c")), default=None)
        e = c.get("energy") or {}
        j = e.get("joules_per_launch")
        print("%-34s %-5s %6d %9s %9s %7s %7s %9s %9s %8s  %s" % (
            name[:34], k.get("cache", "warm"), len(c.get("rounds", [])),
            "%s-%s" % (fmt(lo, ".0f"), fmt(hi, ".0f")), fmt(mem, ".0f"), fmt(temp, ".0f"),
            fmt(e.get("power_w"), ".1f"), fmt(j * 1e3 if j else None, ".4f"),
            fmt(e.get("gbps_per_w"), ".2f"),
            fmt(e.get("elements_per_j") / 1e9 if e.get("elements_per_j") else None, ".2f"),
            e.get("basis") or e.get("missing") or ""))
