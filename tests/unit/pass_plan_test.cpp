#include "grp/model/kernel_spec.hpp"
#include "grp/model/pass_plan.hpp"
#include "grp/model/verify.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

kernel_spec spec(std::uint64_t elems, std::uint64_t max_groups = 0, bool device = true) {
    kernel_spec k;
    k.grid.elems_per_item = elems;
    k.grid.max_groups = max_groups;
    k.finish_on_device = device;
    return k;
}

TEST(pass_plan, one_element_per_item_shrinks_by_the_local_size) {
    auto p = plan_passes(spec(1), 1 << 20, 256, 1);
    ASSERT_EQ(p.passes.size(), 3u); // 2^20 -> 4096 -> 16 -> 1
    EXPECT_EQ(p.passes[0].groups, 4096u);
    EXPECT_EQ(p.passes[0].global_size, 1u << 20);
    EXPECT_EQ(p.passes[1].n, 4096u);
    EXPECT_EQ(p.passes[2].n, 16u);
    EXPECT_EQ(p.passes[2].groups, 1u);
}

TEST(pass_plan, grid_stride_caps_groups_by_compute_units) {
    kernel_spec k = spec(2);
    k.grid.max_groups_per_cu = 8;
    EXPECT_EQ(groups_for(k.grid, 1 << 28, 256, 132), 1056u);
    auto p = plan_passes(k, 1 << 28, 256, 132);
    ASSERT_EQ(p.passes.size(), 3u); // 2^28 -> 1056 -> 3 -> 1
    EXPECT_EQ(p.passes[1].groups, 3u);
}

TEST(pass_plan, awkward_sizes) {
    auto zero = plan_passes(spec(1), 0, 64, 1);
    ASSERT_EQ(zero.passes.size(), 1u);
    EXPECT_EQ(zero.passes[0].n, 0u);
    EXPECT_EQ(zero.passes[0].groups, 1u);
    auto prime = plan_passes(spec(2), 1000003, 1, 1);
    EXPECT_TRUE(prime.skip_reason.empty());
    EXPECT_EQ(prime.passes.back().groups, 1u);
    auto stuck = plan_passes(spec(1), 100, 1, 1);
    EXPECT_FALSE(stuck.skip_reason.empty());
    EXPECT_TRUE(stuck.passes.empty());
}

TEST(pass_plan, host_finish_is_a_single_pass) {
    auto p = plan_passes(spec(1, 0, false), 10000, 256, 1);
    ASSERT_EQ(p.passes.size(), 1u);
    EXPECT_EQ(p.passes[0].groups, 40u);
}

TEST(verify, integers_exact_with_32_bit_wrap) {
    auto ok = verify_sum(element_type::int32, 5000000000.0L, 5e9L, 705032704.0, 10);
    EXPECT_TRUE(ok.ok); // 5e9 mod 2^32 = 705032704
    EXPECT_EQ(ok.tolerance, 0);
    auto off_by_one = verify_sum(element_type::uint32, 12.0L, 12.0L, 13.0, 10);
    EXPECT_FALSE(off_by_one.ok);
    EXPECT_EQ(off_by_one.abs_error, 1.0);
    auto neg = verify_sum(element_type::int32, -7.0L, 7.0L, -7.0, 1);
    EXPECT_TRUE(neg.ok);
}

TEST(verify, float_tolerance_grows_with_depth) {
    // depth 10, u = 2^-24, sum|x| = 1e6: tolerance ~ 0.596
    auto v = verify_sum(element_type::float32, 1e6L, 1e6L, 1e6 + 0.5, 10);
    EXPECT_TRUE(v.ok);
    EXPECT_NEAR(v.tolerance, 10 * 0x1.0p-24 * 1e6, 1e-6);
    EXPECT_FALSE(verify_sum(element_type::float32, 1e6L, 1e6L, 1e6 + 0.7, 10).ok);
    EXPECT_FALSE(verify_sum(element_type::float32, 1.0L, 1.0L, NAN, 10).ok);
    EXPECT_FALSE(verify_sum(element_type::float64, 1.0L, 1.0L, 1.0 + 1e-12, 10).ok);
}

TEST(verify, depth_counts_sequential_loads_tree_and_passes) {
    // pass 0: 2^20 over 1024 items -> 1024 each + log2(256) = 8 + 1; pass 1: 4 over 256 -> 1+8+1
    std::vector<pass_info> passes = {{1 << 20, 1024, 256, 4}, {4, 256, 256, 1}};
    EXPECT_EQ(summation_depth(passes, 0), (1024u + 8 + 1) + (1 + 8 + 1));
    EXPECT_EQ(summation_depth(passes, 5), (1024u + 8 + 1) + (1 + 8 + 1) + 5);
}

} // namespace
} // namespace grp
