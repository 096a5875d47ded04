#include "grp/report/views/compare_cells.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(compare_cells, a_side_shows_the_center_its_change_is_computed_from) {
    // The change comes from the undisturbed rounds on a log scale (case_side::center); a column
    // showing the median of every round beside it could contradict it (13.3 -> 21.3 ms shown
    // as +15.4 %), so the center is what the table shows.
    case_side s;
    s.center = 13.3e6;
    s.median_ns = 21.3e6;
    EXPECT_EQ(shown_value(s, compare_options{}), "13.3 ms");
    s.center.reset(); // no usable rounds: the raw median is all there is
    EXPECT_EQ(shown_value(s, compare_options{}), "21.3 ms");
    s.status = case_status::wrong;
    EXPECT_EQ(shown_value(s, compare_options{}), "wrong");
    EXPECT_EQ(shown_value(std::nullopt, compare_options{}), "-");
}

} // namespace
} // namespace grp
