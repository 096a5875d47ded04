// Tests of the change estimator against SciPy/numpy and of the properties `compare` relies on.
//
// How the expected values were obtained: tests/data/compare/inference_reference.py (SciPy
// 1.10.1, numpy 1.24.2, Debian python3-scipy), which holds the same data and shares no code with
// inference.cpp. Each case's comment names the calls. In all of them p = 2 * t.sf(|change| / se,
// df) and the interval is change -+ scipy.stats.t.ppf(0.975, df) * se; t.ppf is only good to
// ~2e-9 relative in that SciPy (see student_t_test.cpp), hence the interval's tolerance.
#include "grp/model/stats/inference.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <stdexcept>

namespace grp {
namespace {

using runs = std::vector<std::vector<double>>;

// Per-round ln(median time in ns); the script's lists of the same names.
const std::vector<double> one_base = {11.5012, 11.4987, 11.5031, 11.4979,
                                      11.5008, 11.4996, 11.5023, 11.4990};
const std::vector<double> one_cand = {11.5105, 11.5062, 11.5141, 11.5088, 11.5019, 11.5127};
const runs multi_base = {{11.5012, 11.4987, 11.5031, 11.4979, 11.5008},
                         {11.5304, 11.5281, 11.5322, 11.5297},
                         {11.4815, 11.4790, 11.4833, 11.4802, 11.4821, 11.4811}};
const runs multi_cand = {{11.5205, 11.5231, 11.5190},
                         {11.5402, 11.5371, 11.5436, 11.5389, 11.5418},
                         {11.5088},
                         {11.5296, 11.5270, 11.5311, 11.5284}};
const runs shifted_base = {{11.5012, 11.4987, 11.5031, 11.4979, 11.5008, 11.4996},
                           {11.5304, 11.5281, 11.5322, 11.5297},
                           {11.4815, 11.4790, 11.4833, 11.4802, 11.4821},
                           {11.5148, 11.5169, 11.5137}};
const std::vector<double> single_cand = {11.5402, 11.5371, 11.5436, 11.5389,
                                         11.5418, 11.5395, 11.5427};
const runs steady_base = {{11.5012, 11.4987, 11.5031, 11.4979, 11.5008},
                          {11.4998, 11.5021, 11.4985, 11.5016},
                          {11.5003, 11.4992, 11.5019, 11.4981, 11.5010, 11.4997}};
const runs one_round_run_base = {
    {11.5012, 11.4987, 11.5031, 11.4979}, {11.5304}, {11.4815, 11.4790, 11.4833}};
const variance_prior prior{3.0e-4, 12.0};

// Deterministic rounds for the property tests: centre + the run's offset + a zig-zag of
// +-amplitude (ln units) that differs between runs.
runs make_runs(double centre, const std::vector<double>& offsets, int rounds, double amplitude) {
    runs out;
    for (std::size_t j = 0; j < offsets.size(); ++j) {
        std::vector<double> run;
        for (int i = 0; i < rounds; ++i) {
            const auto zig = static_cast<double>((i * 7 + static_cast<int>(j) * 3) % 5) - 2.0;
            run.push_back(centre + offsets[j] + amplitude * zig / 2);
        }
        out.push_back(run);
    }
    return out;
}

struct expected {
    double log_change, se, df, p, ci_low, ci_high;
};

void expect_matches(const change_estimate& e, const expected& x) {
    ASSERT_TRUE(e.estimable) << e.why_not;
    EXPECT_NEAR(e.log_change, x.log_change, 1e-13);
    EXPECT_NEAR(e.std_error, x.se, 1e-11 * x.se);
    EXPECT_NEAR(e.df, x.df, 1e-10 * x.df);
    EXPECT_NEAR(e.p_value, x.p, 1e-9 * x.p);
    const double half = (x.ci_high - x.ci_low) / 2;
    EXPECT_NEAR(e.ci_low, x.ci_low, 5e-9 * half);
    EXPECT_NEAR(e.ci_high, x.ci_high, 5e-9 * half);
}

TEST(inference, one_run_each_is_welch_on_the_rounds) {
    // scipy.stats.ttest_ind(one_cand, one_base, equal_var=False): statistic 4.491649645019075,
    // pvalue 0.003731565173776281; se = change / statistic; Welch's df from the textbook formula.
    auto e = estimate_change({one_base}, {one_cand}, 0.95);
    expect_matches(e, {0.008708333333332874, 0.0019387828574274053, 6.258664943599975,
                       0.003731565173776281, 0.0040114267256633725, 0.013405239941002376});
    EXPECT_FALSE(e.between_run_estimated);
    EXPECT_EQ(e.between_run_var, 0.0);
    EXPECT_EQ(e.base_runs, 1u);
    EXPECT_EQ(e.cand_rounds, 6u);
}

TEST(inference, several_runs_on_both_sides_test_the_run_means) {
    // numpy, runmeans_case() in the script: V = max(S_m^2, mean s_j^2/r_j) of each side pooled
    // by J - 1 (df 2 + 3), se^2 = V (1/3 + 1/4). The 1-round cand run counts as a run.
    auto e = estimate_change(multi_base, multi_cand, 0.95);
    expect_matches(e, {0.02087291666666502, 0.014266569128122356, 5.0, 0.20331523658259584,
                       -0.015800466804894886, 0.057546300138224926});
    EXPECT_TRUE(e.between_run_estimated);
    // The sides' own estimates (0.0006065497777777699, df 2), (0.00017466541203702495, df 3),
    // pooled by df: numpy, own_between() in the script.
    EXPECT_NEAR(e.between_run_var, 0.0003474191583333229, 1e-15);
    EXPECT_EQ(e.cand_runs, 4u);
    EXPECT_EQ(e.cand_rounds, 13u);
}

TEST(inference, a_single_cand_run_counts_as_one_run_of_the_bases_spread) {
    // numpy (runmeans_case()): V = S_m^2 = 0.0004366469657407478 (df 3), se^2 = V (1/4 + 1).
    auto e = estimate_change(shifted_base, {single_cand}, 0.95);
    expect_matches(e, {0.03387535714285761, 0.023362549243948844, 3.0, 0.2429381996654537,
                       -0.040474701380569036, 0.10822541566628426});
    EXPECT_NEAR(e.between_run_var, 0.0004359596851851922, 1e-15);
    EXPECT_TRUE(e.between_run_estimated);
}

TEST(inference, run_means_never_vary_less_than_their_rounds_say) {
    // numpy (runmeans_case()): S_m^2 is below mean s_j^2/r_j, so V is that floor (df 2); the
    // cand's own rounds say more (s_w^2/7 > V): its term with df 6, Welch–Satterthwaite.
    auto e = estimate_change(steady_base, {single_cand}, 0.95);
    expect_matches(e, {0.040251746031746194, 0.0009755423839109183, 7.950970460399232,
                       1.4634601621182637e-10, 0.03799972433697587, 0.04250376772651652});
    EXPECT_EQ(e.between_run_var, 0.0);
}

TEST(inference, a_one_round_run_gives_its_mean_and_borrows_the_pooled_within_variance) {
    // numpy (runmeans_case()): the 1-round run's s_j^2 / r_j is the pooled within-run variance
    // / 1 (only in the floor); V = S_m^2 = 0.0006140055787037517 (df 2), se^2 = V (1/3 + 1).
    auto e = estimate_change(one_round_run_base, {single_cand}, 0.95);
    expect_matches(e, {0.036578968253968114, 0.028612481628449073, 2.0, 0.3294038969849209,
                       -0.08653060393421448, 0.1596885404421507});
    EXPECT_EQ(e.base_rounds, 8u);
}

TEST(inference, with_runs_a_prior_changes_the_reported_sigma_b_not_the_interval) {
    // The runs' own spread decides; the prior only moderates the reported sigma_b^2:
    // (12 s0^2 + 3 s_b^2) / 15 = 0.0003271919370370384.
    auto plain = estimate_change(shifted_base, {single_cand}, 0.95);
    auto e = estimate_change(shifted_base, {single_cand}, 0.95, prior);
    EXPECT_EQ(e.std_error, plain.std_error);
    EXPECT_EQ(e.df, plain.df);
    EXPECT_EQ(e.ci_low, plain.ci_low);
    EXPECT_NEAR(e.between_run_var, 0.0003271919370370384, 1e-15);
}

TEST(inference, a_prior_with_one_run_each_adds_it_to_both_sides) {
    // numpy (components_case()): se^2 = 2 s0^2 + s_wb^2/8 + s_wc^2/6,
    // df = se^4 / ((2 s0^2)^2/12 + (s_wb^2/8)^2/7 + (s_wc^2/6)^2/5).
    auto e = estimate_change({one_base}, {one_cand}, 0.95, prior);
    expect_matches(e, {0.008708333333332874, 0.02457150542738996, 12.149911835028503,
                       0.7291083018870737, -0.04475520702986761, 0.062171873696533354});
    EXPECT_TRUE(e.between_run_estimated);
    EXPECT_DOUBLE_EQ(e.between_run_var, prior.between_var);
}

TEST(inference, a_prior_moderates_the_reported_sigma_b_of_two_multi_run_sides_too) {
    // numpy (script): sigma_b^2 = (12 * 3e-4 + 5 * pooled) / 17; the interval is the runs'.
    auto e = estimate_change(multi_base, multi_cand, 0.95, prior);
    EXPECT_EQ(e.std_error, estimate_change(multi_base, multi_cand, 0.95).std_error);
    EXPECT_NEAR(e.between_run_var, 0.0003139468112745067, 1e-15);
}

TEST(inference, runs_without_rounds_are_ignored) {
    auto plain = estimate_change(shifted_base, {single_cand}, 0.9);
    runs padded = shifted_base;
    padded.insert(padded.begin() + 1, std::vector<double>{});
    auto e = estimate_change(padded, {{}, single_cand, {}}, 0.9);
    EXPECT_EQ(e.base_runs, 4u);
    EXPECT_EQ(e.cand_runs, 1u);
    EXPECT_EQ(e.std_error, plain.std_error);
    EXPECT_EQ(e.df, plain.df);
    EXPECT_EQ(e.ci_low, plain.ci_low);
}

TEST(inference, not_estimable_without_rounds_or_spread_says_which_side) {
    auto no_base = estimate_change({{}}, {one_cand}, 0.95);
    EXPECT_FALSE(no_base.estimable);
    EXPECT_NE(no_base.why_not.find("base has no rounds"), std::string::npos);
    auto single = estimate_change({one_base}, {{11.5}}, 0.95);
    EXPECT_FALSE(single.estimable);
    EXPECT_NE(single.why_not.find("cand has 1 round in 1 run"), std::string::npos);
    auto both = estimate_change({{11.4}}, {{11.5}}, 0.95);
    EXPECT_FALSE(both.estimable);
    EXPECT_NE(both.why_not.find("base has 1 round in 1 run"), std::string::npos);
    EXPECT_NEAR(both.log_change, 0.1, 1e-14); // the means are still there
    // A prior gives sigma_b^2 but not the single round's own spread.
    EXPECT_FALSE(estimate_change({{11.4}}, {{11.5}}, 0.95, prior).estimable);
    // Several base runs do not tell the spread of a 1-round cand run's mean either.
    EXPECT_FALSE(estimate_change(shifted_base, {{11.5}}, 0.95).estimable);
    EXPECT_EQ(both.p_value, 1.0);
}

TEST(inference, zero_variance_gives_p_one_or_zero_and_never_nan) {
    const runs flat = {{11.5, 11.5, 11.5}, {11.5, 11.5}};
    auto same = estimate_change(flat, flat, 0.95);
    ASSERT_TRUE(same.estimable);
    EXPECT_EQ(same.std_error, 0.0);
    EXPECT_EQ(same.p_value, 1.0);
    EXPECT_EQ(same.ci_low, 0.0);
    EXPECT_EQ(same.ci_high, 0.0);
    EXPECT_EQ(same.df, 2.0); // the run means' df: (2 - 1) + (2 - 1)
    auto moved = estimate_change({{11.5, 11.5, 11.5}}, {{11.6, 11.6}}, 0.95);
    ASSERT_TRUE(moved.estimable);
    EXPECT_EQ(moved.p_value, 0.0);
    EXPECT_EQ(moved.ci_low, moved.log_change);
    EXPECT_EQ(moved.ci_high, moved.log_change);
    EXPECT_TRUE(std::isfinite(moved.df) && moved.df > 0);
}

TEST(inference, rejects_bad_confidence_values_and_priors) {
    for (double c : {0.0, 1.0, -0.5, 1.5, std::nan("")}) {
        EXPECT_THROW(estimate_change({one_base}, {one_cand}, c), std::invalid_argument) << c;
    }
    EXPECT_THROW(estimate_change({{11.5, std::nan("")}}, {one_cand}, 0.95), std::invalid_argument);
    EXPECT_THROW(estimate_change({one_base}, {{HUGE_VAL, 1.0}}, 0.95), std::invalid_argument);
    EXPECT_THROW(estimate_change({one_base}, {one_cand}, 0.95, {-1e-4, 3}), std::invalid_argument);
    EXPECT_THROW(estimate_change({one_base}, {one_cand}, 0.95, {1e-4, -1}), std::invalid_argument);
}

TEST(inference, between_run_variance_of_one_side_and_pooling) {
    // numpy (own_between() in the script).
    auto [var, df] = between_run_variance(shifted_base);
    EXPECT_NEAR(var, 0.0004359596851851922, 1e-15);
    EXPECT_EQ(df, 3.0);
    EXPECT_EQ(between_run_variance(steady_base), (std::pair<double, double>{0.0, 2.0}));
    EXPECT_EQ(between_run_variance({one_base}), (std::pair<double, double>{0.0, 0.0}));
    // sum(v * k) / sum(k) in the script: 0.0002916666666666667, df 6; a df of 0 adds nothing.
    auto pooled = pool_between_run_variance({{2.5e-4, 3.0}, {0.0, 2.0}, {1.0e-3, 1.0}, {7e-4, 0}});
    EXPECT_NEAR(pooled.between_var, 0.0002916666666666667, 1e-18);
    EXPECT_EQ(pooled.df, 6.0);
    EXPECT_EQ(pool_between_run_variance({}).df, 0.0);
    EXPECT_THROW(pool_between_run_variance({{1e-4, -1.0}}), std::invalid_argument);
}

TEST(inference, swapping_base_and_cand_negates_the_change_and_keeps_p) {
    struct pair_case {
        runs base, cand;
        variance_prior prior;
    };
    const pair_case cases[] = {{shifted_base, {single_cand}, {}},
                               {multi_base, multi_cand, {}},
                               {{one_base}, {one_cand}, prior},
                               {one_round_run_base, {single_cand}, prior}};
    for (const auto& c : cases) {
        auto a = estimate_change(c.base, c.cand, 0.95, c.prior);
        auto b = estimate_change(c.cand, c.base, 0.95, c.prior);
        EXPECT_NEAR(b.log_change, -a.log_change, 1e-15);
        EXPECT_NEAR(b.p_value, a.p_value, 1e-15);
        EXPECT_NEAR(b.std_error, a.std_error, 1e-17);
        EXPECT_NEAR(b.df, a.df, 1e-12 * a.df);
        EXPECT_NEAR(b.ci_low, -a.ci_high, 1e-14);
        EXPECT_EQ(b.base_runs, a.cand_runs);
    }
}

TEST(inference, adding_a_constant_to_every_cand_value_shifts_the_change_by_it) {
    for (double shift : {0.05, -0.2}) {
        runs moved = multi_cand;
        for (auto& run : moved) {
            for (double& v : run) {
                v += shift;
            }
        }
        for (const runs& base : {multi_base, shifted_base}) {
            auto a = estimate_change(base, multi_cand, 0.95);
            auto b = estimate_change(base, moved, 0.95);
            EXPECT_NEAR(b.log_change, a.log_change + shift, 1e-13);
            EXPECT_NEAR(b.std_error, a.std_error, 1e-12);
            EXPECT_NEAR(b.df, a.df, 1e-8 * a.df);
        }
    }
}

TEST(inference, a_consistent_shift_in_every_round_of_every_run_is_significant) {
    // 2% slower in every round; runs differ by under 0.1%, rounds by 0.1%.
    const runs base = make_runs(11.5, {0.0005, -0.0004, 0.0002}, 10, 0.001);
    const runs cand = make_runs(11.52, {-0.0003, 0.0006, 0.0001}, 10, 0.001);
    for (const runs& c : {cand, runs{cand[0]}}) {
        auto e = estimate_change(base, c, 0.95);
        ASSERT_TRUE(e.estimable);
        EXPECT_LT(e.p_value, 0.001) << c.size() << " cand runs";
        EXPECT_GT(e.ci_low, 0.0);
    }
}

TEST(inference, run_to_run_noise_widens_the_interval_instead_of_giving_significance) {
    // Four baseline runs whose means differ by up to 5.5% with rounds tight to 0.05%, and one
    // candidate run 2% above their centre: no more than run-to-run noise.
    const runs base = make_runs(11.5, {0.03, -0.025, 0.01, -0.02}, 10, 0.0005);
    const runs cand = make_runs(11.52, {0.0}, 10, 0.0005);
    auto e = estimate_change(base, cand, 0.95);
    ASSERT_TRUE(e.estimable);
    EXPECT_GT(e.p_value, 0.05);
    EXPECT_LT(e.ci_low, 0.0);
    EXPECT_GT(e.ci_high - e.ci_low, 0.05);
    EXPECT_GT(e.between_run_var, 0.0);
    // Treating the baseline's rounds as one run would call the same data a clear regression.
    std::vector<double> flat;
    for (const auto& run : base) {
        flat.insert(flat.end(), run.begin(), run.end());
    }
    auto naive = estimate_change({flat}, cand, 0.95);
    EXPECT_LT(naive.p_value, 1e-4);
    EXPECT_LT(naive.ci_high - naive.ci_low, 0.02);
}

} // namespace
} // namespace grp
