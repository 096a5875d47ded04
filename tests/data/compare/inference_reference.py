#!/usr/bin/python3
"""Reference values for tests/unit/model/stats/student_t_test.cpp and tests/unit/model/stats/inference_test.cpp.

Needs SciPy and numpy (Debian: apt-get install python3-scipy; run with /usr/bin/python3).
Values were taken with SciPy 1.10.1 and numpy 1.24.2. Nothing here shares code with
cli/grp/model/stats/student_t.cpp or inference.cpp:
  * t cdf: scipy.stats.t.cdf (cephes stdtr); for df = inf, scipy.stats.norm.cdf and .ppf.
  * t quantile: the root of scipy.stats.t.cdf(x, df) = p (of t.sf(x, df) = 1 - p for p > 1/2)
    by scipy.optimize.brentq to rtol 4*eps. scipy.stats.t.ppf itself (cephes stdtri) is off by
    up to ~2e-9 relative in SciPy 1.10.1 (e.g. df=2, p=0.01: -6.96455671876 against the root
    -6.96455673428), so it is printed beside the root but not used for the quantile tests.
  * one run per side / several runs on both sides: scipy.stats.ttest_ind(cand, base,
    equal_var=False) on the rounds / on the run means. SciPy 1.10 does not return Welch's df,
    so the script computes it from the textbook formula and checks that 2 * t.sf(|t|, df)
    reproduces ttest_ind's p-value.
  * several runs on a side: the run-means formulas of inference.hpp written out again with
    numpy (np.var(ddof=1), np.mean) in runmeans_case; one run a side with a prior in
    components_case; p from 2 * t.sf(|t|, df), the interval from t.ppf.

Run: /usr/bin/python3 tests/data/compare/inference_reference.py
"""
import numpy as np
import scipy
from scipy import optimize, stats

CONF = 0.95
PRIOR = (3.0e-4, 12.0)  # (s0^2, d0)

# Per-round ln(median time in ns), one list per run. The C++ tests hold the same literals.
ONE_BASE = [11.5012, 11.4987, 11.5031, 11.4979, 11.5008, 11.4996, 11.5023, 11.4990]
ONE_CAND = [11.5105, 11.5062, 11.5141, 11.5088, 11.5019, 11.5127]
MULTI_BASE = [[11.5012, 11.4987, 11.5031, 11.4979, 11.5008],
              [11.5304, 11.5281, 11.5322, 11.5297],
              [11.4815, 11.4790, 11.4833, 11.4802, 11.4821, 11.4811]]
MULTI_CAND = [[11.5205, 11.5231, 11.5190],
              [11.5402, 11.5371, 11.5436, 11.5389, 11.5418],
              [11.5088],
              [11.5296, 11.5270, 11.5311, 11.5284]]
SHIFTED_BASE = [[11.5012, 11.4987, 11.5031, 11.4979, 11.5008, 11.4996],
                [11.5304, 11.5281, 11.5322, 11.5297],
                [11.4815, 11.4790, 11.4833, 11.4802, 11.4821],
                [11.5148, 11.5169, 11.5137]]
SINGLE_CAND = [11.5402, 11.5371, 11.5436, 11.5389, 11.5418, 11.5395, 11.5427]
STEADY_BASE = [[11.5012, 11.4987, 11.5031, 11.4979, 11.5008],
               [11.4998, 11.5021, 11.4985, 11.5016],
               [11.5003, 11.4992, 11.5019, 11.4981, 11.5010, 11.4997]]
ONE_ROUND_RUN_BASE = [[11.5012, 11.4987, 11.5031, 11.4979],
                      [11.5304],
                      [11.4815, 11.4790, 11.4833]]


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


def welch_df(v1, n1, v2, n2):
    a, b = v1 / n1, v2 / n2
    return (a + b) ** 2 / (a * a / (n1 - 1) + b * b / (n2 - 1))


def report(name, change, se2, df):
    se = np.sqrt(se2)
    p = 2 * stats.t.sf(abs(change / se), df)
    half = stats.t.ppf((1 + CONF) / 2, df) * se
    print(f"{name}: log_change={change!r} se={se!r} df={df!r} p={p!r} "
          f"ci=[{change - half!r}, {change + half!r}]")


def welch_case(name, cand, base):
    res = stats.ttest_ind(cand, base, equal_var=False)
    change = np.mean(cand) - np.mean(base)
    df = welch_df(np.var(cand, ddof=1), len(cand), np.var(base, ddof=1), len(base))
    print(f"{name} ttest_ind: statistic={res.statistic!r} pvalue={res.pvalue!r} "
          f"(2 t.sf(|t|, df)={2 * stats.t.sf(abs(res.statistic), df)!r})")
    report(name, change, (change / res.statistic) ** 2, df)


def own_between(runs):
    """(max(0, S_m^2 - mean_j s_j^2 / r_j), J - 1); a one-round run uses the pooled s_w^2."""
    means = np.array([np.mean(r) for r in runs])
    multi = [r for r in runs if len(r) > 1]
    pooled = sum((len(r) - 1) * np.var(r, ddof=1) for r in multi) / sum(len(r) - 1 for r in multi)
    per_run = [(np.var(r, ddof=1) if len(r) > 1 else pooled) / len(r) for r in runs]
    return max(0.0, np.var(means, ddof=1) - np.mean(per_run)), len(runs) - 1


def mixed_case(name, multi, single, multi_is_cand, prior=None):
    means = np.array([np.mean(r) for r in multi])
    j = len(means)
    sm2 = np.var(means, ddof=1)
    sb2, d = own_between(multi)
    s0, d0 = prior if prior else (0.0, 0.0)
    w = d0 / (d0 + d) if d0 > 0 else 0.0
    sigma_b2 = w * s0 + (1 - w) * sb2
    r = len(single)
    vs = np.var(single, ddof=1) / r
    se2 = sm2 / j + sigma_b2 + vs
    terms = [(sm2 / j + (1 - w) * sb2, j - 1), (vs, r - 1)] + ([(w * s0, d0)] if d0 > 0 else [])
    df = se2 ** 2 / sum(v * v / k for v, k in terms)
    change = np.mean(single) - np.mean(means)
    change = -change if multi_is_cand else change
    print(f"{name}: own s_b^2={sb2!r} (df {d}) sigma_b^2={sigma_b2!r}")
    report(name, change, se2, df)


def prior_one_run_case(name, cand, base, prior):
    s0, d0 = prior
    vb, vc = np.var(base, ddof=1) / len(base), np.var(cand, ddof=1) / len(cand)
    se2 = 2 * s0 + vb + vc
    df = se2 ** 2 / ((2 * s0) ** 2 / d0 + vb * vb / (len(base) - 1) + vc * vc / (len(cand) - 1))
    report(name, np.mean(cand) - np.mean(base), se2, df)


def components_case(name, base_runs, cand_runs, prior=None):
    """Var(m_side) = sigma_b^2 / J + mean_j(s_j^2 / r_j) / J; Welch-Satterthwaite over each side's
    within term (df its within df) and sigma_b^2 (1/J_b + 1/J_c) (df of sigma_b^2)."""
    sides = [[r for r in base_runs if r], [r for r in cand_runs if r]]
    terms, own = [], []
    for runs in sides:
        multi = [r for r in runs if len(r) > 1]
        wdf = sum(len(r) - 1 for r in multi)
        if wdf > 0:
            sw2 = sum((len(r) - 1) * np.var(r, ddof=1) for r in multi) / wdf
            per_run = [(np.var(r, ddof=1) if len(r) > 1 else sw2) / len(r) for r in runs]
            terms.append((np.mean(per_run) / len(runs), wdf))
        if len(runs) >= 2:
            own.append(own_between(runs))
    d = sum(k for _, k in own)
    sb2 = sum(v * k for v, k in own) / d if d > 0 else 0.0
    if prior:
        s0, d0 = prior
        sigma_b2, dfb = (d0 * s0 + d * sb2) / (d0 + d), d0 + d
    else:
        sigma_b2, dfb = sb2, d
    if dfb > 0:
        terms.append((sigma_b2 * (1 / len(sides[0]) + 1 / len(sides[1])), dfb))
    se2 = sum(v for v, _ in terms)
    df = min(sum(k for _, k in terms), se2 ** 2 / sum(v * v / k for v, k in terms))
    change = np.mean([np.mean(r) for r in sides[1]]) - np.mean([np.mean(r) for r in sides[0]])
    print(f"{name}: sigma_b^2={sigma_b2!r} (df {dfb})")
    report(name, change, se2, df)


def runmeans_case(name, base_runs, cand_runs):
    """Runs on a side: the run means are the unit. V = max(S_m^2, mean_j s_j^2 / r_j) of each
    multi-run side pooled by J - 1; se^2 = V (1/J_b + 1/J_c), a single-run side counting 1
    unless its own s_w^2 / r exceeds V (then that term with its within df, Welch-Satterthwaite)."""
    sides = [[r for r in base_runs if r], [r for r in cand_runs if r]]
    ss, d = 0.0, 0
    for runs in sides:
        if len(runs) >= 2:
            multi = [r for r in runs if len(r) > 1]
            sw2 = sum((len(r) - 1) * np.var(r, ddof=1) for r in multi) / sum(len(r) - 1 for r in multi)
            floor = np.mean([(np.var(r, ddof=1) if len(r) > 1 else sw2) / len(r) for r in runs])
            ss += max(np.var([np.mean(r) for r in runs], ddof=1), floor) * (len(runs) - 1)
            d += len(runs) - 1
    v, coefficient, terms = ss / d, 0.0, []
    for runs in sides:
        if len(runs) >= 2:
            coefficient += 1 / len(runs)
        elif np.var(runs[0], ddof=1) / len(runs[0]) > v:
            terms.append((np.var(runs[0], ddof=1) / len(runs[0]), len(runs[0]) - 1))
        else:
            coefficient += 1
    terms.append((v * coefficient, d))
    se2 = sum(t for t, _ in terms)
    df = min(sum(k for _, k in terms), se2 ** 2 / sum(t * t / k for t, k in terms))
    change = np.mean([np.mean(r) for r in sides[1]]) - np.mean([np.mean(r) for r in sides[0]])
    print(f"{name}: V={v!r} (df {d}), terms {terms!r}")
    report(name, change, se2, df)


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
    welch_case("one_run_each", ONE_CAND, ONE_BASE)
    # With runs on a side a prior changes only the reported sigma_b^2, not the interval.
    runmeans_case("multi_run_both", MULTI_BASE, MULTI_CAND)
    runmeans_case("multi_base_single_cand", SHIFTED_BASE, [SINGLE_CAND])
    runmeans_case("floored", STEADY_BASE, [SINGLE_CAND])
    runmeans_case("one_round_run", ONE_ROUND_RUN_BASE, [SINGLE_CAND])
    components_case("prior_one_run_each", [ONE_BASE], [ONE_CAND], PRIOR)
    # Both sides multi-run: the prior only moderates the reported sigma_b^2.
    own = [own_between(MULTI_BASE), own_between(MULTI_CAND)]
    d = sum(k for _, k in own)
    pooled = sum(v * k for v, k in own) / d
    print(f"multi_run_both own: {own!r} pooled={pooled!r} (df {d}) with prior="
          f"{(PRIOR[1] * PRIOR[0] + d * pooled) / (PRIOR[1] + d)!r}")
    for name, runs in [("shifted", SHIFTED_BASE), ("steady", STEADY_BASE)]:
        print(f"between_run_variance {name}: {own_between(runs)!r}")
    cases = [(2.5e-4, 3.0), (0.0, 2.0), (1.0e-3, 1.0), (7.0e-4, 0.0)]
    print(f"pool {cases!r}: {sum(v * k for v, k in cases) / sum(k for _, k in cases)!r} "
          f"df {sum(k for _, k in cases)!r}")


if __name__ == "__main__":
    main()
