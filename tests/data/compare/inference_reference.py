#!/usr/bin/python3
"""Reference values for tests/unit/student_t_test.cpp.

Needs SciPy and numpy (Debian: apt-get install python3-scipy; run with /usr/bin/python3).
Values were taken with SciPy 1.10.1 and numpy 1.24.2. Nothing here shares code with
cli/grp/model/student_t.cpp:
  * t cdf: scipy.stats.t.cdf (cephes stdtr); for df = inf, scipy.stats.norm.cdf and .ppf.
  * t quantile: the root of scipy.stats.t.cdf(x, df) = p (of t.sf(x, df) = 1 - p for p > 1/2)
    by scipy.optimize.brentq to rtol 4*eps. scipy.stats.t.ppf itself (cephes stdtri) is off by
    up to ~2e-9 relative in SciPy 1.10.1 (e.g. df=2, p=0.01: -6.96455671876 against the root
    -6.96455673428), so it is printed beside the root but not used for the quantile tests.

Run: /usr/bin/python3 tests/data/compare/inference_reference.py
"""
import numpy as np
import scipy
from scipy import optimize, stats


def t_quantile(p, df):
    """Root of t.cdf = p by brentq, bracketed around t.ppf (which is within ~1e-8)."""
    guess = stats.t.ppf(p, df)
    width = 1e-6 * abs(guess) + 1e-12
    if p > 0.5:
        f = lambda x: stats.t.sf(x, df) - (1.0 - p)  # noqa: E731
    else:
        f = lambda x: stats.t.cdf(x, df) - p  # noqa: E731
    return optimize.brentq(f, guess - width, guess + width, xtol=1e-300,
                           rtol=4 * np.finfo(float).eps, maxiter=500)


def t_tables():
    dfs = [0.5, 1, 2, 2.5, 4, 9.3, 30, 1000, 1e7]
    for df in dfs:
        for x in [-1000.0, -40.0, -3.0, -0.5, 1.5, 1000.0]:
            print(f"cdf t={x!r} df={df!r}: {stats.t.cdf(x, df)!r}")
    for df in dfs:
        for p in [1e-6, 0.025, 0.3, 0.995]:
            print(f"quantile p={p!r} df={df!r}: root={t_quantile(p, df)!r} "
                  f"(t.ppf {stats.t.ppf(p, df)!r})")
    for x in [-1.96, -8.0, -30.0, 2.5]:
        print(f"norm.cdf({x!r}) = {stats.norm.cdf(x)!r}")
    for p in [1e-6, 0.975]:
        print(f"norm.ppf({p!r}) = {stats.norm.ppf(p)!r}")


def main():
    print(f"SciPy {scipy.__version__}, numpy {np.__version__}")
    t_tables()


if __name__ == "__main__":
    main()
