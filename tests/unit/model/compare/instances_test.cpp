// A duet's candidate judged on its four instances (instances.hpp): hand-built contrasts, then
// simulated duets whose instances each carry an offset of their own in each process (what the
// H100 showed: bench/results/h100-process-disagreement.txt). Seeds are fixed, so every count
// below is the same on every run; the bounds around them are what the statistics promise.
#include "grp/model/compare/control.hpp"
#include "grp/model/compare/duet_judge.hpp"
#include "grp/model/compare/instances.hpp"
#include "grp/model/compare/pair.hpp"

#include <gtest/gtest.h>
#include <random>

namespace grp {
namespace {

round_record round_at(std::uint32_t run, double ns) {
    round_record r;
    r.run = run;
    r.samples_ns = {static_cast<std::uint64_t>(ns)};
    return r;
}

case_result make_case(const std::string& kernel, std::vector<round_record> r) {
    case_result c;
    c.key = make_case_key(kernel, "float", "flat", 1024, 64);
    c.rounds = std::move(r);
    c.derive_from_rounds();
    c.status = case_status::ok;
    return c;
}

const kernel_pair four{"base", "cand", "control", "twin"};

/// A duet of `processes` x `rounds`: in each process every instance lands at its own offset
/// (log-normal, `instance_sd`), each round moves all four alike (a shared swing) plus a small
/// jitter of each; the candidate and its twin take `change` longer; the control `bias` longer.
profile simulated(unsigned seed, double change, double instance_sd, std::uint32_t processes = 6,
                  std::size_t rounds = 10, double bias = 1.0) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> offset(0, instance_sd), jitter(0, 0.003), swing(0, 0.1);
    const double factor[] = {1.0, bias, change, change}; // base, control, cand, twin
    std::vector<std::vector<round_record>> r(4);
    for (std::uint32_t p = 0; p < processes; ++p) {
        double level[4];
        for (int k = 0; k < 4; ++k) {
            level[k] = 10000 * factor[k] * std::exp(offset(rng));
        }
        for (std::size_t i = 0; i < rounds; ++i) {
            const double shared = std::exp(swing(rng));
            for (int k = 0; k < 4; ++k) {
                r[k].push_back(round_at(p, level[k] * shared * std::exp(jitter(rng))));
            }
        }
    }
    profile out;
    out.devices.emplace_back();
    out.runs.resize(processes);
    const char* names[] = {"base", "control", "cand", "twin"};
    for (int k = 0; k < 4; ++k) {
        out.cases.push_back(make_case(names[k], r[k]));
    }
    return out;
}

TEST(Instances, ContrastsAreTakenRoundByRoundThenProcessByProcess) {
    // Process 0: base 100, control 110, cand 121, twin 121 -> d = log(121*121/(100*110))/2,
    // a = log 1.1, a' = 0. Process 1 the same times 2 (a shared level cancels).
    profile p;
    p.runs.resize(2);
    for (const auto& [name, ns] :
         {std::pair{"base", 100.0}, {"control", 110.0}, {"cand", 121.0}, {"twin", 121.0}}) {
        p.cases.push_back(make_case(name, {round_at(0, ns), round_at(1, 2 * ns)}));
    }
    const auto x = contrast_instances(p, {&p.cases[0], &p.cases[1], &p.cases[2], &p.cases[3]},
                                      compare_options{});
    ASSERT_EQ(x.change.size(), 2U);
    ASSERT_EQ(x.aa_base.size(), 2U);
    ASSERT_EQ(x.aa_cand.size(), 2U);
    EXPECT_EQ(x.rounds, 2U);
    EXPECT_NEAR(x.change[0], std::log(121.0 * 121.0 / 11000.0) / 2, 1e-12);
    EXPECT_NEAR(x.change[1], x.change[0], 1e-12);
    EXPECT_NEAR(x.aa_base[0], std::log(1.1), 1e-12);
    EXPECT_NEAR(x.aa_cand[0], 0.0, 1e-12);
}

TEST(Instances, AnAaDuetsIntervalCoversNoChangeAtItsLevelAndIsNarrowerThanOnePairs) {
    // 2 % per instance and process, 6 processes of 10 rounds, 400 seeds at alpha 0.05: the
    // four-instance interval covers ratio 1 in about 95 % (2000 seeds: 99.15 % at alpha 0.01,
    // at 2 % and at 9 %). The candidate against the base alone, judged on its process means
    // (the processes disagree), is wider: twice the variance, 5 df instead of 17.
    compare_options opt;
    opt.alpha = 0.05;
    int covered = 0, narrower = 0;
    const int seeds = 400;
    for (int s = 0; s < seeds; ++s) {
        const auto p = simulated(static_cast<unsigned>(s), 1.0, 0.02);
        const auto cc = compare_pair(p, four, opt, "f").cases.at(0);
        ASSERT_TRUE(cc.on_instances) << cc.note;
        EXPECT_EQ(cc.df, std::optional<double>(17.0));
        covered += *cc.ci_low <= 1 && *cc.ci_high >= 1;
        const auto plain = compare_pair(p, {"base", "cand"}, opt, "f").cases.at(0);
        EXPECT_FALSE(plain.on_instances);
        narrower += *cc.ci_high / *cc.ci_low < *plain.ci_high / *plain.ci_low;
    }
    EXPECT_GE(covered, 0.92 * seeds);
    EXPECT_LE(covered, 0.98 * seeds);
    EXPECT_GE(narrower, 0.9 * seeds);
}

TEST(Instances, ATenPercentChangeIsCaughtThroughTwoPercentInstanceNoise) {
    int slower = 0;
    for (unsigned s = 0; s < 200; ++s) {
        const auto c = compare_pair(simulated(1000 + s, 1.10, 0.02), four, {}, "f");
        slower += c.cases.at(0).outcome == verdict::slower;
        EXPECT_NE(c.cases.at(0).outcome, verdict::faster);
    }
    EXPECT_GE(slower, 190); // the change sits 5 % past the threshold, ~5 SE at 6 processes
}

TEST(Instances, ANoisierMachineWidensTheIntervalInsteadOfFoolingIt) {
    // 9 % per instance (a 2-core VM at its worst): an A/A duet is rarely `same` at 6
    // processes, and slower or faster no more often than the level allows.
    int same = 0, alarms = 0;
    for (unsigned s = 0; s < 400; ++s) {
        const auto cc = compare_pair(simulated(2000 + s, 1.0, 0.09), four, {}, "f").cases.at(0);
        same += cc.outcome == verdict::same;
        alarms += cc.outcome == verdict::slower || cc.outcome == verdict::faster;
    }
    EXPECT_LE(alarms, 12); // alpha 0.01: 4 expected, 12 is 4 SD past
    EXPECT_LT(same, 200);
}

TEST(Instances, OneProcessIsJudgedOnItsRoundsWithTheControlsBound) {
    const auto p = simulated(7, 1.0, 0.02, 1, 20);
    const auto cc = compare_pair(p, four, {}, "f").cases.at(0);
    EXPECT_FALSE(cc.on_instances);
}

TEST(Instances, AControlThatReadsSlowerStillMakesTheCandidateBiased) {
    // The control's build always runs 12 % longer: identical code that reads slower.
    const auto p = simulated(11, 1.0, 0.005, 6, 10, 1.12);
    const auto judged = judge_duet(p, {four}, same_round_options(), "f");
    ASSERT_EQ(judged.size(), 3U); // the base's control, the twin, the candidate
    EXPECT_EQ(judged[0].cases.at(0).outcome, verdict::slower);
    const auto& cc = judged[2].cases.at(0);
    EXPECT_EQ(cc.outcome, verdict::biased) << cc.note;
    EXPECT_FALSE(cc.fails);
}

TEST(Instances, TheControlsAreJudgedOnTheFourInstancesToo) {
    // Identical code with 2 % per instance: each control's a has twice the variance of d (a
    // 99 % interval of about +-3.4 % at 6 processes), so it reads same in about 4 of 5 (316 of
    // 400 here), and slower or faster no more than the level allows.
    int same = 0, alarms = 0;
    for (unsigned s = 0; s < 200; ++s) {
        const auto judged =
            judge_duet(simulated(3000 + s, 1.0, 0.02), {four}, same_round_options(), "f");
        ASSERT_EQ(judged.size(), 3U);
        for (int k = 0; k < 2; ++k) {
            const auto& cc = judged[k].cases.at(0);
            ASSERT_TRUE(cc.on_instances) << cc.note;
            EXPECT_EQ(cc.df, std::optional<double>(15.0)); // 3 (P - 1)
            same += cc.outcome == verdict::same;
            alarms += cc.outcome == verdict::slower || cc.outcome == verdict::faster;
        }
    }
    EXPECT_GE(same, 280);
    EXPECT_LE(alarms, 6);
}

TEST(Instances, AJudgedCandidateNeedsNoBiasBound) {
    const auto judged = judge_duet(simulated(12, 1.10, 0.02), {four}, same_round_options(), "f");
    const auto& cc = judged.back().cases.at(0);
    EXPECT_TRUE(cc.on_instances);
    EXPECT_EQ(cc.outcome, verdict::slower) << cc.note;
    EXPECT_EQ(cc.bias_allowed, std::optional<double>(1.0));
    EXPECT_NE(cc.note.find("four instances of 6 processes"), std::string::npos) << cc.note;
}

} // namespace
} // namespace grp
