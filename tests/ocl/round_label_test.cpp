// The progress text of a round (run/rounds.hpp): rounds added for cases another process
// disturbed are shown as extra, never as "round 5/3".
#include "grp/run/round_plan.hpp"
#include "grp/run/rounds.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(RoundLabel, PlannedRoundsCountUpAndExtraRoundsAreSaidSo) {
    EXPECT_EQ(run::round_label(0, 3), "round 1/3");
    EXPECT_EQ(run::round_label(2, 3), "round 3/3");
    EXPECT_EQ(run::round_label(3, 3), "round 3/3 + 1 extra");
    EXPECT_EQ(run::round_label(7, 3), "round 3/3 + 5 extra");
}

/// A case with `clean` undisturbed rounds of `total`.
case_result rounds_of(std::size_t clean, std::size_t total) {
    case_result c;
    for (std::size_t i = 0; i < total; ++i) {
        round_record r;
        r.samples_ns.push_back(1000);
        if (i >= clean) { // threads waited half the round while others used the CPU
            r.cpu_wait = 0.5;
            r.other_cpu = 0.9;
        }
        c.rounds.push_back(r);
    }
    return c;
}

// #71: on a loaded machine every case got "round 10/10 + 10 extra" and still had 0 undisturbed
// rounds, which compare judges none of. An extra round is added only where it can count.
TEST(ExtraRounds, OnlyWhereTheyCanCount) {
    run::measure_options m;
    m.rounds = 10;
    m.extra_rounds = 10;
    // Every round disturbed: the extra ones would be too.
    EXPECT_FALSE(run::extra_round_can_count(rounds_of(0, 10), m, 10));
    // Judged already (compare's minimum of 2): each undisturbed round narrows it, up to 10.
    EXPECT_TRUE(run::extra_round_can_count(rounds_of(2, 10), m, 10));
    EXPECT_TRUE(run::extra_round_can_count(rounds_of(9, 18), m, 18));
    EXPECT_FALSE(run::extra_round_can_count(rounds_of(10, 12), m, 12));
    // One of 10: at that share, the 10 extra rounds would bring the second; after one more
    // disturbed round, the 9 left would not.
    EXPECT_TRUE(run::extra_round_can_count(rounds_of(1, 10), m, 10));
    EXPECT_FALSE(run::extra_round_can_count(rounds_of(1, 11), m, 11));
    // Never past the extra rounds given.
    m.extra_rounds = 0;
    EXPECT_FALSE(run::extra_round_can_count(rounds_of(1, 10), m, 10));
}

} // namespace
} // namespace grp
