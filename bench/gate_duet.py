#!/usr/bin/env python3
"""Counting for bench/gate_duet.sh (standard library only).

  gate_duet.py OUT

Per invocation and case, the candidate's ln time minus reduce_vec4's in the same round (same
process, same round ordinal), averaged per process and then over the 3 processes: the duet
ratio. Prints per candidate case the ratio over all invocations, how far one invocation's ratio
moves (sd over invocations), and two one-invocation tests of "slower" (ratio above 5 % with a
two-sided 99 % interval above 1, alpha split over a candidate's 2 cases as Holm's first step):
  own   - the interval from the invocation's own 3 process means (2 df);
  prior - the process-mean variance of `dup` (the unslowed copy) pooled over the *other*
          invocations (leave-one-out: what a stored history of duet runs would give).
"""
import glob
import json
import math
import statistics as st
import sys


def betacf(a, b, x):
    """Continued fraction of the regularized incomplete beta (Lentz)."""
    tiny, c, d = 1e-300, 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
    return h


def t_sf(t, df):
    """P(T > t) for t >= 0."""
    x = df / (df + t * t)
    lbeta = math.lgamma(df / 2) + math.lgamma(0.5) - math.lgamma(df / 2 + 0.5)
    front = math.exp(math.log(x) * df / 2 + math.log(1 - x) * 0.5 - lbeta)
    if x < (df / 2 + 1) / (df / 2 + 2.5):
        return front * betacf(df / 2, 0.5, x) / (df / 2) / 2
    return (1 - front * betacf(0.5, df / 2, 1 - x) / 0.5) / 2


def t_quantile(p, df):
    """t with P(T > t) = p, by bisection."""
    lo, hi = 0.0, 1e4
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if t_sf(mid, df) > p else (lo, mid)
    return (lo + hi) / 2


def slots(case):
    out, ordinal = {}, {}
    for r in case["rounds"]:
        key = (r["run"], ordinal.get(r["run"], 0))
        ordinal[r["run"]] = key[1] + 1
        if r.get("median_ns"):
            out[key] = math.log(r["median_ns"])
    return out


def duet_ratios(path):
    """(kernel, local) -> per-process mean ln(candidate / reduce_vec4) of one invocation."""
    p = json.load(open(path))
    by = {(c["key"]["kernel"], c["key"]["local_size"]): slots(c)
          for c in p["cases"] if c["status"] == "ok"}
    out = {}
    for (kernel, local), s in by.items():
        ref = by.get(("reduce_vec4", local))
        if kernel == "reduce_vec4" or not ref:
            continue
        procs = {}
        for slot, v in s.items():
            if slot in ref:
                procs.setdefault(slot[0], []).append(v - ref[slot])
        out[(kernel, local)] = [st.mean(v) for v in procs.values()]
    return out


def main(out):
    files = sorted(glob.glob(f"{out}/duet_*.json"), key=lambda f: int(f.rsplit("_", 1)[1][:-5]))
    inv = [duet_ratios(f) for f in files]
    cases = sorted(set().union(*inv))
    alpha, threshold = 0.01 / 2, math.log(1.05)  # Holm's first step over a candidate's 2 cases
    print(f"{len(files)} invocations; ratio = candidate / reduce_vec4 in the same round")
    print("case           ratio   sd over inv.  own SE   own: slower  prior SE  prior: slower")
    for case in cases:
        per = [(i, r[case]) for i, r in enumerate(inv) if case in r and len(r[case]) >= 2]
        means = [st.mean(pm) for _, pm in per]
        own_se = [st.stdev(pm) / math.sqrt(len(pm)) for _, pm in per]
        own = sum(1 for m, se, (_, pm) in zip(means, own_se, per)
                  if m > threshold and m - t_quantile(alpha / 2, len(pm) - 1) * se > 0)
        prior, prior_se = 0, []
        for i, (j, pm) in enumerate(per):
            others = [r[("dup", case[1])] for k, r in enumerate(inv)
                      if k != j and ("dup", case[1]) in r and len(r[("dup", case[1])]) >= 2]
            var = st.mean(st.variance(o) for o in others)
            df = sum(len(o) - 1 for o in others)
            se = math.sqrt(var / len(pm))
            prior_se.append(se)
            prior += means[i] > threshold and means[i] - t_quantile(alpha / 2, df) * se > 0
        print(f"{case[0]:8} {case[1]:4}  {100 * (math.exp(st.mean(means)) - 1):+5.1f} %  "
              f"{100 * st.stdev(means):5.2f} %      {100 * st.mean(own_se):5.2f} %  "
              f"{own:3d} of {len(per)}   {100 * st.mean(prior_se):5.2f} %   {prior:3d} of {len(per)}")


if __name__ == "__main__":
    main(sys.argv[1])
