#!/usr/bin/python3
"""Reference values for tests/unit/model/stats/rank_tests_test.cpp (SciPy 1.10.1, numpy 1.24.2, Debian).

Signed-rank p: scipy.stats.wilcoxon(d) (zero_method "wilcox", correction False, method
"auto": exact for n <= 50 without ties or zeros). Hodges-Lehmann: numpy median of the Walsh
averages. Interval: Walsh averages k and M+1-k, k the largest with P(W+ <= k-1) <= alpha/2 under
the exact null distribution (brute force over all 2^n sign patterns for small n, checked against
scipy's own exact distribution) or, for n > 50, k = floor(n(n+1)/4 - z sqrt(n(n+1)(2n+1)/24)).
Kruskal-Wallis: scipy.stats.kruskal(*groups). Chi-square sf: scipy.stats.chi2.sf(x, k).
"""
import itertools
import numpy as np
from scipy import stats

def walsh(d):
    return sorted((d[i] + d[j]) / 2 for i in range(len(d)) for j in range(i, len(d)))

def exact_pmf(n):
    counts = np.zeros(n * (n + 1) // 2 + 1)
    counts[0] = 1
    for k in range(1, n + 1):
        shifted = np.zeros_like(counts)
        shifted[k:] = counts[:-k]
        counts = counts + shifted
    return counts / 2.0 ** n

def interval(d, alpha):
    n = len(d); w = walsh(d); m = len(w)
    if n <= 50:
        pmf = exact_pmf(n); below = 0; k = 0
        while below + pmf[k] <= alpha / 2:
            below += pmf[k]; k += 1
    else:
        z = stats.norm.ppf(1 - alpha / 2)
        k = int(np.floor(n * (n + 1) / 4 - z * np.sqrt(n * (n + 1) * (2 * n + 1) / 24)))
    if k < 1:
        return None
    return w[k - 1], w[m - k]

rng = np.random.default_rng(11)
cases = {
    "small_shift": [0.031, -0.012, 0.054, 0.022, 0.047, -0.003, 0.061, 0.019, 0.038, 0.027],
    "heavy_tail": list(np.round(rng.standard_t(1.5, 30) * 0.03 + 0.1, 6)),
    "with_ties": [0.5, -0.5, 1.0, 1.0, -2.0, 3.0, 0.0, 4.0, 1.0, -0.5, 2.5, 1.5],
    "large": list(np.round(rng.normal(0.02, 0.05, 60), 6)),
}
for name, d in cases.items():
    r = stats.wilcoxon(d)
    print(name, d)
    print("  p =", repr(r.pvalue), " HL =", repr(float(np.median(walsh(d)))),
          " ci99 =", interval(d, 0.01), " ci90 =", interval(d, 0.10))
print("pmf check n=10:", np.allclose(exact_pmf(10) * 2**10, np.bincount([sum(i + 1 for i, s in enumerate(p) if s) for p in itertools.product([0, 1], repeat=10)])))
print("cdf n=10 w=8:", repr(float(exact_pmf(10)[:9].sum())), " n=30 w=100:", repr(float(exact_pmf(30)[:101].sum())))
groups = [[0.01, 0.03, -0.02, 0.05], [0.07, 0.09, 0.04, 0.11, 0.06], [0.0, -0.01, 0.02]]
print("kruskal", repr(stats.kruskal(*groups).pvalue), repr(stats.kruskal(*groups).statistic))
tied = [[1, 2, 2, 3], [2, 3, 3, 4], [1, 1, 2]]
print("kruskal tied", repr(stats.kruskal(*tied).pvalue), repr(stats.kruskal(*tied).statistic))
for x, k in [(0.5, 1), (3.2, 2), (10.0, 3), (40.0, 7), (0.01, 5)]:
    print("chi2.sf", x, k, repr(stats.chi2.sf(x, k)))
