#include "grp/core/error.hpp"
#include "grp/parts/partition.hpp"

#include <gtest/gtest.h>

namespace grp::parts {
namespace {

run::run_options with_rounds(std::uint64_t rounds) {
    run::run_options r;
    r.measure.rounds = rounds;
    r.measure.extra_rounds = 5;
    r.measure.max_time_s = 10.0;
    r.scenarios = {"barrier"};
    return r;
}

TEST(RoundShare, SharesAddUpAndTheFirstPartsTakeTheRest) {
    EXPECT_EQ(round_share(10, 1, 3), 4U);
    EXPECT_EQ(round_share(10, 2, 3), 3U);
    EXPECT_EQ(round_share(10, 3, 3), 3U);
    for (std::uint64_t total = 1; total <= 30; ++total) {
        for (std::size_t k = 1; k <= 7; ++k) {
            std::uint64_t sum = 0;
            for (std::size_t i = 1; i <= k; ++i) {
                sum += round_share(total, i, k);
            }
            EXPECT_EQ(sum, total) << total << " rounds over " << k;
        }
    }
}

TEST(ApplyPart, EachPartStartsWhereTheEarlierOnesLeftOff) {
    std::uint64_t next = 0;
    for (std::size_t i = 1; i <= 3; ++i) {
        auto r = with_rounds(10);
        apply_part({i, 3}, r, {"0|4096|1000|stream_read"});
        EXPECT_EQ(r.measure.first_round, next);
        next += r.measure.rounds;
        EXPECT_EQ(r.measure.extra_rounds, 2U); // ceil(5 / 3)
    }
    EXPECT_EQ(next, 10U);
}

TEST(ApplyPart, TheMaxTimeIsSharedLikeTheRounds) {
    auto r = with_rounds(10);
    apply_part({1, 2}, r);
    EXPECT_DOUBLE_EQ(r.measure.max_time_s, 5.0);
}

TEST(ApplyPart, TheFirstPartKeepsThePeakSearchAndTheScenarios) {
    auto r = with_rounds(4);
    apply_part({1, 2}, r);
    EXPECT_TRUE(r.measure_peak);
    EXPECT_TRUE(r.exact_check);
    EXPECT_EQ(r.scenarios.size(), 1U);
    EXPECT_EQ(r.host_repeats, 3U);
}

TEST(ApplyPart, LaterPartsTakeThePeakGivenAndSkipTheOneOffWork) {
    auto r = with_rounds(4);
    apply_part({2, 2}, r, {"0|4096|1000|stream_read"});
    EXPECT_FALSE(r.measure_peak);
    EXPECT_FALSE(r.exact_check);
    EXPECT_TRUE(r.scenarios.empty());
    EXPECT_EQ(r.host_repeats, 0U);
    ASSERT_EQ(r.known_peaks.count(0), 1U);
    EXPECT_EQ(r.known_peaks[0].read_shape, "stream_read");
}

TEST(ApplyPart, APartWithoutARoundIsAUsageError) {
    auto r = with_rounds(2);
    EXPECT_THROW(apply_part({3, 3}, r), usage_error);
}

TEST(PartPeak, TheArgumentReadsBackExactly) {
    peak_bandwidth p;
    p.bytes = 1U << 26U;
    p.read_median_ns = 1234567.8912345678;
    p.read_shape = "chunk_read";
    const auto back = parse_part_peaks({part_peak_arg(2, p)});
    ASSERT_EQ(back.count(2), 1U);
    EXPECT_EQ(back.at(2).bytes, p.bytes);
    EXPECT_EQ(back.at(2).read_median_ns, p.read_median_ns);
    EXPECT_EQ(back.at(2).read_shape, "chunk_read");
    EXPECT_DOUBLE_EQ(back.at(2).read_gbps, static_cast<double>(p.bytes) / p.read_median_ns);
}

TEST(PartPeak, MalformedValuesAreUsageErrors) {
    for (const char* bad : {"0|4096|1000", "0|4096|fast|s", "0|4096|0|s", "0|0|1000|s",
                            "1001|4096|1000|s", "x|4096|1000|s"}) {
        EXPECT_THROW(parse_part_peaks({bad}), usage_error) << bad;
    }
}

} // namespace
} // namespace grp::parts
