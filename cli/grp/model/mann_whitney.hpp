// The Mann–Whitney U test (Wilcoxon rank-sum), two-sided, as a free function over raw samples:
// `compare` uses it to tell a real change in kernel time from noise. Timing samples are far
// from normal (long right tails, several modes from clocks and caches), so a rank test on the
// raw samples is used rather than a t-test on means. Small samples without ties use the exact
// distribution of U; otherwise the normal approximation with tie and continuity correction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace grp {

/// Both samples at most this large, and no value shared between or within them: exact p-value.
/// 30 covers `run`'s default sample count; the largest count, C(60,30) ≈ 1.2e17, fits in int64.
inline constexpr std::size_t mann_whitney_exact_max_n = 30;

struct mann_whitney_result {
    double u_x = 0;     ///< U of the first sample: pairs with x > y, plus half the ties
    double u_y = 0;     ///< U of the second sample; u_x + u_y = n_x * n_y
    double p_value = 1; ///< two-sided; 1 when either sample is empty or all values are equal
    double z = 0;       ///< |z| of the normal approximation, continuity-corrected (0 if exact)
    bool exact = false; ///< p from the exact distribution of U rather than the normal one
    std::size_t n_x = 0, n_y = 0;
    /// P(a random x > a random y) + half P(equal) = u_x / (n_x n_y): 0.5 means no shift.
    [[nodiscard]] double prob_x_greater() const;
};

/// Two-sided Mann–Whitney U test of `x` against `y`. Ties get mid-ranks. With no ties and both
/// sizes ≤ mann_whitney_exact_max_n the p-value is exact: 2·min(P(U ≤ u), P(U ≥ u)), capped
/// at 1. Otherwise z = (|U − n_x n_y / 2| − 0.5) / σ with the tie-corrected
/// σ² = n_x n_y / 12 · (N + 1 − Σ(t³ − t) / (N (N − 1))), N = n_x + n_y, and p = erfc(z / √2).
/// An empty sample gives p = 1 (no evidence). Never throws.
mann_whitney_result mann_whitney_u(const std::vector<double>& x, const std::vector<double>& y);

/// Convenience overload for nanosecond samples as stored in profiles.
mann_whitney_result mann_whitney_u(const std::vector<std::uint64_t>& x,
                                   const std::vector<std::uint64_t>& y);

/// Number of ways to get each U = 0 … m·n for samples of sizes m and n without ties (the
/// coefficients of the Gaussian binomial [m+n choose m]_q). Precondition: m, n ≤
/// mann_whitney_exact_max_n. Exposed for tests.
std::vector<std::int64_t> mann_whitney_u_counts(std::size_t m, std::size_t n);

} // namespace grp
