#include "grp/report/html/sections/findings.hpp"

#include "grp/report/html/elements.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/views/access_view.hpp"
#include "grp/report/views/findings.hpp"

#include <cstdlib>
#include <utility>

namespace grp::html {

namespace {

/// Each place as "file:line:col" over its quoted source line, in <code>.
std::string places_html(const sim_diagnostic& d) {
    std::string s;
    for (const auto& l : d.at) {
        s += "<div>" +
             html_escape(l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column)) +
             "<br><code>" + html_escape(l.text) + "</code></div>";
    }
    return s;
}

} // namespace

std::string section_findings(const std::vector<report_input>& inputs) {
    std::vector<row> rows;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string tag = inputs.size() > 1 ? "P" + std::to_string(i + 1) + " " : "";
        for (const auto& f : merged_findings(inputs[i].prof)) {
            const auto& d = *f.first;
            std::string items;
            for (const auto& w : d.work_items) {
                items += (items.empty() ? "" : "; ") + w;
            }
            rows.push_back(
                row({cell(tag + f.kernel), cell(d.kind, std::nullopt, "st-race"), cell(d.message),
                     cell(locals_text(f.local_sizes)),
                     cell(std::to_string(f.count), static_cast<double>(f.count)),
                     cell(places_text(d), std::nullopt, "", places_html(d)), cell(items)},
                    "row-wrong"));
        }
    }
    if (rows.empty()) {
        return "";
    }
    const std::vector<column> cols{{"kernel"},
                                   {"kind"},
                                   {"finding"},
                                   {"local sizes"},
                                   {"occurrences", true},
                                   {"where"},
                                   {"work-items (first occurrence)"}};
    return section_open("findings", "Simulator findings (check)") +
           para("Each distinct finding once per kernel: a race, an access out of bounds or a "
                "barrier only part of the group reached makes a case unsafe, whatever result the "
                "device gave.",
                "") +
           render_table(cols, rows, "sortable") + "</section>";
}

std::string section_access(const std::vector<report_input>& inputs) {
    std::vector<row> rows;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string tag = inputs.size() > 1 ? "P" + std::to_string(i + 1) + " " : "";
        for (auto r : access_rows(inputs[i].prof)) {
            r.front() = tag + r.front();
            std::vector<cell> cells;
            cells.reserve(r.size());
            for (std::size_t j = 0; j < r.size(); ++j) {
                char* end = nullptr;
                const double v = std::strtod(r[j].c_str(), &end);
                cells.emplace_back(r[j], j >= 2 && end != r[j].c_str() ? std::optional<double>(v)
                                                                       : std::nullopt);
            }
            rows.emplace_back(std::move(cells));
        }
    }
    if (rows.empty()) {
        return "";
    }
    std::vector<column> cols;
    cols.reserve(access_columns().size());
    for (std::size_t i = 0; i < access_columns().size(); ++i) {
        cols.emplace_back(access_columns()[i], i >= 2);
    }
    return section_open("access", "Memory access (check)") +
           para("How each case's launches accessed memory on the simulator, per warp request of "
                "consecutive work-items: segments touched (1 line per request is fully "
                "coalesced), local memory's bank-conflict ways (1 is conflict-free), the share "
                "of lanes busy (SIMD efficiency). docs/check.md says what each column means.",
                "") +
           render_table(cols, rows, "sortable") + "</section>";
}

} // namespace grp::html
