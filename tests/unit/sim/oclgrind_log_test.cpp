// Oclgrind's log parsed into diagnostics (sim/oclgrind_log.hpp), on text recorded from Oclgrind
// 21.10 running tests/data/check/user.cl (tests/data/sim/oclgrind.log).
#include "grp/sim/oclgrind_log.hpp"
#include "test_data.hpp"

#include <gtest/gtest.h>
#include <string>

namespace grp::sim {
namespace {

TEST(OclgrindLog, EveryKindWithItsKernelPlaceAndWorkItems) {
    check_record rec;
    parse_log(test::read_test_data("sim/oclgrind.log"), {"kernels/user.cl", 20, {}}, rec);
    ASSERT_EQ(rec.diagnostics.size(), 4U);
    const auto& race = rec.diagnostics[0];
    EXPECT_EQ(race.kind, "data-race");
    EXPECT_EQ(race.message, "Read-write data race at local memory");
    EXPECT_EQ(race.address_space, "local");
    EXPECT_EQ(race.kernel, "no_barrier");
    ASSERT_EQ(race.at.size(), 2U);
    EXPECT_EQ(race.at[0].file, "kernels/user.cl"); // "input.cl" is the spec's source
    EXPECT_EQ(race.at[0].line, 54U);
    EXPECT_EQ(race.at[0].column, 5U);
    EXPECT_EQ(race.at[0].text, "TREE(if (tid < s) { part[tid] += part[tid + s]; })");
    ASSERT_EQ(race.work_items.size(), 2U);
    EXPECT_EQ(race.work_items[0], "Global(1,0,0) Local(1,0,0) Group(0,0,0)");
    EXPECT_EQ(race.count, 2U) << "two addresses, one place: merged";

    const auto& oob = rec.diagnostics[1];
    EXPECT_EQ(oob.kind, "out-of-bounds");
    EXPECT_EQ(oob.address_space, "global");
    EXPECT_EQ(oob.kernel, "no_bounds");
    EXPECT_EQ(oob.at.at(0).line, 95U);
    EXPECT_EQ(oob.work_items.at(0), "Global(200,0,0) Local(8,0,0) Group(3,0,0)");

    const auto& div = rec.diagnostics[2];
    EXPECT_EQ(div.kind, "barrier-divergence");
    EXPECT_EQ(div.kernel, "divergent") << "Oclgrind pads this 'Kernel:' with spaces";
    EXPECT_EQ(div.at.at(0).line, 113U);
    ASSERT_EQ(div.work_items.size(), 2U);
    EXPECT_EQ(div.work_items[1], "Only 32 out of 64 work-items executed barrier");

    EXPECT_EQ(rec.diagnostics[3].kernel, "warp_tail");
    EXPECT_EQ(rec.diagnostics_seen, 5U);
    EXPECT_TRUE(rec.capped) << "the simulator's own 'suppressing further errors' is said";
}

TEST(OclgrindLog, OnlyTheNamedKernelsAndAtMostMaxDistinct) {
    check_record only;
    parse_log(test::read_test_data("sim/oclgrind.log"), {"", 20, {"no_bounds"}}, only);
    ASSERT_EQ(only.diagnostics.size(), 1U);
    EXPECT_EQ(only.diagnostics_seen, 1U);
    EXPECT_EQ(only.diagnostics[0].at[0].file, "input.cl") << "no source named: as written";

    check_record capped;
    parse_log(test::read_test_data("sim/oclgrind.log"), {"", 2, {}}, capped);
    EXPECT_EQ(capped.diagnostics.size(), 2U);
    EXPECT_EQ(capped.diagnostics_seen, 5U) << "the rest are counted";
    EXPECT_TRUE(capped.capped);
}

/// Oclgrind runs work-groups on several threads: the order of occurrences in its log changes
/// from run to run, the example kept does not (the lowest group, then the lowest items).
TEST(OclgrindLog, TheExampleKeptIsTheSameWhateverTheOrderOfTheLog) {
    const auto race = [](int group, int item) {
        const auto g = std::to_string(group);
        const auto gid = std::to_string(group * 64 + item);
        return "Read-write data race at local memory address 0x10" + gid +
               "\n\tKernel: k\n\tFirst entity:  Global(" + gid + ",0,0) Local(" +
               std::to_string(item) + ",0,0) Group(" + g + ",0,0)\n\tAt line 5 (column 3) of " +
               "input.cl:\n\t  x\n\tSecond entity: Global(" + std::to_string(group * 64) +
               ",0,0) Local(0,0,0) Group(" + g +
               ",0,0)\n\tAt line 5 (column 3) of input.cl:\n\t  x\n\n";
    };
    check_record forward;
    parse_log(race(0, 9) + race(0, 2) + race(1, 1) + race(10, 0), {}, forward);
    check_record backward;
    parse_log(race(10, 0) + race(1, 1) + race(0, 2) + race(0, 9), {}, backward);
    for (const auto* rec : {&forward, &backward}) {
        ASSERT_EQ(rec->diagnostics.size(), 1U);
        EXPECT_EQ(rec->diagnostics[0].count, 4U);
        ASSERT_EQ(rec->diagnostics[0].work_items.size(), 2U);
        EXPECT_EQ(rec->diagnostics[0].work_items[0], "Global(2,0,0) Local(2,0,0) Group(0,0,0)")
            << "group 0 before 1 and 10 (as numbers), then item 2 before 9";
    }
}

TEST(OclgrindLog, KindsByFirstLine) {
    EXPECT_EQ(diagnostic_kind("Write-write data race at global memory address 0x1"), "data-race");
    EXPECT_EQ(diagnostic_kind("Invalid write of size 4 at local memory address 0x2"),
              "out-of-bounds");
    EXPECT_EQ(diagnostic_kind("Uninitialized value written to local memory address 0x3"),
              "uninitialized");
    EXPECT_EQ(diagnostic_kind("Work-group divergence detected (barrier)"), "barrier-divergence");
    EXPECT_EQ(diagnostic_kind("Oclgrind - OpenCL runtime error detected"), "api");
    EXPECT_EQ(diagnostic_kind("Something new"), "other");
}

TEST(OclgrindLog, EmptyOrGarbageGivesNothingAndNeverThrows) {
    for (const char* text : {"", "\n\n", "\tindented only\n", "no block body\n", "\x01\x02\n"}) {
        check_record rec;
        EXPECT_NO_THROW(parse_log(text, {}, rec));
        EXPECT_FALSE(rec.capped);
    }
}

} // namespace
} // namespace grp::sim
