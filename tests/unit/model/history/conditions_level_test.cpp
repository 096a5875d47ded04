// history starts a new level where a device's conditions change (issue #66): the +30 % level of
// a lowered power limit is a "conditions" event naming the fact, not a step; the earlier points
// leave the series; profiles without conditions (before 2.17) continue the level; and
// compare --history reads but does not gate a candidate whose conditions differ from its
// series' latest level, unless --conditions any.
#include "grp/model/history/against_history.hpp"
#include "grp/model/history/findings.hpp"
#include "model/history/history_samples.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

using test::history_profile;

device_conditions limited_to(double watts) {
    device_conditions c;
    c.facts = {known_fact("power_limit_w", watts), known_fact("driver_version", "580.159.04")};
    c.key_facts = gpu_key_facts();
    return c;
}

history_source measured(int i, double ns, const std::optional<device_conditions>& c) {
    auto s = history_profile(i, ns);
    s.prof.devices.front().conditions = c;
    return s;
}

/// 12 invocations at 700 W around 1000 ns, then 12 at 500 W around 1300 ns.
timeline capped_history() {
    std::vector<history_source> in;
    for (int i = 0; i < 24; ++i) {
        in.push_back(measured(i, (i < 12 ? 1000 : 1300) * (1 + 0.002 * (i % 3)),
                              limited_to(i < 12 ? 700 : 500)));
    }
    return build_timeline(in, std::nullopt, "HEAD");
}

TEST(ConditionsLevel, AChangedSettingIsAnEventNotAStep) {
    const auto t = capped_history();
    ASSERT_EQ(t.series.size(), 1u);
    const auto& s = t.series.front();
    EXPECT_EQ(s.points.size(), 12u); // the new level only
    ASSERT_EQ(s.events.size(), 1u);
    EXPECT_EQ(s.events[0].what, "conditions");
    EXPECT_EQ(s.events[0].place, 12u);
    EXPECT_NE(s.events[0].detail.find("power_limit_w: 700.0 -> 500.0"), std::string::npos)
        << s.events[0].detail;
    bool noted = false;
    for (const auto& n : t.notes) {
        noted = noted || n.find("conditions changed at p12.json") != std::string::npos;
    }
    EXPECT_TRUE(noted);
    const auto r = judge_history(t, history_options{});
    for (const auto& f : r.findings) {
        EXPECT_NE(f.kind, finding_kind::step) << f.evidence;
    }
}

TEST(ConditionsLevel, ProfilesWithoutConditionsContinueTheLevel) {
    std::vector<history_source> in;
    for (int i = 0; i < 6; ++i) {
        in.push_back(measured(i, 1000, i % 2 == 0 ? std::optional(limited_to(700)) : std::nullopt));
    }
    const auto t = build_timeline(in, std::nullopt, "HEAD");
    EXPECT_EQ(t.series.front().points.size(), 6u);
    EXPECT_TRUE(t.series.front().events.empty());
}

TEST(ConditionsLevel, CompareHistoryDoesNotGateAcrossConditions) {
    const auto t = capped_history();
    const auto cand = measured(30, 1430, limited_to(700)).prof; // +10 % on the 500 W level
    auto c = compare_with_history(t, "h", cand, "cand.json", {}, 20);
    ASSERT_EQ(c.cases.size(), 1u);
    EXPECT_TRUE(c.cases[0].conditions_differ);
    EXPECT_FALSE(c.failed());
    EXPECT_NE(c.cases[0].note.find("power_limit_w: 500.0 -> 700.0"), std::string::npos)
        << c.cases[0].note;
    compare_options any;
    any.any_conditions = true;
    c = compare_with_history(t, "h", cand, "cand.json", any, 20);
    EXPECT_TRUE(c.failed());
    c = compare_with_history(t, "h", measured(30, 1430, limited_to(500)).prof, "c", {}, 20);
    EXPECT_FALSE(c.cases[0].conditions_differ);
    EXPECT_TRUE(c.failed());
}

} // namespace
} // namespace grp
