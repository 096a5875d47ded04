// The kernel x local-size matrix as run's console, report's markdown and the HTML heat map draw
// it: missing cells, skipped cells with short reasons, one local size, the host row.
#include "grp/report/console/run.hpp"
#include "grp/report/html/page.hpp"
#include "grp/report/markdown/summary.hpp"
#include "grp/report/text/matrix_text.hpp"
#include "report/views/matrix_samples.hpp"

#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

std::string console(const profile& p, run_table_options o = {}) {
    std::ostringstream os;
    print_run_tables(os, p, o);
    return os.str();
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string markdown(const profile& p, cell_value cells = cell_value::time) {
    return render_markdown_summary({{"m.json", p}}, "", {}, cells);
}

TEST(matrix_text, cells_show_time_gbps_or_both_with_marks) {
    const auto p = test::matrix_profile();
    const auto m = build_matrices(p).at(0);
    const auto& r1 = m.rows[1].cells;
    EXPECT_EQ(matrix_cell_text(r1[0], cell_value::time), "-");
    EXPECT_EQ(matrix_cell_text(r1[1], cell_value::time), "1.00 ms**");
    EXPECT_EQ(matrix_cell_text(r1[1], cell_value::gbps), "4.2**"); // 4 MiB / 1 ms
    EXPECT_EQ(matrix_cell_text(r1[1], cell_value::both), "1.00 ms / 4.2**");
    EXPECT_EQ(matrix_cell_text(r1[3], cell_value::time), "1.50 ms^");
    EXPECT_EQ(matrix_cell_text(m.rows[0].cells[1], cell_value::time), "3.00 ms*");
    EXPECT_EQ(matrix_cell_text(m.rows[2].cells[2], cell_value::both), "launch");
    EXPECT_EQ(matrix_host_text(m), "sequential 10.0 ms, 4 threads 2.00 ms; speedup of the best "
                                   "kernel 10.0x, 2.00x");
    EXPECT_EQ(matrix_best_text(m, p), "reduce1 at local 128: 1.00 ms = 4.2 GB/s, 1.0% of the "
                                      "measured peak read 400.0 GB/s");
    EXPECT_TRUE(has(matrix_marks_legend(m), "^ launched above"));
}

// #50: without a power sensor every energy cell is n/a: no star on n/a (the fastest cell has
// no energy to be best at), no legend for stars not shown, and one line that says why.
TEST(matrix_console, energy_without_a_sensor_is_n_a_unstarred_and_says_why) {
    auto p = test::matrix_profile();
    const auto m = build_matrices(p).at(0);
    EXPECT_EQ(matrix_cell_text(m.rows[1].cells[1], cell_value::energy), "n/a"); // the fastest
    EXPECT_EQ(matrix_cell_text(m.rows[1].cells[3], cell_value::energy), "n/a^");
    EXPECT_EQ(matrix_cell_text(m.rows[1].cells[1], cell_value::time), "1.00 ms**");
    run_table_options o;
    o.cells = cell_value::energy;
    const auto out = console(p, o);
    EXPECT_FALSE(has(out, "n/a*")) << out;
    EXPECT_FALSE(has(out, "** fastest overall")) << out;
    EXPECT_TRUE(has(out, "    n/a: no energy per launch: no power or energy sensor was found for "
                         "this device; the sensors read"))
        << out;
    EXPECT_TRUE(has(markdown(p, cell_value::energy), "n/a: no energy per launch")) << markdown(p);
    // The device's sensor record says what it lacked: the line names it.
    p.devices.at(0).sensors = sensor_record{};
    p.devices.at(0).sensors->lacking = {"clock: none", "energy: no RAPL counter"};
    const auto named = console(p, o);
    EXPECT_TRUE(has(named, "found for this device (energy: no RAPL counter); the sensors"))
        << named;
    EXPECT_FALSE(has(console(p), "n/a: no energy")) << "time cells need no such line";
}

TEST(matrix_console, several_local_sizes_become_a_matrix_with_host_and_best_rows) {
    const auto out = console(test::matrix_profile());
    EXPECT_TRUE(has(out, "float, flat, n=2^20: median time per local size")) << out;
    // Marks are padded, so the numbers of a column stay right-aligned.
    EXPECT_TRUE(has(out, "    kernel          64        128        256          512\n")) << out;
    EXPECT_TRUE(has(out, "    reduce1        -    1.00 ms**  2.00 ms      1.50 ms^ \n")) << out;
    EXPECT_TRUE(has(out, "    reduce2    WRONG     failed     launch      no fp64  \n")) << out;
    EXPECT_TRUE(has(out, "host  sequential 10.0 ms, 4 threads 2.00 ms; speedup of the best "
                         "kernel 10.0x, 2.00x"))
        << out;
    EXPECT_TRUE(has(out, "best  reduce1 at local 128: 1.00 ms = 4.2 GB/s")) << out;
    EXPECT_TRUE(has(out, "wg>kernel (1 cell): local size over CL_KERNEL_WORK_GROUP_SIZE 256"))
        << out;
    EXPECT_TRUE(has(out, "launch (1 cell): above the kernel's reported")) << out;
    // Every mark a cell shows is in the legend, the '-' of a point not in the sweep too (#71).
    EXPECT_TRUE(has(out, "- not in the sweep (this kernel was not asked for at this local size)"))
        << out;
}

TEST(matrix_console, one_local_size_and_scenarios_stay_in_the_list_with_a_host_line) {
    const auto out = console(test::matrix_profile());
    // int has one local size: a list row, and its host baseline on a line of its own.
    EXPECT_TRUE(has(out, "reduce0   int    flat    2^16  256")) << out;
    EXPECT_TRUE(has(out, "host (int, flat, n=2^16): sequential 400 us, 4 threads 800 us; "
                         "speedup of the best kernel 0.20x, 0.40x"))
        << out;
    EXPECT_TRUE(has(out, "wg-probe  float  flat    2^12  64")) << out;
    EXPECT_FALSE(has(out, "int, flat, n=2^16: median time")) << out;
    // Cases drawn in the matrix are not listed again.
    EXPECT_FALSE(has(out, "reduce1  float")) << out;
}

TEST(matrix_console, list_only_prints_every_case_in_the_list) {
    run_table_options o;
    o.list_only = true;
    const auto out = console(test::matrix_profile(), o);
    EXPECT_FALSE(has(out, "median time per local size")) << out;
    EXPECT_TRUE(has(out, "reduce1   float  flat    2^20  128")) << out;
    EXPECT_TRUE(has(out, "skipped 1x: device has no fp64")) << out;
    EXPECT_TRUE(has(out, "host (float, flat, n=2^20): sequential 10.0 ms")) << out;
}

TEST(matrix_console, gbps_cells_on_request) {
    run_table_options o;
    o.cells = cell_value::gbps;
    const auto out = console(test::matrix_profile(), o);
    EXPECT_TRUE(has(out, "GB/s (at the median time) per local size")) << out;
    EXPECT_TRUE(has(out, "4.2**")) << out;
}

TEST(matrix_markdown, tables_with_host_row_best_line_and_reasons) {
    const auto md = markdown(test::matrix_profile());
    EXPECT_TRUE(has(md, "### Kernel x local size")) << md;
    EXPECT_TRUE(has(md, "**Matrix GPU: float, flat, n=2^20**")) << md;
    EXPECT_TRUE(has(md, "| kernel | 64 | 128 | 256 | 512 |\n| --- | ---: | ---: | ---: | ---: |"))
        << md;
    EXPECT_TRUE(has(md, "| reduce1 | - | 1.00 ms\\*\\* | 2.00 ms | 1.50 ms^ |")) << md;
    EXPECT_TRUE(has(md, "| reduce2 | WRONG | failed | launch | no fp64 |")) << md;
    EXPECT_TRUE(has(md, "| host | sequential 10.0 ms, 4 threads 2.00 ms; speedup of the best "
                        "kernel 10.0x, 2.00x |  |  |  |"))
        << md;
    EXPECT_TRUE(has(md, "Best: reduce1 at local 128: 1.00 ms = 4.2 GB/s")) << md;
    EXPECT_TRUE(has(md, "- wg&gt;kernel (1 cell): local size over CL\\_KERNEL\\_WORK\\_GROUP"))
        << md;
    // One local size with a host baseline: a one-column matrix, so the host row is shown.
    EXPECT_TRUE(has(md, "| kernel | 256 |")) << md;
    EXPECT_TRUE(has(md, "| host | sequential 400 us, 4 threads 800 us; speedup of the best "
                        "kernel 0.20x, 0.40x |"))
        << md;
}

TEST(matrix_render, omitted_kernels_are_named_under_the_matrix_and_listed_as_skipped) {
    auto p = test::matrix_profile();
    p.cases.push_back(test::matrix_case("vec3_tree", "float", 1u << 20, 64, 0, case_status::skipped,
                                        "kernel does not declare layout flat"));
    EXPECT_TRUE(has(markdown(p), "- not run here (the kernel does not declare this type or "
                                 "layout): vec3\\_tree"))
        << markdown(p);
    EXPECT_TRUE(has(console(p), "  skipped 1x: kernel does not declare layout flat")) << console(p);
}

TEST(matrix_markdown, one_local_size_without_host_draws_no_matrix) {
    auto p = test::matrix_profile();
    p.host_baselines.pop_back(); // int 2^16 has no host baseline any more
    const auto md = markdown(p);
    EXPECT_FALSE(has(md, "int, flat, n=2^16**")) << md;
    p.cases.resize(0);
    EXPECT_FALSE(has(markdown(p), "### Kernel x local size"));
}

TEST(matrix_markdown, both_values_on_request) {
    const auto md = markdown(test::matrix_profile(), cell_value::both);
    EXPECT_TRUE(has(md, "Median time / GB/s of every verified case")) << md;
    EXPECT_TRUE(has(md, "| 1.00 ms / 4.2\\*\\* |")) << md;
}

TEST(matrix_html, heat_map_with_host_row_and_escaped_names) {
    auto p = test::matrix_profile();
    p.cases[4].key.kernel = "<script>alert(1)</script>";
    html::page_options o;
    o.generator = "test";
    const auto page = html::render_report({{"m.json", p}}, o);
    EXPECT_TRUE(has(page, "<section id=\"matrix\"><h2>Kernel \xC3\x97 local size</h2>")) << page;
    EXPECT_TRUE(has(page, "<table class=\"heatmap\">"));
    EXPECT_TRUE(has(page, "<tr class=\"host\"><th scope=\"row\">host</th><td colspan=\"4\">"
                          "sequential 10.0 ms, 4 threads 2.00 ms"));
    EXPECT_TRUE(has(page, "<td class=\"h0 best\""));    // the fastest cell, darkest shade
    EXPECT_TRUE(has(page, "<td class=\"h3 rowbest\"")); // reduce0: 3 ms = 3x: 2 log2 3 = 3.2
    EXPECT_TRUE(has(page, "<td class=\"nocase\" title=\"not in the sweep\">"));
    EXPECT_TRUE(has(page, "<td class=\"skip\" title=\"reduce0, local 512: skipped"));
    EXPECT_TRUE(has(page, "<td class=\"bad\" title=\"reduce2, local 64: wrong"));
    EXPECT_TRUE(has(page, "&lt;script&gt;alert(1)&lt;/script&gt;"));
    EXPECT_FALSE(has(page, "<script>alert(1)"));
}

// #33: several profiles share one table per sweep point instead of repeating the section.
TEST(matrix_html, several_profiles_share_one_table_per_sweep_point) {
    const auto p = test::matrix_profile();
    html::page_options o;
    o.generator = "test";
    const auto count = [](const std::string& text, const std::string& what) {
        std::size_t n = 0;
        for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
            ++n;
        }
        return n;
    };
    const auto one = html::render_report({{"a.json", p}}, o);
    const auto two = html::render_report({{"a.json", p}, {"b.json", p}}, o);
    const auto tables = count(one, "<table class=\"heatmap\">");
    EXPECT_EQ(count(two, "<table class=\"heatmap\">"), tables);
    EXPECT_TRUE(has(two, "<th scope=\"row\">P1 reduce0</th>")) << two;
    EXPECT_TRUE(has(two, "<th scope=\"row\">P2 reduce0</th>"));
    EXPECT_TRUE(has(two, "<tr class=\"host\"><th scope=\"row\">P2 host</th>"));
    EXPECT_EQ(count(two, " best\""), count(one, " best\"")); // one fastest cell per table
}

} // namespace
} // namespace grp

namespace grp {
namespace {

// #65: a sweep point whose fastest case is within 3x of its device's launch floor says so under
// its table ("2^20: 2.00x the empty-kernel span (500 us): launch-bound"), with how many of its
// timed cases are; the device line names the floor. Farther from it, no line.
TEST(matrix_console, a_launch_bound_sweep_point_says_so) {
    auto p = test::matrix_profile();
    const auto with_floor = [&p](double floor_ns) {
        auto q = p;
        q.devices.at(0).launch_floor_ns = floor_ns;
        for (auto& c : q.cases) {
            if (c.summary) {
                c.x_floor = c.summary->median_ns / floor_ns;
            }
        }
        return q;
    };
    const auto near = with_floor(500000); // the best 1 ms is 2x, 1.5 ms 3x, 2 ms 4x
    const auto m = build_matrices(near).at(0);
    EXPECT_EQ(matrix_floor_text(m, near), "2^20: 2.00x the empty-kernel span (500 us): "
                                          "launch-bound; 2 of 6 timed cases within 3x");
    const auto out = console(near);
    EXPECT_TRUE(has(out, "    floor 2^20: 2.00x the empty-kernel span (500 us): launch-bound"))
        << out;
    EXPECT_TRUE(has(out, "empty-kernel span 500 us\n")) << out;
    const auto far = with_floor(100000); // 10x: the kernel's time, not the launch's
    EXPECT_EQ(matrix_floor_text(build_matrices(far).at(0), far), "");
    EXPECT_FALSE(has(console(far), "launch-bound"));
    EXPECT_EQ(matrix_floor_text(m, p), ""); // no floor (an older profile): no line
    // A sweep point of one local size (listed, not a matrix) says so too: int n=2^16, 2 ms.
    EXPECT_TRUE(has(console(with_floor(1e6)),
                    "  floor 2^16: 2.00x the empty-kernel span (1.00 ms): launch-bound\n"));
}

} // namespace
} // namespace grp
