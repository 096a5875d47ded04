// The markdown printer of comparisons, GitHub-flavoured, for a CI job summary or a
// pull-request comment: a PASS/FAIL heading, context and warnings, the undecided cases, the
// changed cases and, folded under <details>, the unchanged ones; and the work gate's heading,
// table of counts and notes. Every profile string is escaped for markdown.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/model/compare/work_gate.hpp"
#include "grp/report/compare_printer.hpp"

#include <ostream>
#include <vector>

namespace grp {

/// Markdown of one or more comparisons against the same base. Precondition: `all` is not empty.
void print_comparisons_markdown(std::ostream& os, const std::vector<comparison>& all);

/// The work gate of one candidate: a PASS/FAIL heading, the table of counts, the notes and what
/// counts cannot see.
void print_work_markdown(std::ostream& os, const work_comparison& w);

/// compare's --markdown on `os` (compare_printer.hpp).
class markdown_compare_printer final : public compare_printer {
public:
    explicit markdown_compare_printer(std::ostream& os);

private:
    void do_print_comparisons(const std::vector<comparison>& all) override;
    void do_print_work(const work_comparison& w) override;

    std::ostream& m_os;
};

} // namespace grp
