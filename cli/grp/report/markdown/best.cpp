#include "grp/report/markdown/best.hpp"

#include "grp/report/text/best_table.hpp"
#include "grp/report/text/escape.hpp"

#include <sstream>

namespace grp {

std::string markdown_best_configs(const std::vector<const profile*>& profiles) {
    std::ostringstream os;
    for (std::size_t i = 0; i < profiles.size(); ++i) {
        const auto t = best_config_table(*profiles[i]);
        const auto lines = best_tie_lines(*profiles[i]);
        if (t.empty() && lines.empty()) {
            continue;
        }
        os << (t.empty() ? "### Best of each sweep point" : "### Best configuration")
           << (profiles.size() > 1 ? " (P" + std::to_string(i + 1) + ")" : std::string()) << "\n\n";
        if (!t.empty()) {
            t.print_markdown(os);
            os << "\n";
        }
        for (const auto& line : lines) {
            os << markdown_escape(line) << "\n\n";
        }
    }
    return os.str();
}

} // namespace grp
