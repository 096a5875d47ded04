// Student's t distribution (cdf and quantile) for inference.hpp's intervals and p-values, and
// Fisher's F upper tail for a variance-ratio test (instances.hpp): the
// standard library has none, and the degrees of freedom there are Welch–Satterthwaite's, so
// non-integer. The cdf goes through the regularized incomplete beta function, evaluated by its
// continued fraction; the quantile by safeguarded Newton steps on it. Pure functions.
#pragma once

#include <limits>

namespace grp {

/// The degrees of freedom that make Student's t the standard normal.
inline constexpr double infinite_df = std::numeric_limits<double>::infinity();

/// P(T <= t) for Student's t with `df` degrees of freedom; df may be non-integer (Satterthwaite)
/// and +infinity (in effect anything above 1e30) gives the standard normal. t = -inf gives 0,
/// +inf gives 1, NaN gives NaN. Relative error below 1e-12 in either tail over df in
/// [0.5, 1e7] and |t| <= 1e3 (1.4e-13 worst over 1500 random points against mpmath).
/// Throws std::invalid_argument unless df > 0 (NaN included).
double student_t_cdf(double t, double df);

/// The t with student_t_cdf(t, df) == p, to about 1e-13 relative, p near 1/2 and 1e-300
/// included. Throws std::invalid_argument unless 0 < p < 1 and df > 0. Returns +-infinity when
/// the quantile is beyond the double range (heavy tails only: p below about 1e-154 at df 0.5).
double student_t_quantile(double p, double df);

/// 1 - Phi(z), the standard normal's upper tail, without the cancellation of 1 - cdf there.
double normal_sf(double z);

/// P(F > f) for Fisher's F with d1 and d2 degrees of freedom (through the same incomplete beta:
/// a variance-ratio test's p-value). f <= 0 gives 1, +inf gives 0, NaN gives NaN. Throws
/// std::invalid_argument unless d1 > 0 and d2 > 0.
double fisher_f_sf(double f, double d1, double d2);

} // namespace grp
