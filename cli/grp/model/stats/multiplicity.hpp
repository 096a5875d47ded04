// A gate judges every case of a sweep at once. With m cases each tested at level alpha, the
// chance that an unchanged build fails somewhere grows towards m x alpha: on the H100, 16 cases
// at 99 % failed 3.3 % of identical pairs (bench/results/h100-gate-power-runs.txt). Holm's
// step-down keeps the chance of any false slower/faster in one comparison at alpha, whatever
// the dependence between cases (they share their runs' effects), and is uniformly more
// powerful than Bonferroni: sort the m p-values, reject the k-th smallest while
// p_(k) <= alpha / (m - k + 1), stop at the first that is not. The history command asks a
// different question of many series (one per case): among the changes it reports, how many are
// false? Benjamini-Hochberg's adjusted p-values (q-values) control that false discovery rate,
// and a reader can pick any level without rerunning.
#pragma once

#include <cstddef>
#include <vector>

namespace grp {

/// Which of `p_values` Holm's procedure rejects at family-wise level `alpha`, in input order.
/// NaN p-values are never rejected (and count in m).
std::vector<bool> holm_rejections(const std::vector<double>& p_values, double alpha);

/// The p-value a case needed to be rejected: alpha / (m - k + 1) at its rank k (1-based),
/// i.e. the bar it was held to; for the rank where the procedure stopped and after it, the bar
/// of the stopping rank.
std::vector<double> holm_bars(const std::vector<double>& p_values, double alpha);

/// Benjamini-Hochberg adjusted p-values (q-values), in input order: q_(k) = min over j >= k of
/// m p_(j) / j, capped at 1, as R's p.adjust(p, "BH"). Rejecting every q <= level keeps the
/// expected share of false rejections at most the level (independent or positively dependent
/// tests). NaN p-values stay NaN and count in m.
std::vector<double> benjamini_hochberg(const std::vector<double>& p_values);

} // namespace grp
