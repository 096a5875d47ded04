// Steps in a series: what the history command relies on. A clean 10 % step is found where it
// is, with a small permutation p; noise finds none, and over 200 noise series (with and without
// scatter beyond the points' se) the share with a false step stays near alpha; a far-off point
// that its se says to distrust moves nothing; segmentation finds two steps; the step and line
// fits tell a step from a drift; the excess variance is ~0 when the se explain the scatter and
// ~tau^2 when they do not, a step included. The noise comes from std::mt19937_64's raw bits
// through Box-Muller, so the series are the same on every standard library.
#include "grp/model/stats/change_point.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <stdexcept>
#include <vector>

namespace grp {
namespace {

class gaussian {
public:
    explicit gaussian(std::uint64_t seed) : m_rng(seed) {}
    double operator()() {
        const double u1 = (static_cast<double>(m_rng() >> 11U) + 1) * 0x1.0p-53; // (0, 1]
        const double u2 = static_cast<double>(m_rng() >> 11U) * 0x1.0p-53;
        return std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }

private:
    std::mt19937_64 m_rng;
};

// n points of se `se`, scattered by sqrt(se^2 + tau^2), with `shift` added from `at` on.
std::vector<weighted_point> series(std::size_t n, double se, double tau, std::uint64_t seed,
                                   std::size_t at = 0, double shift = 0) {
    gaussian g(seed);
    std::vector<weighted_point> p;
    for (std::size_t i = 0; i < n; ++i) {
        const double level = 2.5 + (i >= at ? shift : 0); // ln of a time in ns
        p.push_back({level + std::sqrt(se * se + tau * tau) * g(), se});
    }
    return p;
}

TEST(ChangePointFindSteps, ACleanTenPercentStepIsFoundWhereItIs) {
    const auto p = series(30, 0.01, 0, 3, 17, std::log(1.1));
    const auto steps = find_steps(p, step_options{});
    ASSERT_EQ(steps.size(), 1U);
    EXPECT_EQ(steps[0].at, 17U);
    EXPECT_LT(steps[0].p_value, 0.01);
    EXPECT_NEAR(steps[0].change, std::log(1.1), 0.02);
    EXPECT_NEAR(steps[0].change, steps[0].after - steps[0].before, 1e-15);
    EXPECT_NEAR(steps[0].statistic, std::abs(steps[0].change) / steps[0].change_se, 1e-9);
    EXPECT_EQ(steps[0].lo, 0U);
    EXPECT_EQ(steps[0].hi, 30U);
    EXPECT_EQ(steps[0].df, 28);
    // The smallest p 4999 permutations can give: none reached the observed maximum.
    EXPECT_DOUBLE_EQ(steps[0].p_value, 1.0 / 5000);
}

TEST(ChangePointFindSteps, PureNoiseHasNoStep) {
    const auto p = series(40, 0.01, 0, 11);
    EXPECT_TRUE(find_steps(p, step_options{}).empty());
    const auto best = best_step(p, 0, p.size(), excess_variance(p), step_options{});
    ASSERT_TRUE(best.has_value());
    EXPECT_GT(best->p_value, 0.05);
}

// Share of 200 noise series of 40 points in which find_steps reports a step at alpha 0.05.
double false_step_rate(double tau, std::uint64_t first_seed) {
    step_options opt;
    opt.permutations = 999;
    int found = 0;
    for (std::uint64_t s = 0; s < 200; ++s) {
        found += find_steps(series(40, 0.01, tau, first_seed + s), opt).empty() ? 0 : 1;
    }
    return found / 200.0;
}

TEST(ChangePointFindSteps, NoiseGivesAFalseStepAboutAlphaOfTheTime) {
    const double rate = false_step_rate(0, 1000);
    EXPECT_LE(rate, 0.08);
    EXPECT_GT(rate, 0.01); // a test that never fires is not calibrated either
}

TEST(ChangePointFindSteps, ScatterBeyondTheSeDoesNotRaiseTheFalseStepRate) {
    // The points say se 0.01, the series scatters by 0.03: a z test on the se alone would
    // see steps everywhere; the permutation p (and tau^2 in the weights) does not.
    EXPECT_LE(false_step_rate(0.03, 5000), 0.08);
}

TEST(ChangePointFindSteps, AFarOffPointWithAHugeSeMovesNothing) {
    auto p = series(40, 0.01, 0, 11); // the noise of PureNoiseHasNoStep
    ASSERT_TRUE(find_steps(p, step_options{}).empty());
    p[37].se = 100.0;
    const auto in_place = best_step(p, 0, p.size(), 0, step_options{});
    p[37].value += 2.0; // now an outlier, but one its own se disowns
    EXPECT_TRUE(find_steps(p, step_options{}).empty());
    const auto weighted = best_step(p, 0, p.size(), 0, step_options{});
    ASSERT_TRUE(in_place && weighted);
    EXPECT_EQ(weighted->at, in_place->at); // the same split as without the outlier
    EXPECT_NEAR(weighted->statistic, in_place->statistic, 1e-3 * in_place->statistic);
    EXPECT_LT(std::abs(weighted->change), 0.05);
    // The same point trusted (se 0.01) drags the last three points' mean by 2/3.
    p[37].se = 0.01;
    const auto trusted = best_step(p, 0, p.size(), 0, step_options{});
    ASSERT_TRUE(trusted.has_value());
    EXPECT_GT(std::abs(trusted->change), 0.5);
}

TEST(ChangePointFindSteps, SegmentationFindsTwoSteps) {
    auto p = series(45, 0.01, 0, 5, 15, 0.1);
    for (std::size_t i = 30; i < p.size(); ++i) {
        p[i].value -= 0.07; // up 10 %, then down 7 %
    }
    const auto steps = find_steps(p, step_options{});
    ASSERT_EQ(steps.size(), 2U);
    EXPECT_EQ(steps[0].at, 15U);
    EXPECT_EQ(steps[1].at, 30U);
    EXPECT_LT(steps[0].p_value, 0.01);
    EXPECT_LT(steps[1].p_value, 0.01);
    // One was found in the whole series, the other inside the side of it that holds it.
    const bool first_is_whole = steps[0].lo == 0 && steps[0].hi == 45;
    const auto& inner = first_is_whole ? steps[1] : steps[0];
    const auto& outer = first_is_whole ? steps[0] : steps[1];
    EXPECT_EQ(outer.lo, 0U);
    EXPECT_EQ(outer.hi, 45U);
    EXPECT_EQ(inner.lo, first_is_whole ? 15U : 0U);
    EXPECT_EQ(inner.hi, first_is_whole ? 45U : 30U);
    // Each change is between the two sides of the segment it was found in: levels 0, 0.1, 0.03.
    const auto level_mean = [](std::size_t lo, std::size_t hi) {
        double sum = 0;
        for (std::size_t i = lo; i < hi; ++i) {
            sum += i < 15 ? 0 : i < 30 ? 0.1 : 0.03;
        }
        return sum / static_cast<double>(hi - lo);
    };
    for (const auto& s : steps) {
        EXPECT_NEAR(s.change, level_mean(s.at, s.hi) - level_mean(s.lo, s.at), 0.015) << s.at;
    }
}

TEST(ChangePointFindSteps, AShortSegmentHasNoStepAndTheSameSeedTheSameP) {
    const auto p = series(12, 0.01, 0, 8, 6, 0.05);
    EXPECT_FALSE(best_step(p, 0, 5, 0, step_options{}).has_value()); // 5 < 2 * 3
    step_options opt;
    opt.min_segment = 6;
    EXPECT_FALSE(best_step(p, 0, 11, 0, opt).has_value());
    ASSERT_TRUE(best_step(p, 0, 12, 0, opt).has_value());
    EXPECT_EQ(best_step(p, 0, 12, 0, opt)->at, 6U);
    const auto a = best_step(p, 2, 12, 0, step_options{});
    const auto b = best_step(p, 2, 12, 0, step_options{});
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->p_value, b->p_value);
    EXPECT_GE(a->at, 5U); // the best split of [2, 12) leaves 3 points a side
    EXPECT_LE(a->at, 9U);
}

TEST(ChangePointFindSteps, ExactValuesGiveFiniteAnswers) {
    std::vector<weighted_point> flat(10, {1.0, 0.0});
    EXPECT_TRUE(find_steps(flat, step_options{}).empty());
    const auto none = best_step(flat, 0, 10, 0, step_options{});
    ASSERT_TRUE(none.has_value());
    EXPECT_EQ(none->statistic, 0);
    EXPECT_EQ(none->p_value, 1);
    for (std::size_t i = 5; i < 10; ++i) {
        flat[i].value = 1.1;
    }
    const auto steps = find_steps(flat, step_options{});
    ASSERT_EQ(steps.size(), 1U);
    EXPECT_EQ(steps[0].at, 5U);
    EXPECT_TRUE(std::isfinite(steps[0].statistic));
}

TEST(ChangePointFitShapes, ADriftFitsALineAndAStepFitsAStep) {
    auto drift = series(40, 0.005, 0, 31);
    for (std::size_t i = 0; i < drift.size(); ++i) {
        drift[i].value += 0.004 * static_cast<double>(i);
    }
    const auto d = fit_shapes(drift, excess_variance(drift));
    EXPECT_LT(d.line_rss, d.step_rss);
    const auto step = series(40, 0.005, 0, 31, 20, 0.1);
    const auto s = fit_shapes(step, excess_variance(step));
    EXPECT_LT(s.step_rss, s.line_rss);
    // Noise alone: both near n - 2 (residuals of unit variance), neither far ahead.
    EXPECT_NEAR(s.step_rss, 38, 20);
    EXPECT_EQ(fit_shapes({{1, 0.1}}, 0).step_rss, 0);
}

TEST(ChangePointExcessVariance, AHandWorkedExample) {
    // d = 1, 2, 3: median of d^2 is 4; se all 0.5: se_i^2 + se_{i+1}^2 = 0.5.
    const std::vector<weighted_point> p{{0, 0.5}, {1, 0.5}, {3, 0.5}, {6, 0.5}};
    EXPECT_NEAR(excess_variance(p), 0.5 * (4 / 0.4549364 - 0.5), 1e-12);
    EXPECT_EQ(excess_variance({{0, 0}, {1, 0}}), 0);           // fewer than 3 points
    EXPECT_EQ(excess_variance({{0, 1}, {0.1, 1}, {0, 1}}), 0); // floored at 0
}

TEST(ChangePointExcessVariance, NearZeroWhenTheSeExplainTheScatter) {
    const double tau2 = excess_variance(series(200, 0.01, 0, 41));
    EXPECT_LT(tau2, 0.3 * 0.01 * 0.01);
}

TEST(ChangePointExcessVariance, NearTheInjectedTauSquaredEvenAcrossAStep) {
    const double tau = 0.03;
    EXPECT_NEAR(excess_variance(series(200, 0.01, tau, 43)), tau * tau, 0.5 * tau * tau);
    EXPECT_NEAR(excess_variance(series(200, 0.01, tau, 43, 100, 0.5)), tau * tau, 0.5 * tau * tau);
}

TEST(ChangePoint, InvalidInputThrows) {
    const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
    auto p = series(10, 0.01, 0, 1);
    p[3].value = nan;
    EXPECT_THROW(find_steps(p, step_options{}), std::invalid_argument);
    p[3] = {2.5, -0.01};
    EXPECT_THROW(find_steps(p, step_options{}), std::invalid_argument);
    p[3] = {2.5, inf};
    EXPECT_THROW(excess_variance(p), std::invalid_argument);
    EXPECT_THROW(fit_shapes(p, 0), std::invalid_argument);
    p[3] = {2.5, 0.01};
    EXPECT_THROW(best_step(p, 0, 11, 0, step_options{}), std::invalid_argument);
    EXPECT_THROW(best_step(p, 6, 5, 0, step_options{}), std::invalid_argument);
    EXPECT_THROW(best_step(p, 0, 10, -1, step_options{}), std::invalid_argument);
    step_options zero;
    zero.min_segment = 0;
    EXPECT_THROW(best_step(p, 0, 10, 0, zero), std::invalid_argument);
}

} // namespace
} // namespace grp
