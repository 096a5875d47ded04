#include "grp/model/measure/verify.hpp"
#include "grp/model/plan/pass_plan.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <gtest/gtest.h>
#include <stdexcept>

namespace grp {
namespace {

kernel_spec spec(std::uint64_t elems, std::uint64_t max_groups = 0, bool device = true) {
    kernel_spec k;
    k.grid.elems_per_item = elems;
    k.grid.cap.groups = max_groups;
    k.finish = device ? finish_mode::passes : finish_mode::host;
    return k;
}

// No pass of a plan launches more groups than one group could absorb: a later pass of a
// grid-stride kernel is one group, and a pass of any kernel that fits one group is one group.
void expect_no_absorbable_pass(const kernel_spec& k, const pass_plan& p) {
    for (std::size_t i = 1; i < p.passes.size(); ++i) {
        const auto& pass = p.passes[i];
        if (k.grid.cap_for("gpu").capped() || pass.n <= pass.local_size * k.grid.elems_per_item) {
            EXPECT_EQ(pass.groups, 1u) << "pass " << i << " of " << pass.n;
        }
    }
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

TEST(pass_plan, grid_stride_kernel_needs_two_passes_at_most) {
    kernel_spec k = spec(2);
    k.grid.cap.per_cu = 8;
    EXPECT_EQ(groups_for(k.grid, 1 << 28, 256, 132, "gpu"), 1056u);
    auto p = plan_passes(k, 1 << 28, 256, 132);
    ASSERT_EQ(p.passes.size(), 2u); // 2^28 -> 1056 -> 1 (0.1 launched 1056 -> 3 -> 1)
    EXPECT_EQ(p.passes[1].n, 1056u);
    EXPECT_EQ(p.passes[1].groups, 1u);
    expect_no_absorbable_pass(k, p);
}

TEST(pass_plan, no_pass_that_one_group_could_absorb) {
    for (std::uint64_t elems : {1, 2, 4}) {
        for (std::uint64_t cap : {0, 64}) {
            for (std::uint64_t local : {1, 32, 256}) {
                for (std::uint64_t n : {1ULL, 1000ULL, 65537ULL, 1ULL << 24}) {
                    const auto k = spec(elems, cap);
                    const auto p = plan_passes(k, n, local, 8);
                    if (p.skip_reason.empty()) {
                        expect_no_absorbable_pass(k, p);
                        EXPECT_EQ(p.passes.back().groups, 1u);
                    }
                }
            }
        }
    }
}

TEST(pass_plan, group_cap_follows_the_device_class) {
    kernel_spec k = spec(4);
    k.grid.cap.per_cu = 8;
    k.grid.by_class["cpu"].per_cu = 1;
    EXPECT_EQ(groups_for(k.grid, 1 << 26, 1, 2, "cpu"), 2u);
    EXPECT_EQ(groups_for(k.grid, 1 << 26, 256, 132, "gpu"), 1056u);
}

TEST(pass_plan, last_group_finish_is_one_launch) {
    kernel_spec k = spec(4, 64);
    k.finish = finish_mode::last_group;
    auto p = plan_passes(k, 1 << 20, 256, 8);
    ASSERT_EQ(p.passes.size(), 1u);
    EXPECT_EQ(p.passes[0].groups, 64u);
}

TEST(pass_plan, whole_groups_kernel_skips_other_n_with_the_reason) {
    kernel_spec k = spec(1, 0, false);
    k.sizes = size_rule::whole_groups;
    EXPECT_TRUE(plan_passes(k, 1024, 256, 1).skip_reason.empty());
    auto p = plan_passes(k, 1000, 256, 1);
    EXPECT_TRUE(p.passes.empty());
    EXPECT_NE(p.skip_reason.find("n = 1000 is not a whole number of groups of 256"),
              std::string::npos)
        << p.skip_reason;
    k.finish = finish_mode::passes; // 2^20 -> 4096 -> 16: 16 partials are no whole group
    EXPECT_NE(plan_passes(k, 1 << 20, 256, 1).skip_reason.find("pass 3"), std::string::npos);
}

TEST(pass_plan, a_declared_multiple_skips_other_n_in_every_pass) {
    kernel_spec k = spec(1, 0, false);
    k.n_multiple_of = 4;
    EXPECT_TRUE(plan_passes(k, 1024, 256, 1).skip_reason.empty());
    auto p = plan_passes(k, 1001, 256, 1);
    EXPECT_TRUE(p.passes.empty());
    EXPECT_NE(p.skip_reason.find("n = 1001 is not a multiple of 4; the spec says"),
              std::string::npos)
        << p.skip_reason;
    // 1028 -> 5 partials in pass 2, which 4 does not divide
    k.finish = finish_mode::passes;
    EXPECT_NE(plan_passes(k, 1028, 256, 1).skip_reason.find("partials in pass 2"),
              std::string::npos);
    k.finish = finish_mode::host;
    EXPECT_TRUE(plan_passes(k, 1028, 256, 1).skip_reason.empty());
}

TEST(pass_plan, pad_kernel_rounds_buffers_up_to_whole_groups) {
    kernel_spec k = spec(2, 0, false);
    k.sizes = size_rule::pad;
    auto p = plan_passes(k, 1000, 256, 1);
    ASSERT_EQ(p.passes.size(), 1u);
    EXPECT_EQ(p.passes[0].groups, 2u);
    EXPECT_EQ(padded_elements(k, p.passes[0]), 1024u);
    k.sizes = size_rule::checked;
    EXPECT_EQ(padded_elements(k, p.passes[0]), 1000u);
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
    EXPECT_TRUE(ok.ok);         // 5e9 mod 2^32 = 705032704
    EXPECT_FALSE(ok.tolerance); // exact: no tolerance at all
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
    EXPECT_NEAR(*v.tolerance, 10 * 0x1.0p-24 * 1e6, 1e-6);
    EXPECT_FALSE(verify_sum(element_type::float32, 1e6L, 1e6L, 1e6 + 0.7, 10).ok);
    EXPECT_FALSE(verify_sum(element_type::float64, 1.0L, 1.0L, 1.0 + 1e-12, 10).ok);
}

TEST(verify, non_finite_results_are_wrong_with_no_error_figures) {
    for (double bad : {NAN, INFINITY, -INFINITY}) {
        auto v = verify_sum(element_type::float32, 1.0L, 1.0L, bad, 10);
        EXPECT_FALSE(v.ok);
        EXPECT_FALSE(v.abs_error) << bad; // never a fake 0
        EXPECT_FALSE(v.rel_error) << bad;
        EXPECT_TRUE(v.tolerance);
    }
    auto zero_ref = verify_sum(element_type::float32, 0.0L, 1.0L, 0.5, 10);
    EXPECT_FALSE(zero_ref.rel_error); // undefined against a zero reference
    EXPECT_EQ(*zero_ref.abs_error, 0.5);
}

const kernel_spec& builtin(const std::string& name) {
    static const auto all = builtin_kernels();
    for (const auto& k : all) {
        if (k.name == name) {
            return k;
        }
    }
    throw std::runtime_error("no built-in " + name);
}

// The one-launch kernel: one pass at every size, its groups capped at 8 per compute unit (the
// H100 has 132), so the last group adds at most 1056 partials.
TEST(pass_plan, single_launch_kernel_is_one_pass_at_every_size) {
    const auto& k = builtin("reduce_single");
    for (std::uint64_t n : {0ULL, 1ULL, 1ULL << 16, 1ULL << 20, 1ULL << 28}) {
        const auto p = plan_passes(k, n, 256, 132, "gpu");
        ASSERT_EQ(p.passes.size(), 1u) << n;
        EXPECT_LE(p.passes[0].groups, 1056u);
    }
    EXPECT_EQ(plan_passes(k, 1ULL << 16, 256, 132, "gpu").passes[0].groups, 16u);
    EXPECT_EQ(plan_passes(k, 1ULL << 28, 256, 132, "gpu").passes[0].groups, 1056u);
}

// The CPU-shaped kernel: one group per core on a CPU, then one group over the partials; on a
// GPU (no cap there) groups follow n, and the partials still fit one group.
TEST(pass_plan, cpu_shaped_kernel_is_a_group_per_core_then_one) {
    const auto& k = builtin("reduce_chunk");
    const auto cpu = plan_passes(k, 1ULL << 25, 1, 2, "cpu");
    ASSERT_EQ(cpu.passes.size(), 2u);
    EXPECT_EQ(cpu.passes[0].groups, 2u);
    EXPECT_EQ(cpu.passes[0].global_size, 2u);
    EXPECT_EQ(cpu.passes[1].groups, 1u);
    EXPECT_EQ(plan_passes(k, 4099, 1, 2, "cpu").passes.size(), 2u);
    EXPECT_EQ(plan_passes(k, 31, 1, 2, "cpu").passes.size(), 1u); // one group holds it all
    const auto gpu = plan_passes(k, 1ULL << 28, 256, 132, "gpu");
    ASSERT_EQ(gpu.passes.size(), 2u);
    EXPECT_EQ(gpu.passes[0].groups, 256u);
    EXPECT_EQ(gpu.passes[1].groups, 1u);
}

TEST(verify, depth_counts_sequential_loads_tree_and_passes) {
    // pass 0: 2^20 over 1024 items -> 1024 each + log2(256) = 8 + 1; pass 1: 4 over 256 -> 1+8+1
    std::vector<pass_info> passes = {{1 << 20, 1024, 256, 4}, {4, 256, 256, 1}};
    EXPECT_EQ(summation_depth(passes, 0), (1024u + 8 + 1) + (1 + 8 + 1));
    EXPECT_EQ(summation_depth(passes, 5), (1024u + 8 + 1) + (1 + 8 + 1) + 5);
}

} // namespace
} // namespace grp
