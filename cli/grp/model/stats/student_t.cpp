#include "grp/model/stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace grp {

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double eps = std::numeric_limits<double>::epsilon();
constexpr double pi = 3.14159265358979323846;

// lgamma(x) minus its Stirling approximation (x - 1/2) ln x - x + ln(2 pi) / 2, from the
// asymptotic series with Bernoulli-number coefficients; below 1e-16 for x >= 10.
double stirling_remainder(double x) {
    const double z = 1.0 / (x * x);
    const double series =
        1.0 / 12 - z * (1.0 / 360 -
                        z * (1.0 / 1260 -
                             z * (1.0 / 1680 - z * (1.0 / 1188 - z * (691.0 / 360360 - z / 156)))));
    return series / x;
}

// ln B(a, b). With the larger argument >= 10, lgamma(big) - lgamma(big + small) is taken from
// Stirling's formula rearranged so that nothing large cancels: for df = 1e7, lgamma(5e6) is
// about 7e7 and subtracting two such values directly would leave only ~8 correct digits.
double log_beta(double a, double b) {
    const double small = std::min(a, b);
    const double big = std::max(a, b);
    if (big < 10) {
        return std::lgamma(small) + std::lgamma(big) - std::lgamma(small + big);
    }
    const double sum = small + big;
    const double ratio = -(big - 0.5) * std::log1p(small / big) - small * std::log(sum) + small +
                         stirling_remainder(big) - stirling_remainder(sum);
    return std::lgamma(small) + ratio;
}

// Keeps a continued fraction's denominators away from 0 (Lentz's device).
double nonzero(double v) {
    return std::fabs(v) < 1e-300 ? 1e-300 : v;
}

// The continued fraction 1 / (1 + d1 / (1 + d2 / (1 + ...))) of I_x(a, b), with
// d(2m+1) = -(a+m)(a+b+m) x / ((a+2m)(a+2m+1)) and d(2m) = m(b-m) x / ((a+2m-1)(a+2m)),
// cut after `pairs` pairs of terms and evaluated backwards, v(k) = 1 + d(k) / v(k+1). For large
// a and x near 1 each 1 + d(2m+1) is a small difference of numbers near 1 (at df = 1e7 that
// cost 5 digits, in forward Lentz too), so with b <= 1 it is expanded as a polynomial in
// y = 1 - x whose terms are all >= 0, and v(2m+1) is taken as (1 + d) - d (v(2m+2) - 1) / v(2m+2).
double beta_fraction_cut(double a, double b, double x, double y, double pairs) {
    double v = 1.0; // v(k+1)
    double w = 0.0; // v(k+1) - 1
    for (double m = pairs - 1; m >= 0; --m) {
        const double j = m + 1; // term 2j = 2m + 2
        const double even = j * (b - j) * x / ((a + 2 * j - 1) * (a + 2 * j));
        w = even / v;
        v = nonzero(1.0 + w);
        const double den = (a + 2 * m) * (a + 2 * m + 1);
        const double odd = -(a + m) * (a + b + m) * x / den;
        const double odd_plus_1 =
            b <= 1 ? (a * (2 * m + 1 - b) + m * (3 * m + 2 - b) + (a + m) * (a + b + m) * y) / den
                   : 1.0 + odd;
        const double v_odd = nonzero(odd_plus_1 - odd * w / v);
        w = odd / v;
        v = v_odd;
    }
    return 1.0 / v;
}

// The continued fraction to full precision: the cut doubles until two agree. Fast for
// x < (a+1)/(a+b+2): about 130 terms at the boundary for any a, fewer below.
double beta_fraction(double a, double b, double x, double y) {
    double prev = beta_fraction_cut(a, b, x, y, 8);
    for (double pairs = 16; pairs <= 1 << 21; pairs *= 2) {
        const double next = beta_fraction_cut(a, b, x, y, pairs);
        if (std::fabs(next - prev) <= 2 * eps * std::fabs(next)) {
            return next;
        }
        prev = next;
    }
    return prev;
}

// Beyond this df the t distribution is the normal one to double precision (their relative
// difference is about t^4 / (4 df), below 1e-24 wherever the normal cdf is representable),
// and (df/2)^2 in the continued fraction would overflow near 1e308.
constexpr double normal_df = 1e30;

// A point of the incomplete beta function given both x and y = 1 - x and their logs, each
// computed without cancellation by the caller.
struct beta_point {
    double x, y, ln_x, ln_y;
};

// The regularized incomplete beta I_x(a, b) and 1 - I_x(a, b), each with relative accuracy
// for b = 1/2: the one the continued fraction gives directly is below 0.67 (below 0.92 on the
// swapped side), so 1 minus it loses at most about a digit.
std::pair<double, double> regularized_beta(double a, double b, const beta_point& p) {
    if (p.ln_x == -inf) {
        return {0.0, 1.0};
    }
    if (p.ln_y == -inf) {
        return {1.0, 0.0};
    }
    const double front = std::exp(a * p.ln_x + b * p.ln_y - log_beta(a, b));
    if (p.x < (a + 1) / (a + b + 2)) {
        const double direct = front / a * beta_fraction(a, b, p.x, p.y);
        return {direct, 1.0 - direct};
    }
    const double complement = front / b * beta_fraction(b, a, p.y, p.x); // I_y(b, a)
    return {1.0 - complement, complement};
}

// The two halves of P(T <= 0) = 1/2 split at -|t|, each with relative accuracy: the tail
// P(T <= -|t|) for p-values and small quantiles, the centre P(-|t| < T <= 0) for p near 1/2.
struct t_halves {
    double tail, centre;
};

// t_halves for finite t: tail = I_x(df/2, 1/2) / 2 with x = df / (df + t^2).
t_halves t_split(double t, double df) {
    if (df > normal_df) {
        const double z = std::fabs(t) / std::sqrt(2.0);
        return {0.5 * std::erfc(z), 0.5 * std::erf(z)};
    }
    const double r = t / df * t; // t^2 / df = y / x
    beta_point p{};
    if (std::isfinite(r) && r < 1e300) {
        p = {1.0 / (1.0 + r), r / (1.0 + r), -std::log1p(r), -std::log1p(1.0 / r)};
    } else {
        // t^2 overflows (|t| > ~1e154 for heavy tails): go through logs; y = 1 - x rounds to 1.
        const double ln_r = 2.0 * std::log(std::fabs(t)) - std::log(df);
        p = {std::exp(-ln_r), 1.0, -ln_r, -std::exp(-ln_r)};
    }
    const auto [lower, upper] = regularized_beta(df / 2, 0.5, p);
    return {0.5 * lower, 0.5 * upper};
}

// ln(1 + t^2 / df), also where t^2 overflows.
double log1p_t2_over_df(double t, double df) {
    const double r = t / df * t;
    return std::isfinite(r) ? std::log1p(r) : 2.0 * std::log(std::fabs(t)) - std::log(df);
}

// ln of the density at t: stays finite where the density itself underflows (|t| ~ 1e150).
double t_log_pdf(double t, double df) {
    if (df > normal_df) {
        return -0.5 * t * t - 0.5 * std::log(2.0 * pi);
    }
    return -(df + 1) / 2 * log1p_t2_over_df(t, df) - 0.5 * std::log(df) - log_beta(df / 2, 0.5);
}

void check_df(double df, const char* who) {
    if (!(df > 0)) {
        throw std::invalid_argument(std::string(who) + ": degrees of freedom must be > 0");
    }
}

// A first guess for the t <= 0 with P(T <= t) = q <= 0.5: the normal quantile (Abramowitz &
// Stegun 26.2.23, |error| < 4.5e-4) corrected by the Cornish–Fisher series in 1/df (A&S
// 26.7.5), but never left of the heavy-tail asymptote -sqrt(df) (q df B(df/2, 1/2))^(-1/df),
// which bounds the quantile from the left and is the better guess for small df.
double quantile_start(double q, double df) {
    const double s = std::sqrt(-2.0 * std::log(q));
    const double z = -(s - (2.515517 + 0.802853 * s + 0.010328 * s * s) /
                               (1 + 1.432788 * s + 0.189269 * s * s + 0.001308 * s * s * s));
    if (df > normal_df) {
        return z;
    }
    const double z2 = z * z;
    const double cornish_fisher = z + z * (z2 + 1) / (4 * df) +
                                  z * ((5 * z2 + 16) * z2 + 3) / (96 * df * df) +
                                  z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / (384 * df * df * df);
    const double log_tail =
        0.5 * std::log(df) - (std::log(q) + std::log(df) + log_beta(df / 2, 0.5)) / df;
    const double tail = -std::exp(log_tail);
    return std::isinf(tail) ? tail : std::min(0.0, std::max(cornish_fisher, tail));
}

// One Newton step for ln F(t) = ln q against u = ln(-t), t < 0, given F(t) = cdf > 0 and
// rel = F(t) / q - 1: in a heavy tail ln F is nearly linear in u (one step from 1e10 to 1e299
// at df = 1, where Newton in t takes hundreds) and in the normal tail it is concave in u.
double log_newton_step(double t, double cdf, double rel, double df) {
    const double g = std::log1p(rel);                                                // ln(F / q)
    const double slope = -std::exp(t_log_pdf(t, df) + std::log(-t) - std::log(cdf)); // dlnF/du
    return t * std::exp(-g / slope);
}

// The t <= 0 with P(T <= t) = q, 0 < q < 0.5, by log_newton_step kept inside a bracket, with
// bisection (geometric where the bracket spans decades) when a step leaves it.
double lower_quantile(double q, double df) {
    double t = quantile_start(q, df);
    if (std::isinf(t)) {
        return t; // the asymptote, already past the double range, is within O(1/t^2) of it
    }
    double lo = -inf;
    double hi = 0.0;
    for (int i = 0; i < 200; ++i) {
        const t_halves h = t_split(t, df);
        // F(t) - q, from the centre near 1/2 where F(t) and q agree in their leading digits.
        const double diff = q > 0.25 ? (0.5 - q) - h.centre : h.tail - q;
        if (diff == 0) {
            return t;
        }
        (diff < 0 ? lo : hi) = t;
        double next = h.tail > 0 && t < 0 ? log_newton_step(t, h.tail, diff / q, df) : lo;
        if (!(next > lo && next < hi)) {
            if (std::isinf(lo)) {
                next = 16 * hi - 1;
            } else if (hi < 0 && lo / hi > 4) {
                next = -std::sqrt(-lo) * std::sqrt(-hi);
            } else {
                next = 0.5 * (lo + hi);
            }
        }
        if (std::fabs(next - t) <= 4 * eps * std::fabs(t)) {
            return next;
        }
        t = next;
    }
    return t;
}

} // namespace

double student_t_cdf(double t, double df) {
    check_df(df, "student_t_cdf");
    if (std::isnan(t)) {
        return t;
    }
    if (t == 0) {
        return 0.5;
    }
    if (std::isinf(t)) {
        return t < 0 ? 0.0 : 1.0;
    }
    const t_halves h = t_split(t, df);
    return t < 0 ? h.tail : 0.5 + h.centre;
}

double student_t_quantile(double p, double df) {
    check_df(df, "student_t_quantile");
    if (!(p > 0 && p < 1)) {
        throw std::invalid_argument("student_t_quantile: p must be in (0, 1)");
    }
    if (p == 0.5) {
        return 0.0;
    }
    // Solve in the lower tail, where q keeps its relative precision; 1 - p is exact for p > 0.5.
    return p < 0.5 ? lower_quantile(p, df) : -lower_quantile(1.0 - p, df);
}

double normal_sf(double z) {
    return 0.5 * std::erfc(z / std::sqrt(2.0));
}

double fisher_f_sf(double f, double d1, double d2) {
    if (!(d1 > 0) || !(d2 > 0)) {
        throw std::invalid_argument("fisher_f_sf: both degrees of freedom must be > 0");
    }
    if (std::isnan(f)) {
        return f;
    }
    if (f <= 0) {
        return 1.0;
    }
    if (std::isinf(f)) {
        return 0.0;
    }
    // P(F > f) = I_x(d2/2, d1/2) with x = d2 / (d2 + d1 f), y = 1 - x = d1 f / (d2 + d1 f).
    const double s = d2 + d1 * f;
    const beta_point p{d2 / s, d1 * f / s, std::log(d2 / s), std::log(d1 * f / s)};
    return regularized_beta(d2 / 2, d1 / 2, p).first;
}

} // namespace grp
