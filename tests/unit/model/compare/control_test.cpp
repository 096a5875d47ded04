// Tests of the duet's A/A control (control.hpp): apply_control on hand-made comparisons (every
// way a control can read, every candidate verdict), and compare_control with recorded_pairs on
// the fixtures of tests/data/compare (make_fixtures.py: controlled_duet).
#include "grp/model/compare/control.hpp"
#include "grp/model/profile/io.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

case_comparison judged(verdict v, double ratio, std::uint64_t n = 1024) {
    case_comparison cc;
    cc.key = make_case_key("base:k", "float", "flat", n, 64);
    cc.outcome = v;
    cc.ratio = ratio;
    cc.ci_low = ratio * 0.99;
    cc.ci_high = ratio * 1.01;
    cc.fails = v == verdict::slower;
    return cc;
}

comparison of(std::vector<case_comparison> cases) {
    comparison c;
    c.cases = std::move(cases);
    return c;
}

TEST(Control, SlowerOrFasterControlMakesEveryTimingVerdictBiasedAndNeverFails) {
    for (auto control : {verdict::slower, verdict::faster}) {
        for (auto cand : {verdict::slower, verdict::same, verdict::faster, verdict::inconclusive}) {
            auto c = of({judged(cand, 1.10)});
            apply_control(c, of({judged(control, 1.08)}), "the base kernel built again",
                          compare_options{});
            EXPECT_EQ(c.cases[0].outcome, verdict::biased) << to_string(control) << to_string(cand);
            EXPECT_FALSE(c.cases[0].fails);
            EXPECT_NE(c.cases[0].note.find("A/A control (the base kernel built again)"),
                      std::string::npos);
            EXPECT_NE(c.cases[0].note.find("the candidate read +10"), std::string::npos)
                << c.cases[0].note;
        }
    }
}

TEST(Control, SameControlLeavesTheCandidateAsJudged) {
    auto c = of({judged(verdict::slower, 1.10)});
    apply_control(c, of({judged(verdict::same, 1.001)}), "the base kernel built again",
                  compare_options{});
    EXPECT_EQ(c.cases[0].outcome, verdict::slower);
    EXPECT_TRUE(c.cases[0].fails);
}

TEST(Control, UndecidedOrAbsentControlMakesAVerdictInconclusive) {
    for (auto control : {verdict::inconclusive, verdict::unmeasured, verdict::missing}) {
        auto c = of({judged(verdict::slower, 1.10)});
        apply_control(c, of({judged(control, 1.02)}), "the base kernel built again",
                      compare_options{});
        EXPECT_EQ(c.cases[0].outcome, verdict::inconclusive) << to_string(control);
        EXPECT_FALSE(c.cases[0].fails);
        EXPECT_NE(c.cases[0].note.find("could not be judged"), std::string::npos);
    }
    auto c = of({judged(verdict::same, 1.0, 4096)}); // the control has no case of this key
    apply_control(c, of({judged(verdict::same, 1.0, 1024)}), "the base kernel built again",
                  compare_options{});
    EXPECT_EQ(c.cases[0].outcome, verdict::inconclusive);
    EXPECT_NE(c.cases[0].note.find("no control case"), std::string::npos);
}

TEST(Control, NonTimingVerdictsAreNotGated) {
    for (auto v : {verdict::wrong, verdict::missing, verdict::unmeasured, verdict::added}) {
        auto c = of({judged(v, 1.0)});
        apply_control(c, of({judged(verdict::slower, 1.08)}), "the base kernel built again",
                      compare_options{});
        EXPECT_EQ(c.cases[0].outcome, v) << to_string(v);
    }
}

TEST(Control, InconclusiveCandidateUnderInconclusiveControlKeepsItsNote) {
    auto cand = judged(verdict::inconclusive, 1.03);
    cand.note = "its own reason";
    auto c = of({cand});
    apply_control(c, of({judged(verdict::inconclusive, 1.0)}), "the base kernel built again",
                  compare_options{});
    EXPECT_EQ(c.cases[0].outcome, verdict::inconclusive);
    EXPECT_EQ(c.cases[0].note, "its own reason");
}

std::string fixture(const std::string& name) {
    return std::string(GRP_TEST_DATA) + "/compare/" + name + ".json";
}

TEST(Control, RecordedDuetIsJudgedThroughItsControl) {
    const auto biased = load_profile(fixture("duet_biased"));
    const auto pairs = recorded_pairs(biased);
    ASSERT_EQ(pairs.size(), 1U);
    EXPECT_EQ(pairs[0].base, "base:reduce6");
    EXPECT_EQ(pairs[0].cand, "reduce6");
    EXPECT_EQ(pairs[0].control, "control:reduce6");
    const auto control =
        compare_control(biased, pairs[0].base, pairs[0].control, compare_options{}, "f");
    EXPECT_TRUE(control.control);
    ASSERT_EQ(control.cases.size(), 1U);
    EXPECT_EQ(control.cases[0].outcome, verdict::slower); // the control is 8 % slower...
    EXPECT_FALSE(control.cases[0].fails);                 // ...which is not a regression
    auto cand = compare_pair(biased, pairs[0], compare_options{}, "f");
    EXPECT_EQ(cand.cases[0].outcome, verdict::slower);
    apply_control(cand, control, "the base kernel built again", compare_options{});
    EXPECT_EQ(cand.cases[0].outcome, verdict::biased);
    EXPECT_EQ(cand.count(verdict::biased), 1U);
    EXPECT_EQ(cand.timing_cases(), 1U);
    EXPECT_TRUE(cand.undecided());
    EXPECT_FALSE(cand.failed());
    EXPECT_TRUE(recorded_pairs(load_profile(fixture("duet"))).empty()); // made by hand
}

TEST(Control, EitherControlOfTwoBiasesTheCandidate) {
    // The base's control reads same, the candidate's twin 6 % slower: the candidate instance
    // is favoured or hindered by its place, so the candidate is not judged.
    auto c = of({judged(verdict::slower, 1.10)});
    apply_control(c, of({judged(verdict::same, 1.0)}), "the base kernel built again",
                  compare_options{});
    EXPECT_EQ(c.cases[0].outcome, verdict::slower);
    apply_control(c, of({judged(verdict::slower, 1.06)}), "the candidate built again",
                  compare_options{});
    EXPECT_EQ(c.cases[0].outcome, verdict::biased);
    EXPECT_FALSE(c.cases[0].fails);
    EXPECT_NE(c.cases[0].note.find("(the candidate built again) read +6"), std::string::npos)
        << c.cases[0].note;
    // A biased verdict stays biased under the second control, whatever it read.
    apply_control(c, of({judged(verdict::same, 1.0)}), "the candidate built again",
                  compare_options{});
    EXPECT_EQ(c.cases[0].outcome, verdict::biased);
}

} // namespace
} // namespace grp
