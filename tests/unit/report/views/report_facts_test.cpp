// Numbers the report reads from a profile's free-form parts (scenario summaries, a case's
// extra) are checked before any cast to an integer: a knee of 1e300 or -5, a device index of
// 2^32 are treated as absent (a fuzzer found the unchecked cast; undefined behaviour).
#include "grp/core/checked_math.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/report/html/page.hpp"
#include "grp/report/markdown/summary.hpp"
#include "grp/report/views/report_facts.hpp"

#include <gtest/gtest.h>
#include <limits>

namespace grp::html {
namespace {

profile sweep() {
    return load_profile(std::string(GRP_TEST_DATA) + "/report/sweep.json");
}

const case_result& probe_case(const profile& p) {
    for (const auto& c : p.cases) {
        if (c.key.kernel == "wg-probe/sin_div") {
            return c;
        }
    }
    throw std::runtime_error("sweep.json has no wg-probe case");
}

TEST(report_facts, checked_count_refuses_what_a_cast_cannot_hold) {
    EXPECT_EQ(checked_count(32.0), 32u);
    EXPECT_EQ(checked_count(2.9), 2u);
    EXPECT_EQ(checked_count(0.0), 0u);
    EXPECT_EQ(checked_count(18446744073709549568.0), 18446744073709549568u); // below 2^64
    for (double bad :
         {-1.0, -0.5, 1e300, 18446744073709551616.0, std::numeric_limits<double>::infinity(),
          -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
        EXPECT_FALSE(checked_count(bad)) << bad;
    }
}

TEST(report_facts, a_knee_that_is_no_count_is_absent_and_the_device_estimate_is_used) {
    auto p = sweep();
    ASSERT_EQ(wg_probe_knee(p, probe_case(p)), 32u); // the summary's own knee
    p.devices[0].simd_width_estimate = 16;
    for (double bad : {1e300, -5.0, 0.5, 1.8446744073709552e19}) {
        p.scenarios["wg-probe"]["knee"] = bad;
        EXPECT_EQ(wg_probe_knee(p, probe_case(p)), 16u) << bad;
    }
    p.scenarios["wg-probe"]["knee"] = 64.0;
    EXPECT_EQ(wg_probe_knee(p, probe_case(p)), 64u);
}

TEST(report_facts, a_case_extra_knee_of_1e300_is_absent) {
    auto p = sweep();
    p.scenarios.erase("wg-probe");
    p.devices[0].simd_width_estimate.reset();
    auto& c = const_cast<case_result&>(probe_case(p));
    c.extra["knee"] = 1e300;
    EXPECT_FALSE(wg_probe_knee(p, c));
    c.extra["knee"] = 8;
    EXPECT_EQ(wg_probe_knee(p, c), 8u);
}

TEST(report_facts, device_indices_out_of_int_range_name_no_device) {
    EXPECT_EQ(json_device_index(nlohmann::ordered_json(0)), 0);
    EXPECT_EQ(json_device_index(nlohmann::ordered_json(3U)), 3);
    EXPECT_FALSE(json_device_index(nlohmann::ordered_json(std::uint64_t{1} << 32U)));
    EXPECT_FALSE(json_device_index(nlohmann::ordered_json(-1)));
    EXPECT_FALSE(json_device_index(nlohmann::ordered_json(0.0)));
    EXPECT_FALSE(json_device_index(nlohmann::ordered_json("0")));
    auto p = sweep();
    auto summary = nlohmann::ordered_json::object();
    summary["devices"] = {{{"device", std::uint64_t{1} << 32U}, {"knee", 4}}};
    summary["knee"] = 32;
    p.scenarios["wg-probe"] = summary;
    // 2^32 is not device 0: the summary as a whole is the one found, its knee 32.
    EXPECT_EQ(wg_probe_knee(p, probe_case(p)), 32u);
}

TEST(report_facts, report_and_summary_render_a_profile_with_a_huge_knee) {
    auto p = sweep();
    p.scenarios["wg-probe"]["knee"] = 1e300;
    p.scenarios["wg-probe"]["devices"] = {{{"device", std::uint64_t{1} << 40U}, {"knee", 1e300}}};
    const std::vector<report_input> in{{"huge.json", p}};
    page_options opt;
    const auto html = render_report(in, opt);
    EXPECT_NE(html.find("wg-probe"), std::string::npos);
    EXPECT_NE(html.find("1e+300"), std::string::npos); // shown as text in the summary
    const auto md = render_markdown_summary(in, "");
    EXPECT_NE(md.find("knee at **32** work-items"), std::string::npos) << md;
}

} // namespace
} // namespace grp::html
