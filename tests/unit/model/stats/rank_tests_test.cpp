// Tests of the rank tests behind `compare --pair` against SciPy.
//
// How the expected values were obtained: tests/data/compare/rank_reference.py with SciPy 1.10.1
// and numpy 1.24.2 (Debian python3-scipy), which shares no code with rank_tests.cpp: p-values
// from scipy.stats.wilcoxon(d) and scipy.stats.kruskal(*groups), Hodges-Lehmann estimates as
// numpy medians of the Walsh averages, intervals from the exact null distribution enumerated
// there (checked against all 2^10 sign patterns), chi-square tails from scipy.stats.chi2.sf.
#include "grp/model/stats/rank_tests.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <stdexcept>
#include <vector>

namespace grp {
namespace {

const std::vector<double> small_shift = {0.031,  -0.012, 0.054, 0.022, 0.047,
                                         -0.003, 0.061,  0.019, 0.038, 0.027};
const std::vector<double> heavy_tail = {
    0.101319, 0.052599, 0.157747, 0.159108, 0.086711, 0.131055,  0.124004, 0.037066,
    0.051197, 0.086601, 0.09147,  0.084318, 0.077518, -0.584706, 0.069367, 0.255155,
    0.024633, 0.063382, 0.099539, 0.071619, 0.110963, 0.329253,  0.149118, 0.149229,
    0.084333, 0.131666, 0.052562, 0.130946, 0.083309, 0.106888};
const std::vector<double> with_ties = {0.5, -0.5, 1.0, 1.0,  -2.0, 3.0,
                                       0.0, 4.0,  1.0, -0.5, 2.5,  1.5};

TEST(SignedRank, ExactPValueEstimateAndIntervalMatchScipy) {
    const auto r = signed_rank_test(small_shift, 0.99);
    EXPECT_TRUE(r.exact);
    EXPECT_EQ(r.n, 10U);
    EXPECT_NEAR(r.p_value, 0.009765625, 1e-15);
    EXPECT_NEAR(r.estimate, 0.029, 1e-15);
    ASSERT_TRUE(r.bounded);
    EXPECT_NEAR(r.ci_low, 0.0035, 1e-15);
    EXPECT_NEAR(r.ci_high, 0.054, 1e-15);
    const auto r90 = signed_rank_test(small_shift, 0.90);
    EXPECT_NEAR(r90.ci_low, 0.013, 1e-15);
    EXPECT_NEAR(r90.ci_high, 0.0425, 1e-15);
}

TEST(SignedRank, OneWildRoundMovesNeitherTheEstimateNorTheTestMuch) {
    const auto r = signed_rank_test(heavy_tail, 0.99);
    EXPECT_TRUE(r.exact);
    EXPECT_NEAR(r.p_value, 3.7904828786849976e-06, 1e-18);
    EXPECT_NEAR(r.estimate, 0.097164, 1e-15);
    EXPECT_NEAR(r.ci_low, 0.0733455, 1e-15);
    EXPECT_NEAR(r.ci_high, 0.1243285, 1e-15);
}

TEST(SignedRank, ZerosAndTiesUseTheNormalApproximationLikeScipy) {
    const auto r = signed_rank_test(with_ties, 0.99);
    EXPECT_FALSE(r.exact);
    EXPECT_EQ(r.n, 11U); // the zero is dropped
    EXPECT_NEAR(r.p_value, 0.06085441782734202, 1e-14);
    EXPECT_NEAR(r.estimate, 1.0, 1e-15);
    EXPECT_NEAR(r.ci_low, -0.5, 1e-15);
    EXPECT_NEAR(r.ci_high, 2.5, 1e-15);
}

TEST(SignedRank, ManyRoundsUseTheNormalApproximation) {
    const std::vector<double> d = {
        0.019169,  0.009813,  -0.016724, 0.039363,  0.035394,  0.015351,  0.008916,  -0.044246,
        -0.004309, 0.080322,  0.010472,  -0.051985, 0.086722,  0.046513,  0.125404,  0.023126,
        -0.003069, -0.052382, 0.086192,  0.148476,  -0.021047, -0.012354, 0.049809,  -0.021517,
        0.006472,  0.002508,  0.029598,  0.074741,  0.021103,  0.065946,  -0.000994, 0.03639,
        -0.086911, -0.052497, 0.059796,  -0.009507, 0.048996,  0.047117,  0.086114,  0.060593,
        0.07085,   0.014416,  -0.014914, -0.016578, -0.004402, -0.036491, -0.007372, 0.015372,
        0.032581,  0.003055,  -0.076184, 0.016386,  0.031267,  0.074224,  0.048893,  -0.012178,
        -0.016189, 0.12053,   0.057832,  0.111572};
    const auto r = signed_rank_test(d, 0.99);
    EXPECT_FALSE(r.exact);
    EXPECT_NEAR(r.p_value, 0.0017559266192262912, 1e-14);
    EXPECT_NEAR(r.estimate, 0.02122825, 1e-15);
    ASSERT_TRUE(r.bounded);
    EXPECT_NEAR(r.ci_low, 0.0041055, 1e-15);
    EXPECT_NEAR(r.ci_high, 0.0386245, 1e-15);
}

TEST(SignedRank, TooFewRoundsGiveNoIntervalAndAHonestP) {
    const auto r = signed_rank_test({0.1, 0.2, 0.3, 0.4, 0.5}, 0.99);
    EXPECT_FALSE(r.bounded); // 5 rounds: the smallest two-sided p is 2/32
    EXPECT_NEAR(r.p_value, 0.0625, 1e-15);
}

TEST(SignedRank, NullDistributionMatchesEnumeration) {
    EXPECT_NEAR(signed_rank_cdf(10, 8), 0.0244140625, 1e-15);
    EXPECT_NEAR(signed_rank_cdf(30, 100), 0.0026913899928331375, 1e-15);
    EXPECT_EQ(signed_rank_cdf(10, -1), 0.0);
    EXPECT_EQ(signed_rank_cdf(10, 55), 1.0);
}

TEST(SignedRank, RejectsNonFiniteValuesAndBadConfidence) {
    EXPECT_THROW(signed_rank_test({0.1, std::nan("")}, 0.99), std::invalid_argument);
    EXPECT_THROW(signed_rank_test({0.1, 0.2}, 1.0), std::invalid_argument);
}

TEST(KruskalWallis, MatchesScipyWithAndWithoutTies) {
    const auto r = kruskal_wallis(
        {{0.01, 0.03, -0.02, 0.05}, {0.07, 0.09, 0.04, 0.11, 0.06}, {0.0, -0.01, 0.02}});
    EXPECT_NEAR(r.h, 7.444871794871801, 1e-12);
    EXPECT_NEAR(r.p_value, 0.024175008224502685, 1e-14);
    EXPECT_EQ(r.df, 2.0);
    const auto t = kruskal_wallis({{1, 2, 2, 3}, {2, 3, 3, 4}, {1, 1, 2}});
    EXPECT_NEAR(t.h, 5.21245874587459, 1e-12);
    EXPECT_NEAR(t.p_value, 0.0738123385048676, 1e-14);
}

TEST(KruskalWallis, NothingToCompareIsNoEvidence) {
    EXPECT_EQ(kruskal_wallis({{1, 2, 3}, {}}).p_value, 1.0);
    EXPECT_EQ(kruskal_wallis({{1, 1}, {1, 1}}).p_value, 1.0);
}

TEST(ChiSquare, TailMatchesScipy) {
    EXPECT_NEAR(chi_square_sf(0.5, 1), 0.47950012218695337, 1e-14);
    EXPECT_NEAR(chi_square_sf(3.2, 2), 0.2018965179946554, 1e-14);
    EXPECT_NEAR(chi_square_sf(10.0, 3), 0.01856613546304325, 1e-15);
    EXPECT_NEAR(chi_square_sf(40.0, 7) / 1.258790387371308e-06, 1.0, 1e-12);
    EXPECT_NEAR(chi_square_sf(0.01, 5), 0.9999994699729957, 1e-14);
    EXPECT_THROW(chi_square_sf(1.0, 0), std::invalid_argument);
}

} // namespace
} // namespace grp
