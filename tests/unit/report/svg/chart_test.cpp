// The SVG chart writer: well-formed markup, one mark per data point, escaping, axes and legends.
#include "grp/report/svg/bar_chart.hpp"
#include "grp/report/svg/chart.hpp"
#include "grp/report/svg/line_chart.hpp"

#include <gtest/gtest.h>
#include <regex>
#include <string>
#include <vector>

namespace grp::svg {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) {
        ++n;
    }
    return n;
}

// Checks that every element is closed in order: "" when balanced, else what is wrong.
std::string tag_balance(const std::string& svg) {
    std::vector<std::string> open;
    std::regex tag(R"(<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>)");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tag); it != std::sregex_iterator();
         ++it) {
        const auto& m = *it;
        const std::string name = m[2];
        const std::string attrs = m[3];
        if (m[1] == "/") {
            if (open.empty() || open.back() != name) {
                return "unexpected </" + name + ">";
            }
            open.pop_back();
        } else if (attrs.empty() || attrs.back() != '/') {
            open.push_back(name);
        }
    }
    return open.empty() ? "" : "unclosed <" + open.back() + ">";
}

double view_height(const std::string& svg) {
    std::smatch m;
    EXPECT_TRUE(std::regex_search(svg, m, std::regex(R"re(viewBox="0 0 ([0-9.]+) ([0-9.]+)")re")));
    return m.size() > 2 ? std::stod(m[2]) : 0;
}

line_chart two_series() {
    line_chart c;
    c.title = "reduce · float";
    c.x_label = "local size";
    c.y_label = "GB/s";
    series a{"reduce2", {}};
    series b{"reduce3", {}};
    for (double x : {32.0, 64.0, 128.0, 256.0}) {
        point p;
        p.x = x;
        p.y = x;
        p.y_lo = x * 0.9;
        p.y_hi = x * 1.1;
        a.points.push_back(p);
        p.y = 2 * x;
        p.y_lo.reset();
        p.y_hi.reset();
        b.points.push_back(p);
    }
    b.points[1].flagged = true;
    c.lines = {a, b};
    c.reference = reference_line{600, "peak 600 GB/s"};
    return c;
}

TEST(SvgLineChart, DrawsEveryPointErrorBarAndTheReference) {
    const auto svg = render_line_chart(two_series());
    EXPECT_EQ(tag_balance(svg), "");
    EXPECT_EQ(svg.rfind("<svg class=\"chart\"", 0), 0u);
    EXPECT_EQ(count(svg, "class=\"pt\""), 8u + 2u); // 8 points + 2 legend swatches
    EXPECT_EQ(count(svg, "class=\"err\""), 4u);     // only the first series has bands
    EXPECT_EQ(count(svg, "class=\"flag\""), 1u);
    EXPECT_EQ(count(svg, "<polyline"), 2u);
    EXPECT_EQ(count(svg, "class=\"ref\""), 1u);
    EXPECT_NE(svg.find("peak 600 GB/s"), std::string::npos);
    EXPECT_NE(svg.find("series s0"), std::string::npos);
    EXPECT_NE(svg.find("series s1"), std::string::npos);
    for (const char* tick : {">32<", ">64<", ">128<", ">256<"}) {
        EXPECT_NE(svg.find(tick), std::string::npos) << tick;
    }
}

TEST(SvgLineChart, SecondAxisShowsScaledTicks) {
    auto c = two_series();
    c.y2_factor = 0.25;
    c.y2_label = "G elements/s";
    const auto svg = render_line_chart(c);
    EXPECT_NE(svg.find("G elements/s"), std::string::npos);
    EXPECT_NE(svg.find(">150<"), std::string::npos); // the 600 GB/s tick × 0.25
}

TEST(SvgLineChart, SkipsPointsALog2AxisCannotShow) {
    line_chart c;
    c.lines = {series{"k", {point{}, point{}}}};
    c.lines[0].points[0].x = 0; // local size 0: not on a log2 axis
    c.lines[0].points[1].x = 64;
    c.lines[0].points[1].y = 5;
    const auto svg = render_line_chart(c);
    EXPECT_EQ(count(svg, "class=\"pt\""), 1u);
    EXPECT_EQ(count(svg, "<polyline"), 0u); // one point: no line
}

TEST(SvgLineChart, EmptyChartSaysNoData) {
    line_chart c;
    c.title = "nothing";
    const auto svg = render_line_chart(c);
    EXPECT_EQ(tag_balance(svg), "");
    EXPECT_NE(svg.find("no data"), std::string::npos);
}

TEST(SvgLineChart, EscapesEveryString) {
    auto c = two_series();
    c.title = "<script>alert(1)</script>";
    c.lines[0].name = "<b>\"x\"</b>";
    c.lines[0].points[0].tip = "<img src=x onerror=alert(2)>";
    c.reference->label = "'&'";
    const auto svg = render_line_chart(c);
    EXPECT_EQ(svg.find("<script"), std::string::npos);
    EXPECT_EQ(svg.find("<b>"), std::string::npos);
    EXPECT_EQ(svg.find("<img"), std::string::npos);
    EXPECT_NE(svg.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
    EXPECT_NE(svg.find("&lt;b&gt;&quot;x&quot;&lt;/b&gt;"), std::string::npos);
    EXPECT_NE(svg.find("&#39;&amp;&#39;"), std::string::npos);
    EXPECT_EQ(tag_balance(svg), "");
}

bar_chart probe_bars() {
    bar_chart b;
    b.title = "wg-probe";
    b.y_label = "G work-items/s";
    for (int l = 1; l <= 256; l *= 2) {
        b.categories.push_back(std::to_string(l));
    }
    b.values.assign(1, {});
    for (std::size_t i = 0; i < b.categories.size(); ++i) {
        b.values[0].push_back(i == 3 ? std::nullopt
                                     : std::optional<double>(1.0 + static_cast<double>(i)));
    }
    b.marker = 5;
    b.marker_label = "knee: 32";
    return b;
}

TEST(SvgBarChart, OneBarPerValueAndTheMarker) {
    auto b = probe_bars();
    b.flagged = {std::vector<bool>(b.categories.size(), false)};
    b.flagged[0][2] = true;
    const auto svg = render_bar_chart(b);
    EXPECT_EQ(tag_balance(svg), "");
    EXPECT_EQ(count(svg, "<rect class=\"bar"), 8u); // 9 categories, one missing, no legend
    EXPECT_EQ(count(svg, "flagbar"), 1u);
    EXPECT_EQ(count(svg, "class=\"markband\""), 1u);
    EXPECT_NE(svg.find(">knee: 32<"), std::string::npos);
}

TEST(SvgBarChart, GroupsHaveALegendAndFixedMaximum) {
    bar_chart b;
    b.categories = {"64", "128"};
    b.series_names = {"with barrier", "without"};
    b.values = {{0.0, 0.0}, {3.0, 37.0}};
    b.y_max = 100;
    const auto svg = render_bar_chart(b);
    EXPECT_EQ(count(svg, "<rect class=\"bar"), 4u + 2u); // bars + legend swatches
    EXPECT_NE(svg.find(">100<"), std::string::npos);
    EXPECT_NE(svg.find("without"), std::string::npos);
}

TEST(SvgHbarChart, GrowsWithRowsAndShortensLongLabels) {
    bar_chart few, many;
    few.categories = {"a", "b"};
    few.values = {{1.0, 2.0}};
    many.categories.assign(30, std::string(80, 'k') + "<x>");
    many.values = {std::vector<std::optional<double>>(30, 1.0)};
    const auto small = render_hbar_chart(few), big = render_hbar_chart(many);
    EXPECT_GT(view_height(big), view_height(small) + 400);
    EXPECT_NE(big.find("\xE2\x80\xA6"), std::string::npos);                     // shortened …
    EXPECT_NE(big.find(std::string(80, 'k') + "&lt;x&gt;"), std::string::npos); // full in title
    EXPECT_EQ(big.find("<x>"), std::string::npos);
    EXPECT_EQ(tag_balance(big), "");
}

} // namespace
} // namespace grp::svg
