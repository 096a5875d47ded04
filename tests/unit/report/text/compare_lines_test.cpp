// Tests of the closing words of a comparison (compare_lines.hpp): hyperfine's "ran R ± H ×
// slower than base" per failing case, from the case's own interval, and the NOT GATED headline
// of a comparison across devices.
#include "grp/model/profile/io.hpp"
#include "grp/report/markdown/compare.hpp"
#include "grp/report/text/compare_lines.hpp"
#include "grp/report/text/compare_tables.hpp"
#include "report/compare_samples.hpp"

#include <algorithm>
#include <cstdio>
#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

using test::against_base;

TEST(compare_lines, case_words_read_like_a_sentence) {
    case_key k = make_case_key("my_sum", "float", "flat", 1u << 22, 256);
    EXPECT_EQ(case_words(k), "my_sum (float, n=2^22, local 256)");
    k.layout = "aos12";
    k.op = "max";
    k.params["UNROLL"] = "4";
    k.cache = "cold";
    EXPECT_EQ(case_words(k), "my_sum (float aos12 max, n=2^22, local 256, UNROLL=4, cold)");
}

TEST(compare_lines, each_failing_case_gets_ratio_plus_minus_the_interval) {
    const auto c = against_base("slower10");
    const auto lines = failing_case_lines(c, "candidate");
    ASSERT_EQ(lines.size(), 6u);
    const auto& worst = c.cases.front(); // reduce6/int: +10.6 % [+9.42 %, +11.9 %]
    const double half = std::max(*worst.ratio - *worst.ci_low, *worst.ci_high - *worst.ratio);
    char expected[128];
    std::snprintf(expected, sizeof expected,
                  "reduce6 (int, n=2^20, local 256): candidate ran %.2f ± %.2f × slower than base",
                  *worst.ratio, half);
    EXPECT_EQ(lines.front(), expected);
    EXPECT_EQ(lines.front(), "reduce6 (int, n=2^20, local 256): candidate ran 1.11 ± 0.01 × "
                             "slower than base");
}

TEST(compare_lines, a_wrong_case_says_what_failed_and_passing_cases_say_nothing) {
    const auto w = failing_case_lines(against_base("wrong"), "wrong.json");
    ASSERT_EQ(w.size(), 1u);
    EXPECT_EQ(w.front(), "reduce6 (float, n=2^20, local 256): wrong.json gave a wrong result");
    EXPECT_TRUE(failing_case_lines(against_base("identical"), "candidate").empty());
    // Raw times of another device never fail, so they get no line either.
    EXPECT_TRUE(failing_case_lines(against_base("other_device"), "candidate").empty());
}

TEST(compare_lines, across_devices_the_headline_says_not_gated_never_pass) {
    const auto c = against_base("other_device");
    EXPECT_EQ(summary_line(c), "6 cases: 6 slower. NOT GATED: raw times of different devices are "
                               "not gated (6 cases; --normalize peak gates efficiency); the "
                               "cross-device table compares the best configuration of 6 "
                               "kernels (fail on slower,wrong,unmeasured)");
    const auto t = cross_device_text_table(c, true);
    EXPECT_FALSE(t.empty());
    EXPECT_NE(cross_device_caption(c).find("timing is not gated here"), std::string::npos);
    // A policy of results only asked for no timing verdict: PASS on the results, as CI recipes
    // whose runners' PoCL names another CPU target than the baseline's need.
    compare_options opt;
    opt.fail_on = parse_fail_on("wrong");
    const auto results_only = summary_line(against_base("other_device", opt));
    EXPECT_EQ(results_only.find("NOT GATED"), std::string::npos);
    EXPECT_NE(results_only.find("PASS"), std::string::npos);
}

// The reason given is the one that applied (#71): with --normalize peak across devices, what
// kept one run against one run from the gate is the single run, never "try --normalize peak".
TEST(compare_lines, normalized_across_devices_one_run_each_names_the_single_run) {
    compare_options opt;
    opt.normalize = normalization::peak;
    const auto path = [](const std::string& n) {
        return std::string(GRP_TEST_DATA) + "/compare/" + n + ".json";
    };
    const auto c = compare_profiles(load_profile(path("base")), load_profile(path("other_device")),
                                    opt, "base.json", "other_device.json");
    const auto line = summary_line(c);
    EXPECT_EQ(line.find("--normalize peak"), std::string::npos) << line;
    EXPECT_NE(line.find("one run on each side"), std::string::npos) << line;
    for (const auto& cc : c.cases) {
        EXPECT_EQ(cc.note.find("try --normalize peak"), std::string::npos) << cc.note;
    }
    std::ostringstream md;
    print_comparisons_markdown(md, {c});
    EXPECT_NE(md.str().find("NOT GATED, one run against one run"), std::string::npos) << md.str();
}

// #71: a label in a code span kept markdown_escape's backslashes, which GitHub shows inside
// backticks (`duet\_slow.json:base:my\_sum`): inside a code span nothing is escaped.
TEST(compare_lines, markdown_code_spans_hold_labels_as_written) {
    const auto path = [](const std::string& n) {
        return std::string(GRP_TEST_DATA) + "/compare/" + n + ".json";
    };
    const auto c =
        compare_profiles(load_profile(path("base")), load_profile(path("slower10")),
                         compare_options{}, "duet_slow.json:base:my_sum", "my_new`sum.json");
    std::ostringstream md;
    print_comparisons_markdown(md, {c});
    const auto text = md.str();
    EXPECT_NE(text.find("Base `duet_slow.json:base:my_sum`;"), std::string::npos) << text;
    EXPECT_NE(text.find("- ``my_new`sum.json``: "), std::string::npos) << text;
}

} // namespace
} // namespace grp
