// What stands for a round in compare (--round-center): its median sample by default, its
// fastest with `min` (interference only adds time).
#include "grp/core/error.hpp"
#include "grp/model/compare/side.hpp"

#include <cmath>
#include <gtest/gtest.h>

namespace grp {
namespace {

case_result case_with_rounds(const std::vector<std::vector<std::uint64_t>>& rounds) {
    case_result c;
    c.key = make_case_key("reduce6", "float", "flat", 4096, 64);
    for (const auto& samples : rounds) {
        round_record r;
        r.samples_ns = samples;
        c.rounds.push_back(r);
    }
    return c;
}

TEST(round_center, median_by_default_and_the_fastest_sample_with_min) {
    const auto c = case_with_rounds({{100, 300, 120}, {90, 95, 400, 500}});
    const auto median = medians_by_slot(c, 0.0);
    ASSERT_EQ(median.size(), 2U);
    EXPECT_DOUBLE_EQ(median.at({0, 0}), 120.0);
    EXPECT_DOUBLE_EQ(median.at({0, 1}), 247.5);
    const auto fastest = medians_by_slot(c, 0.0, nullptr, round_center::min);
    EXPECT_DOUBLE_EQ(fastest.at({0, 0}), 100.0);
    EXPECT_DOUBLE_EQ(fastest.at({0, 1}), 90.0);
}

TEST(round_center, a_disturbed_round_is_set_aside_whatever_the_center) {
    auto c = case_with_rounds({{100, 110, 120}, {50, 60, 70}});
    c.rounds[1].cpu_wait = 0.9; // before 2.5: waits alone set it aside
    std::size_t dropped = 0;
    const auto fastest = medians_by_slot(c, 0.1, &dropped, round_center::min);
    EXPECT_EQ(fastest.size(), 1U);
    EXPECT_EQ(dropped, 1U);
}

TEST(round_center, names_parse_and_print) {
    EXPECT_EQ(parse_round_center("min"), round_center::min);
    EXPECT_EQ(to_string(parse_round_center("median")), "median");
    EXPECT_THROW(parse_round_center("mean"), usage_error);
}

TEST(round_center, compare_options_carry_it_to_the_rounds_of_a_side) {
    profile p;
    p.devices.emplace_back();
    p.runs.emplace_back();
    p.cases.push_back(case_with_rounds({{100, 300, 120}, {90, 95, 400}}));
    compare_options o;
    o.center = round_center::min;
    const auto s = rounds_of(p, p.cases[0], o);
    ASSERT_EQ(s.runs.size(), 1U);
    ASSERT_EQ(s.runs[0].size(), 2U);
    EXPECT_DOUBLE_EQ(s.runs[0][0], std::log(100.0));
    EXPECT_DOUBLE_EQ(s.runs[0][1], std::log(90.0));
}

} // namespace
} // namespace grp
