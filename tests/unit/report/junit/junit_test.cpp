// Tests of compare's JUnit XML (report/junit/compare.hpp): escaping for XML 1.0, a testcase per
// case with failure/skipped as the verdicts say, and counts that add up. The document's shape is
// checked against tests/data/junit/junit.xsd by cli.compare_junit_bmf_files.
#include "grp/report/junit/compare.hpp"
#include "report/compare_samples.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <sstream>

namespace grp {
namespace {

std::size_t junit_occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
        ++n;
    }
    return n;
}

TEST(junit_xml, escapes_markup_quotes_and_line_ends) {
    EXPECT_EQ(xml_escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
    EXPECT_EQ(xml_escape("two\nlines\r\tend"), "two&#10;lines&#13;&#9;end");
    EXPECT_EQ(xml_escape("]]>"), "]]&gt;"); // never closes a CDATA section or anything else
}

TEST(junit_xml, replaces_what_xml_cannot_carry) {
    const std::string replacement = "\xEF\xBF\xBD";
    EXPECT_EQ(xml_escape(std::string("a\x01"
                                     "b",
                                     3)),
              "a" + replacement + "b");
    EXPECT_EQ(xml_escape(std::string("\0", 1)), replacement);
    EXPECT_EQ(xml_escape("\x7f"), replacement);
    EXPECT_EQ(xml_escape("\xEF\xBF\xBF"), replacement); // U+FFFF: valid UTF-8, not XML
    EXPECT_EQ(xml_escape("caf\xC3\xA9"), "caf\xC3\xA9");
    EXPECT_EQ(xml_escape("bad \xff byte").find('\xff'), std::string::npos);
}

TEST(junit_xml, a_slower_case_is_a_failure_and_counts_add_up) {
    const auto c = test::against_base("slower10");
    std::ostringstream os;
    junit_counts total;
    print_junit_suites(os, {c}, total);
    const auto xml = os.str();
    EXPECT_EQ(total.tests, c.cases.size());
    EXPECT_EQ(total.failures, c.failures());
    EXPECT_GT(total.failures, 0U);
    EXPECT_EQ(junit_occurrences(xml, "<testcase "), c.cases.size());
    EXPECT_EQ(junit_occurrences(xml, "<failure type=\"slower\""), c.count(verdict::slower));
    EXPECT_NE(xml.find("tests=\"" + std::to_string(total.tests) + "\" failures=\"" +
                       std::to_string(total.failures) + "\""),
              std::string::npos);
}

// The newcomer walk of 2026-12-05: a failure held nothing, though check profiles said why.
TEST(junit_xml, a_slower_case_with_a_cause_says_it_in_its_failure) {
    auto c = test::against_base("slower10");
    auto slower = std::find_if(c.cases.begin(), c.cases.end(), [](const case_comparison& cc) {
        return cc.outcome == verdict::slower;
    });
    ASSERT_NE(slower, c.cases.end());
    slow_cause cause;
    cause.kind = cause_class::more_work;
    cause.detail = "instructions +12.9%";
    slower->cause = cause;
    std::ostringstream os;
    junit_counts total;
    print_junit_suites(os, {c}, total);
    EXPECT_NE(os.str().find("cause: more-work: instructions +12.9%</failure>"), std::string::npos)
        << os.str();
}

TEST(junit_xml, undecided_and_ungated_cases_are_skipped_never_failed) {
    auto c = test::against_base("identical");
    ASSERT_GE(c.cases.size(), 2U);
    c.cases[0].outcome = verdict::inconclusive;
    c.cases[0].fails = false;
    c.cases[1].outcome = verdict::same;
    c.cases[1].untrusted_timer = true; // read, never gated
    std::ostringstream os;
    junit_counts total;
    print_junit_suites(os, {c}, total);
    EXPECT_EQ(total.failures, 0U);
    EXPECT_EQ(total.skipped, 2U);
    EXPECT_EQ(junit_occurrences(os.str(), "<skipped message=\""), 2U);
}

TEST(junit_xml, hostile_case_names_and_notes_stay_inside_their_attributes) {
    auto c = test::against_base("slower10");
    ASSERT_FALSE(c.cases.empty());
    c.cases[0].key.kernel = "k<\"x\"'&>\n]]><testcase name=\"forged\"/>";
    c.cases[0].note = "note with </failure> and \x02 inside";
    c.cases[0].fails = true;
    c.cand_label = "cand\"<label>";
    std::ostringstream os;
    junit_counts total;
    print_junit_suites(os, {c}, total);
    const auto xml = os.str();
    EXPECT_EQ(xml.find("forged\"/>"), std::string::npos);
    EXPECT_EQ(junit_occurrences(xml, "<testcase "), c.cases.size());
    EXPECT_EQ(junit_occurrences(xml, "</failure>"), total.failures);
    EXPECT_NE(xml.find("&lt;testcase name=&quot;forged&quot;/&gt;"), std::string::npos);
    EXPECT_EQ(xml.find('\x02'), std::string::npos);
}

TEST(junit_xml, a_duet_control_never_fails) {
    auto c = test::against_base("slower10");
    c.control = true;
    std::ostringstream os;
    junit_counts total;
    print_junit_suites(os, {c}, total);
    EXPECT_EQ(total.failures, 0U);
    EXPECT_NE(os.str().find("name=\"A/A control slower10.json\""), std::string::npos);
}

TEST(junit_xml, the_work_gate_fails_on_more_work) {
    work_comparison w;
    w.base_label = "base.json";
    w.candidate_label = "cand.json";
    work_case more;
    more.key = make_case_key("reduce6", "float", "flat", 4096, 64);
    more.verdict = work_verdict::more_work;
    work_case same = more;
    same.key.local_size = 128;
    same.verdict = work_verdict::same_work;
    w.cases = {more, same};
    std::ostringstream os;
    junit_counts total;
    print_junit_work_suite(os, w, total);
    EXPECT_EQ(total.tests, 2U);
    EXPECT_EQ(total.failures, 1U);
    EXPECT_NE(os.str().find("<failure type=\"more-work\""), std::string::npos);
}

} // namespace
} // namespace grp
