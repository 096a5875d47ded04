// Tests of the compare printers on the fixture profiles: colour only when asked, markdown that
// folds unchanged cases, JSON with every case and no NaN, and the cases × profiles matrix.
#include "grp/model/profile/io.hpp"
#include "grp/report/console/compare.hpp"
#include "grp/report/csv/compare.hpp"
#include "grp/report/json/compare.hpp"
#include "grp/report/markdown/compare.hpp"
#include "grp/report/text/compare_tables.hpp"
#include "report/compare_samples.hpp"

#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

using test::against_base;

TEST(compare_print, console_colours_only_when_asked) {
    std::vector<comparison> all = {against_base("wrong")};
    std::ostringstream plain, coloured;
    print_comparisons(plain, all, false);
    print_comparisons(coloured, all, true);
    EXPECT_EQ(plain.str().find('\033'), std::string::npos);
    EXPECT_NE(coloured.str().find("\033[31mwrong (fails)"), std::string::npos);
    EXPECT_NE(plain.str().find("git sha               aaaaaaaaaaaa  ffffffffffff"),
              std::string::npos);
    EXPECT_NE(plain.str().find("1 wrong, 5 same. FAIL: 1 case fails"), std::string::npos);
    // Worst first: the wrong case is the first row after the header.
    auto header = plain.str().find("case ");
    auto first_row = plain.str().find('\n', header) + 1;
    EXPECT_EQ(plain.str().compare(first_row, 14, "reduce6/float/"), 0) << plain.str();
}

TEST(compare_print, markdown_folds_unchanged_cases) {
    std::ostringstream os;
    print_comparisons_markdown(os, {against_base("wrong")});
    auto md = os.str();
    EXPECT_EQ(md.rfind("### gpu-reduce-prof compare: FAIL, 1 failing case", 0), 0u) << md;
    EXPECT_NE(md.find("| reduce6/float/flat/n=1048576/local=256 | 21."), std::string::npos) << md;
    EXPECT_NE(md.find("| wrong (fails) |"), std::string::npos) << md;
    auto details = md.find("<details><summary>5 unchanged cases</summary>");
    ASSERT_NE(details, std::string::npos);
    EXPECT_LT(md.find("reduce6/float"), details);
    EXPECT_GT(md.find("| reduce0/int/"), details);

    std::ostringstream pass;
    print_comparisons_markdown(pass, {against_base("identical")});
    EXPECT_EQ(pass.str().rfind("### gpu-reduce-prof compare: PASS, no regression", 0), 0u);
}

TEST(compare_print, json_has_every_case_and_null_not_nan) {
    auto j = comparisons_to_json({against_base("missing")});
    EXPECT_FALSE(j["failed"].get<bool>());
    ASSERT_EQ(j["comparisons"].size(), 1u);
    const auto& c = j["comparisons"][0];
    EXPECT_EQ(c["candidate"], "missing.json");
    EXPECT_EQ(c["cases"].size(), 7u);
    EXPECT_EQ(c["verdicts"]["missing"], 1);
    EXPECT_EQ(c["verdicts"]["added"], 1);
    EXPECT_EQ(c["cases"][0]["verdict"], "missing");
    EXPECT_TRUE(c["cases"][0]["ratio"].is_null());
    EXPECT_TRUE(c["cases"][0]["candidate"].is_null());
    EXPECT_EQ(c["cases"][0]["key"]["kernel"], "reduce6");
    EXPECT_EQ(j.dump().find("NaN"), std::string::npos);
    EXPECT_EQ(c["options"]["fail_on"], "slower,wrong,unmeasured");
    EXPECT_EQ(c["options"]["confidence"], 0.99);
    const auto& same = c["cases"][2];
    EXPECT_EQ(same["verdict"], "same");
    EXPECT_TRUE(same["ci_low"].is_number());
    EXPECT_TRUE(same["ci_high"].is_number());
    EXPECT_EQ(same["base"]["rounds"], 10);
}

TEST(compare_print, several_profiles_make_a_matrix) {
    std::vector<comparison> all = {against_base("slower10"), against_base("identical"),
                                   against_base("missing")};
    std::ostringstream os;
    print_comparisons(os, all, false);
    auto text = os.str();
    EXPECT_NE(text.find("slower10.json  identical.json  missing.json"), std::string::npos) << text;
    EXPECT_NE(text.find("slower!"), std::string::npos);
    EXPECT_NE(text.find("reduce7/float"), std::string::npos); // added in one profile only
    EXPECT_NE(text.find("slower10.json: 6 cases: 6 slower. FAIL"), std::string::npos);
    EXPECT_NE(text.find("identical.json: 6 cases: 6 same. PASS"), std::string::npos);
    auto j = comparisons_to_json(all);
    EXPECT_EQ(j["comparisons"].size(), 3u);
    EXPECT_TRUE(j["failed"].get<bool>());
    EXPECT_EQ(j["failures"], 6);
}

TEST(compare_print, summary_line_counts_verdicts) {
    EXPECT_EQ(summary_line(against_base("slower2")),
              "6 cases: 6 same. PASS: no regression (fail on slower,wrong,unmeasured)");
    EXPECT_EQ(summary_line(against_base("noisy")),
              "6 cases: 6 inconclusive. UNDECIDED: timing judged for 0 of 6 cases (fail on "
              "slower,wrong,unmeasured)");
}

TEST(compare_print, a_gate_that_judged_nothing_never_reads_pass) {
    const auto noisy = against_base("noisy");
    EXPECT_EQ(noisy.timing_cases(), 6u);
    EXPECT_EQ(noisy.timing_judged(), 0u);
    EXPECT_TRUE(noisy.undecided());
    std::ostringstream md;
    print_comparisons_markdown(md, {noisy});
    EXPECT_EQ(md.str().rfind("### gpu-reduce-prof compare: UNDECIDED, timing judged for 0 of 6 "
                             "cases",
                             0),
              0u)
        << md.str();
    const auto j = comparisons_to_json({noisy});
    EXPECT_TRUE(j["comparisons"][0]["undecided"].get<bool>());
    EXPECT_EQ(j["comparisons"][0]["timing_judged"].get<int>(), 0);

    // No case measured on both sides: nothing was judged either.
    const auto disjoint = against_base("disjoint");
    EXPECT_EQ(disjoint.timing_cases(), 0u);
    EXPECT_NE(summary_line(disjoint).find("UNDECIDED: no case was measured on both sides"),
              std::string::npos)
        << summary_line(disjoint);
}

// One vocabulary (#71): a comparison that judged some cases and failed none exits 0, so its
// headline says PASS, in the console, the markdown job summary and the HTML alike, and names
// what stayed undecided; UNDECIDED is kept for exit 8.
TEST(compare_print, partly_judged_says_pass_and_names_the_undecided_cases) {
    auto c = against_base("identical");
    c.cases.front().outcome = verdict::inconclusive;
    const auto key = c.cases.front().key.to_string();
    EXPECT_EQ(summary_line(c), "6 cases: 1 inconclusive, 5 same. PASS: no regression in the 5 "
                               "judged cases; 1 of 6 undecided: " +
                                   key + " (fail on slower,wrong,unmeasured)");
    std::ostringstream md;
    print_comparisons_markdown(md, {c});
    EXPECT_EQ(md.str().rfind("### gpu-reduce-prof compare: PASS, no regression in the 5 judged "
                             "of 6 cases; 1 undecided",
                             0),
              0u)
        << md.str();
    // More than three undecided cases: three named, the rest counted.
    for (std::size_t i = 1; i < 5; ++i) {
        c.cases[i].outcome = verdict::inconclusive;
    }
    EXPECT_NE(summary_line(c).find("PASS: no regression in the judged case; 5 of 6 undecided: "),
              std::string::npos)
        << summary_line(c);
    EXPECT_NE(summary_line(c).find(" and 2 more (fail on"), std::string::npos) << summary_line(c);
    // A failing case decides the headline whatever else is undecided.
    c.cases.back().outcome = verdict::slower;
    c.cases.back().fails = true;
    EXPECT_EQ(summary_line(c).find("FAIL: 1 case fails"), summary_line(c).find("FAIL"));
    EXPECT_NE(summary_line(c).find("FAIL: 1 case fails"), std::string::npos);
}

// The PASS headline names undecided cases by their keys, which come from the profiles: a
// hostile kernel name is escaped on the terminal and in the markdown job summary.
TEST(compare_print, the_undecided_names_in_the_headline_are_escaped) {
    auto c = against_base("identical");
    c.cases.front().outcome = verdict::inconclusive;
    c.cases.front().key.kernel = "evil\x1b[2J<img src=x>";
    std::ostringstream console, md;
    print_comparisons(console, {c}, false);
    print_comparisons_markdown(md, {c});
    EXPECT_EQ(console.str().find('\x1b'), std::string::npos) << console.str();
    EXPECT_NE(console.str().find("1 of 6 undecided: evil\\x1b[2J<img src=x>"), std::string::npos)
        << console.str();
    EXPECT_EQ(md.str().find("<img"), std::string::npos) << md.str();
}

TEST(compare_print, undecided_cases_are_listed_above_the_table) {
    std::ostringstream os;
    print_comparisons(os, {against_base("noisy")}, false);
    const auto text = os.str();
    const auto listed = text.find("not decided (6):");
    ASSERT_NE(listed, std::string::npos) << text;
    EXPECT_LT(listed, text.find("case "));
    EXPECT_NE(text.find("inconclusive reduce"), std::string::npos);
}

TEST(compare_print, hostile_profile_strings_are_escaped) {
    auto base = load_profile(std::string(GRP_TEST_DATA) + "/compare/base.json");
    auto cand = base;
    cand.cases[0].key.kernel = "evil\x1b[2K\x07<img src=x onerror=alert(1)>|<!--";
    cand.cases[0].status = case_status::wrong;
    cand.cases[0].reason = "bad\x1b]0;title\x07";
    std::vector<comparison> all = {compare_profiles(base, cand, {}, "b", "c\x1b[31m")};
    std::ostringstream console, md;
    print_comparisons(console, all, false);
    print_comparisons_markdown(md, all);
    EXPECT_EQ(console.str().find('\x1b'), std::string::npos);
    EXPECT_EQ(console.str().find('\x07'), std::string::npos);
    EXPECT_EQ(md.str().find("<img"), std::string::npos) << md.str();
    EXPECT_EQ(md.str().find("<!--"), std::string::npos);
    EXPECT_NE(md.str().find("&lt;img"), std::string::npos);
    EXPECT_EQ(md.str().find('\x1b'), std::string::npos);
}

TEST(compare_print, csv_has_a_header_and_one_row_per_case) {
    std::ostringstream os;
    print_comparisons_csv(os, {against_base("slower10")});
    std::istringstream in(os.str());
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(line.rfind("candidate,case,kernel,type,layout,n,local_size,op,verdict,fails,", 0),
              0u);
    int rows = 0;
    while (std::getline(in, line)) {
        ++rows;
        EXPECT_NE(line.find(",slower,1,"), std::string::npos) << line;
    }
    EXPECT_EQ(rows, 6);
}

} // namespace
} // namespace grp

namespace grp {
namespace {

/// One case of a duet's comparison, keyed by `kernel` (a duet's cases are keyed by the base's:
/// base:k for the candidate and the base's control, k itself for the candidate's twin).
case_comparison duet_case(const std::string& kernel, verdict v) {
    case_comparison cc;
    cc.key = make_case_key(kernel, "float", "flat", 4096, 64);
    cc.outcome = v;
    cc.ratio = v == verdict::same ? 1.0 : 1.04;
    return cc;
}

comparison duet_side(const std::string& label, bool control, const std::string& kernel, verdict v) {
    comparison c;
    c.base_label = "d.json:base:k";
    c.cand_label = label;
    c.control = control;
    c.cases = {duet_case(kernel, v)};
    return c;
}

// The newcomer walk of 2026-12-05: the twin read inconclusive where a candidate row read
// "controls ok", because the twin's cases are keyed k, the candidate's base:k.
TEST(compare_print, a_duet_row_names_the_twin_that_is_not_same_there) {
    const std::vector<comparison> all = {
        duet_side("d.json:control:k", true, "base:k", verdict::same),
        duet_side("d.json:twin:k", true, "k", verdict::inconclusive),
        duet_side("d.json:k", false, "base:k", verdict::inconclusive)};
    std::ostringstream os;
    print_comparisons(os, all, false, true);
    EXPECT_NE(os.str().find("not same: twin +4.00% inconclusive"), std::string::npos) << os.str();
    EXPECT_EQ(os.str().find("inconclusive    ok"), std::string::npos) << os.str();
}

// The markdown summary of a duet: the console's one row per case, not the case x profile matrix
// (half '-', the twin's cases under "base") the newcomer walk of 2026-12-05 still met.
TEST(compare_print, a_duet_summary_in_markdown_has_a_row_per_case) {
    const std::vector<comparison> all = {
        duet_side("d.json:control:k", true, "base:k", verdict::same),
        duet_side("d.json:twin:k", true, "k", verdict::inconclusive),
        duet_side("d.json:k", false, "base:k", verdict::inconclusive)};
    std::ostringstream md;
    print_comparisons_markdown(md, all);
    EXPECT_NE(md.str().find("| case | base | candidate | change | 99% interval | verdict | "
                            "controls |"),
              std::string::npos)
        << md.str();
    EXPECT_NE(md.str().find("not same: twin +4.00% inconclusive |"), std::string::npos) << md.str();
    EXPECT_EQ(md.str().find("Each cell: change vs base"), std::string::npos) << md.str();
}

} // namespace
} // namespace grp
