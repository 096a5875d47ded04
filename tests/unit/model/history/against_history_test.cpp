#include "grp/model/history/against_history.hpp"
#include "model/history/history_samples.hpp"

#include <cstdint>
#include <gtest/gtest.h>

namespace grp {
namespace {

using test::history_profile;

/// 24 invocations around 1000 ns (+-1 %, fixed), a step of +30 % from the 12th on.
timeline stepped_history() {
    std::vector<history_source> in;
    std::uint64_t seed = 11;
    for (int i = 0; i < 24; ++i) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        const double noise = (static_cast<double>(seed >> 40U) / 16777216.0 - 0.5) * 0.02;
        in.push_back(history_profile(i, (i < 12 ? 1000 : 1300) * (1 + noise)));
    }
    return build_timeline(in, std::nullopt, "HEAD");
}

const case_comparison& only_case(const comparison& c) {
    EXPECT_EQ(c.cases.size(), 1U);
    return c.cases.front();
}

TEST(AgainstHistory, OneInvocationAtTheLatestLevelIsSame) {
    const auto c = compare_with_history(stepped_history(), "h", history_profile(30, 1300).prof,
                                        "cand.json", {}, 20);
    const auto& cc = only_case(c);
    EXPECT_EQ(cc.outcome, verdict::same) << cc.note;
    EXPECT_EQ(cc.base->runs, 12U); // the window starts at the step, not 20 back
    EXPECT_NEAR(*cc.df, 11, 1e-9);
    EXPECT_FALSE(c.failed());
}

TEST(AgainstHistory, OneSlowerInvocationFails) {
    const auto c = compare_with_history(stepped_history(), "h", history_profile(30, 1430).prof,
                                        "cand.json", {}, 20);
    const auto& cc = only_case(c);
    EXPECT_EQ(cc.outcome, verdict::slower) << cc.note;
    EXPECT_NEAR(*cc.ratio, 1.10, 0.02);
    EXPECT_GT(*cc.ci_low, 1.0);
    EXPECT_TRUE(c.failed());
}

TEST(AgainstHistory, ShortHistoriesNewCasesAndWrongResultsSaySo) {
    auto short_history = stepped_history();
    auto& pts = short_history.series[0].points;
    pts.erase(pts.begin(), pts.end() - 3); // 3 points left
    auto c = compare_with_history(short_history, "h", history_profile(30, 1300).prof, "c", {}, 20);
    EXPECT_EQ(only_case(c).outcome, verdict::inconclusive);
    EXPECT_NE(only_case(c).note.find("holds 3 invocations"), std::string::npos);

    auto other = history_profile(30, 1300, case_status::ok, test::history_device("Other GPU"));
    c = compare_with_history(stepped_history(), "h", other.prof, "c", {}, 20);
    EXPECT_EQ(only_case(c).outcome, verdict::added);

    c = compare_with_history(stepped_history(), "h",
                             history_profile(30, 1300, case_status::wrong).prof, "c", {}, 20);
    EXPECT_EQ(only_case(c).outcome, verdict::wrong);
    EXPECT_TRUE(c.failed());
}

} // namespace
} // namespace grp
