#include "grp/model/plan/shard_partition.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <random>
#include <set>
#include <vector>

namespace grp {
namespace {

std::vector<double> random_costs(std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::lognormal_distribution<double> cost(0.0, 1.5);
    std::vector<double> out(n);
    for (auto& c : out) {
        c = cost(rng);
    }
    return out;
}

TEST(shard_partition, disjoint_complete_and_anchors_in_every_shard) {
    const auto cost = random_costs(500, 7);
    const std::vector<std::size_t> anchors{3, 250, 499};
    for (std::size_t shards : {1U, 2U, 3U, 7U, 16U}) {
        const auto p = partition_plan(cost, anchors, shards);
        ASSERT_EQ(p.owner.size(), cost.size());
        std::vector<std::size_t> per_shard(shards, 0);
        for (std::size_t i = 0; i < cost.size(); ++i) {
            const bool anchor = std::count(anchors.begin(), anchors.end(), i) != 0;
            if (anchor) {
                EXPECT_EQ(p.owner[i], shard_partition::every_shard);
            } else {
                ASSERT_LT(p.owner[i], shards) << i; // exactly one shard: owner is one value
                ++per_shard[p.owner[i]];
            }
        }
        std::size_t total = 0;
        for (auto n : per_shard) {
            total += n;
        }
        EXPECT_EQ(total + anchors.size(), cost.size());
        EXPECT_EQ(p.anchors, anchors);
    }
}

TEST(shard_partition, balanced_within_the_largest_case) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const auto cost = random_costs(50 + seed * 37, seed);
        const double largest = *std::max_element(cost.begin(), cost.end());
        for (std::size_t shards : {2U, 3U, 4U, 8U}) {
            const auto p = partition_plan(cost, {}, shards);
            const auto [low, high] = std::minmax_element(p.load_s.begin(), p.load_s.end());
            EXPECT_LE(*high - *low, largest + 1e-9) << seed << " " << shards;
        }
    }
}

TEST(shard_partition, deterministic_and_spreads_equal_cases) {
    const std::vector<double> cost(12, 1.0); // one kernel's 12 equal configurations
    const auto a = partition_plan(cost, {}, 4);
    EXPECT_EQ(a.owner, partition_plan(cost, {}, 4).owner);
    for (std::size_t s = 0; s < 4; ++s) {
        EXPECT_EQ(std::count(a.owner.begin(), a.owner.end(), s), 3) << s;
    }
    // zero-cost cases (skipped ones) spread by count too
    const auto z = partition_plan(std::vector<double>(8, 0.0), {}, 4);
    for (std::size_t s = 0; s < 4; ++s) {
        EXPECT_EQ(std::count(z.owner.begin(), z.owner.end(), s), 2) << s;
    }
}

TEST(shard_partition, more_shards_than_cases_leaves_some_empty) {
    const auto p = partition_plan({1.0, 2.0}, {}, 5);
    EXPECT_EQ(std::count(p.load_s.begin(), p.load_s.end(), 0.0), 3);
}

TEST(shard_partition, default_anchors_spread_over_the_plan_and_skip_ineligible) {
    std::vector<double> cost(90);
    for (std::size_t i = 0; i < cost.size(); ++i) {
        cost[i] = static_cast<double>((i * 37) % 11) + 1.0;
    }
    std::vector<bool> eligible(cost.size(), true);
    eligible[0] = eligible[1] = false;
    const auto a = default_anchors(cost, eligible, 3);
    ASSERT_EQ(a.size(), 3U);
    EXPECT_TRUE(std::is_sorted(a.begin(), a.end()));
    EXPECT_LE(a[0], 30U); // one from each third of the 88 eligible: 2-30, 31-59, 60-89
    EXPECT_GE(a[1], 31U);
    EXPECT_LE(a[1], 59U);
    EXPECT_GE(a[2], 60U);
    for (auto i : a) {
        EXPECT_TRUE(eligible[i]);
    }
    EXPECT_EQ(a, default_anchors(cost, eligible, 3));
    EXPECT_TRUE(default_anchors(cost, std::vector<bool>(cost.size(), false), 3).empty());
}

TEST(shard_partition, default_anchor_count) {
    EXPECT_EQ(default_anchor_count(0), 0U);
    EXPECT_EQ(default_anchor_count(1), 1U);
    EXPECT_EQ(default_anchor_count(6), 2U);
    EXPECT_EQ(default_anchor_count(4096), 3U);
}

TEST(shard_partition, plan_hash_ignores_order_and_sees_cases) {
    const std::vector<std::set<std::string>> a{
        {"k/float/flat/n=8/local=1", "k/int/flat/n=8/local=1"}};
    auto b = a;
    EXPECT_EQ(plan_sha256(a), plan_sha256(b));
    EXPECT_EQ(plan_sha256(a).size(), 64U);
    b[0].insert("k/uint/flat/n=8/local=1");
    EXPECT_NE(plan_sha256(a), plan_sha256(b));
    EXPECT_NE(plan_sha256(a), plan_sha256({a[0], a[0]})); // a second device
}

} // namespace
} // namespace grp
