// check's console tables (print_check_tables): round 5 (#70) found a failed build's compiler log
// printed in the findings cell with its line breaks escaped (`\x0a`). The cell holds the first
// line; the whole log follows the table with its line breaks, control characters still escaped.
#include "grp/report/console/check.hpp"

#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

TEST(check_console, a_failed_builds_log_keeps_its_line_breaks) {
    profile p;
    case_result c;
    c.key = make_case_key("broken", "float", "flat", 4099, 64);
    c.status = case_status::failed;
    c.reason = "kernel build failed: CL_BUILD_PROGRAM_FAILURE (-11) for entry 'broken'\n"
               "broken.cl:3:22: error: use of undeclared identifier\n"
               "    out[0] = in[0] + undeclared_variable;\x1b[31m\n"
               "1 error generated.\n";
    p.cases.push_back(c);
    std::ostringstream os;
    print_check_tables(os, p, false);
    const auto text = os.str();
    EXPECT_EQ(text.find("\\x0a"), std::string::npos) << text;
    EXPECT_NE(text.find("failed  kernel build failed: CL_BUILD_PROGRAM_FAILURE (-11) for entry "
                        "'broken'"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("  failed: broken float n=4099 local=64: kernel build failed: "
                        "CL_BUILD_PROGRAM_FAILURE (-11) for entry 'broken'\n"
                        "    broken.cl:3:22: error: use of undeclared identifier\n"
                        "        out[0] = in[0] + undeclared_variable;\\x1b[31m\n"
                        "    1 error generated.\n"),
              std::string::npos)
        << text;
}

// #71: the same log through a case that carries a check record without diagnostics (the
// simulator recorded it, then the case failed): the cell still holds the first line only.
TEST(check_console, a_failed_case_with_a_check_record_shows_the_first_line_in_its_cell) {
    profile p;
    case_result c;
    c.key = make_case_key("broken", "float", "flat", 4099, 64);
    c.status = case_status::failed;
    c.check.emplace();
    c.reason = "kernel build failed: CL_BUILD_PROGRAM_FAILURE (-11) for entry 'broken'\n"
               "broken.cl:3:22: error: use of undeclared identifier\n";
    p.cases.push_back(c);
    std::ostringstream os;
    print_check_tables(os, p, false);
    const auto text = os.str();
    EXPECT_EQ(text.find("\\x0a"), std::string::npos) << text;
    EXPECT_NE(text.find("\n    broken.cl:3:22: error: use of undeclared identifier"),
              std::string::npos)
        << text;
}

TEST(check_console, access_metrics_get_their_own_table_only_where_recorded) {
    profile p;
    case_result c;
    c.key = make_case_key("sum", "float", "flat", 8192, 64);
    check_record k;
    k.passes.push_back(sim_pass_counts{});
    c.check = k;
    p.cases.push_back(c);
    std::ostringstream without;
    print_check_tables(without, p, false);
    EXPECT_EQ(without.str().find("Memory access"), std::string::npos) << without.str();
    access_summary a;
    a.global_requests = 10;
    a.segments[0][0] = 32.0;
    a.segments[1][2] = 16.0;
    a.simd_efficiency = 0.5;
    a.line_entropy_bits = 3.0;
    a.new_sectors_per_request = 4.0;
    a.miss_request_share = 0.125;
    p.cases[0].check->access = a;
    std::ostringstream with;
    print_check_tables(with, p, false);
    const auto text = with.str();
    EXPECT_NE(text.find("Memory access"), std::string::npos) << text;
    EXPECT_NE(
        text.find(
            "sum     float  8192     64          32.00       4.00   12.5%        16.00          - "
            "    50.0%"),
        std::string::npos)
        << text << "(no local requests: no bank ways)";
}

// #71: a kernel with a tuning parameter (TILE = 1, 4, 8) printed three identical rows
// "my_sum float flat 4099 64 ok"; a params column tells them apart, and the lines under the
// table name the configuration too. A sweep without parameters keeps its columns.
TEST(check_console, tuning_parameters_tell_the_rows_apart) {
    profile p;
    for (const char* tile : {"1", "4", "8"}) {
        case_result c;
        c.key = make_case_key("my_sum", "float", "flat", 4099, 64);
        c.key.params["TILE"] = tile;
        c.status = case_status::ok;
        c.check.emplace();
        p.cases.push_back(c);
    }
    p.cases.back().status = case_status::failed;
    p.cases.back().reason = "kernel build failed\nmy_sum.cl:3:1: error: nope\n";
    std::ostringstream os;
    print_check_tables(os, p, false);
    const auto text = os.str();
    EXPECT_NE(text.find("kernel  params  type"), std::string::npos) << text;
    for (const char* tile : {"TILE=1  float", "TILE=4  float", "TILE=8  float"}) {
        EXPECT_NE(text.find(std::string("my_sum  ") + tile), std::string::npos) << text;
    }
    EXPECT_NE(text.find("  failed: my_sum TILE=8 float n=4099 local=64: kernel build failed"),
              std::string::npos)
        << text;
    p.cases.resize(1);
    p.cases[0].key.params.clear();
    std::ostringstream plain;
    print_check_tables(plain, p, false);
    EXPECT_EQ(plain.str().find("params"), std::string::npos) << plain.str();
}

} // namespace
} // namespace grp
