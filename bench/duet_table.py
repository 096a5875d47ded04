#!/usr/bin/env python3
"""Per-case table of a duet set (bench/gate_duet_vec4.sh, bench/duet_order_ab.sh), standard library
only: runs `BIN compare --pair old=same,s220 PROFILE --json` on every duet_*.json of DIR and
prints, per candidate, n and local size, the mean of the within-round ratio - 1 over the
invocations and the count of each verdict. `same` is an identical kernel: any slower/faster
there is a false alarm, and its mean ratio is the bias of the experiment itself.

  duet_table.py BIN DIR [PAIR]      # PAIR: compare --pair's argument, default old=same,s220
"""
import json, subprocess, sys, glob, collections
binary, folder = sys.argv[1], sys.argv[2]
pair = sys.argv[3] if len(sys.argv) > 3 else "old=same,s220"
rows = collections.defaultdict(list)
for f in sorted(glob.glob(folder + "/duet_*.json")):
    out = subprocess.run([binary, "compare", "--pair", pair, f, "--json"], capture_output=True, text=True).stdout
    j = json.loads(out)
    for c in j["comparisons"]:
        cand = c["candidate"].split(":")[-1] if ":" in c["candidate"] else c["candidate"]
        for cc in c["cases"]:
            k = cc["key"]
            rows[(cand, k["n"], k["local_size"])].append((cc["ratio"], cc["verdict"]))
print(f"{'candidate':10} {'n':>9} {'local':>5}  {'mean ratio-1':>12}  verdicts")
for key in sorted(rows):
    r = [x for x, _ in rows[key] if x]
    v = collections.Counter(v for _, v in rows[key])
    print(f"{key[0]:10} {key[1]:>9} {key[2]:>5}  {100*(sum(r)/len(r)-1):+11.2f}%  {dict(v)}")
