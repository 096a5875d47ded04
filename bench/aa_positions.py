#!/usr/bin/env python3
"""Where does an A/A duet's bias come from? Standard library only.

  aa_positions.py DIR BASE CAND N LOCAL

For every duet_*.json of DIR (schema 2.4: rounds record their position), pairs the rounds of
BASE and CAND at n=N, local=LOCAL that ran in the same pass (same process, same ordinal) and
prints the median within-round ratio CAND/BASE split by what ran just before CAND (and BASE), and
by which of the two ran first. A bias that follows the neighbour or the order is a position
effect; one that stays put whatever came before belongs to the kernel instance itself.
"""
import collections
import glob
import json
import statistics
import sys


def main():
    folder, base, cand, n, local = sys.argv[1:6]
    n, local = int(n), int(local)
    split = collections.defaultdict(list)
    for f in sorted(glob.glob(folder + "/duet_*.json")):
        cases = json.load(open(f))["cases"]
        name = lambda i: (cases[i]["key"]["kernel"], cases[i]["key"]["n"], cases[i]["key"]["local_size"])
        passes = collections.defaultdict(dict)
        for i, c in enumerate(cases):
            seen = collections.Counter()
            for r in c["rounds"]:
                if r.get("position") is None or r.get("median_ns") is None:
                    continue
                passes[(r["run"], seen[r["run"]])][r["position"]] = (i, r["median_ns"])
                seen[r["run"]] += 1
        for slots in passes.values():
            at = {name(i): (pos, med) for pos, (i, med) in slots.items()}
            b, c = at.get((base, n, local)), at.get((cand, n, local))
            if not b or not c:
                continue
            ratio = c[1] / b[1]
            before = lambda pos: "%s n=%d l=%d" % name(slots[pos - 1][0]) if pos - 1 in slots else "first"
            split[(cand + " after", before(c[0]))].append(ratio)
            split[(base + " after", before(b[0]))].append(ratio)
            split[("first of the two", cand if c[0] < b[0] else base)].append(ratio)
    print(f"{cand}/{base} at n={n} local={local}: median within-round ratio - 1, by position")
    for key in sorted(split):
        v = split[key]
        print(f"  {key[0]:>18} {key[1]:<32} {len(v):>4} rounds  {100 * (statistics.median(v) - 1):+6.2f}%")


if __name__ == "__main__":
    main()
