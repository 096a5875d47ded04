#include "grp/report/compare_printer.hpp"

#include "grp/report/console/compare.hpp"
#include "grp/report/csv/compare.hpp"
#include "grp/report/json/compare.hpp"
#include "grp/report/markdown/compare.hpp"
#include "grp/report/printer_multiplex.hpp"

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

namespace {

std::unique_ptr<compare_printer> stdout_printer(compare_format format, bool colour,
                                                std::ostream& out, bool short_duet) {
    switch (format) {
    case compare_format::json:
        return std::make_unique<json_compare_printer>(out);
    case compare_format::markdown:
        return std::make_unique<markdown_compare_printer>(out);
    case compare_format::console:
        break;
    }
    return std::make_unique<console_compare_printer>(out, colour, short_duet);
}

} // namespace

std::unique_ptr<compare_printer> make_compare_printer(compare_format format, bool colour,
                                                      std::optional<output_file> csv,
                                                      std::ostream& out, std::ostream& err,
                                                      bool short_duet) {
    auto all = std::make_unique<compare_printer_multiplex>();
    const bool csv_on_stdout = csv && csv->is_stdout();
    if (csv) {
        all->add(std::make_unique<csv_compare_printer>(std::move(*csv)));
    }
    all->add(std::make_unique<warnings_printer>(err));
    if (format != compare_format::console || !csv_on_stdout) {
        all->add(stdout_printer(format, colour, out, short_duet));
    }
    return all;
}

} // namespace grp
