// Section "Scenarios": dispatch to the specific renderers; the generic one for the rest.
#include "grp/core/units.hpp"
#include "grp/report/escape.hpp"
#include "grp/report/html_elements.hpp"
#include "grp/report/html_scenario_parts.hpp"
#include "grp/report/html_sections.hpp"

#include <algorithm>

namespace grp::html {

namespace detail {

std::string scenario_summary(const profile& p, const std::string& name) {
    if (!p.scenarios.is_object() || !p.scenarios.contains(name)) {
        return "";
    }
    const auto html = json_summary(p.scenarios[name]);
    return html.empty() ? "" : "<h4>Summary</h4>" + html;
}

std::string scenario_generic(const report_input& /*in*/, const case_list& cases) {
    if (cases.empty()) {
        return "";
    }
    // Columns: the union of the cases' extra keys, in first-seen order (capped for width).
    std::vector<std::string> keys;
    for (const auto* c : cases) {
        for (const auto& [k, v] : flatten(c->extra)) {
            if (std::find(keys.begin(), keys.end(), k) == keys.end() && keys.size() < 12) {
                keys.push_back(k);
            }
        }
    }
    std::vector<column> cols = {{"kernel"},      {"type"},   {"layout"},    {"n", true},
                                {"local", true}, {"status"}, {"GB/s", true}};
    for (const auto& k : keys) {
        cols.push_back({k});
    }
    std::vector<row> rows;
    for (const auto* c : cases) {
        row r;
        r.cls = c->status == case_status::ok ? "" : "row-" + status_class(c->status);
        r.cells = {{c->key.kernel},
                   {c->key.type},
                   {c->key.layout},
                   {format_count(c->key.n), static_cast<double>(c->key.n)},
                   {std::to_string(c->key.local_size), static_cast<double>(c->key.local_size)},
                   {to_string(c->status), std::nullopt, "", status_badge(c->status)},
                   {format_opt(c->gbps), c->gbps}};
        auto facts = flatten(c->extra);
        for (const auto& k : keys) {
            auto it = std::find_if(facts.begin(), facts.end(),
                                   [&](const auto& f) { return f.first == k; });
            r.cells.push_back({it == facts.end() ? "" : it->second});
        }
        rows.push_back(std::move(r));
    }
    return render_table(cols, rows, "compact sortable");
}

} // namespace detail

namespace {

std::string scenario_intro(const std::string& name) {
    if (name == "wg-probe") {
        return "A compute-bound kernel runs the same total work at every work-group size. "
               "Throughput grows with the group until the group fills the SIMD width (warp or "
               "wavefront), then stays flat: the knee is that width.";
    }
    if (name == "barrier") {
        return "The same reduction with and without barrier(CLK_LOCAL_MEM_FENCE). Without it, "
               "work-items may read local memory before others have written it: the share of "
               "wrong runs shows how unsafe that is on this device.";
    }
    if (name == "precision") {
        return "Float sums of the same data by the device's tree reduction, by sequential and "
               "pairwise float loops on the host, and exactly. The tree loses far less precision "
               "than the sequential loop.";
    }
    return "";
}

std::string scenario_body(const report_input& in, const std::string& name,
                          const detail::case_list& cases) {
    if (name == "wg-probe") {
        return detail::scenario_wg_probe(in, cases);
    }
    if (name == "barrier") {
        return detail::scenario_barrier(in, cases);
    }
    if (name == "precision") {
        return detail::scenario_precision(in, cases);
    }
    return detail::scenario_generic(in, cases);
}

} // namespace

std::string section_scenarios(const report_input& in, const std::string& tag) {
    const auto names = scenario_names(in.prof);
    if (names.empty()) {
        return "";
    }
    const std::string suffix = tag.empty() ? "" : "-" + html_id(tag);
    std::string s = section_open("scenarios" + suffix,
                                 "Scenarios" + (tag.empty() ? "" : " \xE2\x80\x94 " + tag));
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto& name = names[i];
        // The index keeps ids unique when two names differ only in punctuation.
        s += "<div class=\"scenario\" id=\"scenario-" + std::to_string(i) + "-" + html_id(name) +
             suffix + "\"><h3>" + html_escape(name) + "</h3>";
        if (auto intro = scenario_intro(name); !intro.empty()) {
            s += para(intro);
        }
        s += scenario_body(in, name, scenario_cases(in.prof, name));
        s += detail::scenario_summary(in.prof, name) + "</div>";
    }
    return s + "</section>";
}

} // namespace grp::html
