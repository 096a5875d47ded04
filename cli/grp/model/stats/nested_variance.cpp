#include "grp/model/stats/nested_variance.hpp"

#include "grp/model/stats/rank_tests.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/model/stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace grp {

namespace {

constexpr double z_power_90 = 1.2815515655446004; ///< the normal quantile of 0.90

/// Sum of squares of `v` around its mean.
double sum_squares(const std::vector<double>& v) {
    const double m = mean_of(v);
    double ss = 0;
    for (double x : v) {
        ss += (x - m) * (x - m);
    }
    return ss;
}

double harmonic_mean(const std::vector<double>& v) {
    double inv = 0;
    for (double x : v) {
        inv += 1 / x;
    }
    return v.empty() ? 0 : static_cast<double>(v.size()) / inv;
}

/// The df of the unit the plan assumes for `inv` x `proc`: the invocations when they vary,
/// else the processes.
double unit_df(const variance_components& u, double inv, double proc) {
    return u.invocation > 0 && inv >= 2 ? inv - 1 : inv * proc - 1;
}

/// The largest standard error of the mean that still decides `margin` at `alpha` with df.
double se_needed(double margin, double alpha, double df) {
    const double crit =
        df >= 1 ? -student_t_quantile(alpha / 2, df) : std::numeric_limits<double>::infinity();
    return margin / (crit + z_power_90);
}

/// How many units of one level (the others held) decide, at most `cap`: the critical value
/// depends on the df the answer brings, so the count is searched, doubling and then halving
/// the step. `var_of(n)` is the mean's variance with n units of the level and `df_of(n)` the
/// judge's df then. Empty when no count up to `cap` can (a run that large is no plan).
template <typename Var, typename Df>
std::optional<double> units_needed(double margin, double alpha, double now, double cap, Var var_of,
                                   Df df_of) {
    const auto decides = [&](double n) {
        const double target = se_needed(margin, alpha, df_of(n));
        return var_of(n) <= target * target;
    };
    // Whole units: `now` may be a mean (4.4 rounds per process), and a bisection between
    // fractional bounds can pick a floor below `lo` and never end.
    double lo = std::max(std::ceil(now), 2.0), hi = lo;
    while (!decides(hi)) {
        if (hi >= cap) {
            return std::nullopt;
        }
        lo = hi;
        hi = std::min(cap, hi * 2);
    }
    while (hi - lo > 1) { // decides(hi), and lo is where it did not or the start
        const double mid = std::floor((lo + hi) / 2);
        if (!(mid > lo && mid < hi)) {
            break; // no whole count left between them
        }
        (decides(mid) ? hi : lo) = mid;
    }
    return decides(lo) ? lo : hi;
}

/// Every component at the upper 90 % bound of the mean square it comes from.
variance_components upper_bounds(const variance_components& v) {
    auto u = v;
    u.round = variance_upper_bound(v.round, v.round_df);
    const double rounds = std::max(v.rounds, 1.0), procs = std::max(v.processes, 1.0);
    u.process =
        v.process_df >= 1
            ? std::max(0.0, variance_upper_bound(v.process_means, v.process_df) - v.round / rounds)
            : 0;
    u.invocation = v.invocation_df >= 1
                       ? std::max(0.0, variance_upper_bound(v.invocation_means, v.invocation_df) -
                                           v.process_means / procs)
                       : 0;
    return u;
}

} // namespace

variance_components estimate_components(const nested_samples& x) {
    variance_components v;
    std::vector<double> invocation_means, rounds_per_process, processes_per_invocation;
    double ss_round = 0, ss_process = 0;
    for (const auto& invocation : x) {
        std::vector<double> process_means;
        for (const auto& process : invocation) {
            if (process.empty()) {
                continue;
            }
            process_means.push_back(mean_of(process));
            ss_round += sum_squares(process);
            v.round_df += static_cast<double>(process.size()) - 1;
            rounds_per_process.push_back(static_cast<double>(process.size()));
        }
        if (process_means.empty()) {
            continue;
        }
        ss_process += sum_squares(process_means);
        v.process_df += static_cast<double>(process_means.size()) - 1;
        processes_per_invocation.push_back(static_cast<double>(process_means.size()));
        invocation_means.push_back(mean_of(process_means));
    }
    v.invocations = invocation_means.size();
    v.rounds = harmonic_mean(rounds_per_process);
    v.processes = harmonic_mean(processes_per_invocation);
    v.mean = mean_of(invocation_means);
    v.round = v.round_df > 0 ? ss_round / v.round_df : 0;
    v.process_means = v.process_df > 0 ? ss_process / v.process_df : 0;
    v.process = std::max(0.0, v.process_means - v.round / std::max(v.rounds, 1.0));
    v.invocation_df = v.invocations > 1 ? static_cast<double>(v.invocations) - 1 : 0;
    if (v.invocation_df > 0) {
        v.invocation_means = sum_squares(invocation_means) / v.invocation_df;
        v.invocation = std::max(0.0, v.invocation_means - v.process_means / v.processes);
    }
    return v;
}

double mean_variance(const variance_components& v, double inv, double proc, double rounds) {
    return v.invocation / inv + v.process / (inv * proc) + v.round / (inv * proc * rounds);
}

double variance_upper_bound(double var, double df, double alpha) {
    if (df < 1) {
        return std::numeric_limits<double>::infinity();
    }
    // The chi-square quantile: the x with P(chi2(df) <= x) = alpha, by bisection on the survival
    // function.
    double lo = 0, hi = df + 20 * std::sqrt(2 * df) + 20;
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        (1 - chi_square_sf(mid, df) < alpha ? lo : hi) = mid;
    }
    return df * var / ((lo + hi) / 2);
}

decision_plan plan_decision(const variance_components& v, double threshold, double alpha) {
    decision_plan plan;
    const double d = std::fabs(v.mean);
    plan.margin = d < threshold ? threshold - d : d;
    const double inv = std::max<double>(1, static_cast<double>(v.invocations));
    const double proc = std::max(1.0, v.processes), rounds = std::max(1.0, v.rounds);
    const auto u = upper_bounds(v);
    const double df_now = unit_df(u, inv, proc);
    const double crit = df_now >= 1 ? -student_t_quantile(alpha / 2, df_now)
                                    : std::numeric_limits<double>::infinity();
    plan.resolution = crit * std::sqrt(mean_variance(v, inv, proc, rounds));
    plan.needed = std::isinf(crit) ? 0 : plan.margin * crit / (crit + z_power_90);
    const double total = mean_variance(v, inv, proc, rounds);
    const double shares[] = {v.round / (inv * proc * rounds), v.process / (inv * proc),
                             v.invocation / inv};
    const char* names[] = {"rounds", "processes", "invocations"};
    plan.options = {{names[0],
                     units_needed(
                         plan.margin, alpha, rounds, plan_max_rounds,
                         [&](double n) { return mean_variance(u, inv, proc, n); },
                         [&](double) { return unit_df(u, inv, proc); }),
                     0},
                    {names[1],
                     units_needed(
                         plan.margin, alpha, proc, plan_max_processes,
                         [&](double n) { return mean_variance(u, inv, n, rounds); },
                         [&](double n) { return unit_df(u, inv, n); }),
                     0},
                    {names[2],
                     units_needed(
                         plan.margin, alpha, inv, plan_max_invocations,
                         [&](double n) { return mean_variance(u, n, proc, rounds); },
                         [&](double n) { return unit_df(u, n, proc); }),
                     0}};
    std::size_t top = 0;
    for (std::size_t i = 0; i < 3; ++i) {
        plan.options[i].share = total > 0 ? shares[i] / total : 0;
        top = plan.options[i].share > plan.options[top].share ? i : top;
    }
    plan.dominant = names[top];
    // Any level that varies between units rests on their count: 3 processes give 2 df, and
    // the upper bound of 2 df misses the truth 1 time in 10 however it is computed.
    plan.rough = v.process_df < 3 || (v.invocations >= 2 && v.invocation_df < 3);
    return plan;
}

} // namespace grp
