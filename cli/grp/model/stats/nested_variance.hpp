// What would decide an undecided comparison. A duet's log ratios are nested: rounds inside
// processes inside invocations, and each level adds its own noise (a round's burst, a process's
// placement and clocks, an invocation's build and start). The variance of the mean change over
// I invocations of P processes of R rounds is
//     var = s_inv^2 / I + s_proc^2 / (I P) + s_round^2 / (I P R),
// so more rounds help only while the round term dominates, and more processes only while the
// invocation term does not (Kalibera & Jones, "Rigorous benchmarking in reasonable time",
// allocate repetitions to the level with the variance). The components come from the classic
// nested analysis of variance (method of moments, negative estimates set to 0); the plan then
// finds, for each level alone, how many units give an interval narrow enough to decide at 90 %
// power, using the upper 90 % confidence bound of the dominant component (a chi-square bound
// on its degrees of freedom), so a plan from few processes errs towards more. Pure functions.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// The largest counts a plan proposes: past these a level "cannot decide" (a change that sits
/// on the threshold needs an unbounded run, and no one runs 500000 invocations of a duet).
inline constexpr double plan_max_rounds = 100000;
inline constexpr double plan_max_processes = 1000;
inline constexpr double plan_max_invocations = 1000;

/// Log ratios of one comparison: invocations -> processes -> rounds.
using nested_samples = std::vector<std::vector<std::vector<double>>>;

struct variance_components {
    double round = 0, process = 0, invocation = 0; ///< variances (log scale)
    /// The observed variances of the process means within invocations and of the invocation
    /// means (what the components are estimated from, and what their bounds start from).
    double process_means = 0, invocation_means = 0;
    double round_df = 0, process_df = 0, invocation_df = 0;
    std::size_t invocations = 0;
    double processes = 0, rounds = 0; ///< per invocation and per process (means)
    double mean = 0;                  ///< the grand mean of the log ratios (unweighted)
};

/// The components of `x` by nested ANOVA (unbalanced designs use the mean counts). Empty
/// processes and invocations are ignored. A level with one unit has variance 0 and df 0.
variance_components estimate_components(const nested_samples& x);

/// The variance of the grand mean for `inv` invocations of `proc` processes of `rounds` rounds.
double mean_variance(const variance_components& v, double inv, double proc, double rounds);

/// The upper (1 - alpha) confidence bound of a variance estimated as `var` with `df` degrees of
/// freedom: df var / chi2_{alpha}(df). Infinity for df < 1.
double variance_upper_bound(double var, double df, double alpha = 0.10);

/// One way to decide: how many of a level's units in all (not more), and what then.
struct decision_option {
    std::string level;            ///< "rounds" (per process), "processes" (per invocation),
                                  ///< "invocations"
    std::optional<double> needed; ///< units in all; empty: this level alone cannot decide
    double share = 0;             ///< this level's share of the mean's variance now, 0..1
};

struct decision_plan {
    double margin = 0;     ///< log distance from the estimate to the nearest decision boundary
    double resolution = 0; ///< the current interval's half-width (log scale)
    /// The half-width that decides at 90 % power with today's df: margin t / (t + z_0.90).
    double needed = 0;
    std::vector<decision_option> options; ///< rounds, processes, invocations
    std::string dominant;                 ///< the level with the largest share
    /// The process (or invocation) level rests on fewer than 3 df: the plan is rough (a first
    /// duet of 3 processes always is; its components are estimated, not known).
    bool rough = false;
};

/// The plan that decides the estimate `v.mean` against `threshold` (log scale, > 0) at two-sided
/// level `alpha` with 90 % power: the interval must fit between the estimate and the nearest
/// boundary (0 or +-threshold), i.e. (t_{alpha, df} + z_{0.90}) SE <= margin, with every
/// component at its upper 90 % bound (a component estimated as 0 from few processes may be
/// large) and the process as the unit (the invocation where invocations vary): the judge may
/// use the rounds when processes agree, so the plan errs towards more.
decision_plan plan_decision(const variance_components& v, double threshold, double alpha);

} // namespace grp
