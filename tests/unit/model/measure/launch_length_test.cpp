#include "grp/model/measure/launch_length.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(LaunchLength, ShortLaunchesKeepTheConfiguredWarmup) {
    EXPECT_FALSE(warmup_done(2, 0, 0.0, default_long_launch_s));
    EXPECT_FALSE(warmup_done(2, 1, 0.001, default_long_launch_s));
    EXPECT_TRUE(warmup_done(2, 2, 0.001, default_long_launch_s));
}

TEST(LaunchLength, OneLongLaunchEndsTheWarmup) {
    EXPECT_TRUE(warmup_done(2, 1, 0.185, default_long_launch_s));
    EXPECT_TRUE(warmup_done(5, 1, 0.02, default_long_launch_s)); // the threshold counts as long
    EXPECT_FALSE(warmup_done(5, 1, 0.0199, default_long_launch_s));
}

TEST(LaunchLength, NoWarmupMeansNone) {
    EXPECT_TRUE(warmup_done(0, 0, 0.0, default_long_launch_s));
}

TEST(LaunchLength, OffKeepsWhatTheUserAsked) {
    EXPECT_FALSE(warmup_done(3, 1, 10.0, 0.0));
    EXPECT_EQ(min_samples_for(5, 10.0, 0.0), 5U);
}

TEST(LaunchLength, LongLaunchesNeedTwoSamples) {
    EXPECT_EQ(min_samples_for(5, 0.185, default_long_launch_s), 2U);
    EXPECT_EQ(min_samples_for(5, 0.005, default_long_launch_s), 5U);
    EXPECT_EQ(min_samples_for(1, 0.185, default_long_launch_s), 1U); // never more than asked
}

} // namespace
} // namespace grp
