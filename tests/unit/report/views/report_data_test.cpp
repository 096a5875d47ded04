// The report's views of a profile, on the fixture profiles in tests/data/report (which must
// load: they follow profile.hpp, as `run` writes it).
#include "grp/core/error.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/report/views/report_data.hpp"
#include "grp/report/views/report_facts.hpp"

#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace grp::html {
namespace {

std::string fixture(const std::string& name) {
    return std::string(GRP_TEST_DATA) + "/report/" + name;
}

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST(ReportFixtures, EveryFixtureParsesAsAProfile) {
    for (const char* name : {"sweep.json", "sweep_b.json", "hostile.json"}) {
        const auto p = parse_profile(read(fixture(name)), name);
        EXPECT_FALSE(p.cases.empty()) << name;
        EXPECT_EQ(p.devices.size(), 1u) << name;
    }
    EXPECT_THROW(load_profile(fixture("not_json.json")), file_error);
}

TEST(ReportData, FixtureCarriesEveryFieldTheReportReads) {
    const auto p = load_profile(fixture("sweep.json"));
    ASSERT_TRUE(p.devices[0].peak);
    EXPECT_DOUBLE_EQ(p.devices[0].peak->read_gbps, 1800);
    EXPECT_EQ(p.devices[0].simd_width_estimate, 32u);
    const auto& c = p.cases.front();
    ASSERT_TRUE(c.summary);
    EXPECT_TRUE(c.gbps && c.elements_per_s && c.pct_of_peak);
    EXPECT_EQ(p.scenarios["wg-probe"]["knee"], 32);
}

TEST(ReportData, KernelFamilyComesFromTheSourceFileElseTheName) {
    const auto p = load_profile(fixture("sweep.json"));
    EXPECT_EQ(kernel_family(p, "reduce3"), "reduce");      // builtin:reduce.cl
    EXPECT_EQ(kernel_family(p, "layout_tree"), "layouts"); // builtin:layouts.cl
    EXPECT_EQ(kernel_family(p, "wg-probe/sin_div"), "wg-probe");
    EXPECT_EQ(kernel_family(p, "mykernel12"), "mykernel");
    EXPECT_EQ(kernel_family(p, "7"), "7");
}

TEST(ReportData, GroupsPlainCasesByFamilyTypeAndSize) {
    const auto p = load_profile(fixture("sweep.json"));
    const auto groups = throughput_groups(p);
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0].label, "reduce");
    EXPECT_EQ(groups[0].cases.size(), 5u * 6u + 2u); // ladder × local sizes + lockstep
    EXPECT_EQ(groups[1].label, "layouts");
    for (const auto& g : groups) {
        for (const auto* c : g.cases) {
            EXPECT_TRUE(c->scenario.empty());
        }
    }
    const auto layouts = layout_groups(p);
    ASSERT_EQ(layouts.size(), 1u);
    EXPECT_EQ(layouts[0].label, "layout_tree");
    EXPECT_EQ(layouts[0].cases.size(), 9u);
}

TEST(ReportData, ScenarioNamesInFirstSeenOrder) {
    const auto p = load_profile(fixture("sweep.json"));
    EXPECT_EQ(scenario_names(p),
              (std::vector<std::string>{"wg-probe", "barrier", "precision", "subgroups"}));
    EXPECT_EQ(scenario_cases(p, "wg-probe").size(), 9u);
    EXPECT_EQ(scenario_cases(p, "barrier").size(), 6u);
}

TEST(ReportData, BandUsesTheSlowAndFastPercentiles) {
    case_result c;
    c.summary = sample_summary{};
    c.summary->median_ns = 100;
    c.summary->p5_ns = 80;
    c.summary->p95_ns = 125;
    auto b = throughput_band(c, 10.0);
    ASSERT_TRUE(b);
    EXPECT_DOUBLE_EQ(b->low, 8);     // at the p95 (slow) time
    EXPECT_DOUBLE_EQ(b->high, 12.5); // at the p5 (fast) time
    EXPECT_FALSE(throughput_band(c, std::nullopt));
    c.summary->p5_ns = 0;
    EXPECT_FALSE(throughput_band(c, 10.0));
}

TEST(ReportData, ScenarioFactsWithFallbacks) {
    auto p = load_profile(fixture("sweep.json"));
    const auto* probe = scenario_cases(p, "wg-probe").front();
    EXPECT_EQ(wg_probe_knee(p, *probe), 32u);
    p.scenarios.erase("wg-probe");
    p.devices[0].simd_width_estimate = 64;
    EXPECT_EQ(wg_probe_knee(p, *probe), 64u);
    EXPECT_DOUBLE_EQ(*items_per_s(*probe), 2e9 / 32);

    case_result c;
    c.extra = {{"runs", 200}, {"wrong_runs", 50}};
    EXPECT_DOUBLE_EQ(*wrong_fraction(c), 0.25);
    c.extra["wrong_fraction"] = 0.5;
    EXPECT_DOUBLE_EQ(*wrong_fraction(c), 0.5);
    c.extra = nlohmann::ordered_json::object();
    EXPECT_FALSE(wrong_fraction(c));
}

TEST(ReportData, ScenarioSummaryKeptPerDevice) {
    profile p;
    p.devices.resize(2);
    p.scenarios["wg-probe"] = {
        {"rule", "doubling stops"},
        {"devices", {{{"device", 0}, {"knee", 64}}, {{"device", 1}, {"knee", 32}}}}};
    case_result c;
    c.device = 1;
    EXPECT_EQ(wg_probe_knee(p, c), 32u);
    c.device = 0;
    EXPECT_EQ(wg_probe_knee(p, c), 64u);
    c.device = 5; // no entry for it: the summary itself has no knee either
    EXPECT_FALSE(wg_probe_knee(p, c));
    EXPECT_EQ(scenario_summary_for(p, "barrier", 0), nullptr);
}

TEST(ReportData, CountsAndBestCases) {
    const auto p = load_profile(fixture("sweep.json"));
    const auto s = count_statuses(p);
    EXPECT_EQ(s.wrong, 1u);
    EXPECT_EQ(s.skipped, 1u);
    EXPECT_EQ(s.race_observed, 2u);
    EXPECT_EQ(s.total(), p.cases.size());
    const auto best = best_cases(p);
    ASSERT_EQ(best.size(), 2u);
    EXPECT_EQ(best[0]->key.kernel, "reduce6");
    for (const auto& c : p.cases) {
        if (c.scenario.empty() && c.status == case_status::ok &&
            kernel_family(p, c.key.kernel) == "reduce") {
            EXPECT_LE(*c.gbps, *best[0]->gbps);
        }
    }
}

TEST(ReportData, TextHelpers) {
    EXPECT_EQ(short_path("a/b.json", 20), "a/b.json");
    EXPECT_EQ(short_path("/very/long/directory/name/h100.json", 12), "\xE2\x80\xA6"
                                                                     "e/h100.json");
    EXPECT_EQ(format_opt(std::nullopt), "n/a");
    EXPECT_EQ(format_opt(12.345, 1), "12.3");
    nlohmann::ordered_json j = {{"a", {{"b", 1}, {"c", "x"}}}, {"d", {1, 2}}, {"e", 0.5}};
    const auto rows = flatten(j);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[0], (std::pair<std::string, std::string>{"a.b", "1"}));
    EXPECT_EQ(rows[1], (std::pair<std::string, std::string>{"a.c", "x"}));
    EXPECT_EQ(rows[2], (std::pair<std::string, std::string>{"d", "[1,2]"}));
    EXPECT_EQ(rows[3], (std::pair<std::string, std::string>{"e", "0.5"}));
}

} // namespace
} // namespace grp::html
