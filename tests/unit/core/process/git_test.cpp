// current_revision on a repository whose configuration names programs: core.fsmonitor and a
// clean filter that leave a marker file. Reading HEAD and whether the tree is dirty must run
// neither (git's own `status` runs both), and the filter must not change the answer.
#include "grp/core/process/git.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace grp {
namespace {

namespace fs = std::filesystem;

int sh(const std::string& command) {
    return std::system(command.c_str()); // NOLINT(cert-env33-c): the test's own fixed commands
}

class hostile_repository : public ::testing::Test {
protected:
    void SetUp() override {
        if (sh("git --version >/dev/null 2>&1") != 0) {
            GTEST_SKIP() << "git is not installed";
        }
        dir = fs::path(::testing::TempDir()) / "grp_git_test";
        fs::remove_all(dir);
        fs::create_directories(dir / "repo");
        marker = dir / "MARKER";
        std::ofstream(dir / "hook.sh") << "#!/bin/sh\ntouch '" << marker.string() << "'\n";
        fs::permissions(dir / "hook.sh", fs::perms::owner_all);
        std::ofstream(dir / "repo" / "f") << "data\n";
        const auto repo = (dir / "repo").string();
        const std::string git = "git -c user.name=t -c user.email=t@t -C '" + repo + "' ";
        ASSERT_EQ(sh(git + "init -q && " + git + "add f && " + git + "commit -q -m c0 && " + git +
                     "config core.fsmonitor '" + (dir / "hook.sh").string() + "' && " + git +
                     "config filter.evil.clean '" + (dir / "hook.sh").string() + "'"),
                  0);
        std::ofstream(dir / "repo" / ".gitattributes") << "f filter=evil\n";
        // A changed timestamp: status compares the content, through the clean filter.
        fs::last_write_time(dir / "repo" / "f",
                            fs::last_write_time(dir / "repo" / "f") - std::chrono::hours(24));
    }
    void TearDown() override { fs::remove_all(dir); }
    fs::path dir, marker;
};

TEST_F(hostile_repository, reading_head_runs_none_of_its_programs) {
    const auto found = current_revision((dir / "repo").string());
    ASSERT_TRUE(found.revision.has_value()) << found.not_recorded;
    EXPECT_TRUE(is_full_sha(found.revision->commit));
    EXPECT_FALSE(found.revision->dirty); // the filter's empty output would read as a change
    EXPECT_TRUE(found.not_recorded.empty());
    EXPECT_FALSE(fs::exists(marker)) << "a program the repository configures ran";
    std::ofstream(dir / "repo" / "f", std::ios::app) << "more\n";
    const auto dirty = current_revision((dir / "repo").string());
    ASSERT_TRUE(dirty.revision.has_value());
    EXPECT_TRUE(dirty.revision->dirty);
    EXPECT_FALSE(fs::exists(marker)) << "a program the repository configures ran";
}

TEST(git_revision, outside_a_repository_records_nothing_and_says_nothing) {
    const auto found = current_revision("/");
    EXPECT_FALSE(found.revision.has_value());
    EXPECT_TRUE(found.not_recorded.empty()) << found.not_recorded;
}

} // namespace
} // namespace grp
