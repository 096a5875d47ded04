// The progress text of a round (run/rounds.hpp): rounds added for cases another process
// disturbed are shown as extra, never as "round 5/3".
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

} // namespace
} // namespace grp
