#include "grp/model/stats/block_design.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <random>

namespace grp {
namespace {

using grid = std::vector<std::vector<std::vector<double>>>;

// cells[t][b]: block effect b * 0.7, treatment effect `effects[t]`, noise sd `sd`, `n` replicates.
grid make(const std::vector<double>& effects, std::size_t blocks, std::size_t n, double sd,
          std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> noise(0.0, sd);
    grid g(effects.size(), std::vector<std::vector<double>>(blocks));
    for (std::size_t t = 0; t < effects.size(); ++t) {
        for (std::size_t b = 0; b < blocks; ++b) {
            for (std::size_t r = 0; r < n; ++r) {
                g[t][b].push_back(0.7 * static_cast<double>(b) + effects[t] + noise(rng));
            }
        }
    }
    return g;
}

TEST(block_design, exact_data_gives_the_effects_centred) {
    const auto f = fit_block_design(make({0.1, 0.0, -0.1, 0.2}, 3, 2, 0.0, 1));
    ASSERT_EQ(f.effect.size(), 4U);
    EXPECT_NEAR(f.effect[0], 0.05, 1e-9);
    EXPECT_NEAR(f.effect[1], -0.05, 1e-9);
    EXPECT_NEAR(f.effect[2], -0.15, 1e-9);
    EXPECT_NEAR(f.effect[3], 0.15, 1e-9);
    EXPECT_NEAR(f.cell_variance, 0.0, 1e-12);
}

TEST(block_design, missing_cells_still_fit) {
    auto g = make({0.0, 0.3, 0.0}, 4, 3, 0.0, 2);
    g[1][0].clear();
    g[2][3].clear();
    const auto f = fit_block_design(g);
    EXPECT_NEAR(f.effect[1] - f.effect[0], 0.3, 1e-6);
    EXPECT_NEAR(f.effect[2] - f.effect[0], 0.0, 1e-6);
}

TEST(block_design, the_interval_covers_the_effect) {
    int covered = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        const auto f = fit_block_design(make({0.0, 0.0, 0.06, 0.0}, 3, 10, 0.01, seed));
        ASSERT_GT(f.df, 0);
        const double truth = 0.06 * 0.75; // relative to the mean of the 4 treatments
        covered += std::abs(f.effect[2] - truth) <= 2.0 * f.se[2] ? 1 : 0;
    }
    EXPECT_GE(covered, 180); // ~95 % at 2 se
}

TEST(block_design, one_treatment_has_no_effect) {
    const auto f = fit_block_design(make({0.5}, 3, 4, 0.01, 3));
    EXPECT_EQ(f.effect[0], 0.0);
    EXPECT_EQ(f.error_term, "none");
}

} // namespace
} // namespace grp
