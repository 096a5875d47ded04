// Borrowing strength across the cases of one comparison for the run-to-run variance.
//
// With 3 runs a side a case's variance of one run's mean has 4 df, and Holm's correction over
// 8-16 cases then asks for |t| near 7-10: a kernel 25 % slower on a CPU can pass for noise.
// The cases of a sweep share the machine, so their variances say something about each other:
// as limma does for genes (Smyth 2004, "Linear models and empirical Bayes methods for
// assessing differential expression"), the per-case variances s_i^2 (df d_i) are taken as
// draws around a scaled inverse chi-square prior (s0^2, d0) fitted by the method of moments on
// ln s_i^2, and each case's variance is moderated to (d0 s0^2 + d_i s_i^2) / (d0 + d_i) with
// d0 + d_i df. limma assumes the genes independent; the cases of one run are not (a run's
// level moves every case of it), so d0 is capped by what the cases can know together: their
// effective number n_eff (Bretherton et al. 1999, from the correlation of the cases' run
// effects) times the df of one case, less the case's own: d0 <= d (n_eff - 1). Cases that
// move as one (n_eff = 1) lend nothing. Pure: no I/O.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace grp {

/// A scaled inverse chi-square prior for true variances: var * df / chi^2_df. df may be
/// +infinity (every case has the same true variance: the moderated variance is var itself).
struct variance_prior_fit {
    double var = 0; ///< s0^2
    double df = 0;  ///< d0; 0 = no prior could be fitted
};

/// The method of moments of limma's fitFDist (no covariate): with
/// e_i = ln s_i^2 - digamma(d_i / 2) + ln(d_i / 2), trigamma(d0 / 2) = var(e) - mean of
/// trigamma(d_i / 2) and s0^2 = exp(mean(e) + digamma(d0 / 2) - ln(d0 / 2)); d0 = +infinity
/// when the right side is <= 1e-12 (the s_i^2 scatter no more than sampling alone would). Entries
/// with s_i^2 <= 0 or d_i <= 0 are left out; fewer than 3 left give {0, 0}. Throws
/// std::invalid_argument for a value that is not finite.
variance_prior_fit
fit_variance_prior(const std::vector<std::pair<double /*var*/, double /*df*/>>& var_df);

/// Bretherton's effective number of independent series, K^2 / sum_ij rho_ij^2, from K rows of
/// N residual coordinates each (a case's run effects, centred per side: N df). Each rho_ij^2
/// is the sample correlation r_ij^2 (rows taken as centred) corrected for its bias under
/// independence, (r^2 - 1/N) / (1 - 1/N), clamped to [0, 1]. Rows with no spread are left out;
/// rows of another length than the first are ignored. N < 2 or fewer than 2 rows: 1 (nothing
/// can be told apart, so nothing is assumed independent). Result in [1, K].
double effective_cases(const std::vector<std::vector<double>>& rows);

/// One case's variance of a run's mean as compare's run-means test estimates it
/// (inference.hpp, run_mean_variance), with the residuals effective_cases needs.
struct case_run_variance {
    double var = 0;                ///< V_i
    double df = 0;                 ///< d_i: sum over the multi-run sides of (J - 1)
    std::vector<double> residuals; ///< d_i coordinates of the run means' deviations
};

/// The prior every case of a comparison is moderated with, and what it came from.
struct run_mean_prior {
    double var = 0;             ///< s0^2 (ln time)^2
    double df = 0;              ///< d0 used: min(fitted_df, cap); 0 = no moderation
    double fitted_df = 0;       ///< d0 of fit_variance_prior (may be +infinity)
    double effective_cases = 0; ///< n_eff of the cases whose residuals have the commonest length
    double cap = 0;             ///< d (n_eff - 1), d that commonest length
    double var_df = 0;          ///< df of s0^2 itself: d n_eff (0: taken as known)
    std::size_t cases = 0;      ///< cases the prior was fitted on
};

/// fit_variance_prior over the cases, with d0 capped at d (n_eff - 1), and s0^2's own df,
/// d n_eff (a moderated variance is then given at most Satterthwaite's df of the weighted sum,
/// inference.hpp). No moderation (df 0) with fewer than 3 usable cases or when the cap is 0.
run_mean_prior moderation_prior(const std::vector<case_run_variance>& cases);

} // namespace grp
