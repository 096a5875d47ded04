// Rank tests for `compare --pair`, which judges a candidate kernel against a baseline kernel
// measured in the same rounds of one invocation: the per-round log ratios are few (tens) and
// heavy-tailed (a burst of interference can double one kernel's round and not its partner's,
// bench/results/h100-gate-duet.txt), so the tests use ranks, not means:
//  - Wilcoxon's signed-rank test of "the ratios are centred on 1", with the Hodges-Lehmann
//    estimate (median of the Walsh averages) and its distribution-free confidence interval;
//  - Kruskal-Wallis across the processes of the invocation, to tell when rounds are not
//    exchangeable (a process-level effect on the ratio) and the process must be the unit.
// Pure functions, no I/O; p-values match scipy.stats (stated in the tests).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace grp {

struct signed_rank_result {
    std::size_t n = 0;    ///< non-zero differences ranked (zeros are dropped, as Wilcoxon did)
    double w_plus = 0;    ///< sum of the ranks of the positive differences
    bool exact = false;   ///< p and interval from the exact null distribution (n <= 50, no ties)
    double p_value = 1;   ///< two-sided, H0: symmetric about 0
    double estimate = 0;  ///< Hodges-Lehmann: the median of the n(n+1)/2 Walsh averages
    bool bounded = false; ///< false: too few values for an interval at this confidence
    double ci_low = 0, ci_high = 0; ///< Walsh averages k and M+1-k: coverage >= confidence
};

/// The signed-rank test of `d` (e.g. ln(candidate / baseline) per round), like
/// scipy.stats.wilcoxon(d) (zero_method "wilcox", no continuity correction): exact p for
/// n <= 50 without ties, else the normal approximation with the tie correction. The interval
/// comes from the same distribution (exact or normal) over all the values. Throws
/// std::invalid_argument unless every value is finite and 0 < confidence < 1.
signed_rank_result signed_rank_test(const std::vector<double>& d, double confidence);

/// P(W+ <= w) under H0 for n ranks (exact; n <= 1000).
double signed_rank_cdf(std::size_t n, double w);

/// Kruskal-Wallis H across groups (ties averaged and corrected) and its p-value from the
/// chi-square distribution with (groups - 1) df, as scipy.stats.kruskal. Groups that are empty
/// are ignored; with fewer than two non-empty groups, or all values equal, p is 1.
struct kruskal_result {
    double h = 0, df = 0, p_value = 1;
};
kruskal_result kruskal_wallis(const std::vector<std::vector<double>>& groups);

/// Values grouped by a label (a pooled duet's invocation, its file): each group's mean in label
/// order, and Kruskal-Wallis over the groups. Precondition: no group is empty.
struct grouped_means {
    std::vector<double> means;
    kruskal_result kw;
};
grouped_means kruskal_by_group(const std::map<std::string, std::vector<double>>& groups);

/// P(X > x) for chi-square with k > 0 degrees of freedom (the regularized upper gamma).
double chi_square_sf(double x, double k);

} // namespace grp
