#include "grp/parts/part_merge.hpp"

#include <gtest/gtest.h>

namespace grp::parts {
namespace {

labelled_part finished_in(double wall_s) {
    profile p;
    p.runs.emplace_back();
    p.runs.back().wall_s = wall_s;
    return {p, "process"};
}

TEST(TimeLeft, NothingBeforeAProcessHasFinished) {
    EXPECT_EQ(time_left({}, 3), "");
    profile untimed;
    untimed.runs.emplace_back();
    EXPECT_EQ(time_left({{untimed, "process 1"}}, 2), "");
}

TEST(TimeLeft, TheMeanOfTheFinishedTimesTheProcessesLeft) {
    EXPECT_EQ(time_left({finished_in(2.0), finished_in(4.0)}, 3), ", about 9 s to go");
    EXPECT_EQ(time_left({finished_in(0.01)}, 1), ", about 1 s to go");
    EXPECT_EQ(time_left({finished_in(50.0)}, 3), ", about 2 min to go");
}

TEST(KeptNote, SaysWhatStaysWhenNothingOrSomethingFinished) {
    EXPECT_EQ(kept_note(0, ""), "no process had finished, so no profile is kept (a part that a "
                                "process could not write is kept where its message above says)");
    EXPECT_EQ(kept_note(2, "the part of process 3 could not be read"),
              "the 2 finished process(es) are kept (merged into the profile, marked "
              "incomplete); the part of process 3 could not be read");
}

} // namespace
} // namespace grp::parts
