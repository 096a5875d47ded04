#include "grp/model/history/findings.hpp"
#include "model/history/history_samples.hpp"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>

namespace grp {
namespace {

using test::history_profile;
using test::sha_of;

/// Noise of about `sd` (relative), fixed by `seed`: a sum of uniforms, deterministic.
double noise(std::uint64_t& seed, double sd) {
    double sum = 0;
    for (int k = 0; k < 12; ++k) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        sum += static_cast<double>(seed >> 11U) / 9007199254740992.0;
    }
    return (sum - 6) * sd;
}

/// n profiles of one case, time 1000 ns x level(i) x (1 + noise), in commit order.
template <class Level> timeline series_of(int n, double sd, Level level, std::uint64_t seed = 7) {
    std::vector<history_source> in;
    std::vector<std::string> line;
    for (int i = 0; i < n; ++i) {
        in.push_back(history_profile(i, 1000 * level(i) * (1 + noise(seed, sd))));
        line.insert(line.begin(), sha_of(i));
    }
    return build_timeline(in, line, "main");
}

TEST(HistoryFindings, ATenPercentStepIsFoundAtItsCommitAndFails) {
    const auto r =
        judge_history(series_of(30, 0.01, [](int i) { return i < 18 ? 1.0 : 1.10; }), {});
    ASSERT_EQ(r.findings.size(), 1U);
    const auto& f = r.findings[0];
    EXPECT_EQ(f.kind, finding_kind::step);
    EXPECT_TRUE(f.fails);
    EXPECT_NEAR(f.change, 0.10, 0.02);
    EXPECT_LT(f.low, f.change);
    EXPECT_GT(f.high, f.change);
    EXPECT_EQ(r.time.places[f.first_bad].commit, sha_of(18));
    EXPECT_EQ(r.time.places[f.last_good].commit, sha_of(17));
    EXPECT_EQ(r.judged, 1U);
    EXPECT_TRUE(r.fails());
}

TEST(HistoryFindings, PureNoiseFindsNothing) {
    const auto r = judge_history(series_of(40, 0.01, [](int) { return 1.0; }), {});
    EXPECT_TRUE(r.findings.empty());
    EXPECT_EQ(r.judged, 1U);
    EXPECT_FALSE(r.fails());
}

TEST(HistoryFindings, AnImprovementIsFoundButNeverFails) {
    const auto r = judge_history(series_of(30, 0.01, [](int i) { return i < 15 ? 1.0 : 0.8; }), {});
    ASSERT_FALSE(r.findings.empty());
    EXPECT_LT(r.findings[0].change, -0.15);
    EXPECT_FALSE(r.fails());
}

TEST(HistoryFindings, AStepBeforeTheWindowIsReportedButDoesNotFail) {
    history_options opt;
    opt.window = 10;
    const auto r =
        judge_history(series_of(40, 0.01, [](int i) { return i < 12 ? 1.0 : 1.2; }), opt);
    ASSERT_EQ(r.findings.size(), 1U);
    EXPECT_FALSE(r.findings[0].in_window);
    EXPECT_FALSE(r.fails());
}

TEST(HistoryFindings, ASteadyDriftIsADriftNotAStaircase) {
    const auto r = judge_history(series_of(20, 0.003, [](int i) { return 1 + 0.01 * i; }), {});
    ASSERT_FALSE(r.findings.empty());
    EXPECT_EQ(r.findings[0].kind, finding_kind::drift);
    EXPECT_TRUE(r.findings[0].fails);
    EXPECT_NEAR(r.findings[0].change, 0.19, 0.05);
}

TEST(HistoryFindings, AWrongPointInTheMiddleIsABreakAndAFixNotAStep) {
    std::vector<history_source> in;
    std::vector<std::string> line;
    for (int i = 0; i < 20; ++i) {
        in.push_back(history_profile(i, 1000, i == 10 ? case_status::wrong : case_status::ok));
        line.insert(line.begin(), sha_of(i));
    }
    const auto r = judge_history(build_timeline(in, line, "main"), {});
    ASSERT_EQ(r.findings.size(), 2U);
    EXPECT_FALSE(r.fails());
    EXPECT_EQ(r.time.series[0].points.size(), 19U);
    EXPECT_EQ(r.time.series[0].events.size(), 1U);
}

TEST(HistoryFindings, AKernelThatIsWrongNowFails) {
    std::vector<history_source> in;
    for (int i = 0; i < 8; ++i) {
        in.push_back(history_profile(i, 1000, i == 7 ? case_status::wrong : case_status::ok));
    }
    const auto r = judge_history(build_timeline(in, std::nullopt, "HEAD"), {});
    ASSERT_FALSE(r.findings.empty());
    EXPECT_EQ(r.findings[0].kind, finding_kind::broke);
    EXPECT_TRUE(r.findings[0].fails);
}

TEST(HistoryFindings, AStepAtTheNewestCommitFailsAtThatCommit) {
    for (const int moved : {1, 2}) {
        const auto r = judge_history(
            series_of(20, 0.01, [moved](int i) { return i >= 20 - moved ? 1.5 : 1.0; }), {});
        ASSERT_FALSE(r.findings.empty()) << moved;
        const auto& f = r.findings[0];
        EXPECT_EQ(f.kind, finding_kind::step);
        EXPECT_TRUE(f.fails);
        EXPECT_EQ(r.time.places[f.first_bad].commit, sha_of(20 - moved)) << moved;
        EXPECT_EQ(r.time.places[f.last_good].commit, sha_of(19 - moved)) << moved;
        EXPECT_NEAR(f.change, 0.5, 0.05);
    }
}

TEST(HistoryFindings, AKernelWrongInEveryProfileIsReportedNotFailedAndTheCensusSaysWhy) {
    std::vector<history_source> in;
    for (int i = 0; i < 8; ++i) {
        in.push_back(history_profile(i, 1000, case_status::wrong));
    }
    const auto r = judge_history(build_timeline(in, std::nullopt, "HEAD"), {});
    ASSERT_EQ(r.findings.size(), 1U);
    EXPECT_EQ(r.findings[0].kind, finding_kind::broke);
    EXPECT_FALSE(r.findings[0].fails);
    EXPECT_NE(r.findings[0].evidence.find("never ok"), std::string::npos);
    EXPECT_EQ(r.no_points, 1U);
    EXPECT_EQ(r.too_short, 0U);
}

TEST(HistoryFindings, TheCensusCountsShortAndNoisySeries) {
    history_options opt;
    auto t = series_of(4, 0.01, [](int) { return 1.0; });
    auto r = judge_history(t, opt);
    EXPECT_EQ(r.too_short, 1U);
    EXPECT_EQ(r.judged, 0U);
    r = judge_history(series_of(12, 0.15, [](int) { return 1.0; }), opt);
    EXPECT_EQ(r.too_noisy, 1U);
    EXPECT_EQ(r.judged, 0U);
    EXPECT_GT(r.verdicts[0].detectable, opt.threshold);
}

// A series too noisy to see the threshold is still searched; a step found there is a verdict,
// so the census counts it judged (#71: "FAIL step +26 %" above "judged 0 of 2 series").
TEST(HistoryFindings, ANoisySeriesWithAStepFoundCountsAsJudged) {
    history_options opt;
    const auto r =
        judge_history(series_of(30, 0.15, [](int i) { return i < 18 ? 1.0 : 3.0; }), opt);
    ASSERT_FALSE(r.findings.empty());
    EXPECT_EQ(r.findings[0].kind, finding_kind::step);
    EXPECT_GT(r.verdicts[0].detectable, opt.threshold); // too noisy by its spread
    EXPECT_EQ(r.judged, 1U);
    EXPECT_EQ(r.too_noisy, 0U);
    EXPECT_EQ(r.verdicts[0].state, series_state::judged);
}

} // namespace
} // namespace grp
