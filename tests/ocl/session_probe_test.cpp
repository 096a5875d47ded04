// A run lists its devices without the probe kernel (one context per device, not two): the
// session measures the preferred work-group multiple in its own context, and gets the value the
// probing listing gets.
#include "grp/ocl/enumerate.hpp"
#include "grp/ocl/session.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(session_probe, measures_the_multiple_a_listing_without_probe_left_out) {
    const auto listed = ocl::select({}, /*probe=*/false).front();
    EXPECT_FALSE(listed.info.preferred_work_group_multiple.has_value());
    const auto probed = ocl::select({}).front();
    ASSERT_TRUE(probed.info.preferred_work_group_multiple.has_value());
    const ocl::session s{listed, /*probe=*/false};
    EXPECT_EQ(s.info().preferred_work_group_multiple, probed.info.preferred_work_group_multiple);
}

} // namespace
} // namespace grp
