// Tests of the Mann–Whitney U test against values computed independently.
//
// How the expected values were obtained: tests/data/compare/mann_whitney_reference.py, a pure
// Python script written separately from mann_whitney.cpp with other algorithms (U by counting
// pairs, exact p by the textbook recursion f(m,n,u) = f(m-1,n,u-n) + f(m,n-1,u) and, for the
// small cases, by brute force over every split; the normal tail from statistics.NormalDist).
// SciPy 1.10.1 (Debian python3-scipy) `scipy.stats.mannwhitneyu(x, y, alternative="two-sided",
// method="exact"|"asymptotic", use_continuity=True)` printed the same p-values; the script
// prints both. The first two cases can also be checked by hand (see their comments).
#include "grp/model/mann_whitney.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <numeric>

namespace grp {
namespace {

// The same deterministic samples the script's formula() builds: base + (i*a % b) * c.
std::vector<double> formula(int count, int a, int b, double c, double base) {
    std::vector<double> v;
    for (int i = 0; i < count; ++i) {
        v.push_back(base + static_cast<double>(i * a % b) * c);
    }
    return v;
}

TEST(mann_whitney, counts_are_the_gaussian_binomial) {
    // By hand: the 10 ways to place 3 x's among 5 ranks give U_x = 0,1,2,2,3,3,4,4,5,6.
    EXPECT_EQ(mann_whitney_u_counts(3, 2), (std::vector<std::int64_t>{1, 1, 2, 2, 2, 1, 1}));
    EXPECT_EQ(mann_whitney_u_counts(0, 4), (std::vector<std::int64_t>{1}));
    auto big = mann_whitney_u_counts(30, 30);
    ASSERT_EQ(big.size(), 901u);
    // C(60, 30), printed by the script (math.comb).
    EXPECT_EQ(std::accumulate(big.begin(), big.end(), std::int64_t{0}), 118264581564861424LL);
    EXPECT_EQ(big[0], 1);
    EXPECT_EQ(big[1], 1);
    EXPECT_EQ(big[450 - 7], big[450 + 7]); // symmetric about m·n/2
}

TEST(mann_whitney, separated_small_samples_exact) {
    // By hand: every x below every y, so U_x = 0; only 1 of C(10,5) = 252 splits is as extreme
    // on each side, p = 2/252.
    auto r =
        mann_whitney_u(std::vector<double>{1, 2, 3, 4, 5}, std::vector<double>{6, 7, 8, 9, 10});
    EXPECT_TRUE(r.exact);
    EXPECT_DOUBLE_EQ(r.u_x, 0.0);
    EXPECT_DOUBLE_EQ(r.u_y, 25.0);
    EXPECT_NEAR(r.p_value, 0.007936507936507936, 1e-15);
    EXPECT_DOUBLE_EQ(r.prob_x_greater(), 0.0);
    // Swapping the samples swaps U and keeps p.
    auto s =
        mann_whitney_u(std::vector<double>{6, 7, 8, 9, 10}, std::vector<double>{1, 2, 3, 4, 5});
    EXPECT_DOUBLE_EQ(s.u_x, 25.0);
    EXPECT_NEAR(s.p_value, r.p_value, 1e-15);
}

TEST(mann_whitney, interleaved_small_samples_exact) {
    // By hand: pairs x > y are 0+1+3+3 = 7 of 12; P(U ≥ 7) = 15/35, doubled: 6/7.
    auto r =
        mann_whitney_u(std::vector<double>{1.5, 3.5, 6.5, 8.5}, std::vector<double>{2.5, 4.5, 5.5});
    EXPECT_TRUE(r.exact);
    EXPECT_DOUBLE_EQ(r.u_x, 7.0);
    EXPECT_NEAR(r.p_value, 0.8571428571428571, 1e-15);
}

TEST(mann_whitney, ties_use_the_corrected_normal_approximation) {
    auto r = mann_whitney_u(std::vector<double>{1, 2, 2, 3, 3, 3},
                            std::vector<double>{2, 3, 3, 4, 4, 5, 5});
    EXPECT_FALSE(r.exact);
    EXPECT_DOUBLE_EQ(r.u_x, 7.0);
    EXPECT_NEAR(r.z, 2.0013731549849734, 1e-12);
    EXPECT_NEAR(r.p_value, 0.045352191432809, 1e-12);
}

TEST(mann_whitney, thirty_each_without_ties_is_exact) {
    auto r = mann_whitney_u(formula(30, 37, 61, 1.0, 1000.0), formula(30, 53, 67, 1.0, 1010.5));
    EXPECT_TRUE(r.exact);
    EXPECT_DOUBLE_EQ(r.u_x, 279.0);
    EXPECT_NEAR(r.p_value, 0.010977327228805803, 1e-14);
}

TEST(mann_whitney, larger_samples_use_the_normal_approximation) {
    auto r = mann_whitney_u(formula(40, 37, 61, 1.0, 1000.0), formula(35, 53, 67, 1.0, 1010.5));
    EXPECT_FALSE(r.exact);
    EXPECT_DOUBLE_EQ(r.u_x, 414.0);
    EXPECT_NEAR(r.z, 3.0319771335460075, 1e-12);
    EXPECT_NEAR(r.p_value, 0.002429576079790774, 1e-12);
}

TEST(mann_whitney, nanosecond_samples_with_many_ties) {
    std::vector<std::uint64_t> x, y;
    for (double v : formula(31, 7, 11, 100.0, 10000.0)) {
        x.push_back(static_cast<std::uint64_t>(v));
    }
    for (double v : formula(31, 5, 13, 100.0, 10300.0)) {
        y.push_back(static_cast<std::uint64_t>(v));
    }
    auto r = mann_whitney_u(x, y);
    EXPECT_FALSE(r.exact);
    EXPECT_DOUBLE_EQ(r.u_x, 222.5);
    EXPECT_NEAR(r.z, 3.6350864397028513, 1e-12);
    EXPECT_NEAR(r.p_value, 0.0002778874456104141, 1e-12);
}

TEST(mann_whitney, no_evidence_gives_p_one) {
    auto equal = mann_whitney_u(std::vector<double>(8, 5.0), std::vector<double>(9, 5.0));
    EXPECT_DOUBLE_EQ(equal.p_value, 1.0);
    EXPECT_DOUBLE_EQ(equal.prob_x_greater(), 0.5);
    auto empty = mann_whitney_u(std::vector<double>{}, std::vector<double>{1, 2});
    EXPECT_DOUBLE_EQ(empty.p_value, 1.0);
    auto one_each = mann_whitney_u(std::vector<double>{1}, std::vector<double>{2});
    EXPECT_TRUE(one_each.exact);
    EXPECT_DOUBLE_EQ(one_each.p_value, 1.0); // 2 · 1/2
}

} // namespace
} // namespace grp
