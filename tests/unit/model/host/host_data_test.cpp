#include "grp/core/error.hpp"
#include "grp/model/host/host_data.hpp"
#include "grp/model/plan/sweep_plan.hpp"

#include <cmath>
#include <cstring>
#include <gtest/gtest.h>

namespace grp {
namespace {

float float_at(const host_bytes& b, std::size_t word) {
    float v;
    std::memcpy(&v, b.data() + word * 4, 4);
    return v;
}

TEST(host_data, values_are_never_zero_and_seeded) {
    for (auto t : all_element_types()) {
        for (std::uint64_t i = 0; i < 1000; ++i) {
            EXPECT_NE(generated_value(t, 3, i, value_kind::random), 0.0);
        }
        EXPECT_EQ(generated_value(t, 3, 17, value_kind::random),
                  generated_value(t, 3, 17, value_kind::random));
    }
    EXPECT_NE(generated_value(element_type::float32, 3, 17, value_kind::random),
              generated_value(element_type::float32, 4, 17, value_kind::random));
}

TEST(host_data, int_reference_is_the_exact_sum) {
    auto d = make_host_data(element_type::int32, data_layout::flat, 1000, 5);
    long long s = 0;
    for (std::uint64_t i = 0; i < 1000; ++i) {
        std::int32_t v;
        std::memcpy(&v, d.buffers[0].data() + 4 * i, 4);
        s += v;
    }
    EXPECT_EQ(static_cast<long long>(d.exact_sum[0]), s);
}

TEST(host_data, layouts_hold_identical_values_and_sums) {
    const std::uint64_t n = 257;
    auto a12 = make_host_data(element_type::float32, data_layout::aos12, n, 9);
    auto a16 = make_host_data(element_type::float32, data_layout::aos16, n, 9);
    auto soa = make_host_data(element_type::float32, data_layout::soa, n, 9);
    ASSERT_EQ(a12.buffers[0].size(), n * 12);
    ASSERT_EQ(a16.buffers[0].size(), n * 16);
    ASSERT_EQ(soa.buffers.size(), 3u);
    for (std::uint64_t i = 0; i < n; i += 37) {
        for (std::size_t c = 0; c < 3; ++c) {
            EXPECT_EQ(float_at(a12.buffers[0], i * 3 + c), float_at(a16.buffers[0], i * 4 + c));
            EXPECT_EQ(float_at(a12.buffers[0], i * 3 + c), float_at(soa.buffers[c], i));
        }
        EXPECT_TRUE(std::isnan(float_at(a16.buffers[0], i * 4 + 3))); // padding sentinel
    }
    for (std::size_t c = 0; c < 3; ++c) {
        EXPECT_EQ(a12.exact_sum[c], a16.exact_sum[c]);
        EXPECT_EQ(a12.exact_sum[c], soa.exact_sum[c]);
    }
}

TEST(host_data, integer_valued_floats_sum_exactly) {
    auto d = make_host_data(element_type::float32, data_layout::soa, 1000, 2,
                            value_kind::integer_valued);
    for (auto s : d.exact_sum) {
        EXPECT_EQ(s, std::floor(s));
    }
}

TEST(sweep_plan, local_sizes_and_order) {
    device_info dev;
    dev.max_work_group_size = 1024;
    dev.preferred_work_group_multiple = 96;
    EXPECT_EQ(resolve_local_sizes("pow2", dev).size(), 11u); // 1..1024
    auto all = resolve_local_sizes("all", dev);
    EXPECT_TRUE(std::find(all.begin(), all.end(), 960u) != all.end());
    EXPECT_EQ(resolve_local_sizes("256,32,32", dev), (std::vector<std::uint64_t>{32, 256}));
    EXPECT_THROW(resolve_local_sizes("0", dev), usage_error);
    dev.type = "gpu";
    dev.global_cache_bytes = 4u << 20;         // what NVIDIA reports for the H100's 50 MB L2
    EXPECT_EQ(default_size(dev, 4), 1u << 27); // 512 MiB GPU floor
    dev.global_cache_bytes = 512u << 20;
    EXPECT_EQ(default_size(dev, 4), 1u << 28); // >= 2 x the cache
    dev.type = "cpu";
    dev.global_cache_bytes = 0;                // what PoCL reports
    EXPECT_EQ(default_size(dev, 4), 1u << 25); // 128 MiB CPU floor: above this EPYC's L3
    EXPECT_EQ(default_size(dev, 8), 1u << 24);
    dev.global_cache_bytes = 300u << 20; // a CPU's report is not trusted upward (#47)
    EXPECT_EQ(default_size(dev, 4), 1u << 25);
    dev.measured_default_bytes = 32u << 20; // the measured knee decides
    EXPECT_EQ(default_size(dev, 4), 1u << 23);
    dev.measured_default_bytes = 256u << 20;
    EXPECT_EQ(default_size(dev, 4), 1u << 26);
    dev.max_alloc_bytes = 8u << 20;
    EXPECT_EQ(default_size(dev, 4), 1u << 19); // a quarter of the max allocation
}

TEST(sweep_plan, default_local_sizes_depend_on_the_device_class) {
    device_info dev;
    dev.max_work_group_size = 4096;
    dev.type = "cpu";
    EXPECT_EQ(resolve_local_sizes("default", dev), (std::vector<std::uint64_t>{1, 8}));
    dev.preferred_work_group_multiple = 16;
    EXPECT_EQ(resolve_local_sizes("default", dev), (std::vector<std::uint64_t>{1, 16}));
    dev.preferred_work_group_multiple = 1;
    EXPECT_EQ(resolve_local_sizes("default", dev), (std::vector<std::uint64_t>{1}));
    dev.type = "gpu";
    EXPECT_EQ(resolve_local_sizes("default", dev), (std::vector<std::uint64_t>{64, 256}));
    dev.type = "CL_DEVICE_TYPE_ACCELERATOR";
    EXPECT_EQ(resolve_local_sizes("default", dev), (std::vector<std::uint64_t>{64, 256}));
}

// Kernels as the catalog gives them for the default sweep: a ladder kernel and a grid-stride
// one (capped on every class) for every class, one for CPUs (capped there), one for GPUs.
std::vector<kernel_spec> default_kernels() {
    std::vector<kernel_spec> ks(4);
    ks[0].name = "ladder";
    ks[1].name = "grid_stride";
    ks[1].grid.cap.per_cu = 8;
    ks[2].name = "cpu_shaped";
    ks[2].default_classes = {"cpu"};
    ks[2].grid.by_class["cpu"].per_cu = 1;
    ks[3].name = "gpu_single";
    ks[3].default_classes = {"gpu"};
    ks[3].grid.cap.per_cu = 8;
    for (auto& k : ks) {
        k.layouts = {data_layout::flat};
        k.chosen_by_default = true;
    }
    return ks;
}

std::vector<std::string> planned(const std::vector<kernel_spec>& ks,
                                 const std::vector<sweep_point>& pts) {
    std::vector<std::string> out;
    for (const auto& p : pts) {
        out.push_back(ks[p.kernel].name + "@" + std::to_string(p.local_size));
    }
    return out;
}

TEST(sweep_plan, default_sweep_keeps_each_class_to_its_kernels) {
    auto ks = default_kernels();
    device_info dev;
    dev.max_work_group_size = 1024;
    sweep_options o;
    o.sizes = {1000};
    dev.type = "gpu";
    EXPECT_EQ(planned(ks, plan_sweep(ks, o, dev)),
              (std::vector<std::string>{"ladder@64", "ladder@256", "grid_stride@64",
                                        "grid_stride@256", "gpu_single@64", "gpu_single@256"}));
    // On a CPU, local size 1 only for the kernel with a CPU launch geometry: the uncapped ladder
    // would launch a group per element or two.
    dev.type = "cpu";
    dev.preferred_work_group_multiple = 8;
    EXPECT_EQ(
        planned(ks, plan_sweep(ks, o, dev)),
        (std::vector<std::string>{"ladder@8", "grid_stride@8", "cpu_shaped@1", "cpu_shaped@8"}));
}

TEST(sweep_plan, kernels_and_sizes_named_by_the_user_run_everywhere) {
    auto ks = default_kernels();
    for (auto& k : ks) {
        k.chosen_by_default = false; // -k ladder,grid_stride,cpu_shaped,gpu_single
    }
    device_info dev;
    dev.max_work_group_size = 1024;
    sweep_options o;
    o.sizes = {1000};
    o.local_sizes = "1";
    for (const char* type : {"gpu", "cpu"}) {
        dev.type = type;
        EXPECT_EQ(
            planned(ks, plan_sweep(ks, o, dev)),
            (std::vector<std::string>{"ladder@1", "grid_stride@1", "cpu_shaped@1", "gpu_single@1"}))
            << type;
    }
}

TEST(sweep_plan, a_kernel_with_a_fixed_local_size_runs_at_it_under_the_default_sizes) {
    std::vector<kernel_spec> ks(1);
    ks[0].name = "seed_sum";
    ks[0].layouts = {data_layout::flat};
    ks[0].local.fixed = 256;
    device_info dev;
    dev.max_work_group_size = 4096;
    dev.type = "cpu";
    sweep_options o;
    o.sizes = {256};
    EXPECT_EQ(planned(ks, plan_sweep(ks, o, dev)), (std::vector<std::string>{"seed_sum@256"}));
    o.local_sizes = "64,256"; // sizes the user names are kept: 64 is then skipped with a reason
    EXPECT_EQ(planned(ks, plan_sweep(ks, o, dev)),
              (std::vector<std::string>{"seed_sum@64", "seed_sum@256"}));
}

TEST(sweep_plan, interleaved_puts_kernels_innermost) {
    std::vector<kernel_spec> ks(2);
    ks[0].name = "a";
    ks[1].name = "b";
    ks[0].layouts = ks[1].layouts = {data_layout::flat};
    device_info dev;
    dev.max_work_group_size = 256;
    sweep_options o;
    o.local_sizes = "64,128";
    o.sizes = {1000};
    o.order = sweep_order::interleaved;
    auto pts = plan_sweep(ks, o, dev);
    ASSERT_EQ(pts.size(), 4u);
    EXPECT_EQ(pts[0].kernel, 0u);
    EXPECT_EQ(pts[1].kernel, 1u);
    EXPECT_EQ(pts[1].local_size, 64u);
    o.order = sweep_order::sequential;
    pts = plan_sweep(ks, o, dev);
    EXPECT_EQ(pts[1].kernel, 0u);
}

} // namespace
} // namespace grp
