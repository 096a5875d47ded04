#!/usr/bin/env python3
"""Independent reference values for tests/unit/mann_whitney_test.cpp.

Pure Python, written separately from cli/grp/model/mann_whitney.cpp and by other algorithms:
  * exact p-values count every arrangement with the textbook recursion
    f(m, n, u) = f(m-1, n, u-n) + f(m, n-1, u)  (memoised), not the Gaussian-binomial product
    the C++ code uses; for tiny samples also by brute force over all itertools.combinations;
  * U comes from counting pairs (x > y counts 1, x == y counts 1/2), not from rank sums;
  * the normal approximation takes the tie term from collections.Counter and the normal tail
    from statistics.NormalDist.
When SciPy is installed the script also prints scipy.stats.mannwhitneyu for the same data as a
third opinion (SciPy 1.10.1 agreed to every printed digit when the test values were taken).

Run: python3 tests/data/compare/mann_whitney_reference.py
"""
import itertools
import math
from collections import Counter
from functools import lru_cache
from statistics import NormalDist


@lru_cache(maxsize=None)
def count(m, n, u):
    """Arrangements of m x's and n y's (no ties) whose U_x equals u."""
    if u < 0 or u > m * n:
        return 0
    if m == 0 or n == 0:
        return 1 if u == 0 else 0
    # The largest of all values is either an x (beats all n y's) or a y (beats nothing).
    return count(m - 1, n, u - n) + count(m, n - 1, u)


def u_stat(x, y):
    return sum(1.0 if a > b else 0.5 if a == b else 0.0 for a in x for b in y)


def exact_p(x, y):
    m, n, u = len(x), len(y), round(u_stat(x, y))
    total = math.comb(m + n, m)
    lo = sum(count(m, n, k) for k in range(0, u + 1))
    hi = sum(count(m, n, k) for k in range(u, m * n + 1))
    return min(1.0, 2.0 * min(lo, hi) / total)


def brute_exact_p(x, y):
    """Every split of the pooled values into groups of len(x) and len(y)."""
    pooled = list(x) + list(y)
    m = len(x)
    u_obs = u_stat(x, y)
    us = []
    for idx in itertools.combinations(range(len(pooled)), m):
        xs = [pooled[i] for i in idx]
        ys = [pooled[i] for i in range(len(pooled)) if i not in idx]
        us.append(u_stat(xs, ys))
    lo = sum(1 for u in us if u <= u_obs) / len(us)
    hi = sum(1 for u in us if u >= u_obs) / len(us)
    return min(1.0, 2.0 * min(lo, hi))


def normal_p(x, y):
    m, n = len(x), len(y)
    big_n = m + n
    ties = sum(t ** 3 - t for t in Counter(list(x) + list(y)).values())
    var = m * n / 12.0 * ((big_n + 1) - ties / (big_n * (big_n - 1)))
    if var <= 0:
        return 1.0, 0.0
    z = max(0.0, abs(u_stat(x, y) - m * n / 2.0) - 0.5) / math.sqrt(var)
    return min(1.0, 2.0 * (1.0 - NormalDist().cdf(z))), z


def formula(count_, a, b, c, base):
    """The deterministic samples the C++ test builds the same way: base + (i*a % b) * c."""
    return [base + (i * a % b) * c for i in range(count_)]


CASES = {
    "separated_5_5": ([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]),
    "interleaved_4_3": ([1.5, 3.5, 6.5, 8.5], [2.5, 4.5, 5.5]),
    "ties_6_7": ([1, 2, 2, 3, 3, 3], [2, 3, 3, 4, 4, 5, 5]),
    "exact_30_30": (formula(30, 37, 61, 1.0, 1000.0), formula(30, 53, 67, 1.0, 1010.5)),
    "normal_40_35": (formula(40, 37, 61, 1.0, 1000.0), formula(35, 53, 67, 1.0, 1010.5)),
    "ns_ties_31_31": (formula(31, 7, 11, 100.0, 10000.0), formula(31, 5, 13, 100.0, 10300.0)),
}


def main():
    try:
        from scipy.stats import mannwhitneyu
    except ImportError:
        mannwhitneyu = None
    print("counts(3,2) =", [count(3, 2, u) for u in range(7)])
    print("sum counts(30,30) =", sum(count(30, 30, u) for u in range(901)),
          "= C(60,30) =", math.comb(60, 30))
    for name, (x, y) in CASES.items():
        has_ties = len(set(x) | set(y)) < len(x) + len(y)
        exact = not has_ties and len(x) <= 30 and len(y) <= 30
        u = u_stat(x, y)
        line = f"{name}: u_x={u!r} "
        if exact:
            line += f"exact p={exact_p(x, y)!r}"
            if len(x) + len(y) <= 12:
                line += f" brute p={brute_exact_p(x, y)!r}"
        else:
            p, z = normal_p(x, y)
            line += f"normal p={p!r} z={z!r}"
        if mannwhitneyu is not None:
            method = "exact" if exact else "asymptotic"
            sp = mannwhitneyu(x, y, alternative="two-sided", method=method, use_continuity=True)
            line += f" | scipy U={sp.statistic!r} p={sp.pvalue!r}"
        print(line)


if __name__ == "__main__":
    main()
