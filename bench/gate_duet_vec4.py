#!/usr/bin/env python3
"""Counting for bench/gate_duet_vec4.sh (standard library only).

  gate_duet_vec4.py BIN DIR [COMPARE-OPTION...]

Runs `BIN compare --pair old=same,s... PROFILE --json` on every duet_*.json of DIR (one
invocation each: the baseline kernel `old`, the identical kernel `same` and the slowed copies)
and counts the verdicts per candidate case: `same` is an unchanged commit (any slower or faster
there is a false alarm), each sL a real slowdown of the size in the `change` column (the
geometric mean over all invocations of the median ratio within rounds, so the truth the
verdicts are counted against). `procs` counts the cases judged on process means because the
processes disagreed (Kruskal-Wallis p < 0.05).
"""
import glob
import json
import math
import re
import subprocess
import sys


def main():
    binary, folder, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    files = sorted(glob.glob(f"{folder}/duet_*.json"),
                   key=lambda f: int(re.findall(r"(\d+)\.json$", f)[0]))
    if not files:
        sys.exit(f"no duet_*.json in {folder}")
    kernels = sorted({c["key"]["kernel"] for c in json.load(open(files[0]))["cases"]} - {"old"},
                     key=lambda k: (k != "same", int(k[1:]) if k[1:].isdigit() else 0))
    counts, logs = {}, {}
    for f in files:
        out = subprocess.run([binary, "compare", "--pair", "old=" + ",".join(kernels), f,
                              "--json", *extra], capture_output=True, text=True)
        if out.returncode not in (0, 1):
            sys.exit(f"{f}: compare exit {out.returncode}: {out.stderr}")
        for comp in json.loads(out.stdout)["comparisons"]:
            cand = comp["candidate"].rsplit(":", 1)[1]
            for case in comp["cases"]:
                key = (cand, case["key"]["local_size"])
                c = counts.setdefault(key, {"slower": 0, "faster": 0, "same": 0,
                                            "inconclusive": 0, "other": 0, "procs": 0, "n": 0})
                v = case["verdict"]
                c[v if v in c else "other"] += 1
                c["n"] += 1
                c["procs"] += "disagree" in (case.get("note") or "")
                if case.get("change") is not None:
                    logs.setdefault(key, []).append(math.log1p(case["change"]))
    print(f"{len(files)} invocations; compare --pair old={','.join(kernels)} {' '.join(extra)}")
    print(f"{'case':14} {'change':>8} {'slower':>7} {'same':>5} {'inconcl.':>8} {'faster':>7}"
          f" {'procs':>6}")
    for key in sorted(counts, key=lambda k: (kernels.index(k[0]), k[1])):
        c, ls = counts[key], logs.get(key, [0.0])
        change = math.exp(sum(ls) / len(ls)) - 1
        print(f"{key[0]:6} {key[1]:>6} {change * 100:+7.1f}% {c['slower']:>4}/{c['n']:<2}"
              f" {c['same']:>5} {c['inconclusive']:>8} {c['faster']:>7} {c['procs']:>6}")


if __name__ == "__main__":
    main()
