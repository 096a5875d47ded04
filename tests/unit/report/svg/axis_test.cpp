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

// The GB/s-against-n chart: n from 2^10 to 2^26 gives 17 powers of two, thinned to every
// second one so that at most 12 remain, labelled with superscript exponents.
TEST(SvgAxis, Log2TicksOfProblemSizesAreEveryOtherPowerWithSuperscripts) {
    const auto t = log2_ticks(1024, 67108864);
    ASSERT_EQ(t.size(), 9u);
    EXPECT_EQ(t.front(), 1024);
    EXPECT_EQ(t[1], 4096);
    EXPECT_EQ(t.back(), 67108864);
    EXPECT_EQ(pow2_label(1024), "2\xC2\xB9\xE2\x81\xB0");     // 2¹⁰
    EXPECT_EQ(pow2_label(67108864), "2\xC2\xB2\xE2\x81\xB6"); // 2²⁶
    EXPECT_EQ(pow2_label(0.5), "2\xE2\x81\xBB\xC2\xB9");      // 2⁻¹
    EXPECT_EQ(pow2_label(1536), "1536");                      // not a power of two
}

TEST(SvgAxis, Log10TicksAreDecadesOrOneTwoFiveOverANarrowRange) {
    EXPECT_EQ(log10_ticks(3, 3000), (std::vector<double>{1, 10, 100, 1000, 10000}));
    EXPECT_EQ(log10_ticks(3.2, 7.9), (std::vector<double>{2, 5, 10}));
    const auto small = log10_ticks(0.012, 0.9);
    const std::vector<double> expected{0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1};
    ASSERT_EQ(small.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_NEAR(small[i], expected[i], 1e-12) << i;
    }
    EXPECT_EQ(log10_ticks(100, 100), (std::vector<double>{100}));
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
