// Tests of digamma, trigamma and trigamma's inverse against SciPy
// (tests/data/compare/moderation_reference.py: scipy.special.digamma, polygamma(1, x), and
// brentq roots of polygamma(1, x) = y; SciPy 1.10.1).
#include "grp/model/stats/polygamma.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <stdexcept>

namespace grp {
namespace {

struct gamma_point {
    double x, digamma, trigamma;
};

const gamma_point table[] = {
    {0.001, -1000.5755719318103, 1000001.6425331959},
    {0.5, -1.9635100260214235, 4.93480220054468},
    {1.0, -0.5772156649015329, 1.6449340668482266},
    {2.5, 0.7031566406452432, 0.4903577561002349},
    {7.0, 1.872784335098467, 0.15354517795933756},
    {10.0, 2.251752589066721, 0.10516633568168576},
    {123.4, 4.8113737751162775, 0.008136651610865263},
    {1000000.0, 13.81551005796419, 1.0000005000001667e-06},
};

TEST(polygamma, digamma_and_trigamma_match_scipy_to_1e_13) {
    for (const auto& p : table) {
        EXPECT_NEAR(digamma(p.x), p.digamma, 1e-13 * std::fabs(p.digamma)) << p.x;
        EXPECT_NEAR(trigamma(p.x), p.trigamma, 1e-13 * p.trigamma) << p.x;
    }
}

TEST(polygamma, trigamma_inverse_matches_the_scipy_root) {
    const std::pair<double, double> roots[] = {
        {0.0001, 10000.499991666666}, {0.05, 20.495835239154605},
        {0.6449, 2.000084304477796},  {1.0, 1.4262551202150788},
        {30.0, 0.18662253008393503},  {1000000.0, 0.0010000008212676086},
    };
    for (const auto& [y, x] : roots) {
        EXPECT_NEAR(trigamma_inverse(y), x, 1e-12 * x) << y;
        EXPECT_NEAR(trigamma(trigamma_inverse(y)), y, 1e-12 * y) << y;
    }
}

TEST(polygamma, rejects_arguments_outside_the_domain) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    for (double bad : {0.0, -1.0, nan, inf}) {
        EXPECT_THROW((void)digamma(bad), std::invalid_argument) << bad;
        EXPECT_THROW((void)trigamma(bad), std::invalid_argument) << bad;
        EXPECT_THROW((void)trigamma_inverse(bad), std::invalid_argument) << bad;
    }
}

} // namespace
} // namespace grp
