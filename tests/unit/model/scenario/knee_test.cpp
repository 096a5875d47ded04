// The wg-probe knee rule on fabricated throughputs: what a GPU with 32 or 64 lanes per SIMD
// unit, a CPU and noisy measurements would produce.
#include "grp/model/scenario/knee.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

// Throughput that doubles with each doubling of the local size up to `simd`, then stays flat
// (times `after` per further doubling).
std::vector<wg_point> simd_like(std::uint64_t simd, std::uint64_t max_local, double after = 1.0) {
    std::vector<wg_point> v;
    double rate = 1e9;
    for (auto s : pow2_local_sizes(max_local)) {
        v.push_back({s, rate});
        rate *= s < simd ? 2.0 : after;
    }
    return v;
}

TEST(scenario_knee, finds_the_simd_width_of_a_fabricated_gpu) {
    EXPECT_EQ(find_knee(simd_like(32, 1024)).knee, 32u);
    EXPECT_EQ(find_knee(simd_like(64, 1024)).knee, 64u);
    EXPECT_FALSE(find_knee(simd_like(64, 1024)).lower_bound);
    // A mild gain after the knee (occupancy) stays below the 1.5 threshold.
    EXPECT_EQ(find_knee(simd_like(32, 1024, 1.3)).knee, 32u);
}

TEST(scenario_knee, speedups_are_ratios_to_the_previous_size) {
    auto r = find_knee(simd_like(4, 16));
    ASSERT_EQ(r.speedups.size(), 5u);
    EXPECT_FALSE(r.speedups[0].has_value());
    EXPECT_DOUBLE_EQ(*r.speedups[1], 2.0);
    EXPECT_DOUBLE_EQ(*r.speedups[2], 2.0);
    EXPECT_DOUBLE_EQ(*r.speedups[3], 1.0);
}

TEST(scenario_knee, threshold_is_strict_below_one_and_a_half) {
    // 1.5 exactly still counts as doubling; 1.49 does not.
    std::vector<wg_point> v = {{1, 100}, {2, 150}, {4, 223.5}, {8, 230}};
    EXPECT_EQ(find_knee(v).knee, 2u);
    v[1].items_per_s = 149;
    EXPECT_EQ(find_knee(v).knee, 1u);
}

TEST(scenario_knee, still_doubling_at_the_end_is_a_lower_bound) {
    auto r = find_knee(simd_like(4096, 256));
    EXPECT_EQ(r.knee, 256u);
    EXPECT_TRUE(r.lower_bound);
}

TEST(scenario_knee, too_few_points_or_a_gap_give_no_or_an_early_answer) {
    EXPECT_FALSE(find_knee({}).knee.has_value());
    EXPECT_FALSE(find_knee({{1, 5.0}}).knee.has_value());
    // An unmeasured size (0) ends the search: only 1 -> 2 was seen, and it doubled.
    auto r = find_knee({{1, 1.0}, {2, 2.0}, {4, 0.0}, {8, 8.0}});
    EXPECT_EQ(r.knee, 2u);
    EXPECT_TRUE(r.lower_bound);
    EXPECT_FALSE(r.speedups[2].has_value());
}

TEST(scenario_knee, local_sizes_and_work_items) {
    EXPECT_EQ(pow2_local_sizes(1), (std::vector<std::uint64_t>{1}));
    EXPECT_EQ(pow2_local_sizes(12), (std::vector<std::uint64_t>{1, 2, 4, 8}));
    EXPECT_TRUE(pow2_local_sizes(0).empty());
    EXPECT_EQ(wg_probe_work_items(132, 8192, 1024), 132u * 8192u);
    EXPECT_EQ(wg_probe_work_items(2, 512, 4096), 4096u); // at least one group of the largest size
    EXPECT_EQ(wg_probe_work_items(3, 100, 256), 512u);   // rounded up to a multiple of 256
    EXPECT_EQ(wg_probe_work_items(3, 100, 256) % 256, 0u);
}

TEST(scenario_knee, rule_text_names_the_threshold) {
    EXPECT_NE(knee_rule_text().find("< 1.5"), std::string::npos);
}

} // namespace
} // namespace grp
