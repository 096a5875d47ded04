#include "grp/report/console/best.hpp"

#include "grp/report/text/best_table.hpp"

namespace grp {

void print_best_configs(std::ostream& os, const profile& p, bool colour) {
    const auto t = best_config_table(p);
    if (t.empty()) {
        return;
    }
    os << "\nbest configuration (verified cases only; wrong, failed and skipped ones are never "
          "best):\n";
    t.print(os, colour, "  ");
    for (const auto& line : best_tie_lines(p)) {
        os << "  " << line << '\n';
    }
}

} // namespace grp
