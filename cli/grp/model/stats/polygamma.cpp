#include "grp/model/stats/polygamma.hpp"

#include <cmath>
#include <stdexcept>

namespace grp {

namespace {

// Below this the recurrences psi(x) = psi(x + 1) - 1/x and psi'(x) = psi'(x + 1) + 1/x^2 move x
// up; from it the asymptotic series are good to about 1e-16 relative.
constexpr double asymptotic_from = 10.0;

void check_argument(double x, const char* who) {
    if (!(std::isfinite(x) && x > 0)) {
        throw std::invalid_argument(std::string(who) + ": the argument must be finite and > 0");
    }
}

} // namespace

double digamma(double x) {
    check_argument(x, "digamma");
    double shift = 0;
    while (x < asymptotic_from) {
        shift -= 1.0 / x;
        x += 1.0;
    }
    // ln x - 1/(2x) - sum B_2k / (2k x^2k), Bernoulli numbers B_2..B_12.
    const double z = 1.0 / (x * x);
    const double series =
        z * (1.0 / 12 -
             z * (1.0 / 120 -
                  z * (1.0 / 252 - z * (1.0 / 240 - z * (1.0 / 132 - z * (691.0 / 32760))))));
    return shift + std::log(x) - 0.5 / x - series;
}

double trigamma(double x) {
    check_argument(x, "trigamma");
    double shift = 0;
    while (x < asymptotic_from) {
        shift += 1.0 / (x * x);
        x += 1.0;
    }
    // 1/x + 1/(2x^2) + sum B_2k / x^(2k+1), B_2..B_12.
    const double z = 1.0 / (x * x);
    const double series =
        z * (1.0 / 6 - z * (1.0 / 30 -
                            z * (1.0 / 42 - z * (1.0 / 30 - z * (5.0 / 66 - z * (691.0 / 2730))))));
    return shift + 1.0 / x + 0.5 * z + series / x;
}

double trigamma_inverse(double y) {
    if (!(std::isfinite(y) && y > 0)) {
        throw std::invalid_argument("trigamma_inverse: the argument must be finite and > 0");
    }
    // Bisection on ln x: trigamma is decreasing, ~1/x^2 near 0 and ~1/x far out, so the root
    // lies in [1/sqrt(y) / 2, 2/y + 1] (both bounds checked by the loop widening them anyway).
    double lo = std::log(0.5 / std::sqrt(y + 1.0));
    double hi = std::log(2.0 / y + 2.0);
    while (trigamma(std::exp(lo)) < y) {
        lo -= 1.0;
    }
    while (trigamma(std::exp(hi)) > y) {
        hi += 1.0;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-15 * (1.0 + std::fabs(lo)); ++i) {
        const double mid = 0.5 * (lo + hi);
        (trigamma(std::exp(mid)) > y ? lo : hi) = mid;
    }
    return std::exp(0.5 * (lo + hi));
}

} // namespace grp
