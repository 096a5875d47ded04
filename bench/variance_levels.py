#!/usr/bin/env python3
"""Where a gate set's noise sits, per case (standard library only).

  variance_levels.py DIR [MAX_CPU_WAIT]

Reads DIR/base_*.json (identical runs that bench/gate_power.sh wrote: each one `run`
invocation of several processes) and prints, per case, on the log scale as compare sees it
(rounds whose threads waited for a CPU longer than MAX_CPU_WAIT, default 0.1, set aside):

  rounds/proc  undisturbed rounds per process, on average
  round sd     the spread of round medians inside one process (pooled)
  proc sd      the spread of process means inside one invocation (pooled)
  from rounds  what the rounds alone would give a process mean: round sd / sqrt(rounds/proc)
  inv sd       the spread of the invocations' means

When proc sd is near "from rounds", a process has no level of its own and more rounds per
process narrow its mean; when inv sd exceeds proc sd / sqrt(processes), invocations have
levels of their own that no number of processes inside one invocation measures.
"""
import glob
import json
import math
import statistics
import sys


def case_name(c):
    k = c["key"]
    return f"{k['kernel']} n={k['n']} local={k['local_size']}"


def per_process(c, runs, max_wait):
    per = [[] for _ in range(runs)]
    for r in c["rounds"]:
        if r.get("median_ns") and (max_wait <= 0 or (r.get("cpu_wait") or 0) <= max_wait):
            per[r["run"]].append(math.log(r["median_ns"]))
    return per


def main():
    folder = sys.argv[1]
    max_wait = float(sys.argv[2]) if len(sys.argv) > 2 else 0.1
    acc = {}
    for path in sorted(glob.glob(folder + "/base_*.json")):
        p = json.load(open(path))
        for c in p["cases"]:
            a = acc.setdefault(case_name(c), {"ss_w": 0.0, "df_w": 0, "ss_p": 0.0, "df_p": 0,
                                              "counts": [], "inv": []})
            per = per_process(c, len(p["runs"]), max_wait)
            means = [statistics.fmean(x) for x in per if x]
            for x in per:
                a["counts"].append(len(x))
                if len(x) >= 2:
                    a["ss_w"] += statistics.variance(x) * (len(x) - 1)
                    a["df_w"] += len(x) - 1
            if len(means) >= 2:
                a["ss_p"] += statistics.variance(means) * (len(means) - 1)
                a["df_p"] += len(means) - 1
            if means:
                a["inv"].append(statistics.fmean(means))
    print(f"# {folder}: per case, % on the log scale (rounds with cpu_wait > {max_wait} set aside)")
    print(f"{'case':36s} {'rounds/proc':>11s} {'round sd':>8s} {'proc sd':>7s} "
          f"{'from rounds':>11s} {'inv sd':>6s}")
    for name, a in acc.items():
        if not a["df_w"] or not a["df_p"] or len(a["inv"]) < 2:
            continue
        r = statistics.fmean(a["counts"])
        sw = math.sqrt(a["ss_w"] / a["df_w"])
        sp = math.sqrt(a["ss_p"] / a["df_p"])
        si = statistics.stdev(a["inv"])
        print(f"{name:36s} {r:11.1f} {100 * sw:8.2f} {100 * sp:7.2f} "
              f"{100 * sw / math.sqrt(r):11.2f} {100 * si:6.2f}")


if __name__ == "__main__":
    main()
