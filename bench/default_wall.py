#!/usr/bin/env python3
"""One default run's line for bench/default_wall.sh: wall, timed kernel time and the phases of
each process. Usage: default_wall.py PROFILE NAME I RC START_S END_S"""
import json
import sys


def phases_text(phases):
    items = sorted(phases.items(), key=lambda kv: -kv[1])
    return ", ".join(f"{k} {v:.2f}" for k, v in items if v >= 0.005)


def main():
    path, name, i, rc, start, end = sys.argv[1:7]
    wall = float(end) - float(start)
    try:
        p = json.load(open(path))
    except (OSError, ValueError) as e:
        print(f"{name} #{i} rc={rc} wall={wall:.2f} s: no profile ({e})")
        return
    kernel_s = sum(s for c in p["cases"] for r in c.get("rounds", [])
                   for s in r.get("samples_ns", [])) * 1e-9
    launches = sum(len(r.get("samples_ns", [])) + r.get("warmup", 0)
                   for c in p["cases"] for r in c.get("rounds", []))
    ratio = wall / kernel_s if kernel_s > 0 else float("nan")
    print(f"{name} #{i} rc={rc} wall={wall:.2f} s kernels={kernel_s:.2f} s ({ratio:.1f}x) "
          f"cases={len(p['cases'])} launches={launches} processes={len(p.get('runs', []))}")
    runs = [r for r in p.get("runs", []) if r.get("phases_s")]
    if runs:
        for k, r in enumerate(runs, 1):
            print(f"    process {k}: {r.get('wall_s') or 0:.2f} s, other cores "
                  f"{r.get('other_cpu_cores') or 0:.2f}: {phases_text(r['phases_s'])}")
    elif p.get("devices"):
        print(f"    first process: {phases_text(p['devices'][0].get('phases_s', {}))}")


if __name__ == "__main__":
    main()
