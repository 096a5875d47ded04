#include "grp/core/process/command_output.hpp"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <thread>

namespace grp {
namespace {

TEST(command_output, passes_argv_as_is_without_a_shell) {
    const auto r = command_output({"printf", "%s|", "a b", "$(echo no)", ";x"});
    ASSERT_TRUE(r.ok()) << r.problem;
    EXPECT_EQ(r.out, "a b|$(echo no)|;x|");
}

TEST(command_output, keeps_the_exit_status_and_standard_error) {
    const auto r = command_output({"sh", "-c", "echo oops >&2; exit 3"});
    EXPECT_TRUE(r.started);
    EXPECT_EQ(r.exit_status, 3);
    EXPECT_EQ(r.err, "oops\n");
    EXPECT_FALSE(r.ok());
}

TEST(command_output, a_missing_program_is_a_problem_not_an_exception) {
    const auto r = command_output({"grp-no-such-program-xyz"});
    EXPECT_FALSE(r.started);
    EXPECT_NE(r.problem.find("could not be run"), std::string::npos) << r.problem;
}

TEST(command_output, cuts_a_flood_at_the_cap_and_says_so) {
    const auto r = command_output({"head", "-c", "100000", "/dev/zero"}, {1000});
    EXPECT_EQ(r.out.size(), 1000u);
    EXPECT_TRUE(r.truncated);
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.problem.find("passed 1000 bytes"), std::string::npos) << r.problem;
}

TEST(command_output, kills_a_program_that_outlives_its_timeout) {
    const auto start = std::chrono::steady_clock::now();
    const auto r = command_output({"sleep", "30"}, {4096, std::chrono::seconds(1)});
    const auto took = std::chrono::steady_clock::now() - start;
    EXPECT_LT(took, std::chrono::seconds(20)); // killed, not waited for
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.exit_status, -1);
    EXPECT_NE(r.problem.find("did not finish within 1 s"), std::string::npos) << r.problem;
}

TEST(command_output, kills_a_program_that_closed_its_pipes_and_lingers) {
    const auto r =
        command_output({"sh", "-c", "exec >&- 2>&-; sleep 30"}, {4096, std::chrono::seconds(1)});
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.problem.find("did not finish within 1 s"), std::string::npos) << r.problem;
}

/// Whether process `pid` is gone or a zombie, waited for up to 10 s (the kill is asynchronous).
bool ended(const std::string& pid) {
    for (int i = 0; i < 200; ++i) {
        std::ifstream stat("/proc/" + pid + "/stat");
        std::string line;
        if (!std::getline(stat, line)) {
            return true;
        }
        const auto close = line.rfind(')');
        if (close != std::string::npos && line.substr(close + 2, 1) == "Z") {
            return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
}

// A hung wrapper (a `git` script that starts the real work in a child): the timeout must end
// the child too, not leave it running after the wrapper is killed.
TEST(command_output, a_timeout_kills_the_programs_children_too) {
    const auto r =
        command_output({"sh", "-c", "sleep 60 & echo $!; wait"}, {4096, std::chrono::seconds(1)});
    EXPECT_FALSE(r.ok());
    EXPECT_NE(r.problem.find("did not finish within 1 s"), std::string::npos) << r.problem;
    const auto pid = r.out.substr(0, r.out.find('\n'));
    ASSERT_FALSE(pid.empty());
    EXPECT_TRUE(ended(pid)) << "the wrapper's child " << pid << " still runs";
}

TEST(command_output, sets_and_removes_environment_variables) {
    ::setenv("GRP_TEST_REMOVED", "still here", 1);
    const auto r = command_output({"sh", "-c", "echo \"${GRP_TEST_REMOVED-unset} $GRP_TEST_SET\""},
                                  {}, {"GRP_TEST_REMOVED", "GRP_TEST_SET=a=b"});
    ::unsetenv("GRP_TEST_REMOVED");
    ASSERT_TRUE(r.ok()) << r.problem;
    EXPECT_EQ(r.out, "unset a=b\n");
}

TEST(command_output, empty_argv_is_refused) {
    EXPECT_THROW((void)command_output({}), std::invalid_argument);
}

} // namespace
} // namespace grp
