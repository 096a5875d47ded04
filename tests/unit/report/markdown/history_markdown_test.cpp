// `history --markdown`'s opening line speaks compare's vocabulary (#71): PASS, FAIL, or
// UNDECIDED exactly when history exits 8 (no series judged), never "No failing change" over a
// census of nothing judged.
#include "grp/report/console/history.hpp"
#include "grp/report/html/sections/history.hpp"
#include "grp/report/markdown/history.hpp"
#include "grp/report/text/history_text.hpp"

#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

TEST(HistoryMarkdown, NothingJudgedOpensUndecided) {
    history_result r;
    r.too_short = 2;
    EXPECT_EQ(history_verdict(r), "UNDECIDED");
    const auto md = history_markdown(r, {}, {});
    EXPECT_NE(md.find("## Performance history\n\n**UNDECIDED**: no series could be judged"),
              std::string::npos)
        << md;
    EXPECT_EQ(md.find("No failing change"), std::string::npos) << md;
}

TEST(HistoryMarkdown, AJudgedHistoryWithoutFindingsOpensPass) {
    history_result r;
    r.judged = 1;
    EXPECT_EQ(history_verdict(r), "PASS");
    EXPECT_NE(history_markdown(r, {}, {}).find("**PASS**: no failing change in the latest 20"),
              std::string::npos);
    r.expired.emplace_back("a waiver past its date");
    EXPECT_EQ(history_verdict(r), "FAIL");
}

// A step at commit bbb…, with three later profiles of one series: `later` points after it.
history_result step_at_b(std::size_t later) {
    history_result r;
    for (const char* c : {"aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "cccccccccccccccc",
                          "dddddddddddddddd", "eeeeeeeeeeeeeeee"}) {
        timeline_place p;
        p.commit = c;
        p.source = std::string(c, 3) + ".json";
        r.time.places.push_back(p);
    }
    history_series s;
    s.key = make_case_key("my_sum", "float", "flat", 4096, 64);
    s.device.model = "NVIDIA H200";
    for (std::size_t i = 0; i < 2 + later; ++i) {
        s.points.push_back({i, 1.0, 0.01, 1, 10});
    }
    r.time.series.push_back(s);
    history_finding f;
    f.kind = finding_kind::step;
    f.change = 0.12;
    f.last_good = 0;
    f.first_bad = 1;
    f.fails = true;
    r.findings.push_back(f);
    r.judged = 1;
    r.verdicts.emplace_back();
    return r;
}

// #71: a step's FAIL stays in every later commit's history; the output names the waiver that
// accepts it, ready to paste, where later profiles inherit it (not where the latest one is the
// first bad one: that is the change under review).
TEST(HistoryMarkdown, AnInheritedFailSaysWhichWaiverAcceptsIt) {
    const std::string line = "{\"case\":\"my_sum/float/flat/n=4096/local=64\",\"device\":\"*NVIDIA "
                             "H200*\",\"commit\":\"bbbbbbbbbbbb\",\"reason\":\"WHY\","
                             "\"expires\":\"YYYY-MM-DD\"}";
    const auto r = step_at_b(3);
    EXPECT_EQ(waiver_hint(r, r.findings[0]), line);
    const auto md = history_markdown(r, {}, {});
    EXPECT_NE(md.find("Later profiles inherit this FAIL; to accept it, add to a `--waivers` file"),
              std::string::npos)
        << md;
    EXPECT_NE(md.find("`" + line + "`"), std::string::npos) << md;
    std::ostringstream console;
    print_history(console, r, {}, {});
    EXPECT_NE(console.str().find("later profiles inherit this FAIL"), std::string::npos);
    EXPECT_NE(console.str().find("        " + line + "\n"), std::string::npos) << console.str();
    const auto fresh = step_at_b(0);
    EXPECT_EQ(waiver_hint(fresh, fresh.findings[0]), "");
    auto waived = step_at_b(2);
    waived.findings[0].fails = false;
    waived.findings[0].waived = "accepted (until 2027-01-31)";
    EXPECT_EQ(waiver_hint(waived, waived.findings[0]), "");
}

// #71: the HTML chart's x axis read "0 … 10"; it reads each place's commit (short), or its
// file where the profile carries none.
TEST(HistoryHtml, TheAxisNamesCommitsOrFiles) {
    auto r = step_at_b(3);
    auto html = html::history_sections(r, {});
    for (const char* c : {">aaaaaaa<", ">ccccccc<", ">eeeeeee<"}) {
        EXPECT_NE(html.find(c), std::string::npos) << c << html;
    }
    r.time.places[4].commit.clear();
    r.time.places[4].source = "perf-data:runs/eee.json";
    html = html::history_sections(r, {});
    EXPECT_NE(html.find(">eee.json<"), std::string::npos) << html;
}

} // namespace
} // namespace grp
