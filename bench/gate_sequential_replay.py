#!/usr/bin/env python3
"""Replays the looks of bench/gate_sequential.sh's profiles: each duet_V_I.json of DIR cut to its
first 3, 4, ... processes, with the looks a sequential run would have taken, judged by
`compare --json`; prints after how many processes each would have stopped decided (None: it
runs to the budget). Standard library only.

  gate_sequential_replay.py BIN DIR
"""
import collections, glob, json, os, subprocess, sys, tempfile

binary = sys.argv[1]
def undecided(p):
    fd, tmp = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f: json.dump(p, f)
    out = subprocess.run([binary, "compare", tmp, "--json"], capture_output=True, text=True)
    os.unlink(tmp)
    j = json.loads(out.stdout)
    return sum(1 for c in j["comparisons"] for k in c["cases"] if k["verdict"] == "inconclusive")
res = collections.defaultdict(list)
for f in sorted(glob.glob(sys.argv[2] + "/duet_*.json")):
    full = json.load(open(f))
    stop = None
    for k in range(3, len(full["runs"]) + 1):
        p = json.loads(json.dumps(full))
        p["runs"] = p["runs"][:k]
        for c in p["cases"]:
            c["rounds"] = [r for r in c.get("rounds", []) if r["run"] < k]
        p["settings"]["sequential"]["looks"] = list(range(3, k + 1))
        p["settings"]["runs"] = k
        if undecided(p) == 0:
            stop = k; break
    v = os.path.basename(f).split("_")[1]
    res[v].append(stop)
    print(os.path.basename(f), "would stop after", stop, "processes" if stop else "(never: budget)", flush=True)
for v, s in res.items():
    print("variant", v, "stops:", s)
