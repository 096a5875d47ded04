// The planner's arithmetic: variance components of a nested design against values worked by
// hand, the mean's variance formula, the chi-square bound, and by simulation what matters: the
// number of processes the plan asks for does decide a real "same" at least 90 % of the time,
// a plan says which level dominates, and a level that cannot decide alone says so.
#include "grp/model/stats/nested_variance.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/model/stats/student_t.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <random>

namespace grp {
namespace {

TEST(NestedVariance, ComponentsOfABalancedDesignByHand) {
    // One invocation, two processes of two rounds: {1, 3} and {5, 7}.
    // Within: ((1-2)^2 + (3-2)^2 + (5-6)^2 + (7-6)^2) / 2 = 2; process means 2 and 6 vary by
    // 8 (df 1), so the process component is 8 - 2 / 2 = 7.
    const auto v = estimate_components({{{1, 3}, {5, 7}}});
    EXPECT_DOUBLE_EQ(v.round, 2);
    EXPECT_DOUBLE_EQ(v.round_df, 2);
    EXPECT_DOUBLE_EQ(v.process, 7);
    EXPECT_DOUBLE_EQ(v.process_df, 1);
    EXPECT_DOUBLE_EQ(v.invocation, 0);
    EXPECT_DOUBLE_EQ(v.mean, 4);
    EXPECT_DOUBLE_EQ(mean_variance(v, 1, 2, 2), 7.0 / 2 + 2.0 / 4);
}

TEST(NestedVariance, NegativeEstimatesAreZeroAndEmptyUnitsIgnored) {
    // Process means equal: the process component would be negative.
    const auto v = estimate_components({{{1, 3}, {3, 1}, {}}, {}});
    EXPECT_DOUBLE_EQ(v.process, 0);
    EXPECT_EQ(v.invocations, 1U);
    EXPECT_DOUBLE_EQ(v.processes, 2);
}

TEST(NestedVariance, ChiSquareUpperBound) {
    // df 10, alpha 0.10: chi2_{0.10}(10) = 4.865182: 10 / 4.865182 = 2.0554.
    EXPECT_NEAR(variance_upper_bound(1.0, 10), 2.0554, 1e-3);
    EXPECT_TRUE(std::isinf(variance_upper_bound(1.0, 0)));
}

/// Simulated duets: `proc` processes of `rounds` rounds, process effects N(0, sp), round noise
/// N(0, sw), true change `delta`; the share whose 99 % t interval over process means lies
/// within +-threshold.
double share_same(int proc, int rounds, double sp, double sw, double delta, double threshold) {
    std::mt19937_64 rng(12);
    std::normal_distribution<double> pe(0, sp), re(0, sw);
    const int reps = 2000;
    int same = 0;
    for (int k = 0; k < reps; ++k) {
        std::vector<double> means;
        for (int p = 0; p < proc; ++p) {
            const double level = delta + pe(rng);
            double sum = 0;
            for (int r = 0; r < rounds; ++r) {
                sum += level + re(rng);
            }
            means.push_back(sum / rounds);
        }
        const double se = stddev(means) / std::sqrt(proc);
        const double half = -student_t_quantile(0.005, proc - 1) * se;
        same += mean_of(means) - half >= -threshold && mean_of(means) + half <= threshold;
    }
    return static_cast<double>(same) / reps;
}

/// A first duet of `proc` processes of 10 rounds: process effects 1.5 %, rounds 2 %, no change.
nested_samples first_duet(unsigned seed, int proc) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> pe(0, 0.015), re(0, 0.02);
    nested_samples x(1);
    for (int p = 0; p < proc; ++p) {
        const double level = pe(rng);
        x[0].emplace_back();
        for (int r = 0; r < 10; ++r) {
            x[0].back().push_back(level + re(rng));
        }
    }
    return x;
}

TEST(NestedVariance, ThePlannedProcessesDecideWhenSimulated) {
    // Threshold 3 %: 3 processes rarely decide (2 df); from a first duet of 8 processes the
    // plan's count decides a true "same" in at least 90 % of simulated duets, for at least 17
    // of 20 first duets (each plan rests on an estimate: 7 df of processes).
    EXPECT_LT(share_same(3, 10, 0.015, 0.02, 0, 0.03), 0.5);
    int good = 0;
    for (unsigned seed = 1; seed <= 20; ++seed) {
        const auto plan = plan_decision(estimate_components(first_duet(seed, 8)), 0.03, 0.01);
        ASSERT_TRUE(plan.options[1].needed.has_value()) << seed;
        EXPECT_FALSE(plan.rough);
        const int n = static_cast<int>(*plan.options[1].needed);
        good += share_same(n, 10, 0.015, 0.02, 0, 0.03) >= 0.9;
    }
    EXPECT_GE(good, 17);
    EXPECT_TRUE(plan_decision(estimate_components(first_duet(5, 3)), 0.03, 0.01).rough);
}

TEST(NestedVariance, RoundsCannotBeatAProcessLevelThatDominates) {
    // Processes scatter by 5 % with rounds almost silent: more rounds never narrow it enough
    // to tell +-2 % from 0, more processes can.
    nested_samples x(1);
    const double levels[] = {0.05, -0.05, 0.01, -0.01};
    for (double l : levels) {
        x[0].emplace_back();
        for (int r = 0; r < 10; ++r) {
            x[0].back().push_back(l + (r % 2 ? 1e-4 : -1e-4));
        }
    }
    const auto plan = plan_decision(estimate_components(x), 0.02, 0.01);
    EXPECT_EQ(plan.dominant, "processes");
    EXPECT_FALSE(plan.options[0].needed.has_value()); // rounds alone cannot
    EXPECT_TRUE(plan.options[1].needed.has_value());
    EXPECT_GT(plan.options[1].share, 0.99);
    EXPECT_FALSE(plan.rough); // 3 df
}

TEST(NestedVariance, AFractionalMeanCountStillEndsInAWholeCount) {
    // Unbalanced processes make the rounds per process a mean (5.2): the search for the rounds
    // that decide once bisected between fractional bounds, picked a floor below its lower
    // bound and never ended (a run --duet look hung on PoCL). Every plan ends, in whole units
    // no fewer than those at hand.
    for (double rounds = 2.1; rounds < 12; rounds += 0.1) {
        for (double round_var = 1e-5; round_var < 1e-2; round_var *= 1.7) {
            variance_components v;
            v.round = round_var;
            v.round_df = 9;
            v.process = 1e-7;
            v.process_df = 9;
            v.process_means = round_var / rounds;
            v.invocations = 1;
            v.processes = 10;
            v.rounds = rounds;
            v.mean = 0.01;
            const auto plan = plan_decision(v, std::log1p(0.05), 0.01);
            if (const auto n = plan.options[0].needed) {
                EXPECT_EQ(*n, std::floor(*n)) << rounds << " " << round_var;
                EXPECT_GE(*n, std::ceil(rounds)) << rounds << " " << round_var;
            }
        }
    }
}

} // namespace
} // namespace grp
