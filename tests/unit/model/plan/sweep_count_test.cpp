// The sweep's size is counted before the plan is built (count_sweep), and a plan above
// --max-cases is refused with the count and its factors (plan_capped_sweep). The count must be
// exactly what plan_sweep returns, for every option that shapes the plan.
#include "grp/core/error.hpp"
#include "grp/model/plan/sweep_plan.hpp"
#include "grp/model/spec/kernel_catalog.hpp"

#include <gtest/gtest.h>
#include <set>
#include <string>

namespace grp {
namespace {

device_info device(const char* type) {
    device_info d;
    d.name = "Test Device";
    d.type = type;
    d.max_work_group_size = 1024;
    d.max_alloc_bytes = std::uint64_t{1} << 30U;
    return d;
}

TEST(sweep_plan, a_layout_no_entry_of_a_name_declares_is_one_skipped_case_not_one_per_entry) {
    // vec3_tree has an entry per layout; flat is declared by none of them.
    const auto kernels = instantiate_kernels(resolve_kernels({"vec3_tree"}, {}));
    ASSERT_GT(kernels.size(), 1U);
    sweep_options o;
    o.local_sizes = "32,64";
    o.sizes = {1000};
    o.layouts = {data_layout::flat, data_layout::aos12, data_layout::soa};
    const auto points = plan_sweep(kernels, o, device("CL_DEVICE_TYPE_CPU"));
    std::set<std::string> keys;
    for (const auto& pt : points) {
        const auto key = kernels[pt.kernel].name + "/" + to_string(pt.layout) + "/" +
                         std::to_string(pt.local_size);
        EXPECT_TRUE(keys.insert(key).second) << "planned twice: " << key;
    }
    EXPECT_EQ(keys.size(), 6U); // 3 layouts x 2 local sizes
    EXPECT_EQ(count_sweep(kernels, o, device("CL_DEVICE_TYPE_CPU")).points, points.size());
}

TEST(sweep_count, counts_what_plan_sweep_plans) {
    const auto all = instantiate_kernels(resolve_kernels({"all"}, {}));
    const auto tunable = instantiate_kernels(resolve_kernels({"tunable", "reduce2"}, {}));
    const auto defaults = resolve_kernels({}, {});
    for (const auto* dev_type : {"CL_DEVICE_TYPE_CPU", "CL_DEVICE_TYPE_GPU"}) {
        const auto dev = device(dev_type);
        for (const auto* kernels : {&all, &tunable, &defaults}) {
            for (const char* locals : {"default", "pow2", "1,8,64"}) {
                for (std::uint64_t random : {0, 1, 3}) {
                    sweep_options o;
                    o.local_sizes = locals;
                    o.random_configs = random;
                    o.types = {element_type::int32, element_type::float32};
                    o.ops = {"sum", "max"};
                    o.sizes = {1000, 4096, 1u << 20};
                    o.cache = cache_mode::both;
                    EXPECT_EQ(count_sweep(*kernels, o, dev).points,
                              plan_sweep(*kernels, o, dev).size())
                        << dev_type << " " << locals << " random:" << random;
                    o.sizes.clear();
                    o.types.clear();
                    o.cache = cache_mode::automatic;
                    EXPECT_EQ(count_sweep(*kernels, o, dev).points,
                              plan_sweep(*kernels, o, dev).size());
                }
            }
        }
    }
}

TEST(sweep_count, a_plan_above_the_cap_is_refused_with_its_count_and_factors) {
    const auto kernels = instantiate_kernels(resolve_kernels({"tunable"}, {}));
    sweep_options o;
    o.local_sizes = "pow2";
    o.sizes.assign(20000, 4096); // 20,000 sizes: refused by counting, never planned
    o.types = {element_type::int32, element_type::uint32, element_type::float32,
               element_type::float64};
    o.ops = {"sum", "min", "max", "product"};
    const auto dev = device("CL_DEVICE_TYPE_GPU");
    const auto c = count_sweep(kernels, o, dev);
    const std::uint64_t expected = kernels.size() * 4 * 4 * 20000 * 11; // local 1..1024
    EXPECT_EQ(c.points, expected);
    try {
        (void)plan_capped_sweep(kernels, o, dev, 20000);
        FAIL() << "a plan of " << c.points << " cases was accepted";
    } catch (const usage_error& e) {
        const std::string why = e.what();
        EXPECT_NE(why.find("the sweep plans " + std::to_string(expected) +
                           " cases on Test Device (up to " + std::to_string(kernels.size()) +
                           " configurations x 4 types x 4 ops x 1 layout x 20000 sizes x 11 "
                           "local sizes), more than --max-cases 20000"),
                  std::string::npos)
            << why;
        EXPECT_NE(why.find("--max-cases " + std::to_string(expected)), std::string::npos);
    }
    o.sizes = {4096};
    o.types = {element_type::int32};
    o.ops = {"sum"};
    EXPECT_EQ(plan_capped_sweep(kernels, o, dev, kernels.size() * 11).size(),
              kernels.size() * 11); // at the cap: planned
    EXPECT_THROW(plan_capped_sweep(kernels, o, dev, kernels.size() * 11 - 1), usage_error);
}

} // namespace
} // namespace grp
