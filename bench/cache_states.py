#!/usr/bin/env python3
"""Cold against warm per case of a `run --cache both` profile (standard library only).

  cache_states.py PROFILE

Per (kernel, type, layout, n, local size): the median of the round medians cold and warm, their
ratio, and the input's size against the device's reported last-level cache; then the geometric
mean of the ratios and the phases' seconds (the flush is part of sampling).
"""
import json
import math
import statistics
import sys


def main():
    p = json.load(open(sys.argv[1]))
    by = {}
    for c in p["cases"]:
        k, meds = c["key"], [r["median_ns"] for r in c["rounds"] if r.get("median_ns")]
        if c["status"] != "ok" or not meds:
            continue
        who = (c["device"], k["kernel"], k["type"], k["layout"], k["n"], k["local_size"])
        by.setdefault(who, {})[k.get("cache", "warm")] = (statistics.median(meds), c["bytes"])
    for i, d in enumerate(p["devices"]):
        print(f"device {i}: {d['name']}, driver {d.get('driver_version')}; reported last-level "
              f"cache {d.get('global_cache_bytes')} B; flush {d.get('cache_flush_bytes')} B")
        print(f"  phases (s): " + ", ".join(f"{k} {v:.2f}" for k, v in d["phases_s"].items() if v))
    print(f"{'kernel':14} {'type':6} {'layout':6} {'n':>9} {'local':>5} {'input/LLC':>9} "
          f"{'cold':>10} {'warm':>10} {'cold/warm':>9}")
    logs = []
    for who, v in sorted(by.items()):
        if "cold" not in v or "warm" not in v:
            continue
        llc = p["devices"][who[0]].get("global_cache_bytes") or 0
        ratio = v["cold"][0] / v["warm"][0]
        logs.append(math.log(ratio))
        print(f"{who[1]:14} {who[2]:6} {who[3]:6} 2^{int(math.log2(who[4])):<7} {who[5]:>5} "
              f"{(v['cold'][1] / llc if llc else float('nan')):9.1f} {v['cold'][0] / 1e3:8.1f}us "
              f"{v['warm'][0] / 1e3:8.1f}us {ratio:9.3f}")
    if logs:
        print(f"geometric mean cold/warm over {len(logs)} cases: {math.exp(sum(logs) / len(logs)):.3f}")


if __name__ == "__main__":
    main()
