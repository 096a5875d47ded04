// Section "Scenarios": dispatch to the specific renderers; the generic one for the rest.

#include "grp/report/html/scenarios/scenarios.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/json.hpp"
#include "grp/report/html/scenarios/scenario_parts.hpp"
#include "grp/report/html/scenarios/scenario_precision.hpp"
#include "grp/report/html/scenarios/scenario_wg.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/views/report_facts.hpp"

#include <algorithm>

namespace grp::html {

namespace detail {

namespace {

using ojson = nlohmann::ordered_json;

bool per_device_records(const ojson& s) {
    auto d = s.find("devices");
    return d != s.end() && d->is_array() && !d->empty() &&
           std::all_of(d->begin(), d->end(), [](const ojson& e) { return e.is_object(); });
}

/// A summary kept per device (scenarios.NAME.devices[], with the single device's facts
/// mirrored at the top level): the shared facts once, then one block per device by name.
std::string per_device_summary(const profile& p, const ojson& s) {
    ojson shared = ojson::object();
    for (const auto& [k, v] : s.items()) {
        bool mirrored = k == "devices";
        for (const auto& e : s["devices"]) {
            mirrored = mirrored || e.contains(k);
        }
        if (!mirrored) {
            shared[k] = v;
        }
    }
    std::string html = json_summary(shared);
    for (const auto& e : s["devices"]) {
        ojson facts = e;
        std::string who = "device";
        if (const auto d = e.contains("device") ? json_device_index(e["device"]) : std::nullopt) {
            who = device_name(p, *d);
            facts.erase("device");
        }
        html += "<h5>" + html_escape(who) + "</h5>" + json_summary(facts);
    }
    return html;
}

} // namespace

std::string scenario_summary(const profile& p, const std::string& name) {
    if (!p.scenarios.is_object() || !p.scenarios.contains(name)) {
        return "";
    }
    const auto& s = p.scenarios[name];
    const auto html =
        s.is_object() && per_device_records(s) ? per_device_summary(p, s) : json_summary(s);
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
        cols.emplace_back(k);
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
            r.cells.emplace_back(it == facts.end() ? "" : it->second);
        }
        rows.push_back(std::move(r));
    }
    return render_table(cols, rows, "compact sortable");
}

} // namespace detail

namespace {

bool has_view(const std::string& name) {
    return name == "wg-probe" || name == "barrier" || name == "precision";
}

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

// The built-in scenarios' views already show their facts: their recorded summary is folded
// away; another scenario's summary is its main content and stays open.
std::string summary_block(const profile& p, const std::string& name) {
    auto html = detail::scenario_summary(p, name);
    if (html.empty() || !has_view(name)) {
        return html;
    }
    return "<details><summary>Recorded summary (scenarios." + html_escape(name) + ")</summary>" +
           html + "</details>";
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
        s += summary_block(in.prof, name) + "</div>";
    }
    return s + "</section>";
}

} // namespace grp::html
