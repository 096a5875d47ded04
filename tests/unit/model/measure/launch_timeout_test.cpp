// The rule behind --launch-timeout's default (max(60 s, 20 x the plan's longest launch
// estimate)) and what a hung launch leaves in the profile: its case failed with the "hung:"
// reason, replacing a partly measured record or added when the profile had none.
#include "grp/model/measure/launch_timeout.hpp"

#include <gtest/gtest.h>
#include <limits>

namespace grp {
namespace {

TEST(LaunchTimeout, DefaultIsTheFloorForShortLaunches) {
    EXPECT_DOUBLE_EQ(default_launch_timeout_s(0.0), 60.0);
    EXPECT_DOUBLE_EQ(default_launch_timeout_s(0.001), 60.0);
    EXPECT_DOUBLE_EQ(default_launch_timeout_s(3.0), 60.0); // 20 x 3 s is the floor exactly
}

TEST(LaunchTimeout, DefaultGrowsWithTheLongestLaunch) {
    EXPECT_DOUBLE_EQ(default_launch_timeout_s(4.0), 80.0);
    EXPECT_DOUBLE_EQ(default_launch_timeout_s(100.0), 2000.0);
}

TEST(LaunchTimeout, DefaultOfANonsenseEstimateIsTheFloor) {
    EXPECT_DOUBLE_EQ(default_launch_timeout_s(-1.0), 60.0);
    EXPECT_DOUBLE_EQ(default_launch_timeout_s(std::numeric_limits<double>::quiet_NaN()), 60.0);
    EXPECT_DOUBLE_EQ(default_launch_timeout_s(std::numeric_limits<double>::infinity()), 60.0);
}

TEST(LaunchTimeout, ReasonSaysHungAndTheSeconds) {
    EXPECT_EQ(hung_reason(60).rfind("hung: no completion after 60 s", 0), 0U);
    EXPECT_EQ(hung_reason(2.5).rfind("hung: no completion after 2.5 s", 0), 0U);
}

profile with_case(const case_key& k, int device, case_status status) {
    profile p;
    p.devices.resize(2);
    case_result c;
    c.key = k;
    c.device = device;
    c.status = status;
    c.build_options = "-D T=int";
    c.rounds.resize(3);
    p.cases.push_back(c);
    return p;
}

TEST(LaunchTimeout, MarkHungReplacesThePartlyMeasuredCase) {
    const auto k = make_case_key("hang_sum", "int", "flat", 5000, 1);
    auto p = with_case(k, 0, case_status::ok);
    mark_hung(p, k, 0, 3);
    ASSERT_EQ(p.cases.size(), 1U);
    EXPECT_EQ(p.cases[0].status, case_status::failed);
    EXPECT_TRUE(p.cases[0].rounds.empty()); // a case's rounds all come from one process
    EXPECT_EQ(p.cases[0].build_options, "-D T=int");
    EXPECT_TRUE(is_hung(p.cases[0]));
}

TEST(LaunchTimeout, MarkHungAddsTheCaseOfAnotherDeviceOrKey) {
    const auto k = make_case_key("hang_sum", "int", "flat", 5000, 1);
    auto p = with_case(k, 0, case_status::ok);
    mark_hung(p, k, 1, 3);
    mark_hung(p, make_case_key("hang_sum", "int", "flat", 4096, 1), 0, 3);
    ASSERT_EQ(p.cases.size(), 3U);
    EXPECT_EQ(p.cases[0].status, case_status::ok);
    EXPECT_EQ(p.cases[1].device, 1);
    EXPECT_TRUE(is_hung(p.cases[1]));
    EXPECT_TRUE(is_hung(p.cases[2]));
}

TEST(LaunchTimeout, OnlyAHungFailureIsHung) {
    case_result c;
    c.status = case_status::failed;
    c.reason = "kernel build failed";
    EXPECT_FALSE(is_hung(c));
    c.reason = hung_reason(60);
    EXPECT_TRUE(is_hung(c));
    c.status = case_status::ok;
    EXPECT_FALSE(is_hung(c));
}

} // namespace
} // namespace grp
