#include "grp/report/text/best_table.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/control.hpp"
#include "grp/report/text/tie_sentence.hpp"
#include "grp/report/views/report_data.hpp"

#include <algorithm>
#include <sstream>

namespace grp {

bool has_tuned_cases(const profile& p) {
    return std::any_of(p.cases.begin(), p.cases.end(), [](const case_result& c) {
        return c.scenario.empty() && !c.key.params.empty();
    });
}

std::string params_cell(const case_key& k) {
    auto s = params_text(k, " ");
    return s.empty() ? "-" : s;
}

text_table best_config_table(const profile& p) {
    text_table t;
    if (!has_tuned_cases(p) || !recorded_pairs(p).empty()) {
        return t;
    }
    t.add_column("device");
    t.add_column("type");
    t.add_column("n", text_table::align::right);
    t.add_column("op");
    t.add_column("best kernel");
    t.add_column("local", text_table::align::right);
    t.add_column("parameters");
    t.add_column("median", text_table::align::right);
    t.add_column("GB/s", text_table::align::right);
    t.add_column("compared", text_table::align::right);
    t.add_column("not ok", text_table::align::right);
    for (const auto& b : best_configs(p)) {
        t.add_row({{html::device_name(p, b.device)},
                   {b.type + (b.layout == "flat" ? "" : " " + b.layout)},
                   {format_count(b.n)},
                   {b.op},
                   {b.key.kernel},
                   {std::to_string(b.key.local_size)},
                   {params_cell(b.key)},
                   {format_ns(b.median_ns)},
                   {html::format_opt(b.gbps)},
                   {std::to_string(b.measured)},
                   {std::to_string(b.not_ok), b.not_ok != 0 ? "33" : nullptr}});
    }
    return t;
}

std::vector<std::string> best_tie_lines(const profile& p) {
    std::vector<std::string> out;
    if (!recorded_pairs(p).empty()) {
        return out; // see best_config_table
    }
    for (const auto& b : best_configs(p)) {
        const auto sentence = ties_sentence(ties_of(p, b));
        if (!sentence.empty()) {
            out.push_back((p.devices.size() > 1 ? html::device_name(p, b.device) + ", " : "") +
                          b.type + (b.layout == "flat" ? "" : " " + b.layout) +
                          ", n=" + format_count(b.n) + (b.op == "sum" ? "" : ", op=" + b.op) +
                          ": " + sentence);
        }
    }
    return out;
}

} // namespace grp
