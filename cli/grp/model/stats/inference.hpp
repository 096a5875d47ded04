// Inference on the change in log time between two profiles, with the round as the statistical
// unit: `run` measures each case in rounds (a burst of launches after its own warm-up), and a
// profile may merge several runs. Launches inside a round are not independent, and rounds of one
// run share a run-level effect (clocks, placement, thermal state), so the model per side is
// y_jr = mu + u_j + e_jr, with run effect u_j ~ N(0, sigma_b^2), the same sigma_b^2 on both
// sides, and round effect e_jr ~ N(0, sigma_w^2) that may differ between sides (a loaded
// machine). A side's mean m is the unweighted mean of its run means; the change is
// m_cand - m_base with a Student t interval whose degrees of freedom come from
// Welch–Satterthwaite (the t distribution is in student_t.hpp). The variance of a run's mean
// may be moderated with a prior fitted over the other cases of the comparison
// (moderation.hpp). Pure: no OpenCL, no I/O.
#pragma once

#include "grp/model/stats/moderation.hpp" // the prior that moderates the run-to-run variance
#include "grp/model/stats/student_t.hpp" // the intervals' distribution, for callers that print them

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace grp {

/// A pooled estimate of the between-run variance sigma_b^2 (log scale), e.g. from every case of
/// one comparison (pool_between_run_variance), used to moderate a single case's estimate.
struct variance_prior {
    double between_var = 0; ///< s0^2, (ln time)^2
    double df = 0;          ///< d0; 0 = no prior
};

/// The estimated change m_cand - m_base in log time and its uncertainty. All on the natural-log
/// scale: exp(log_change) - 1 is the relative change in time.
struct change_estimate {
    bool estimable = false; ///< false when the data cannot give a standard error
    std::string why_not;    ///< when !estimable, which side and why, in words
    double log_change = 0;  ///< m_cand - m_base (0 when a side has no rounds)
    double std_error = 0;   ///< of log_change
    double df = 0; ///< Welch–Satterthwaite degrees of freedom; finite and > 0 if estimable
    double ci_low = 0, ci_high = 0; ///< two-sided interval of log_change at `confidence`
    double p_value = 1;             ///< two-sided, H0: log_change == 0
    double base_within_var = 0, cand_within_var = 0; ///< pooled variance of rounds within runs
    double between_run_var = 0;               ///< sigma_b^2 after flooring at 0 and moderation
    bool between_run_estimated = false;       ///< false: one run per side and no prior, assumed 0
    std::size_t base_runs = 0, cand_runs = 0; ///< runs with at least one round
    std::size_t base_rounds = 0, cand_rounds = 0;
    double moderation_df = 0; ///< the moderation prior's df added to V's (0: not moderated)
};

/// Estimates m_cand - m_base from per-round statistics on the log scale (ln of each round's
/// median time), one vector per run. Runs with no rounds are ignored; a run with one round gives
/// its mean but no within-run variance.
/// With two or more runs on either side the run means are the unit (as Google Benchmark's
/// compare.py tests repetitions): V, the variance of one run's mean, is each multi-run side's
/// S_m^2 (the variance of its run means, floored at the mean of s_j^2 / r_j that its rounds
/// alone imply), pooled over those sides by df J - 1 (df Σ(J - 1)); then
///   Var(m_cand - m_base) = V (1/J_b + 1/J_c),
/// where a single-run side counts as one run drawn like the others (J = 1), unless its own
/// rounds say its mean varies more (s_w^2 / r > V: that side then adds s_w^2 / r with its own
/// within df, and Welch–Satterthwaite combines the two). V's df are those of the runs, however
/// many rounds they hold: with 3 runs an interval uses 2 df. That is the price of not knowing
/// the run-to-run spread, measured on the H100 (bench/results/h100-gate-power.txt): 10-40 us
/// kernels shift together by up to +-6 % from one process to the next while 3 runs of a
/// baseline can agree within 1 %; a variance-components model that floored sigma_b^2 at 0 and
/// kept the rounds' df failed 7-12 % of identical pairs.
/// between_run_var reports s_b^2 = max(0, S_m^2 - mean s_j^2 / r_j) pooled over the multi-run
/// sides (moderated with the prior, when prior.df > 0, as (d0 s0^2 + d s_b^2) / (d0 + d)).
/// With one run per side and no prior there is no estimate of sigma_b^2 and the run term is
/// absent: exactly Welch's test on the rounds, under the assumption that rounds (spread over
/// the run, each with fresh buffers and its own warm-up) capture run-to-run variation. When the
/// runs disagree more than their rounds explain, sigma_b^2 > 0 and its small df widens the
/// interval; when they agree, sigma_b^2 = 0 and the many rounds decide.
/// Not estimable (estimable = false, why_not says which side and why) when a side has no rounds
/// or is a single run of a single round (no within-run variance; a prior does not supply it).
/// A standard error of 0 (e.g. all values equal) gives p = 1 and CI [0, 0] for no change, else
/// p = 0 and CI [change, change], with df the sum of the terms' df. Throws
/// With runs on a side and a `moderation` prior of df d0 > 0 (moderation.hpp, fitted over the
/// cases of one comparison), V becomes (d0 s0^2 + d V) / (d0 + d) with d + d0 df, or fewer:
/// with moderation.var_df > 0 (s0^2 estimated, not known), at most Satterthwaite's df of the
/// two parts, (a + b)^2 / (a^2 / var_df + b^2 / d) for a = w s0^2, b = (1 - w) V,
/// w = d0 / (d0 + d).
/// Throws std::invalid_argument unless 0 < confidence < 1, every value is finite and each prior
/// has a finite variance >= 0 and df >= 0.
change_estimate estimate_change(const std::vector<std::vector<double>>& base_runs,
                                const std::vector<std::vector<double>>& cand_runs,
                                double confidence, const variance_prior& prior = {},
                                const run_mean_prior& moderation = {});

/// What moderation_prior needs of one case: V (before moderation), its df and the Helmert
/// coordinates of each multi-run side's run means (base first, runs in order). Empty when the
/// case would not be judged on run means (one run a side) or cannot be estimated at all.
/// Throws std::invalid_argument unless every value is finite.
std::optional<case_run_variance>
run_mean_variance(const std::vector<std::vector<double>>& base_runs,
                  const std::vector<std::vector<double>>& cand_runs);

/// One side's own estimate of sigma_b^2 from its runs, as (variance, df):
/// max(0, S_m^2 - mean over runs of s_j^2 / r_j) with df J - 1, where s_j^2 is run j's variance
/// of rounds (the side's pooled within-run variance for a run of one round; 0 when no run has
/// two rounds, which puts all of S_m^2 into sigma_b^2). (0, 0) with fewer than two runs. The
/// floor makes a pool of these lean high: wider intervals, not false alarms.
/// Throws std::invalid_argument unless every value is finite.
std::pair<double, double> between_run_variance(const std::vector<std::vector<double>>& runs);

/// Pools per-case between-run variance estimates (each with its df) into one:
/// sum(df_i * s_i^2) / sum(df_i), df = sum(df_i); {0, 0} when the df sum to 0.
/// Throws std::invalid_argument unless every variance and df is finite and >= 0.
variance_prior
pool_between_run_variance(const std::vector<std::pair<double /*var*/, double /*df*/>>& per_case);

} // namespace grp
