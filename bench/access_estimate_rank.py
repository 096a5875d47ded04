#!/usr/bin/env python3
"""#68 item 4: Spearman's rank correlation between check's access-adjusted time estimate and the
time the same kernels took on a GPU. The estimates are the tool's own (`report CHECK.json
--estimate-for GPU.json`: the model of model/access/time_estimate.cpp, fixed before the times
were taken), from check profiles of bench/access_ladder.sh (grids planned for the GPU's compute
units) and the device facts of one timed profile; the times are bench/access_ladder_times.sh's,
the median over its invocations. Nothing is fitted to the times.
Usage: python3 bench/access_estimate_rank.py BIN CHECK_DIR GPU.json TIMES.tsv N [PLOT.svg]"""
import glob
import math
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from access_ladder_rank import spearman  # noqa: E402  (one rank correlation for both scripts)

COLS = ["kernel", "type", "n", "local", "passes", "est_us", "bound", "launch_us", "issue_us",
        "memory_us", "latency_us", "waves"]


def estimates(binary, check_dir, gpu):
    """kernel -> row of the tool's estimate table (markdown), over every check profile."""
    out = {}
    for path in sorted(glob.glob(os.path.join(check_dir, "*.json"))):
        md = subprocess.run([binary, "report", path, "--estimate-for", gpu, "--markdown", "-"],
                            check=True, capture_output=True, text=True).stdout
        part = md.split("### Estimated time on", 1)
        for line in part[1].splitlines() if len(part) == 2 else []:
            cells = [c.strip().replace("\\_", "_") for c in line.strip("|").split("|")]
            if len(cells) == len(COLS) and cells[0] not in ("kernel", "---"):
                row = dict(zip(COLS, cells))
                out.setdefault(row["kernel"], row)
    return out


def times(path, n):
    """kernel -> the median over invocations of each invocation's median (ns), ok cases only."""
    per = {}
    for line in open(path).read().splitlines()[1:]:
        size, _, kernel, _, median, status = line.split("\t")
        if int(size) == n and status == "ok":
            per.setdefault(kernel, []).append(float(median))
    return {k: statistics.median(v) for k, v in per.items()}, per


def single_metrics(check_dir):
    """kernel -> the single counts and metrics #68 ranked before the estimate existed."""
    import json
    out = {}
    for path in sorted(glob.glob(os.path.join(check_dir, "*.json"))):
        for c in json.load(open(path))["cases"]:
            a, k = c["check"].get("access"), c["check"]
            if c["status"] != "ok" or not a:
                continue
            out.setdefault(c["key"]["kernel"], {
                "32 B sectors per request": a["segments_per_request"]["w32_b32"],
                "32 B sectors in all": a["segments_per_request"]["w32_b32"] * a["global_requests"],
                "new sectors per request": a["new_sectors_per_request"],
                "instructions": sum(q["instructions"] for q in k["passes"]),
                "passes": len(k["passes"])})
    return out


def plot(path, ks, est, t):
    lx = [math.log10(float(est[k]["est_us"])) for k in ks]
    ly = [math.log10(t[k] / 1e3) for k in ks]
    ax, bx, ay, by = min(lx), max(lx) + 1e-9, min(ly), max(ly) + 1e-9
    px = lambda v: 50 + (v - ax) / (bx - ax) * 420
    py = lambda v: 290 - (v - ay) / (by - ay) * 260
    body = ['<rect x="45" y="25" width="430" height="270" fill="none" stroke="#888"/>',
            '<text x="50" y="16" font-size="11">measured time against check\'s estimate '
            '(log-log)</text>']
    for k, a, b in zip(ks, lx, ly):
        body.append('<circle cx="%.1f" cy="%.1f" r="3" fill="#36c"/>' % (px(a), py(b)))
        body.append('<text x="%.1f" y="%.1f" font-size="8">%s</text>' % (px(a) + 4, py(b) - 3, k))
    body.append('<text x="50" y="312" font-size="9">estimate %.3g .. %.3g us; time %.3g .. %.3g '
                'us</text>' % (10 ** ax, 10 ** bx, 10 ** ay, 10 ** by))
    with open(path, "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="320" '
                'font-family="sans-serif">\n' + "\n".join(body) + "\n</svg>\n")


def main():
    binary, check_dir, gpu, tsv, n = sys.argv[1:6]
    est = estimates(binary, check_dir, gpu)
    t, per = times(tsv, int(n))
    ks = [k for k in est if k in t]
    print("kernel          est_us  bound    time_us  (invocations)      issue  memory  latency")
    for k in ks:
        e = est[k]
        print("%-14s %7s  %-7s %8.1f  (%s)  %6s %7s %8s" % (
            k, e["est_us"], e["bound"], t[k] / 1e3, ", ".join("%.1f" % (v / 1e3) for v in per[k]),
            e["issue_us"], e["memory_us"], e["latency_us"]))
    ladder = [k for k in ks if k.startswith("reduce")]
    sets = {"ladder and 16-group variants (the issue's set)":
                ladder + [k for k in ks if k.startswith("grid_")],
            "ladder and full-grid variants": ladder + [k for k in ks if k.startswith("full_")],
            "ladder, both variant sets and the SDK kernels (all)": ks}
    print()
    for name, group in sets.items():
        rho = spearman([float(est[k]["est_us"]) for k in group], [t[k] for k in group])
        print("Spearman, %s, %d kernels: %+.3f" % (name, len(group), rho))
        rho = [spearman([float(est[k]["est_us"]) for k in group], [per[k][i] for k in group])
               for i in range(min(len(per[k]) for k in group))]
        print("  each invocation alone: %s" % ", ".join("%+.3f" % r for r in rho))
    single = single_metrics(check_dir)
    group = sets["ladder and 16-group variants (the issue's set)"]
    print("\nOne metric or count alone, the issue's set:")
    for m in next(iter(single.values())):
        print("  %-26s %+.3f" % (m, spearman([single[k][m] for k in group], [t[k] for k in group])))
    if len(sys.argv) > 6:
        plot(sys.argv[6], ks, est, t)


if __name__ == "__main__":
    main()
