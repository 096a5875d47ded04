// Oclgrind's instruction-count tables parsed per launch (sim/inst_counts.hpp), on text recorded
// from Oclgrind 21.10 (tests/data/sim/counts.txt: no_bounds's two passes, then the tool's own
// `differs` check).
#include "grp/core/error.hpp"
#include "grp/sim/inst_counts.hpp"
#include "test_data.hpp"

#include <gtest/gtest.h>

namespace grp::sim {
namespace {

TEST(InstCounts, OneTablePerLaunchWithBytesBarriersAndBuiltinNames) {
    const auto t = parse_inst_counts(test::read_test_data("sim/counts.txt"));
    ASSERT_EQ(t.size(), 3U);
    EXPECT_EQ(t[0].kernel, "no_bounds");
    EXPECT_EQ(t[2].kernel, "differs");
    EXPECT_EQ(t[0].bytes.at("load global"), 1024U);
    EXPECT_EQ(t[0].bytes.at("store global"), 16U);
    EXPECT_EQ(t[0].bytes.at("load local"), 2032U);
    EXPECT_EQ(t[0].barriers, 1792U);
    EXPECT_EQ(t[0].by_opcode.at("call barrier"), 1792U) << "mangled builtins by their name";
    EXPECT_EQ(t[0].by_opcode.at("call get_local_id"), 256U);
    EXPECT_EQ(t[1].bytes.at("load global"), 256U);
    std::uint64_t sum = 0;
    for (const auto& [op, n] : t[1].by_opcode) {
        sum += n;
    }
    EXPECT_EQ(t[1].instructions, sum);
}

TEST(InstCounts, VectorLoadsAndStoresCountTheirBytesByAddressSpace) {
    const auto t = parse_inst_counts("Instructions executed for kernel 'v':\n"
                                     "  1,024 - call _Z6vload4mPU3AS1Kf()\n"
                                     "     10 - call _Z7vstore2Dv2_dmPU3AS3d()\n"
                                     "      3 - load global (12 bytes)\n\n");
    ASSERT_EQ(t.size(), 1U);
    EXPECT_EQ(t[0].bytes.at("load global"), 1024U * 16U + 12U) << "vload4 of float: 16 B each";
    EXPECT_EQ(t[0].bytes.at("store local"), 10U * 16U) << "vstore2 of double to local";
    EXPECT_EQ(t[0].instructions, 1024U + 10U + 3U);
}

TEST(InstCounts, ACountBeyond64BitsIsAnErrorNeverACrashOrAWrap) {
    // Found by fuzz_check: std::stoull threw out_of_range, which ended check as a bug.
    const std::string table = "Instructions executed for kernel 'k':\n"
                              "  99999999999999999999999 - fadd\n";
    EXPECT_THROW((void)parse_inst_counts(table), file_error);
    const std::string big = "Instructions executed for kernel 'k':\n"
                            "  18446744073709551615 - fadd\n"
                            "  18446744073709551615 - call _Z7vload16mPU3AS1Kf()\n";
    const auto t = parse_inst_counts(big);
    ASSERT_EQ(t.size(), 1U);
    EXPECT_EQ(t[0].instructions, UINT64_MAX) << "held at the largest, not wrapped";
    EXPECT_EQ(t[0].bytes.at("load global"), UINT64_MAX);
}

TEST(InstCounts, AnUnreadableLineIsAnErrorNotAMadeUpCount) {
    EXPECT_THROW(parse_inst_counts("Instructions executed for kernel 'k':\n  many - br\n"),
                 file_error);
    EXPECT_TRUE(parse_inst_counts("").empty());
    EXPECT_TRUE(parse_inst_counts("unrelated output\n  12 - br\n").empty())
        << "lines outside a table are not counts";
}

} // namespace
} // namespace grp::sim
