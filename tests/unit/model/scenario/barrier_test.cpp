// The barrier scenario's bookkeeping: tallies of right and wrong runs, and what they make of a
// case with and without the barrier.
#include "grp/model/scenario/barrier.hpp"
#include "grp/model/scenario/summary.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(scenario_barrier, tally_counts_and_keeps_the_first_wrong_run) {
    barrier_tally t;
    t.add(10, 10);
    t.add(7, 11);
    t.add(9, 12);
    t.add(13, 13);
    EXPECT_EQ(t.runs(), 4u);
    EXPECT_EQ(t.wrong_runs(), 2u);
    EXPECT_DOUBLE_EQ(t.wrong_fraction(), 0.5);
    EXPECT_EQ(t.example_wrong(), 7);
    EXPECT_EQ(t.example_expected(), 11);
    EXPECT_EQ(barrier_tally{}.wrong_fraction(), 0.0);
}

TEST(scenario_barrier, missing_barrier_with_wrong_runs_is_a_finding) {
    barrier_tally t;
    t.add(5, 8);
    t.add(8, 8);
    case_result c;
    apply_barrier_tally(c, t, false);
    EXPECT_EQ(c.status, case_status::race_observed);
    EXPECT_NE(c.reason.find("1 of 2 runs wrong"), std::string::npos);
    EXPECT_EQ(c.extra["runs"], 2);
    EXPECT_EQ(c.extra["wrong_runs"], 1);
    EXPECT_DOUBLE_EQ(c.extra["wrong_fraction"].get<double>(), 0.5);
    EXPECT_EQ(c.extra["example_wrong"], 5);
    EXPECT_EQ(c.extra["expected"], 8);
    EXPECT_EQ(c.result, std::vector<double>{5});
    EXPECT_EQ(c.reference, std::vector<double>{8});
    EXPECT_DOUBLE_EQ(*c.abs_error, 3.0);
}

TEST(scenario_barrier, kernel_with_barrier_must_be_right_every_time) {
    barrier_tally t;
    for (int i = 0; i < 99; ++i) {
        t.add(i, i);
    }
    t.add(1, 2);
    case_result c;
    apply_barrier_tally(c, t, true);
    EXPECT_EQ(c.status, case_status::wrong);
    EXPECT_NE(c.reason.find("1 of 100 runs wrong, e.g. 1 instead of 2"), std::string::npos);
}

TEST(scenario_barrier, all_right_is_ok_either_way) {
    barrier_tally t;
    t.add(3, 3);
    for (bool with : {true, false}) {
        case_result c;
        apply_barrier_tally(c, t, with);
        EXPECT_EQ(c.status, case_status::ok);
        EXPECT_TRUE(c.reason.empty());
        EXPECT_TRUE(c.extra["example_wrong"].is_null());
        EXPECT_EQ(c.extra["expected"], 3);
        EXPECT_EQ(c.extra["wrong_fraction"], 0.0);
    }
}

TEST(scenario_barrier, no_runs_is_skipped) {
    case_result c;
    apply_barrier_tally(c, barrier_tally{}, false);
    EXPECT_EQ(c.status, case_status::skipped);
    EXPECT_EQ(c.extra["runs"], 0);
}

TEST(scenario_barrier, offsets_change_every_run) {
    EXPECT_EQ(barrier_run_offset(0), 1);
    EXPECT_NE(barrier_run_offset(1), barrier_run_offset(0));
    EXPECT_EQ(barrier_run_offset(1000), 1); // bounded, so 32-bit sums cannot overflow
}

TEST(scenario_summary, one_device_at_top_level_two_only_per_device) {
    nlohmann::ordered_json s;
    add_device_summary(s, 0, {{"knee", 32}});
    s["rule"] = "r";
    EXPECT_EQ(s["knee"], 32);
    EXPECT_EQ(s["devices"][0]["device"], 0);
    EXPECT_EQ(s["devices"][0]["knee"], 32);
    add_device_summary(s, 1, {{"knee", 64}});
    EXPECT_FALSE(s.contains("knee"));
    EXPECT_EQ(s["rule"], "r");
    EXPECT_EQ(s["devices"][1]["knee"], 64);
    add_device_summary(s, 2, {{"knee", 16}});
    EXPECT_FALSE(s.contains("knee"));
    EXPECT_EQ(s["devices"].size(), 3u);
}

} // namespace
} // namespace grp
