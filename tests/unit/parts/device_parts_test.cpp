#include "grp/parts/device_parts.hpp"

#include <csignal>
#include <gtest/gtest.h>

namespace grp::parts {
namespace {

int exited(int code) {
    return code << 8; // the wait status of a process that exited with `code` (Linux)
}

TEST(DeviceChildArgs, TheInvocationPlusItsDeviceItsFileAndTheSharedOrderSeed) {
    device_info d;
    d.index = 3;
    const auto args =
        device_child_args({"gpu-reduce-prof", "run", "-d", "all"}, d, 42, "/p/1.json");
    const std::vector<std::string> want{
        "gpu-reduce-prof", "run",       "-d",           "all", "--device-child", "3",
        "--part-output",   "/p/1.json", "--order-seed", "42"};
    EXPECT_EQ(args, want);
    EXPECT_EQ(device_prefix(d), "[device 3] ");
}

TEST(ChildFailure, FinishedProcessesDidNotFail) {
    EXPECT_EQ(child_failure(exited(0), "", ""), "");
    EXPECT_EQ(child_failure(exited(1), "", "x"), "");  // wrong cases: in its part
    EXPECT_EQ(child_failure(exited(7), "", ""), "");   // nothing measured: in its part
    EXPECT_EQ(child_failure(exited(130), "", ""), ""); // a signal: an interruption
    EXPECT_EQ(child_failure(SIGTERM, "", ""), "");
}

TEST(ChildFailure, SaysWhyWithTheBestWordsAtHand) {
    EXPECT_EQ(child_failure(exited(4), "kernel reduce2 failed to build", "ignored"),
              "kernel reduce2 failed to build (exit status 4)");
    EXPECT_EQ(child_failure(exited(3), "", "creating a context: CL_OUT_OF_HOST_MEMORY (-6)"),
              "creating a context: CL_OUT_OF_HOST_MEMORY (-6) (exit status 3)");
    EXPECT_EQ(child_failure(exited(70), "", ""),
              "its process stopped (its output is above) (exit status 70)");
    EXPECT_EQ(child_failure(SIGKILL, "", ""),
              "its process was killed by SIGKILL (signal 9) (often the out-of-memory killer: see "
              "`dmesg`)");
}

} // namespace
} // namespace grp::parts
