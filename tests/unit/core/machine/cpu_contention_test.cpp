// The parts of the CPU-sharing meter that can be pinned without a loaded machine: /proc/stat and
// /proc/self/stat parsing, the other processes' share, and the rule that sets a round aside
// (round_record::disturbed): a CPU runtime's own threads waiting for each other on a quiet machine
// is not another process taking the CPU.
#include "grp/core/machine/cpu_contention.hpp"
#include "grp/model/profile/case.hpp"

#include <gtest/gtest.h>
#include <thread>

namespace grp {
namespace {

TEST(CpuTicks, ProcStatAggregateLine) {
    const auto t =
        parse_proc_stat("cpu  100 5 50 1000 20 3 2 10 7 0\ncpu0 50 2 25 500 10 1 1 5 3 0\n");
    ASSERT_TRUE(t);
    EXPECT_EQ(t->total, 100U + 5 + 50 + 1000 + 20 + 3 + 2 + 10); // guest is inside user already
    EXPECT_EQ(t->busy, 100U + 5 + 50 + 3 + 2 + 10);              // idle and iowait are not busy
    EXPECT_FALSE(parse_proc_stat("cpu0 1 2 3\n"));
    EXPECT_FALSE(parse_proc_stat(""));
}

TEST(CpuTicks, OwnTicksSurviveACommandWithSpacesAndParentheses) {
    const std::string line = "4242 (gpu (re) prof) S 1 4242 4242 0 -1 4194304 100 0 0 0 "
                             "37 12 0 0 20 0 3 0 100 0 0";
    const auto own = parse_own_ticks(line);
    ASSERT_TRUE(own);
    EXPECT_EQ(*own, 49U);
    EXPECT_FALSE(parse_own_ticks("4242 (truncated) S 1 2"));
    EXPECT_FALSE(parse_own_ticks("no parentheses"));
}

TEST(CpuTicks, OtherShareIsBusyLessOwnOverCapacity) {
    const cpu_ticks a{1000, 400, 300}, b{1200, 550, 400};
    ASSERT_TRUE(other_share(a, b));
    EXPECT_DOUBLE_EQ(*other_share(a, b), (150.0 - 100.0) / 200.0);
    const cpu_ticks only_us{1200, 500, 400}; // every busy tick was ours
    EXPECT_DOUBLE_EQ(*other_share(a, only_us), 0.0);
    EXPECT_FALSE(other_share(a, a)); // no tick passed
    EXPECT_TRUE(read_cpu_ticks());   // Linux: the files are there
}

TEST(ContentionMeter, AStretchShorterThanTwoTicksIsNotJudged) {
    contention_meter m;
    m.start();
    EXPECT_FALSE(m.ratio()); // a 1 ms round: its waits and ticks say nothing
    EXPECT_FALSE(m.others());
    if (!read_sched_totals()) {
        GTEST_SKIP() << "no /proc/self/task/*/schedstat here";
    }
    std::this_thread::sleep_for(min_contention_window + std::chrono::milliseconds(5));
    EXPECT_TRUE(m.ratio());
    EXPECT_TRUE(m.others());
}

TEST(Disturbed, WaitsCountOnlyWhileOtherProcessesRan) {
    round_record r;
    r.cpu_wait = 0.6;
    EXPECT_TRUE(r.disturbed(0.1)); // older profiles: waits alone, as before 2.5
    r.other_cpu = 0.0;             // a quiet machine: PoCL's workers waited for each other
    EXPECT_FALSE(r.disturbed(0.1));
    r.other_cpu = 0.3; // a build ran beside it
    EXPECT_TRUE(r.disturbed(0.1));
    EXPECT_FALSE(r.disturbed(0.0)); // --max-cpu-wait 0 keeps every round
    r.cpu_wait = 0.05;              // others ran, but this process never waited
    EXPECT_FALSE(r.disturbed(0.1));
}

} // namespace
} // namespace grp
