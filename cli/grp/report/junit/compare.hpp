// JUnit XML of comparisons (compare --junit FILE), for the test tabs of CI systems (GitLab,
// Jenkins, Azure, the GitHub test-report actions): a <testsuite> per candidate (and per work
// gate), a <testcase> per case; a case that fails under --fail-on has a <failure>, one whose
// timing was not decided or not gated (inconclusive, biased, unmeasured, missing that does not
// fail, another device model, one run each, an untrusted timer, other conditions) is
// <skipped>, the rest pass. The shape is the common one (tests/data/junit/junit.xsd checks it);
// every profile string is escaped for XML 1.0, characters XML cannot carry replaced.
#pragma once

#include "grp/core/files/output_file.hpp"
#include "grp/model/compare/compare.hpp"
#include "grp/model/compare/work_gate.hpp"
#include "grp/report/compare_printer.hpp"

#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace grp {

/// `text` for an XML 1.0 attribute or element: & < > " ' as references, tab, newline and
/// carriage return as character references (an attribute keeps them), other control
/// characters and invalid UTF-8 as U+FFFD.
std::string xml_escape(const std::string& text);

/// The counts of a JUnit document or suite.
struct junit_counts {
    std::size_t tests = 0, failures = 0, skipped = 0;
};

/// The <testsuite> of the timed comparisons against one base (a duet's A/A controls are
/// their own suites, never failing). Adds its counts to `total`.
void print_junit_suites(std::ostream& os, const std::vector<comparison>& all, junit_counts& total);

/// The <testsuite> of one candidate's work gate (check profiles). Adds its counts to `total`.
void print_junit_work_suite(std::ostream& os, const work_comparison& w, junit_counts& total);

/// compare's --junit FILE (compare_printer.hpp): the suites kept until finish(), which writes
/// the whole document to `file` (output_file::write, which throws as it says).
class junit_compare_printer final : public compare_printer {
public:
    explicit junit_compare_printer(output_file file);

private:
    void do_print_comparisons(const std::vector<comparison>& all) override;
    void do_print_work(const work_comparison& w) override;
    void do_finish() override;

    output_file m_file;
    std::ostringstream m_suites;
    junit_counts m_total;
};

} // namespace grp
