// Section "Kernel x local size": the articles' table as a heat map, one per sweep point with
// several local sizes or a host baseline; one section for all profiles, where the tables of the
// same sweep point and device model follow each other (P1, P2, ...). Each cell shows the median
// time and GB/s, shaded by how far it is from the best cell (darker is faster); the host baseline
// is the last row.
#include "grp/report/html/charts/matrix.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/sections/context.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/text/matrix_text.hpp"

#include <algorithm>
#include <cmath>

namespace grp::html {

namespace {

// Shade 0 (the best) to 7: two shades per doubling of the time, so 16x slower is the palest.
int heat_level(double median_ns, double best_ns) {
    const double steps = 2.0 * std::log2(std::max(1.0, median_ns / best_ns));
    return static_cast<int>(std::min(7.0, std::floor(steps)));
}

std::string cell_tip(const matrix_cell& c) {
    const auto& k = c.c->key;
    std::string t = k.kernel + ", local " + std::to_string(k.local_size) + ": ";
    if (!c.median_ns) {
        return t + to_string(c.c->status) +
               (c.c->reason.empty() ? "" : " \xE2\x80\x94 " + c.c->reason);
    }
    t += "median " + format_ns(*c.median_ns);
    if (c.gbps) {
        t += ", " + format_fixed(*c.gbps, 1) + " GB/s";
    }
    if (c.c->pct_of_peak) {
        t += ", " + format_fixed(*c.c->pct_of_peak, 1) + "% of peak";
    }
    if (c.above_kernel_limit) {
        t += "; above the kernel's reported CL_KERNEL_WORK_GROUP_SIZE, launched and verified";
    }
    return t;
}

// `best_ns`: the matrix's best median time (> 0 whenever a cell has a time).
std::string cell_html(const matrix_cell& c, double best_ns) {
    if (c.c == nullptr) {
        return "<td class=\"nocase\" title=\"not in the sweep\">\xC2\xB7</td>";
    }
    const std::string tip = " title=\"" + html_escape(cell_tip(c)) + "\"";
    if (!c.median_ns) {
        const auto st = c.c->status;
        const bool bad = st == case_status::wrong || st == case_status::failed;
        return "<td class=\"" + std::string(bad ? "bad" : "skip") + "\"" + tip + ">" +
               html_escape(c.mark) + "</td>";
    }
    std::string cls = "h" + std::to_string(best_ns > 0 ? heat_level(*c.median_ns, best_ns) : 7);
    cls += c.best_overall ? " best" : (c.best_in_row ? " rowbest" : "");
    return "<td class=\"" + cls + "\"" + tip + ">" +
           html_escape(format_ns(*c.median_ns) + matrix_cell_marks(c)) + "<span class=\"gb\">" +
           html_escape(c.gbps ? format_fixed(*c.gbps, 1) + " GB/s" : "") + "</span></td>";
}

std::string matrix_html(const report_input& in, const case_matrix& m, const std::string& tag) {
    const auto* best = m.best_cell();
    const double best_ns = best ? best->median_ns.value_or(0) : 0;
    std::string s = "<h3>" +
                    html_escape((tag.empty() ? "" : tag + " \xC2\xB7 ") +
                                device_name(in.prof, m.device) + ": " + m.label()) +
                    "</h3><div class=\"tablewrap\"><table class=\"heatmap\"><thead><tr>"
                    "<th>kernel \\ local size</th>";
    for (auto local : m.local_sizes) {
        s += "<th class=\"num\">" + std::to_string(local) + "</th>";
    }
    s += "</tr></thead><tbody>";
    for (const auto& row : m.rows) {
        s += "<tr><th scope=\"row\">" + html_escape(row.kernel) + "</th>";
        for (const auto& c : row.cells) {
            s += cell_html(c, best_ns);
        }
        s += "</tr>";
    }
    if (auto host = matrix_host_text(m); !host.empty()) {
        s += "<tr class=\"host\"><th scope=\"row\">host</th><td colspan=\"" +
             std::to_string(m.local_sizes.size()) + "\">" + html_escape(host) + "</td></tr>";
    }
    s += "</tbody></table></div>";
    std::string notes;
    if (auto b = matrix_best_text(m, in.prof); !b.empty()) {
        notes += "Best: " + b + ". ";
    }
    if (auto marks = matrix_marks_legend(m); !marks.empty()) {
        notes += "(" + marks + ")";
    }
    s += notes.empty() ? "" : para(notes, "muted");
    auto lines = matrix_note_lines(m);
    if (auto omitted = matrix_omitted_text(m); !omitted.empty()) {
        lines.push_back(omitted);
    }
    for (const auto& line : lines) {
        s += para(line, "muted");
    }
    return s;
}

} // namespace

std::string section_matrix(const std::vector<report_input>& inputs) {
    // (device name and label, html) in first-seen order of the key, profiles in order within.
    std::vector<std::pair<std::string, std::string>> tables;
    for (std::size_t p = 0; p < inputs.size(); ++p) {
        const auto& in = inputs[p];
        for (const auto& m : build_matrices(in.prof)) {
            if (m.local_sizes.size() < 2 && m.host == nullptr) {
                continue;
            }
            const auto key = device_name(in.prof, m.device) + "\n" + m.label();
            auto html = matrix_html(in, m, inputs.size() > 1 ? profile_tag(p) : "");
            auto last = std::find_if(tables.rbegin(), tables.rend(),
                                     [&](const auto& t) { return t.first == key; });
            tables.insert(last == tables.rend() ? tables.end() : last.base(), {key, html});
        }
    }
    std::string body;
    for (const auto& t : tables) {
        body += t.second;
    }
    if (body.empty()) {
        return "";
    }
    return section_open("matrix", "Kernel \xC3\x97 local size") +
           para("Median time and GB/s of every verified case, shaded by its distance from the "
                "fastest cell (darker is faster; each shade is a factor of \xE2\x88\x9A"
                "2). A "
                "cell without a time says why; hover it for the full reason. The host row is "
                "the same input summed on the CPU (a sequential loop and one chunk per "
                "hardware thread, the summation alone), with the fastest kernel's speedup.") +
           body + "</section>";
}

} // namespace grp::html
