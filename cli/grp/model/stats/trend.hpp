// Drift in a series of benchmark results across commits, for the history command: a time
// that creeps up a little with each commit never makes a step, and the step search
// (change_point.hpp) misses it. Mann-Kendall's test asks whether later points tend to be larger
// than earlier ones, by the signs of all pairs, so it needs no model of the noise and one wild
// point moves it by little; Theil-Sen's slope (the median of the pairwise slopes) says how much
// per commit, with Sen's distribution-free interval. Ranks only: the standard errors of the
// points are not used, which is what makes the test robust and also why it is blind to points
// that are far off only because they are noisy. Pure functions, no I/O.
#pragma once

#include <cstddef>
#include <vector>

namespace grp {

struct trend_estimate {
    std::size_t n = 0;
    double s = 0;        ///< Mann-Kendall S
    double variance = 0; ///< Var(S) with the tie correction
    double z = 0;        ///< continuity-corrected z
    double p_value = 1;  ///< two-sided; normal approximation, exact for n < 10 without ties
    double slope = 0;    ///< Theil-Sen: median of (y_j - y_i)/(j - i), i < j, per index step
    /// Sen's confidence interval for the slope at `confidence`.
    double slope_low = 0, slope_high = 0;
};

/// Mann-Kendall trend test and Theil-Sen slope of y against its index 0..n-1 (slope in units of
/// y per index step). The p-value is two-sided: from the exact null distribution of S (inversion
/// counts of permutations, Mahonian numbers) for n < 10 without ties, else from the normal
/// approximation with the tie-corrected variance and a continuity correction. The interval is
/// Sen's, with the order statistics of the pairwise slopes picked as scipy.stats.theilslopes
/// picks them. n < 3: only n is set (p_value 1, slope 0). Throws std::invalid_argument on
/// non-finite values or unless 0 < confidence < 1.
trend_estimate mann_kendall(const std::vector<double>& y, double confidence = 0.95);

} // namespace grp
