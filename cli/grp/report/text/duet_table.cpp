#include "grp/report/text/duet_table.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/model/compare/cause_match.hpp"
#include "grp/model/spec/duet.hpp"
#include "grp/report/text/compare_tables.hpp"
#include "grp/report/views/compare_cells.hpp"

#include <algorithm>

namespace grp {

bool is_duet_comparison(const std::vector<comparison>& all) {
    return std::any_of(all.begin(), all.end(), [](const comparison& c) { return c.control; });
}

std::string duet_point_of(const comparison& c, const case_comparison& cc) {
    const std::string label = row_label(c, cc);
    const std::string& kernel = cc.key.kernel;
    return label.rfind(kernel, 0) == 0 ? instance_free(kernel) + label.substr(kernel.size())
                                       : label;
}

std::string duet_controls_cell(const std::vector<comparison>& all, const std::string& point) {
    std::string off;
    bool found = false;
    for (const auto& k : all) {
        for (const auto& kc : k.control ? k.cases : std::vector<case_comparison>{}) {
            if (duet_point_of(k, kc) != point) {
                continue;
            }
            found = true;
            if (kc.outcome != verdict::same) {
                const bool twin =
                    k.cand_label.find(std::string(":") + duet_twin_prefix) != std::string::npos;
                off += std::string(off.empty() ? "" : ", ") + (twin ? "twin " : "control ") +
                       (kc.change() ? signed_percent(*kc.change()) + " " : "") +
                       to_string(kc.outcome);
            }
        }
    }
    return !found ? "-" : off.empty() ? "ok" : "not same: " + off;
}

text_table duet_case_table(const std::vector<comparison>& all, bool safe_terminal) {
    auto clean = [&](const std::string& s) {
        return safe_terminal ? terminal_escape(s) : s;
    };
    auto t = case_table_columns(all.front().options.alpha, "controls");
    for (const auto& c : all) {
        for (const auto& cc : c.control ? std::vector<case_comparison>{} : c.cases) {
            t.add_row(case_table_row(c, cc, clean(row_label(c, cc)),
                                     clean(duet_controls_cell(all, duet_point_of(c, cc)))));
        }
    }
    return t;
}

} // namespace grp
