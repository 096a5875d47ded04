#include "grp/parts/part_folder.hpp"
#include "temp_dir.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

namespace grp::parts {
namespace {

namespace fs = std::filesystem;

void touch(const std::string& path) {
    std::ofstream(path) << "{}";
}

TEST(PartFolder, AHiddenFolderBesideTheOutputNumberedPerProcess) {
    test::temp_dir dir;
    part_folder f(dir.file("base.json"));
    EXPECT_EQ(fs::path(f.path()).parent_path(), dir.path());
    EXPECT_EQ(fs::path(f.path()).filename().string().rfind(".base.json.parts-", 0), 0U);
    EXPECT_TRUE(fs::is_directory(f.path()));
    EXPECT_EQ(f.file(2), f.path() + "/part-2.json");
}

TEST(PartFolder, AnEmptyFolderGoesWithoutAWord) {
    test::temp_dir dir;
    std::string path;
    {
        part_folder f(dir.file("out.json"));
        path = f.path();
    }
    EXPECT_FALSE(fs::exists(path));
}

TEST(PartFolder, MergedPartsGoOnlyOnceTheProfileHoldingThemIsSaved) {
    test::temp_dir dir;
    part_folder f(dir.file("out.json"));
    touch(f.file(1));
    touch(f.file(2));
    f.merged(1);
    EXPECT_TRUE(fs::exists(f.file(1)));
    f.saved();
    EXPECT_FALSE(fs::exists(f.file(1)));
    EXPECT_TRUE(fs::exists(f.file(2)));
}

TEST(PartFolder, AFolderThatStillHoldsPartsIsNamedWithHowToKeepThem) {
    test::temp_dir dir;
    part_folder f(dir.file("out.json"));
    touch(f.file(1));
    const std::string line = f.leave(false);
    EXPECT_NE(line.find(f.path() + "/ (part-1.json)"), std::string::npos) << line;
    EXPECT_NE(line.find("gpu-reduce-prof merge"), std::string::npos) << line;
    EXPECT_TRUE(fs::exists(f.file(1)));
    EXPECT_NE(f.leave(true).find("the running process may still add its own"), std::string::npos);
}

TEST(PartFolder, AnEmptyFolderIsKeptWhileAProcessMayStillWriteIntoIt) {
    test::temp_dir dir;
    part_folder f(dir.file("out.json"));
    EXPECT_NE(f.leave(true).find("may still save its finished rounds"), std::string::npos);
    EXPECT_TRUE(fs::exists(f.path()));
    EXPECT_EQ(f.leave(false), "");
    EXPECT_FALSE(fs::exists(f.path()));
}

TEST(PartFolder, StdoutsPartsGoToTmpdir) {
    test::temp_dir dir;
    const char* old = std::getenv("TMPDIR");
    const std::string saved = old == nullptr ? "" : old;
    ::setenv("TMPDIR", dir.path().c_str(), 1);
    {
        part_folder f("-");
        EXPECT_EQ(fs::path(f.path()).parent_path(), dir.path());
        EXPECT_EQ(fs::path(f.path()).filename().string().rfind("gpu-reduce-prof-runs-", 0), 0U);
    }
    if (old == nullptr) {
        ::unsetenv("TMPDIR");
    } else {
        ::setenv("TMPDIR", saved.c_str(), 1);
    }
}

// Round 5 (#70): a process whose part's disk is full rescues the part to $TMPDIR under a name
// its parent can find; the parent takes only a regular file of this user (never a link planted
// in a shared /tmp), and removes it once the profile holding it is saved.
TEST(PartFolder, ARescuedPartIsFoundByNameTakenOnlyAsOwnFileAndGoesWhenSaved) {
    test::temp_dir out;
    test::temp_dir tmp;
    const char* old = std::getenv("TMPDIR");
    const std::string kept = old == nullptr ? "" : old;
    ::setenv("TMPDIR", tmp.path().c_str(), 1);
    {
        part_folder f(out.file("p.json"));
        const auto rescue = part_rescue_path(f.file(1));
        EXPECT_EQ(fs::path(rescue).parent_path(), tmp.path());
        const auto name = fs::path(rescue).filename().string();
        EXPECT_EQ(name.rfind("gpu-reduce-prof-rescued-p.json.parts-", 0), 0U) << name;
        EXPECT_NE(name.find("-part-1.json"), std::string::npos) << name;
        EXPECT_EQ(rescued_part(f.file(1)), ""); // nothing rescued
        fs::create_symlink(out.file("elsewhere.json"), rescue);
        touch(out.file("elsewhere.json"));
        EXPECT_EQ(rescued_part(f.file(1)), ""); // a link is never taken
        fs::remove(rescue);
        touch(rescue);
        EXPECT_EQ(rescued_part(f.file(1)), rescue);
        f.merged(1);
        f.saved();
        EXPECT_FALSE(fs::exists(rescue));
    }
    if (old == nullptr) {
        ::unsetenv("TMPDIR");
    } else {
        ::setenv("TMPDIR", kept.c_str(), 1);
    }
}

TEST(LeftoverParts, AnEarlierRunsFolderIsNamedWithItsPartCount) {
    test::temp_dir dir;
    const std::string out = dir.file("out.json");
    EXPECT_TRUE(leftover_parts(out).empty());
    fs::create_directory(dir.file(".out.json.parts-abc123"));
    touch(dir.file(".out.json.parts-abc123/part-1.json"));
    touch(dir.file(".out.json.parts-abc123/part-3.json"));
    fs::create_directory(dir.file(".other.json.parts-xyz"));
    const auto lines = leftover_parts(out);
    ASSERT_EQ(lines.size(), 1U);
    EXPECT_NE(lines[0].find(".out.json.parts-abc123/ holds 2 part file(s)"), std::string::npos)
        << lines[0];
    EXPECT_TRUE(leftover_parts("-").empty());
}

} // namespace
} // namespace grp::parts
