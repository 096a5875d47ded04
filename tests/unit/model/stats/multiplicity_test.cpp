// Holm's step-down over the cases of one comparison: the procedure against values worked by
// hand (the same as statsmodels.stats.multitest.multipletests(p, alpha, method="holm")[0]),
// and what it does to verdicts: a lone significant case keeps its verdict, the same p among 16
// cases does not, a decisive one does, and demoted cases stop failing. Each direction is its
// own family on one-sided p-values (half the two-sided p towards the claim). Then
// Benjamini-Hochberg's q-values against R's p.adjust(p, "BH").
#include "grp/model/compare/rules.hpp"
#include "grp/model/stats/multiplicity.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(HolmRejections, StepsDownUntilTheFirstPValueOverItsBar) {
    // Sorted: 0.005 <= 0.05/4, 0.01 <= 0.05/3, 0.03 > 0.05/2: stop; 0.04 is not tested.
    const std::vector<double> p{0.01, 0.04, 0.03, 0.005};
    EXPECT_EQ(holm_rejections(p, 0.05), (std::vector<bool>{true, false, false, true}));
    const auto bars = holm_bars(p, 0.05);
    EXPECT_DOUBLE_EQ(bars[3], 0.05 / 4);
    EXPECT_DOUBLE_EQ(bars[0], 0.05 / 3);
    EXPECT_DOUBLE_EQ(bars[2], 0.05 / 2); // where it stopped
    EXPECT_DOUBLE_EQ(bars[1], 0.05 / 2); // after the stop: the stopping bar
}

TEST(HolmRejections, OneTestIsTheTestItself) {
    EXPECT_EQ(holm_rejections({0.0099}, 0.01), std::vector<bool>{true});
    EXPECT_EQ(holm_rejections({0.0101}, 0.01), std::vector<bool>{false});
    EXPECT_TRUE(holm_rejections({}, 0.01).empty());
}

TEST(HolmRejections, NanIsNeverRejectedAndCountsInM) {
    const double nan = std::nan("");
    // m = 2: 0.004 <= 0.01 / 2 is rejected; the NaN is not.
    EXPECT_EQ(holm_rejections({nan, 0.004}, 0.01), (std::vector<bool>{false, true}));
    // 0.006 > 0.01 / 2: the NaN's presence makes it fail, as an untestable case should.
    EXPECT_EQ(holm_rejections({0.006, nan}, 0.01), (std::vector<bool>{false, false}));
}

TEST(HolmRejections, TiesAreAllRejectedOrAllKept) {
    EXPECT_EQ(holm_rejections({0.002, 0.002, 0.002}, 0.01), (std::vector<bool>{true, true, true}));
    EXPECT_EQ(holm_rejections({0.004, 0.004, 0.004}, 0.01),
              (std::vector<bool>{false, false, false}));
}

TEST(BenjaminiHochberg, MatchesRsPAdjust) {
    // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "BH") = 0.02 0.04 0.04 0.02. Sorted, m p / j is
    // 0.02, 0.02, 0.04, 0.04; the minimum from the top keeps them.
    const auto q = benjamini_hochberg({0.01, 0.04, 0.03, 0.005});
    ASSERT_EQ(q.size(), 4U);
    EXPECT_DOUBLE_EQ(q[0], 0.02);
    EXPECT_DOUBLE_EQ(q[1], 0.04);
    EXPECT_DOUBLE_EQ(q[2], 0.04);
    EXPECT_DOUBLE_EQ(q[3], 0.02);
}

TEST(BenjaminiHochberg, TakesTheMinimumOverLargerRanks) {
    // m p / j = 1.6 for 0.8 (rank 1), 0.9 for 0.9 (rank 2): both 0.9, as p.adjust gives.
    const auto q = benjamini_hochberg({0.9, 0.8});
    EXPECT_DOUBLE_EQ(q[0], 0.9);
    EXPECT_DOUBLE_EQ(q[1], 0.9);
    // Ties share one q: m p / j at the larger rank, 3 * 0.01 / 3.
    const auto t = benjamini_hochberg({0.01, 0.01, 0.01});
    EXPECT_EQ(t, (std::vector<double>(3, 0.01)));
    EXPECT_TRUE(benjamini_hochberg({}).empty());
}

TEST(BenjaminiHochberg, NanStaysNanCountsInMAndQIsCappedAtOne) {
    const double nan = std::nan("");
    const auto q = benjamini_hochberg({0.01, nan});
    EXPECT_DOUBLE_EQ(q[0], 0.02); // m = 2
    EXPECT_TRUE(std::isnan(q[1]));
    const auto capped = benjamini_hochberg({nan, 0.9});
    EXPECT_TRUE(std::isnan(capped[0]));
    EXPECT_EQ(capped[1], 1.0); // 2 * 0.9 / 1 = 1.8, capped
}

TEST(BenjaminiHochberg, IsNeverStricterThanHolm) {
    // Holm at 0.05 rejects 0.005 and 0.01 here; BH rejects those and more (q <= 0.05 for all).
    const std::vector<double> p{0.01, 0.04, 0.03, 0.005};
    const auto holm = holm_rejections(p, 0.05);
    const auto q = benjamini_hochberg(p);
    for (std::size_t i = 0; i < p.size(); ++i) {
        EXPECT_TRUE(!holm[i] || q[i] <= 0.05) << i;
        EXPECT_LE(q[i], 0.05) << i;
    }
}

case_comparison tested(verdict v, double p) {
    case_comparison cc;
    cc.outcome = v;
    cc.p_value = p;
    cc.ratio = v == verdict::faster ? 0.8 : 1.2;
    cc.fails = v == verdict::slower;
    return cc;
}

std::vector<case_comparison> sixteen_with(verdict v, double p) {
    std::vector<case_comparison> cases(15, tested(verdict::same, 0.5));
    cases.push_back(tested(v, p));
    return cases;
}

TEST(CorrectForMultiplicity, ALoneCaseKeepsItsVerdict) {
    std::vector<case_comparison> cases{tested(verdict::slower, 0.004)};
    correct_for_multiplicity(cases, compare_options{});
    EXPECT_EQ(cases[0].outcome, verdict::slower);
    EXPECT_TRUE(cases[0].fails);
}

TEST(CorrectForMultiplicity, TheSamePAmongSixteenCasesIsInconclusiveAndDoesNotFail) {
    auto cases = sixteen_with(verdict::slower, 0.004);
    correct_for_multiplicity(cases, compare_options{});
    EXPECT_EQ(cases.back().outcome, verdict::inconclusive);
    EXPECT_FALSE(cases.back().fails);
    EXPECT_NE(cases.back().note.find("slower alone (one-sided p = 0.002)"), std::string::npos)
        << cases.back().note;
    EXPECT_NE(cases.back().note.find("16 cases"), std::string::npos) << cases.back().note;
    EXPECT_NE(cases.back().note.find("p <= 0.00063"), std::string::npos) << cases.back().note;
    for (std::size_t i = 0; i + 1 < cases.size(); ++i) {
        EXPECT_EQ(cases[i].outcome, verdict::same); // same is never touched
    }
}

TEST(CorrectForMultiplicity, ADemotedCaseKeepsItsOtherNotes) {
    auto cases = sixteen_with(verdict::slower, 0.004);
    cases.back().note = "kernel source changed (sha256 d8774d41 -> 9f49b75b)";
    correct_for_multiplicity(cases, compare_options{});
    EXPECT_NE(cases.back().note.find("Holm"), std::string::npos) << cases.back().note;
    EXPECT_NE(cases.back().note.find("; kernel source changed"), std::string::npos)
        << cases.back().note;
}

TEST(CorrectForMultiplicity, FasterIsCorrectedToo) {
    auto cases = sixteen_with(verdict::faster, 0.004);
    correct_for_multiplicity(cases, compare_options{});
    EXPECT_EQ(cases.back().outcome, verdict::inconclusive);
}

TEST(CorrectForMultiplicity, ADecisiveChangeStaysSlower) {
    auto cases = sixteen_with(verdict::slower, 1e-9);
    correct_for_multiplicity(cases, compare_options{});
    EXPECT_EQ(cases.back().outcome, verdict::slower);
    EXPECT_TRUE(cases.back().fails);
}

TEST(CorrectForMultiplicity, FailOnInconclusiveStillFailsADemotedCase) {
    auto cases = sixteen_with(verdict::slower, 0.004);
    compare_options opt;
    opt.fail_on.inconclusive = true;
    correct_for_multiplicity(cases, opt);
    EXPECT_EQ(cases.back().outcome, verdict::inconclusive);
    EXPECT_TRUE(cases.back().fails);
}

TEST(CorrectForMultiplicity, NoneJudgesEachCaseAlone) {
    auto cases = sixteen_with(verdict::slower, 0.004);
    compare_options opt;
    opt.correction = multiple_correction::none;
    correct_for_multiplicity(cases, opt);
    EXPECT_EQ(cases.back().outcome, verdict::slower);
}

TEST(CorrectForMultiplicity, EachDirectionIsJudgedOnItsOneSidedP) {
    // Two-sided p 0.0012 -> one-sided 0.0006 <= 0.01 / 16: kept, for slower and for faster.
    auto slower = sixteen_with(verdict::slower, 0.0012);
    correct_for_multiplicity(slower, compare_options{});
    EXPECT_EQ(slower.back().outcome, verdict::slower);
    auto faster = sixteen_with(verdict::faster, 0.0012);
    correct_for_multiplicity(faster, compare_options{});
    EXPECT_EQ(faster.back().outcome, verdict::faster);
    // 0.0014 -> 0.0007 > 0.000625: not kept.
    auto borderline = sixteen_with(verdict::slower, 0.0014);
    correct_for_multiplicity(borderline, compare_options{});
    EXPECT_EQ(borderline.back().outcome, verdict::inconclusive);
}

TEST(CorrectForMultiplicity, CasesWithoutATestDoNotCountInM) {
    // One tested case among fifteen that never had an interval (missing, wrong, ...).
    std::vector<case_comparison> cases(15);
    for (auto& c : cases) {
        c.outcome = verdict::missing;
    }
    cases.push_back(tested(verdict::slower, 0.004));
    correct_for_multiplicity(cases, compare_options{});
    EXPECT_EQ(cases.back().outcome, verdict::slower);
}

} // namespace
} // namespace grp
