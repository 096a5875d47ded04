#!/usr/bin/env python3
"""Summary of bench/gate_sequential.sh, standard library only. For every duet_V_I.json of DIR:
`compare PROFILE --json` (the sequential duet as the run left it: judged at its last look), and
the same profile cut to its first 3 processes with its looks dropped (what the old fixed
3-process duet would have said on the same data). Per variant: the candidate's case verdicts,
the controls', why runs stopped, the processes used and the wall time per invocation.

  gate_sequential.py BIN DIR
"""
import collections, glob, json, os, re, statistics, subprocess, sys, tempfile

binary, folder = sys.argv[1], sys.argv[2]
walls = {}
if os.path.exists(os.path.join(folder, "wall.txt")):
    for line in open(os.path.join(folder, "wall.txt")):
        name, wall, rc = line.split()
        walls[name] = (float(wall), int(rc))


def judge(path, by_n=None, change=None):
    """The candidate's and the controls' case verdicts; the candidate's per n into `by_n`, its
    change per n appended to `change`. `path` may be a list: the duets pooled by compare."""
    paths = path if isinstance(path, list) else [path]
    out = subprocess.run([binary, "compare", *paths, "--json"], capture_output=True, text=True)
    j = json.loads(out.stdout)
    cand, ctrl = collections.Counter(), collections.Counter()
    for c in j["comparisons"]:
        control = c.get("role") == "control"
        for k in c["cases"]:
            (ctrl if control else cand)[k["verdict"]] += 1
            if by_n is not None and not control:
                by_n[(k["key"]["n"], k["key"]["local_size"])][k["verdict"]] += 1
            if change is not None and not control and k.get("change") is not None:
                change[(k["key"]["n"], k["key"]["local_size"])].append(100 * k["change"])
    return cand, ctrl, out.returncode


def first_three(path):
    p = json.load(open(path))
    p["runs"] = p["runs"][:3]
    for c in p["cases"]:
        c["rounds"] = [r for r in c.get("rounds", []) if r["run"] < 3]
    p["settings"].pop("sequential", None)
    p["settings"]["runs"] = 3
    fd, tmp = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(p, f)
    return tmp


by_variant = collections.defaultdict(list)
for f in sorted(glob.glob(os.path.join(folder, "duet_*.json"))):
    m = re.match(r"duet_(\d+)_(\d+)\.json", os.path.basename(f))
    if m:
        by_variant[int(m.group(1))].append(f)

for v in sorted(by_variant):
    seq_c, seq_k, fix_c, fix_k = (collections.Counter() for _ in range(4))
    stopped, procs, wall, exits, fixed_exits = collections.Counter(), [], [], collections.Counter(), collections.Counter()
    seq_n, fix_n = collections.defaultdict(collections.Counter), collections.defaultdict(collections.Counter)
    changes = collections.defaultdict(list)
    for f in by_variant[v]:
        p = json.load(open(f))
        s = p["settings"].get("sequential", {})
        stopped[s.get("stopped", "fixed")] += 1
        procs.append(len(p["runs"]))
        c, k, rc = judge(f, seq_n, changes)
        seq_c.update(c); seq_k.update(k); exits[rc] += 1
        tmp = first_three(f)
        c, k, rc = judge(tmp, fix_n)
        os.unlink(tmp)
        fix_c.update(c); fix_k.update(k); fixed_exits[rc] += 1
        if os.path.basename(f) in walls:
            wall.append(walls[os.path.basename(f)][0])
    n = len(by_variant[v])
    print(f"== +{v} % copy ({'identical' if v == 0 else 'slower'}): {n} invocations")
    print(f"  sequential (defaults): candidate cases {dict(seq_c)}; controls {dict(seq_k)}; exits {dict(exits)}")
    print(f"    stopped {dict(stopped)}; processes median {statistics.median(procs)}, range {min(procs)}-{max(procs)}")
    if wall:
        print(f"    wall per invocation: median {statistics.median(wall):.1f} s, range {min(wall):.1f}-{max(wall):.1f} s")
    print(f"  first 3 processes as a fixed design: candidate cases {dict(fix_c)}; controls {dict(fix_k)}; exits {dict(fixed_exits)}")
    print("  candidate per (n, local): sequential | first 3 as fixed")
    for key in sorted(seq_n):
        ch = sorted(changes[key])
        cost = f"; change median {statistics.median(ch):+.1f} % ({ch[0]:+.1f}..{ch[-1]:+.1f})" if ch else ""
        print(f"    n=2^{key[0].bit_length() - 1} local {key[1]}: {dict(seq_n[key])} | {dict(fix_n[key])}{cost}")
    pooled_n = collections.defaultdict(collections.Counter)
    groups = [by_variant[v][i:i + 4] for i in range(0, len(by_variant[v]) - 3, 4)]
    for g in groups:
        judge(g, pooled_n)
    if groups:
        print(f"  {len(groups)} pools of 4 invocations (compare D1 D2 D3 D4), candidate per (n, local):")
        for key in sorted(pooled_n):
            print(f"    n=2^{key[0].bit_length() - 1} local {key[1]}: {dict(pooled_n[key])}")
