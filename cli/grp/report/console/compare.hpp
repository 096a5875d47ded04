// The console printer of comparisons (like google/benchmark's print_difference_report): the
// context that differs, what could not be decided, a case table worst first (or a matrix of
// cases x candidates) with colour only when asked (the command asks on a terminal), and a
// verdict line per candidate; the work gate's table of counts; and the comparisons' warnings,
// which go to stderr in every format. Every string from a profile is escaped for the terminal.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/model/compare/work_gate.hpp"
#include "grp/report/compare_printer.hpp"

#include <ostream>
#include <vector>

namespace grp {

/// Console output: the context that differs, what could not be decided, the table, a verdict
/// line (the warnings are the caller's to print, on stderr). With `short_duet`, a duet (some
/// comparison is an A/A control) opens with its verdict lines, then one row per candidate case
/// (base, candidate, change, interval, verdict, controls) and one line counting the undecided
/// cases, whose reasons and plans compare --explain prints (#71: five ~400-character
/// paragraphs used to come before the three lines that matter).
/// Precondition: `all` is not empty; each element compares the same base with one candidate.
void print_comparisons(std::ostream& os, const std::vector<comparison>& all, bool colour,
                       bool short_duet = false);

/// The work gate of one candidate: a table of counts, the notes, what counts cannot see and
/// the PASS/FAIL headline.
void print_work_comparison(std::ostream& os, const work_comparison& w, bool colour);

/// compare's console output on `os` (compare_printer.hpp), `colour` as print_comparisons.
class console_compare_printer final : public compare_printer {
public:
    console_compare_printer(std::ostream& os, bool colour, bool short_duet = false);

private:
    void do_print_comparisons(const std::vector<comparison>& all) override;
    void do_print_work(const work_comparison& w) override;

    std::ostream& m_os;
    bool m_colour;
    bool m_short_duet;
};

/// Every comparison's warnings on `err` ("warning: ", with the candidate's label when there are
/// several), then a flush: in every format, before the results, so that stdout holds only the
/// comparison and a person still sees them first. The work gate has none.
class warnings_printer final : public compare_printer {
public:
    explicit warnings_printer(std::ostream& err);

private:
    void do_print_comparisons(const std::vector<comparison>& all) override;
    void do_print_work(const work_comparison& w) override;

    std::ostream& m_err;
};

} // namespace grp
