// Group-sequential boundaries: a gate that looks at its data several times (after 3 processes,
// after 4, ...) and stops as soon as it can decide must not fail an identical pair more often
// than a gate that looks once. Looking K times at a fixed level alpha would: each look is a new
// chance of a false alarm. Lan and DeMets' alpha spending fixes it without fixing the looks in
// advance: a spending function alpha(t) says how much of the false-alarm budget may be used up
// by information fraction t (here: processes so far / the budget's most processes), and each
// look's two-sided critical value c_k is the one whose crossing probability, given no earlier
// crossing, spends exactly alpha(t_k) - alpha(t_{k-1}) under the null. O'Brien-Fleming-type
// spending (the default) keeps the early looks strict, so the last look's value is close to the
// fixed design's; Pocock-type spends evenly and stops earlier on large changes.
// The crossing probabilities come from the joint normal law of the looks' statistics
// (corr(Z_j, Z_k) = sqrt(t_j / t_k)), by the recursive numerical integration of Armitage,
// McPherson and Rowe (Jennison & Turnbull, "Group Sequential Methods", ch. 19). An interval
// built at each look with its c_k is a repeated confidence interval: all of them together
// cover the true change with probability 1 - alpha, so a verdict read from any look (slower,
// faster, same) is as safe as one fixed-design interval. With an estimated variance the z
// values become Student t values of the same tail at the look's degrees of freedom (the usual
// approximation; tests/unit/model/stats/sequential_test.cpp measures its error rate by
// simulation). Pure functions, no I/O.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace grp {

/// How the false-alarm budget is spent over the looks.
enum class alpha_spending {
    obrien_fleming, ///< per side 2 - 2 Phi(z_{1-alpha/4} / sqrt(t)): strict early, near fixed late
    pocock,         ///< alpha(t) = alpha ln(1 + (e - 1) t): even, early stops on large changes
};

std::string to_string(alpha_spending s);
/// "obrien-fleming" or "pocock". Throws std::invalid_argument naming the choices.
alpha_spending parse_alpha_spending(const std::string& text);

/// The budget alpha(t) spent by information fraction `t` (clamped to [0, 1]); alpha(1) = alpha.
double spent_alpha(double t, double alpha, alpha_spending s);

/// One look of a boundary: where it is and what it may spend.
struct sequential_look {
    double fraction = 0;   ///< information so far / the most the budget allows, in (0, 1]
    double spent = 0;      ///< alpha(fraction): the budget used up to and including this look
    double critical_z = 0; ///< two-sided: |Z| >= critical_z at this look decides
};

/// The two-sided boundary of looks at information `fractions` (strictly increasing, each in
/// (0, 1]) for family-wise level `alpha` in (0, 1). A look whose increment of budget is too
/// small to be represented gets an infinite critical value (it cannot decide). Throws
/// std::invalid_argument for fractions out of order or out of range, or alpha out of (0, 1).
std::vector<sequential_look> sequential_boundary(const std::vector<double>& fractions, double alpha,
                                                 alpha_spending s);

/// The probability, under the null, that any of the looks crosses its critical value: the
/// boundary's own total error, by the same integration (for tests and for the profile).
double boundary_crossing_probability(const std::vector<sequential_look>& looks);

/// A look's critical z as a Student t critical value of the same two-sided tail at `df`
/// degrees of freedom (df > 0; +infinity for z itself). Infinity stays infinity.
double sequential_t_critical(double critical_z, double df);

/// Below this many degrees of freedom a look is tested at its own budget increment.
inline constexpr double sequential_small_df = 30;

/// The critical t of look `k` (0-based) of `looks` for a statistic with `df` degrees of freedom.
/// With df >= sequential_small_df: the boundary's z as a t of the same tail (simulated error
/// 0.0099-0.0106 for alpha 0.01). Below, where that approximation lets identical pairs cross
/// 15-20 % more often than alpha (0.0114-0.0121 for 3 to 10 processes, 200000 simulated
/// sequences), the look is tested at its increment of budget alone, alpha(t_k) - alpha(t_k-1):
/// by the union bound the looks then cross at most alpha together, whatever their dependence
/// (0.0065 simulated); the price is a larger value (3.86 against 3.40 at the 10th process).
double look_t_critical(const std::vector<sequential_look>& looks, std::size_t k, double df);

/// The two-sided level a look's critical z stands for: 2 (1 - Phi(z)). What an interval built
/// with this look's critical value is "at" (0.01 for a fixed 99 % interval).
double look_level(double critical_z);

} // namespace grp
