#include "grp/core/build_log.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

TEST(build_log, pocl_cache_file_becomes_the_users_file) {
    const std::string log = "error: /root/.cache/pocl/kcache/tempfile_E8xWBs.cl:8:21: use of "
                            "undeclared identifier 'x'\n";
    EXPECT_EQ(map_build_log(log, "kernels/bad.cl"),
              "error: kernels/bad.cl:8:21: use of undeclared identifier 'x'\n");
}

TEST(build_log, every_position_is_mapped_and_other_text_kept) {
    const std::string log = "/tmp/pocl/uncached/tempfile_a1.cl:3:22: error: a\n"
                            "<kernel>:4:1: warning: b\n"
                            "/tmp/comgr-1/input/CompileSource:5:2: note: c\n"
                            "<built-in>:1:9: note: d\n";
    EXPECT_EQ(map_build_log(log, "my.cl"), "my.cl:3:22: error: a\n"
                                           "my.cl:4:1: warning: b\n"
                                           "my.cl:5:2: note: c\n"
                                           "<built-in>:1:9: note: d\n");
}

TEST(build_log, a_prelude_shifts_lines_and_keeps_its_own) {
    const std::string log = "<kernel>:2:1: error: in prelude\n<kernel>:12:5: error: user\n";
    EXPECT_EQ(map_build_log(log, "u.cl", 3),
              "<kernel>:2:1: error: in prelude\nu.cl:9:5: error: user\n");
}

TEST(build_log, a_log_without_positions_is_unchanged) {
    EXPECT_EQ(map_build_log("", "u.cl"), "");
    EXPECT_EQ(map_build_log("Device x failed to build the program\n", "u.cl"),
              "Device x failed to build the program\n");
}

} // namespace
} // namespace grp
