#include "grp/core/error.hpp"
#include "grp/parts/checkpoint_store.hpp"
#include "temp_dir.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace grp::parts {
namespace {

namespace fs = std::filesystem;

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(RescueFile, WrittenBesideARegularOutput) {
    test::temp_dir dir;
    const std::string path = write_rescue_file("{\"x\": 1}", dir.file("out.json"));
    ASSERT_FALSE(path.empty());
    EXPECT_EQ(fs::path(path).parent_path(), dir.path());
    EXPECT_EQ(fs::path(path).filename().string().rfind("gpu-reduce-prof-rescued-", 0), 0U);
    EXPECT_EQ(read(path), "{\"x\": 1}");
}

TEST(RescueFile, InTmpdirWhenTheOutputsFolderIsGone) {
    test::temp_dir dir, tmp;
    const char* old = std::getenv("TMPDIR");
    const std::string saved = old == nullptr ? "" : old;
    ::setenv("TMPDIR", tmp.path().c_str(), 1);
    const std::string path = write_rescue_file("text", dir.file("gone/out.json"));
    if (old == nullptr) {
        ::unsetenv("TMPDIR");
    } else {
        ::setenv("TMPDIR", saved.c_str(), 1);
    }
    ASSERT_FALSE(path.empty());
    EXPECT_EQ(fs::path(path).parent_path(), tmp.path());
    EXPECT_EQ(read(path), "text");
}

TEST(SaveOrRescue, AnUnwritableOutputsErrorNamesTheRescueFile) {
    test::temp_dir dir;
    const std::string out = dir.file("out.json");
    std::ofstream(out) << "taken";
    profile p;
    try {
        save_or_rescue(p, output_file(out, "profile", /*force=*/false));
        FAIL() << "an existing file without --force must not be replaced";
    } catch (const error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("the profile (0 cases) was saved to " + dir.path().string() +
                            "/gpu-reduce-prof-rescued-"),
                  std::string::npos)
            << what;
    }
    EXPECT_EQ(read(out), "taken");
}

TEST(CheckpointStore, TheFinalSaveWritesTheProfileThenRunsTheHook) {
    test::temp_dir dir;
    checkpoint_store store(output_file(dir.file("out.json"), "profile", false));
    int saves = 0;
    store.set_hooks([&] { ++saves; }, [] { return std::string(); });
    profile p;
    store.save_final(p);
    EXPECT_EQ(saves, 1);
    EXPECT_TRUE(fs::exists(dir.file("out.json")));
}

} // namespace
} // namespace grp::parts
