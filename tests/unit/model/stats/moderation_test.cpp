// Tests of the moderated run-to-run variance (moderation.hpp, and its use in inference.hpp)
// against tests/data/compare/moderation_reference.py (SciPy 1.10.1, numpy 1.24.2): the prior's
// moment equations with scipy.special, the effective number of cases with numpy, and a
// moderated change with scipy.stats.t.
#include "grp/model/stats/inference.hpp"
#include "grp/model/stats/moderation.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <stdexcept>

namespace grp {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

TEST(moderation, fitted_prior_matches_the_moment_equations) {
    // SPREAD in the script: the variances scatter more than their df explain.
    const auto fit = fit_variance_prior(
        {{1.0e-4, 4}, {4.0e-4, 4}, {2.5e-5, 4}, {9.0e-4, 4}, {1.6e-4, 2}, {3.0e-3, 6}});
    EXPECT_NEAR(fit.var, 0.00019326657956612764, 1e-12 * 0.0002);
    EXPECT_NEAR(fit.df, 1.778863327427769, 1e-10);
}

TEST(moderation, variances_that_scatter_no_more_than_sampling_give_infinite_df) {
    const auto fit = fit_variance_prior({{1.0e-4, 4}, {1.1e-4, 4}, {0.9e-4, 4}, {1.05e-4, 4}});
    EXPECT_EQ(fit.df, inf);
    EXPECT_NEAR(fit.var, 0.00013231930628155816, 1e-12 * 0.00013);
}

TEST(moderation, fewer_than_three_usable_variances_give_no_prior) {
    EXPECT_EQ(fit_variance_prior({{1e-4, 4}, {2e-4, 4}}).df, 0);
    // Zero variances and zero df are left out, not fitted as -infinity.
    EXPECT_EQ(fit_variance_prior({{1e-4, 4}, {2e-4, 4}, {0, 4}, {3e-4, 0}}).df, 0);
    EXPECT_THROW((void)fit_variance_prior({{1e-4, 4}, {inf, 4}, {2e-4, 4}}), std::invalid_argument);
}

TEST(moderation, effective_cases_matches_numpy) {
    const std::vector<std::vector<double>> rows = {{0.010, -0.004, 0.002, 0.007},
                                                   {0.012, -0.003, 0.001, 0.009},
                                                   {-0.002, 0.008, -0.006, 0.001},
                                                   {0.004, 0.004, -0.009, -0.002}};
    EXPECT_NEAR(effective_cases(rows), 2.451627017972396, 1e-12);
}

TEST(moderation, cases_that_move_as_one_count_once_and_unrelated_ones_each) {
    const std::vector<double> a = {0.01, -0.02, 0.005, 0.012};
    std::vector<std::vector<double>> same = {a, a, a, a, a};
    for (std::size_t i = 0; i < same.size(); ++i) {
        for (double& x : same[i]) {
            x *= static_cast<double>(i + 1); // scale does not matter, only the pattern
        }
    }
    EXPECT_NEAR(effective_cases(same), 1.0, 1e-12);
    const std::vector<std::vector<double>> orthogonal = {
        {1, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 3, 0}, {0, 0, 0, 4}};
    EXPECT_NEAR(effective_cases(orthogonal), 4.0, 1e-12);
    // One coordinate cannot tell cases apart; rows without spread are left out.
    EXPECT_EQ(effective_cases({{1}, {2}, {-3}}), 1.0);
    EXPECT_NEAR(effective_cases({{1, 0, 0}, {0, 1, 0}, {0, 0, 0}}), 2.0, 1e-12);
}

TEST(moderation, prior_df_is_capped_by_the_cases_that_move_together) {
    // Four cases alike in size (infinite fitted df) whose run effects are one pattern: they
    // lend each other nothing.
    const std::vector<double> pattern = {0.01, -0.02, 0.005, 0.012};
    std::vector<case_run_variance> together;
    for (double v : {1.0e-4, 1.1e-4, 0.9e-4, 1.05e-4}) {
        together.push_back({v, 4, pattern});
    }
    const auto p = moderation_prior(together);
    EXPECT_EQ(p.fitted_df, inf);
    EXPECT_NEAR(p.effective_cases, 1.0, 1e-12);
    EXPECT_EQ(p.df, 0);
    EXPECT_EQ(p.cases, 4u);
    // The same variances with unrelated run effects: d (n_eff - 1) = 4 x 3.
    const std::vector<std::vector<double>> apart = {
        {1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    for (std::size_t i = 0; i < together.size(); ++i) {
        together[i].residuals = apart[i];
    }
    const auto q = moderation_prior(together);
    EXPECT_NEAR(q.cap, 12.0, 1e-12);
    EXPECT_NEAR(q.df, 12.0, 1e-12);
    EXPECT_NEAR(q.var, 0.00013231930628155816, 1e-12 * 0.00013);
    EXPECT_NEAR(q.var_df, 16.0, 1e-12); // d n_eff
}

const std::vector<std::vector<double>> base_runs = {
    {11.5012, 11.4987, 11.5031}, {11.5304, 11.5281, 11.5322}, {11.4815, 11.4790, 11.4833}};
const std::vector<std::vector<double>> cand_runs = {
    {11.5605, 11.5631, 11.5590}, {11.5402, 11.5371, 11.5436}, {11.5496, 11.5470, 11.5511}};

TEST(moderation, run_mean_variance_gives_v_its_df_and_helmert_residuals) {
    const auto v = run_mean_variance(base_runs, cand_runs);
    ASSERT_TRUE(v.has_value());
    EXPECT_NEAR(v->var, 0.00035665444444447084, 1e-10 * 0.00036);
    EXPECT_EQ(v->df, 4);
    const double want[] = {-0.02067108823668713, 0.028046657554868744, 0.014542829466403766,
                           0.001102270384252762};
    ASSERT_EQ(v->residuals.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_NEAR(v->residuals[i], want[i], 1e-12) << i;
    }
    // One run a side is judged on rounds, not run means: nothing to moderate.
    EXPECT_FALSE(run_mean_variance({base_runs[0]}, {cand_runs[0]}).has_value());
}

TEST(moderation, a_moderated_change_matches_scipy) {
    run_mean_prior prior;
    prior.var = 2.0e-4;
    prior.df = 10;
    const auto e = estimate_change(base_runs, cand_runs, 0.99, {}, prior);
    ASSERT_TRUE(e.estimable);
    EXPECT_NEAR(e.log_change, 0.045966666666670264, 1e-12);
    EXPECT_NEAR(e.std_error, 0.012773890367945084, 1e-9 * 0.0128);
    EXPECT_NEAR(e.df, 14.0, 1e-9);
    EXPECT_NEAR(e.p_value, 0.0029072019741042806, 1e-8 * 0.0029);
    EXPECT_NEAR(e.ci_low, 0.007940803938501252, 1e-9);
    EXPECT_NEAR(e.ci_high, 0.08399252939483928, 1e-9);
    EXPECT_EQ(e.moderation_df, 10);
    // Without the prior the same data have 4 df and a wider interval.
    const auto alone = estimate_change(base_runs, cand_runs, 0.99);
    EXPECT_NEAR(alone.df, 4.0, 1e-9);
    EXPECT_GT(alone.ci_high - alone.ci_low, e.ci_high - e.ci_low);
    EXPECT_EQ(alone.moderation_df, 0);
}

TEST(moderation, an_estimated_prior_variance_costs_df) {
    // s0^2 from 8 df (moderated, var_df 8 in the script): Satterthwaite's df of the weighted
    // sum, 11.64, instead of d + d0 = 14; the same standard error.
    run_mean_prior prior;
    prior.var = 2.0e-4;
    prior.df = 10;
    prior.var_df = 8;
    const auto e = estimate_change(base_runs, cand_runs, 0.99, {}, prior);
    ASSERT_TRUE(e.estimable);
    EXPECT_NEAR(e.std_error, 0.012773890367945084, 1e-9 * 0.0128);
    EXPECT_NEAR(e.df, 11.63917327203487, 1e-9);
    EXPECT_NEAR(e.p_value, 0.0038308543682582952, 1e-8 * 0.0038);
    EXPECT_NEAR(e.ci_low, 0.006727067486250404, 1e-9);
    EXPECT_NEAR(e.ci_high, 0.08520626584709012, 1e-9);
}

} // namespace
} // namespace grp
