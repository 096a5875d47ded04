// Axis arithmetic of the SVG charts: nice ticks, log2 ticks, scales and labels.
#include "grp/report/svg/axis.hpp"

#include <gtest/gtest.h>

namespace grp::svg {
namespace {

TEST(SvgAxis, NiceTicksCoverTheRangeWithARoundStep) {
    auto t = nice_ticks(0, 1843, 5);
    ASSERT_GE(t.size(), 3u);
    EXPECT_EQ(t.front(), 0);
    EXPECT_GE(t.back(), 1843);
    EXPECT_DOUBLE_EQ(t[1] - t[0], 500);
    EXPECT_EQ(t, (std::vector<double>{0, 500, 1000, 1500, 2000}));
}

TEST(SvgAxis, NiceTicksOfSmallFractionsHaveNoFloatingResidue) {
    auto t = nice_ticks(0, 0.37, 5);
    ASSERT_EQ(t.size(), 5u);
    EXPECT_DOUBLE_EQ(t[3], 0.3);
    EXPECT_DOUBLE_EQ(t.back(), 0.4);
}

TEST(SvgAxis, NiceTicksOfAnEmptyRangeAreStillUsable) {
    auto t = nice_ticks(0, 0, 5);
    ASSERT_GE(t.size(), 2u);
    EXPECT_GT(t.back(), t.front());
}

TEST(SvgAxis, Log2TicksArePowersOfTwoAndThinned) {
    EXPECT_EQ(log2_ticks(1, 256), (std::vector<double>{1, 2, 4, 8, 16, 32, 64, 128, 256}));
    EXPECT_EQ(log2_ticks(32, 1024), (std::vector<double>{32, 64, 128, 256, 512, 1024}));
    auto thin = log2_ticks(1, 1 << 20, 6);
    EXPECT_LE(thin.size(), 6u);
    EXPECT_EQ(thin.front(), 1);
    EXPECT_EQ(thin[1], 16); // every fourth power of two
}

TEST(SvgAxis, ScaleMapsLinearlyAndInLog2) {
    scale lin(0, 100, 300, 50); // y axis: 0 at the bottom (300), 100 at the top (50)
    EXPECT_DOUBLE_EQ(lin(0), 300);
    EXPECT_DOUBLE_EQ(lin(100), 50);
    EXPECT_DOUBLE_EQ(lin(50), 175);
    scale lg(1, 1024, 0, 100, true);
    EXPECT_DOUBLE_EQ(lg(32), 50);
    EXPECT_DOUBLE_EQ(lg(1024), 100);
}

TEST(SvgAxis, TickLabelsAreShortAndDistinct) {
    EXPECT_EQ(format_tick(0, 500), "0");
    EXPECT_EQ(format_tick(1500, 500), "1500");
    EXPECT_EQ(format_tick(25000, 5000), "25k");
    EXPECT_EQ(format_tick(0.25, 0.05), "0.25");
    EXPECT_EQ(format_tick(2.5e9, 5e8), "2.5G");
    EXPECT_EQ(format_tick(3e9, 1e9), "3G");
}

TEST(SvgAxis, ValuesHaveAboutThreeSignificantDigits) {
    EXPECT_EQ(format_value(312.44), "312");
    EXPECT_EQ(format_value(45.67), "45.7");
    EXPECT_EQ(format_value(2.0), "2");
    EXPECT_EQ(format_value(1.5e10), "15G");
    EXPECT_EQ(format_value(0.00123), "0.00123");
    EXPECT_EQ(format_value(0), "0");
}

TEST(SvgAxis, PixelsHaveOneDecimal) {
    EXPECT_EQ(px(12.0), "12");
    EXPECT_EQ(px(12.345), "12.3");
}

} // namespace
} // namespace grp::svg
