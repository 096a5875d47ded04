#include "grp/report/console/best.hpp"

#include "grp/model/compare/control.hpp"
#include "grp/report/text/best_table.hpp"

namespace grp {

void print_best_configs(std::ostream& os, const profile& p, bool colour) {
    const auto t = best_config_table(p);
    // A duet's kernels are told apart by compare, launch beside launch with its A/A controls;
    // an ordering over rounds alone would contradict it (#50), so a duet prints none.
    const bool duet = !recorded_pairs(p).empty();
    const auto lines = duet ? std::vector<std::string>{} : best_tie_lines(p);
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
