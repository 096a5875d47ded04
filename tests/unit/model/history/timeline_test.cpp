#include "grp/model/history/timeline.hpp"
#include "model/history/history_samples.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

using test::history_profile;
using test::sha_of;

/// The first-parent line of commits 0..n-1, newest first, as git rev-list gives it.
std::vector<std::string> line_of(int n) {
    std::vector<std::string> line;
    for (int i = n - 1; i >= 0; --i) {
        line.push_back(sha_of(i));
    }
    return line;
}

TEST(HistoryTimeline, PointsFollowTheFirstParentLineNotTheFileOrder) {
    std::vector<history_source> in{history_profile(2, 100), history_profile(0, 100),
                                   history_profile(1, 100)};
    in[0].prof.host.started_at = "2026-01-01T00:00:00Z"; // the oldest by time, the newest commit
    const auto t = build_timeline(in, line_of(3), "main");
    ASSERT_EQ(t.places.size(), 3U);
    EXPECT_EQ(t.places[0].commit, sha_of(0));
    EXPECT_EQ(t.places[2].commit, sha_of(2));
    EXPECT_NE(t.ordering.find("first-parent line of main"), std::string::npos);
    ASSERT_EQ(t.series.size(), 1U);
    EXPECT_EQ(t.series[0].points.size(), 3U);
    EXPECT_TRUE(t.notes.empty());
}

TEST(HistoryTimeline, ACommitOffTheLineIsSetAsideAndTheRestKeepCommitOrder) {
    std::vector<history_source> in{history_profile(2, 100), history_profile(0, 100),
                                   history_profile(1, 100)};
    in[1].prof.host.started_at = "2027-01-01T00:00:00Z";   // a backfill: measured last
    const auto t = build_timeline(in, line_of(2), "main"); // commit 2 is not on it
    EXPECT_NE(t.ordering.find("first-parent line of main"), std::string::npos);
    ASSERT_EQ(t.places.size(), 2U);
    EXPECT_EQ(t.places[0].source, "p0.json");
    EXPECT_EQ(t.places[1].source, "p1.json");
    ASSERT_EQ(t.set_aside.size(), 1U);
    EXPECT_EQ(t.set_aside[0].name, "p2.json");
    EXPECT_NE(t.set_aside[0].why.find("not on the first-parent line of main"), std::string::npos);
    ASSERT_EQ(t.notes.size(), 1U);
}

TEST(HistoryTimeline, NoCommitOnTheLineOrdersByTimeAndSaysSo) {
    std::vector<history_source> in{history_profile(2, 100), history_profile(0, 100)};
    const auto t = build_timeline(in, std::vector<std::string>{test::sha_of(9)}, "main");
    EXPECT_EQ(t.ordering, "by start time");
    EXPECT_EQ(t.places[0].source, "p0.json");
    ASSERT_EQ(t.notes.size(), 1U);
    EXPECT_TRUE(t.set_aside.empty());
}

TEST(HistoryTimeline, ACopyIsSkippedNeverASecondInvocation) {
    std::vector<history_source> in{history_profile(0, 100), history_profile(1, 100),
                                   history_profile(0, 100)};
    in[2].name = "backup/p0.json";
    std::vector<skipped_source> skipped;
    drop_copies(in, skipped);
    ASSERT_EQ(in.size(), 2U);
    ASSERT_EQ(skipped.size(), 1U);
    EXPECT_EQ(skipped[0].name, "backup/p0.json");
    EXPECT_NE(skipped[0].why.find("a copy of p0.json"), std::string::npos);
    EXPECT_TRUE(shares_runs(in[0].prof, history_profile(0, 5).prof));
    EXPECT_FALSE(shares_runs(in[0].prof, in[1].prof));
}

TEST(HistoryTimeline, WithoutARepositoryTheOrderIsTimeWithANote) {
    std::vector<history_source> in{history_profile(1, 100), history_profile(0, 100)};
    in[0].prof.runs[1].revision->commit = sha_of(9); // mixed: no commit for the profile
    const auto t = build_timeline(in, std::nullopt, "HEAD");
    EXPECT_EQ(t.places[0].source, "p0.json");
    EXPECT_EQ(t.places[1].commit, "");
    ASSERT_EQ(t.notes.size(), 1U);
    EXPECT_NE(t.notes[0].find("--repo"), std::string::npos);
}

TEST(HistoryTimeline, WrongAndDirtyResultsAreEventsNeverPoints) {
    std::vector<history_source> in{history_profile(0, 100),
                                   history_profile(1, 50, case_status::wrong),
                                   history_profile(2, 100)};
    in[1].prof.cases[0].reason = "result 7 != 8";
    in[2].prof.runs[0].revision->dirty = true;
    const auto t = build_timeline(in, line_of(3), "main");
    ASSERT_EQ(t.series.size(), 1U);
    const auto& s = t.series[0];
    ASSERT_EQ(s.points.size(), 1U);
    ASSERT_EQ(s.events.size(), 2U);
    EXPECT_EQ(s.events[0].what, "wrong");
    EXPECT_EQ(s.events[0].detail, "result 7 != 8");
    EXPECT_EQ(s.events[1].what, "dirty");
    EXPECT_TRUE(t.places[2].dirty);
}

TEST(HistoryTimeline, APointIsTheMeanOfItsProcessesWithTheirStandardError) {
    std::vector<history_source> in{history_profile(0, 1000)};
    const auto t = build_timeline(in, std::nullopt, "HEAD");
    const auto& p = t.series.at(0).points.at(0);
    EXPECT_EQ(p.processes, 2U);
    EXPECT_EQ(p.rounds, 6U);
    EXPECT_NEAR(p.value, std::log(1000.0), 1e-3);
    EXPECT_GE(p.se, 0.0);
    EXPECT_LT(p.se, 1e-3);
}

TEST(HistoryTimeline, AnotherDeviceOrCacheStateIsAnotherSeries) {
    auto a = history_profile(0, 100);
    auto b = history_profile(1, 100, case_status::ok, test::history_device("Other GPU"));
    auto c = history_profile(2, 100);
    c.prof.cases[0].key.cache = "cold";
    const auto t = build_timeline({a, b, c}, line_of(3), "main");
    EXPECT_EQ(t.series.size(), 3U);
}

} // namespace
} // namespace grp
