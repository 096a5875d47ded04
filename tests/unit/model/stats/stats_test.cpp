// Expected values computed by hand (shown in comments) and cross-checked with numpy 1.x:
// np.percentile(x, q) (linear interpolation) and np.std(x, ddof=1).
#include "grp/model/stats/stats.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(stats, summary_of_ten_samples) {
    // 1..10 ns: median 5.5, mean 5.5, sample stddev sqrt(82.5/9) = 3.0276503540974917
    // p5 = 1 + 0.05 * 9 * (2 - 1) = 1.45, p95 = 9 + 0.55 * (10 - 9) = 9.55
    auto s = summarize({10, 9, 8, 7, 6, 5, 4, 3, 2, 1});
    EXPECT_EQ(s.count, 10u);
    EXPECT_DOUBLE_EQ(s.min_ns, 1);
    EXPECT_DOUBLE_EQ(s.max_ns, 10);
    EXPECT_DOUBLE_EQ(s.median_ns, 5.5);
    EXPECT_DOUBLE_EQ(s.mean_ns, 5.5);
    EXPECT_NEAR(s.stddev_ns, 3.0276503540974917, 1e-12);
    EXPECT_NEAR(s.p5_ns, 1.45, 1e-12);
    EXPECT_NEAR(s.p95_ns, 9.55, 1e-12);
    EXPECT_NEAR(s.cv, 3.0276503540974917 / 5.5, 1e-12);
    // rse = 1.2533 * 3.02765 / sqrt(10) / 5.5 = 0.218177
    EXPECT_NEAR(s.rse_median, 1.2533 * 3.0276503540974917 / std::sqrt(10.0) / 5.5, 1e-12);
}

TEST(stats, single_sample) {
    auto s = summarize({42});
    EXPECT_DOUBLE_EQ(s.median_ns, 42);
    EXPECT_DOUBLE_EQ(s.p5_ns, 42);
    EXPECT_DOUBLE_EQ(s.stddev_ns, 0);
    EXPECT_DOUBLE_EQ(s.rse_median, 0);
    EXPECT_TRUE(std::isinf(median_rse({42})));
}

TEST(stats, percentile_interpolates) {
    std::vector<double> v = {10, 20, 30, 40};
    EXPECT_DOUBLE_EQ(percentile_sorted(v, 0.0), 10);
    EXPECT_DOUBLE_EQ(percentile_sorted(v, 1.0), 40);
    EXPECT_DOUBLE_EQ(percentile_sorted(v, 0.5), 25);
    EXPECT_DOUBLE_EQ(percentile_sorted(v, 0.25), 17.5);
}

} // namespace
} // namespace grp
