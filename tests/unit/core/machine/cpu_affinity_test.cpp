// run --rotate-cpus: the submitting thread is pinned to one CPU for a round and gets its old
// affinity mask back afterwards, so helper threads started later are not confined to it.
#include "grp/core/machine/cpu_affinity.hpp"

#include <gtest/gtest.h>
#ifdef __linux__
#include <sched.h>
#endif

namespace grp {
namespace {

TEST(RotationCpu, TakesTheAllowedCpusInTurn) {
    const std::vector<int> allowed{2, 5, 7};
    EXPECT_EQ(rotation_cpu(allowed, 0), 2);
    EXPECT_EQ(rotation_cpu(allowed, 1), 5);
    EXPECT_EQ(rotation_cpu(allowed, 2), 7);
    EXPECT_EQ(rotation_cpu(allowed, 3), 2); // a second process goes on where the first stopped
}

TEST(RotationCpu, NothingToRotateWithOneCpuOrNone) {
    EXPECT_FALSE(rotation_cpu({3}, 4).has_value()); // taskset -c 3: left alone
    EXPECT_FALSE(rotation_cpu({}, 0).has_value());
}

#ifdef __linux__
TEST(CpuPin, PinsThenRestoresTheMask) {
    const auto before = allowed_cpus();
    ASSERT_FALSE(before.empty());
    const int target = before.back();
    {
        cpu_pin pin(target);
        ASSERT_EQ(pin.pinned(), target);
        EXPECT_EQ(allowed_cpus(), std::vector<int>{target});
        EXPECT_EQ(sched_getcpu(), target);
    }
    EXPECT_EQ(allowed_cpus(), before);
}

TEST(CpuPin, ACpuOutsideTheMaskLeavesTheThreadAlone) {
    const auto before = allowed_cpus();
    {
        cpu_pin pin(-1);
        EXPECT_FALSE(pin.pinned().has_value());
        cpu_pin beyond(1 << 20);
        EXPECT_FALSE(beyond.pinned().has_value());
    }
    EXPECT_EQ(allowed_cpus(), before);
}
#endif

} // namespace
} // namespace grp
