// The HTML report's "Best configuration" section: the rows of report/text/best_table.hpp, then
// what each sweep point's best is not separated from (its tie lines).
#include "grp/report/html/sections/best.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/control.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/text/best_table.hpp"

namespace grp::html {

namespace {

// Per profile and sweep point with several configurations: what its best is not separated from.
std::string separation_paras(const std::vector<report_input>& inputs) {
    std::string out;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        for (const auto& line : best_tie_lines(inputs[i].prof)) {
            out += para((inputs.size() > 1 ? profile_tag(i) + ": " : "") + line, "separation");
        }
    }
    return out;
}

} // namespace

std::string section_best_configs(const std::vector<report_input>& inputs) {
    std::vector<row> rows;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto& p = inputs[i].prof;
        if (!has_tuned_cases(p) || !recorded_pairs(p).empty()) {
            continue; // a duet's: none (best_config_table)
        }
        for (const auto& b : best_configs(p)) {
            row r;
            if (inputs.size() > 1) {
                r.cells.emplace_back(profile_tag(i));
            }
            std::vector<cell> rest = {
                {device_name(p, b.device)},
                {b.type + (b.layout == "flat" ? "" : " " + b.layout)},
                {format_count(b.n), static_cast<double>(b.n)},
                {b.op},
                {b.key.kernel},
                {std::to_string(b.key.local_size), static_cast<double>(b.key.local_size)},
                {params_cell(b.key)},
                {format_ns(b.median_ns), b.median_ns},
                {format_opt(b.gbps), b.gbps},
                {std::to_string(b.measured), static_cast<double>(b.measured)},
                {std::to_string(b.not_ok), static_cast<double>(b.not_ok)}};
            r.cells.insert(r.cells.end(), rest.begin(), rest.end());
            rows.push_back(std::move(r));
        }
    }
    const auto separation = separation_paras(inputs);
    if (rows.empty() && separation.empty()) {
        return "";
    }
    std::vector<column> cols;
    if (inputs.size() > 1) {
        cols.emplace_back("profile");
    }
    std::vector<column> rest = {
        {"device"},      {"type"},           {"n", true},     {"op"},
        {"best kernel"}, {"local", true},    {"parameters"},  {"median", true},
        {"GB/s", true},  {"compared", true}, {"not ok", true}};
    cols.insert(cols.end(), rest.begin(), rest.end());
    return section_open("best-config", "Best configuration") +
           para("The fastest verified case per device, type, size and operator over every "
                "kernel, local size and tuning configuration; configurations that were wrong, "
                "failed or skipped are counted and never best. Under the table: what each best "
                "is not separated from, with compare's 99 % interval over the rounds.") +
           (rows.empty() ? std::string() : render_table(cols, rows, "compact sortable")) +
           separation + "</section>";
}

} // namespace grp::html
