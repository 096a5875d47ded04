// The one output path: whole files or nothing, no overwrite without force (atomically), no
// write through a symlink planted at a temp name, no temp left behind, no output that is an
// input, however spelled.
#include "grp/core/error.hpp"
#include "grp/core/files/output_file.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace grp {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

class output_file_test : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = fs::temp_directory_path() /
                ("grp-output-file-test-" + std::to_string(::getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override {
        fs::permissions(m_dir, fs::perms::owner_all, fs::perm_options::add);
        fs::remove_all(m_dir);
    }
    [[nodiscard]] std::size_t entries() const {
        return static_cast<std::size_t>(
            std::distance(fs::directory_iterator(m_dir), fs::directory_iterator()));
    }
    fs::path m_dir;
};

TEST_F(output_file_test, writes_the_whole_text_and_leaves_no_temp) {
    const auto path = (m_dir / "p.json").string();
    output_file out(path, "profile", false);
    out.probe();
    EXPECT_EQ(entries(), 0U) << "probe leaves nothing behind";
    out.write("hello\n");
    EXPECT_EQ(slurp(path), "hello\n");
    EXPECT_EQ(entries(), 1U);
}

TEST_F(output_file_test, never_replaces_without_force_even_when_the_file_appears_late) {
    const auto path = (m_dir / "p.json").string();
    output_file out(path, "profile", false);
    out.probe();
    std::ofstream(path) << "theirs"; // another run wrote it meanwhile
    EXPECT_THROW(out.write("ours"), usage_error);
    EXPECT_EQ(slurp(path), "theirs");
    EXPECT_EQ(entries(), 1U) << "the temp file is removed";
    EXPECT_THROW(output_file(path, "profile", false).probe(), usage_error);
    output_file(path, "profile", true).write("ours");
    EXPECT_EQ(slurp(path), "ours");
}

TEST_F(output_file_test, a_directory_is_refused_before_work) {
    EXPECT_THROW(output_file(m_dir.string(), "profile", true).probe(), usage_error);
}

TEST_F(output_file_test, an_unwritable_directory_fails_the_probe) {
    // A "directory" that is a file, and one in a file system nobody may create files in: both
    // fail for root too (which writes into read-only directories).
    const auto file = m_dir / "file";
    std::ofstream(file) << "x";
    EXPECT_THROW(output_file((file / "p.json").string(), "profile", false).probe(), file_error);
    EXPECT_THROW(output_file("/proc/grp-no-such-dir/p.json", "profile", false).probe(), file_error);
}

TEST_F(output_file_test, a_missing_directory_is_created_by_the_probe_only_when_allowed) {
    const auto path = (m_dir / "a" / "b" / "p.json").string();
    EXPECT_THROW(output_file(path, "HTML report", false).probe(), file_error);
    EXPECT_FALSE(fs::exists(m_dir / "a"));
    output_file out(path, "profile", false, /*create_dirs=*/true);
    out.probe();
    out.write("x");
    EXPECT_EQ(slurp(path), "x");
}

TEST_F(output_file_test, a_symlink_at_the_target_is_replaced_not_followed) {
    const auto victim = m_dir / "victim.txt";
    std::ofstream(victim) << "keep";
    const auto link = m_dir / "p.json";
    fs::create_symlink(victim, link);
    EXPECT_THROW(output_file(link.string(), "profile", false).probe(), usage_error);
    output_file(link.string(), "profile", true).write("report");
    EXPECT_EQ(slurp(victim), "keep");
    EXPECT_FALSE(fs::is_symlink(link));
    EXPECT_EQ(slurp(link), "report");
}

TEST_F(output_file_test, a_planted_symlink_at_the_old_temp_name_is_not_followed) {
    const auto victim = m_dir / "victim.txt";
    std::ofstream(victim) << "keep";
    const auto path = m_dir / "p.json";
    fs::create_symlink(victim, m_dir / "p.json.tmp"); // 0.1 wrote through PATH.tmp
    output_file(path.string(), "profile", false).write("new");
    EXPECT_EQ(slurp(victim), "keep");
    EXPECT_EQ(slurp(path), "new");
}

TEST_F(output_file_test, a_new_file_gets_the_umask_mode_and_a_replaced_one_keeps_its_mode) {
    const auto path = m_dir / "p.json";
    const mode_t old = ::umask(022);
    output_file(path.string(), "profile", false).write("x");
    ::umask(old);
    struct stat st {};
    ASSERT_EQ(::stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777U, 0644U) << "not mkstemp's 0600";
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
    output_file(path.string(), "profile", true).write("y");
    ASSERT_EQ(::stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777U, 0600U);
}

TEST_F(output_file_test, devices_are_written_in_place) {
    output_file out("/dev/null", "profile", false);
    out.probe();
    out.write("discarded");
    EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

TEST_F(output_file_test, a_fifo_without_reader_fails_instead_of_blocking) {
    const auto fifo = (m_dir / "fifo").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    output_file out(fifo, "profile", false);
    out.probe();
    EXPECT_THROW(out.write("x"), file_error);
}

TEST_F(output_file_test, messages_name_the_users_path_not_a_temp) {
    const auto path = (m_dir / "gone" / "p.json").string();
    output_file out(path, "profile", false);
    try {
        out.write("x"); // no probe: the directory does not exist
        FAIL() << "no error";
    } catch (const file_error& e) {
        const std::string msg = e.what();
        EXPECT_NE(msg.find("'" + path + "'"), std::string::npos) << msg;
        EXPECT_EQ(msg.find("XXXXXX"), std::string::npos) << msg;
        EXPECT_EQ(msg.find(".tmp"), std::string::npos) << msg;
    }
}

TEST_F(output_file_test, one_file_spelled_differently_is_the_same_file) {
    const auto p = m_dir / "p.json";
    std::ofstream(p) << "{}";
    fs::create_symlink(p, m_dir / "link.json");
    fs::create_hard_link(p, m_dir / "hard.json");
    const auto cwd = fs::current_path();
    fs::current_path(m_dir);
    EXPECT_TRUE(same_file("p.json", "./p.json"));
    EXPECT_TRUE(same_file("p.json", p.string()));
    EXPECT_TRUE(same_file("p.json", "link.json"));
    EXPECT_TRUE(same_file("p.json", "hard.json"));
    EXPECT_TRUE(same_file("new.html", "./sub/../new.html")); // neither exists yet
    EXPECT_FALSE(same_file("p.json", "q.json"));
    EXPECT_TRUE(same_file("-", "-"));
    output_file a("./p.json", "HTML report", true), b("out.md", "markdown", true),
        c("sub/../out.md", "HTML report", true);
    EXPECT_THROW(check_distinct_files({"p.json"}, {&a}), usage_error);
    EXPECT_NO_THROW(check_distinct_files({"p.json"}, {&b}));
    EXPECT_THROW(check_distinct_files({"p.json"}, {&b, &c}), usage_error);
    fs::current_path(cwd);
}

} // namespace
} // namespace grp
