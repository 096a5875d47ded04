// The access metrics (model/access/access_metrics.hpp, access_text.hpp) on hand-built traces:
// work-items run one after another as on the simulator, and the recorder must line their
// accesses up per (instruction, k-th execution) as a warp would issue them.
#include "grp/model/access/access_metrics.hpp"
#include "grp/model/access/access_text.hpp"

#include <functional>
#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

const int access_load_a = 0, access_load_b = 0, access_other = 0; // identities: addresses
const void* const access_inst_a = &access_load_a;
const void* const access_inst_b = &access_load_b;
const void* const access_inst_x = &access_other;

/// One group of `lanes` work-items, each running `per_item` loads of access_inst_a at address(lane,
/// k), one after another (the simulator's order); the launch's summary.
access_summary
access_trace_of(std::uint32_t lanes, std::uint32_t per_item,
                const std::function<std::uint64_t(std::uint32_t, std::uint32_t)>& address,
                access_space space = access_space::global, std::uint32_t size = 4) {
    group_recorder g(lanes);
    for (std::uint32_t l = 0; l < lanes; ++l) {
        for (std::uint32_t k = 0; k < per_item; ++k) {
            g.access(l, access_inst_a, space, address(l, k), size);
            g.executed(l, access_inst_a);
        }
    }
    access_totals t;
    g.finish(t);
    return summarise_access(t);
}

TEST(AccessMetrics, FullyCoalescedFloatsTouchOneLinePerWarp) {
    const auto s = access_trace_of(64, 3, [](auto l, auto k) { return 4096 + 256 * k + 4 * l; });
    EXPECT_EQ(s.global_requests, 2U * 3U);
    EXPECT_DOUBLE_EQ(s.segments[0][0], 4.0); // 32 lanes x 4 B = 128 B = 4 sectors
    EXPECT_DOUBLE_EQ(s.segments[0][1], 2.0);
    EXPECT_DOUBLE_EQ(s.segments[0][2], 1.0);
    EXPECT_DOUBLE_EQ(s.segments[1][0], 8.0); // wave64: 256 B
    EXPECT_DOUBLE_EQ(s.segments[1][2], 2.0);
    EXPECT_DOUBLE_EQ(s.simd_efficiency, 1.0);
}

TEST(AccessMetrics, StrideTwoDoublesTheSegments) {
    const auto s = access_trace_of(32, 1, [](auto l, auto) { return 8 * l; });
    EXPECT_DOUBLE_EQ(s.segments[0][0], 8.0);
    EXPECT_DOUBLE_EQ(s.segments[0][2], 2.0);
}

TEST(AccessMetrics, StrideThirtyTwoTouchesASegmentPerLane) {
    const auto s = access_trace_of(32, 1, [](auto l, auto) { return 128 * l; });
    EXPECT_DOUBLE_EQ(s.segments[0][0], 32.0);
    EXPECT_DOUBLE_EQ(s.segments[0][2], 32.0);
}

TEST(AccessMetrics, ChunkedReadsAreUncoalescedAtEveryStep) {
    // Each work-item reads its own chunk of 64 floats: at step k the lanes are 256 B apart.
    const auto chunked = access_trace_of(32, 64, [](auto l, auto k) { return 4 * (64 * l + k); });
    const auto strided = access_trace_of(32, 64, [](auto l, auto k) { return 4 * (32 * k + l); });
    EXPECT_DOUBLE_EQ(chunked.segments[0][0], 32.0);
    EXPECT_DOUBLE_EQ(strided.segments[0][0], 4.0);
    EXPECT_EQ(chunked.global_requests, strided.global_requests) << "the same loads";
    EXPECT_EQ(chunked.distinct_lines, strided.distinct_lines);
}

TEST(AccessMetrics, NewSectorsSeeWhatTheWarpsLastStepBroughtIn) {
    // Chunked: a lane's next float is in the sector its last load touched 7 times in 8, so a
    // small per-warp cache fetches what a coalesced read fetches, in 1 request of 8.
    const auto chunked = access_trace_of(32, 64, [](auto l, auto k) { return 4 * (64 * l + k); });
    EXPECT_DOUBLE_EQ(chunked.new_sectors_per_request, 4.0);
    EXPECT_DOUBLE_EQ(chunked.miss_request_share, 1.0 / 8.0);
    const auto coalesced = access_trace_of(32, 64, [](auto l, auto k) { return 4 * (32 * k + l); });
    EXPECT_DOUBLE_EQ(coalesced.new_sectors_per_request, 4.0);
    EXPECT_DOUBLE_EQ(coalesced.miss_request_share, 1.0);
    // Lanes 32 B apart, each step far away: every sector new, every request waits.
    const auto strided = access_trace_of(32, 8, [](auto l, auto k) { return 32 * l + 65536 * k; });
    EXPECT_DOUBLE_EQ(strided.new_sectors_per_request, 32.0);
    EXPECT_DOUBLE_EQ(strided.miss_request_share, 1.0);
    // The same address at every step: only the first request fetches.
    const auto hot = access_trace_of(32, 4, [](auto, auto) { return 640; });
    EXPECT_DOUBLE_EQ(hot.new_sectors_per_request, 0.25);
    EXPECT_DOUBLE_EQ(hot.miss_request_share, 0.25);
}

TEST(AccessMetrics, NewSectorsFollowEachLanesProgramOrder) {
    // Per step two loads of the same floats (in[2i] and in[2i+1] alike): the second finds the
    // sectors the first brought in, whichever instruction the recorder meets first.
    access_summary s[2];
    for (int order = 0; order < 2; ++order) {
        group_recorder g(32);
        for (std::uint32_t l = 0; l < 32; ++l) {
            for (std::uint32_t k = 0; k < 2; ++k) {
                const void* first = order == 0 ? access_inst_a : access_inst_b;
                const void* second = order == 0 ? access_inst_b : access_inst_a;
                g.access(l, first, access_space::global, 4 * l + 1024 * k, 4);
                g.executed(l, first);
                g.access(l, second, access_space::global, 4 * l + 1024 * k, 4);
                g.executed(l, second);
            }
        }
        access_totals t;
        g.finish(t);
        s[order] = summarise_access(t);
    }
    EXPECT_DOUBLE_EQ(s[0].new_sectors_per_request, 2.0) << "4 new sectors in 2 of 4 steps";
    EXPECT_DOUBLE_EQ(s[0].miss_request_share, 0.5);
    EXPECT_DOUBLE_EQ(s[1].new_sectors_per_request, s[0].new_sectors_per_request);
}

TEST(AccessMetrics, ABarrierDoesNotEmptyTheWarpsSectors) {
    // The same float read before and after a barrier: the second read finds it.
    group_recorder g(32);
    for (std::uint32_t l = 0; l < 32; ++l) {
        g.access(l, access_inst_a, access_space::global, 4 * l, 4);
        g.executed(l, access_inst_a);
    }
    g.barrier();
    for (std::uint32_t l = 0; l < 32; ++l) {
        g.access(l, access_inst_b, access_space::global, 4 * l, 4);
        g.executed(l, access_inst_b);
    }
    access_totals t;
    g.finish(t);
    const auto s = summarise_access(t);
    EXPECT_DOUBLE_EQ(s.new_sectors_per_request, 2.0) << "4 sectors, fetched once in 2 steps";
    EXPECT_DOUBLE_EQ(s.miss_request_share, 0.5);
}

TEST(AccessMetrics, ALoopReadAfterAnotherLoopWaitsAgain) {
    // Loop A reads in[i], then loop B the next stride's in[i + 32]: B's step j is compared with
    // B's step j - 1 (program order), not with A's, so every step fetches.
    group_recorder g(32);
    for (std::uint32_t l = 0; l < 32; ++l) {
        for (std::uint32_t k = 0; k < 4; ++k) {
            g.access(l, access_inst_a, access_space::global, 4 * (32 * k + l), 4);
            g.executed(l, access_inst_a);
        }
        for (std::uint32_t k = 0; k < 4; ++k) {
            g.access(l, access_inst_b, access_space::global, 4 * (32 * (k + 1) + l), 4);
            g.executed(l, access_inst_b);
        }
    }
    access_totals t;
    g.finish(t);
    EXPECT_DOUBLE_EQ(summarise_access(t).miss_request_share, 1.0);
}

TEST(AccessMetrics, BroadcastIsOneSegmentAndOneWay) {
    const auto g = access_trace_of(32, 1, [](auto, auto) { return 640; });
    EXPECT_DOUBLE_EQ(g.segments[0][0], 1.0);
    ASSERT_TRUE(g.line_entropy_bits.has_value());
    EXPECT_DOUBLE_EQ(*g.line_entropy_bits, 0.0) << "every access in one line";
    const auto l = access_trace_of(
        32, 1, [](auto, auto) { return 64; }, access_space::local);
    EXPECT_EQ(l.local_requests, 1U);
    EXPECT_DOUBLE_EQ(l.bank_conflict_ways, 1.0);
}

TEST(AccessMetrics, LocalBankConflictsAreTheWorstBanksDistinctWords) {
    const auto unit = access_trace_of(
        32, 1, [](auto l, auto) { return 4 * l; }, access_space::local);
    const auto two = access_trace_of(
        32, 1, [](auto l, auto) { return 8 * l; }, access_space::local);
    const auto all = access_trace_of(
        32, 1, [](auto l, auto) { return 128 * l; }, access_space::local);
    EXPECT_DOUBLE_EQ(unit.bank_conflict_ways, 1.0);
    EXPECT_DOUBLE_EQ(two.bank_conflict_ways, 2.0);
    EXPECT_DOUBLE_EQ(all.bank_conflict_ways, 32.0);
    EXPECT_EQ(all.global_requests, 0U) << "local accesses are not global requests";
}

TEST(AccessMetrics, SimdEfficiencyCountsIdleLanesOfADivergentBranch) {
    group_recorder g(32);
    for (std::uint32_t l = 0; l < 32; ++l) {
        g.executed(l, access_inst_x);
        if (l % 2 == 0) {
            g.executed(l, access_inst_b); // the branch half the warp takes
        }
    }
    access_totals t;
    g.finish(t);
    const auto s = summarise_access(t);
    EXPECT_DOUBLE_EQ(s.simd_efficiency, (32.0 + 16.0) / 64.0);
    EXPECT_EQ(t.instructions, 48U);
}

TEST(AccessMetrics, InstructionsPerBarrierCountEachWorkItemsIntervals) {
    group_recorder g(32);
    for (std::uint32_t l = 0; l < 32; ++l) {
        for (int i = 0; i < 5; ++i) {
            g.executed(l, access_inst_x);
        }
    }
    g.barrier();
    for (std::uint32_t l = 0; l < 32; ++l) {
        for (int i = 0; i < 5; ++i) {
            g.executed(l, access_inst_b);
        }
    }
    access_totals t;
    g.finish(t);
    EXPECT_EQ(t.barriers, 32U);
    EXPECT_DOUBLE_EQ(summarise_access(t).instructions_per_barrier, 320.0 / 64.0);
}

TEST(AccessMetrics, EntropyOfEvenlyTouchedLinesIsTheirCountsLog) {
    const auto s = access_trace_of(32, 1, [](auto l, auto) { return 16 * l; }); // 512 B: 4 lines
    EXPECT_EQ(s.distinct_lines, 4U);
    ASSERT_TRUE(s.line_entropy_bits.has_value());
    EXPECT_DOUBLE_EQ(*s.line_entropy_bits, 2.0);
}

TEST(AccessMetrics, GroupsMergeToTheSameTotalsInAnyOrder) {
    const auto group = [](std::uint64_t base) {
        group_recorder g(32);
        for (std::uint32_t l = 0; l < 32; ++l) {
            g.access(l, access_inst_a, access_space::global, base + 12 * l, 4);
            g.executed(l, access_inst_a);
        }
        access_totals t;
        g.finish(t);
        return t;
    };
    access_totals one, two;
    one.merge(group(0));
    one.merge(group(1 << 20));
    two.merge(group(1 << 20));
    two.merge(group(0));
    std::ostringstream a, b;
    write_access_block(a, one);
    write_access_block(b, two);
    EXPECT_EQ(a.str(), b.str());
}

TEST(AccessText, BlocksRoundTripBesideOtherTables) {
    access_totals t;
    group_recorder g(64);
    for (std::uint32_t l = 0; l < 64; ++l) {
        g.access(l, access_inst_a, access_space::global, 4 * l, 4);
        g.access(l, access_inst_b, access_space::local, 8 * l, 4);
        g.executed(l, access_inst_a);
    }
    g.finish(t);
    std::ostringstream os;
    os << "Instructions executed for kernel 'k':\n      64 - load global (256 bytes)\n";
    write_access_block(os, t);
    write_access_block(os, access_totals{});
    std::string error;
    const auto blocks = parse_access_blocks(os.str(), error);
    EXPECT_EQ(error, "");
    ASSERT_EQ(blocks.size(), 2U);
    EXPECT_EQ(blocks[0].totals.global_segments[1][0], t.global_segments[1][0]);
    EXPECT_EQ(blocks[0].totals.local_ways, t.local_ways);
    EXPECT_EQ(blocks[0].totals.global_new_sectors, 8U) << "two warps of 4 sectors, all new";
    EXPECT_EQ(blocks[0].totals.global_steps, 2U);
    EXPECT_EQ(blocks[0].totals.global_miss_requests, t.global_miss_requests);
    EXPECT_EQ(blocks[0].distinct_lines, 2U);
    EXPECT_FALSE(blocks[1].line_entropy_bits.has_value());
    const auto s = summarise_launches({blocks[0]});
    EXPECT_DOUBLE_EQ(s.segments[1][0], 8.0);
    EXPECT_DOUBLE_EQ(s.bank_conflict_ways, 2.0);
}

TEST(AccessText, AnUnreadableLineIsAnErrorNotAZero) {
    std::string error;
    (void)parse_access_blocks(
        "Access metrics of the launch (gpu-reduce-prof):\n  global_requests_w32 x1\n", error);
    EXPECT_NE(error.find("global_requests_w32 x1"), std::string::npos);
    error.clear();
    (void)parse_access_blocks("Access metrics of the launch (gpu-reduce-prof):\n  made_up 3\n",
                              error);
    EXPECT_NE(error, "");
}

} // namespace
} // namespace grp
