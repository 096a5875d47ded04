// The markdown summary: its sections, and escaping of hostile profile strings.
#include "grp/model/profile/io.hpp"
#include "grp/report/markdown/summary.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

std::string summary(const std::vector<std::string>& names) {
    std::vector<html::report_input> in;
    in.reserve(names.size());
    for (const auto& n : names) {
        in.push_back({n, load_profile(std::string(GRP_TEST_DATA) + "/report/" + n)});
    }
    return render_markdown_summary(in, "gpu-reduce-prof test");
}

TEST(ReportMarkdown, SummarisesDevicesBestCasesScenariosAndProblems) {
    const auto md = summary({"sweep.json"});
    EXPECT_NE(md.find("| Fixture GPU 9000 | 555.42 |"), std::string::npos) << md;
    EXPECT_NE(md.find("| reduce | float | 2^24 | reduce6 | 1024 |"), std::string::npos) << md;
    EXPECT_NE(md.find("knee at **32** work-items"), std::string::npos);
    EXPECT_NE(md.find("| layout\\_tree | float | 2^22 | aos16 | 16 B | 70.7G | 256 | 0.52x |"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("| barrier/no\\_barrier | 256 | 100 | 37 | 37.0% | race-observed |"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("| const\\_1.1 | 2^20 | host\\_sequential\\_float | 1165568.5 | 0.0105 |"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("### Wrong or failed cases"), std::string::npos);
    EXPECT_NE(md.find("reduce4\\_lockstep/float/flat/n=16777216/local=64 | wrong"),
              std::string::npos);
    EXPECT_NE(md.find("1 **wrong**"), std::string::npos);
    EXPECT_EQ(md.find("### Comparison"), std::string::npos);
}

TEST(ReportMarkdown, ComparesSeveralProfiles) {
    const auto md = summary({"sweep.json", "sweep_b.json"});
    EXPECT_NE(md.find("### Comparison against P1"), std::string::npos);
    // Schema 1.x fixtures hold one burst per case: their timing compares as inconclusive.
    EXPECT_NE(md.find(" inconclusive"), std::string::npos);
    EXPECT_NE(md.find("| P2 reduce | float |"), std::string::npos) << md;
}

TEST(ReportMarkdown, HostileStringsStayText) {
    const auto md = summary({"hostile.json"});
    EXPECT_EQ(md.find("<script"), std::string::npos) << md;
    EXPECT_EQ(md.find("<img"), std::string::npos);
    EXPECT_EQ(md.find("<b>"), std::string::npos);
    EXPECT_NE(md.find("&lt;img src=x onerror=alert(2)&gt;"), std::string::npos);
    // A table row stays one row: every line of a table starts and ends with '|'.
    std::size_t start = 0;
    while (start < md.size()) {
        auto end = md.find('\n', start);
        const std::string line = md.substr(start, end - start);
        if (!line.empty() && line[0] == '|') {
            EXPECT_EQ(line.back(), '|') << line;
        }
        start = end == std::string::npos ? md.size() : end + 1;
    }
}

} // namespace
} // namespace grp

namespace grp {
namespace {

TEST(ReportMarkdown, PerDeviceScenarioSummaryOncePerDevice) {
    profile p;
    p.devices.resize(1);
    p.devices[0].info.name = "GPU <0>";
    p.scenarios["mystery"] = {
        {"rule", "r"}, {"available", false}, {"devices", {{{"device", 0}, {"available", false}}}}};
    const auto md = render_markdown_summary({{"p.json", p}}, "");
    EXPECT_NE(md.find("| rule | r |"), std::string::npos) << md;
    EXPECT_NE(md.find("| GPU &lt;0&gt;: available | false |"), std::string::npos) << md;
    EXPECT_EQ(md.find("| available | false |"), std::string::npos) << md; // not mirrored twice
    EXPECT_EQ(md.find("\"device\""), std::string::npos) << md;
}

} // namespace
} // namespace grp
