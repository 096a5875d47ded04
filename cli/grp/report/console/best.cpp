#include "grp/report/console/best.hpp"

#include "grp/report/text/best_table.hpp"

namespace grp {

void print_best_configs(std::ostream& os, const profile& p, bool colour) {
    const auto t = best_config_table(p); // none for a duet's profile (#50), nor lines
    const auto lines = best_tie_lines(p);
    if (!t.empty()) {
        os << "\nbest configuration (verified cases only; wrong, failed and skipped ones are "
              "never best):\n";
        t.print(os, colour, "  ");
    } else if (!lines.empty()) {
        os << "\nbest of each sweep point, and what it is not separated from (verified cases):\n";
    }
    for (const auto& line : lines) {
        os << "  " << line << '\n';
    }
}

} // namespace grp
