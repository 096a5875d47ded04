"""Sums bench/bisect_histories.sh's lines per step size and method: right answers (the step's
commit named; on A/A histories, no commit named), mean duets (tool) or runs (threshold) and
mean seconds. Usage: python3 bench/bisect_histories.py OUT/bisect_histories.txt"""
import collections
import sys

rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    if line.startswith("#") or not line.strip():
        continue
    kind, _trial, _truth, method, outcome, _named, right, cost, seconds = line.split()[:9]
    rows[(int(kind), method)].append((outcome, int(right), int(cost), int(seconds)))
print("%-6s %-10s %7s %8s %10s %9s  %s" % ("step", "method", "trials", "right", "mean cost",
                                           "mean s", "outcomes"))
for (kind, method), r in sorted(rows.items(), key=lambda kv: (-kv[0][0], kv[0][1])):
    n = len(r)
    outcomes = collections.Counter(o for o, *_ in r)
    print("%-6s %-10s %7d %5d/%-3d %10.1f %9.0f  %s" % (
        "+%d%%" % kind if kind else "A/A", method, n, sum(x[1] for x in r), n,
        sum(x[2] for x in r) / n, sum(x[3] for x in r) / n,
        ", ".join("%s %d" % kv for kv in sorted(outcomes.items()))))
