// The HTML page as a whole: self-contained, every section present, scripts allowed by their
// CSP hashes, and hostile profile strings rendered as text.
#include "grp/model/profile/io.hpp"
#include "grp/report/html/csp.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/json.hpp"
#include "grp/report/html/page.hpp"

#include <gtest/gtest.h>
#include <regex>
#include <set>

namespace grp::html {
namespace {

std::string fixture(const std::string& name) {
    return std::string(GRP_TEST_DATA) + "/report/" + name;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) {
        ++n;
    }
    return n;
}

std::string page(const std::vector<std::string>& names) {
    std::vector<report_input> in;
    in.reserve(names.size());
    for (const auto& n : names) {
        in.push_back({n, load_profile(fixture(n))});
    }
    page_options opt;
    opt.generator = "gpu-reduce-prof test";
    return render_report(in, opt);
}

TEST(ReportHtml, PageIsSelfContained) {
    const auto html = page({"sweep.json"});
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_EQ(html.find("<link"), std::string::npos);
    EXPECT_EQ(html.find(" src="), std::string::npos);
    EXPECT_EQ(html.find("@import"), std::string::npos);
    EXPECT_EQ(html.find("url("), std::string::npos);
    EXPECT_EQ(html.find("https:"), std::string::npos);
    // The only http: text is the SVG namespace name, which is an identifier, never fetched.
    EXPECT_EQ(count(html, "http:"), count(html, "xmlns=\"http://www.w3.org/2000/svg\""));
    EXPECT_NE(html.find("default-src 'none'"), std::string::npos);
    EXPECT_NE(html.find("prefers-color-scheme:dark"), std::string::npos);
    EXPECT_NE(html.find("@media print"), std::string::npos);
}

TEST(ReportHtml, EveryInlineScriptIsAllowedByItsHash) {
    const auto html = page({"sweep.json"});
    std::regex script(R"(<script>([\s\S]*?)</script>)");
    std::size_t scripts = 0;
    for (auto it = std::sregex_iterator(html.begin(), html.end(), script);
         it != std::sregex_iterator(); ++it) {
        ++scripts;
        EXPECT_NE(html.find(csp_script_hash((*it)[1].str())), std::string::npos)
            << "script " << scripts << " is not named in the Content-Security-Policy";
    }
    EXPECT_EQ(scripts, 2u);
}

TEST(ReportHtml, SingleProfileHasEverySection) {
    const auto html = page({"sweep.json"});
    for (const char* id : {"summary", "throughput", "layouts", "scenarios", "samples",
                           "verification", "context", "cases"}) {
        EXPECT_NE(html.find(std::string("<section id=\"") + id + "\""), std::string::npos) << id;
    }
    EXPECT_EQ(html.find("id=\"comparison\""), std::string::npos);
    // reduce throughput, layouts (records/s, GB/s), wg-probe, barrier, and the samples of the
    // two throughput groups (the reduce ladder and the layout kernel). One n: no size chart.
    EXPECT_EQ(count(html, "<svg class=\"chart\""), 7u);
    EXPECT_EQ(count(html, "class=\"boxplot\""), 2u);
    EXPECT_EQ(html.find("id=\"sizes\""), std::string::npos);
    EXPECT_NE(html.find(">knee: 32<"), std::string::npos);
    EXPECT_NE(html.find("<td>aos12</td><td class=\"num\" data-v=\"12\">12 B</td>"),
              std::string::npos);
    EXPECT_NE(html.find("measured peak read 1800 GB/s"), std::string::npos);
    EXPECT_NE(html.find("id=\"grp-selfcheck\""), std::string::npos);
    EXPECT_NE(html.find("table class=\"sortable cases\" id=\"case-table\""), std::string::npos);
}

TEST(ReportHtml, WrongCasesAreHighlighted) {
    const auto html = page({"sweep.json"});
    EXPECT_NE(html.find("class=\"chip st-wrong\">1 wrong"), std::string::npos);
    // In the verification table and in the all-cases table.
    EXPECT_EQ(count(html, "<tr class=\"row-st-wrong\">"), 2u);
    EXPECT_EQ(count(html, "class=\"flag\""), 1u); // the red ring on the throughput chart
    // Skipped cases are grouped by reason, not listed one by one among the problems.
    EXPECT_NE(html.find("<h3>Skipped</h3>"), std::string::npos);
    EXPECT_NE(html.find("<td>local size 32 is below the kernel&#39;s minimum 64</td>"
                        "<td class=\"num\" data-v=\"1\">1</td><td>reduce4_lockstep</td>"),
              std::string::npos);
}

TEST(ReportHtml, ScenariosRenderSpecificallyAndGenerically) {
    const auto html = page({"sweep.json"});
    EXPECT_NE(html.find("host, sequential float loop"), std::string::npos);
    EXPECT_NE(html.find("1165568.5"), std::string::npos);
    EXPECT_NE(html.find("37.0%"), std::string::npos);                // barrier wrong runs
    EXPECT_NE(html.find("sub_group_reduce_add"), std::string::npos); // generic extra column
    EXPECT_NE(html.find("sub_group_sizes"), std::string::npos);      // generic summary
}

TEST(ReportHtml, SeveralProfilesAreCompared) {
    const auto html = page({"sweep.json", "sweep_b.json"});
    EXPECT_NE(html.find("<section id=\"comparison\""), std::string::npos);
    EXPECT_NE(html.find("P2 against P1"), std::string::npos);
    // Schema 1.x fixtures hold one burst per case: their timing compares as inconclusive.
    EXPECT_NE(html.find(" inconclusive</span>"), std::string::npos);
    EXPECT_GE(count(html, "<svg class=\"chart\""), 5u + 2u + 3u);
}

// Matrix, throughput and samples are drawn once across profiles, not repeated per profile.
TEST(ReportHtml, ThreeProfilesShareTheMatrixThroughputAndSamplesSections) {
    const auto html = page({"sweep.json", "sweep_b.json", "one_local.json"});
    for (const char* id : {"matrix", "throughput", "samples"}) {
        EXPECT_EQ(count(html, "<section id=\"" + std::string(id) + "\""), 1u) << id;
        EXPECT_EQ(count(html, "href=\"#" + std::string(id) + "\""), 1u) << id;
        EXPECT_EQ(html.find("id=\"" + std::string(id) + "-p"), std::string::npos) << id;
    }
    EXPECT_NE(html.find(">P2 reduce6</th>"), std::string::npos); // a row of the shared matrix
    EXPECT_NE(html.find("local 8 \xC2\xB7 pthread-Fixture CPU \xE2\x80\x94 bandwidth"),
              std::string::npos); // one local size: bars
}

TEST(ReportHtml, HostileStringsRenderAsText) {
    const auto html = page({"hostile.json"});
    EXPECT_EQ(count(html, "<script"), 2u); // the page's own two
    for (const char* bad : {"<script>alert", "<img", "<svg onload", "<iframe", "<marquee",
                            "<b>bold", "<i>key", "</title><script>alert(6)"}) {
        EXPECT_EQ(html.find(bad), std::string::npos) << bad;
    }
    EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;"), std::string::npos);
    EXPECT_NE(html.find("&lt;img src=x onerror=alert(2)&gt;"), std::string::npos);
    EXPECT_NE(html.find("&lt;marquee&gt;host&lt;/marquee&gt;"), std::string::npos);
    EXPECT_EQ(count(html, "<title>"), count(html, "</title>"));
}

TEST(ReportHtml, ElementIdsAreUnique) {
    for (const auto& names : std::vector<std::vector<std::string>>{
             {"sweep.json"}, {"sweep.json", "sweep_b.json"}, {"hostile.json"}}) {
        const auto html = page(names);
        std::regex id(R"re(\sid="([^"]*)")re");
        std::set<std::string> seen;
        for (auto it = std::sregex_iterator(html.begin(), html.end(), id);
             it != std::sregex_iterator(); ++it) {
            EXPECT_TRUE(seen.insert((*it)[1].str()).second) << "duplicate id " << (*it)[1];
        }
        EXPECT_GT(seen.size(), 5u);
    }
}

TEST(ReportHtml, TitleOptionAndDeviceNames) {
    std::vector<report_input> in = {{"p.json", load_profile(fixture("sweep.json"))}};
    page_options opt;
    EXPECT_NE(
        render_report(in, opt).find("<title>gpu-reduce-prof report: Fixture GPU 9000</title>"),
        std::string::npos);
    opt.title = "Nightly <run>";
    EXPECT_NE(render_report(in, opt).find("<title>Nightly &lt;run&gt;</title>"), std::string::npos);
}

// #71: a duet's page opened with "Best per kernel family" crowning `base:` and `control:`
// instances. Its verdict now leads the title and the page, and nothing of a duet is crowned.
TEST(ReportHtml, ADuetPageOpensWithItsVerdict) {
    const auto duet = [](const std::string& name) {
        const auto path = std::string(GRP_TEST_DATA) + "/compare/" + name + ".json";
        return std::vector<report_input>{{name + ".json", load_profile(path)}};
    };
    page_options opt;
    const auto fail = render_report(duet("duet_controlled"), opt);
    EXPECT_NE(fail.find("<title>FAIL \xC2\xB7 duet \xC2\xB7 gpu-reduce-prof report: "),
              std::string::npos);
    const auto main = fail.find("<main>");
    EXPECT_EQ(fail.find("<section", main), fail.find("id=\"duet\"", main) - 9) << fail;
    EXPECT_NE(fail.find("<h2>Duet: FAIL</h2><p class=\"warn\"><strong>FAIL</strong></p>"),
              std::string::npos);
    EXPECT_NE(fail.find("duet_controlled.json:reduce6: 1 cases: 1 slower. FAIL"),
              std::string::npos);
    EXPECT_EQ(fail.find("Best per kernel family"), std::string::npos);
    EXPECT_EQ(fail.find("best kernel"), std::string::npos);
    EXPECT_EQ(fail.find("id=\"best-config\""), std::string::npos);
    EXPECT_EQ(fail.find("base:reduce6 has the lowest median"), std::string::npos);
    const auto biased = render_report(duet("duet_biased"), opt);
    EXPECT_NE(biased.find("<title>BIASED \xC2\xB7 duet"), std::string::npos);
    opt.title = "PR 12";
    EXPECT_NE(render_report(duet("duet_biased"), opt)
                  .find("<title>BIASED \xC2\xB7 duet \xC2\xB7 PR 12</title>"),
              std::string::npos);
    // A profile that is no duet keeps its summary and its title.
    const auto plain = render_report({{"p.json", load_profile(fixture("sweep.json"))}}, {});
    EXPECT_NE(plain.find("Best per kernel family"), std::string::npos);
    EXPECT_EQ(plain.find("duet \xC2\xB7"), std::string::npos);
}

} // namespace
} // namespace grp::html

namespace grp::html {
namespace {

TEST(ReportJsonSummary, ScalarsNestedObjectsAndRecordTables) {
    nlohmann::ordered_json j = {
        {"rule", "<b>x</b>"},
        {"limits", {{"max", 1024}}},
        {"table", {{{"local_size", 1}, {"items_per_s", 2.5}}, {{"local_size", 2}, {"ok", true}}}},
        {"devices", {{{"device", 0}, {"knee", 32}, {"table", {{{"local_size", 64}}}}}}},
    };
    const auto html = json_summary(j);
    EXPECT_NE(html.find("<th scope=\"row\">rule</th><td>&lt;b&gt;x&lt;/b&gt;</td>"),
              std::string::npos);
    EXPECT_NE(html.find("<th scope=\"row\">limits.max</th><td>1024</td>"), std::string::npos);
    // The flat records become one table with the union of their keys as columns.
    EXPECT_NE(html.find("<h5>table</h5>"), std::string::npos);
    EXPECT_NE(html.find(">items_per_s</th><th>ok</th>"), std::string::npos) << html;
    // Records holding records: one block each, their own tables inside.
    EXPECT_NE(html.find("<h5>devices #1</h5>"), std::string::npos);
    EXPECT_NE(html.find("<th scope=\"row\">knee</th><td>32</td>"), std::string::npos);
    EXPECT_EQ(html.find("<b>"), std::string::npos);
    EXPECT_EQ(json_summary(nlohmann::ordered_json()), "");
}

} // namespace
} // namespace grp::html
