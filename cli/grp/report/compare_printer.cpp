#include "grp/report/compare_printer.hpp"

namespace grp {

void compare_printer::print_comparisons(const std::vector<comparison>& all) {
    do_print_comparisons(all);
}

bool compare_printer::prints_work() const {
    return do_prints_work();
}

void compare_printer::print_work(const work_comparison& w) {
    do_print_work(w);
}

void compare_printer::finish() {
    do_finish();
}

} // namespace grp
