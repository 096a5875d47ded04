#!/usr/bin/python3
"""Monte Carlo of compare's run-means test under no change, with and without --moderate:
how often does an unchanged sweep get a `slower` verdict anywhere (Holm over its cases)?

A re-implementation of the procedure in cli/grp/model/stats/inference.hpp and moderation.hpp with
numpy/SciPy (Debian python3-scipy; run with /usr/bin/python3), on simulated sweeps: K cases,
J runs a side, R rounds a run; a case's run effects are normal with its own sd (independent
between cases, or plus one level shared by every case of a run), rounds 0.3 % around them.
A case is `slower` when its 99 % interval lies above 0, its change beyond +5 % and Holm's
step-down over the K one-sided p-values keeps it (alpha 1 %).

  bench/moderation_null.py [SIMS]      # default 4000 per configuration and variant
"""
import math
import sys

import numpy as np
from scipy import optimize, special, stats

ALPHA, THRESHOLD, WITHIN = 0.01, 0.05, 0.003


def run_means_v(base, cand):
    """V pooled over the sides (floored at the rounds' share), its df, Helmert residuals."""
    ss = df = 0.0
    resid, means = [], []
    for runs in (base, cand):
        m = runs.mean(axis=1)
        floor = np.mean(runs.var(axis=1, ddof=1) / runs.shape[1])
        ss += max(np.var(m, ddof=1), floor) * (len(m) - 1)
        df += len(m) - 1
        for i in range(1, len(m)):
            resid.append((m[:i].sum() - i * m[i]) / math.sqrt(i * (i + 1)))
        means.append(m.mean())
    return ss / df, df, np.array(resid), means[1] - means[0]


def prior(vs, d):
    e = np.log(vs) - special.digamma(d / 2) + math.log(d / 2)
    excess = np.var(e, ddof=1) - special.polygamma(1, d / 2)
    if excess <= 1e-12:
        return math.exp(e.mean()), math.inf
    half = optimize.brentq(lambda x: special.polygamma(1, x) - excess, 1e-10, 1e10)
    return math.exp(e.mean() + special.digamma(half) - math.log(half)), 2 * half


def effective_cases(rows, n):
    z = rows / np.sqrt((rows ** 2).sum(axis=1, keepdims=True) / n)
    r = z @ z.T / n
    rho2 = np.clip((r ** 2 - 1 / n) / (1 - 1 / n), 0, 1)
    np.fill_diagonal(rho2, 1)
    return max(1.0, len(rows) ** 2 / rho2.sum())


def holm(p):
    keep = np.zeros(len(p), bool)
    for k, i in enumerate(np.argsort(p)):
        if p[i] > ALPHA / (len(p) - k):
            break
        keep[i] = True
    return keep


def one_sweep(rng, sds, shared, runs, rounds, moderate):
    k = len(sds)
    cases = []
    for _ in range(2):  # base, candidate
        level = rng.normal(0, shared, runs)
        cases.append([rng.normal((rng.normal(0, sd, runs) + level)[:, None], WITHIN,
                                 (runs, rounds)) for sd in sds])
    est = [run_means_v(cases[0][i], cases[1][i]) for i in range(k)]
    d = est[0][1]
    s0, d0, var_df = 0.0, 0.0, 0.0
    if moderate:
        s0, fitted = prior(np.array([e[0] for e in est]), d)
        n_eff = effective_cases(np.array([e[2] for e in est]), len(est[0][2]))
        d0, var_df = min(fitted, d * (n_eff - 1)), d * n_eff
    p, slower = [], []
    for v, df, _, change in est:
        if d0 > 0:
            w = d0 / (d0 + df)
            a, b = w * s0, (1 - w) * v
            df = min(df + d0, (a + b) ** 2 / (a * a / var_df + b * b / df))
            v = a + b
        se = math.sqrt(v * 2 / runs)
        p.append(stats.t.sf(change / se, df))
        slower.append(change - stats.t.ppf(1 - ALPHA / 2, df) * se > 0 and
                      math.exp(change) > 1 + THRESHOLD)
    return bool(np.any(np.array(slower) & holm(np.array(p))))


def main():
    sims = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    configs = [
        ("8 cases alike, 2 % run sd", [0.02] * 8, 0.0),
        ("1 case 8 %, 7 cases 1 %", [0.08] + [0.01] * 7, 0.0),
        ("2 cases 6 %, 6 cases 1 %", [0.06] * 2 + [0.01] * 6, 0.0),
        ("8 cases 0.5 ... 8 %", list(np.geomspace(0.005, 0.08, 8)), 0.0),
        ("8 cases 1 % + a shared 3 % run level", [0.01] * 8, 0.03),
        ("16 cases 0.5 ... 8 %", list(np.geomspace(0.005, 0.08, 16)), 0.0),
    ]
    print(f"# {sims} simulated unchanged sweeps per line, 3 + 3 runs of 10 rounds; "
          "the share with a `slower` verdict anywhere (alpha 1 %; standard error "
          f"~{100 * math.sqrt(0.01 * 0.99 / sims):.2f} points at 1 %)")
    print(f"{'configuration':40s} {'--moderate off':>15s} {'on':>8s}")
    for name, sds, shared in configs:
        out = []
        for moderate in (False, True):
            rng = np.random.default_rng(2026)
            fails = sum(one_sweep(rng, sds, shared, 3, 10, moderate) for _ in range(sims))
            out.append(100.0 * fails / sims)
        print(f"{name:40s} {out[0]:14.2f}% {out[1]:7.2f}%", flush=True)


if __name__ == "__main__":
    main()
