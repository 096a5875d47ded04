#!/usr/bin/env python3
"""How well `history` finds steps and drifts in series made of real invocations (#51).

    bench/history_detect.py BIN POINTS_DIR [--trials N] [--length L] [--seed S] [--out FILE]

POINTS_DIR holds profiles of back-to-back invocations of one sweep (bench/history_collect.sh):
each is one real point per case, with its own rounds, processes and spread. A trial draws L of
them without replacement in a random order (every case of the sweep is a series), scales every
round of a case by a known factor from a chosen commit on, writes the L profiles with commits in
order and runs `BIN history --by-time --json` on them. Conditions, every case of a trial alike:
  aa          nothing injected (every step found is false)
  step5/10/20 a step of +5/+10/+20 % at a commit drawn from [6, L-6]
  drift10     +10 % spread evenly over the last 15 commits
  noisy-aa    nothing injected, but two adjacent invocations are made noisy: their rounds
              alternate x1.30 and x1.00 (the point moves ~+15 % and its interval widens)
The same points (history's ln_time of each point) go to two reference methods:
  strucchange R's strucchange::breakpoints(y ~ 1) with the number of breaks chosen by BIC
              (Bai-Perron; Debian r-cran-strucchange, installed by this script's caller)
  pettitt     Pettitt's test as cargo-bench-history's docs describe it (one change point,
              p ~ 2 exp(-6K^2/(n^3+n^2)), Benjamini-Hochberg over the series of a trial at 5 %);
              its package, and Apache Otava's E-divisive, are not reachable from these machines.
Counted per method and condition: steps found within +-1 commit of the injected one, false steps
per 100 commits per series (every step more than 1 commit away from an injected one), the mean
location error of the found ones; for drift, a drift (history) or any step in the drift's span.
"""
import argparse
import glob
import hashlib
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile

CONDITIONS = ["aa", "step5", "step10", "step20", "drift10", "noisy-aa"]


def load_points(folder):
    files = sorted(glob.glob(os.path.join(folder, "**", "p*.json"), recursive=True))
    return [json.load(open(f)) for f in files]


def factors(cond, length, rng):
    """Per commit multiplier of the time, the injected step commit (or None), the drift span."""
    f = [1.0] * length
    if cond.startswith("step"):
        k = rng.randint(6, length - 6)
        size = int(cond[4:]) / 100
        for i in range(k, length):
            f[i] = 1 + size
        return f, k, None
    if cond == "drift10":
        start = length - 15
        for i in range(start, length):
            f[i] = 1.10 ** ((i - start + 1) / 15)
        return f, None, (start, length - 1)
    return f, None, None


def scaled(profile, commit_index, factor, noisy):
    p = json.loads(json.dumps(profile))
    sha = hashlib.sha1(b"%d" % commit_index).hexdigest()
    for k, r in enumerate(p["runs"]):
        r["revision"] = {"commit": sha, "committed_at": "", "dirty": False}
        r["id"] = "%016x" % (1000 * commit_index + k + 1)  # one invocation per commit
    p["host"]["started_at"] = "2026-01-01T%02d:%02d:00Z" % (commit_index // 60, commit_index % 60)
    for c in p["cases"]:
        for j, rr in enumerate(c["rounds"]):
            g = factor * (1.30 if noisy and j % 2 == 0 else 1.0)
            for key in ("samples_ns", "pass_sum_ns"):
                if key in rr:
                    rr[key] = [max(1, int(round(s * g))) for s in rr[key]]
    return p


def run_trial(binary, points, cond, length, rng, workdir):
    chosen = rng.sample(range(len(points)), length)
    f, step_at, drift = factors(cond, length, rng)
    noisy = set()
    if cond == "noisy-aa":
        k = rng.randint(3, length - 4)
        noisy = {k, k + 1}
    for i, idx in enumerate(chosen):
        with open(os.path.join(workdir, "p%03d.json" % i), "w") as out:
            json.dump(scaled(points[idx], i, f[i], i in noisy), out)
    res = subprocess.run([binary, "history", workdir, "--by-time", "--json"], capture_output=True,
                         text=True)
    if res.returncode not in (0, 1, 8):
        sys.exit("history exit %d: %s" % (res.returncode, res.stderr))
    doc = json.loads(res.stdout)
    series = []
    for s_index, s in enumerate(doc["series"]):
        found = [(x["kind"], x["first_bad"]) for x in doc["findings"] if x["series"] == s_index]
        series.append({"case": s["case"], "y": [pt["ln_time"] for pt in s["points"]],
                       "places": [pt["place"] for pt in s["points"]],
                       "state": s["state"], "history": found})
    return {"cond": cond, "step_at": step_at, "drift": drift, "series": series}


def pettitt(y):
    """Pettitt's K = max |U_t| (U_t = U_{t-1} + sum_j sgn(y_{t-1} - y_j)) and its p-value."""
    n = len(y)
    best_k, best, u = None, 0, 0
    for t in range(1, n):
        u += sum((y[t - 1] > v) - (y[t - 1] < v) for v in y)
        if abs(u) > best:
            best, best_k = abs(u), t
    p = min(1.0, 2 * math.exp(-6 * best * best / (n ** 3 + n ** 2)))
    return best_k, p


def bh(ps, q=0.05):
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    cut = 0
    for rank, i in enumerate(order, 1):
        if ps[i] <= q * rank / m:
            cut = rank
    return {order[r] for r in range(cut)}


def add_pettitt(trials):
    for t in trials:
        tests = [pettitt(s["y"]) for s in t["series"]]
        keep = bh([p for _, p in tests])
        for i, s in enumerate(t["series"]):
            s["pettitt"] = [("step", tests[i][0])] if i in keep and tests[i][0] else []


def add_strucchange(trials, workdir):
    path = os.path.join(workdir, "series.txt")
    with open(path, "w") as out:
        for t in trials:
            for s in t["series"]:
                out.write(" ".join("%.9g" % v for v in s["y"]) + "\n")
    script = ("suppressMessages(library(strucchange));"
              "for (line in readLines('%s')) { y <- as.numeric(strsplit(line, ' ')[[1]]);"
              "b <- if (length(y) < 8) NA else tryCatch(breakpoints(y ~ 1)$breakpoints,"
              " error = function(e) NA);"
              "cat(if (all(is.na(b))) '' else paste(b, collapse=' '), '\\n', sep='') }" % path)
    res = subprocess.run(["Rscript", "-e", script], capture_output=True, text=True, check=True)
    lines = res.stdout.split("\n")
    k = 0
    for t in trials:
        for s in t["series"]:
            s["strucchange"] = [("step", int(b)) for b in lines[k].split()]  # 1-based last of seg 1
            k += 1


def score(trials, method, length):
    rows = {}
    for t in trials:
        r = rows.setdefault(t["cond"], {"series": 0, "found": 0, "false": 0, "err": [], "drift": 0})
        for s in t["series"]:
            r["series"] += 1
            hits = s[method]
            steps = [pos for kind, pos in hits if kind == "step"]
            if t["step_at"] is not None:
                near = [pos for pos in steps if abs(pos - t["step_at"]) <= 1]
                if near:
                    r["found"] += 1
                    r["err"].append(min(abs(p - t["step_at"]) for p in near))
                r["false"] += len(steps) - len(near)
            elif t["drift"] is not None:
                lo, hi = t["drift"]
                inside = [pos for pos in steps if lo - 1 <= pos <= hi]
                if inside or any(kind == "drift" for kind, _ in hits):
                    r["drift"] += 1
                r["false"] += len(steps) - len(inside)
            else:
                r["false"] += len(steps)
    out = []
    for cond in CONDITIONS:
        if cond not in rows:
            continue
        r = rows[cond]
        n = r["series"]
        found = r["drift"] if cond == "drift10" else r["found"]
        shown = "-" if cond in ("aa", "noisy-aa") else "%5.1f %%" % (100 * found / n)
        err = "%.2f" % (sum(r["err"]) / len(r["err"])) if r["err"] else "-"
        out.append("%-12s %-9s %6d  %9s  %10.2f  %6s" % (
            method, cond, n, shown, 100 * r["false"] / (n * length), err))
    return out


def by_case(trials, method, cond):
    """Steps found within +-1 of the injected one, per case of the sweep."""
    rows = {}
    for t in trials:
        if t["cond"] != cond:
            continue
        for s in t["series"]:
            n, hit = rows.get(s["case"], (0, 0))
            hit += any(k == "step" and abs(p - t["step_at"]) <= 1 for k, p in s[method])
            rows[s["case"]] = (n + 1, hit)
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary")
    ap.add_argument("points")
    ap.add_argument("--trials", type=int, default=40)
    ap.add_argument("--length", type=int, default=30)
    ap.add_argument("--seed", type=int, default=51)
    args = ap.parse_args()
    points = load_points(args.points)
    if len(points) < args.length:
        sys.exit("%d profiles in %s: fewer than --length %d" % (len(points), args.points,
                                                                  args.length))
    rng = random.Random(args.seed)
    workdir = tempfile.mkdtemp(prefix="history-detect-")
    trials = []
    try:
        for cond in CONDITIONS:
            for _ in range(args.trials):
                folder = os.path.join(workdir, "trial")
                shutil.rmtree(folder, ignore_errors=True)
                os.makedirs(folder)
                t = run_trial(args.binary, points, cond, args.length, rng, folder)
                for s in t["series"]:
                    s["history"] = [(k, s["places"].index(p) if p in s["places"] else p)
                                    for k, p in s["history"]]
                trials.append(t)
        add_pettitt(trials)
        add_strucchange(trials, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print("# %d profiles from %s; %d trials per condition, %d commits per series, seed %d" % (
        len(points), args.points, args.trials, args.length, args.seed))
    print("%-12s %-9s %6s  %9s  %10s  %6s" % ("method", "condition", "series", "found+-1",
                                               "false/100c", "err"))
    for method in ("history", "strucchange", "pettitt"):
        for line in score(trials, method, args.length):
            print(line)
    for cond in ("step5", "step10"):
        print("\n# %s found within +-1 commit, per case (history / strucchange / pettitt)" % cond)
        tables = [by_case(trials, m, cond) for m in ("history", "strucchange", "pettitt")]
        for case in sorted(tables[0], key=lambda c: (c.split("/")[0], int(c.split("n=")[1].split("/")[0]))):
            cells = ["%5.1f %%" % (100 * t[case][1] / t[case][0]) for t in tables]
            print("%-50s %s" % (case, "  ".join(cells)))


if __name__ == "__main__":
    main()
