// Rounds whose sensors saw the clocks ramp or a throttle are set aside like disturbed ones,
// unless compare keeps them (--unsteady keep, and a duet by default), and a side left with too
// few steady rounds says why.
#include "grp/model/compare/side.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

case_result case_with(const std::vector<std::string>& unsteady) {
    case_result c;
    c.key = make_case_key("reduce6", "float", "flat", 4096, 64);
    for (const auto& why : unsteady) {
        round_record r;
        r.samples_ns = {1000, 1010, 990};
        r.conditions = round_conditions{};
        r.conditions->unsteady = why;
        c.rounds.push_back(r);
    }
    c.derive_from_rounds();
    return c;
}

TEST(unsteady_rounds, are_set_aside_unless_kept) {
    const auto c =
        case_with({"", "throttled: sw_power_cap", "", "clock 345-1980 MHz during the round"});
    std::size_t dropped = 0;
    EXPECT_EQ(medians_by_slot(c, aside_rule{}, &dropped).size(), 2U);
    EXPECT_EQ(dropped, 2U);
    EXPECT_EQ(medians_by_slot(c, aside_rule{0.1, false}).size(), 4U);
    compare_options keep;
    keep.set_aside_unsteady = false;
    EXPECT_FALSE(keep.aside().unsteady);
}

TEST(unsteady_rounds, a_side_with_too_few_steady_rounds_says_why) {
    const auto c = case_with({"throttled: hw_thermal", "throttled: hw_thermal", ""});
    const auto s = rounds_of(profile{}, c, compare_options{});
    EXPECT_EQ(s.rounds, 1U);
    EXPECT_NE(
        s.problem.find("2 of 3 rounds ran while the device's clocks ramped or were throttled"),
        std::string::npos)
        << s.problem;
    compare_options keep;
    keep.set_aside_unsteady = false;
    EXPECT_EQ(rounds_of(profile{}, c, keep).rounds, 3U);
}

} // namespace
} // namespace grp
