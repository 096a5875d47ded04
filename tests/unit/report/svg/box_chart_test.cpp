// Box plots: the five numbers against numpy, and where the chart draws them.
#include "grp/report/svg/box_chart.hpp"
#include "grp/report/svg/box_stats.hpp"
#include "grp/report/svg/chart.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <regex>
#include <string>

namespace grp::svg {
namespace {

// Expected values computed with numpy 1.24.2 (np.percentile, default linear interpolation):
//   v = [12, 3.5, 7.25, 9, 4, 5.5, 30, 6, 8.5, 5, 0.5]
//   np.percentile(v, [25, 50, 75]) -> [4.5, 6.0, 8.75]; fences 4.5 -/+ 1.5 * 4.25 ->
//   [-1.875, 15.125]; values inside: min 0.5, max 12; outside: [30]
const std::vector<double> sample{12, 3.5, 7.25, 9, 4, 5.5, 30, 6, 8.5, 5, 0.5};

TEST(BoxStats, QuartilesWhiskersAndOutliersMatchNumpy) {
    const auto b = box_stats_of(sample);
    ASSERT_TRUE(b);
    EXPECT_EQ(b->count, 11u);
    EXPECT_DOUBLE_EQ(b->q1, 4.5);
    EXPECT_DOUBLE_EQ(b->median, 6.0);
    EXPECT_DOUBLE_EQ(b->q3, 8.75);
    EXPECT_DOUBLE_EQ(b->low, 0.5);
    EXPECT_DOUBLE_EQ(b->high, 12);
    EXPECT_EQ(b->outliers, (std::vector<double>{30}));
}

// numpy: v = [100, 101, 102, 103, 104, 60, 150, 99.5] -> quartiles [99.875, 101.5, 103.25],
// fences [94.8125, 108.3125], whiskers 99.5 and 104, outliers [60, 150]. Even count, outliers
// on both sides; NaN and infinity are ignored.
TEST(BoxStats, OutliersOnBothSidesAndNonFiniteValuesIgnored) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const auto b = box_stats_of({100, 101, 102, 103, 104, 60, 150, 99.5, nan, inf});
    ASSERT_TRUE(b);
    EXPECT_EQ(b->count, 8u);
    EXPECT_DOUBLE_EQ(b->q1, 99.875);
    EXPECT_DOUBLE_EQ(b->median, 101.5);
    EXPECT_DOUBLE_EQ(b->q3, 103.25);
    EXPECT_DOUBLE_EQ(b->low, 99.5);
    EXPECT_DOUBLE_EQ(b->high, 104);
    EXPECT_EQ(b->outliers, (std::vector<double>{60, 150}));
    EXPECT_FALSE(box_stats_of({nan}));
    EXPECT_FALSE(box_stats_of({}));
}

double attr(const std::string& svg, const std::string& pattern) {
    std::smatch m;
    EXPECT_TRUE(std::regex_search(svg, m, std::regex(pattern))) << pattern;
    return m.size() > 1 ? std::stod(m[1]) : -1;
}

// The plot runs from x = 212 to 696; the linear axis from 0 to the nice tick 40 above the
// largest value (30), so value v sits at 212 + v / 40 * 484.
TEST(BoxChart, DrawsTheQuartilesWhiskersAndOutliersWhereTheyBelong) {
    box_chart c;
    c.title = "samples";
    c.x_label = "time (us)";
    c.rows.push_back({"reduce6 · 256", sample, {5, 7}, {false, true}, false, ""});
    const std::string svg = render_box_chart(c);
    auto at = [](double v) {
        return 212 + v / 40 * 484;
    };
    EXPECT_NEAR(attr(svg, R"(class="iqr" x="([0-9.]+))"), at(4.5), 0.06);
    EXPECT_NEAR(attr(svg, R"(class="iqr" x="[0-9.]+" y="[0-9.]+" width="([0-9.]+))"),
                at(8.75) - at(4.5), 0.11);
    EXPECT_NEAR(attr(svg, R"(class="med" x1="([0-9.]+))"), at(6), 0.06);
    EXPECT_NEAR(attr(svg, R"(class="whisker" d="M([0-9.]+))"), at(0.5), 0.06);
    EXPECT_NEAR(attr(svg, R"(class="outlier" cx="([0-9.]+))"), at(30), 0.06);
    EXPECT_NE(svg.find(">40<"), std::string::npos); // the axis' last tick
    EXPECT_NE(svg.find("class=\"mark hollow\""), std::string::npos);
    EXPECT_NE(svg.find("reduce6 · 256: 11 samples, median 6, quartiles 4.5"), std::string::npos);
}

TEST(BoxChart, LogAxisHasDecadeTicksAndRowsGrowTheChart) {
    box_chart c;
    c.title = "samples";
    c.x_label = "time (us, log scale)";
    c.log_x = true;
    c.rows.push_back({"fast", {3, 4, 5}, {}, {}, false, ""});
    c.rows.push_back({"slow", {2000, 3000}, {}, {}, true, ""});
    const std::string two = render_box_chart(c);
    for (const char* tick : {">1<", ">10<", ">100<", ">1000<", ">10k<"}) {
        EXPECT_NE(two.find(tick), std::string::npos) << tick;
    }
    // log10(4 / 1) / log10(10000 / 1) of the way along: the first median.
    EXPECT_NEAR(attr(two, R"(class="med" x1="([0-9.]+))"), 212 + std::log10(4.0) / 4 * 484, 0.06);
    EXPECT_NE(two.find("tick bad"), std::string::npos); // the flagged row's label
    c.rows.push_back({"empty", {}, {}, {}, false, ""});
    const std::string three = render_box_chart(c);
    EXPECT_NE(three.find("no samples"), std::string::npos);
    auto height = [&](const std::string& s) {
        return attr(s, R"re(viewBox="0 0 [0-9.]+ ([0-9.]+)")re");
    };
    EXPECT_NEAR(height(three) - height(two), 22, 0.01);
}

} // namespace
} // namespace grp::svg
