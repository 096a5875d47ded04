#!/usr/bin/env python3
"""The ladder's work as the simulator counted it (a profile written by `check`): per case, per
input element, the global bytes loaded and stored, the local bytes moved and the instructions
executed, and per work-group of the first pass the barriers. Usage: check_counts.py PROFILE"""
import json
import sys


def total(c, what):
    return sum(p["bytes"].get(what, 0) for p in c["check"]["passes"])


def main():
    p = json.load(open(sys.argv[1]))
    print("%-10s %6s %6s %5s %10s %10s %10s %12s %14s" % (
        "kernel", "n", "local", "passes", "glob B/el", "glob st B", "local B/el", "instr/el",
        "barriers/group"))
    for c in p["cases"]:
        if "check" not in c:
            continue
        n = c["key"]["n"]
        first = c["check"]["passes"][0]
        groups = max(first["work_groups"], 1)
        barriers = first["barriers"] / (groups * c["key"]["local_size"])
        instr = sum(q["instructions"] for q in c["check"]["passes"])
        print("%-10s %6d %6d %5d %10.3f %10d %10.3f %12.2f %14.1f" % (
            c["key"]["kernel"], n, c["key"]["local_size"], len(c["check"]["passes"]),
            (total(c, "load global") + total(c, "load constant")) / n, total(c, "store global"),
            (total(c, "load local") + total(c, "store local")) / n, instr / n, barriers))


if __name__ == "__main__":
    main()
