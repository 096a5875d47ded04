#include "grp/model/plan/sweep_plan.hpp"
#include "grp/report/views/layout_summary.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

case_result layout_case(const std::string& layout, std::uint64_t local, double rec_per_s) {
    case_result c;
    c.key = make_case_key("vec3_grid", "float", layout, 1000, local);
    c.status = case_status::ok;
    c.elements_per_s = rec_per_s;
    c.gbps = rec_per_s * 12 / 1e9;
    c.summary = sample_summary{};
    c.summary->median_ns = 1000 / rec_per_s * 1e9;
    return c;
}

TEST(layout_summary, best_local_size_per_layout_and_ratio_to_soa) {
    profile p;
    p.cases = {layout_case("soa", 64, 2e9), layout_case("soa", 256, 4e9),
               layout_case("aos12", 64, 1e9), layout_case("aos16", 256, 3e9)};
    p.cases.push_back(layout_case("aos12", 256, 9e9));
    p.cases.back().status = case_status::wrong; // never the best: not verified
    auto rows = summarize_layouts(p);
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].layout, "aos12");
    EXPECT_EQ(rows[0].best_local_size, 64u);
    EXPECT_DOUBLE_EQ(*rows[0].ratio_to_soa, 0.25);
    EXPECT_EQ(rows[1].layout, "aos16");
    EXPECT_DOUBLE_EQ(*rows[1].ratio_to_soa, 0.75);
    EXPECT_EQ(rows[2].best_local_size, 256u);
    EXPECT_DOUBLE_EQ(*rows[2].ratio_to_soa, 1.0);
}

TEST(layout_summary, per_layout_entries_do_not_skip_each_other) {
    std::vector<kernel_spec> ks(3);
    ks[0].name = ks[1].name = "vec3_tree";
    ks[0].layouts = {data_layout::aos12};
    ks[1].layouts = {data_layout::soa};
    ks[2].name = "vec3_tree_float4";
    ks[2].layouts = {data_layout::aos16};
    device_info dev;
    dev.max_work_group_size = 256;
    sweep_options o;
    o.local_sizes = "64";
    o.sizes = {100};
    o.layouts = {data_layout::aos12, data_layout::soa};
    auto pts = plan_sweep(ks, o, dev);
    // vec3_tree: aos12 (entry 0) and soa (entry 1); vec3_tree_float4: both, to be skipped.
    ASSERT_EQ(pts.size(), 4u);
    EXPECT_EQ(pts[0].kernel, 0u);
    EXPECT_EQ(pts[0].layout, data_layout::aos12);
    EXPECT_EQ(pts[1].kernel, 1u);
    EXPECT_EQ(pts[1].layout, data_layout::soa);
    EXPECT_EQ(pts[2].kernel, 2u);
}

} // namespace
} // namespace grp
