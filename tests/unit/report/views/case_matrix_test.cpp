// The kernel x local-size matrix model: columns, rows, missing and skipped cells with their
// short reasons, the best cells, grouping, and the host baseline's speedups.
#include "grp/core/error.hpp"
#include "grp/report/text/matrix_text.hpp"
#include "grp/report/views/case_matrix.hpp"
#include "report/views/matrix_samples.hpp"

#include <gtest/gtest.h>

namespace grp {
namespace {

const matrix_row& row_of(const case_matrix& m, const std::string& kernel) {
    for (const auto& r : m.rows) {
        if (r.kernel == kernel) {
            return r;
        }
    }
    throw std::runtime_error("no row " + kernel);
}

TEST(case_matrix, groups_plain_sweep_points_and_leaves_scenarios_out) {
    const auto p = test::matrix_profile();
    const auto ms = build_matrices(p);
    ASSERT_EQ(ms.size(), 2u); // float 2^20 and int 2^16; the wg-probe case is not a sweep
    EXPECT_EQ(ms[0].label(), "float, flat, n=2^20");
    EXPECT_EQ(ms[1].label(), "int, flat, n=2^16");
    EXPECT_EQ(ms[1].local_sizes, (std::vector<std::uint64_t>{256}));
}

TEST(case_matrix, columns_are_sorted_rows_keep_profile_order_and_gaps_stay_empty) {
    const auto p = test::matrix_profile();
    const auto m = build_matrices(p).at(0);
    EXPECT_EQ(m.local_sizes, (std::vector<std::uint64_t>{64, 128, 256, 512}));
    ASSERT_EQ(m.rows.size(), 3u);
    EXPECT_EQ(m.rows[0].kernel, "reduce0");
    EXPECT_EQ(m.rows[2].kernel, "reduce2");
    const auto& r1 = row_of(m, "reduce1");
    EXPECT_EQ(r1.cells[0].c, nullptr); // reduce1 has no case at 64
    EXPECT_TRUE(r1.cells[0].mark.empty());
    EXPECT_EQ(row_of(m, "reduce0").cells[1].median_ns, std::optional<double>(3e6));
    EXPECT_EQ(&row_of(m, "reduce0").cells[2].c->key, &p.cases[0].key); // local 256
}

TEST(case_matrix, best_cell_of_each_row_and_of_the_matrix) {
    const auto p = test::matrix_profile();
    const auto m = build_matrices(p).at(0);
    EXPECT_EQ(row_of(m, "reduce0").best, std::optional<std::size_t>(1)); // 3 ms at 128
    EXPECT_EQ(row_of(m, "reduce1").best, std::optional<std::size_t>(1)); // 1 ms at 128
    EXPECT_FALSE(row_of(m, "reduce2").best.has_value());                 // nothing verified
    EXPECT_TRUE(row_of(m, "reduce0").cells[1].best_in_row);
    EXPECT_FALSE(row_of(m, "reduce0").cells[1].best_overall);
    ASSERT_NE(m.best_cell(), nullptr);
    EXPECT_EQ(m.best_cell()->c->key.kernel, "reduce1");
    EXPECT_EQ(m.best_cell()->c->key.local_size, 128u);
    EXPECT_TRUE(m.best_cell()->best_overall && m.best_cell()->best_in_row);
}

TEST(case_matrix, cells_without_a_time_get_short_reasons) {
    const auto p = test::matrix_profile();
    const auto m = build_matrices(p).at(0);
    EXPECT_EQ(row_of(m, "reduce0").cells[3].mark, "wg>kernel");
    const auto& r2 = row_of(m, "reduce2");
    EXPECT_EQ(r2.cells[0].mark, "WRONG"); // a wrong result's time is not a result
    EXPECT_FALSE(r2.cells[0].median_ns.has_value());
    EXPECT_EQ(r2.cells[1].mark, "failed");
    EXPECT_EQ(r2.cells[2].mark, "launch");
    EXPECT_EQ(r2.cells[3].mark, "no fp64");
    ASSERT_EQ(m.notes.size(), 5u);
    EXPECT_EQ(m.notes[0].mark, "wg>kernel");
    EXPECT_EQ(m.notes[2].mark, "failed");
    EXPECT_EQ(m.notes[2].reason, "clBuildProgram: CL_BUILD_PROGRAM_FAILURE"); // first line
    EXPECT_EQ(m.notes[0].count, 1u);
}

TEST(case_matrix, short_reasons_of_every_kind) {
    auto skip = [](const std::string& why) {
        case_result c;
        c.status = case_status::skipped;
        c.reason = why;
        return short_reason(c);
    };
    EXPECT_EQ(skip("local size over the device maximum 1024"), "wg>device");
    EXPECT_EQ(skip("local size over CL_DEVICE_MAX_WORK_ITEM_SIZES[0] 512"), "wg>device");
    EXPECT_EQ(skip("needs 65536 bytes of local memory, device has 49152"), "local mem");
    EXPECT_EQ(skip("kernel needs a power-of-two local size"), "spec");
    EXPECT_EQ(skip("kernel runs only at local size 256"), "spec");
    EXPECT_EQ(skip("kernel does not declare type double"), "spec");
    EXPECT_EQ(skip("device lacks cl_khr_subgroups"), "ext");
    EXPECT_EQ(skip("n = 5 is not a whole number of groups of 8 elements"), "size");
    EXPECT_EQ(skip("something new"), "skipped");
    case_result race;
    race.status = case_status::race_observed;
    EXPECT_EQ(short_reason(race), "race");
    case_result unsampled; // ok, but cut off before its first round
    EXPECT_EQ(short_reason(unsampled), "n/a");
}

TEST(case_matrix, kernels_that_do_not_declare_the_type_or_layout_are_omitted) {
    auto p = test::matrix_profile();
    for (std::uint64_t local : {64, 128}) {
        p.cases.push_back(test::matrix_case("vec3_tree", "float", 1u << 20, local, 0,
                                            case_status::skipped,
                                            "kernel does not declare layout flat"));
    }
    p.cases[11].status = case_status::skipped; // int 2^16: its only kernel does not apply
    p.cases[11].reason = "kernel does not declare type int";
    const auto ms = build_matrices(p);
    ASSERT_EQ(ms.size(), 1u); // a matrix with nothing left is not drawn
    EXPECT_EQ(ms[0].rows.size(), 3u);
    EXPECT_EQ(ms[0].omitted, (std::vector<std::string>{"vec3_tree"}));
    EXPECT_EQ(ms[0].notes.size(), 5u); // the omitted cells add no reasons
}

TEST(case_matrix, launches_above_the_kernel_limit_are_flagged) {
    const auto p = test::matrix_profile();
    const auto m = build_matrices(p).at(0);
    EXPECT_TRUE(row_of(m, "reduce1").cells[3].above_kernel_limit);
    EXPECT_FALSE(row_of(m, "reduce1").cells[2].above_kernel_limit);
}

TEST(case_matrix, host_speedup_is_host_time_over_the_best_cell) {
    const auto p = test::matrix_profile();
    const auto ms = build_matrices(p);
    ASSERT_NE(ms[0].host, nullptr);
    ASSERT_EQ(ms[0].speedups.size(), 2u);
    EXPECT_EQ(ms[0].speedups[0].method, "sequential");
    EXPECT_DOUBLE_EQ(*ms[0].speedups[0].speedup, 10.0); // 10 ms / 1 ms
    EXPECT_EQ(ms[0].speedups[1].threads, 4u);
    EXPECT_DOUBLE_EQ(*ms[0].speedups[1].speedup, 2.0);
    EXPECT_DOUBLE_EQ(*ms[1].speedups[1].speedup, 0.4); // int: the kernel is slower
}

TEST(case_matrix, no_host_row_without_a_baseline_or_for_other_operators) {
    auto p = test::matrix_profile();
    p.host_baselines.clear();
    EXPECT_EQ(build_matrices(p).at(0).host, nullptr);
    EXPECT_TRUE(build_matrices(p).at(0).speedups.empty());
    p = test::matrix_profile();
    for (auto& c : p.cases) {
        c.key.op = "max";
    }
    const auto ms = build_matrices(p);
    EXPECT_EQ(ms.at(0).host, nullptr);
    EXPECT_EQ(ms.at(0).label(), "float, flat, n=2^20, op=max");
}

TEST(case_matrix, parameters_make_rows_and_devices_split_matrices) {
    auto p = test::matrix_profile();
    p.devices.push_back(p.devices[0]);
    p.cases[0].key.params = {{"elems", "4"}, {"ACC", "2"}};
    p.cases[1].device = 1;
    const auto ms = build_matrices(p);
    ASSERT_EQ(ms.size(), 3u); // float on device 0 and 1, int on device 0
    EXPECT_EQ(ms[0].label(), "float, flat, n=2^20");
    const auto label = p.cases[0].key.kernel + " ACC=2 elems=4";
    EXPECT_TRUE(std::any_of(ms[0].rows.begin(), ms[0].rows.end(),
                            [&](const matrix_row& r) { return r.kernel == label; }));
    EXPECT_EQ(ms[1].device, 1);
    EXPECT_EQ(ms[1].local_sizes, (std::vector<std::uint64_t>{64}));
}

TEST(case_matrix, a_cell_screened_by_halving_shows_its_time_but_is_not_best) {
    auto p = test::matrix_profile();
    p.cases[4].extra["halving_rung"] = 1; // reduce1 at 128: the fastest cell (1 ms)
    const auto m = build_matrices(p).at(0);
    const auto& r1 = row_of(m, "reduce1");
    ASSERT_TRUE(r1.best.has_value());
    EXPECT_EQ(m.local_sizes.at(*r1.best), 512u); // 1.5 ms, not the screened 1 ms at 128
    EXPECT_TRUE(r1.cells.at(1).median_ns.has_value());
    EXPECT_FALSE(r1.cells.at(1).best_in_row);
    // Marked in every format that draws the matrix, with the mark in the legend.
    EXPECT_TRUE(r1.cells.at(1).screened);
    EXPECT_EQ(matrix_cell_marks(r1.cells.at(1)), "~");
    EXPECT_NE(matrix_marks_legend(m).find("~ screened out by successive halving"),
              std::string::npos);
}

TEST(case_matrix, no_verified_cell_means_no_best_and_no_speedup) {
    auto p = test::matrix_profile();
    for (auto& c : p.cases) {
        c.status = case_status::skipped;
        c.reason = "device has no fp64 (cl_khr_fp64)";
    }
    const auto m = build_matrices(p).at(0);
    EXPECT_EQ(m.best_cell(), nullptr);
    ASSERT_EQ(m.speedups.size(), 2u);
    EXPECT_FALSE(m.speedups[0].speedup.has_value());
}

TEST(case_matrix, cell_values_parse) {
    EXPECT_EQ(parse_cell_value("time"), cell_value::time);
    EXPECT_EQ(parse_cell_value("gbps"), cell_value::gbps);
    EXPECT_EQ(parse_cell_value("both"), cell_value::both);
    EXPECT_THROW(parse_cell_value("ms"), usage_error);
    EXPECT_EQ(to_string(cell_value::both), "both");
}

TEST(case_matrix, each_wrong_cell_keeps_its_own_values_under_the_table) {
    // A NaN result once stood under another cell's "WRONG (3 cells): expected 4096, got 4095":
    // results are the case's own, so each distinct reason has its line, naming its cells.
    profile p;
    p.devices.emplace_back();
    const std::uint64_t n = 4096;
    p.cases = {
        test::matrix_case("racy", "float", n, 32, 0, case_status::wrong,
                          "expected exactly 4096, got 4095"),
        test::matrix_case("racy", "float", n, 64, 0, case_status::wrong,
                          "expected exactly 4096, got -nan"),
        test::matrix_case("racy", "float", n, 128, 0, case_status::wrong,
                          "expected exactly 4096, got -nan"),
        test::matrix_case("reduce0", "float", n, 32, 1e5),
    };
    const auto lines = matrix_note_lines(build_matrices(p).at(0));
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0], "WRONG (racy local 32): expected exactly 4096, got 4095");
    EXPECT_EQ(lines[1], "WRONG (racy local 64, racy local 128): expected exactly 4096, got -nan");
}

} // namespace
} // namespace grp
