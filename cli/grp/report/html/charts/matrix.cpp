// Section "Kernel x local size": the articles' table as a heat map, one per sweep point with
// several local sizes or a host baseline, and one for all profiles: each profile's rows of a
// sweep point and device model in one table ("P1 reduce6", "P2 reduce6"), shaded against the
// fastest cell of all. Each cell shows the median
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

/// One profile's matrix of a sweep point; the tables of all profiles share it (one table).
struct member {
    std::string tag; ///< "P2 " with several profiles, else ""
    const profile* prof = nullptr;
    case_matrix m;
};

constexpr const char* nocase_cell = "<td class=\"nocase\" title=\"not in the sweep\">\xC2\xB7</td>";

/// The fastest cell of all members is the one outlined: each matrix marked its own.
double shared_best(std::vector<member>& ms) {
    const matrix_cell* best = nullptr;
    for (auto& x : ms) {
        const auto* b = x.m.best_cell();
        if (b && (!best || *b->median_ns < *best->median_ns)) {
            best = b;
        }
    }
    for (auto& x : ms) {
        for (auto& row : x.m.rows) {
            for (auto& c : row.cells) {
                c.best_overall = c.best_overall && &c == best;
            }
        }
    }
    return best ? best->median_ns.value_or(0) : 0;
}

/// The rows of every member, a kernel's rows together ("P1 reduce6", "P2 reduce6"), each on
/// the union of the members' local sizes.
std::string member_rows(const std::vector<member>& ms, const std::vector<std::uint64_t>& locals,
                        double best_ns) {
    std::vector<std::string> kernels;
    for (const auto& x : ms) {
        for (const auto& row : x.m.rows) {
            if (std::find(kernels.begin(), kernels.end(), row.kernel) == kernels.end()) {
                kernels.push_back(row.kernel);
            }
        }
    }
    std::string s;
    for (const auto& k : kernels) {
        for (const auto& x : ms) {
            for (const auto& row : x.m.rows) {
                if (row.kernel != k) {
                    continue;
                }
                s += "<tr><th scope=\"row\">" + html_escape(x.tag + row.kernel) + "</th>";
                for (auto local : locals) {
                    const auto& ls = x.m.local_sizes;
                    const auto at = std::find(ls.begin(), ls.end(), local);
                    s += at == ls.end()
                             ? std::string(nocase_cell)
                             : cell_html(row.cells[static_cast<std::size_t>(at - ls.begin())],
                                         best_ns);
                }
                s += "</tr>";
            }
        }
    }
    return s;
}

std::string member_notes(const member& x) {
    std::string s;
    std::string notes;
    if (auto b = matrix_best_text(x.m, *x.prof); !b.empty()) {
        notes += x.tag + "Best: " + b + ". ";
    }
    if (auto marks = matrix_marks_legend(x.m); !marks.empty()) {
        notes += "(" + marks + ")";
    }
    s += notes.empty() ? "" : para(notes, "muted");
    auto lines = matrix_note_lines(x.m);
    if (auto omitted = matrix_omitted_text(x.m); !omitted.empty()) {
        lines.push_back(omitted);
    }
    for (const auto& line : lines) {
        s += para(x.tag + line, "muted");
    }
    return s;
}

std::string matrix_html(std::vector<member> ms, const std::string& heading) {
    const double best_ns = shared_best(ms);
    std::vector<std::uint64_t> locals;
    for (const auto& x : ms) {
        locals.insert(locals.end(), x.m.local_sizes.begin(), x.m.local_sizes.end());
    }
    std::sort(locals.begin(), locals.end());
    locals.erase(std::unique(locals.begin(), locals.end()), locals.end());
    std::string s = "<h3>" + html_escape(heading) +
                    "</h3><div class=\"tablewrap\"><table class=\"heatmap\"><thead><tr>"
                    "<th>kernel \\ local size</th>";
    for (auto local : locals) {
        s += "<th class=\"num\">" + std::to_string(local) + "</th>";
    }
    s += "</tr></thead><tbody>" + member_rows(ms, locals, best_ns);
    for (const auto& x : ms) {
        if (auto host = matrix_host_text(x.m); !host.empty()) {
            s += "<tr class=\"host\"><th scope=\"row\">" + html_escape(x.tag + "host") +
                 "</th><td colspan=\"" + std::to_string(locals.size()) + "\">" + html_escape(host) +
                 "</td></tr>";
        }
    }
    s += "</tbody></table></div>";
    for (const auto& x : ms) {
        s += member_notes(x);
    }
    return s;
}

} // namespace

std::string section_matrix(const std::vector<report_input>& inputs) {
    // Per device name and sweep point (first-seen order): every profile's matrix of it.
    std::vector<std::pair<std::string, std::vector<member>>> groups;
    for (std::size_t p = 0; p < inputs.size(); ++p) {
        for (auto& m : build_matrices(inputs[p].prof)) {
            if (m.local_sizes.size() < 2 && m.host == nullptr) {
                continue;
            }
            const auto key = device_name(inputs[p].prof, m.device) + ": " + m.label();
            auto it = std::find_if(groups.begin(), groups.end(),
                                   [&](const auto& g) { return g.first == key; });
            if (it == groups.end()) {
                it = groups.insert(groups.end(), {key, {}});
            }
            it->second.push_back(
                {inputs.size() > 1 ? profile_tag(p) + " " : "", &inputs[p].prof, std::move(m)});
        }
    }
    std::string body;
    for (auto& [heading, ms] : groups) {
        // A sweep point only one of several profiles has: its heading says which.
        const auto title = (ms.size() == 1 && inputs.size() > 1 ? ms.front().tag : "") + heading;
        body += matrix_html(std::move(ms), title);
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
