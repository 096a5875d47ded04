#include "grp/core/error.hpp"
#include "grp/core/sha256.hpp"
#include "grp/parts/input_digests.hpp"
#include "temp_dir.hpp"

#include <fstream>
#include <gtest/gtest.h>

namespace grp::parts {
namespace {

void write(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
}

/// A run of one user kernel (spec and source in `dir`) on --data file:in.bin.
run::run_options user_run(const test::temp_dir& dir) {
    write(dir.file("sum.json"), "{}");
    write(dir.file("sum.cl"), "kernel void sum() {}");
    write(dir.file("in.bin"), "0123");
    run::run_options o;
    kernel_spec k;
    k.spec_path = dir.file("sum.json");
    k.source_path = dir.file("sum.cl");
    k.source_text = "kernel void sum() {}";
    o.kernels = {k, k}; // a spec named twice is hashed once
    kernel_spec builtin;
    builtin.spec_path = "builtin:reduce0.json";
    builtin.source_path = "builtin:reduce0.cl";
    o.kernels.push_back(builtin);
    o.data.kind = value_kind::file;
    o.data.path = dir.file("in.bin");
    return o;
}

TEST(InputDigests, EveryFileOnceInOrderBuiltinsLeftOut) {
    test::temp_dir dir;
    const auto o = user_run(dir);
    const auto d = input_digests(o);
    ASSERT_EQ(d.size(), 3U);
    EXPECT_EQ(d[0], sha256_hex("{}") + ":" + dir.file("sum.json"));
    EXPECT_EQ(d[1], sha256_hex("kernel void sum() {}") + ":" + dir.file("sum.cl"));
    EXPECT_EQ(d[2], sha256_hex("0123") + ":" + dir.file("in.bin"));
}

TEST(InputDigests, AnUnreadableFileHasADigestToo) {
    test::temp_dir dir;
    auto o = user_run(dir);
    o.data.path = dir.file("missing.bin");
    EXPECT_EQ(input_digests(o).back(), "unreadable:" + dir.file("missing.bin"));
}

TEST(CheckInputDigests, UnchangedInputsPass) {
    test::temp_dir dir;
    const auto o = user_run(dir);
    EXPECT_NO_THROW(check_input_digests(input_digests(o), o, "before measuring"));
}

TEST(CheckInputDigests, AChangedFileIsNamedWithBothDigests) {
    test::temp_dir dir;
    const auto o = user_run(dir);
    const auto before = input_digests(o);
    write(dir.file("in.bin"), "4567");
    try {
        check_input_digests(before, o, "after measuring");
        FAIL() << "a changed data file must stop the process";
    } catch (const file_error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("the inputs of this run changed after measuring:"), std::string::npos);
        EXPECT_NE(what.find(dir.file("in.bin") + ": changed (sha256 " +
                            sha256_hex("0123").substr(0, 12) + " when the run started"),
                  std::string::npos)
            << what;
    }
}

TEST(CheckInputDigests, ASourceEditedOnDiskCountsOnlyWhenReadFromDisk) {
    test::temp_dir dir;
    const auto o = user_run(dir);
    const auto before = input_digests(o);
    write(dir.file("sum.cl"), "kernel void sum() { /* edited */ }");
    EXPECT_NO_THROW(check_input_digests(before, o, "now")); // the text that is built
    EXPECT_THROW(check_input_digests(before, o, "now", true), file_error);
}

TEST(CheckInputDigests, AMalformedEntryIsAUsageError) {
    test::temp_dir dir;
    const auto o = user_run(dir);
    EXPECT_THROW(check_input_digests({"no-colon"}, o, "now"), usage_error);
}

TEST(RunInputFiles, SpecsSourcesDataAndTheResumedProfile) {
    test::temp_dir dir;
    auto o = user_run(dir);
    o.resume_path = dir.file("old.json");
    const auto files = run_input_files(o);
    EXPECT_EQ(files, (std::vector<std::string>{dir.file("sum.json"), dir.file("sum.cl"),
                                               dir.file("sum.json"), dir.file("sum.cl"),
                                               dir.file("in.bin"), dir.file("old.json")}));
}

} // namespace
} // namespace grp::parts
