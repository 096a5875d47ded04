// A CPU's default size from its measured read knee (#47), on fabricated curves: the knee wins
// over any cache the driver reports, a flat curve gives the floor, a curve still falling at the
// largest size gives that size, and noise at the large end does not move the choice below it.
#include "grp/model/plan/size_knee.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

constexpr std::uint64_t MiB = std::uint64_t{1} << 20;

std::vector<read_roof> curve(const std::vector<std::pair<std::uint64_t, double>>& points) {
    std::vector<read_roof> out;
    for (const auto& [mib, gbps] : points) {
        out.push_back({mib * MiB, gbps, 0, "chunk_read"});
    }
    return out;
}

TEST(size_knee, the_ladder_doubles_up_to_the_cap_and_a_quarter_of_the_largest_buffer) {
    const auto all = knee_ladder(std::nullopt);
    ASSERT_EQ(all.size(), 7u); // 4 MiB .. 256 MiB
    EXPECT_EQ(all.front(), 4 * MiB);
    EXPECT_EQ(all.back(), knee_cap_bytes);
    EXPECT_EQ(knee_ladder(256 * MiB).back(), 64 * MiB);
    EXPECT_TRUE(knee_ladder(8 * MiB).empty());
}

// The 2-core EPYC VM of bench/results/cpu-l3-knee.txt (medians): cache to 16 MiB, partly at 64,
// memory from 128 MiB; twice that is over the budget, so the budget, said.
TEST(size_knee, the_vm_of_the_knee_benchmark_gets_the_budget_and_is_told_why) {
    const auto c = choose_from_knee(
        curve({{4, 70.6}, {8, 66.0}, {16, 62.5}, {32, 36.4}, {64, 44.0}, {128, 33.0}, {256, 31.5}}),
        32 * MiB);
    EXPECT_EQ(c.bytes, knee_budget_bytes);
    EXPECT_NE(c.why.find("reads like memory from 128.00 MiB, and twice that is over what a "
                         "default run affords"),
              std::string::npos)
        << c.why;
    EXPECT_NE(c.why.find("the driver reports a 32.00 MiB cache, not used"), std::string::npos);
    EXPECT_NE(c.why.find("128.00 MiB 33.0"), std::string::npos) << c.why;
}

// This VM on 2026-11-29 (run's own measurement): memory from 32 MiB, where the 2 largest sizes
// read a little faster than the middle ones; twice the knee.
TEST(size_knee, twice_the_knee_when_it_fits_the_budget) {
    const auto c = choose_from_knee(
        curve(
            {{4, 92.2}, {8, 136.4}, {16, 81.2}, {32, 24.6}, {64, 24.4}, {128, 30.2}, {256, 34.0}}),
        32 * MiB);
    EXPECT_EQ(c.bytes, 64 * MiB);
    EXPECT_NE(c.why.find("twice the smallest size that reads like memory here (32.00 MiB"),
              std::string::npos)
        << c.why;
}

// The VM whose PoCL reported 300 MiB (a 327 s default run at 2^28 floats): the knee decides.
TEST(size_knee, a_large_cache_report_does_not_move_a_measured_knee) {
    const auto c = choose_from_knee(
        curve({{4, 60}, {8, 58}, {16, 40}, {32, 23}, {64, 22}, {128, 21.5}, {256, 21.4}}),
        300 * MiB);
    EXPECT_EQ(c.bytes, 64 * MiB);
    EXPECT_NE(c.why.find("300.00 MiB cache, not used"), std::string::npos);
}

TEST(size_knee, a_flat_curve_gives_the_floor_and_a_falling_one_the_budget) {
    EXPECT_EQ(choose_from_knee(curve({{4, 20}, {8, 20.5}, {16, 19.8}, {32, 20}}), {}).bytes,
              knee_floor_bytes);
    const auto falling = choose_from_knee(curve({{4, 90}, {64, 70}, {128, 55}, {256, 30}}), {});
    EXPECT_EQ(falling.bytes, knee_budget_bytes);
    EXPECT_NE(falling.why.find("no knee up to 256.00 MiB"), std::string::npos) << falling.why;
    EXPECT_EQ(choose_from_knee({}, {}).bytes, 0u);
}

// A slow moment at one mid size (a busy neighbour) does not make the knee: every larger size
// must read like memory too.
TEST(size_knee, one_slow_size_before_a_faster_one_is_not_the_knee) {
    const auto c = choose_from_knee(
        curve({{4, 70}, {8, 66}, {16, 30}, {32, 60}, {64, 45}, {128, 32}, {256, 31}}), {});
    EXPECT_EQ(c.bytes, knee_budget_bytes);
    EXPECT_NE(c.why.find("reads like memory from 128.00 MiB"), std::string::npos) << c.why;
}

} // namespace
} // namespace grp
