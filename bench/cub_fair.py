#!/usr/bin/env python3
"""The table of bench/cub_fair.sh: per round and size, CUB and the CUDA float4 read by method and
cache state (bench/cub_fair.cu) beside the tool's best kernel (its fastest ok case over kernels
and local sizes) cold and warm, and each API's empty-kernel span. Ratios are CUB's time over the
tool's (above 1: the tool is faster), blocked method against the tool's event span, warm against
warm and cold against cold.
    bench/cub_fair.py WORKDIR ROUNDS
"""
import json
import os
import sys


def cuda_rows(path):
    rows = {}
    for line in open(path):
        f = line.split()
        if len(f) == 7 and f[0] in ("empty", "cub", "read4"):
            rows[(f[0], f[1], f[2], int(f[3]))] = float(f[4])
        elif line.startswith("#"):
            print(line.rstrip())
    return rows


def tool_best(path):
    best = {}
    if not os.path.exists(path):
        return best
    for c in json.load(open(path))["cases"]:
        if c["status"] != "ok" or not c.get("summary"):
            continue
        n, us = c["key"]["n"], c["summary"]["median_ns"] / 1e3
        label = "%s/%d" % (c["key"]["kernel"], c["key"]["local_size"])
        if n not in best or us < best[n][0]:
            best[n] = (us, label)
    return best


def main():
    work, rounds = sys.argv[1], int(sys.argv[2])
    for r in range(1, rounds + 1):
        cu = cuda_rows(os.path.join(work, "cuda%d.txt" % r))
        cold, warm = tool_best(os.path.join(work, "cold%d.json" % r)), tool_best(
            os.path.join(work, "warm%d.json" % r))
        empty = tool_best(os.path.join(work, "empty%d.json" % r))
        ocl_empty = empty[1][0] if 1 in empty else float("nan")
        print("\n## round %d: empty kernel span, us: OpenCL START->END %.2f; CUDA plain %.2f, "
              "blocked %.2f, graph %.2f" % (r, ocl_empty, cu.get(("empty", "plain", "warm", 0), 0),
                                            cu.get(("empty", "blocked", "warm", 0), 0),
                                            cu.get(("empty", "graph", "warm", 0), 0)))
        print("%-5s | %8s %8s %8s %8s | %8s %8s | %8s %-22s %8s %-22s | %7s %7s | %6s" % (
            "n", "CUBplain", "CUBblock", "CUBgraph", "CUBcold", "r4block", "r4cold", "tool_w",
            "(kernel/local)", "tool_c", "(kernel/local)", "CUB/w", "CUB/c", "w%r4"))
        for e in range(0, 31):
            n = 1 << e
            if ("cub", "blocked", "warm", e) not in cu:
                continue
            g = lambda what, m, c: cu.get((what, m, c, e), float("nan"))
            tw, tc = warm.get(n, (float("nan"), "-")), cold.get(n, (float("nan"), "-"))
            print("2^%-3d | %8.2f %8.2f %8.2f %8.2f | %8.2f %8.2f | %8.2f %-22s %8.2f %-22s | "
                  "%7.3f %7.3f | %6.1f" % (
                      e, g("cub", "plain", "warm"), g("cub", "blocked", "warm"),
                      g("cub", "graph", "warm"), g("cub", "blocked", "cold"),
                      g("read4", "blocked", "warm"), g("read4", "blocked", "cold"), tw[0], tw[1],
                      tc[0], tc[1], g("cub", "blocked", "warm") / tw[0],
                      g("cub", "blocked", "cold") / tc[0],
                      100 * g("read4", "blocked", "warm") / tw[0]))


if __name__ == "__main__":
    main()
