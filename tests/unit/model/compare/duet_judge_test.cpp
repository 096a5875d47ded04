// A duet judged whole (duet_judge.hpp): the controls first, each candidate gated by them, and
// what a sequential run counts as still undecided after a look.
#include "grp/model/compare/control.hpp"
#include "grp/model/compare/duet_judge.hpp"
#include "grp/model/compare/options.hpp"
#include "grp/model/profile/io.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

std::string fixture(const std::string& name) {
    return std::string(GRP_TEST_DATA) + "/compare/" + name + ".json";
}

comparison with(std::initializer_list<verdict> outcomes) {
    comparison c;
    for (auto v : outcomes) {
        case_comparison k;
        k.outcome = v;
        c.cases.push_back(k);
    }
    return c;
}

TEST(DuetJudge, OnlyInconclusiveCasesAreLeftForMoreProcesses) {
    // slower, faster, same and biased are decided; wrong, unmeasured and missing are not a
    // question of more rounds; only inconclusive waits for another process.
    EXPECT_EQ(undecided_cases({with({verdict::same, verdict::slower}),
                               with({verdict::faster, verdict::biased, verdict::wrong,
                                     verdict::unmeasured, verdict::missing})}),
              0U);
    EXPECT_EQ(undecided_cases(
                  {with({verdict::same, verdict::inconclusive}), with({verdict::inconclusive})}),
              2U);
    EXPECT_EQ(undecided_cases({}), 0U);
}

TEST(DuetJudge, OneSidedALookCountsACaseThatReadsNotSlowerAsDecided) {
    // run --one-sided (bisect's duets): an inconclusive case whose interval's high end, times
    // the bias its controls allow, is within the threshold asks for no more processes.
    comparison c = with({verdict::inconclusive, verdict::inconclusive, verdict::inconclusive});
    c.cases[0].ratio = 0.99, c.cases[0].ci_low = 0.93, c.cases[0].ci_high = 1.04;
    c.cases[0].bias_allowed = 1.0; // not slower: +4 % at most
    c.cases[1].ratio = 0.99, c.cases[1].ci_low = 0.93, c.cases[1].ci_high = 1.04;
    c.cases[1].bias_allowed = 1.02; // +6.1 % with the bias: undecided
    c.cases[2].ratio = 1.0, c.cases[2].ci_low = 0.9, c.cases[2].ci_high = 1.04; // no bias known
    EXPECT_TRUE(reads_not_slower(c.cases[0], 0.05));
    EXPECT_FALSE(reads_not_slower(c.cases[1], 0.05));
    EXPECT_FALSE(reads_not_slower(c.cases[2], 0.05));
    EXPECT_EQ(undecided_cases({c}), 3U);
    EXPECT_EQ(undecided_cases({c}, 0.05), 2U);
    EXPECT_EQ(undecided_cases({c}, 0.03), 3U);
}

TEST(DuetJudge, TheControlComesFirstAndGatesItsCandidate) {
    const auto p = load_profile(fixture("duet_biased"));
    const auto judged = judge_duet(p, recorded_pairs(p), compare_options{}, "f");
    ASSERT_EQ(judged.size(), 2U); // the base's control, then the candidate
    EXPECT_TRUE(judged[0].control);
    EXPECT_EQ(judged[0].cases.at(0).outcome, verdict::slower);
    EXPECT_FALSE(judged[1].control);
    EXPECT_EQ(judged[1].cases.at(0).outcome, verdict::biased); // decided: the experiment's bias
    EXPECT_EQ(undecided_cases(judged), 0U);
}

TEST(DuetJudge, SameRoundOptionsKeepTheRoundsAnotherProcessDisturbed) {
    // A duet on a loaded runner: every round waited for a CPU. The defaults for separate
    // profiles set them all aside and judge nothing; the same-round defaults (what compare
    // DUET.json and run's sequential looks use) keep them, since the ratio within a round
    // cancels what disturbed it.
    auto p = load_profile(fixture("duet_controlled"));
    for (auto& c : p.cases) {
        for (auto& r : c.rounds) {
            r.cpu_wait = 0.5;
        }
    }
    const auto kept = same_round_options();
    EXPECT_EQ(kept.max_cpu_wait, 0.0);
    EXPECT_FALSE(kept.set_aside_unsteady);
    const auto judged = judge_duet(p, recorded_pairs(p), kept, "f");
    const auto set_aside = judge_duet(p, recorded_pairs(p), compare_options{}, "f");
    std::size_t decided = 0, judged_aside = 0;
    for (const auto& c : judged) {
        for (const auto& k : c.cases) {
            decided += k.outcome != verdict::inconclusive && k.outcome != verdict::unmeasured;
        }
    }
    for (const auto& c : set_aside) {
        for (const auto& k : c.cases) {
            judged_aside += k.outcome != verdict::inconclusive && k.outcome != verdict::unmeasured;
        }
    }
    EXPECT_GT(decided, 0U);
    EXPECT_EQ(judged_aside, 0U);
}

} // namespace
} // namespace grp
