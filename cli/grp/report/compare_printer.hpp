// compare's output formats behind one face, as nvbench's printer_base and hyperfine's Exporter:
// the command makes one compare_printer from its options (make_printer, in
// commands/compare_output.cpp: the interface's file knows none of its formats) and hands it
// every result; the public methods forward to do_* hooks that each format implements in its own
// folder (console_compare_printer, markdown_compare_printer, json_compare_printer,
// csv_compare_printer, in report/<format>/compare.hpp), and compare_printer_multiplex
// (printer_multiplex.hpp) feeds several in order (--csv FILE beside the table). A printer only
// prints: what it shows is computed in model/compare/ and report/views/.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/model/compare/work_gate.hpp"

#include <vector>

namespace grp {

class compare_printer {
public:
    compare_printer() = default;
    compare_printer(const compare_printer&) = delete;
    compare_printer& operator=(const compare_printer&) = delete;
    virtual ~compare_printer() = default;

    /// The timed comparisons against one base: one per candidate profile, or a duet's A/A
    /// controls then its candidates. Precondition: `all` is not empty.
    void print_comparisons(const std::vector<comparison>& all);

    /// Whether this format has a form of the work gate (CSV has none: compare refuses --csv on
    /// check profiles before reading a candidate).
    [[nodiscard]] bool prints_work() const;

    /// One candidate's work gate (check profiles), printed as soon as it is judged.
    /// Precondition: prints_work().
    void print_work(const work_comparison& w);

    /// The closing words, after the last result: what a format holds until every result is in
    /// (JSON's one document). Call once.
    void finish();

private:
    virtual void do_print_comparisons(const std::vector<comparison>& all) = 0;
    [[nodiscard]] virtual bool do_prints_work() const { return true; }
    virtual void do_print_work(const work_comparison& w) = 0;
    virtual void do_finish() {}
};

} // namespace grp
