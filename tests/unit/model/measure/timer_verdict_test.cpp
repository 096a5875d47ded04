// The timer verdict (issue #52): a probe's two back-to-back launches against the host clock
// that bracketed them, and the run's own cross-check of its event spans against their host
// brackets. Every verdict from fabricated stamps, its boundaries, and the JSON round trip.
#include "grp/model/measure/timer_verdict.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

// Two launches of `ns` each, back to back from t=1000, the host bracket `host_ns` around them,
// the device clock running `rate` times the host's.
timer_probe_sample pair(std::uint64_t ns, std::uint64_t host_ns, double rate = 1.0) {
    const auto d = static_cast<std::uint64_t>(static_cast<double>(ns) * rate);
    const std::uint64_t t = 1000;
    return {{t, t, t, t + d}, {t + d, t + d, t + d, t + 2 * d}, host_ns};
}

TEST(TimerVerdict, AnHonestClockIsTrustedWithItsRatio) {
    const auto v =
        judge_timer({pair(5000000, 10100000), pair(5000000, 10300000), pair(5000000, 10200000)});
    EXPECT_EQ(v.kind, timer_kind::trusted);
    ASSERT_TRUE(v.ratio);
    EXPECT_NEAR(*v.ratio, 10.0 / 10.1, 1e-9); // the quietest pair's
    EXPECT_TRUE(v.cause.empty());
    EXPECT_FALSE(v.host_timing());
    EXPECT_TRUE(v.gateable());
}

TEST(TimerVerdict, AClockFortyTwoTimesFastIsScaled) {
    const auto v = judge_timer(
        {pair(5000000, 10000000, 42), pair(5000000, 10000000, 42), pair(5000000, 10000000, 42)});
    EXPECT_EQ(v.kind, timer_kind::scaled);
    EXPECT_NEAR(*v.ratio, 42.0, 1e-6);
    EXPECT_NE(v.cause.find("10 ms"), std::string::npos) << v.cause;
    EXPECT_NE(v.cause.find("420 ms"), std::string::npos) << v.cause;
    EXPECT_TRUE(v.host_timing());
    EXPECT_FALSE(v.gateable());
    EXPECT_EQ(describe(v).rfind("scaled (events 42x the host clock): ", 0), 0u) << describe(v);
}

TEST(TimerVerdict, TheBoundariesOfTrust) {
    // 1.2 and 0.5 of the host bracket are still trusted; beyond them, scaled.
    EXPECT_EQ(judge_timer({pair(6000000, 10000000)}).kind, timer_kind::trusted);
    EXPECT_EQ(judge_timer({pair(6000001, 10000000)}).kind, timer_kind::scaled);
    EXPECT_EQ(judge_timer({pair(2500000, 10000000)}).kind, timer_kind::trusted);
    EXPECT_EQ(judge_timer({pair(2499999, 10000000)}).kind, timer_kind::scaled);
}

TEST(TimerVerdict, OneWildSampleOfThreeDoesNotDecide) {
    const auto v = judge_timer(
        {pair(5000000, 10000000), pair(5000000, 10000000, 42), pair(5000000, 10000000)});
    EXPECT_EQ(v.kind, timer_kind::trusted);
    // A busy host: two brackets stretched 3x by waits for a CPU, one quiet; still trusted.
    const auto busy =
        judge_timer({pair(5000000, 30000000), pair(5000000, 10100000), pair(5000000, 30000000)});
    EXPECT_EQ(busy.kind, timer_kind::trusted);
    EXPECT_NEAR(*busy.ratio, 10.0 / 10.1, 1e-9); // the quietest pair's
    // All three slow (a clock at a third of the rate): scaled.
    const auto slow =
        judge_timer({pair(5000000, 30000000), pair(5000000, 30000000), pair(5000000, 30000000)});
    EXPECT_EQ(slow.kind, timer_kind::scaled);
}

TEST(TimerVerdict, ZeroStampsAndStampsThatDoNotAdvance) {
    const timer_probe_sample zero{{}, {}, 10000000};
    EXPECT_EQ(judge_timer({zero, zero, zero}).kind, timer_kind::zero);
    const timer_probe_sample still{{5, 6, 7, 7}, {6, 6, 7, 7}, 10000000};
    const auto v = judge_timer({still, still, still});
    EXPECT_EQ(v.kind, timer_kind::zero);
    EXPECT_NE(v.cause.find("do not advance"), std::string::npos) << v.cause;
}

// rusticl 22.3 (Mesa) gives every event QUEUED 0, SUBMIT 1, START 2, END 3: not out of order
// (which the second START before the first END would suggest) but no timer at all.
TEST(TimerVerdict, TheSameStampsOnEveryLaunchAreZero) {
    const timer_probe_sample fake{{0, 1, 2, 3}, {0, 1, 2, 3}, 10000000};
    const auto v = judge_timer({fake, fake, fake});
    EXPECT_EQ(v.kind, timer_kind::zero);
    EXPECT_EQ(v.cause, "every launch carries the same stamps (QUEUED 0, SUBMIT 1, START 2, END "
                       "3): the driver does not implement profiling");
}

TEST(TimerVerdict, EndBeforeStartAndOverlappingLaunchesAreOutOfOrder) {
    auto reversed = pair(5000000, 10000000);
    std::swap(reversed.first.start, reversed.first.end);
    const auto r = judge_timer({pair(5000000, 10000000), reversed});
    EXPECT_EQ(r.kind, timer_kind::out_of_order);
    EXPECT_EQ(r.cause, "END before START");
    auto overlap = pair(5000000, 10000000);
    overlap.second.start = overlap.first.end - 1;
    const auto o = judge_timer({overlap});
    EXPECT_EQ(o.kind, timer_kind::out_of_order);
    EXPECT_NE(o.cause.find("STARTs before the previous one"), std::string::npos);
}

TEST(TimerVerdict, NoSamplesIsUnchecked) {
    const auto v = judge_timer({});
    EXPECT_EQ(v.kind, timer_kind::unchecked);
    EXPECT_FALSE(v.host_timing());
    EXPECT_TRUE(v.gateable());
}

TEST(TimerVerdict, TheRunsCrossCheckCatchesEventsLongerThanTheHostSaw) {
    EXPECT_FALSE(judge_rounds(0, 0));
    EXPECT_FALSE(judge_rounds(100000000, 0)); // nothing bracketed: no verdict
    EXPECT_FALSE(judge_rounds(90000000, 100000000));
    EXPECT_FALSE(judge_rounds(121000000, 100000000)); // within 20 % + 1 ms
    const auto v = judge_rounds(4200000000, 100000000);
    ASSERT_TRUE(v);
    EXPECT_EQ(v->kind, timer_kind::scaled);
    EXPECT_NEAR(*v->ratio, 42.0, 1e-9);
    EXPECT_NE(v->cause.find("4.2e+03 ms"), std::string::npos) << v->cause;
}

TEST(TimerVerdict, JsonRoundTripAndUnknownInput) {
    for (const auto kind : {timer_kind::trusted, timer_kind::scaled, timer_kind::zero,
                            timer_kind::out_of_order, timer_kind::host, timer_kind::unchecked}) {
        const timer_verdict v{
            kind, kind == timer_kind::scaled ? std::optional<double>(3.5) : std::nullopt, "why"};
        const auto j = to_json(v);
        EXPECT_EQ(j["timing"], v.host_timing() ? "host" : "events");
        const auto back = timer_from_json(j);
        EXPECT_EQ(back.kind, kind);
        EXPECT_EQ(back.ratio, v.ratio);
        EXPECT_EQ(back.cause, "why");
    }
    EXPECT_EQ(timer_from_json(nlohmann::ordered_json()).kind, timer_kind::unchecked);
    EXPECT_EQ(timer_from_json({{"verdict", "sundial"}}).kind, timer_kind::unchecked);
    EXPECT_EQ(timer_kind_name(timer_kind::out_of_order), "out-of-order");
}

} // namespace
} // namespace grp
