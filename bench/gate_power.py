#!/usr/bin/env python3
"""Counting for bench/gate_power.sh (standard library only).

  gate_power.py calibrate CALIBRATE.json LEVEL   -> prints the SLOW whose slowdown is nearest
  gate_power.py analyse BIN OUT RUNS SLOW_RUNS "LEVELS" [--wrap WRAPPER]

analyse runs `compare` with its default settings on every ordered pair of identical runs
(false alarms: a pair fails when compare exits 1) and on every (identical run, slowed run) pair
(detection: the slowed reduce_vec4 cases called "slower"), once with single-run baselines and
once with baselines merged from several runs (--base), and prints the rates.

  gate_power.py candidates BIN OUT RUNS SLOW_RUNS "LEVELS" "KS"

judges candidates merged from K runs (`merge`, each K of KS) against baselines merged from 3,
as a CI job that measures the candidate several times would.

  gate_power.py baselines BIN OUT RUNS SLOW_RUNS "LEVELS" "KS"

judges single-run candidates against baselines merged from K runs (each K of KS; 20 evenly
spread K-subsets of the identical runs): the other identical runs (false alarms) and every
slowed run (detection), as a CI job that keeps K invocations of its baseline would.

  gate_power.py scaled BIN OUT RUNS FACTOR [--wrap WRAPPER]

copies every identical run with each sample of every round multiplied by FACTOR (1.30: a
slowdown of exactly +30 % of every case, noise unchanged) and counts how often compare calls each
case `slower`: against its own original, and against every other identical run.

Every mode passes COMPARE_ARGS (environment, split on spaces) to each compare, e.g.
COMPARE_ARGS="--round-center min" to judge the same runs on each round's fastest sample.
"""
import concurrent.futures
import itertools
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile


def median(values):
    v = sorted(values)
    n = len(v)
    return (v[n // 2] + v[(n - 1) // 2]) / 2 if n else float("nan")


def case_medians(path, kernel_prefix):
    """(n, local) -> median of the round medians, for kernels whose name starts with the prefix."""
    p = json.load(open(path))
    out = {}
    for c in p["cases"]:
        k = c["key"]
        if k["kernel"].startswith(kernel_prefix) and c["status"] == "ok" and c["rounds"]:
            meds = [r["median_ns"] for r in c["rounds"] if r["median_ns"]]
            out.setdefault(k["kernel"], {})[(k["n"], k["local_size"])] = median(meds)
    return out


def calibrate(path, level):
    cases = case_medians(path, "")
    base = cases.get("reduce_vec4", {})
    best, best_gap = 0, float("inf")
    for name, by_point in cases.items():
        if not name.startswith("slowcal_"):
            continue
        ratios = [by_point[pt] / base[pt] for pt in by_point if pt in base and base[pt] > 0]
        if not ratios:
            continue
        slowdown = math.exp(sum(math.log(r) for r in ratios) / len(ratios)) - 1
        gap = abs(math.log1p(slowdown) - math.log1p(level / 100))
        if gap < best_gap:
            best, best_gap = int(name.split("_")[1]), gap
    print(best)


# Extra compare options for every comparison (e.g. COMPARE_ARGS="--correction none").
COMPARE_ARGS = os.environ.get("COMPARE_ARGS", "").split()


def compare(cmd, base_args, cand):
    r = subprocess.run(cmd + ["compare"] + base_args + [cand, "--json"] + COMPARE_ARGS,
                       capture_output=True, text=True)
    if r.returncode not in (0, 1, 8):  # 8: undecided (nothing judged), not a failure
        raise SystemExit(f"compare failed ({r.returncode}): {r.stderr}")
    return r.returncode == 1, json.loads(r.stdout)["comparisons"][0]["cases"]


def compare_all(cmd, pairs):
    """compare on every (base args, candidate) pair, on all cores, results in order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(lambda bc: compare(cmd, bc[0], bc[1]), pairs))


def tally(results):
    counts = {}
    for _, cases in results:
        for c in cases:
            counts[c["verdict"]] = counts.get(c["verdict"], 0) + 1
    return ", ".join(f"{n} {v}" for v, n in sorted(counts.items(), key=lambda x: -x[1]))


def report_false_alarms(cmd, label, pairs):
    results = compare_all(cmd, pairs)
    failed = sum(1 for f, _ in results if f)
    print(f"{label}: {failed} of {len(results)} pairs fail "
          f"({100.0 * failed / max(1, len(results)):.1f} %); verdicts: {tally(results)}")


def case_slowdowns(bases, slows):
    """Per slowed case: (median over slow runs) / (median over base runs) - 1."""
    def pooled(paths):
        acc = {}
        for p in paths:
            for pt, m in case_medians(p, "reduce_vec4").get("reduce_vec4", {}).items():
                acc.setdefault(pt, []).append(m)
        return {pt: median(v) for pt, v in acc.items()}
    b, s = pooled(bases), pooled(slows)
    return {pt: s[pt] / b[pt] - 1 for pt in s if pt in b and b[pt] > 0}


def report_detection(cmd, label, pairs, per_case):
    """Per slowed case (its measured slowdown first): how many pairs called it 'slower'."""
    results = compare_all(cmd, pairs)
    others_failed = sum(1 for _, cases in results for c in cases
                        if c["key"]["kernel"] != "reduce_vec4" and c["fails"])
    print(f"{label}: unchanged cases failing in these {len(results)} pairs: {others_failed}")
    for pt, slowdown in sorted(per_case.items(), key=lambda x: -x[1]):
        verdicts = {}
        for _, cases in results:
            for c in cases:
                k = c["key"]
                if k["kernel"] == "reduce_vec4" and (k["n"], k["local_size"]) == pt:
                    verdicts[c["verdict"]] = verdicts.get(c["verdict"], 0) + 1
        print(f"  reduce_vec4 n={pt[0]} local={pt[1]}: measured {100 * slowdown:+.1f} %: "
              f"{verdicts.get('slower', 0)} of {sum(verdicts.values())} 'slower' {verdicts}")


def read_set(args):
    """The command, identical runs, slowed runs per level and their measured slowdowns."""
    bin_, out, runs, slow_runs, levels = args[0], args[1], int(args[2]), int(args[3]), args[4]
    cmd = [bin_]
    if "--wrap" in args:
        cmd = [args[args.index("--wrap") + 1], bin_]
    base = [f"{out}/base_{i}.json" for i in range(1, runs + 1)]
    slow_of = {level: [f"{out}/slow_{level}_{j}.json" for j in range(1, slow_runs + 1)]
               for level in levels.split()}
    per_case = {level: case_slowdowns(base, slow) for level, slow in slow_of.items()}
    return cmd, base, slow_of, per_case


def analyse(args):
    cmd, base, slow_of, per_case = read_set(args)
    runs = len(base)
    print("== single-run baseline (compare BASE CAND)")
    report_false_alarms(cmd, "identical runs, every ordered pair",
                        [([a], b) for a, b in itertools.permutations(base, 2)])
    for level, slow in slow_of.items():
        report_detection(cmd, f"{level} % level, every (identical, slowed) pair",
                         [([a], s) for a in base for s in slow], per_case[level])
    # Baselines merged from k runs: every k-subset of the identical runs, against each of the
    # other identical runs (false alarms) and each slowed run (detection).
    for k in (2, 3):
        if k < runs:  # an even spread of 40 subsets keeps the analysis to minutes
            merged_baselines(cmd, base, slow_of, per_case, k, subsets=40)


def scaled_copy(path, factor, folder):
    p = json.load(open(path))
    for c in p["cases"]:
        for r in c.get("rounds", []):
            for field in ("samples_ns", "pass_sum_ns"):
                r[field] = [round(v * factor) for v in r.get(field, [])]
    out = os.path.join(folder, "scaled_" + os.path.basename(path))
    json.dump(p, open(out, "w"))
    return out


def scaled(args):
    """A profile whose every sample is FACTOR x the original, against the original and the
    other identical runs: how many cases compare calls slower."""
    bin_, out, runs, factor = args[0], args[1], int(args[2]), float(args[3])
    cmd = [args[args.index("--wrap") + 1], bin_] if "--wrap" in args else [bin_]
    base = [f"{out}/base_{i}.json" for i in range(1, runs + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        copies = {b: scaled_copy(b, factor, tmp) for b in base}
        for label, pairs in (
                ("against its own original", [([b], copies[b]) for b in base]),
                ("against every other identical run",
                 [([a], copies[b]) for a, b in itertools.permutations(base, 2)])):
            results = compare_all(cmd, pairs)
            cases = [c for _, cs in results for c in cs]
            slower = sum(1 for c in cases if c["verdict"] == "slower")
            wrong_way = sum(1 for c in cases if c["verdict"] == "faster")
            print(f"x{factor} {label}: {slower} of {len(cases)} cases slower, {wrong_way} faster "
                  f"({len(results)} pairs); verdicts: {tally(results)}")


def spread(items, n):
    """n of the items, evenly spread (all of them when there are no more than n)."""
    return items if len(items) <= n else [items[i * len(items) // n] for i in range(n)]


def merged_candidates(cmd, base, slow_of, per_case, k):
    """Baselines merged from 3 identical runs (40 subsets) against candidates merged from k runs:
    two disjoint identical k-subsets per baseline (false alarms), ten slowed k-subsets a level."""
    tmp = tempfile.mkdtemp(prefix="gate_power_")
    made = {}

    def merged_file(runs):
        if runs not in made:
            made[runs] = os.path.join(tmp, f"cand_{len(made)}.json")
            subprocess.run(cmd + ["merge", *runs, "-o", made[runs]], check=True,
                           capture_output=True)
        return made[runs]

    subsets = spread(list(itertools.combinations(base, 3)), 40)
    bases = [sum((["--base", b] for b in sub), []) for sub in subsets]
    print(f"== baselines merged from 3 runs against candidates merged from {k} runs "
          f"(merge, then compare --base x3 CAND)")
    pairs = []
    for m, sub in zip(bases, subsets):
        rest = [b for b in base if b not in sub]
        for cand in {tuple(rest[:k]), tuple(rest[-k:])}:
            pairs.append((m, merged_file(cand)))
    report_false_alarms(cmd, "identical candidates", pairs)
    for level, slow in slow_of.items():
        cands = [merged_file(c) for c in spread(list(itertools.combinations(slow, k)), 10)]
        report_detection(cmd, f"{level} % level", [(m, c) for m in bases for c in cands],
                         per_case[level])
    shutil.rmtree(tmp)


def merged_baselines(cmd, base, slow_of, per_case, k, subsets=20):
    """Baselines merged from k identical runs (`subsets` of them) against single runs."""
    subsets = spread(list(itertools.combinations(base, k)), subsets)
    merged = [sum((["--base", b] for b in sub), []) for sub in subsets]
    print(f"== baselines merged from {k} runs (compare --base x{k} CAND), {len(subsets)} subsets",
          flush=True)
    report_false_alarms(cmd, "the other identical runs",
                        [(m, b) for m, sub in zip(merged, subsets) for b in base if b not in sub])
    for level, slow in slow_of.items():
        report_detection(cmd, f"{level} % level", [(m, s) for m in merged for s in slow],
                         per_case[level])
    sys.stdout.flush()


if __name__ == "__main__":
    if sys.argv[1] == "scaled":
        scaled(sys.argv[2:])
    elif sys.argv[1] == "calibrate":
        calibrate(sys.argv[2], float(sys.argv[3]))
    elif sys.argv[1] == "baselines":
        for k in sys.argv[7].split():
            merged_baselines(*read_set(sys.argv[2:7]), int(k))
    elif sys.argv[1] == "candidates":
        for k in sys.argv[7].split():
            merged_candidates(*read_set(sys.argv[2:7]), int(k))
    else:
        analyse(sys.argv[2:])
