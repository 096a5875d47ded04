// session::prebuild: programs built several at once are the ones kernel() hands out later, with
// their build logs; a program that fails is left for kernel() to build again and report.
// Run on the default device (PoCL in CI), whose compiler writes a failing build's errors to
// stderr: then nothing of the batch is kept, and every kernel still builds, one at a time.
#include "grp/core/error.hpp"
#include "grp/ocl/enumerate.hpp"
#include "grp/ocl/session.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

const char* source = "__kernel void k(__global int* a) { a[get_global_id(0)] = VALUE; }";

std::vector<ocl::program_request> requests(int count) {
    std::vector<ocl::program_request> out;
    for (int i = 0; i < count; ++i) {
        out.push_back({"k", source, "-D VALUE=" + std::to_string(i)});
    }
    out.push_back(out.front()); // asked twice, built once
    return out;
}

TEST(prebuild, builds_each_program_once_and_kernel_reuses_it) {
    ocl::session s(ocl::select({}).front());
    s.prebuild(requests(6), 4);
    EXPECT_EQ(s.programs_built(), 6u);
    for (int i = 0; i < 6; ++i) {
        EXPECT_NO_THROW((void)s.kernel(source, "-D VALUE=" + std::to_string(i), "k", "k"));
    }
    EXPECT_EQ(s.programs_built(), 6u); // kernel() built nothing more
}

TEST(prebuild, one_request_or_one_thread_leaves_the_build_to_kernel) {
    ocl::session s(ocl::select({}).front());
    s.prebuild({{"k", source, "-D VALUE=1"}}, 4);
    s.prebuild(requests(3), 1);
    EXPECT_EQ(s.programs_built(), 0u);
}

TEST(prebuild, a_failing_program_is_reported_by_kernel_in_its_context) {
    ocl::session s(ocl::select({}).front());
    auto list = requests(3);
    list.push_back({"k", source, "-D VALUE=undeclared_name"});
    EXPECT_NO_THROW(s.prebuild(list, 4));
    EXPECT_LE(s.programs_built(), 3u); // all three, or none when the compiler wrote to stderr
    EXPECT_THROW((void)s.kernel(source, "-D VALUE=undeclared_name", "k", "k"), kernel_build_error);
    for (int i = 0; i < 3; ++i) {
        EXPECT_NO_THROW((void)s.kernel(source, "-D VALUE=" + std::to_string(i), "k", "k"));
    }
}

} // namespace
} // namespace grp
