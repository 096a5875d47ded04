#!/usr/bin/env python3
"""Counting for bench/gate_duet.sh (standard library only).

  gate_duet.py BIN DIR [COMPARE-OPTION...]

Runs `BIN compare --pair base:gs=gs,gs5,gs10,gs25 PROFILE --json` on every duet_*.json of DIR
(one `run --duet` invocation each; or reads its saved output, cmp_*.json: {"rc", "comparisons"},
written by `gate_duet.py --save BIN PROFILE OUT` where the profiles cannot be kept) and counts the
verdicts per kernel, n and local size. The controls (control:gs, the base kernel built again;
twin:gs, the candidate gs built again) and gs are identical code: any slower or faster there is a
false alarm of the uncontrolled duet; gs5, gs10 and gs25 are real slowdowns of the
size in the `change` column (the geometric mean over all invocations of the median ratio within
rounds: the truth the verdicts are counted against), per cache state (run --cache). `biased`
counts the cases compare did not judge because a control read slower or faster; the last line says in how many invocations
that happened at least once.
"""
import glob
import json
import math
import re
import subprocess
import sys

CANDIDATES = ["gs", "gs5", "gs10", "gs25"]
VERDICTS = ["slower", "same", "inconclusive", "faster", "biased"]


def compare(binary, profile, extra):
    """compare's exit status and its --json comparisons for one duet profile."""
    out = subprocess.run([binary, "compare", "--pair", "base:gs=" + ",".join(CANDIDATES), profile,
                          "--json", *extra], capture_output=True, text=True)
    if out.returncode not in (0, 1, 8, 9):
        sys.exit(f"{profile}: compare exit {out.returncode}: {out.stderr}")
    return out.returncode, json.loads(out.stdout)["comparisons"]


def results(folder, binary, extra):
    """(file, rc, comparisons) per invocation of the folder, in invocation order."""
    number = lambda f: int(re.findall(r"(\d+)\.json$", f)[0])
    saved = sorted(glob.glob(f"{folder}/cmp_*.json"), key=number)
    if saved:
        for f in saved:
            d = json.load(open(f))
            yield f, d["rc"], d["comparisons"]
        return
    files = sorted(glob.glob(f"{folder}/duet_*.json"), key=number)
    if not files:
        sys.exit(f"no duet_*.json or cmp_*.json in {folder}")
    for f in files:
        yield (f, *compare(binary, f, extra))


def role(comp):
    """Which kernel a comparison judged: control, twin, or the candidate's name."""
    name = comp["candidate"]
    if comp.get("role") == "control":
        return "twin" if name.endswith("twin:gs") else "control"
    return name.rsplit(":", 1)[1]


def count(folder, binary, extra):
    files, counts, logs, biased_invocations = [], {}, {}, 0
    for f, rc, comparisons in results(folder, binary, extra):
        files.append(f)
        biased_invocations += rc == 9
        for comp in comparisons:
            who = role(comp)
            for case in comp["cases"]:
                key = (who, case["key"]["n"], case["key"]["local_size"],
                       case["key"].get("cache", "warm"))
                c = counts.setdefault(key, dict.fromkeys(VERDICTS + ["other", "n"], 0))
                v = case["verdict"]
                c[v if v in c else "other"] += 1
                c["n"] += 1
                if case.get("change") is not None:
                    logs.setdefault(key, []).append(math.log1p(case["change"]))
    return files, counts, logs, biased_invocations


def main():
    if sys.argv[1] == "--save":
        rc, comparisons = compare(sys.argv[2], sys.argv[3], [])
        json.dump({"rc": rc, "comparisons": comparisons}, open(sys.argv[4], "w"))
        return
    binary, folder, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    files, counts, logs, biased = count(folder, binary, extra)
    order = ["control", "twin"] + CANDIDATES
    print(f"{len(files)} invocations; compare --pair base:gs={','.join(CANDIDATES)} "
          f"{' '.join(extra)}")
    print(f"{'kernel':8} {'n':>9} {'local':>5} {'cache':>5} {'change':>8} {'slower':>7} "
          f"{'same':>5} {'inconcl.':>8} {'faster':>6} {'biased':>6}")
    for key in sorted(counts, key=lambda k: (order.index(k[0]) if k[0] in order else 99,
                                             k[1], k[2], k[3])):
        c, ls = counts[key], logs.get(key, [0.0])
        change = math.exp(sum(ls) / len(ls)) - 1
        print(f"{key[0]:8} 2^{int(math.log2(key[1])):<7} {key[2]:>5} {key[3]:>5} "
              f"{change * 100:+7.2f}% "
              f"{c['slower']:>3}/{c['n']:<3} {c['same']:>5} {c['inconclusive']:>8} "
              f"{c['faster']:>6} {c['biased']:>6}")
    print(f"invocations with a biased control in some case (compare exit 9): {biased} of "
          f"{len(files)}")


if __name__ == "__main__":
    main()
