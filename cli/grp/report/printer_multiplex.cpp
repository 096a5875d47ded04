#include "grp/report/printer_multiplex.hpp"

#include <algorithm>

namespace grp {

void compare_printer_multiplex::add(std::unique_ptr<compare_printer> p) {
    m_printers.push_back(std::move(p));
}

void compare_printer_multiplex::do_print_comparisons(const std::vector<comparison>& all) {
    for (const auto& p : m_printers) {
        p->print_comparisons(all);
    }
}

bool compare_printer_multiplex::do_prints_work() const {
    return std::all_of(m_printers.begin(), m_printers.end(),
                       [](const auto& p) { return p->prints_work(); });
}

void compare_printer_multiplex::do_print_work(const work_comparison& w) {
    for (const auto& p : m_printers) {
        p->print_work(w);
    }
}

void compare_printer_multiplex::do_finish() {
    for (const auto& p : m_printers) {
        p->finish();
    }
}

} // namespace grp
