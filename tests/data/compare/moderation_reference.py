#!/usr/bin/python3
"""Reference values for tests/unit/model/stats/polygamma_test.cpp and tests/unit/model/stats/moderation_test.cpp.

Needs SciPy and numpy (Debian: apt-get install python3-scipy; run with /usr/bin/python3).
Values were taken with SciPy 1.10.1 and numpy 1.24.2. Nothing here shares code with
cli/grp/model/stats/polygamma.cpp, moderation.cpp or inference.cpp:
  * digamma, trigamma: scipy.special.digamma(x), scipy.special.polygamma(1, x) (cephes).
  * trigamma inverse: the root of polygamma(1, x) = y by scipy.optimize.brentq.
  * the prior: the moment equations of Smyth (2004), section 6.2, written out with the SciPy
    functions above (what limma's fitFDist does without a covariate).
  * effective cases: Bretherton's K^2 / sum rho_ij^2 with numpy.corrcoef's uncentred twin
    (rows are residual coordinates, already centred), bias-corrected and clamped.
  * a moderated run-means change: V pooled as in inference.hpp, moderated, then
    scipy.stats.t for p and the interval.

Run: /usr/bin/python3 tests/data/compare/moderation_reference.py
"""
import numpy as np
from scipy import optimize, special, stats

print("digamma/trigamma:")
for x in [1e-3, 0.5, 1.0, 2.5, 7.0, 10.0, 123.4, 1e6]:
    print(f"  {{{x!r}, {special.digamma(x)!r}, {float(special.polygamma(1, x))!r}}},")

print("trigamma_inverse:")
for y in [1e-4, 0.05, 0.6449, 1.0, 30.0, 1e6]:
    root = optimize.brentq(lambda x: float(special.polygamma(1, x)) - y, 1e-12, 1e12,
                           xtol=1e-300, rtol=4 * np.finfo(float).eps, maxiter=1000)
    print(f"  {{{y!r}, {root!r}}},")


def fit(var, df):
    var, df = np.array(var, float), np.array(df, float)
    e = np.log(var) - special.digamma(df / 2) + np.log(df / 2)
    excess = np.var(e, ddof=1) - np.mean(special.polygamma(1, df / 2))
    if excess <= 0:
        return np.exp(np.mean(e)), np.inf
    half = optimize.brentq(lambda x: float(special.polygamma(1, x)) - excess, 1e-12, 1e12,
                           xtol=1e-300, rtol=4 * np.finfo(float).eps, maxiter=1000)
    d0 = 2 * half
    return np.exp(np.mean(e) + special.digamma(d0 / 2) - np.log(d0 / 2)), d0


SPREAD = ([1.0e-4, 4.0e-4, 2.5e-5, 9.0e-4, 1.6e-4, 3.0e-3], [4, 4, 4, 4, 2, 6])
ALIKE = ([1.0e-4, 1.1e-4, 0.9e-4, 1.05e-4], [4, 4, 4, 4])
print("fit SPREAD:", "var=%r df=%r" % fit(*SPREAD))
print("fit ALIKE:", "var=%r df=%r" % fit(*ALIKE))


def n_eff(rows):
    z = np.array(rows, float)
    n = z.shape[1]
    z = z / np.sqrt((z ** 2).sum(axis=1, keepdims=True) / n)
    r = z @ z.T / n
    rho2 = np.clip((r ** 2 - 1 / n) / (1 - 1 / n), 0, 1)
    np.fill_diagonal(rho2, 1)
    k = z.shape[0]
    return k * k / rho2.sum()


ROWS = [[0.010, -0.004, 0.002, 0.007],
        [0.012, -0.003, 0.001, 0.009],
        [-0.002, 0.008, -0.006, 0.001],
        [0.004, 0.004, -0.009, -0.002]]
print("effective_cases ROWS:", repr(n_eff(ROWS)))

# A moderated run-means change: 3 + 3 runs (as MULTI in inference_reference.py, shorter).
BASE = [[11.5012, 11.4987, 11.5031], [11.5304, 11.5281, 11.5322], [11.4815, 11.4790, 11.4833]]
CAND = [[11.5605, 11.5631, 11.5590], [11.5402, 11.5371, 11.5436], [11.5496, 11.5470, 11.5511]]
PRIOR = (2.0e-4, 10.0)


def side(runs):
    means = [np.mean(r) for r in runs]
    within = np.mean([np.var(r, ddof=1) / len(r) for r in runs])
    return np.mean(means), max(np.var(means, ddof=1), within), len(runs) - 1


(mb, vb, db), (mc, vc, dc) = side(BASE), side(CAND)
v, d = (vb * db + vc * dc) / (db + dc), db + dc
helmert = []
for runs in (BASE, CAND):
    m = [np.mean(r) for r in runs]
    helmert += [(m[0] - m[1]) / np.sqrt(2), (m[0] + m[1] - 2 * m[2]) / np.sqrt(6)]
print("run_mean_variance: V=%r df=%r residuals=%r" % (v, d, helmert))
vm, dm = (PRIOR[1] * PRIOR[0] + d * v) / (PRIOR[1] + d), d + PRIOR[1]
se = np.sqrt(vm * (1 / 3 + 1 / 3))
change = mc - mb
p = 2 * stats.t.sf(abs(change / se), dm)
half = stats.t.ppf(0.995, dm) * se
print(f"moderated: log_change={change!r} se={se!r} df={dm!r} p={p!r} "
      f"ci=[{change - half!r}, {change + half!r}]")

# The same with s0^2 itself estimated from 8 df: Satterthwaite's df of the weighted sum.
w = PRIOR[1] / (PRIOR[1] + d)
a, b = w * PRIOR[0], (1 - w) * v
satt = (a + b) ** 2 / (a * a / 8.0 + b * b / d)
dm2 = min(d + PRIOR[1], satt)
p2 = 2 * stats.t.sf(abs(change / se), dm2)
half2 = stats.t.ppf(0.995, dm2) * se
print(f"moderated, var_df 8: df={dm2!r} p={p2!r} ci=[{change - half2!r}, {change + half2!r}]")
