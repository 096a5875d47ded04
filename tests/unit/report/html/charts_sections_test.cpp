// The report's newer charts from profiles: several profiles overlaid on one throughput chart,
// GB/s against the problem size when a sweep has several, and each case's samples as a box
// plot (on a log time axis with --log-time).
#include "grp/report/html/charts/distributions.hpp"
#include "grp/report/html/charts/energy.hpp"
#include "grp/report/html/charts/sizes.hpp"
#include "grp/report/html/charts/throughput.hpp"
#include "grp/report/html/page.hpp"
#include "grp/report/html/sections/cases.hpp"
#include "model/profile/profile_samples.hpp"

#include <algorithm>
#include <gtest/gtest.h>

namespace grp::html {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) {
        ++n;
    }
    return n;
}

// A plain sweep case of reduce6/float with samples in two rounds.
case_result sweep_case(const std::string& kernel, std::uint64_t n, std::uint64_t local,
                       double gbps) {
    case_result c;
    c.key = make_case_key(kernel, "float", "flat", n, local);
    round_record r1, r2;
    r1.samples_ns = {1000, 1100, 1050, 5000};
    r2.samples_ns = {1020, 1080};
    r2.cpu_wait = 0.5; // set aside by compare: drawn hollow
    c.rounds = {r1, r2};
    c.derive_from_rounds();
    c.bytes = n * 4;
    c.gbps = gbps;
    return c;
}

profile sweep(double scale) {
    profile p = test::rich_profile();
    p.cases.clear();
    p.kernels.clear();
    p.scenarios = nlohmann::ordered_json::object();
    for (std::uint64_t n : {1024u, 4096u, 16384u}) {
        for (std::uint64_t local : {64u, 256u}) {
            p.cases.push_back(sweep_case("reduce5", n, local, scale * n / 1024.0 + local));
            p.cases.push_back(sweep_case("reduce6", n, local, scale * n / 512.0 + local));
        }
    }
    return p;
}

/// `p` with only the cases `keep` holds for.
template <typename Keep> profile only(profile p, Keep keep) {
    p.cases.erase(std::remove_if(p.cases.begin(), p.cases.end(),
                                 [&keep](const case_result& c) { return !keep(c); }),
                  p.cases.end());
    return p;
}

TEST(ReportCharts, EnergySectionPlotsTimeAgainstJoulesWhereTheSensorsReadPower) {
    profile p = sweep(1);
    EXPECT_EQ(section_energy({"a.json", p}, ""), ""); // no sensor: no section
    for (std::size_t i = 0; i < 4; ++i) {
        p.cases[i].energy = case_energy{200.0 + static_cast<double>(i),         2e-4, 5.0, 5e9,
                                        "energy counter over 1.00 s of rounds", ""};
    }
    const auto html = section_energy({"a.json", p}, "");
    EXPECT_NE(html.find("time against energy per launch"), std::string::npos);
    EXPECT_EQ(count(html, "<tr><td>reduce"), 4U); // one table row per case with energy
    EXPECT_NE(html.find("200 uJ"), std::string::npos);
    EXPECT_NE(html.find("energy counter over 1.00 s of rounds"), std::string::npos);
}

TEST(ReportCharts, SizesChartHasEachKernelsBestPerSizeAndThePeak) {
    const std::string s = section_sizes({"a.json", sweep(1)}, "");
    EXPECT_NE(s.find("id=\"sizes\""), std::string::npos);
    EXPECT_EQ(count(s, "<svg class=\"chart\""), 1u);
    // 3 sizes x 2 kernels: one point each (the best of the two local sizes).
    EXPECT_EQ(count(s, "best at local 256"), 6u);
    EXPECT_NE(s.find("reduce6, n = 2^14, best at local 256"), std::string::npos);
    EXPECT_NE(s.find("2\xC2\xB9\xE2\x81\xB0"), std::string::npos); // the tick 2¹⁰
    EXPECT_NE(s.find("class=\"refline\""), std::string::npos);
    EXPECT_NE(s.find("measured peak read 71"), std::string::npos);
}

TEST(ReportCharts, NoSizesChartForASingleSize) {
    const profile p = only(sweep(1), [](const case_result& c) { return c.key.n == 1024; });
    EXPECT_EQ(section_sizes({"a.json", p}, ""), "");
}

TEST(ReportCharts, ThroughputDrawsEveryProfilesKernelsOnOneChart) {
    const std::vector<report_input> two{{"a.json", sweep(1)}, {"b.json", sweep(2)}};
    const std::string s = section_throughput(two);
    EXPECT_NE(s.find("id=\"throughput\""), std::string::npos);
    // One chart per family, type and n (not one per profile); each with P1 and P2's reduce5
    // and reduce6.
    EXPECT_EQ(count(s, "<svg class=\"chart\""), 3u);
    EXPECT_EQ(count(s, "<polyline"), 12u);
    EXPECT_NE(s.find(">P2 reduce6<"), std::string::npos);
    const std::string one = section_throughput({two.front()});
    EXPECT_EQ(count(one, "<svg class=\"chart\""), 3u);
    EXPECT_EQ(one.find(">P1 reduce6<"), std::string::npos);
}

// The default CPU run has one local size: a line chart would pile every kernel on one x.
TEST(ReportCharts, ThroughputAtOneLocalSizeIsBarsPerKernelAndProfile) {
    const profile p = only(sweep(1), [](const case_result& c) { return c.key.local_size == 64; });
    const std::string one = section_throughput({{"a.json", p}});
    EXPECT_EQ(count(one, "<svg class=\"chart\""), 3u);
    EXPECT_EQ(count(one, "<polyline"), 0u);
    EXPECT_EQ(count(one, "class=\"bar"), 6u); // 3 charts x 2 kernels
    EXPECT_NE(one.find("local 64 \xE2\x80\x94 bandwidth"), std::string::npos);
    const std::string three = section_throughput({{"a.json", p}, {"b.json", p}, {"c.json", p}});
    EXPECT_EQ(count(three, "<svg class=\"chart\""), 3u);
    // A bar per profile in each kernel's row (18), and a legend swatch per profile (9).
    EXPECT_EQ(count(three, "class=\"bar"), 18u + 9u);
    EXPECT_NE(three.find("P3: reduce6"), std::string::npos);
}

TEST(ReportCharts, DistributionsShowEveryCaseAndItsRoundsOnALinearOrLogAxis) {
    const std::vector<report_input> in{{"a.json", sweep(1)}};
    const std::string lin = section_distributions(in, false);
    EXPECT_NE(lin.find("id=\"samples\""), std::string::npos);
    EXPECT_EQ(count(lin, "<svg class=\"chart\""), 3u); // one per n
    EXPECT_EQ(count(lin, "class=\"iqr\""), 12u);       // one box per case
    EXPECT_EQ(count(lin, "class=\"mark hollow\""), 12u);
    EXPECT_EQ(count(lin, "class=\"mark\""), 12u);
    EXPECT_EQ(count(lin, "class=\"outlier\""), 12u); // 5000 ns, far beyond the whisker
    EXPECT_NE(lin.find("time per launch (\xC2\xB5s)"), std::string::npos);
    const std::string log = section_distributions(in, true);
    EXPECT_NE(log.find("time per launch (\xC2\xB5s, log scale)"), std::string::npos);
    // 1 to 5 µs: the log axis has 1-2-5 ticks and no 0; the linear one starts at 0.
    EXPECT_NE(log.find(">5<"), std::string::npos);
    EXPECT_EQ(log.find(">0<"), std::string::npos);
    EXPECT_NE(lin.find(">0<"), std::string::npos);
}

TEST(ReportCharts, DistributionsOfSeveralProfilesShareOneChartPerGroup) {
    const std::vector<report_input> three{
        {"a.json", sweep(1)}, {"b.json", sweep(2)}, {"c.json", sweep(3)}};
    const std::string s = section_distributions(three, false);
    EXPECT_EQ(count(s, "<svg class=\"chart\""), 3u); // one per n, not one per n and profile
    EXPECT_EQ(count(s, "class=\"iqr\""), 36u);
    EXPECT_NE(s.find("P3 reduce6 \xC2\xB7 256"), std::string::npos);
}

// #71: three configurations of one kernel (TILE = 1, 4, 8) were one line "my_sum" in the
// throughput chart and three box-plot rows "my_sum · 64" alike; each is its own now.
profile tiles() {
    profile p = only(sweep(1), [](const case_result& c) { return c.key.kernel == "reduce6"; });
    const auto plain = p.cases;
    p.cases.clear();
    for (const char* tile : {"1", "4", "8"}) {
        for (auto c : plain) {
            c.key.kernel = "my_sum";
            c.key.params["TILE"] = tile;
            p.cases.push_back(c);
        }
    }
    return p;
}

TEST(ReportCharts, EachConfigurationIsItsOwnLineAndBoxRow) {
    const std::vector<report_input> in{{"a.json", tiles()}};
    const std::string lines = section_throughput(in);
    EXPECT_EQ(count(lines, "<svg class=\"chart\""), 3u); // one per n
    EXPECT_EQ(count(lines, "<polyline"), 9u);            // 3 charts x 3 configurations
    EXPECT_NE(lines.find(">my_sum TILE=4<"), std::string::npos) << lines;
    const std::string boxes = section_distributions(in, false);
    EXPECT_NE(boxes.find("my_sum TILE=8 \xC2\xB7 256"), std::string::npos);
    EXPECT_EQ(boxes.find("my_sum \xC2\xB7 256"), std::string::npos); // an unnamed configuration
    const profile one = only(tiles(), [](const case_result& c) { return c.key.local_size == 64; });
    const std::string bars = section_throughput({{"a.json", one}});
    EXPECT_EQ(count(bars, "class=\"bar"), 9u); // 3 charts x 3 configurations
    EXPECT_NE(bars.find("my_sum TILE=1, local 64"), std::string::npos);
}

TEST(ReportSections, AllCasesHasAParamsColumnWhereACaseHasParameters) {
    const std::string with = section_cases({{"a.json", tiles()}});
    EXPECT_NE(with.find(">params<"), std::string::npos);
    EXPECT_EQ(count(with, "<td>TILE=4</td>"), 6u) << with; // 3 sizes x 2 local sizes
    const std::string without = section_cases({{"a.json", sweep(1)}});
    EXPECT_EQ(without.find(">params<"), std::string::npos);
}

} // namespace
} // namespace grp::html

namespace grp::html {
namespace {

// The newcomer walk of 2026-12-05: "Best per kernel family" named the best kernel without its
// parameters, so the winning configuration of a tuning space went unsaid.
TEST(ReportSections, BestPerFamilyNamesTheWinningConfiguration) {
    const std::string page = render_report({{"a.json", tiles()}}, page_options{});
    const auto summary = page.find("id=\"summary\"");
    ASSERT_NE(summary, std::string::npos);
    const auto end = page.find("</section>", summary);
    EXPECT_NE(page.substr(summary, end - summary).find("<td>my_sum TILE=1</td>"), std::string::npos)
        << page.substr(summary, end - summary);
}

} // namespace
} // namespace grp::html
