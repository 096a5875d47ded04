#include "grp/report/html/sections/findings.hpp"

#include "grp/report/html/elements.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/views/findings.hpp"

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

} // namespace grp::html
