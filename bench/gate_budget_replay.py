#!/usr/bin/env python3
"""What a larger process budget would have decided: joins G consecutive invocations of
bench/gate_sequential.sh (duet_V_I.json in DIR, each run to its budget of P processes) into one
virtual invocation of G x P processes, then replays the looks a sequential duet with that budget
would take (3, 4, ..., G x P; the alpha-spending boundary planned for G x P, as `compare` reads it
from settings.sequential.max_processes) and judges each look with `compare --json`. A virtual
invocation stops at the first look where every case (candidate and both A/A controls) is
decided, else at the budget. Prints per variant the candidate verdicts at the stop, the control
verdicts, and the processes used. Caveat: the joined processes ran minutes apart, as processes of
one long invocation would; an invocation that stopped early (decided before its budget) ends its
group's data there. Standard library only.

  gate_budget_replay.py BIN DIR [G]     # G: invocations per virtual one (default 3)
Environment: VARIANTS (e.g. "25": only these variants).
"""
import collections, glob, json, os, re, subprocess, sys, tempfile

binary, folder = sys.argv[1], sys.argv[2]
group = int(sys.argv[3]) if len(sys.argv) > 3 else 3


def judge(p):
    fd, tmp = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(p, f)
    out = subprocess.run([binary, "compare", tmp, "--json"], capture_output=True, text=True)
    os.unlink(tmp)
    verdicts = collections.defaultdict(list)  # role -> verdicts
    for c in json.loads(out.stdout)["comparisons"]:
        role = "control" if c.get("role") in ("control", "twin") else "candidate"
        for k in c["cases"]:
            verdicts[role].append(k["verdict"])
    return verdicts


def joined(profiles):
    """One profile holding every process of `profiles`, renumbered in order."""
    out = json.loads(json.dumps(profiles[0]))
    out["runs"] = []
    by_key = {c["key"] if isinstance(c["key"], str) else json.dumps(c["key"], sort_keys=True): c
              for c in out["cases"]}
    for c in out["cases"]:
        c["rounds"] = []
    for p in profiles:
        offset = len(out["runs"])
        out["runs"].extend(p["runs"])
        for c in p["cases"]:
            key = c["key"] if isinstance(c["key"], str) else json.dumps(c["key"], sort_keys=True)
            for r in c.get("rounds", []):
                r = dict(r)
                r["run"] += offset
                by_key[key]["rounds"].append(r)
    return out


def cut(full, k, budget):
    p = json.loads(json.dumps(full))
    p["runs"] = p["runs"][:k]
    for c in p["cases"]:
        c["rounds"] = [r for r in c["rounds"] if r["run"] < k]
    p["settings"]["sequential"]["looks"] = list(range(3, k + 1))
    p["settings"]["sequential"]["max_processes"] = budget
    p["settings"]["runs"] = k
    return p


files = collections.defaultdict(list)
for f in glob.glob(folder + "/duet_*.json"):
    v, i = re.match(r".*duet_(\d+)_(\d+)\.json", f).groups()
    files[v].append((int(i), f))
only = os.environ.get("VARIANTS", "").split()
for v in sorted(files, key=int):
    if only and v not in only:
        continue
    runs = [json.load(open(f)) for _, f in sorted(files[v])]
    cand, ctrl, used = collections.Counter(), collections.Counter(), []
    for g in range(0, len(runs) - group + 1, group):
        full = joined(runs[g:g + group])
        budget = len(full["runs"])
        for k in range(3, budget + 1):
            verdicts = judge(cut(full, k, budget))
            if k == budget or all(x != "inconclusive" for vs in verdicts.values() for x in vs):
                break
        cand.update(verdicts["candidate"])
        ctrl.update(verdicts["control"])
        used.append(k)
        print(f"variant {v} invocations {g}..{g + group - 1}: stopped at {k} of {budget}: "
              f"{dict(collections.Counter(verdicts['candidate']))}", flush=True)
    print(f"== variant +{v} %: {len(used)} virtual invocations of {group}: candidate {dict(cand)}; "
          f"controls {dict(ctrl)}; processes used {sorted(used)}")
