// A bisect step's verdict from a judged duet (step.hpp: classify_step): bad on slower, good on
// same, faster or "not slower" (inconclusive, but its interval's high end, widened by the bias
// the A/A controls allow, within the threshold), undecided otherwise.
#include "grp/model/bisect/step.hpp"

#include <gtest/gtest.h>
#include <random>

namespace grp {
namespace {

case_comparison judged(verdict v, double ratio, double lo, double hi,
                       std::optional<double> bias = 1.0) {
    case_comparison cc;
    cc.key = make_case_key("base:k", "float", "flat", 1024, 64);
    cc.outcome = v;
    cc.ratio = ratio;
    cc.ci_low = lo;
    cc.ci_high = hi;
    cc.bias_allowed = bias;
    return cc;
}

std::vector<comparison> duet(const case_comparison& cc) {
    comparison control;
    control.control = true;
    control.cases = {judged(verdict::slower, 1.2, 1.1, 1.3)}; // never read as a candidate
    comparison cand;
    cand.cases = {cc};
    return {control, cand};
}

TEST(BisectStep, SlowerIsBadSameOrFasterIsGood) {
    EXPECT_EQ(classify_step(duet(judged(verdict::slower, 1.2, 1.1, 1.3)), {}, 0.05).verdict,
              step_verdict::bad);
    for (auto v : {verdict::same, verdict::faster}) {
        EXPECT_EQ(classify_step(duet(judged(v, 1.0, 0.98, 1.02)), {}, 0.05).verdict,
                  step_verdict::good);
    }
}

TEST(BisectStep, InconclusiveButNotSlowerIsGood) {
    // -0.7 % [-6.7 %, +1.6 %]: not `same` (its low end is past -5 %), but not slower either.
    const auto r =
        classify_step(duet(judged(verdict::inconclusive, 0.993, 0.933, 1.016)), {}, 0.05);
    EXPECT_EQ(r.verdict, step_verdict::good);
    ASSERT_EQ(r.cases.size(), 1U);
    EXPECT_EQ(r.cases[0].verdict, "not slower");
    EXPECT_EQ(r.cases[0].key, "k/float/flat/n=1024/local=64");
}

TEST(BisectStep, NotSlowerCountsTheBiasTheControlsAllow) {
    // The same interval beside controls that allow 4 %: 1.016 x 1.04 = 1.057, past +5 %.
    EXPECT_EQ(
        classify_step(duet(judged(verdict::inconclusive, 0.993, 0.933, 1.016, 1.04)), {}, 0.05)
            .verdict,
        step_verdict::undecided);
    // A control without an interval bounds nothing: undecided.
    EXPECT_EQ(classify_step(duet(judged(verdict::inconclusive, 0.993, 0.933, 1.016, std::nullopt)),
                            {}, 0.05)
                  .verdict,
              step_verdict::undecided);
    // A high end past the threshold on its own: undecided, whatever the bias.
    EXPECT_EQ(
        classify_step(duet(judged(verdict::inconclusive, 1.02, 0.99, 1.08)), {}, 0.05).verdict,
        step_verdict::undecided);
}

TEST(BisectStep, BiasedOrUnfollowedCasesDecideNothing) {
    EXPECT_EQ(classify_step(duet(judged(verdict::biased, 1.0, 0.99, 1.01, std::nullopt)), {}, 0.05)
                  .verdict,
              step_verdict::undecided);
    case_selection other;
    other.glob = "other/*";
    const auto r = classify_step(duet(judged(verdict::same, 1.0, 0.99, 1.01)), other, 0.05);
    EXPECT_EQ(r.verdict, step_verdict::undecided);
    EXPECT_EQ(r.reason, "no followed case was measured");
}

TEST(BisectStep, AfterTheBadEndAMidpointIsGoodBelowHalfItsRegression) {
    // The bad end read +24 % [+15 %, +33 %]: its half, 12 %, is the good side's line.
    step_result bad_end;
    bad_end.cases = {{"k/float/flat/n=1024/local=64", "slower", 0.24, 0.15, 0.33},
                     {"other/float/flat/n=1024/local=64", "same", 0.0, -0.02, 0.02}};
    const auto cuts = good_cuts(bad_end, 0.05);
    ASSERT_EQ(cuts.size(), 1U) << "only a case read slower gets a line";
    EXPECT_DOUBLE_EQ(cuts.at("k/float/flat/n=1024/local=64"), 0.12);
    // A good midpoint on a noisy CPU: -0.1 % [-5.9 %, +6.2 %], undecided against +5 % ...
    const auto noisy = duet(judged(verdict::inconclusive, 0.999, 0.941, 1.062));
    EXPECT_EQ(classify_step(noisy, {}, 0.05).verdict, step_verdict::undecided);
    // ... and good against the bad end's half.
    const auto r = classify_step(noisy, {}, 0.05, cuts);
    EXPECT_EQ(r.verdict, step_verdict::good);
    EXPECT_EQ(r.cases[0].verdict, "not slower");
    EXPECT_NE(r.reason.find("not slower than half the bad end's change (+12.0%)"),
              std::string::npos)
        << r.reason;
    // A commit after the step still reads slower, and one that carries half of it undecided.
    EXPECT_EQ(
        classify_step(duet(judged(verdict::slower, 1.25, 1.18, 1.32)), {}, 0.05, cuts).verdict,
        step_verdict::bad);
    EXPECT_EQ(classify_step(duet(judged(verdict::inconclusive, 1.10, 1.04, 1.16)), {}, 0.05, cuts)
                  .verdict,
              step_verdict::undecided);
}

TEST(BisectStep, TheGoodSidesLineIsNeverBelowTheThreshold) {
    step_result bad_end; // a +6 % step: half of it, 3 %, would be stricter than the threshold
    bad_end.cases = {{"k/float/flat/n=1024/local=64", "slower", 0.06, 0.01, 0.11}};
    EXPECT_DOUBLE_EQ(good_cuts(bad_end, 0.05).at("k/float/flat/n=1024/local=64"), 0.05);
    bad_end.cases[0].verdict = "not slower"; // an A/A history: no line at all
    EXPECT_TRUE(good_cuts(bad_end, 0.05).empty());
}

TEST(BisectStep, OnANoisyDeviceTheLineDecidesGoodMidpointsAndNeverCallsAStepGood) {
    // Simulated duets of a +25 % step on a device whose interval is +-6.5 % (sigma 3.3 %):
    // the bad end's estimate sets the line; a commit before the step (no change) should read
    // good, one after it (the whole change) never.
    std::mt19937_64 rng(67);
    std::normal_distribution<double> noise(0.0, 0.033);
    const double half = 0.065;
    int good_before = 0, good_after = 0, good_before_at_threshold = 0;
    const int trials = 400;
    for (int i = 0; i < trials; ++i) {
        step_result bad_end;
        const double b = 0.25 + noise(rng);
        bad_end.cases = {{"k/float/flat/n=1024/local=64", "slower", b, b - half, b + half}};
        const auto cuts = good_cuts(bad_end, 0.05);
        const auto read = [&](double truth, const std::map<std::string, double>& c) {
            const double e = truth + noise(rng);
            const auto v = e - half > 0 && e > 0.05 ? verdict::slower : verdict::inconclusive;
            return classify_step(duet(judged(v, 1 + e, 1 + e - half, 1 + e + half)), {}, 0.05, c)
                .verdict;
        };
        good_before += read(0.0, cuts) == step_verdict::good ? 1 : 0;
        good_before_at_threshold += read(0.0, {}) == step_verdict::good ? 1 : 0;
        good_after += read(0.25, cuts) == step_verdict::good ? 1 : 0;
    }
    EXPECT_GE(good_before, trials * 90 / 100) << "half the step is a line a no-change commit shows";
    EXPECT_LE(good_before_at_threshold, trials * 75 / 100)
        << "+5 % is one it often cannot: " << good_before_at_threshold << " vs " << good_before;
    EXPECT_EQ(good_after, 0) << "a commit with the whole step never reads good";
}

} // namespace
} // namespace grp
