// Tests of the duet's A/A control (control.hpp): apply_control on hand-made comparisons (every
// way a control can read, every candidate verdict), and compare_control with recorded_pairs on
// the fixtures of tests/data/compare (make_fixtures.py: controlled_duet).
#include "grp/model/compare/control.hpp"
#include "grp/model/profile/io.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

case_comparison judged(verdict v, double ratio, std::uint64_t n = 1024, double width = 0.01) {
    case_comparison cc;
    cc.key = make_case_key("base:k", "float", "flat", n, 64);
    cc.outcome = v;
    cc.ratio = ratio;
    cc.ci_low = ratio * (1 - width);
    cc.ci_high = ratio * (1 + width);
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
            EXPECT_FALSE(c.cases[0].bias_allowed);
            EXPECT_NE(c.cases[0].note.find("A/A control (the base kernel built again)"),
                      std::string::npos);
            EXPECT_NE(c.cases[0].note.find("the candidate read +10"), std::string::npos)
                << c.cases[0].note;
        }
    }
}

TEST(Control, EachDeviceIsGatedByItsOwnControl) {
    // A duet on two devices: the same sweep point twice. The control read slower on device 0
    // only, so only device 0's candidate is biased.
    auto on = [](case_comparison cc, int device) {
        cc.device = device;
        return cc;
    };
    auto c = of({on(judged(verdict::slower, 1.10), 0), on(judged(verdict::slower, 1.10), 1)});
    apply_control(c,
                  of({on(judged(verdict::same, 1.001), 1), on(judged(verdict::slower, 1.08), 0)}),
                  "the base kernel built again", compare_options{});
    for (const auto& cc : c.cases) {
        EXPECT_EQ(cc.outcome, *cc.device == 0 ? verdict::biased : verdict::slower) << *cc.device;
    }
}

TEST(Control, SameControlLeavesTheCandidateAsJudged) {
    auto c = of({judged(verdict::slower, 1.10)});
    apply_control(c, of({judged(verdict::same, 1.001)}), "the base kernel built again",
                  compare_options{});
    EXPECT_EQ(c.cases[0].outcome, verdict::slower);
    EXPECT_TRUE(c.cases[0].fails);
    EXPECT_EQ(c.cases[0].bias_allowed, 1.0); // every control same: no bias to allow for
}

TEST(Control, UndecidedOrAbsentControlMakesAVerdictInconclusive) {
    // The inconclusive control allows a bias of 9 %: +10 % [+8.9 %, +11.1 %] may be all bias.
    for (auto control : {verdict::inconclusive, verdict::unmeasured, verdict::missing}) {
        auto c = of({judged(verdict::slower, 1.10)});
        auto ctrl = judged(control, 1.03, 1024, 0.06);
        if (control != verdict::inconclusive) {
            ctrl.ci_low.reset(); // no interval: it bounds no bias
            ctrl.ci_high.reset();
        }
        apply_control(c, of({ctrl}), "the base kernel built again", compare_options{});
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

TEST(Control, AVerdictThatHoldsForEveryBiasTheControlAllowsStands) {
    // The control +0.56 % [-0.23 %, +6.98 %] (PoCL, a duet at 2^18) allows a bias of 6.98 %; the
    // candidate read +23.3 % [+21.2 %, +25.0 %]: slower whatever the bias, so it fails.
    auto ctrl = judged(verdict::inconclusive, 1.0056);
    ctrl.ci_low = 0.9977;
    ctrl.ci_high = 1.0698;
    ASSERT_NEAR(*bias_bound(ctrl), 1.0698, 1e-12);
    auto cand = judged(verdict::slower, 1.233);
    cand.ci_low = 1.212;
    cand.ci_high = 1.250;
    auto c = of({cand});
    apply_control(c, of({ctrl}), "the base kernel built again", compare_options{});
    EXPECT_EQ(c.cases[0].outcome, verdict::slower);
    EXPECT_TRUE(c.cases[0].fails);
    EXPECT_NEAR(*c.cases[0].bias_allowed, 1.0698, 1e-12); // what bisect's "not slower" reads
    EXPECT_NE(c.cases[0].note.find("holds for any bias the controls allow (up to 6.98%: the base "
                                   "kernel built again, +0.56%"),
              std::string::npos)
        << c.cases[0].note;
    // A same verdict is widened the same way: under a control allowing 3 %, same within +-1 %
    // stands, same within +-4 % does not (4 % and 3 % of bias cross the 5 % threshold); under
    // the control above (7 %) no same can stand.
    auto narrow = judged(verdict::inconclusive, 1.0, 1024, 0.03);
    for (const auto& [width, kept] : {std::pair{0.01, true}, std::pair{0.04, false}}) {
        auto s = of({judged(verdict::same, 1.0, 1024, width)});
        apply_control(s, of({narrow}), "the base kernel built again", compare_options{});
        EXPECT_EQ(s.cases[0].outcome, kept ? verdict::same : verdict::inconclusive) << width;
    }
    auto s = of({judged(verdict::same, 1.0, 1024, 0.001)});
    apply_control(s, of({ctrl}), "the base kernel built again", compare_options{});
    EXPECT_EQ(s.cases[0].outcome, verdict::inconclusive);
    auto f = of({judged(verdict::faster, 0.80)});
    apply_control(f, of({ctrl}), "the base kernel built again", compare_options{});
    EXPECT_EQ(f.cases[0].outcome, verdict::faster);
}

TEST(Control, TheLargestBiasAControlAllowsBoundsTheCandidate) {
    // +10 % [+8.9 %, +11.1 %]: divided by 1.04 (one control's bound) it still reads slower
    // (low end +4.7 %, change +5.8 %); by 1.06 its change (+3.8 %) falls under the 5 % threshold.
    auto ctrl = judged(verdict::inconclusive, 1.0, 1024, 0.04);
    auto twin4 = judged(verdict::inconclusive, 1.0, 1024, 0.04);
    auto twin6 = judged(verdict::same, 1.0, 1024, 0.06);
    twin4.key.kernel = "k"; // the twin's cases are keyed by the candidate: the point matches
    twin6.key.kernel = "k";
    const auto a = of({ctrl}), b4 = of({twin4}), b6 = of({twin6});
    // Two controls that allow 4 % each allow 4 %, not 8 %: each is one pair of instances, and
    // adding their bounds would count the same process noise twice.
    auto both4 = of({judged(verdict::slower, 1.10)});
    apply_controls(both4, {{&a, "the base kernel built again"}, {&b4, "the candidate built again"}},
                   compare_options{});
    EXPECT_EQ(both4.cases[0].outcome, verdict::slower);
    EXPECT_TRUE(both4.cases[0].fails);
    auto with6 = of({judged(verdict::slower, 1.10)});
    apply_controls(with6, {{&a, "the base kernel built again"}, {&b6, "the candidate built again"}},
                   compare_options{});
    EXPECT_EQ(with6.cases[0].outcome, verdict::inconclusive);
    EXPECT_FALSE(with6.cases[0].fails);
    // Where both read same, nothing is widened: the verdict stands as judged.
    auto same = of({judged(verdict::slower, 1.06)});
    const auto c = of({judged(verdict::same, 1.0, 1024, 0.04)});
    apply_controls(same, {{&c, "the base kernel built again"}, {&b6, "the candidate built again"}},
                   compare_options{});
    EXPECT_EQ(same.cases[0].outcome, verdict::slower);
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
