#!/usr/bin/env python3
"""#68 item 4: Spearman's rank correlation between check's access metrics and work counts
(bench/results/pocl-access-ladder.tsv, Oclgrind at n = 2^20 float, local 256) and the time the
same kernels took on a GPU (bench/access_ladder_times.sh's ladder_times.tsv, the same n and local
size). Each metric is ranked as it is, no weights fitted to the times.
Usage: python3 bench/access_ladder_rank.py METRICS.tsv TIMES.tsv [LOCAL [PLOT.svg]]
PLOT.svg: time against two metrics (log-log), a labelled point per kernel."""
import csv
import math
import sys

METRICS = ["global_sectors", "sectors_per_req_w32", "lines_per_req_w32", "instructions",
           "barriers", "local_B", "instructions_per_barrier"]


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    out, i = [0.0] * len(values), 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for q in range(i, j + 1):
            out[order[q]] = (i + j) / 2  # ties share their mean rank
        i = j + 1
    return out


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    if len(set(a)) == 1 or len(set(b)) == 1:
        return float("nan")  # a metric equal for every kernel ranks nothing
    return cov / (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5


def panel(ks, xs, ts, x0, title):
    """One 300 x 240 log-log scatter at x offset x0, as SVG elements."""
    lx = [math.log10(max(x, 1e-9)) for x in xs]
    ly = [math.log10(t) for t in ts]
    ax, bx = min(lx), max(lx) + 1e-9
    ay, by = min(ly), max(ly) + 1e-9
    px = lambda v: x0 + 40 + (v - ax) / (bx - ax) * 240
    py = lambda v: 220 - (v - ay) / (by - ay) * 190
    out = ['<text x="%d" y="14" font-size="11">%s</text>' % (x0 + 40, title),
           '<rect x="%d" y="25" width="250" height="200" fill="none" stroke="#888"/>' % (x0 + 35)]
    for k, a, b in zip(ks, lx, ly):
        out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="#36c"/>' % (px(a), py(b)))
        out.append('<text x="%.1f" y="%.1f" font-size="8">%s</text>' % (px(a) + 4, py(b) - 3, k))
    out.append('<text x="%d" y="238" font-size="9">log x: %.3g .. %.3g</text>' % (
        x0 + 40, 10 ** ax, 10 ** bx))
    out.append('<text x="%d" y="250" font-size="9">log time: %.3g .. %.3g us</text>' % (
        x0 + 40, 10 ** ay / 1e3, 10 ** by / 1e3))
    return out


def plot(path, ks, metrics, times):
    ts = [times[k] for k in ks]
    body = panel(ks, [float(metrics[k]["lines_per_req_w32"]) for k in ks], ts, 0,
                 "time vs 128 B lines per warp-32 request")
    body += panel(ks, [float(metrics[k]["instructions"]) for k in ks], ts, 320,
                  "time vs instructions (all passes)")
    with open(path, "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="260" '
                'font-family="sans-serif">\n' + "\n".join(body) + "\n</svg>\n")


def main():
    local = sys.argv[3] if len(sys.argv) > 3 else "256"
    metrics = {r["kernel"]: r for r in csv.DictReader(open(sys.argv[1]), delimiter="\t")}
    times = {r["kernel"]: float(r["median_ns"])
             for r in csv.DictReader(open(sys.argv[2]), delimiter="\t")
             if r["local"] == local and r["status"] == "ok"}
    groups = {"all": [k for k in metrics if k in times]}
    groups["ladder and SDK"] = [k for k in groups["all"] if not k.startswith("grid_")
                                and k != "reduce_chunk"]
    print("kernel          time_us  " + "  ".join(METRICS))
    for k in groups["all"]:
        print("%-14s %8.1f  %s" % (k, times[k] / 1e3, "  ".join(metrics[k][m] for m in METRICS)))
    for name, ks in groups.items():
        t = [times[k] for k in ks]
        print("\nSpearman vs time, %s (%d kernels, local %s):" % (name, len(ks), local))
        for m in METRICS:
            print("  %-26s %+.3f" % (m, spearman([float(metrics[k][m]) for k in ks], t)))
    if len(sys.argv) > 4:
        plot(sys.argv[4], groups["all"], metrics, times)


if __name__ == "__main__":
    main()
