#include "grp/model/timestamps.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(timestamps, plausible_stamps_pass) {
    EXPECT_EQ(check_stamps({100, 110, 120, 220}, 1), "");
    EXPECT_EQ(check_stamps({100, 100, 100, 101}, 1), "");
}

TEST(timestamps, fabricated_driver_bugs_are_flagged) {
    EXPECT_EQ(check_stamps({100, 110, 220, 120}, 1), "END before START");
    EXPECT_EQ(check_stamps({100, 130, 120, 220}, 1), "START before SUBMIT");
    EXPECT_EQ(check_stamps({140, 130, 150, 220}, 1), "SUBMIT before QUEUED");
    EXPECT_EQ(check_stamps({100, 110, 120, 120}, 1), "duration under timer resolution (1 ns)");
    EXPECT_EQ(check_stamps({100, 110, 120, 600}, 1000),
              "duration under timer resolution (1000 ns)");
    EXPECT_EQ(check_stamps({100, 110, 120, 120}, 0), "duration under timer resolution (0 ns)");
}

} // namespace
} // namespace grp
