// Several compare printers fed the same results, in the order they were added (nvbench's
// printer_multiplex): the CSV file, the warnings on stderr and the table, markdown or JSON on
// stdout of one invocation.
#pragma once

#include "grp/report/compare_printer.hpp"

#include <memory>
#include <vector>

namespace grp {

class compare_printer_multiplex final : public compare_printer {
public:
    /// Appends `p`: it prints after every printer added before it.
    void add(std::unique_ptr<compare_printer> p);

private:
    void do_print_comparisons(const std::vector<comparison>& all) override;
    /// Only when every printer has a form of the work gate.
    [[nodiscard]] bool do_prints_work() const override;
    void do_print_work(const work_comparison& w) override;
    void do_finish() override;

    std::vector<std::unique_ptr<compare_printer>> m_printers;
};

} // namespace grp
