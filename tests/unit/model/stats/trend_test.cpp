// Mann-Kendall and Theil-Sen: S, its tie-corrected variance and the p-value worked by hand
// (and re-checked in plain Python with math.erfc, sharing no code with trend.cpp), the exact
// p-values for n < 10 against a brute-force enumeration of all n! orders, Sen's interval at the
// order statistics scipy.stats.theilslopes picks, and the slope recovered from a noisy line.
#include "grp/model/stats/trend.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

namespace grp {
namespace {

TEST(TrendMannKendall, AMonotoneSeriesHasEveryPairConcordant) {
    std::vector<double> y;
    for (int i = 0; i < 20; ++i) {
        y.push_back(0.1 * i * i); // monotone, not linear: ranks only
    }
    const auto t = mann_kendall(y);
    EXPECT_EQ(t.n, 20U);
    EXPECT_EQ(t.s, 20.0 * 19 / 2);
    EXPECT_DOUBLE_EQ(t.variance, 20.0 * 19 * 45 / 18);
    EXPECT_LT(t.p_value, 1e-7);
    std::vector<double> down(y.rbegin(), y.rend());
    const auto d = mann_kendall(down);
    EXPECT_EQ(d.s, -190);
    EXPECT_DOUBLE_EQ(d.z, -t.z);
    EXPECT_DOUBLE_EQ(d.p_value, t.p_value);
}

TEST(TrendMannKendall, TiesCorrectTheVarianceAsWorkedByHand) {
    // Ties: 1 twice, 3 twice, 5 three times: sum t(t-1)(2t+5) = 18 + 18 + 66 = 102;
    // Var(S) = (12 * 11 * 29 - 102) / 18 = 207. S counted pair by pair: 25.
    // z = (25 - 1) / sqrt(207), p = erfc(z / sqrt(2)).
    const auto t = mann_kendall({3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8});
    EXPECT_EQ(t.s, 25);
    EXPECT_DOUBLE_EQ(t.variance, 207);
    EXPECT_NEAR(t.z, 1.668115312456598, 1e-12);
    EXPECT_NEAR(t.p_value, 0.09529283802345667, 1e-10);
}

TEST(TrendMannKendall, ExactPForFiveIncreasingValuesIsTwoOrdersOf120) {
    // Only the increasing and the decreasing order reach |S| = 10.
    EXPECT_NEAR(mann_kendall({1, 2, 3, 4, 5}).p_value, 2.0 / 120, 1e-15);
    EXPECT_NEAR(mann_kendall({5, 4, 3, 2, 1}).p_value, 2.0 / 120, 1e-15);
    // One swap: S = 13 of 15; 1 + 5 orders have at most one inversion, each way: 12 of 720.
    EXPECT_NEAR(mann_kendall({1, 2, 4, 3, 5, 6}).p_value, 12.0 / 720, 1e-15);
}

TEST(TrendMannKendall, ExactPMatchesAnEnumerationOfAllOrders) {
    // S = 22 for n = 8: 222 of the 8! = 40320 orders have |S| >= 22 (itertools.permutations).
    const auto t = mann_kendall({1, 3, 2, 5, 4, 6, 8, 7});
    EXPECT_EQ(t.s, 22);
    EXPECT_NEAR(t.p_value, 222.0 / 40320, 1e-15);
    // The normal approximation would say 0.00937: the exact p is used below n = 10.
    EXPECT_NEAR(t.z, 2.598076211353316, 1e-12);
}

TEST(TrendMannKendall, SensIntervalIsAtTheOrderStatisticsScipyPicks) {
    // 28 slopes; z sqrt(Var S) = 1.959964 * sqrt(65.33) = 15.84: the interval is slopes
    // round((28 - 15.84) / 2) - 1 = 5 and round((28 + 15.84) / 2) = 22 of the sorted slopes
    // (0-based), 0.5 and 1.5; the median of the 28 is 1.
    const auto t = mann_kendall({1, 3, 2, 5, 4, 6, 8, 7});
    EXPECT_DOUBLE_EQ(t.slope, 1.0);
    EXPECT_DOUBLE_EQ(t.slope_low, 0.5);
    EXPECT_DOUBLE_EQ(t.slope_high, 1.5);
    const auto wide = mann_kendall({1, 3, 2, 5, 4, 6, 8, 7}, 0.99);
    EXPECT_LE(wide.slope_low, t.slope_low);
    EXPECT_GE(wide.slope_high, t.slope_high);
}

TEST(TrendMannKendall, TheilSenRecoversTheSlopeOfANoisyLine) {
    std::mt19937_64 rng(7);
    std::vector<double> y;
    for (int i = 0; i < 60; ++i) {
        // Uniform noise in [-3, 3) from the raw 64 bits: the same on every standard library.
        const double u = static_cast<double>(rng() >> 11U) * 0x1.0p-53;
        y.push_back(2.0 * i + 6 * (u - 0.5));
    }
    const auto t = mann_kendall(y);
    EXPECT_NEAR(t.slope, 2.0, 0.05);
    EXPECT_LT(t.slope_low, 2.0);
    EXPECT_GT(t.slope_high, 2.0);
    EXPECT_LT(t.p_value, 1e-10);
}

TEST(TrendMannKendall, NoTrendGivesALargeP) {
    const auto t = mann_kendall({0.3, -0.1, 0.2, 0.0, -0.3, 0.1, 0.25, -0.2, 0.05, -0.05, 0.15});
    EXPECT_GT(t.p_value, 0.5);
    EXPECT_LT(t.slope_low, 0.0);
    EXPECT_GT(t.slope_high, 0.0);
}

TEST(TrendMannKendall, TooFewOrAllEqualValuesSayNothing) {
    const auto two = mann_kendall({1, 5});
    EXPECT_EQ(two.n, 2U);
    EXPECT_EQ(two.p_value, 1);
    EXPECT_EQ(two.slope, 0);
    const auto flat = mann_kendall({2, 2, 2, 2, 2});
    EXPECT_EQ(flat.s, 0);
    EXPECT_EQ(flat.variance, 0);
    EXPECT_EQ(flat.p_value, 1);
    EXPECT_EQ(flat.slope, 0);
}

TEST(TrendMannKendall, InvalidInputThrows) {
    EXPECT_THROW(mann_kendall({1, std::nan(""), 3}), std::invalid_argument);
    EXPECT_THROW(mann_kendall({1, 2, std::numeric_limits<double>::infinity()}),
                 std::invalid_argument);
    EXPECT_THROW(mann_kendall({1, 2, 3}, 0), std::invalid_argument);
    EXPECT_THROW(mann_kendall({1, 2, 3}, 1), std::invalid_argument);
}

} // namespace
} // namespace grp
