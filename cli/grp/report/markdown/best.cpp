#include "grp/report/markdown/best.hpp"

#include "grp/report/text/best_table.hpp"
#include "grp/report/text/escape.hpp"

#include <sstream>

namespace grp {

std::string markdown_best_configs(const std::vector<const profile*>& profiles) {
    std::ostringstream os;
    for (std::size_t i = 0; i < profiles.size(); ++i) {
        const auto t = best_config_table(*profiles[i]);
        if (t.empty()) {
            continue;
        }
        os << "### Best configuration"
           << (profiles.size() > 1 ? " (P" + std::to_string(i + 1) + ")" : std::string()) << "\n\n";
        t.print_markdown(os);
        os << "\n";
        for (const auto& line : best_tie_lines(*profiles[i])) {
            os << markdown_escape(line) << "\n\n";
        }
    }
    return os.str();
}

} // namespace grp
