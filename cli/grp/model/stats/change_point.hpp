// Steps in a series of benchmark results across commits, for the history command. Each point
// is one commit's estimate (ln of a time) with its own standard error, and the series is short
// (tens to hundreds of commits) and noisier than its standard errors say: machines drift,
// drivers change. So the points are weighted by 1 / (se^2 + tau^2), with tau^2 the excess
// variance estimated from successive differences (a step moves one difference, not the median
// of them); a split's statistic is the weighted change over its standard error, and its p-value
// comes from permuting the points within the segment, so it holds at any length without an
// asymptotic bound for the maximum over splits. Binary segmentation finds several steps; a
// step-versus-line fit says whether a change looks like a step or a drift. Pure functions, no
// I/O; the permutations come from a fixed-seed generator, so the same input gives the same
// answer on every platform.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace grp {

struct weighted_point {
    double value = 0; ///< the point's estimate (we pass ln of a time)
    double se = 0;    ///< its standard error (>= 0; 0 allowed)
};

struct step_options {
    std::size_t min_segment = 3;     ///< fewest points on each side of a step
    std::size_t permutations = 4999; ///< permutation test size for the max statistic
    /// Binary segmentation continues into a segment only when its step's p <= alpha.
    double alpha = 0.05;
    std::uint64_t seed = 1; ///< fixed: same input, same answer
};

struct step_estimate {
    /// Index of the first point of the new level (global index into the input).
    std::size_t at = 0;
    /// Weighted means of the segment's two sides (weights 1/(se^2+tau2)), in units of value.
    double before = 0, after = 0;
    double change = 0;    ///< after - before
    double change_se = 0; ///< sqrt(1/W_before + 1/W_after), W = sum of weights
    double statistic = 0; ///< |change| / change_se at the best split
    /// Permutation p of the max statistic over splits: (1 + #perm >= observed)/(1 + permutations).
    double p_value = 1;
    /// Degrees of freedom for a t interval of `change` (n_segment - 2, at least 1).
    double df = 0;
    std::size_t lo = 0, hi = 0; ///< the segment [lo, hi) it was found in
};

/// tau^2, the variance between points that their own se does not explain, by moments on
/// successive differences, robust to a step: E[(x_{i+1}-x_i)^2] = se_i^2 + se_{i+1}^2 + 2 tau^2;
/// the median of d_i^2 / 0.4549364 (the median of chi-square 1) minus the median of
/// (se_i^2 + se_{i+1}^2), halved, floored at 0. 0 for fewer than 3 points. In squared units of
/// `value`. Throws std::invalid_argument on a non-finite value or a negative/non-finite se.
double excess_variance(const std::vector<weighted_point>& points);

/// The best single split of points[lo, hi) (each side >= min_segment) and its permutation
/// p-value: (value, se) pairs are permuted together within the segment, each keeping its weight
/// 1 / (se^2 + tau2), and the maximum statistic over splits is recomputed. nullopt when the
/// segment is shorter than 2 min_segment. A variance se^2 + tau2 below 1e-18 is raised to it, so
/// that weights stay finite. Throws std::invalid_argument on invalid points, on lo > hi or
/// hi > points.size(), on a negative or non-finite tau2, or on min_segment 0.
std::optional<step_estimate> best_step(const std::vector<weighted_point>& points, std::size_t lo,
                                       std::size_t hi, double tau2, const step_options& opt);

/// Binary segmentation: best_step over the whole series; when its p <= alpha, recurse into both
/// sides (tau2 estimated once on the whole series by excess_variance). Returns every step found
/// with p <= alpha, ordered by `at`. Throws std::invalid_argument on a non-finite value or a
/// negative/non-finite se (and as best_step does).
std::vector<step_estimate> find_steps(const std::vector<weighted_point>& points,
                                      const step_options& opt);

/// Weighted residual sums of squares of two shapes of change (dimensionless: residuals over
/// their standard deviation, squared).
struct shape_fit {
    double step_rss = 0, line_rss = 0;
};

/// Weighted residual sum of squares of (a) the single best step model (two means, split
/// anywhere with at least one point on each side) and (b) a straight line in the index, both
/// fitted by weighted least squares with weights 1/(se^2+tau2): lets the caller say whether a
/// change looks like a step or a drift. Both are 0 for fewer than 2 points (the line also for
/// 2). Throws std::invalid_argument on invalid points or a negative/non-finite tau2.
shape_fit fit_shapes(const std::vector<weighted_point>& points, double tau2);

} // namespace grp
