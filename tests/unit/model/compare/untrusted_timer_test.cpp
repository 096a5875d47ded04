// compare never gates timing measured by a timer it cannot trust (issue #52): a 10 % slower
// candidate fails when both timers are trusted or unchecked (profiles before 2.13), and is read
// but not gated when either side's device timer is scaled, zero, out-of-order or host: the case
// does not fail, the headline is UNDECIDED (judged nothing) and the reason is in the note and
// the warnings.
#include "grp/model/compare/compare.hpp"
#include "grp/model/profile/io.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

comparison compare_with(timer_kind base_timer, timer_kind cand_timer) {
    const std::string dir = std::string(GRP_TEST_DATA) + "/compare/";
    auto base = load_profile(dir + "base.json");
    auto cand = load_profile(dir + "slower10.json");
    for (auto& d : base.devices) {
        d.timer.kind = base_timer;
    }
    for (auto& d : cand.devices) {
        d.timer = {cand_timer, std::nullopt, "fabricated"};
    }
    compare_options opt;
    opt.one_run_gates = true; // single-run fixtures: the rule under test is the timer's
    return compare_profiles(base, cand, opt, "base", "cand");
}

TEST(UntrustedTimer, TrustedAndUncheckedTimersGate) {
    EXPECT_EQ(compare_with(timer_kind::trusted, timer_kind::trusted).failures(), 6u);
    EXPECT_EQ(compare_with(timer_kind::unchecked, timer_kind::trusted).failures(), 6u);
}

TEST(UntrustedTimer, AnyOtherVerdictOnEitherSideIsReadNotGated) {
    for (const auto kind :
         {timer_kind::scaled, timer_kind::zero, timer_kind::out_of_order, timer_kind::host}) {
        const auto c = compare_with(timer_kind::trusted, kind);
        EXPECT_EQ(c.failures(), 0u) << timer_kind_name(kind);
        EXPECT_EQ(c.timing_judged(), 0u);
        EXPECT_TRUE(c.judged_nothing());
        EXPECT_TRUE(c.undecided());
        for (const auto& cc : c.cases) {
            EXPECT_TRUE(cc.untrusted_timer);
            EXPECT_EQ(cc.outcome, verdict::slower); // still read and shown
            EXPECT_NE(cc.note.find("timing not gated: candidate's timer on "), std::string::npos)
                << cc.note;
        }
        bool warned = false;
        for (const auto& w : c.warnings) {
            warned = warned || w.find("cand: the timer of ") != std::string::npos;
        }
        EXPECT_TRUE(warned) << timer_kind_name(kind);
    }
    const auto base_side = compare_with(timer_kind::host, timer_kind::trusted);
    EXPECT_EQ(base_side.failures(), 0u);
    EXPECT_NE(base_side.cases.front().note.find("base's timer on "), std::string::npos);
}

} // namespace
} // namespace grp
